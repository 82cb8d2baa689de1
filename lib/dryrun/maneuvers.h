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
#include <memory>
#include <vector>

namespace hil::dryrun {

constexpr double kManeuverRateHz = 250.0;

/// ICAO 9625 (4th ed.) OMCT test frequencies, rad/s.
inline constexpr double kOmctFrequencies[12] = {0.100, 0.158, 0.251, 0.398, 0.631, 1.000,
                                                1.585, 2.512, 3.981, 6.310, 10.00, 15.85};

/// The OMCT input amplitude of the manoeuvres and of lib/dryrun/omct.h at ω (rad/s): 1 m/s² of
/// specific force on surge, sway, heave; an angle of min(5°, (10°/s)/ω) in rad on roll, pitch,
/// yaw (so the rate stays ≤ 10°/s). Ours, not ICAO 9625's table (docs/dry-run.md).
double omctInputAmplitude(int axis, double omegaRadps);

/// Periods above this (s) are faded in over it, settle for as long again and are measured over
/// one cycle; shorter ones are faded in over one cycle and measured over three.
inline constexpr double kOmctLongPeriodS = 10.0;

/// One OMCT test signal on its own, from rest: the aircraft at 20 m/s, level, shaken on one axis
/// at one frequency with omctInputAmplitude · scale, as 250 Hz frames (next(), in order). The
/// measured span is [measureStartS, measureStartS + measureCycles · 2π/ω).
class OmctSignal
{
public:
    OmctSignal(int axis, double omegaRadps, double scale);
    std::size_t frames() const { return m_frames; }
    double measureStartS() const { return m_measureStartS; }
    int measureCycles() const { return m_measureCycles; }
    double amplitude() const { return m_amplitude; } ///< m/s² or rad
    SimFrame next();

private:
    struct BuilderHolder;
    int m_axis;
    double m_omega, m_amplitude;
    double m_fadeS = 0, m_measureStartS = 0;
    int m_measureCycles = 0;
    std::size_t m_frames = 0, m_next = 0;
    std::shared_ptr<BuilderHolder> m_builder;
    Vector3 m_vel;
};

/// The names `maneuver:NAME` accepts.
QStringList maneuverNames();
/// The degree of freedom (0 surge .. 5 yaw) an OMCT manoeuvre ("omct-heave") excites; -1 for any
/// other name.
int omctManeuverDof(const QString &name);
/// The frames of a manoeuvre; false (frames untouched) for an unknown name.
bool makeManeuver(const QString &name, std::vector<SimFrame> *frames);

} // namespace hil::dryrun
