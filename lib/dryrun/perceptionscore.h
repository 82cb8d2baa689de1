#pragma once
// What the rider would feel, aircraft against platform, and how well the one matches the other
// (docs/perception.md). The aircraft side: the recording's specific force (R⁻¹·(a − g), the
// kinematic acceleration and attitude, as an accelerometer at the CG reads it) and body rates,
// zero-order held at each model step as the dry run holds its frames. The platform side: the
// model's delivered specific force at the seat origin and the rotation rate of its saturated pose.
// Both go through the same PerceptionModel (lib/perception). Pure; any thread (one call per
// thread). Units SI, platform frame (x forward, y LEFT, z up).
//
// Per axis i (surge, sway, heave: perceived specific force; roll, pitch, yaw: perceived rate),
// with a(t) the pilot's and p(t) the rider's perceived value and θ the axis's perception
// threshold (vestibular.h), every signal in units of θ:
//   used      the pilot feels the axis: |a| > θ for at least kUsedAxisS in all
//   E         ∫ ((p − a)/θ)² dt, the platform's error; E_still = ∫ (a/θ)² dt, a still seat's
//   false cue the rider feels the axis in a direction the pilot does not feel (the pilot's |a|
//             at or below θ, or p the other way), above θ: excess x = max(0, |p| − θ)/θ;
//             ∫ x dt in threshold·s (size and duration), merged into events while consecutive;
//             on every axis, whatever the aircraft's value
//   tilt      (roll, pitch) the false cues while the platform model's tilt coordination holds
//             the seat tilted (StepResult::tiltRad not zero): a tilt the rider feels as rotation
// overall: skill = 1 − (Σ_used E + Σ_unused ∫ x² dt) / max(Σ_used E_still, 1 θ²·s), the
// mean-square-error skill over a still seat; overall = 100 · max(0, skill). A still seat scores
// 0, every cue the wrong way below 0 (reported as 0, the raw skill beside it), a perfect match
// 100. An unused axis cannot raise the score; a false cue on it lowers it.
// Per axis: skill_i = 1 − E_i / max(E_still,i, 1 θ²·s) on a used axis, NaN on an unused one.

#include "dryrun/dryrun.h"
#include "perception/vestibular.h"

#include <QJsonObject>
#include <array>
#include <utility>
#include <vector>

namespace hil::dryrun {

struct AxisPerceptionScore
{
    double nrmse = 0;
    double pearson = 0; ///< NaN when undefined
    double rmsAircraft = 0, rmsPlatform = 0;
    bool used = false;              ///< the pilot feels this axis (see above)
    double timeAboveThresholdS = 0; ///< the pilot's |perceived| above θ
    double error = 0;               ///< E, θ²·s
    double errorStill = 0;          ///< E_still, θ²·s
    double skill = 0;               ///< NaN on an unused axis; may be below 0
    int falseCueEvents = 0;
    double falseCueTimeS = 0;
    double falseCueThresholdS = 0; ///< ∫ x dt, threshold·s
    double falseCueSquaredS = 0;   ///< ∫ x² dt, θ²·s (what an unused axis adds to E)
    int tiltEvents = 0;            ///< roll, pitch only
    double tiltTimeS = 0;
    double tiltThresholdS = 0;
    double score = 0; ///< max(0, skill), 0..1; NaN on an unused axis
};

/// An axis is used when the pilot's perceived value is above threshold for this long in all:
/// about half the shortest stimulus of Benson, Hutt & Brown's duration series (0.9 s). Shorter
/// is a blip, not a motion a cue has to reproduce (docs/perception.md).
inline constexpr double kUsedAxisS = 0.5;
/// The floor of a still seat's error (θ²·s): one threshold held for one second.
inline constexpr double kStillErrorFloor = 1.0;

/// The perceived signals at every stride-th model step (the plots and the panel).
struct PerceptionTrace
{
    std::vector<double> timeS;
    std::array<std::vector<double>, 6> aircraft, platform;
    /// Per axis, the false cues as [start, end] times (s), every step (not strided).
    std::array<std::vector<std::pair<double, double>>, 6> falseCues;
};

struct PerceptionScore
{
    std::array<AxisPerceptionScore, 6> axes;
    double overall = 0;    ///< 100 · max(0, skill), 0..100
    double skill = 0;      ///< 1 − error / max(errorStill, floor); below 0: worse than still
    double error = 0;      ///< pooled E of the platform, θ²·s
    double errorStill = 0; ///< pooled E of a still seat, θ²·s
    PerceptionTrace trace;
};

/// Scores a dry run. traceStride: keep every n-th step in trace (0: keep none).
PerceptionScore scorePerception(const DryRunInput &input, const DryRunResult &result,
                                double modelRateHz, const perception::PerceptionConfig &config = {},
                                int traceStride = 0);

/// report.json's "perception" object (docs/perception.md); the OMCT is lib/dryrun/omct.h's.
QJsonObject perceptionJson(const PerceptionScore &score,
                           const perception::PerceptionConfig &config);

} // namespace hil::dryrun
