#include "mavlink/messages.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace hil::mavlink {

namespace {
/// Sequential little-endian writer/reader over a payload; the order of the << / >> calls IS the
/// wire layout, so each message below reads like its layout line in docs/protocols/mavlink-px4.md.
struct Writer
{
    std::uint8_t *p;
    template <typename T> Writer &operator<<(T v)
    {
        putLe<T>(p, v);
        p += sizeof(T);
        return *this;
    }
    template <typename T, std::size_t N> Writer &operator<<(const std::array<T, N> &a)
    {
        for (const T &v : a)
            *this << v;
        return *this;
    }
};

struct Reader
{
    const std::uint8_t *p;
    template <typename T> Reader &operator>>(T &v)
    {
        v = getLe<T>(p);
        p += sizeof(T);
        return *this;
    }
    template <typename T, std::size_t N> Reader &operator>>(std::array<T, N> &a)
    {
        for (T &v : a)
            *this >> v;
        return *this;
    }
};

constexpr MessageInfo kInfos[] = {
    {Heartbeat::kId, Heartbeat::kCrcExtra, Heartbeat::kLen},
    {SysStatus::kId, SysStatus::kCrcExtra, SysStatus::kLen},
    {GpsRawInt::kId, GpsRawInt::kCrcExtra, GpsRawInt::kLen},
    {ExtendedSysState::kId, ExtendedSysState::kCrcExtra, ExtendedSysState::kLen},
    {SystemTime::kId, SystemTime::kCrcExtra, SystemTime::kLen},
    {Attitude::kId, Attitude::kCrcExtra, Attitude::kLen},
    {GlobalPositionInt::kId, GlobalPositionInt::kCrcExtra, GlobalPositionInt::kLen},
    {RcChannels::kId, RcChannels::kCrcExtra, RcChannels::kLen},
    {CommandLong::kId, CommandLong::kCrcExtra, CommandLong::kLen},
    {CommandAck::kId, CommandAck::kCrcExtra, CommandAck::kLen},
    {HilRcInputsRaw::kId, HilRcInputsRaw::kCrcExtra, HilRcInputsRaw::kLen},
    {HilActuatorControls::kId, HilActuatorControls::kCrcExtra, HilActuatorControls::kLen},
    {HilSensor::kId, HilSensor::kCrcExtra, HilSensor::kLen},
    {HilGps::kId, HilGps::kCrcExtra, HilGps::kLen},
    {HilStateQuaternion::kId, HilStateQuaternion::kCrcExtra, HilStateQuaternion::kLen},
    {StatusText::kId, StatusText::kCrcExtra, StatusText::kLen},
    {ManualControl::kId, ManualControl::kCrcExtra, ManualControl::kLen},
    {ParamRequestRead::kId, ParamRequestRead::kCrcExtra, ParamRequestRead::kLen},
    {ParamValue::kId, ParamValue::kCrcExtra, ParamValue::kLen},
    {ParamSet::kId, ParamSet::kCrcExtra, ParamSet::kLen},
};
} // namespace

const MessageInfo *messageInfo(std::uint32_t msgId)
{
    for (const MessageInfo &m : kInfos)
        if (m.id == msgId)
            return &m;
    return nullptr;
}

void Heartbeat::encode(std::uint8_t *p) const
{
    Writer{p} << customMode << type << autopilot << baseMode << systemStatus << mavlinkVersion;
}
Heartbeat Heartbeat::decode(const std::uint8_t *p)
{
    Heartbeat m;
    Reader{p} >> m.customMode >> m.type >> m.autopilot >> m.baseMode >> m.systemStatus >>
        m.mavlinkVersion;
    return m;
}

