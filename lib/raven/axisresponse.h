#pragma once
// AxisResponse: judges an axis check's test cue by the platform's reported pose on all six DoFs,
// not only the commanded one. Pure: no clock of its own (every call takes nowNs, any monotonic
// clock), no sockets; lives in the RavenLink's thread.
//
// Why: a platform wired, configured or programmed to read the cue words in another order (Iris's
// C# sample packs frame 5 as surge, sway, ROLL, HEAVE; the user guide, which we follow, says
// heave, roll) answers a heave test cue with roll. Asking the operator "which way did the seat
// move?" about heave would then be asking about the wrong axis.
//
// The rule, numerically (docs/decisions/rider-safety.md, "Axis check"):
//  - Every reported pose is kept for the last second (kNoiseWindowNs).
//  - begin(): the baseline is the last pose before the cue; the noise of DoF i is the largest
//    |pose_i − baseline_i| over that second; its threshold is max(kNoiseFactor × noise,
//    floor), floor = kFloorM (2 mm) for surge/sway/heave, kFloorRad (0.02°) for roll/pitch/yaw.
//  - During the cue each DoF keeps its extreme change from the baseline. A DoF "responds" when
//    that extreme is above its threshold. The leader is the responding DoF with the largest
//    extreme, angles weighted by kMetresPerRad so that the two kinds of test cue (0.5 m/s² and
//    5°/s², the same seat travel on a double integrator) compare like for like: 1 mm ≙ 0.01°.
//  - The link cancels the cue as soon as the leader is another DoF than the commanded one.
// Units: m for surge/sway/heave, rad for roll/pitch/yaw (platform frame, as reported).

#include <QString>
#include <array>
#include <cstdint>
#include <deque>

namespace hil::raven {

/// The axis check's test cues (also the dialog's): translational and rotational amplitude.
inline constexpr double kAxisTestLinearMps2 = 0.5;
inline constexpr double kAxisTestAngularRadps2 = 5.0 * 3.14159265358979323846 / 180.0;

/// How one test cue ended. Carried as int in RavenLink::axisTestFinished.
enum class AxisOutcome {
    Refused,    ///< not started: the platform was not in CUEING, or STOP was latched
    Cancelled,  ///< STOP during the cue
    Passed,     ///< the commanded DoF moved most (above its noise)
    NoResponse, ///< no DoF moved above its noise
    Crossed     ///< another DoF moved most: the platform reads the axes differently
};

/// "surge", "sway", "heave", "roll", "pitch", "yaw" (dof 0..5), "none" otherwise.
const char *dofName(int dof);
/// The inverse of dofName(), -1 for anything else.
int dofFromName(const QString &name);

class AxisResponse
{
public:
    static constexpr std::int64_t kNoiseWindowNs = 1'000'000'000;
    static constexpr double kNoiseFactor = 3.0;
    static constexpr double kFloorM = 0.002;
    static constexpr double kFloorRad = 0.02 * 3.14159265358979323846 / 180.0;
    static constexpr double kMetresPerRad = kAxisTestLinearMps2 / kAxisTestAngularRadps2;

    /// A reported pose (surge, sway, heave m; roll, pitch, yaw rad) arrived at nowNs.
    void addPose(const std::array<double, 6> &pose, std::int64_t nowNs);
    /// A test cue starts now: freezes the baseline and the thresholds.
    void begin(std::int64_t nowNs);
    void end() { m_active = false; }
    bool active() const { return m_active; }

    /// The responding DoF with the largest weighted extreme since begin(), -1 when none responds.
    int leader() const;
    /// The extreme change of `dof` since begin() (signed, m or rad).
    double change(int dof) const { return m_extreme[std::size_t(dof)]; }
    double threshold(int dof) const { return m_threshold[std::size_t(dof)]; }

private:
    struct Sample
    {
        std::int64_t ns;
        std::array<double, 6> pose;
    };
    std::deque<Sample> m_history; ///< the last kNoiseWindowNs of poses (plus the one before)
    bool m_active = false;
    bool m_haveBaseline = false;
    std::array<double, 6> m_baseline{};
    std::array<double, 6> m_threshold{};
    std::array<double, 6> m_extreme{};
};

} // namespace hil::raven
