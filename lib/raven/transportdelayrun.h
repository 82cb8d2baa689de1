#pragma once
// TransportDelayRun: the commissioning transport-delay measurement (docs/transport-delay.md) as a
// procedure the motion link drives (RavenLink::startTransportDelay). From the simulator's cue to
// neutral (ramped), then per step: neutral until the seat is still, a step of the configured test
// cue on one cue word, its onset found in the pose replies (transportdelay.h), a ramp back to
// neutral; the simulator's cues ramp in again at the end. STOP, a park, the enabling button's
// release or the platform leaving CUEING stop it at once; so does a step the seat does not answer
// within timeoutS. What it reports is a TransportDelayResult (counter transport_delay).
//
// Thread: the link's. Units: the step in m/s² or rad/s² (cue word), the onset found on the
// pose (m or rad), times in ns of the link's monotonic clock, results in ms.

#include "core/transportdelayresult.h"
#include "raven/transportdelay.h"

#include <QString>
#include <array>
#include <cstdint>

namespace hil::raven {

class TestCueHost;

class TransportDelayRun
{
public:
    TransportDelayRun(TestCueHost &host, const TransportDelaySettings &settings);

    /// Starts `steps` steps. Refused (event raven.transport_delay_refused, the reason in the
    /// result) while another test cue runs (`otherTestCue`), with no steps, STOP latched, the
    /// platform not in CUEING, the enabling button released, or the address held by a failed
    /// axis check (`addressHeld`: the link's hold or the store's).
    void start(int steps, std::int64_t nowNs, bool otherTestCue, bool addressHeld);
    bool active() const { return m_run.active; }
    /// The 10 ms tick while active.
    void step(std::int64_t nowNs);
    /// Every reported pose.
    void onPose(const std::array<double, 6> &pose, std::int64_t nowNs);
    /// Stops a running measurement (STOP, a park): the test cue ramps out unless STOP already
    /// sent neutral. reasonId: stop, park, mode, enabling, no_pose, no_response.
    void stop(const QString &reason, const QString &reasonId, std::int64_t nowNs);
    /// The measurement as it stands; before any start, the axis and step it would make.
    TransportDelayResult result() const;

private:
    void refuse(const QString &reason, const QString &reasonId);
    void sendStep(double k);

    TestCueHost &m_host;
    TransportDelaySettings m_settings;
    struct Run
    {
        enum class Phase { Enter, Quiet, Step, Return };
        bool active = false;
        Phase phase = Phase::Enter;
        std::int64_t phaseNs = 0;
        double enterGain = 0.0;      ///< the simulator cue's gain when the measurement took over
        double k = 0.0;              ///< the step's level last sent (0..1)
        double returnFromK = 1.0;    ///< the level the Return ramp starts from
        bool ending = false;         ///< stopped (not by STOP): the test cue ramping out
        TransportDelayResult result; ///< what counter transport_delay reports
    } m_run;
    TransportDelayEstimator m_estimator;
};

} // namespace hil::raven
