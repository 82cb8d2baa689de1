#pragma once
// The PX4 vocabulary: what the numbers in PX4's MAVLink stream mean to a person — custom_mode as
// PX4's flight mode name, MAV_LANDED_STATE, MAV_RESULT, MAV_SEVERITY, the MAV_CMD numbers the
// ground station link sends — and how PX4's STATUSTEXT severities map onto our event severities.
// A concept of its own beside the link (GcsLink): pure lookups, no state, any thread. The names
// are English, for events.log and the counters (the window translates its own words, and the
// flight mode names from the one table here, flightModes(), in context kModeContext).

#include "core/event.h"

#include <QString>
#include <cstdint>
#include <vector>

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

/// One PX4 flight mode: its main and sub mode (px4_custom_mode.h) and its English name, marked
/// with QT_TRANSLATE_NOOP in context kModeContext.
struct FlightMode
{
    int main;
    int sub; ///< 0 for a main mode without sub modes (all but Position and Auto)
    const char *name;
};
/// The translation context of FlightMode::name: the window shows
/// QCoreApplication::translate(kModeContext, name); events, logs and files keep the English.
constexpr const char *kModeContext = "hil::Px4Mode";
/// Every flight mode PX4 names, in PX4's numbering: the main modes 1-8, 10 and 11
/// (PX4_CUSTOM_MAIN_MODE), Position's sub modes 0-2 and Auto's 1-6 and 8-10. Not named: main 9
/// (Simple, reserved), Auto 7 (reserved, once RTGS) and Auto 11-18 (ROS 2 external modes, named
/// by the modes themselves).
const std::vector<FlightMode> &flightModes();
/// The mode of a custom_mode (main mode << 16 | sub mode << 24; the low 16 bits are not PX4's
/// mode), nullptr for one PX4 does not name. A main mode without sub modes ignores the sub mode;
/// Position with a sub mode it does not name is Position.
const FlightMode *flightMode(std::uint32_t customMode);
/// PX4's flight mode name of a custom_mode, e.g. "Position" (flightMode()'s English name);
/// "Auto (<sub>)" or "mode <main>/<sub>" for one PX4 does not name.
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