void SysStatus::encode(std::uint8_t *p) const
{
    Writer{p} << sensorsPresent << sensorsEnabled << sensorsHealth << load << voltageMv << currentCa
              << dropRateComm << errorsComm << errorsCount << batteryRemainingPct
              << sensorsPresentExt << sensorsEnabledExt << sensorsHealthExt;
}
SysStatus SysStatus::decode(const std::uint8_t *p)
{
    SysStatus m;
    Reader{p} >> m.sensorsPresent >> m.sensorsEnabled >> m.sensorsHealth >> m.load >> m.voltageMv >>
        m.currentCa >> m.dropRateComm >> m.errorsComm >> m.errorsCount >> m.batteryRemainingPct >>
        m.sensorsPresentExt >> m.sensorsEnabledExt >> m.sensorsHealthExt;
    return m;
}

void GpsRawInt::encode(std::uint8_t *p) const
{
    Writer{p} << timeUsec << latDegE7 << lonDegE7 << altMm << eph << epv << velCmps << cogCdeg
              << fixType << satellitesVisible << altEllipsoidMm << hAccMm << vAccMm << velAccMmps
              << hdgAccDegE5 << yawCdeg;
}
GpsRawInt GpsRawInt::decode(const std::uint8_t *p)
{
    GpsRawInt m;
    Reader{p} >> m.timeUsec >> m.latDegE7 >> m.lonDegE7 >> m.altMm >> m.eph >> m.epv >> m.velCmps >>
        m.cogCdeg >> m.fixType >> m.satellitesVisible >> m.altEllipsoidMm >> m.hAccMm >> m.vAccMm >>
        m.velAccMmps >> m.hdgAccDegE5 >> m.yawCdeg;
    return m;
}

void ExtendedSysState::encode(std::uint8_t *p) const
{
    Writer{p} << vtolState << landedState;
}
ExtendedSysState ExtendedSysState::decode(const std::uint8_t *p)
{
    ExtendedSysState m;
    Reader{p} >> m.vtolState >> m.landedState;
    return m;
}

void SystemTime::encode(std::uint8_t *p) const
{
    Writer{p} << timeUnixUsec << timeBootMs;
}
SystemTime SystemTime::decode(const std::uint8_t *p)
{
    SystemTime m;
    Reader{p} >> m.timeUnixUsec >> m.timeBootMs;
    return m;
}

void Attitude::encode(std::uint8_t *p) const
{
    Writer{p} << timeBootMs << roll << pitch << yaw << rollspeed << pitchspeed << yawspeed;
}
Attitude Attitude::decode(const std::uint8_t *p)
{
    Attitude m;
    Reader{p} >> m.timeBootMs >> m.roll >> m.pitch >> m.yaw >> m.rollspeed >> m.pitchspeed >>
        m.yawspeed;
    return m;
}

void GlobalPositionInt::encode(std::uint8_t *p) const
{
    Writer{p} << timeBootMs << latDegE7 << lonDegE7 << altMm << relativeAltMm << vxCmps << vyCmps
              << vzCmps << hdgCdeg;
}
GlobalPositionInt GlobalPositionInt::decode(const std::uint8_t *p)
{
    GlobalPositionInt m;
    Reader{p} >> m.timeBootMs >> m.latDegE7 >> m.lonDegE7 >> m.altMm >> m.relativeAltMm >>
        m.vxCmps >> m.vyCmps >> m.vzCmps >> m.hdgCdeg;
    return m;
}

void CommandLong::encode(std::uint8_t *p) const
{
    Writer{p} << param << command << targetSystem << targetComponent << confirmation;
}
CommandLong CommandLong::decode(const std::uint8_t *p)
{
    CommandLong m;
    Reader{p} >> m.param >> m.command >> m.targetSystem >> m.targetComponent >> m.confirmation;
    return m;
}

void CommandAck::encode(std::uint8_t *p) const
{
    Writer{p} << command << result << progress << resultParam2 << targetSystem << targetComponent;
}
CommandAck CommandAck::decode(const std::uint8_t *p)
{
    CommandAck m;
    Reader{p} >> m.command >> m.result >> m.progress >> m.resultParam2 >> m.targetSystem >>
        m.targetComponent;
    return m;
}

