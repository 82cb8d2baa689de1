#pragma once
// The MAVLink messages this project speaks, as plain structs in the units of the MAVLink
// definitions (common.xml), with encode (full-length payload) and decode (from a zero-filled
// payload). The wire layout is the definition's fields sorted by type size (8-4-2-1 bytes, arrays
// by element size), extension fields appended in declaration order (docs/protocols/mavlink-px4.md).
// Pure values, any thread.

#include "mavlink/codec.h"

#include <QByteArray>
#include <QString>
#include <array>
#include <cstdint>

namespace hil::mavlink {

struct Heartbeat
{
    static constexpr std::uint32_t kId = 0;
    static constexpr std::uint8_t kCrcExtra = 50;
    static constexpr std::size_t kLen = 9;
    std::uint32_t customMode = 0;
    std::uint8_t type = 0;         ///< MAV_TYPE (2 = quadrotor, 1 = fixed wing)
    std::uint8_t autopilot = 0;    ///< MAV_AUTOPILOT (12 = PX4)
    std::uint8_t baseMode = 0;     ///< MAV_MODE_FLAG bits (128 = armed)
    std::uint8_t systemStatus = 0; ///< MAV_STATE
    std::uint8_t mavlinkVersion = 3;
    void encode(std::uint8_t *p) const;
    static Heartbeat decode(const std::uint8_t *p);
};

/// SYS_STATUS: sensor presence/health bitmaps (MAV_SYS_STATUS_SENSOR bits), battery.
struct SysStatus
{
    static constexpr std::uint32_t kId = 1;
    static constexpr std::uint8_t kCrcExtra = 124;
    static constexpr std::size_t kLen = 43;
    std::uint32_t sensorsPresent = 0, sensorsEnabled = 0, sensorsHealth = 0;
    std::uint16_t load = 0;      ///< 0.1 %
    std::uint16_t voltageMv = 0; ///< UINT16_MAX unknown
    std::int16_t currentCa = -1; ///< 10 mA, -1 unknown
    std::uint16_t dropRateComm = 0, errorsComm = 0;
    std::array<std::uint16_t, 4> errorsCount{};
    std::int8_t batteryRemainingPct = -1; ///< -1 unknown
    // extensions
    std::uint32_t sensorsPresentExt = 0, sensorsEnabledExt = 0, sensorsHealthExt = 0;
    void encode(std::uint8_t *p) const;
    static SysStatus decode(const std::uint8_t *p);
};

/// GPS_RAW_INT: the autopilot's GPS (fix type, satellites); altitude MSL.
struct GpsRawInt
{
    static constexpr std::uint32_t kId = 24;
    static constexpr std::uint8_t kCrcExtra = 24;
    static constexpr std::size_t kLen = 52;
    std::uint64_t timeUsec = 0;
    std::int32_t latDegE7 = 0, lonDegE7 = 0, altMm = 0;
    std::uint16_t eph = 65535, epv = 65535, velCmps = 65535, cogCdeg = 65535;
    std::uint8_t fixType = 0; ///< GPS_FIX_TYPE: 0 none .. 3 3-D .. 6 RTK fixed
    std::uint8_t satellitesVisible = 255;
    // extensions
    std::int32_t altEllipsoidMm = 0;
    std::uint32_t hAccMm = 0, vAccMm = 0, velAccMmps = 0, hdgAccDegE5 = 0;
    std::uint16_t yawCdeg = 0;
    void encode(std::uint8_t *p) const;
    static GpsRawInt decode(const std::uint8_t *p);
};

/// EXTENDED_SYS_STATE: VTOL and landed state (MAV_LANDED_STATE: 0 undefined, 1 on ground,
/// 2 in air, 3 taking off, 4 landing).
struct ExtendedSysState
{
    static constexpr std::uint32_t kId = 245;
    static constexpr std::uint8_t kCrcExtra = 130;
    static constexpr std::size_t kLen = 2;
    std::uint8_t vtolState = 0;
    std::uint8_t landedState = 0;
    void encode(std::uint8_t *p) const;
    static ExtendedSysState decode(const std::uint8_t *p);
};

struct SystemTime
{
    static constexpr std::uint32_t kId = 2;
    static constexpr std::uint8_t kCrcExtra = 137;
    static constexpr std::size_t kLen = 12;
    std::uint64_t timeUnixUsec = 0;
    std::uint32_t timeBootMs = 0;
    void encode(std::uint8_t *p) const;
    static SystemTime decode(const std::uint8_t *p);
};

struct Attitude
{
    static constexpr std::uint32_t kId = 30;
    static constexpr std::uint8_t kCrcExtra = 39;
    static constexpr std::size_t kLen = 28;
    std::uint32_t timeBootMs = 0;
    float roll = 0, pitch = 0, yaw = 0;                ///< rad
    float rollspeed = 0, pitchspeed = 0, yawspeed = 0; ///< rad/s
    void encode(std::uint8_t *p) const;
    static Attitude decode(const std::uint8_t *p);
};

struct GlobalPositionInt
{
    static constexpr std::uint32_t kId = 33;
    static constexpr std::uint8_t kCrcExtra = 104;
    static constexpr std::size_t kLen = 28;
    std::uint32_t timeBootMs = 0;
    std::int32_t latDegE7 = 0, lonDegE7 = 0;
    std::int32_t altMm = 0;                          ///< MSL
    std::int32_t relativeAltMm = 0;                  ///< above home
    std::int16_t vxCmps = 0, vyCmps = 0, vzCmps = 0; ///< NED
    std::uint16_t hdgCdeg = 0;                       ///< 65535 unknown
    void encode(std::uint8_t *p) const;
    static GlobalPositionInt decode(const std::uint8_t *p);
};

struct CommandLong
{
    static constexpr std::uint32_t kId = 76;
    static constexpr std::uint8_t kCrcExtra = 152;
    static constexpr std::size_t kLen = 33;
    std::array<float, 7> param{};
    std::uint16_t command = 0; ///< MAV_CMD (511 = SET_MESSAGE_INTERVAL)
    std::uint8_t targetSystem = 0, targetComponent = 0, confirmation = 0;
    void encode(std::uint8_t *p) const;
    static CommandLong decode(const std::uint8_t *p);
};

struct CommandAck
{
    static constexpr std::uint32_t kId = 77;
    static constexpr std::uint8_t kCrcExtra = 143;
    static constexpr std::size_t kLen = 10;
    std::uint16_t command = 0;
    std::uint8_t result = 0; ///< MAV_RESULT
    // extensions
    std::uint8_t progress = 0;
    std::int32_t resultParam2 = 0;
    std::uint8_t targetSystem = 0, targetComponent = 0;
    void encode(std::uint8_t *p) const;
    static CommandAck decode(const std::uint8_t *p);
};

struct HilActuatorControls
{
    static constexpr std::uint32_t kId = 93;
    static constexpr std::uint8_t kCrcExtra = 47;
    static constexpr std::size_t kLen = 81;
    static constexpr std::uint64_t kFlagLockstep = 1;
    std::uint64_t timeUsec = 0;
    std::uint64_t flags = 0;
    std::array<float, 16> controls{}; ///< motors 0..1, other outputs -1..1
    std::uint8_t mode = 0;            ///< MAV_MODE_FLAG bits, 128 = armed
    void encode(std::uint8_t *p) const;
    static HilActuatorControls decode(const std::uint8_t *p);
};

struct HilSensor
{
    static constexpr std::uint32_t kId = 107;
    static constexpr std::uint8_t kCrcExtra = 108;
    static constexpr std::size_t kLen = 65;
    /// fields_updated bits: acc 1|2|4, gyro 8|16|32, mag 64|128|256, abs 512, diff 1024,
    /// pressure_alt 2048, temperature 4096.
    static constexpr std::uint32_t kAllFields = 0x1FFF;
    std::uint64_t timeUsec = 0;
    float xacc = 0, yacc = 0, zacc = 0;    ///< m/s², specific force FRD
    float xgyro = 0, ygyro = 0, zgyro = 0; ///< rad/s FRD
    float xmag = 0, ymag = 0, zmag = 0;    ///< gauss FRD
    float absPressureHpa = 0, diffPressureHpa = 0;
    float pressureAltM = 0;
    float temperatureC = 0;
    std::uint32_t fieldsUpdated = 0;
    std::uint8_t id = 0; ///< extension: sensor instance
    void encode(std::uint8_t *p) const;
    static HilSensor decode(const std::uint8_t *p);
};

struct HilGps
{
    static constexpr std::uint32_t kId = 113;
    static constexpr std::uint8_t kCrcExtra = 124;
    static constexpr std::size_t kLen = 39;
    std::uint64_t timeUsec = 0; ///< UNIX time, µs
    std::int32_t latDegE7 = 0, lonDegE7 = 0;
    std::int32_t altMm = 0; ///< MSL
    std::uint16_t ephCm = 65535, epvCm = 65535;
    std::uint16_t velCmps = 65535; ///< ground speed
    std::int16_t vnCmps = 0, veCmps = 0, vdCmps = 0;
    std::uint16_t cogCdeg = 65535; ///< course over ground, 65535 unknown
    std::uint8_t fixType = 0;
    std::uint8_t satellitesVisible = 255;
    // extensions
    std::uint8_t id = 0;
    std::uint16_t yawCdeg = 0; ///< 0 = not provided
    void encode(std::uint8_t *p) const;
    static HilGps decode(const std::uint8_t *p);
};

struct HilStateQuaternion
{
    static constexpr std::uint32_t kId = 115;
    static constexpr std::uint8_t kCrcExtra = 4;
    static constexpr std::size_t kLen = 64;
    std::uint64_t timeUsec = 0;
    std::array<float, 4> attitudeQuaternion{1, 0, 0, 0}; ///< w, x, y, z; body FRD → NED
    float rollspeed = 0, pitchspeed = 0, yawspeed = 0;   ///< rad/s
    std::int32_t latDegE7 = 0, lonDegE7 = 0, altMm = 0;
    std::int16_t vxCmps = 0, vyCmps = 0, vzCmps = 0;
    std::uint16_t indAirspeedCmps = 0, trueAirspeedCmps = 0;
    std::int16_t xaccMg = 0, yaccMg = 0, zaccMg = 0;
    void encode(std::uint8_t *p) const;
    static HilStateQuaternion decode(const std::uint8_t *p);
};

struct HilRcInputsRaw
{
    static constexpr std::uint32_t kId = 92;
    static constexpr std::uint8_t kCrcExtra = 54;
    static constexpr std::size_t kLen = 33;
    std::uint64_t timeUsec = 0;
    std::array<std::uint16_t, 12> chanRaw{}; ///< µs
    std::uint8_t rssi = 255;
    void encode(std::uint8_t *p) const;
    static HilRcInputsRaw decode(const std::uint8_t *p);
};

struct RcChannels
{
    static constexpr std::uint32_t kId = 65;
    static constexpr std::uint8_t kCrcExtra = 118;
    static constexpr std::size_t kLen = 42;
    std::uint32_t timeBootMs = 0;
    std::array<std::uint16_t, 18> chanRaw{}; ///< µs, UINT16_MAX unused
    std::uint8_t chancount = 0;
    std::uint8_t rssi = 255;
    void encode(std::uint8_t *p) const;
    static RcChannels decode(const std::uint8_t *p);
};

struct StatusText
{
    static constexpr std::uint32_t kId = 253;
    static constexpr std::uint8_t kCrcExtra = 83;
    static constexpr std::size_t kLen = 54;
    std::uint8_t severity = 6;   ///< MAV_SEVERITY (6 = info)
    std::array<char, 50> text{}; ///< not NUL-terminated when full
    // extensions
    std::uint16_t id = 0;
    std::uint8_t chunkSeq = 0;
    void setText(const QString &s);
    QString textString() const;
    void encode(std::uint8_t *p) const;
    static StatusText decode(const std::uint8_t *p);
};

/// MANUAL_CONTROL: a ground station's sticks, as PX4's receiver reads them: x pitch (forward +),
/// y roll (right +), r yaw (right +), each −1000..1000; z throttle 0..1000 (PX4: 500 centre).
/// 0x7FFF in an axis: not used. The extensions (buttons2, s, t, aux) are sent as zero.
struct ManualControl
{
    static constexpr std::uint32_t kId = 69;
    static constexpr std::uint8_t kCrcExtra = 243;
    static constexpr std::size_t kLen = 30;
    std::int16_t x = 0, y = 0, z = 0, r = 0;
    std::uint16_t buttons = 0;
    std::uint8_t target = 0;
    // extensions
    std::uint16_t buttons2 = 0;
    std::uint8_t enabledExtensions = 0;
    std::int16_t s = 0, t = 0;
    std::array<std::int16_t, 6> aux{};
    void encode(std::uint8_t *p) const;
    static ManualControl decode(const std::uint8_t *p);
};

/// MAV_PARAM_TYPE values PX4 uses (its INT32 parameters travel bytewise in the float field).
enum ParamType : std::uint8_t {
    kParamUint8 = 1,
    kParamInt8,
    kParamUint16,
    kParamInt16,
    kParamUint32,
    kParamInt32,
    kParamUint64,
    kParamInt64,
    kParamReal32,
    kParamReal64
};

/// A parameter's name as the 16-character field carries it (not NUL-terminated when full).
using ParamId = std::array<char, 16>;
ParamId toParamId(const QString &name);
QString fromParamId(const ParamId &id);
/// The float field of PARAM_VALUE / PARAM_SET for a value of `type`, PX4's way: integer types
/// bytewise (the int32's bits in the float), REAL32 as itself.
float encodeParamValue(double value, std::uint8_t type);
double decodeParamValue(float field, std::uint8_t type);

/// PARAM_REQUEST_READ: one parameter by name (paramIndex −1) or by index.
struct ParamRequestRead
{
    static constexpr std::uint32_t kId = 20;
    static constexpr std::uint8_t kCrcExtra = 214;
    static constexpr std::size_t kLen = 20;
    std::int16_t paramIndex = -1;
    std::uint8_t targetSystem = 0, targetComponent = 0;
    ParamId paramId{};
    void encode(std::uint8_t *p) const;
    static ParamRequestRead decode(const std::uint8_t *p);
};

/// PARAM_VALUE: a parameter's value (the answer to a read or a set, or unasked after a change).
struct ParamValue
{
    static constexpr std::uint32_t kId = 22;
    static constexpr std::uint8_t kCrcExtra = 220;
    static constexpr std::size_t kLen = 25;
    float paramValue = 0; ///< see encodeParamValue()
    std::uint16_t paramCount = 0, paramIndex = 0;
    ParamId paramId{};
    std::uint8_t paramType = kParamReal32;
    void encode(std::uint8_t *p) const;
    static ParamValue decode(const std::uint8_t *p);
};

/// PARAM_SET: write one parameter; answered with PARAM_VALUE (the value it now has).
struct ParamSet
{
    static constexpr std::uint32_t kId = 23;
    static constexpr std::uint8_t kCrcExtra = 168;
    static constexpr std::size_t kLen = 23;
    float paramValue = 0; ///< see encodeParamValue()
    std::uint8_t targetSystem = 0, targetComponent = 0;
    ParamId paramId{};
    std::uint8_t paramType = kParamReal32;
    void encode(std::uint8_t *p) const;
    static ParamSet decode(const std::uint8_t *p);
};

/// Encodes msg into out (room for kMaxFrameLen); returns the frame length.
template <typename M>
std::size_t encodeMessage(const M &msg, const FrameHeader &h, std::uint8_t *out,
                          const SignParams *sign = nullptr)
{
    std::array<std::uint8_t, M::kLen> payload{};
    msg.encode(payload.data());
    return encodeFrame(out, h, M::kId, M::kCrcExtra, payload.data(), M::kLen, sign);
}

template <typename M>
QByteArray encodeMessage(const M &msg, const FrameHeader &h, const SignParams *sign = nullptr)
{
    std::array<std::uint8_t, kMaxFrameLen> buf;
    const std::size_t n = encodeMessage(msg, h, buf.data(), sign);
    return QByteArray(reinterpret_cast<const char *>(buf.data()), static_cast<qsizetype>(n));
}

/// False when the frame holds another message.
template <typename M> bool decodeMessage(const Frame &f, M *out)
{
    if (f.msgId != M::kId)
        return false;
    *out = M::decode(f.payload.data());
    return true;
}

} // namespace hil::mavlink
