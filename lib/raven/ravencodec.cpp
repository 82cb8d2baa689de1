#include "raven/ravencodec.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace hil::raven {

namespace {

constexpr std::uint8_t kSync[4] = {0xFF, 0xFE, 0xFF, 0xFE};

/// t[0] is the byte-at-a-time table; t[k][x] = t[0][t[k−1][x]] is x followed by k zero bytes.
/// The table is linear (t[a ^ b] = t[a] ^ t[b]), so four bytes fold into four independent
/// look-ups: r = t[3][b0 ^ r] ^ t[2][b1] ^ t[1][b2] ^ t[0][b3], the same bits as four steps of
/// one look-up each, without each waiting for the one before (the dry run encodes and decodes a
/// frame per model step).
struct CrcTable
{
    std::uint8_t t[4][256];
    constexpr CrcTable() : t{}
    {
        for (int d = 0; d < 256; ++d) {
            std::uint8_t r = std::uint8_t(d);
            for (int bit = 0; bit < 8; ++bit)
                r = (r & 0x80) ? std::uint8_t((r << 1) ^ 0xD5) : std::uint8_t(r << 1);
            t[0][d] = r;
        }
        for (int k = 1; k < 4; ++k)
            for (int d = 0; d < 256; ++d)
                t[k][d] = t[0][t[k - 1][d]];
    }
};
constexpr CrcTable kCrc;

void putU32(char *p, std::uint32_t v)
{
    p[0] = char(v >> 24);
    p[1] = char(v >> 16);
    p[2] = char(v >> 8);
    p[3] = char(v);
}

std::uint32_t getU32(const std::uint8_t *p)
{
    return (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) | (std::uint32_t(p[2]) << 8) |
           p[3];
}

} // namespace

int payloadWords(std::uint16_t id, Direction dir)
{
    if (dir == Direction::ToPlatform) {
        switch (id) {
        case IdAccel:
            return 6;
        case IdAccelAttitude:
            return 8;
        case IdAccelAttitudeGravity:
            return 9;
        case IdWashout:
            return 6;
        case IdModeRequest:
            return 1;
        case IdForces:
        case IdTemperatures:
        case IdPower:
        case IdFirmware:
        case IdActuatorPositions:
        case IdCommandedForces:
        case IdActuatorTargets:
        case IdDofPositions:
            return 0;
        default:
            return -1;
        }
    }
    switch (id) {
    case IdAccel:
    case IdAccelAttitude:
    case IdAccelAttitudeGravity:
    case IdWashout:
    case IdStatus:
    case IdForces:
    case IdTemperatures:
        return 7;
    case IdModeRequest:
        return 1;
    case IdPower:
    case IdFirmware:
    case IdActuatorPositions:
    case IdCommandedForces:
    case IdActuatorTargets:
    case IdDofPositions:
        return 8;
    default:
        return -1;
    }
}

std::uint8_t crc8(const std::uint8_t *data, std::size_t n)
{
    // The seed's "table[data] ^ (remainder << 8)": the shift is 0 in 8 bits, so one step is
    // r = table[data ^ r].
    std::uint8_t r = 0;
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4)
        r = std::uint8_t(kCrc.t[3][data[i] ^ r] ^ kCrc.t[2][data[i + 1]] ^ kCrc.t[1][data[i + 2]] ^
                         kCrc.t[0][data[i + 3]]);
    for (; i < n; ++i)
        r = kCrc.t[0][data[i] ^ r];
    return r;
}

QByteArray encodeFrame(std::uint16_t id, const std::int32_t *words, int count)
{
    QByteArray b(kHeaderBytes + 4 * count + 1, Qt::Uninitialized);
    char *p = b.data();
    putU32(p, kVersionId);
    p[4] = char(id >> 8);
    p[5] = char(id);
    for (int i = 0; i < count; ++i)
        putU32(p + kHeaderBytes + 4 * i, std::uint32_t(words[i]));
    const int crcAt = kHeaderBytes + 4 * count;
    p[crcAt] = char(crc8(reinterpret_cast<const std::uint8_t *>(p), std::size_t(crcAt)));
    return b;
}

