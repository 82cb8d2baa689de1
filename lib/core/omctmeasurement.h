#pragma once
// The OMCT measured on the platform, seat empty (docs/platform-model.md, "The OMCT measured"):
// its settings as the caller gives them and the excitation they design, shared by the link's run
// (lib/raven/omctrun.h), which sends it, and the analysis (lib/dryrun/omctmeasured.h), which
// fits the platform's response at the same frequencies. Its progress is reported as a
// PlatformMeasurementResult (the same life: one input axis after the other). Plain values; any
// thread.
//
// The excitation is a MULTISINE: per input axis (surge, sway, heave, roll, pitch, yaw) all the
// OMCT frequencies at once, each on a whole harmonic of 2π/basePeriodS (so each period holds a
// whole number of every component's cycles), Schroeder's phases. Per input, in seconds from its
// excitation start: the main multisine faded in over rampS (half a cosine), settleS to settle,
// `periods` base periods measured; then the linearity multisine (the components
// linearityIndex at linearityScale times their amplitude) cross-faded in over rampS, settleS,
// linearityPeriods measured, faded out over rampS; then restS of neutral.
//
// Units: frequencies rad/s, times s; input amplitudes of the aircraft's motion, platform frame:
// surge, sway, heave in m/s² of specific force, roll, pitch, yaw in rad of attitude angle.

#include "core/platformmeasurement.h"

#include <array>
#include <vector>

namespace hil {

struct OmctMeasurementSettings
{
    /// The procedure it shares with the platform measurement: rampS, restS, the assumed reach
    /// and abortAt (of that reach, on any DoF). Its scale growth is not used: one amplitude.
    PlatformMeasurementSettings common;
    /// The nominal OMCT frequencies (the prediction's, dryrun::kOmctFrequencies).
    std::vector<double> omegaRadS;
    /// Per input axis and frequency: the main multisine's amplitude of each component.
    std::array<std::vector<double>, 6> amplitude;
    double basePeriodS = 125.66; ///< 2π/0.05 rad/s: every OMCT frequency within 3 % of a harmonic
    int periods = 2;             ///< measured periods of the main multisine (two: a coherence)
    double settleS = 10.0;       ///< after each fade-in, before the measured periods
    /// The linearity check: these frequencies (indices into omegaRadS) again, alone, at
    /// linearityScale times their main amplitude.
    std::vector<int> linearityIndex;
    double linearityScale = 2.0;
    double linearityBasePeriodS = 25.13; ///< 2π/0.25 rad/s: 1, 2.5 and 4 rad/s on harmonics
    int linearityPeriods = 2;

    /// One sine of the excitation: amplitude · sin(omega · t + phase), t from the segment's start.
    struct Component
    {
        int index = 0;        ///< into omegaRadS
        double omegaRadS = 0; ///< the harmonic actually sent (near omegaRadS[index])
        double amplitude = 0; ///< as `amplitude` above
        double phaseRad = 0;  ///< Schroeder's
    };
    /// The main (linearity false) or linearity segment's components on `axis`.
    std::vector<Component> components(int axis, bool linearity) const;

    /// Seconds from an input's excitation start: the main segment's measured span, the
    /// linearity segment's start (where its sines' time 0 is) and measured span, the end.
    double mainMeasureStartS() const { return common.rampS + settleS; }
    double mainMeasureEndS() const { return mainMeasureStartS() + periods * basePeriodS; }
    double linearityStartS() const { return mainMeasureEndS(); }
    double linearityMeasureStartS() const { return linearityStartS() + common.rampS + settleS; }
    double linearityMeasureEndS() const
    {
        return linearityMeasureStartS() + linearityPeriods * linearityBasePeriodS;
    }
    bool hasLinearity() const { return !linearityIndex.empty() && linearityPeriods > 0; }
    double excitationS() const
    {
        return (hasLinearity() ? linearityMeasureEndS() : mainMeasureEndS()) + common.rampS;
    }
    double perInputS() const { return excitationS() + common.restS; }
    /// Seconds the whole run takes before any stop (the estimate printed before it).
    double totalS() const { return common.rampS + 6.0 * perInputS(); }

    /// The aircraft's motion on `axis` at t s from the input's excitation start: its value (m/s²
    /// or rad), first and second derivative. Smooth everywhere: no step in attitude or rate.
    struct Motion
    {
        double value = 0, rate = 0, accel = 0;
    };
    Motion motion(int axis, double t) const;
};

} // namespace hil
