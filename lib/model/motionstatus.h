#pragma once
// MotionStatus: what a motion link says of the rider's safety, typed, for whoever shows or judges
// it without knowing the link (the window's rig strip, the dialogs' STOP areas). A plain value:
// a motion link's descriptor (LinkDescriptor::Motion::status) makes one from the link's
// thread-safe snapshot (refreshed at 10 Hz), in the caller's thread, never the link's.
// Units: gains are factors (0..1 for the cue gain the link applies, the master gain as set),
// times in seconds; the guard's figure and threshold in the unit of its problem (below).

#include <QString>

namespace hil {

/// Why the loop guard holds the cues at neutral (lib/raven/loopguard.h decides it).
enum class LoopProblem {
    None,
    SlowFrames,       ///< figure: new physics states per second
    SlowSimulation,   ///< figure: physics time per wall time (÷ the sim's own multiplier)
    LockstepTimeouts, ///< figure: timeouts within the window
    FramesLost,       ///< figure: share of frames dropped or repeated (0..1)
    Implausible,      ///< figure: the offending value (m/s² or rad/s); non-finite: NaN
    EndStops,         ///< figure: share of pose samples at a limit (0..1); axis: the DoF
    LimitReversal,    ///< figure: limit-to-limit time (s); axis: the DoF
};

struct MotionStatus
{
    /// The platform's modes as its status word numbers them (0 OFF .. 3 CUEING); -1 unknown.
    int reportedMode = -1;
    /// The mode last asked of the platform (the operator, STOP, an unattended run, the exit
    /// park), -1 none yet. Differs from reportedMode while the platform has not followed.
    int requestedMode = -1;
    bool linkUp = false;      ///< the platform answers
    bool stopLatched = false; ///< STOP holds the cues at zero until the operator picks a mode
    double cueGain = 0.0;     ///< what the link applies to the cues now (ramps, holds), 0..1
    double masterGain = 0.0;  ///< the cueing settings' master gain
    bool simFresh = false;    ///< the simulator's state is recent enough to cue from
    bool axisHeld = false;    ///< the axis check found the axes crossed: cues held at neutral

    struct Guard
    {
        LoopProblem problem = LoopProblem::None; ///< None: the loop is healthy
        double figure = 0.0;
        double threshold = 0.0;
        int axis = -1;          ///< the DoF (0 surge .. 5 yaw) for end-stop problems
        double healthyS = 0.0;  ///< problem-free time so far in this episode
        double healthyForS = 0; ///< problem-free time needed before cues ramp back in
        bool holding() const { return problem != LoopProblem::None; }
    } guard;

    enum class Enabling { None, Held, Released };
    Enabling enabling = Enabling::None; ///< the pilot's enabling (dead-man) button
    QString pilotDevice;                ///< the pilot's device while present, else empty
    bool pilotStopMapped = false;       ///< that device has a button mapped to STOP
    qint64 pilotStops = 0;              ///< STOPs pressed on it since the link started
};

} // namespace hil
