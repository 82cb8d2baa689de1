#pragma once
// OmctRun: the OMCT measured on the platform, seat empty (core/omctmeasurement.h), as a
// procedure the motion link drives: the platform measurement's procedure (refusal, hand-over,
// stops, way out, rest between inputs: PlatformMeasurementRun) with another excitation. Per
// input axis it makes the AIRCRAFT's motion (the multisine of OmctMeasurementSettings::motion as
// simulator states) and sends it through a cueing of its own made with the link's current cueing
// settings, the master gain included: what is measured is the live chain, cueing → wire →
// platform, as a flight would drive it. The poses are recorded as always (platform.csv), the
// cues with origin 6 (cues.csv); the analysis (lib/dryrun/omctmeasured.h) reads them afterwards,
// timed from PlatformMeasurementResult::excitationStartNs.
//
// A state the loop guard calls physically impossible (LoopGuard::impossible) makes no cue: the
// last one stays (the designed motion never is; the check is the rule every cue obeys).
//
// Thread: the link's. Units: as core/omctmeasurement.h; times in ns of the link's clock.

#include "core/omctmeasurement.h"
#include "model/simframe.h"
#include "raven/cueing.h"
#include "raven/platformmeasurementrun.h"

namespace hil::raven {

class OmctRun : public PlatformMeasurementRun
{
public:
    explicit OmctRun(TestCueHost &host);

    /// Starts the run; refused (event raven.omct_measurement_refused) by testCueRefusal's rules.
    void start(const OmctMeasurementSettings &settings, std::int64_t nowNs, bool otherTestCue,
               bool addressHeld);

    /// The aircraft's state at t s into `axis`'s excitation (physics time t, level flight at
    /// 20 m/s, the motion on that one axis): what the run feeds its cueing. Pure.
    static SimFrame aircraftFrame(const OmctMeasurementSettings &settings, int axis, double t);

protected:
    void announce(Announcement what, const QString &reason, const QString &reasonId) override;
    double totalS() const override { return m_omct.totalS(); }
    double excitationS() const override { return m_omct.excitationS(); }
    void beginDof() override;
    void excite(double t) override;
    void sendLevel(double level) override;
    CueOrigin origin() const override { return CueOrigin::Omct; }

private:
    OmctMeasurementSettings m_omct;
    MotionCueing m_cueing;
    Cue m_lastCue;
    std::uint32_t m_sequence = 0;
};

} // namespace hil::raven
