#pragma once
// RavenAPI codec (docs/protocols/ravenapi.md): pure functions and a stream decoder, no sockets,
// clocks or event loop; usable from any thread (one StreamDecoder per thread).
//
// Wire format: [u32 0xFFFEFFFE][u16 id][N x i32 payload][u8 CRC-8/0xD5 over all bytes before it],
// everything big-endian. The payload length is implied by the id and by the direction: the same
// id (5, 682, 3780, ...) has a different payload app->platform than platform->app.
//
// Platform units on the wire: positions µm, angles mdeg, translational acceleration mm/s²,
// rotational acceleration deg/s². Conversion to and from SI happens here and nowhere else.

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <array>
#include <cstdint>
#include <functional>

namespace hil::raven {

constexpr std::uint32_t kVersionId = 0xFFFEFFFEu;
constexpr int kHeaderBytes = 6; // version id + message id
constexpr int kMaxPayloadWords = 9;
constexpr int kMaxFrameBytes = kHeaderBytes + 4 * kMaxPayloadWords + 1; // 43

/// Message ids (both directions; see payloadWords() for what each carries).
enum MsgId : std::uint16_t {
    IdAccel = 5,                 ///< accelerations with gravity (specific force)
    IdAccelAttitude = 21,        ///< kinematic accelerations + roll, pitch angle
    IdAccelAttitudeGravity = 85, ///< as 21 + gravity word
    IdWashout = 170,             ///< washout targets
    IdModeRequest = 682,
    IdForces = 2730, ///< deprecated in UG221122 v1.0.1; decoded, never sent
    IdTemperatures = 10922,
    IdPower = 10923,
    IdFirmware = 3780,
    IdStatus = 65531,
    IdActuatorPositions = 65532,
    IdCommandedForces = 65533,
    IdActuatorTargets = 65534,
    IdDofPositions = 65535,
};

enum class Direction { ToPlatform, ToApp };

/// Payload words of id in that direction, or -1 for an id that direction does not carry.
int payloadWords(std::uint16_t id, Direction dir);
/// Whole frame length in bytes (header + payload + CRC), or -1.
inline int frameBytes(std::uint16_t id, Direction dir)
{
    const int w = payloadWords(id, dir);
    return w < 0 ? -1 : kHeaderBytes + 4 * w + 1;
}

/// CRC-8, poly 0xD5, init 0, no reflection, no final xor (CRC-8/DVB-S2).
std::uint8_t crc8(const std::uint8_t *data, std::size_t n);
inline std::uint8_t crc8(const QByteArray &b)
{
    return crc8(reinterpret_cast<const std::uint8_t *>(b.constData()), std::size_t(b.size()));
}

/// One decoded frame: id and raw payload words (signed, as on the wire).
struct Frame
{
    std::uint16_t id = 0;
    int words = 0;
    std::array<std::int32_t, kMaxPayloadWords> payload{};
};

/// Encodes any frame; words must match payloadWords(id, dir) (not checked: encoders below do).
QByteArray encodeFrame(std::uint16_t id, const std::int32_t *words, int count);
/// Exactly one whole frame of that direction in `bytes` (sync word, a known id, its length, CRC);
/// false for anything else. For a frame already cut out (one the program built itself), not a
/// stream: StreamDecoder reads those.
bool decodeFrame(QByteArrayView bytes, Direction dir, Frame *out);

// --- app -> platform --------------------------------------------------------------------------
/// Six accelerations in platform units, order surge, sway, heave (mm/s²), roll, pitch, yaw
/// (deg/s²).
using Accel6 = std::array<std::int32_t, 6>;
QByteArray encodeAccel(const Accel6 &acc); // 5
QByteArray encodeAccelAttitude(const Accel6 &acc, std::int32_t rollMdeg,
                               std::int32_t pitchMdeg); // 21
QByteArray encodeAccelAttitudeGravity(const Accel6 &acc, std::int32_t rollMdeg,
                                      std::int32_t pitchMdeg,
                                      std::int32_t gravityMmps2); // 85
/// Washout targets: surge, sway, heave (µm), roll, pitch, yaw (mdeg), platform frame.
QByteArray encodeWashout(const std::array<std::int32_t, 6> &targets); // 170
QByteArray encodeModeRequest(std::int32_t mode);                      // 682
/// A zero-payload request: 10922, 10923, 65535, 65534, 65533, 65532, 3780. Empty for other ids.
QByteArray encodeRequest(std::uint16_t id);

// --- status word ------------------------------------------------------------------------------
enum Mode : int { ModeOff = 0, ModeLevelBrake = 1, ModeLoading = 2, ModeCueing = 3 };

/// The last word of every platform frame (docs/protocols/ravenapi.md, "Status word"): bits 0-3
/// mode, 4-5 thermal, 6-11 motor OK (bit 11 = motor 0 ... bit 6 = motor 5), 12-31 reserved (kept in
/// raw).
struct StatusWord
{
    std::uint32_t raw = 0;
    int mode = 0;
    int thermal = 0;
    std::array<bool, 6> motorOk{};
    bool allMotorsOk() const;
};
StatusWord decodeStatus(std::uint32_t raw);
std::uint32_t encodeStatus(int mode, int thermal, const std::array<bool, 6> &motorOk);
/// "OFF", "LEVEL BRAKE", "LOADING", "CUEING", or "UNKNOWN(n)".
QString modeName(int mode);
/// "NORMAL", "OVERHEAT PROTECTION", or "UNKNOWN(n)".
QString thermalName(int thermal);
/// Parses the command-line spelling ("off", "level-brake", "loading", "cueing"); -1 if unknown.
int modeFromOption(const QString &text);

// --- units and limits (docs/protocols/ravenapi.md, "Units and limits")
// ------------------------------------------------------
constexpr std::int32_t kMaxPositionUm = 2000000;
constexpr std::int32_t kMaxAngleMdeg = 360000;
constexpr std::int32_t kMaxAccelMmps2 = 60000;
constexpr std::int32_t kMaxRotAccelDegps2 = 4000;
constexpr std::int32_t kDefaultGravityMmps2 = 9800;

/// SI -> platform units, rounded and clamped to ±limit. *clamps is incremented when the value
/// was out of range (NaN counts as a clamp and becomes 0).
std::int32_t toPlatform(double value, double scale, std::int32_t limit, std::uint64_t *clamps);
inline std::int32_t accelToMmps2(double mps2, std::uint64_t *c)
{
    return toPlatform(mps2, 1000.0, kMaxAccelMmps2, c);
}
std::int32_t rotAccelToDegps2(double radps2, std::uint64_t *clamps);
std::int32_t angleToMdeg(double rad, std::uint64_t *clamps);
inline std::int32_t positionToUm(double m, std::uint64_t *c)
{
    return toPlatform(m, 1e6, kMaxPositionUm, c);
}
inline double umToM(std::int32_t um)
{
    return um * 1e-6;
}
double mdegToRad(std::int32_t mdeg);
inline double mmps2ToMps2(std::int32_t mmps2)
{
    return mmps2 / 1000.0; // divided, not × 1e-3: 1234 reads back as 1.234, not 1.2340000000000002
}
double degps2ToRadps2(std::int32_t degps2);

/// A cue frame's words (5, 21, 85) back in SI, as the platform reads them: [0..2] surge, sway,
/// heave (m/s²; frame 5's heave carries gravity), [3..5] roll, pitch, yaw (rad/s²), [6..7] roll
/// and pitch angle (rad; NaN in frame 5), [8] gravity (m/s²; NaN unless frame 85). Platform
/// frame (cueing.h's table). False, and *si untouched, for any other id.
bool cueWordsToSi(const Frame &f, std::array<double, kMaxPayloadWords> *si);

// --- stream decoder ---------------------------------------------------------------------------
/// Reassembles frames from datagrams: several per datagram, split across datagrams, garbage in
/// between. Resynchronises on FF FE FF FE; length from the id; CRC checked. Its buffer is a
/// fixed array: nothing from the network decides an allocation. Not thread-safe.
class StreamDecoder
{
public:
    explicit StreamDecoder(Direction incoming) : m_dir(incoming) {}

    /// Feeds bytes; calls onFrame for each valid frame, in order.
    void feed(const char *data, std::size_t n, const std::function<void(const Frame &)> &onFrame);
    void feed(const QByteArray &b, const std::function<void(const Frame &)> &onFrame)
    {
        feed(b.constData(), std::size_t(b.size()), onFrame);
    }
    void reset() { m_len = 0; }

    std::uint64_t framesDecoded() const { return m_frames; }
    std::uint64_t crcErrors() const { return m_crcErrors; }
    std::uint64_t unknownIds() const { return m_unknownIds; }
    std::uint64_t bytesDiscarded() const { return m_discarded; }
    std::size_t buffered() const { return m_len; }

    static constexpr std::size_t kCapacity = 2048;

private:
    void drain(const std::function<void(const Frame &)> &onFrame);

    Direction m_dir;
    std::array<std::uint8_t, kCapacity> m_buf{};
    std::size_t m_len = 0;
    std::uint64_t m_frames = 0, m_crcErrors = 0, m_unknownIds = 0, m_discarded = 0;
};

} // namespace hil::raven
