#include "session/tlog.h"
#include "mavlink/codec.h"
#include "model/geodesy.h"
#include "model/rotation.h"

#include <cmath>
#include <cstring>

namespace hil {

namespace {

template <typename T> T readLe(const std::uint8_t *p)
{
    T v;
    std::memcpy(&v, p, sizeof v); // the wire is little-endian, like every host we build for
    return v;
}

float f32(const MavMessage &m, int offset)
{
    return readLe<float>(m.payload.data() + offset);
}
std::int32_t i32(const MavMessage &m, int offset)
{
    return readLe<std::int32_t>(m.payload.data() + offset);
}
std::int16_t i16(const MavMessage &m, int offset)
{
    return readLe<std::int16_t>(m.payload.data() + offset);
}
std::uint16_t u16(const MavMessage &m, int offset)
{
    return readLe<std::uint16_t>(m.payload.data() + offset);
}

constexpr double kG = 9.80665;

} // namespace

void appendTlogRecord(QByteArray &out, const QByteArray &frame, std::int64_t unixUs)
{
    char be[8];
    for (int i = 0; i < 8; ++i)
        be[i] = static_cast<char>((static_cast<std::uint64_t>(unixUs) >> (56 - 8 * i)) & 0xFF);
    out.append(be, 8);
    out.append(frame);
}

int mavlinkFrameLength(QByteArrayView data)
{
    if (data.isEmpty())
        return 0;
    const auto magic = static_cast<std::uint8_t>(data[0]);
    if (magic != 0xFE && magic != 0xFD)
        return -1;
    if (data.size() < 3)
        return 0;
    const int len = static_cast<std::uint8_t>(data[1]);
    if (magic == 0xFE)
        return len + 8;
    const bool signedFrame = static_cast<std::uint8_t>(data[2]) & 0x01;
    return len + 12 + (signedFrame ? 13 : 0);
}

// The CRC and the CRC_EXTRA table are lib/mavlink's: one definition of MAVLink in the program.
std::uint16_t mavlinkCrc(QByteArrayView data, std::uint16_t crc)
{
    mavlink::Crc16 c(crc);
    c.add(reinterpret_cast<const std::uint8_t *>(data.data()),
          static_cast<std::size_t>(data.size()));
    return c.value();
}

std::optional<std::uint8_t> mavlinkCrcExtra(std::uint32_t msgId)
{
    if (const mavlink::MessageInfo *info = mavlink::messageInfo(msgId))
        return info->crcExtra;
    return std::nullopt;
}

MavDecode decodeMavlinkFrame(QByteArrayView frame, MavMessage *out)
{
    const int total = mavlinkFrameLength(frame);
    if (total <= 0 || frame.size() < total)
        return MavDecode::Malformed;
    const bool v2 = static_cast<std::uint8_t>(frame[0]) == 0xFD;
    const int len = static_cast<std::uint8_t>(frame[1]);
    const int headerLen = v2 ? 10 : 6;
    const auto *p = reinterpret_cast<const std::uint8_t *>(frame.data());
    *out = MavMessage();
    if (v2) {
        out->sysId = p[5];
        out->compId = p[6];
        out->msgId = p[7] | (p[8] << 8) | (static_cast<std::uint32_t>(p[9]) << 16);
    } else {
        out->sysId = p[3];
        out->compId = p[4];
        out->msgId = p[5];
    }
    std::memcpy(out->payload.data(), p + headerLen, static_cast<size_t>(len));
    const auto extra = mavlinkCrcExtra(out->msgId);
    if (!extra)
        return MavDecode::Unchecked;
    std::uint16_t crc = mavlinkCrc(frame.sliced(1, headerLen - 1 + len));
    const char e = static_cast<char>(*extra);
    crc = mavlinkCrc(QByteArrayView(&e, 1), crc);
    const std::uint16_t wire = p[headerLen + len] | (p[headerLen + len + 1] << 8);
    return crc == wire ? MavDecode::Ok : MavDecode::BadCrc;
}

void TlogStateBuilder::setFix(double latDeg, double lonDeg, double altM)
{
    if (!m_haveHome) {
        m_haveHome = true;
        m_homeLat = latDeg;
        m_homeLon = lonDeg;
        m_homeAlt = altM;
    }
    m_state.latitudeDeg = latDeg;
    m_state.longitudeDeg = lonDeg;
    m_state.altitudeM = altM;
    m_state.extras.altitudeAslM = altM;
    const LocalFrame home(GeoPoint{m_homeLat, m_homeLon, m_homeAlt});
    m_state.vehicle.state.pose.position = home.toNed(GeoPoint{latDeg, lonDeg, altM});
}

bool TlogStateBuilder::apply(const MavMessage &m, double timeS, SimFrame *frame)
{
    VehicleState &v = m_state.vehicle;
    switch (m.msgId) {
    case 115: // HIL_STATE_QUATERNION
        v.state.pose.orientation =
            normalized(Quaternion{f32(m, 8), f32(m, 12), f32(m, 16), f32(m, 20)});
        v.angular_velocity = {f32(m, 24), f32(m, 28), f32(m, 32)};
        setFix(i32(m, 36) * 1e-7, i32(m, 40) * 1e-7, i32(m, 44) * 1e-3);
        v.velocity = {i16(m, 48) * 0.01, i16(m, 50) * 0.01, i16(m, 52) * 0.01};
        m_state.extras.airspeedMps = u16(m, 56) * 0.01;
        m_state.extras.specificForceFrdMps2 =
            Vector3{double(i16(m, 58)), double(i16(m, 60)), double(i16(m, 62))} * (kG / 1000.0);
        break;
    case 30: // ATTITUDE
        v.state.pose.orientation = fromEuler(EulerAngles{f32(m, 4), f32(m, 8), f32(m, 12)});
        v.angular_velocity = {f32(m, 16), f32(m, 20), f32(m, 24)};
        break;
    case 33: // GLOBAL_POSITION_INT
        setFix(i32(m, 4) * 1e-7, i32(m, 8) * 1e-7, i32(m, 12) * 1e-3);
        v.velocity = {i16(m, 20) * 0.01, i16(m, 22) * 0.01, i16(m, 24) * 0.01};
        break;
    case 113: // HIL_GPS
        setFix(i32(m, 8) * 1e-7, i32(m, 12) * 1e-7, i32(m, 16) * 1e-3);
        v.velocity = {i16(m, 26) * 0.01, i16(m, 28) * 0.01, i16(m, 30) * 0.01};
        break;
    case 107: // HIL_SENSOR
        m_state.extras.specificForceFrdMps2 = {f32(m, 8), f32(m, 12), f32(m, 16)};
        v.angular_velocity = {f32(m, 20), f32(m, 24), f32(m, 28)};
        break;
    default:
        return false;
    }
    m_state.extras.groundspeedMps = std::hypot(v.velocity.x, v.velocity.y);
    m_state.physicsTimeS = timeS;
    ++m_state.sequence;
    *frame = m_state;
    return true;
}

} // namespace hil
