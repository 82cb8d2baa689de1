#pragma once
// What the rider would feel, aircraft against platform, and how well the one matches the other
// (docs/perception.md). The aircraft side: the recording's specific force (R⁻¹·(a − g), the
// kinematic acceleration and attitude, as an accelerometer at the CG reads it) and body rates,
// zero-order held at each model step as the dry run holds its frames. The platform side: the
// model's delivered specific force at the seat origin and the rotation rate of its saturated pose.
// Both go through the same PerceptionModel (lib/perception). Pure; any thread (one call per
// thread). Units SI, platform frame (x forward, y LEFT, z up).
//
// Per axis (surge, sway, heave: perceived specific force; roll, pitch, yaw: perceived rate):
//   nrmse   RMS(platform − aircraft) / max(RMS(aircraft), threshold)
//   r       Pearson's correlation (NaN when either side is constant: written as null)
//   false cues, wrong sign: the platform's perceived value above threshold, opposite in sign to
//           the aircraft's; merged into events while consecutive
//   false cues, tilt (roll, pitch only): the platform turns the rider faster than the aircraft
//           turns the pilot by more than the tilt-rate threshold (3 °/s): a tilt-coordination
//           rotation the rider notices
//   score   (1 − min(nrmse, 1)) · (1 − false-cue time / duration)
// overall = 100 · mean of the six axis scores.

#include "dryrun/dryrun.h"
#include "perception/vestibular.h"

#include <QJsonObject>
#include <array>
#include <vector>

namespace hil::dryrun {

struct AxisPerceptionScore
{
    double nrmse = 0;
    double pearson = 0; ///< NaN when undefined
    double rmsAircraft = 0, rmsPlatform = 0;
    int wrongSignEvents = 0;
    double wrongSignTimeS = 0;
    int tiltEvents = 0;
    double tiltTimeS = 0;
    double score = 0; ///< 0..1
};

/// The perceived signals at every stride-th model step (the plots and the panel).
struct PerceptionTrace
{
    std::vector<double> timeS;
    std::array<std::vector<double>, 6> aircraft, platform;
};

struct PerceptionScore
{
    std::array<AxisPerceptionScore, 6> axes;
    double overall = 0; ///< 0..100
    PerceptionTrace trace;
};

/// Scores a dry run. traceStride: keep every n-th step in trace (0: keep none).
PerceptionScore scorePerception(const DryRunInput &input, const DryRunResult &result,
                                double modelRateHz, const perception::PerceptionConfig &config = {},
                                int traceStride = 0);

/// OMCT-style response of the whole chain (cueing → platform) on one axis at ICAO 9625's twelve
/// frequencies: the `omct-<axis>` manoeuvre through runDryRun, then the platform's specific force
/// (surge, sway, heave) or rotation rate (roll, pitch, yaw) against the aircraft's, by a
/// single-frequency Fourier sum over each frequency's three held cycles.
struct OmctPoint
{
    double omegaRadps = 0, gain = 0, phaseDeg = 0;
};
std::vector<OmctPoint> omctResponse(int axis, const DryRunOptions &options);
/// All six axes (about a million model steps). Remembered per settings (cueing and model file
/// bytes, the last 8 asked for, behind a mutex: any thread), since a report, its tests and the
/// panel ask again for the same settings.
std::array<std::vector<OmctPoint>, 6> omctAllAxes(const DryRunOptions &options);

/// report.json's "perception" object (docs/perception.md); omct may be empty (left out).
QJsonObject perceptionJson(const PerceptionScore &score, const perception::PerceptionConfig &config,
                           const std::array<std::vector<OmctPoint>, 6> &omct);

} // namespace hil::dryrun
