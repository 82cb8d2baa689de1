#include "dryrun/measurementplan.h"

#include "dryrun/maneuvers.h"
#include "dryrun/omct.h"

namespace hil::dryrun {

PlatformMeasurementSettings platformMeasurementPlan(const platformmodel::ModelConfig &prior,
                                                    bool fast)
{
    PlatformMeasurementSettings s;
    for (std::size_t d = 0; d < 6; ++d) { // the platform reports no envelope: the model's
        s.reachMin[d] = prior.envelope.dofMin[d];
        s.reachMax[d] = prior.envelope.dofMax[d];
    }
    if (fast) {
        s.lowestRadS = 3.0;
        s.highestRadS = 15.0;
        s.periods = 1;
        s.rampS = 0.3;
        s.restS = 0.3;
        s.startScale = 1.0; // no time to grow; the reach's abort still holds
        for (std::size_t d = 3; d < 6; ++d)
            s.amplitude[d] *= s.maxScale; // where a full run's scale would have grown to
    }
    return s;
}

OmctMeasurementSettings omctMeasurementPlan(const platformmodel::ModelConfig &prior, bool fast)
{
    OmctMeasurementSettings s;
    s.common = platformMeasurementPlan(prior, fast); // the prior's envelope as the reach
    // One amplitude: the scale the platform measurement grows and shrinks stays at 1.
    s.common.startScale = s.common.maxScale = 1.0;
    s.common.shrinkAbove = s.common.abortAt;
    s.common.rampS = 5.0;
    s.common.restS = 5.0;
    s.settleS = 5.0;
    s.linearityIndex = {5, 7, 8}; // 1, 2.5 and 4 rad/s: harmonics of the 25 s base period
    s.linearityPeriods = 1;
    for (int i = 0; i < kOmctFrequencyCount; ++i)
        s.omegaRadS.push_back(kOmctFrequencies[i]);
    // Half the prediction's input amplitude per component: twelve at once peak at about four
    // times one; the linearity check's components go at the prediction's full amplitude.
    for (int a = 0; a < 6; ++a)
        for (double w : s.omegaRadS)
            s.amplitude[std::size_t(a)].push_back(0.5 * omctInputAmplitude(a, w));
    s.linearityScale = 2.0;
    if (fast) {                           // the same procedure in seconds, on higher harmonics
        s.basePeriodS = 3.14159265358979; // 2 rad/s
        s.linearityBasePeriodS = s.basePeriodS;
        s.common.rampS = 0.3;
        s.common.restS = 0.3;
        s.settleS = 0.5;
    }
    return s;
}

} // namespace hil::dryrun
