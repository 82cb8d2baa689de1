#pragma once
// LoopGuard: decides when the loop feeding the motion cues has degraded so far that its cues
// must not reach the rider: a simulation that slowed down, a PX4 lockstep that keeps timing out,
// simulator frames lost on the way to PX4, simulator data no aircraft can produce, and a
// platform driven from end stop to end stop. Pure and clock-free like RiderSafety (every call
// takes nowNs, any monotonic clock), owned by RiderSafety in the RavenLink's thread; it only
// judges, RiderSafety turns "holding" into a cue gain ramping to 0 (never a mode change).
//
// Rules (thresholds and their reasons: docs/decisions/rider-safety.md, "The loop guard"):
//  - Holding starts at the first problem (one episode), and ends only after the loop has been
//    free of every problem for healthyForS. A problem that comes back during that time restarts
//    the count; the episode goes on.
//  - Simulator checks need windowS of continuous frames first (a start-up is not a slow-down);
//    a gap longer than the watchdog's age limit starts over (the watchdog already holds cues).
//  - End-stop checks use the platform's REPORTED pose (what it did, not what we asked), against
//    `reach` (the platform's travel from neutral per DoF).
// Units: SI (m, rad, s, m/s², rad/s); pose in the platform frame (raven/cueing.h).

#include "model/loophealth.h"
#include "model/motionstatus.h"
#include "model/simframe.h"

#include <QString>

#include <array>
#include <cstdint>
#include <deque>

namespace hil::raven {

struct LoopGuardSettings
{
    double windowS = 1.0;         ///< sliding window of the simulator checks
    double minFrameRateHz = 30.0; ///< new physics states per second reaching the cues
    double minSpeedRatio = 0.8;   ///< physics seconds per wall second ÷ the sim's multiplier
    int maxLockstepTimeouts = 5;  ///< PX4 lockstep timeouts within windowS
    double maxLostShare = 0.5;    ///< frames dropped or repeated on the way to PX4
    double maxSpecificForceMps2 = 98.07; ///< 10 g
    double maxRateRadps = 17.45;         ///< 1,000 °/s on any body axis
    /// The platform's travel from neutral: surge, sway, heave (m), roll, pitch, yaw (rad).
    std::array<double, 6> reach{0.12, 0.11, 0.08, 0.2094, 0.2094, 0.2793};
    double atLimitFraction = 0.95; ///< |pose| ≥ this share of reach = at the end stop
    double endStopWindowS = 2.0;   ///< window of the end-stop share
    double maxEndStopShare = 0.25; ///< of the window's pose samples at a limit, any one DoF
    double reversalFraction = 0.9; ///< a limit-to-limit swing counts from this share of reach
    double minReversalS = 0.5;     ///< ... when it takes less than this
    double healthyForS = 3.0;      ///< problem-free time before cues may ramp back in
};

/// The problems (their figures' units) live with the typed status the window reads.
using hil::LoopProblem;

/// A stable, C-locale name for events, session.json and the window ("slow_frames", ...).
const char *loopProblemName(LoopProblem p);
/// The problem of such a name; None for "none" and any name it does not know.
LoopProblem loopProblemFromName(const QString &name);

class LoopGuard
{
public:
    explicit LoopGuard(const LoopGuardSettings &s = {}) : m_s(s) {}
    void setSettings(const LoopGuardSettings &s) { m_s = s; }
    const LoopGuardSettings &settings() const { return m_s; }

    /// A simulator frame arrived at nowNs. staleAfterNs: the watchdog's age limit (a longer
    /// gap restarts the simulator checks). False when the frame is physically impossible: the
    /// caller must not make a cue of it.
    bool onSimFrame(const SimFrame &f, std::int64_t nowNs, std::int64_t staleAfterNs);
    /// True when the frame is physically impossible (non-finite, above maxSpecificForceMps2 or
    /// maxRateRadps): *bad the offending value (NaN: not finite), *limit its limit.
    static bool impossible(const SimFrame &f, const LoopGuardSettings &s, double *bad,
                           double *limit);
    /// The PX4 link's counts (a decrease: it started again).
    void onLoopHealth(const LoopHealth &h, std::int64_t nowNs);
    /// The platform's reported pose (platform frame, m and rad).
    void onPose(const std::array<double, 6> &pose, std::int64_t nowNs);
    /// Re-evaluates every check at nowNs (the on*() calls only record). True when the holding
    /// state changed.
    bool tick(std::int64_t nowNs);

    bool holding() const { return m_holding; }
    /// The latest problem of the episode (the one that started it is in the event).
    LoopProblem problem() const { return m_problem; }
    double figure() const { return m_figure; }
    double threshold() const { return m_threshold; }
    int axis() const { return m_axis; } ///< EndStops/LimitReversal: the DoF (0..5), else -1
    std::uint64_t episodes() const { return m_episodes; }
    std::uint64_t endStopEpisodes() const { return m_endStopEpisodes; }
    /// Problem-free time so far in the episode, s (0 while a problem is present).
    double healthyS(std::int64_t nowNs) const;

private:
    struct FrameRec
    {
        std::int64_t ns;
        double physicsS;
        double multiplier;
        bool fresh; ///< physics time advanced
    };
    struct PoseRec
    {
        std::int64_t ns;
        unsigned atLimit; ///< bit per DoF
    };
    LoopProblem check(std::int64_t nowNs, double *figure, double *threshold, int *axis);

    LoopGuardSettings m_s;
    std::deque<FrameRec> m_frames;
    std::int64_t m_flowSinceNs = 0;
    std::deque<LoopHealth> m_health;
    std::int64_t m_badFrameNs = 0;
    double m_badValue = 0.0, m_badLimit = 0.0; ///< Implausible: the value and its limit
    bool m_badSeen = false;
    std::deque<PoseRec> m_poses;
    std::array<std::int64_t, 6> m_posLimitNs{}, m_negLimitNs{};
    bool m_reversal = false;
    int m_reversalAxis = -1;
    double m_reversalS = 0.0;
    std::int64_t m_reversalNs = 0;

    bool m_holding = false;
    LoopProblem m_problem = LoopProblem::None;
    double m_figure = 0.0, m_threshold = 0.0;
    int m_axis = -1;
    std::int64_t m_healthySinceNs = 0;
    bool m_problemNow = false;
    std::uint64_t m_episodes = 0, m_endStopEpisodes = 0;
};

} // namespace hil::raven
