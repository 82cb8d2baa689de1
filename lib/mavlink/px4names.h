#pragma once
// The PX4 vocabulary: what the numbers in PX4's MAVLink stream mean to a person — custom_mode as
// PX4's flight mode name, MAV_LANDED_STATE, MAV_RESULT, MAV_SEVERITY, the MAV_CMD numbers the
// ground station link sends — and how PX4's STATUSTEXT severities map onto our event severities.
// A concept of its own beside the link (GcsLink): pure lookups, no state, any thread. The names
// are English, for events.log and the counters (the window translates its own words).

#include "core/event.h"

#include <QString>
#include <cstdint>

namespace hil::px4 {

// MAV_CMD numbers the ground station link sends.
constexpr int kCmdArm = 400, kCmdTakeoff = 22, kCmdLand = 21, kCmdReturn = 20, kCmdSetMode = 176;

/// PX4's flight mode name of a custom_mode (main mode << 16 | sub mode << 24), e.g. "Position";
/// "mode <main>/<sub>" for one PX4 does not name.
QString modeName(std::uint32_t customMode);
/// MAV_LANDED_STATE: "on ground", "in air", ...; "unknown" for 0 and anything undefined.
QString landedStateName(int state);
/// MAV_RESULT: "accepted", "denied", ...
QString mavResultName(int result);
/// MAV_SEVERITY (0 most severe): "emergency" .. "debug".
QString severityName(int severity);
/// The event severity of a STATUSTEXT of MAVLink severity `mavSeverity` (MAV_SEVERITY, 0 most
/// severe): EMERGENCY..ERROR (0-3) → Error, WARNING (4) → Warning, NOTICE..DEBUG → Info.
Severity statusTextSeverity(int mavSeverity);
/// The name of a command in events: "arm/disarm", "takeoff", ..., "command <n>".
QString commandName(int command);

} // namespace hil::px4
