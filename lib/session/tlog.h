#pragma once
// The QGroundControl telemetry log (.tlog) and the little MAVLink this module needs to replay
// one, as pure functions (bytes in, values out). A .tlog is a sequence of records
//   [u64 big-endian UNIX time, µs][one MAVLink v1 (0xFE) or v2 (0xFD) frame as on the wire].
// Frames are split by their own length fields; the CRC and the CRC_EXTRA table come from the
// pure codec in lib/mavlink (no link involved), so the program has one definition of MAVLink.

#include "model/simframe.h"

#include <QByteArray>
#include <QByteArrayView>
#include <array>
#include <cstdint>
#include <optional>

namespace hil {

/// Appends one .tlog record: 8-byte big-endian unixUs, then the frame bytes unchanged.
void appendTlogRecord(QByteArray &out, const QByteArray &frame, std::int64_t unixUs);

/// Total length of the MAVLink frame starting at data[0] (header, payload, CRC, signature),
/// 0 when more bytes are needed to tell, -1 when data[0] is not a frame start.
int mavlinkFrameLength(QByteArrayView data);

/// One decoded MAVLink message: payload zero-filled to its full length (v2 truncation undone).
struct MavMessage
{
    std::uint32_t msgId = 0;
    std::uint8_t sysId = 0;
    std::uint8_t compId = 0;
    std::array<std::uint8_t, 255> payload{};
};

/// Decodes a whole frame (as delimited by mavlinkFrameLength). Checks the CRC for the messages
/// listed in the .cpp (those replay uses); others are returned unchecked with crcKnown false.
enum class MavDecode { Ok, Unchecked, BadCrc, Malformed };
MavDecode decodeMavlinkFrame(QByteArrayView frame, MavMessage *out);
/// CRC-16/MCRF4XX as MAVLink uses it, over data, continuing from crc.
std::uint16_t mavlinkCrc(QByteArrayView data, std::uint16_t crc = 0xFFFF);
/// CRC_EXTRA of the messages this module knows, or nullopt.
std::optional<std::uint8_t> mavlinkCrcExtra(std::uint32_t msgId);

/// Folds the messages replay understands into a SimFrame, keeping what each one does not carry
/// from the messages before it:
///   HIL_STATE_QUATERNION (115): attitude, body rates, lat/lon/alt, NED velocity, airspeed,
///                               accelerometer (mG → m/s² specific force)
///   ATTITUDE (30):              attitude (from roll/pitch/yaw), body rates
///   GLOBAL_POSITION_INT (33):   lat/lon/alt, NED velocity
///   HIL_GPS (113):              lat/lon/alt, NED velocity
///   HIL_SENSOR (107):           body rates (gyro), specific force (accelerometer)
/// Positions NED are relative to the first fix seen. MAVLink altitudes are above mean sea level;
/// they are stored as altitudeM unchanged (the geoid offset is not known here).
class TlogStateBuilder
{
public:
    /// True when msg changed the state (then *frame holds the merged state, timed at timeS).
    bool apply(const MavMessage &msg, double timeS, SimFrame *frame);
    void reset() { *this = TlogStateBuilder(); }

private:
    void setFix(double latDeg, double lonDeg, double altM);
    SimFrame m_state;
    bool m_haveHome = false;
    double m_homeLat = 0.0, m_homeLon = 0.0, m_homeAlt = 0.0;
};

} // namespace hil
