#pragma once
// RflySim sensor datagrams (a 32- or 24-byte header, then a part of a frame) and their reassembly
// into frames. Pure: bytes in, frames out; the caller passes the clock. Lives in the link's thread
// (not thread-safe).
//
// Headers, little-endian:
//   32 B: i32 check_sum (1234567893), pkg_len, pkg_id, pkg_num, frame_id, preserve; f64 time_stamp
//   24 B: i32 check_sum (1234567890), pkg_len, pkg_id, pkg_num; f64 time_stamp (no frame_id: the
//         time stamp identifies the frame)
// pkg_len is the whole datagram's size (header included); a packet that disagrees is dropped.
//
// Memory is bounded whatever the peer sends: at most maxFramesInFlight frames, each at most
// maxFrameBytes; pkg_num above maxParts or a part above maxPartBytes is refused. A frame's buffer
// is allocated once, when its first part arrives (pkg_num × part size, within the bound), and
// every part is copied straight to its place: one copy per byte.

#include <QByteArray>
#include <cstdint>
#include <optional>
#include <vector>

namespace hil {

namespace rfly {
constexpr std::int32_t kHeader32Checksum = 1234567893;
constexpr std::int32_t kHeader24Checksum = 1234567890;
constexpr int kHeader32Size = 32;
constexpr int kHeader24Size = 24;
constexpr int kChunkBytes = 60000; ///< RflySim's payload bytes per datagram
} // namespace rfly

struct SensorPacketHeader
{
    int headerSize = 0; ///< 32 or 24
    std::int32_t checksum = 0;
    std::int32_t pkgLen = 0;
    std::int32_t pkgId = 0;
    std::int32_t pkgNum = 0;
    std::int32_t frameId = 0; ///< 0 in the 24-byte form
    std::int32_t preserve = 0;
    double timeStampS = 0.0;
};

/// Parses the header by checksum; nullopt when neither form's checksum is there.
std::optional<SensorPacketHeader> parseSensorHeader(const char *data, int size);
/// Writes a 32-byte header (or 24-byte when headerSize == 24) into out (headerSize bytes).
void writeSensorHeader(char *out, const SensorPacketHeader &h);

/// A complete sensor frame: the payloads of parts 0..N-1 joined, header stripped.
struct SensorFrame
{
    std::int32_t frameId = 0;
    double timeStampS = 0.0;
    std::uint32_t source = 0; ///< the caller's stream key (e.g. sender port)
    QByteArray payload;
};

class FrameReassembler
{
public:
    struct Limits
    {
        int maxFramesInFlight = 4;
        int maxFrameBytes = 16 * 1024 * 1024;
        int maxParts = 1024;
        int maxPartBytes = 65507 - rfly::kHeader24Size; ///< largest UDP payload minus a header
        std::int64_t maxFrameAgeMs = 1000; ///< expire(): older incomplete frames are lost
    };
    enum class Result {
        Accepted,  ///< stored, frame still incomplete
        Completed, ///< this part completed a frame: takeCompleted()
        Duplicate, ///< part already received (or frame already finished): dropped
        Malformed, ///< bad header, pkg_len mismatch, hostile numbers: dropped
    };
    struct Counters
    {
        std::uint64_t packetsAccepted = 0;
        std::uint64_t duplicates = 0;
        std::uint64_t malformed = 0;
        std::uint64_t framesCompleted = 0;
        std::uint64_t framesLost = 0;
        std::uint64_t bytesCompleted = 0;
    };

    FrameReassembler();
    explicit FrameReassembler(const Limits &limits);

    /// One datagram. source separates independent streams (frame ids are per stream).
    Result addPacket(const char *data, int size, std::uint32_t source, std::int64_t nowMs);
    /// The frames completed since the last call, oldest first.
    std::vector<SensorFrame> takeCompleted();
    /// Declares incomplete frames older than maxFrameAgeMs lost. Returns how many.
    int expire(std::int64_t nowMs);
    /// Drops everything in flight (counted lost).
    void reset();
    /// reset(), and forgets which frames were finished: for streams that ended (a restarted
    /// sender numbers its frames from 0 again, maybe from the same port; those are not duplicates).
    void forgetStreams();

    const Counters &counters() const { return m_counters; }
    int framesInFlight() const { return static_cast<int>(m_frames.size()); }
    const Limits &limits() const { return m_limits; }

private:
    struct Pending
    {
        std::uint32_t source = 0;
        std::int32_t frameId = 0;
        std::int32_t pkgNum = 0;
        double timeStampS = 0.0;
        std::int64_t startedMs = 0;
        std::uint64_t order = 0; ///< arrival order of the first part
        int stride = 0;          ///< payload bytes of every part but the last; 0 = not known yet
        int lastSize = -1;       ///< payload bytes of the last part, -1 = not arrived
        int received = 0;
        std::vector<bool> have;
        QByteArray buffer;    ///< pkg_num × stride bytes, parts in place
        QByteArray earlyLast; ///< the last part, when it came before any other
    };
    struct Finished
    {
        std::uint32_t source;
        std::int32_t frameId;
    };

    Pending *find(std::uint32_t source, std::int32_t frameId);
    Pending *open(const SensorPacketHeader &h, std::uint32_t source, std::int64_t nowMs);
    bool place(Pending &f, int pkgId, const char *payload, int bytes);
    void finish(size_t index, bool completed);
    void loseOlderThan(const Pending &done);
    bool recentlyFinished(std::uint32_t source, std::int32_t frameId) const;

    Limits m_limits;
    Counters m_counters;
    std::vector<Pending> m_frames;
    std::vector<Finished> m_finished; ///< ring of recently completed/lost frame keys
    size_t m_finishedNext = 0;
    std::uint64_t m_order = 0;
    std::vector<SensorFrame> m_completed;
};

} // namespace hil
