#pragma once
// MAVLink framing: CRC-16/MCRF4XX with CRC_EXTRA, v2 frames (payload truncation on send,
// zero-fill on receive, optional signing), v1 frames on receive, and a bounded stream parser for
// TCP, where frames arrive merged, split and mixed with garbage.
// Pure: bytes in, values out; no sockets, no clocks (a signing time stamp is passed in).
// Written from the MAVLink serialization spec (docs/protocols/mavlink-px4.md); no generated
// headers.

#include <QByteArray>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace hil::mavlink {

constexpr std::uint8_t kMagicV2 = 0xFD;
constexpr std::uint8_t kMagicV1 = 0xFE;
constexpr std::uint8_t kIncompatSigned = 0x01;
constexpr std::size_t kHeaderLenV2 = 10;  ///< FD len incompat compat seq sys comp msgid×3
constexpr std::size_t kHeaderLenV1 = 6;   ///< FE len seq sys comp msgid
constexpr std::size_t kSignatureLen = 13; ///< link id, 6-byte time stamp, 6-byte signature
constexpr std::size_t kMaxFrameLen = kHeaderLenV2 + 255 + 2 + kSignatureLen; // 280

/// CRC-16/MCRF4XX (poly 0x1021 reflected, init 0xFFFF, no final XOR).
class Crc16
{
public:
    Crc16() = default;
    /// Continues a CRC computed so far (e.g. over an earlier part of the frame).
    explicit Crc16(std::uint16_t start) : m_crc(start) {}
    void add(std::uint8_t b)
    {
        std::uint8_t t = b ^ static_cast<std::uint8_t>(m_crc & 0xFF);
        t ^= static_cast<std::uint8_t>(t << 4);
        m_crc = static_cast<std::uint16_t>((m_crc >> 8) ^ (t << 8) ^ (t << 3) ^ (t >> 4));
    }
    void add(const std::uint8_t *p, std::size_t n)
    {
        for (std::size_t i = 0; i < n; ++i)
            add(p[i]);
    }
    std::uint16_t value() const { return m_crc; }

private:
    std::uint16_t m_crc = 0xFFFF;
};

/// What the codec knows of a message id: its CRC_EXTRA and full (untruncated) payload length.
struct MessageInfo
{
    std::uint32_t id;
    std::uint8_t crcExtra;
    std::uint8_t fullLen;
};
/// nullptr for a message this codec does not know (its CRC cannot be checked).
const MessageInfo *messageInfo(std::uint32_t msgId);

/// A 32-byte secret for MAVLink 2 signing, and whether unsigned frames are refused.
struct SigningConfig
{
    std::array<std::uint8_t, 32> key{};
    bool keySet = false;        ///< without a key signed frames are accepted unverified
    bool requireSigned = false; ///< refuse unsigned frames (needs keySet)
};

/// Signing of an outgoing frame: key, link id, and the time stamp (10 µs since 2015-01-01 UTC).
struct SignParams
{
    std::array<std::uint8_t, 32> key{};
    std::uint8_t linkId = 0;
    std::uint64_t timestamp10us = 0;
};

/// The 6-byte signature of a frame: SHA-256(key + frame up to and incl. the time stamp).
/// frameUpToTimestamp = header, payload, CRC, link id, time stamp (everything before the
/// signature).
std::array<std::uint8_t, 6> signature(const std::array<std::uint8_t, 32> &key,
                                      const std::uint8_t *frameUpToTimestamp, std::size_t len);

/// Sender-side header fields.
struct FrameHeader
{
    std::uint8_t seq = 0;
    std::uint8_t sysId = 1;
    std::uint8_t compId = 1;
};

/// Writes a v2 frame into out (room for kMaxFrameLen) and returns its length. The payload is
/// truncated (trailing zeros stripped, at least one byte kept); sign != nullptr adds a signature.
std::size_t encodeFrame(std::uint8_t *out, const FrameHeader &h, std::uint32_t msgId,
                        std::uint8_t crcExtra, const std::uint8_t *payload, std::size_t fullLen,
                        const SignParams *sign = nullptr);

/// One received frame. payload is zero-filled past payloadLen up to 255 bytes, so a message decoder
/// can always read its full length.
struct Frame
{
    std::uint8_t version = 2; ///< 1 or 2
    std::uint8_t incompatFlags = 0;
    std::uint8_t compatFlags = 0;
    std::uint8_t seq = 0;
    std::uint8_t sysId = 0;
    std::uint8_t compId = 0;
    std::uint32_t msgId = 0;
    std::uint8_t payloadLen = 0; ///< as on the wire (possibly truncated)
    bool isSigned = false;
    std::uint8_t linkId = 0;
    std::uint64_t signTimestamp10us = 0;
    std::array<std::uint8_t, 255> payload{};
};

