#include "rflysim/reassembler.h"
#include "rflysim/bytes.h"

#include <algorithm>
#include <cstring>

namespace hil {

using namespace rfly;

namespace {
constexpr size_t kFinishedMemory = 16;
}

std::optional<SensorPacketHeader> parseSensorHeader(const char *p, int size)
{
    if (size < kHeader24Size)
        return std::nullopt;
    SensorPacketHeader h;
    h.checksum = getI32(p);
    if (h.checksum == kHeader32Checksum && size >= kHeader32Size) {
        h.headerSize = kHeader32Size;
        h.frameId = getI32(p + 16);
        h.preserve = getI32(p + 20);
        h.timeStampS = getF64(p + 24);
    } else if (h.checksum == kHeader24Checksum) {
        h.headerSize = kHeader24Size;
        h.timeStampS = getF64(p + 16);
        // No frame_id in the old form: all parts of a frame carry the same time stamp.
        std::uint64_t bits;
        std::memcpy(&bits, &h.timeStampS, 8);
        h.frameId = static_cast<std::int32_t>(static_cast<std::uint32_t>(bits ^ (bits >> 32)));
    } else {
        return std::nullopt;
    }
    h.pkgLen = getI32(p + 4);
    h.pkgId = getI32(p + 8);
    h.pkgNum = getI32(p + 12);
    return h;
}

void writeSensorHeader(char *out, const SensorPacketHeader &h)
{
    putU32(out, static_cast<std::uint32_t>(h.checksum));
    putU32(out + 4, static_cast<std::uint32_t>(h.pkgLen));
    putU32(out + 8, static_cast<std::uint32_t>(h.pkgId));
    putU32(out + 12, static_cast<std::uint32_t>(h.pkgNum));
    if (h.headerSize == kHeader24Size) {
        putF64(out + 16, h.timeStampS);
        return;
    }
    putU32(out + 16, static_cast<std::uint32_t>(h.frameId));
    putU32(out + 20, static_cast<std::uint32_t>(h.preserve));
    putF64(out + 24, h.timeStampS);
}

FrameReassembler::FrameReassembler() : FrameReassembler(Limits{}) {}

FrameReassembler::FrameReassembler(const Limits &limits) : m_limits(limits)
{
    m_frames.reserve(static_cast<size_t>(std::max(1, limits.maxFramesInFlight)) + 1);
}

FrameReassembler::Result FrameReassembler::addPacket(const char *data, int size,
                                                     std::uint32_t source, std::int64_t nowMs)
{
    const auto h = parseSensorHeader(data, size);
    const int payloadBytes = h ? size - h->headerSize : 0;
    if (!h || h->pkgLen != size || h->pkgNum <= 0 || h->pkgNum > m_limits.maxParts ||
        h->pkgId < 0 || h->pkgId >= h->pkgNum || payloadBytes <= 0 ||
        payloadBytes > m_limits.maxPartBytes) {
        ++m_counters.malformed;
        return Result::Malformed;
    }
    Pending *f = find(source, h->frameId);
    if (!f) {
        if (recentlyFinished(source, h->frameId)) {
            ++m_counters.duplicates;
            return Result::Duplicate;
        }
        f = open(*h, source, nowMs);
    }
    if (f->pkgNum != h->pkgNum) {
        ++m_counters.malformed;
        return Result::Malformed;
    }
    if (f->have[static_cast<size_t>(h->pkgId)]) {
        ++m_counters.duplicates;
        return Result::Duplicate;
    }
    if (!place(*f, h->pkgId, data + h->headerSize, payloadBytes)) {
        ++m_counters.malformed;
        // A part that cannot fit makes the frame unusable: no half-filled delivery.
        const size_t index = static_cast<size_t>(f - m_frames.data());
        if (f->stride == -1)
            finish(index, false);
        return Result::Malformed;
    }
    ++m_counters.packetsAccepted;
    if (f->received < f->pkgNum)
        return Result::Accepted;
    finish(static_cast<size_t>(f - m_frames.data()), true);
    return Result::Completed;
}

FrameReassembler::Pending *FrameReassembler::find(std::uint32_t source, std::int32_t frameId)
{
    for (Pending &f : m_frames)
        if (f.source == source && f.frameId == frameId)
            return &f;
    return nullptr;
}

FrameReassembler::Pending *FrameReassembler::open(const SensorPacketHeader &h, std::uint32_t source,
                                                  std::int64_t nowMs)
{
    while (!m_frames.empty() && static_cast<int>(m_frames.size()) >= m_limits.maxFramesInFlight) {
        auto oldest =
            std::min_element(m_frames.begin(), m_frames.end(),
                             [](const Pending &a, const Pending &b) { return a.order < b.order; });
        finish(static_cast<size_t>(oldest - m_frames.begin()), false);
    }
    Pending f;
    f.source = source;
    f.frameId = h.frameId;
    f.pkgNum = h.pkgNum;
    f.timeStampS = h.timeStampS;
    f.startedMs = nowMs;
    f.order = m_order++;
    f.have.assign(static_cast<size_t>(h.pkgNum), false);
    m_frames.push_back(std::move(f));
    return &m_frames.back();
}

// Copies one part to its place. stride (the size of every part but the last) is learnt from the
// first non-last part; a last part that comes first waits in earlyLast until then.
// Returns false for a part that contradicts the frame (stride -1 then marks the frame broken).
bool FrameReassembler::place(Pending &f, int pkgId, const char *payload, int bytes)
{
    const bool last = pkgId == f.pkgNum - 1;
    if (f.stride == 0 && (!last || f.pkgNum == 1)) {
        const std::int64_t capacity = static_cast<std::int64_t>(f.pkgNum) * bytes;
        if (capacity > m_limits.maxFrameBytes) {
            f.stride = -1;
            return false;
        }
        f.stride = bytes;
        f.buffer = QByteArray(static_cast<int>(capacity), Qt::Uninitialized);
        if (f.lastSize >= 0) {
            if (f.lastSize > f.stride) {
                f.stride = -1;
                return false;
            }
            std::memcpy(f.buffer.data() + static_cast<std::int64_t>(f.pkgNum - 1) * f.stride,
                        f.earlyLast.constData(), static_cast<size_t>(f.lastSize));
            f.earlyLast = QByteArray();
        }
    }
    if (f.stride == 0) { // the last part, before any other: keep it aside
        f.earlyLast = QByteArray(payload, bytes);
        f.lastSize = bytes;
    } else {
        if ((last && bytes > f.stride) || (!last && bytes != f.stride))
            return false; // this packet only; the frame may still complete
        std::memcpy(f.buffer.data() + static_cast<std::int64_t>(pkgId) * f.stride, payload,
                    static_cast<size_t>(bytes));
        if (last)
            f.lastSize = bytes;
    }
    f.have[static_cast<size_t>(pkgId)] = true;
    ++f.received;
    return true;
}

void FrameReassembler::finish(size_t index, bool completed)
{
    Pending f = std::move(m_frames[index]);
    m_frames.erase(m_frames.begin() + static_cast<std::ptrdiff_t>(index));
    const Finished key{f.source, f.frameId};
    if (m_finished.size() < kFinishedMemory)
        m_finished.push_back(key);
    else
        m_finished[m_finishedNext] = key;
    m_finishedNext = (m_finishedNext + 1) % kFinishedMemory;
    if (!completed) {
        ++m_counters.framesLost;
        return;
    }
    f.buffer.truncate(
        static_cast<int>(static_cast<std::int64_t>(f.pkgNum - 1) * f.stride + f.lastSize));
    ++m_counters.framesCompleted;
    m_counters.bytesCompleted += static_cast<std::uint64_t>(f.buffer.size());
    loseOlderThan(f);
    m_completed.push_back({f.frameId, f.timeStampS, f.source, std::move(f.buffer)});
}

// RflySim sends a stream's frames one after the other: once a later frame is complete, the
// missing parts of an earlier one are not coming.
void FrameReassembler::loseOlderThan(const Pending &done)
{
    for (size_t i = 0; i < m_frames.size();) {
        if (m_frames[i].source == done.source && m_frames[i].order < done.order)
            finish(i, false);
        else
            ++i;
    }
}

bool FrameReassembler::recentlyFinished(std::uint32_t source, std::int32_t frameId) const
{
    return std::any_of(m_finished.begin(), m_finished.end(), [&](const Finished &k) {
        return k.source == source && k.frameId == frameId;
    });
}

std::vector<SensorFrame> FrameReassembler::takeCompleted()
{
    std::vector<SensorFrame> out;
    out.swap(m_completed);
    return out;
}

int FrameReassembler::expire(std::int64_t nowMs)
{
    int lost = 0;
    for (size_t i = 0; i < m_frames.size();) {
        if (nowMs - m_frames[i].startedMs > m_limits.maxFrameAgeMs) {
            finish(i, false);
            ++lost;
        } else {
            ++i;
        }
    }
    return lost;
}

void FrameReassembler::reset()
{
    while (!m_frames.empty())
        finish(m_frames.size() - 1, false);
}

void FrameReassembler::forgetStreams()
{
    reset();
    m_finished.clear();
    m_finishedNext = 0;
}

} // namespace hil
