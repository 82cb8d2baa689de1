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

// PX4's main modes (px4_custom_mode: main << 16 | sub << 24) and the Auto sub modes used here.
constexpr int kMainManual = 1, kMainAltitude = 2, kMainPosition = 3, kMainAuto = 4,
              kMainStabilized = 7;
constexpr int kSubAutoTakeoff = 2, kSubAutoLoiter = 3, kSubAutoRtl = 5, kSubAutoLand = 6;
/// The modes in which PX4 flies by the pilot's sticks (and its manual-control-loss failsafe
/// applies): Manual, Altitude, Position, Stabilized (and Acro, 5).
bool isManualMainMode(int main);

/// COM_RC_IN_MODE, PX4's manual-control source selection, by value as PX4's parameter metadata
/// names it: "RC only", "MAVLink only", ..., "value <n>" beyond 8.
QString rcInModeName(int value);
/// Whether PX4 takes MANUAL_CONTROL from a ground station under COM_RC_IN_MODE = value:
/// Yes (1, 6, 8: MAVLink only or first), IfNoRc (2, 3, 5, 7: only while no RC is the chosen
/// or a valid higher-priority source), No (0 RC only, 4 disabled, unknown values).
enum class GcsSticks { Yes, IfNoRc, No };
GcsSticks gcsSticksAccepted(int value);
/// One line for events, counters and the docs: "COM_RC_IN_MODE 1 (MAVLink only): PX4 takes
/// the sticks from this ground station" / "...: PX4 ignores MANUAL_CONTROL; set COM_RC_IN_MODE
/// to 1 (MAVLink only)".
QString rcInModeVerdict(int value);

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
