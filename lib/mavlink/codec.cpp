#include "mavlink/codec.h"

#include <QCryptographicHash>
#include <algorithm>

namespace hil::mavlink {

std::array<std::uint8_t, 6> signature(const std::array<std::uint8_t, 32> &key,
                                      const std::uint8_t *frameUpToTimestamp, std::size_t len)
{
    QCryptographicHash sha(QCryptographicHash::Sha256);
    sha.addData(QByteArrayView(reinterpret_cast<const char *>(key.data()), key.size()));
    sha.addData(QByteArrayView(reinterpret_cast<const char *>(frameUpToTimestamp),
                               static_cast<qsizetype>(len)));
    const QByteArray digest = sha.result();
    std::array<std::uint8_t, 6> out{};
    std::memcpy(out.data(), digest.constData(), out.size());
    return out;
}

std::size_t encodeFrame(std::uint8_t *out, const FrameHeader &h, std::uint32_t msgId,
                        std::uint8_t crcExtra, const std::uint8_t *payload, std::size_t fullLen,
                        const SignParams *sign)
{
    std::size_t len = std::min<std::size_t>(fullLen, 255);
    while (len > 1 && payload[len - 1] == 0) // MAVLink 2 truncation; one byte always stays
        --len;
    out[0] = kMagicV2;
    out[1] = static_cast<std::uint8_t>(len);
    out[2] = sign ? kIncompatSigned : 0;
    out[3] = 0;
    out[4] = h.seq;
    out[5] = h.sysId;
    out[6] = h.compId;
    out[7] = static_cast<std::uint8_t>(msgId & 0xFF);
    out[8] = static_cast<std::uint8_t>((msgId >> 8) & 0xFF);
    out[9] = static_cast<std::uint8_t>((msgId >> 16) & 0xFF);
    std::memcpy(out + kHeaderLenV2, payload, len);
    Crc16 crc;
    crc.add(out + 1, kHeaderLenV2 - 1 + len);
    crc.add(crcExtra);
    std::size_t n = kHeaderLenV2 + len;
    out[n++] = static_cast<std::uint8_t>(crc.value() & 0xFF);
    out[n++] = static_cast<std::uint8_t>(crc.value() >> 8);
    if (sign) {
        out[n++] = sign->linkId;
        for (int i = 0; i < 6; ++i)
            out[n++] = static_cast<std::uint8_t>((sign->timestamp10us >> (8 * i)) & 0xFF);
        const auto sig = signature(sign->key, out, n);
        std::memcpy(out + n, sig.data(), sig.size());
        n += sig.size();
    }
    return n;
}

StreamParser::StreamParser() : m_buf(kCapacity) {}

void StreamParser::reset()
{
    m_begin = m_end = 0;
}

void StreamParser::feed(const char *data, std::size_t n)
{
    if (m_begin > 0 && m_end + n > m_buf.size()) {
        std::memmove(m_buf.data(), m_buf.data() + m_begin, m_end - m_begin);
        m_end -= m_begin;
        m_begin = 0;
    }
    const std::size_t room = m_buf.size() - m_end;
    const std::size_t take = std::min(room, n);
    std::memcpy(m_buf.data() + m_end, data, take);
    m_end += take;
    m_stats.overflowBytes += n - take;
    m_stats.droppedBytes += n - take;
}

void StreamParser::drop(std::size_t n)
{
    m_begin += n;
    m_stats.droppedBytes += n;
    if (m_begin == m_end)
        m_begin = m_end = 0;
}

StreamParser::Check StreamParser::tryFrame(const std::uint8_t *p, std::size_t avail,
                                           std::size_t *len, Frame *f)
{
    const bool v2 = p[0] == kMagicV2;
    const std::size_t headerLen = v2 ? kHeaderLenV2 : kHeaderLenV1;
    if (avail < headerLen)
        return Check::NeedMore;
    const std::uint8_t payloadLen = p[1];
    const bool isSigned = v2 && (p[2] & kIncompatSigned);
    const std::size_t total = headerLen + payloadLen + 2 + (isSigned ? kSignatureLen : 0);
    const std::uint32_t msgId = v2 ? (p[7] | (p[8] << 8) | (std::uint32_t(p[9]) << 16)) : p[5];
    const MessageInfo *info = messageInfo(msgId);
    if (!info && m_skipUnknown) {
        if (avail < total)
            return Check::NeedMore;
        ++m_stats.unknownMessages;
        *len = total;
        return Check::SkipUnknown;
    }
    if (!info) {
        // Cannot verify the CRC: treat it like garbage (skip the magic only), so that a stray
        // magic byte never swallows the real frame behind it.
        ++m_stats.unknownMessages;
        return Check::Bad;
    }
    if (payloadLen > info->fullLen) {
        // Longer than the message can be: a stray magic byte, not a frame. Rejecting it here
        // also keeps a false start from waiting for bytes that belong to the next real frame.
        return Check::Bad;
    }
    if (avail < total)
        return Check::NeedMore;
    Crc16 crc;
    crc.add(p + 1, headerLen - 1 + payloadLen);
    crc.add(info->crcExtra);
    const std::size_t crcAt = headerLen + payloadLen;
    if ((p[crcAt] | (p[crcAt + 1] << 8)) != crc.value()) {
        ++m_stats.crcErrors;
        return Check::Bad;
    }
    *len = total;
    if (v2 && (p[2] & ~kIncompatSigned)) {
        ++m_stats.incompatDropped;
        return Check::Skip;
    }
    if (isSigned && m_signing.keySet) {
        const auto sig = signature(m_signing.key, p, total - 6);
        if (!std::equal(sig.begin(), sig.end(), p + total - 6)) {
            ++m_stats.signatureErrors;
            return Check::Skip;
        }
    } else if (!isSigned && m_signing.keySet && m_signing.requireSigned) {
        ++m_stats.unsignedRejected;
        return Check::Skip;
    }
    f->version = v2 ? 2 : 1;
    f->incompatFlags = v2 ? p[2] : 0;
    f->compatFlags = v2 ? p[3] : 0;
    f->seq = p[v2 ? 4 : 2];
    f->sysId = p[v2 ? 5 : 3];
    f->compId = p[v2 ? 6 : 4];
    f->msgId = msgId;
    f->payloadLen = payloadLen;
    f->isSigned = isSigned;
    f->linkId = 0;
    f->signTimestamp10us = 0;
    if (isSigned) {
        const std::uint8_t *s = p + crcAt + 2;
        f->linkId = s[0];
        for (int i = 0; i < 6; ++i)
            f->signTimestamp10us |= std::uint64_t(s[1 + i]) << (8 * i);
    }
    std::memcpy(f->payload.data(), p + headerLen, payloadLen);
    std::fill(f->payload.begin() + payloadLen, f->payload.end(), 0); // zero-fill truncation
    return Check::Ok;
}

bool StreamParser::next(Frame *frame, QByteArray *wire)
{
    while (m_begin < m_end) {
        const std::uint8_t *p = m_buf.data() + m_begin;
        const std::size_t avail = m_end - m_begin;
        if (p[0] != kMagicV2 && p[0] != kMagicV1) {
            const std::uint8_t *q = p;
            const std::uint8_t *end = p + avail;
            while (q < end && *q != kMagicV2 && *q != kMagicV1)
                ++q;
            drop(static_cast<std::size_t>(q - p));
            continue;
        }
        std::size_t len = 0;
        switch (tryFrame(p, avail, &len, frame)) {
        case Check::NeedMore:
            return false;
        case Check::Bad:
            drop(1);
            continue;
        case Check::Skip:
            drop(len);
            continue;
        case Check::SkipUnknown:
            if (m_unknownSink)
                m_unknownSink(reinterpret_cast<const char *>(p), len);
            drop(len);
            continue;
        case Check::Ok:
            if (wire)
                *wire = QByteArray(reinterpret_cast<const char *>(p), static_cast<qsizetype>(len));
            if (frame->version == 1)
                ++m_stats.v1Frames;
            ++m_stats.frames;
            m_begin += len;
            if (m_begin == m_end)
                m_begin = m_end = 0;
            return true;
        }
    }
    return false;
}

} // namespace hil::mavlink
