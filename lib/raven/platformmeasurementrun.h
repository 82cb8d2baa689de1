#pragma once
// PlatformMeasurementRun: the platform measurement (core/platformmeasurement.h) as a procedure the
// motion link drives, the third beside the axis check and the transport delay, under the same
// rules (testCueRefusal) and the same way out (STOP, a park, the platform leaving CUEING, the
// enabling button's release stop it at once).
//
// What it sends: the simulator's cue ramped to neutral, then per DoF (surge, sway, heave, roll,
// pitch, yaw) a multisine on that DoF's cue word: twelve frequencies on harmonics of the lowest
// (0.25 rad/s: a base period of 25 s), log-spaced up to 15 rad/s, equal amplitudes, Schroeder's
// phases (a low crest factor), normalised to a peak of 1; ramped in and out, then neutral while
// the seat rests. The platform reports no envelope, so the scale starts low (startScale) and
// follows the reported pose: up while every DoF stays under growBelow of its assumed reach, down
// above shrinkAbove, and the measurement stops above abortAt (any DoF), on the thermal bits, or
// when the poses stop coming (1 s). The cues and poses are recorded as always (cues.csv with
// origin 5, platform.csv): the identification fits the model to them afterwards.
//
// The measured OMCT (omctrun.h) is this procedure with another excitation: the refusal, the
// hand-over, the stops, the way out and the rest between DoFs are this class's; what is sent
// during each DoF's excitation, and the events' names, are the virtual hooks below.
//
// Thread: the link's. Units: as core/platformmeasurement.h; times in ns of the link's clock.

#include "core/platformmeasurement.h"
#include "raven/cuesample.h"

#include <array>
#include <cstdint>
#include <vector>

namespace hil::raven {

class TestCueHost;

class PlatformMeasurementRun
{
public:
    explicit PlatformMeasurementRun(TestCueHost &host);
    virtual ~PlatformMeasurementRun() = default;
    PlatformMeasurementRun(const PlatformMeasurementRun &) = delete;
    PlatformMeasurementRun &operator=(const PlatformMeasurementRun &) = delete;

    /// Starts the measurement; refused (event raven.platform_measurement_refused) by
    /// testCueRefusal's rules.
    void start(const PlatformMeasurementSettings &settings, std::int64_t nowNs, bool otherTestCue,
               bool addressHeld);
    bool active() const { return m_active; }
    void step(std::int64_t nowNs);
    void onPose(const std::array<double, 6> &pose, std::int64_t nowNs);
    /// reasonId: stop, park (the others are found by step()).
    void stop(const QString &reason, const QString &reasonId, std::int64_t nowNs);
    const PlatformMeasurementResult &result() const { return m_result; }

    /// The excitation's shape: frequencies (rad/s), phases, and its peak over a base period.
    struct Multisine
    {
        std::vector<double> radS, phase;
        double peak = 1.0;
        /// The shape at t seconds, normalised to a peak of 1.
        double at(double tS) const;
        static Multisine design(const PlatformMeasurementSettings &s);
    };

protected:
    enum class Announcement { Started, Done, Stopped, Refused };
    /// The procedure's events (each procedure raises its own ids). reasonId and reason: why it
    /// was refused or stopped.
    virtual void announce(Announcement what, const QString &reason, const QString &reasonId);
    /// Seconds the whole procedure takes (the estimate), and one DoF's excitation, its ramps
    /// included.
    virtual double totalS() const { return m_settings.totalS(); }
    virtual double excitationS() const;
    /// A DoF's excitation begins (m_dof is set).
    virtual void beginDof() {}
    /// Sends the excitation at t s into the current DoF's (0 ≤ t < excitationS()).
    virtual void excite(double t);
    /// Sends the excitation's last cue at `level` of its size (1: as sent, 0: neutral) and sets
    /// m_k to it: the way out's ramp and the rest between DoFs.
    virtual void sendLevel(double level);
    /// cues.csv's origin of the procedure's frames, the hand-over's included.
    virtual CueOrigin origin() const { return CueOrigin::PlatformMeasurement; }

    TestCueHost &m_host;
    PlatformMeasurementSettings m_settings;
    PlatformMeasurementResult m_result;
    int m_dof = 0;
    double m_scale = 0.0;
    double m_k = 0.0; ///< the level last sent: the test cue's (-1..1 of the amplitude), the OMCT's

private:
    enum class Phase { Enter, Excite, Rest, Ending };
    void refuse(const QString &reason, const QString &reasonId);
    void end(PlatformMeasurementResult::State state, const QString &reason, const QString &reasonId,
             std::int64_t nowNs);
    void beginExcitation(std::int64_t nowNs);
    void send(double k);

    bool m_active = false;
    Phase m_phase = Phase::Enter;
    std::int64_t m_startNs = 0, m_phaseNs = 0, m_lastPoseNs = 0, m_windowNs = 0;
    Multisine m_signal;
    double m_enterGain = 0.0;
    double m_endingFrom = 0; ///< the level the way out ramps from
    double m_windowPeak = 0; ///< the largest share of reach in the current second
};

} // namespace hil::raven
