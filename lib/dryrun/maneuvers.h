#pragma once
// Built-in manoeuvres for the dry run (`--dry-run maneuver:NAME`): flights with known, hand-
// checkable motion, generated as SimFrames at 250 Hz (physics time from 0 s). Pure and
// deterministic: the same name always gives the same frames. Any thread.
//
//   coordinated-turn  30 m/s, level; 2 s straight, 3 s roll-in to 30° right bank, 20 s turn,
//                     3 s roll-out, 2 s straight (the cueing.h worked example, sustained)
//   takeoff           2 s at rest, 10 s ground roll at 2.5 m/s², 2 s rotation to 10° nose up
//                     and a 3 m/s climb, 6 s climb
//   landing           25 m/s at 3 m/s descent, 2 s flare to 0.5 m/s, touchdown (0.5 m/s to 0
//                     in 0.1 s: 5 m/s² up), 1 s de-rotation, 7 s braking at 3 m/s², 2 s at rest
//   catapult          2 s at rest, 3 s at 1 g forward (9.80665 m/s²), 5 s coasting level
//   omct-<axis>       axis = surge, sway, heave, roll, pitch or yaw: a sine at each of ICAO 9625's
//                     OMCT frequencies (0.1 … 15.85 rad/s), 1 cycle faded in and 3 cycles held;
//                     1 m/s² for the translational axes, an angle of min(5°, (10°/s)/ω) for the
//                     rotational ones (docs/dry-run.md)
//
// Frames carry position, velocity and kinematic acceleration in NED (m, m/s, m/s²), attitude,
// body rates (FRD, rad/s) and the accelerometer's specific force (FRD), as RealFlight's would.

#include "model/simframe.h"

#include <QString>
#include <QStringList>
#include <vector>

namespace hil::dryrun {

constexpr double kManeuverRateHz = 250.0;

/// ICAO 9625 (4th ed.) OMCT test frequencies, rad/s.
inline constexpr double kOmctFrequencies[12] = {0.100, 0.158, 0.251, 0.398, 0.631, 1.000,
                                                1.585, 2.512, 3.981, 6.310, 10.00, 15.85};

/// The names `maneuver:NAME` accepts.
QStringList maneuverNames();
/// The frames of a manoeuvre; false (frames untouched) for an unknown name.
bool makeManeuver(const QString &name, std::vector<SimFrame> *frames);

} // namespace hil::dryrun
