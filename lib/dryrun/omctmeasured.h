#pragma once
// The OMCT measured on the platform (core/omctmeasurement.h, lib/raven/omctrun.h): its
// analysis from the session the run recorded, beside the prediction (omct.h) with the same
// settings. Pure computation plus reading the session's files; no clocks or event loop; any
// thread.
//
// Method (docs/platform-model.md, "The OMCT measured"):
//   - the poses are the 65535 replies' (platform.csv), timed by the platform's own µs clock put
//     on the host clock (placePlatformClock); with too few of them, by their arrival;
//   - per input axis, sines at the multisine's known frequencies (plus an offset and a drift)
//     are fitted by least squares to the UNEVENLY spaced samples of each pose DoF over the
//     measured periods (fitSines): no resampling, no FFT;
//   - the response at the rider's head per frequency from those phasors, no finite
//     differences: specific force −ω²X + (−ω²Θ) × h + g·(−θ_pitch, θ_roll, 0) (h: the model's
//     head position), rate jωΘ; gain and phase against the aircraft's input phasor (known: the
//     run designed it); the coherence from the two periods fitted apart;
//   - a frequency whose cue on the wire (cues.csv, the words carrying the input axis) is below
//     one count of the word's resolution is "not measurable": the wire cannot carry it;
//   - an input during whose excitation the cues as sent or the poses paused (omctPause: the
//     program or the platform held up, a busy PC) is "interrupted": the multisine the platform
//     got was not the one designed, so its points say nothing whatever their coherence.
// Units and frames as omct.h (gains of direct tests dimensionless, phases in degrees, positive:
// the platform leads; platform frame x forward, y LEFT, z up).

#include "core/omctmeasurement.h"
#include "dryrun/omct.h"

#include <QJsonObject>
#include <QString>
#include <array>
#include <complex>
#include <vector>

namespace hil::dryrun {

/// The least-squares fit of y(t) ≈ c + d·(t − t̄) + Σ_k Im(P_k·e^{jω_k t}) to samples at any
/// times: P_k = A·e^{jφ} for A·sin(ω_k t + φ). ok false with fewer samples than unknowns or a
/// singular system (frequencies the samples cannot tell apart).
struct SineFit
{
    bool ok = false;
    std::vector<std::complex<double>> phasor;
    double offset = 0.0, drift = 0.0; ///< c and d (per s)
    double rmsResidual = 0.0;
};
SineFit fitSines(const std::vector<double> &t, const std::vector<double> &y,
                 const std::vector<double> &omegaRadS);

/// The coherence of two periods' estimates of one transfer (H1, H2, same input): the
/// magnitude-squared coherence of the two segments, |H1 + H2|² / (2·(|H1|² + |H2|²)): 1 when
/// they agree, about 0.5 for noise alone; NaN when both are 0.
double twoPeriodCoherence(std::complex<double> h1, std::complex<double> h2);

/// Below this a measured point's coherence says nothing (marked low_coherence).
inline constexpr double kOmctMinCoherence = 0.8;

/// A pause in a recorded stream (cues as sent, poses): the longest gap between two samples in a
/// window, and whether it interrupted the stream: longer than kOmctPauseS and than five times
/// the stream's usual (median) spacing. Seconds.
struct OmctPause
{
    double longestS = 0.0;
    bool interrupted = false;
};
inline constexpr double kOmctPauseS = 0.1;
/// `t` sorted; the gaps between the samples within [from, to).
OmctPause omctPause(const std::vector<double> &t, double from, double to);

struct OmctMeasuredPoint
{
    double nominalOmegaRadS = 0, omegaRadS = 0; ///< the OMCT's, and the harmonic sent
    double inputAmplitude = 0; ///< the aircraft's (m/s² or rad), as core/omctmeasurement.h
    bool measured = false;     ///< its input ran its measured periods (not stopped before)
    bool measurable = false;   ///< the wire carried at least one count of it
    double wireCounts = 0;     ///< the cue's amplitude on the best word carrying it, counts
    double gain = 0, phaseDeg = 0, coherence = 0;
    double predictedGain = 0, predictedPhaseDeg = 0; ///< omctRun at the nominal frequency
};

struct OmctMeasuredLinearity
{
    int test = 0, index = 0; ///< kOmctTests, frequency index
    double omegaRadS = 0;
    double gain = 0;       ///< at the main amplitude
    double gainScaled = 0; ///< at linearityScale times it
    double change = 0;     ///< gainScaled / gain − 1; NaN without a gain
    bool nonLinear = false;
};

struct OmctMeasured
{
    std::array<std::array<OmctMeasuredPoint, kOmctFrequencyCount>, kOmctTestCount> tests{};
    std::vector<OmctMeasuredLinearity> linearity;
    int inputsMeasured = 0; ///< input axes whose main periods ran whole
    /// Per input axis, the longest pause of the cues or the poses from its excitation's start
    /// to its measured periods' end (s; 0 not measured), and whether it interrupted them.
    std::array<OmctPause, 6> pause{};
    bool timedByPlatformClock = false;
    qint64 poses = 0; ///< pose replies used
    QString error;    ///< why nothing could be analysed (no session, no poses); empty: analysed
};

/// Everything the analysis needs besides the session.
struct OmctMeasuredInput
{
    QString sessionDir;
    OmctMeasurementSettings settings;
    PlatformMeasurementResult run; ///< the link's result: the excitations' start times
    DryRunOptions options;         ///< the link's cueing and the platform model (head, prediction)
};

/// The analysis. `prediction`: omctRun(input.options) (the caller's, so that tests can pass one).
OmctMeasured analyseOmct(const OmctMeasuredInput &input, const OmctResult &prediction);

/// omct.json (docs/cli-and-session.md, "omct.json").
QJsonObject omctMeasuredJson(const OmctMeasured &m, const OmctMeasuredInput &input);

/// What an interrupted input means and what to do, for the page and the console (English).
QString omctInterruptedText(double pauseMs);

/// The page a person reads (omct.html), in the rig check report's style; the PNGs by name.
QString omctMeasuredHtml(const QJsonObject &json);

/// True when the result says something: some measurable point of a direct test, its input not
/// interrupted, with a coherence of at least kOmctMinCoherence.
bool omctMeasuredUsable(const OmctMeasured &m);

} // namespace hil::dryrun