/// Parser statistics, whole numbers since construction.
struct ParserStats
{
    std::uint64_t frames = 0;           ///< frames delivered
    std::uint64_t v1Frames = 0;         ///< of which MAVLink 1
    std::uint64_t crcErrors = 0;        ///< complete frames whose CRC did not match
    std::uint64_t droppedBytes = 0;     ///< bytes that were not part of a delivered frame
    std::uint64_t unknownMessages = 0;  ///< frames of ids without CRC_EXTRA here: skipped
    std::uint64_t incompatDropped = 0;  ///< frames with an unknown incompat flag
    std::uint64_t signatureErrors = 0;  ///< signed frames whose signature did not verify
    std::uint64_t unsignedRejected = 0; ///< unsigned frames refused because signing is required
    std::uint64_t overflowBytes = 0;    ///< bytes refused because the buffer was full
};

/// Stream parser: feed() bytes as they come, then take frames with next() until it returns false.
/// Keeps at most kCapacity bytes; with next() drained after each feed only a partial frame
/// (< 281 bytes) stays behind. Resynchronises after garbage and CRC errors by scanning for the
/// next magic byte one position after the bad one.
class StreamParser
{
public:
    static constexpr std::size_t kCapacity = 64 * 1024;

    StreamParser();
    void setSigning(const SigningConfig &cfg) { m_signing = cfg; }
    /// For datagram links (UDP), where every datagram starts on a frame: a frame of a message
    /// this codec does not know is skipped whole by its length (counted in unknownMessages)
    /// instead of being rescanned byte by byte. Call reset() after each datagram.
    void setSkipUnknownByLength(bool on) { m_skipUnknown = on; }
    /// With setSkipUnknownByLength: `sink` (optional) receives each frame skipped as unknown, as
    /// on the wire, in stream order with the frames next() returns (its CRC is not checked: the
    /// codec has no CRC_EXTRA for it). For recording every frame a link carries (mavlink.tlog).
    void setUnknownFrameSink(std::function<void(const char *data, std::size_t len)> sink)
    {
        m_unknownSink = std::move(sink);
    }
    /// Appends bytes; what does not fit is counted in overflowBytes and dropped.
    void feed(const char *data, std::size_t n);
    /// The next complete valid frame; wire (optional) receives its bytes as on the wire.
    bool next(Frame *frame, QByteArray *wire = nullptr);
    const ParserStats &stats() const { return m_stats; }
    std::size_t buffered() const { return m_end - m_begin; }
    void reset();

private:
    enum class Check { Ok, NeedMore, Bad, Skip, SkipUnknown };
    Check tryFrame(const std::uint8_t *p, std::size_t avail, std::size_t *len, Frame *frame);
    void drop(std::size_t n);

    std::vector<std::uint8_t> m_buf;
    std::size_t m_begin = 0;
    std::size_t m_end = 0;
    SigningConfig m_signing;
    ParserStats m_stats;
    bool m_skipUnknown = false;
    std::function<void(const char *, std::size_t)> m_unknownSink;
};

/// Little-endian field access for the message structs (alignment-free).
template <typename T> inline void putLe(std::uint8_t *p, T v);
template <typename T> inline T getLe(const std::uint8_t *p);

} // namespace hil::mavlink

#include <QtEndian>
#include <cstring>
#include <type_traits>

namespace hil::mavlink {
template <typename T> inline void putLe(std::uint8_t *p, T v)
{
    static_assert(sizeof(T) <= 8, "scalar fields only");
    if constexpr (sizeof(T) == 1) {
        std::memcpy(p, &v, 1);
    } else if constexpr (std::is_floating_point_v<T>) {
        using U = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
        U u;
        std::memcpy(&u, &v, sizeof u);
        qToLittleEndian(u, p);
    } else {
        qToLittleEndian(v, p);
    }
}
template <typename T> inline T getLe(const std::uint8_t *p)
{
    if constexpr (sizeof(T) == 1) {
        T v;
        std::memcpy(&v, p, 1);
        return v;
    } else if constexpr (std::is_floating_point_v<T>) {
        using U = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
        const U u = qFromLittleEndian<U>(p);
        T v;
        std::memcpy(&v, &u, sizeof v);
        return v;
    } else {
        return qFromLittleEndian<T>(p);
    }
}
} // namespace hil::mavlink