void HilActuatorControls::encode(std::uint8_t *p) const
{
    Writer{p} << timeUsec << flags << controls << mode;
}
HilActuatorControls HilActuatorControls::decode(const std::uint8_t *p)
{
    HilActuatorControls m;
    Reader{p} >> m.timeUsec >> m.flags >> m.controls >> m.mode;
    return m;
}

void HilSensor::encode(std::uint8_t *p) const
{
    Writer{p} << timeUsec << xacc << yacc << zacc << xgyro << ygyro << zgyro << xmag << ymag << zmag
              << absPressureHpa << diffPressureHpa << pressureAltM << temperatureC << fieldsUpdated
              << id;
}
HilSensor HilSensor::decode(const std::uint8_t *p)
{
    HilSensor m;
    Reader{p} >> m.timeUsec >> m.xacc >> m.yacc >> m.zacc >> m.xgyro >> m.ygyro >> m.zgyro >>
        m.xmag >> m.ymag >> m.zmag >> m.absPressureHpa >> m.diffPressureHpa >> m.pressureAltM >>
        m.temperatureC >> m.fieldsUpdated >> m.id;
    return m;
}

void HilGps::encode(std::uint8_t *p) const
{
    Writer{p} << timeUsec << latDegE7 << lonDegE7 << altMm << ephCm << epvCm << velCmps << vnCmps
              << veCmps << vdCmps << cogCdeg << fixType << satellitesVisible << id << yawCdeg;
}
HilGps HilGps::decode(const std::uint8_t *p)
{
    HilGps m;
    Reader{p} >> m.timeUsec >> m.latDegE7 >> m.lonDegE7 >> m.altMm >> m.ephCm >> m.epvCm >>
        m.velCmps >> m.vnCmps >> m.veCmps >> m.vdCmps >> m.cogCdeg >> m.fixType >>
        m.satellitesVisible >> m.id >> m.yawCdeg;
    return m;
}

void HilStateQuaternion::encode(std::uint8_t *p) const
{
    Writer{p} << timeUsec << attitudeQuaternion << rollspeed << pitchspeed << yawspeed << latDegE7
              << lonDegE7 << altMm << vxCmps << vyCmps << vzCmps << indAirspeedCmps
              << trueAirspeedCmps << xaccMg << yaccMg << zaccMg;
}
HilStateQuaternion HilStateQuaternion::decode(const std::uint8_t *p)
{
    HilStateQuaternion m;
    Reader{p} >> m.timeUsec >> m.attitudeQuaternion >> m.rollspeed >> m.pitchspeed >> m.yawspeed >>
        m.latDegE7 >> m.lonDegE7 >> m.altMm >> m.vxCmps >> m.vyCmps >> m.vzCmps >>
        m.indAirspeedCmps >> m.trueAirspeedCmps >> m.xaccMg >> m.yaccMg >> m.zaccMg;
    return m;
}

void HilRcInputsRaw::encode(std::uint8_t *p) const
{
    Writer{p} << timeUsec << chanRaw << rssi;
}
HilRcInputsRaw HilRcInputsRaw::decode(const std::uint8_t *p)
{
    HilRcInputsRaw m;
    Reader{p} >> m.timeUsec >> m.chanRaw >> m.rssi;
    return m;
}

void RcChannels::encode(std::uint8_t *p) const
{
    Writer{p} << timeBootMs << chanRaw << chancount << rssi;
}
RcChannels RcChannels::decode(const std::uint8_t *p)
{
    RcChannels m;
    Reader{p} >> m.timeBootMs >> m.chanRaw >> m.chancount >> m.rssi;
    return m;
}

void StatusText::setText(const QString &s)
{
    text.fill(0);
    const QByteArray utf8 = s.toUtf8();
    std::memcpy(text.data(), utf8.constData(), std::min<std::size_t>(utf8.size(), text.size()));
}
QString StatusText::textString() const
{
    const auto end = std::find(text.begin(), text.end(), '\0');
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(end - text.begin()));
}
void StatusText::encode(std::uint8_t *p) const
{
    Writer{p} << severity << text << id << chunkSeq;
}
StatusText StatusText::decode(const std::uint8_t *p)
{
    StatusText m;
    Reader{p} >> m.severity >> m.text >> m.id >> m.chunkSeq;
    return m;
}