bool decodeFrame(QByteArrayView bytes, Direction dir, Frame *out)
{
    if (bytes.size() < kHeaderBytes + 1)
        return false;
    const auto *p = reinterpret_cast<const std::uint8_t *>(bytes.data());
    if (std::memcmp(p, kSync, 4) != 0)
        return false;
    const std::uint16_t id = std::uint16_t((p[4] << 8) | p[5]);
    const int len = frameBytes(id, dir);
    if (len < 0 || bytes.size() != len || crc8(p, std::size_t(len - 1)) != p[len - 1])
        return false;
    out->id = id;
    out->words = (len - kHeaderBytes - 1) / 4;
    out->payload.fill(0);
    for (int w = 0; w < out->words; ++w)
        out->payload[std::size_t(w)] = std::int32_t(getU32(p + kHeaderBytes + 4 * w));
    return true;
}

QByteArray encodeAccel(const Accel6 &acc)
{
    return encodeFrame(IdAccel, acc.data(), 6);
}

QByteArray encodeAccelAttitude(const Accel6 &acc, std::int32_t rollMdeg, std::int32_t pitchMdeg)
{
    std::int32_t w[8];
    std::memcpy(w, acc.data(), sizeof(std::int32_t) * 6);
    w[6] = rollMdeg;
    w[7] = pitchMdeg;
    return encodeFrame(IdAccelAttitude, w, 8);
}

QByteArray encodeAccelAttitudeGravity(const Accel6 &acc, std::int32_t rollMdeg,
                                      std::int32_t pitchMdeg, std::int32_t gravityMmps2)
{
    std::int32_t w[9];
    std::memcpy(w, acc.data(), sizeof(std::int32_t) * 6);
    w[6] = rollMdeg;
    w[7] = pitchMdeg;
    w[8] = gravityMmps2;
    return encodeFrame(IdAccelAttitudeGravity, w, 9);
}

QByteArray encodeWashout(const std::array<std::int32_t, 6> &t)
{
    return encodeFrame(IdWashout, t.data(), 6);
}

QByteArray encodeModeRequest(std::int32_t mode)
{
    return encodeFrame(IdModeRequest, &mode, 1);
}

QByteArray encodeRequest(std::uint16_t id)
{
    if (payloadWords(id, Direction::ToPlatform) != 0)
        return {};
    return encodeFrame(id, nullptr, 0);
}

bool StatusWord::allMotorsOk() const
{
    for (bool ok : motorOk)
        if (!ok)
            return false;
    return true;
}

StatusWord decodeStatus(std::uint32_t raw)
{
    StatusWord s;
    s.raw = raw;
    s.mode = int(raw & 0xF);
    s.thermal = int((raw >> 4) & 0x3);
    for (int m = 0; m < 6; ++m)
        s.motorOk[std::size_t(m)] = (raw >> (11 - m)) & 1u;
    return s;
}

std::uint32_t encodeStatus(int mode, int thermal, const std::array<bool, 6> &motorOk)
{
    std::uint32_t w = std::uint32_t(mode & 0xF) | (std::uint32_t(thermal & 0x3) << 4);
    for (int m = 0; m < 6; ++m)
        if (motorOk[std::size_t(m)])
            w |= 1u << (11 - m);
    return w;
}

QString modeName(int mode)
{
    switch (mode) {
    case ModeOff:
        return QStringLiteral("OFF");
    case ModeLevelBrake:
        return QStringLiteral("LEVEL BRAKE");
    case ModeLoading:
        return QStringLiteral("LOADING");
    case ModeCueing:
        return QStringLiteral("CUEING");
    default:
        return QStringLiteral("UNKNOWN(%1)").arg(mode);
    }
}

QString thermalName(int thermal)
{
    switch (thermal) {
    case 0:
        return QStringLiteral("NORMAL");
    case 1:
        return QStringLiteral("OVERHEAT PROTECTION");
    default:
        return QStringLiteral("UNKNOWN(%1)").arg(thermal);
    }
}

int modeFromOption(const QString &text)
{
    const QString t = text.trimmed().toLower();
    if (t == QLatin1String("off"))
        return ModeOff;
    if (t == QLatin1String("level-brake"))
        return ModeLevelBrake;
    if (t == QLatin1String("loading"))
        return ModeLoading;
    if (t == QLatin1String("cueing"))
        return ModeCueing;
    return -1;
}

std::int32_t toPlatform(double value, double scale, std::int32_t limit, std::uint64_t *clamps)
{
    const double v = std::round(value * scale);
    if (!std::isfinite(v)) {
        if (clamps)
            ++*clamps;
        return std::isnan(v) ? 0 : (v > 0 ? limit : -limit);
    }
    if (v > limit || v < -limit) {
        if (clamps)
            ++*clamps;
        return v > 0 ? limit : -limit;
    }
    return std::int32_t(v);
}