void ManualControl::encode(std::uint8_t *p) const
{
    Writer{p} << x << y << z << r << buttons << target << buttons2 << enabledExtensions << s << t
              << aux;
}
ManualControl ManualControl::decode(const std::uint8_t *p)
{
    ManualControl m;
    Reader{p} >> m.x >> m.y >> m.z >> m.r >> m.buttons >> m.target >> m.buttons2 >>
        m.enabledExtensions >> m.s >> m.t >> m.aux;
    return m;
}

ParamId toParamId(const QString &name)
{
    ParamId id{};
    const QByteArray latin = name.toLatin1();
    std::memcpy(id.data(), latin.constData(), std::min<std::size_t>(latin.size(), id.size()));
    return id;
}
QString fromParamId(const ParamId &id)
{
    const auto end = std::find(id.begin(), id.end(), '\0');
    return QString::fromLatin1(id.data(), static_cast<qsizetype>(end - id.begin()));
}

float encodeParamValue(double value, std::uint8_t type)
{
    if (type == kParamReal32 || type == kParamReal64)
        return float(value);
    // PX4 (MAV_PROTOCOL_CAPABILITY_PARAM_ENCODE_BYTEWISE): the integer's bytes in the float.
    float f = 0;
    switch (type) {
    case kParamUint8:
    case kParamUint16:
    case kParamUint32: {
        const auto u = std::uint32_t(std::llround(value));
        std::memcpy(&f, &u, sizeof f);
        break;
    }
    default: {
        const auto i = std::int32_t(std::llround(value));
        std::memcpy(&f, &i, sizeof f);
        break;
    }
    }
    return f;
}
double decodeParamValue(float field, std::uint8_t type)
{
    switch (type) {
    case kParamUint8: {
        std::uint8_t v;
        std::memcpy(&v, &field, 1);
        return v;
    }
    case kParamInt8: {
        std::int8_t v;
        std::memcpy(&v, &field, 1);
        return v;
    }
    case kParamUint16: {
        std::uint16_t v;
        std::memcpy(&v, &field, 2);
        return v;
    }
    case kParamInt16: {
        std::int16_t v;
        std::memcpy(&v, &field, 2);
        return v;
    }
    case kParamUint32: {
        std::uint32_t v;
        std::memcpy(&v, &field, 4);
        return v;
    }
    case kParamInt32: {
        std::int32_t v;
        std::memcpy(&v, &field, 4);
        return v;
    }
    default:
        return field;
    }
}

void ParamRequestRead::encode(std::uint8_t *p) const
{
    Writer{p} << paramIndex << targetSystem << targetComponent << paramId;
}
ParamRequestRead ParamRequestRead::decode(const std::uint8_t *p)
{
    ParamRequestRead m;
    Reader{p} >> m.paramIndex >> m.targetSystem >> m.targetComponent >> m.paramId;
    return m;
}

void ParamValue::encode(std::uint8_t *p) const
{
    Writer{p} << paramValue << paramCount << paramIndex << paramId << paramType;
}
ParamValue ParamValue::decode(const std::uint8_t *p)
{
    ParamValue m;
    Reader{p} >> m.paramValue >> m.paramCount >> m.paramIndex >> m.paramId >> m.paramType;
    return m;
}

void ParamSet::encode(std::uint8_t *p) const
{
    Writer{p} << paramValue << targetSystem << targetComponent << paramId << paramType;
}
ParamSet ParamSet::decode(const std::uint8_t *p)
{
    ParamSet m;
    Reader{p} >> m.paramValue >> m.targetSystem >> m.targetComponent >> m.paramId >> m.paramType;
    return m;
}

} // namespace hil::mavlink