std::int32_t rotAccelToDegps2(double radps2, std::uint64_t *clamps)
{
    return toPlatform(radps2, 180.0 / 3.14159265358979323846, kMaxRotAccelDegps2, clamps);
}

std::int32_t angleToMdeg(double rad, std::uint64_t *clamps)
{
    return toPlatform(rad, 180000.0 / 3.14159265358979323846, kMaxAngleMdeg, clamps);
}

double mdegToRad(std::int32_t mdeg)
{
    return mdeg * 3.14159265358979323846 / 180000.0;
}

double degps2ToRadps2(std::int32_t degps2)
{
    return degps2 * 3.14159265358979323846 / 180.0;
}

bool cueWordsToSi(const Frame &f, std::array<double, kMaxPayloadWords> *si)
{
    if (f.id != IdAccel && f.id != IdAccelAttitude && f.id != IdAccelAttitudeGravity)
        return false;
    const auto &w = f.payload;
    si->fill(std::numeric_limits<double>::quiet_NaN());
    for (std::size_t i = 0; i < 3; ++i) {
        (*si)[i] = mmps2ToMps2(w[i]);
        (*si)[i + 3] = degps2ToRadps2(w[i + 3]);
    }
    if (f.id != IdAccel) {
        (*si)[6] = mdegToRad(w[6]);
        (*si)[7] = mdegToRad(w[7]);
    }
    if (f.id == IdAccelAttitudeGravity)
        (*si)[8] = mmps2ToMps2(w[8]);
    return true;
}

// --- stream decoder ---------------------------------------------------------------------------

void StreamDecoder::feed(const char *data, std::size_t n,
                         const std::function<void(const Frame &)> &onFrame)
{
    // Append in chunks no larger than the free space; after each drain fewer than one frame's
    // worth of bytes remain, so the fixed buffer always has room for the next chunk.
    while (n > 0) {
        const std::size_t take = std::min(n, kCapacity - m_len);
        std::memcpy(m_buf.data() + m_len, data, take);
        m_len += take;
        data += take;
        n -= take;
        drain(onFrame);
    }
}

void StreamDecoder::drain(const std::function<void(const Frame &)> &onFrame)
{
    std::size_t pos = 0;
    auto discard = [&](std::size_t count) {
        pos += count;
        m_discarded += count;
    };
    while (pos < m_len) {
        const std::size_t avail = m_len - pos;
        const std::uint8_t *p = m_buf.data() + pos;
        // Find the sync word; bytes before it are garbage.
        const void *hit = nullptr;
        std::size_t i = 0;
        for (; i + 4 <= avail; ++i) {
            if (p[i] == 0xFF && std::memcmp(p + i, kSync, 4) == 0) {
                hit = p + i;
                break;
            }
        }
        if (!hit) {
            // Keep a tail that may be the start of a sync word split over datagrams.
            std::size_t keep = 0;
            for (std::size_t k = std::min<std::size_t>(3, avail); k > 0; --k) {
                if (std::memcmp(p + avail - k, kSync, k) == 0) {
                    keep = k;
                    break;
                }
            }
            discard(avail - keep);
            break;
        }
        if (i > 0) {
            discard(i);
            continue;
        }
        if (avail < std::size_t(kHeaderBytes))
            break;
        const std::uint16_t id = std::uint16_t((p[4] << 8) | p[5]);
        const int len = frameBytes(id, m_dir);
        if (len < 0) {
            ++m_unknownIds;
            discard(1); // resync past this sync word
            continue;
        }
        if (avail < std::size_t(len))
            break;
        if (crc8(p, std::size_t(len - 1)) != p[len - 1]) {
            ++m_crcErrors;
            discard(1); // a real frame may start inside the damaged one
            continue;
        }
        Frame f;
        f.id = id;
        f.words = (len - kHeaderBytes - 1) / 4;
        for (int w = 0; w < f.words; ++w)
            f.payload[std::size_t(w)] = std::int32_t(getU32(p + kHeaderBytes + 4 * w));
        ++m_frames;
        pos += std::size_t(len);
        onFrame(f);
    }
    if (pos > 0) {
        m_len -= pos;
        std::memmove(m_buf.data(), m_buf.data() + pos, m_len);
    }
}

} // namespace hil::raven
