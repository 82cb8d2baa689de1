#include "raven/transportdelayrun.h"

#include "raven/axisresponse.h"
#include "raven/ravencodec.h"
#include "raven/ridersafety.h"
#include "raven/testcuehost.h"

#include <algorithm>
#include <cmath>

namespace hil::raven {

TransportDelayRun::TransportDelayRun(TestCueHost &host, const TransportDelaySettings &settings)
    : m_host(host), m_settings(settings)
{
}

TransportDelayResult TransportDelayRun::result() const
{
    TransportDelayResult r = m_run.result;
    if (r.axis.isEmpty()) { // idle or refused before a start: the axis it would step
        r.axis = QLatin1String(dofName(m_settings.axis));
        r.amplitude = m_settings.amplitude;
    }
    return r;
}

void TransportDelayRun::refuse(const QString &reason, const QString &reasonId)
{
    if (!m_run.active) { // a running measurement goes on; its figures stay
        m_run = Run{};
        m_run.result.state = TransportDelayResult::State::Refused;
        m_run.result.reason = reason;
    }
    // args: the reason's id (mode, stop, enabling, axis_hold, busy, steps), for a translated
    // sentence
    m_host.raiseEvent(QStringLiteral("raven.transport_delay_refused"), Severity::Warning,
                      QStringLiteral("transport delay refused: %1").arg(reason), {reasonId});
}

void TransportDelayRun::start(int steps, std::int64_t now, bool otherTestCue, bool addressHeld)
{
    const TransportDelaySettings &cfg = m_settings;
    const RiderSafety &safety = m_host.safety();
    if (m_run.active || otherTestCue)
        return refuse(QStringLiteral("a test cue is already running"), QStringLiteral("busy"));
    if (steps < 1 || cfg.axis < 0 || cfg.axis > 5)
        return refuse(QStringLiteral("no steps to make"), QStringLiteral("steps"));
    if (const TestCueRefusal r = testCueRefusal(safety, false, addressHeld); r.refused())
        return refuse(r.reason, r.id);
    m_run = Run{};
    m_run.active = true;
    m_run.result.state = TransportDelayResult::State::Running;
    m_run.result.stepsAsked = steps;
    m_run.result.axis = QLatin1String(dofName(cfg.axis));
    m_run.result.amplitude = cfg.amplitude;
    m_run.phase = Run::Phase::Enter;
    m_run.phaseNs = now;
    m_run.enterGain = m_host.simulatorGain();
    m_estimator = TransportDelayEstimator(cfg.axis < 3 ? cfg.floorM : cfg.floorRad,
                                          TransportDelayEstimator::Shape::Acceleration);
    m_host.raiseEvent(
        QStringLiteral("raven.transport_delay"), Severity::Info,
        QStringLiteral("transport delay: %1 steps of %2 on %3")
            .arg(steps)
            .arg(cfg.amplitude)
            .arg(QLatin1String(dofName(cfg.axis))),
        {QString::number(steps), QString::number(cfg.amplitude), QLatin1String(dofName(cfg.axis))});
}

void TransportDelayRun::sendStep(double k)
{
    m_host.sendTestCue(m_settings.axis, m_settings.amplitude, k, CueOrigin::TransportDelay);
    m_run.k = k;
}

void TransportDelayRun::onPose(const std::array<double, 6> &pose, std::int64_t now)
{
    if (m_run.active && (m_run.phase == Run::Phase::Quiet || m_run.phase == Run::Phase::Step))
        m_estimator.addSample(now, pose[std::size_t(m_settings.axis)]);
}

void TransportDelayRun::step(std::int64_t now)
{
    const TransportDelaySettings &cfg = m_settings;
    RiderSafety &safety = m_host.safety();
    if (safety.stopped())
        return stop(QStringLiteral("STOP"), QStringLiteral("stop"), now);
    if (m_run.ending) { // stopped: the test cue ramps out, then the simulator's cues ramp in
        const double t = double(now - m_run.phaseNs) * 1e-9;
        const double k = cfg.rampS > 0.0 ? std::max(0.0, m_run.returnFromK - t / cfg.rampS) : 0.0;
        sendStep(k);
        if (k <= 0.0) {
            m_run.active = false;
            m_run.ending = false;
            safety.rampInAgain();
        }
        return;
    }
    if (safety.platformMode() != ModeCueing)
        return stop(QStringLiteral("the platform left CUEING"), QStringLiteral("mode"), now);
    if (safety.enablingConfigured() && !safety.enablingHeld())
        return stop(QStringLiteral("the enabling button was released"), QStringLiteral("enabling"),
                    now);
    const double t = double(now - m_run.phaseNs) * 1e-9;
    auto enter = [&](Run::Phase p) {
        m_run.phase = p;
        m_run.phaseNs = now;
    };
    switch (m_run.phase) {
    case Run::Phase::Enter: {
        // From the simulator's cue to neutral, ramped: the measurement's first frame is no step.
        const double x = cfg.rampS > 0.0 ? std::min(1.0, t / cfg.rampS) : 1.0;
        m_host.sendSimulatorCue(m_run.enterGain * (1.0 - x), CueOrigin::TransportDelay);
        if (x >= 1.0) {
            m_estimator.reset();
            enter(Run::Phase::Quiet);
        }
        break;
    }
    case Run::Phase::Quiet: {
        // A step from a still seat: a seat still washing out from the last step curves away
        // from the baseline's line while the step's response is awaited. After 4 × quietS the
        // line has to do.
        const double drift = m_estimator.baselineDrift(now);
        const bool still = drift >= 0.0 && drift <= 0.25 * m_estimator.floor();
        if (t < cfg.quietS || (!still && t < 4.0 * cfg.quietS)) {
            sendStep(0.0);
            break;
        }
        // The step: its time is the send time of its first frame.
        if (!m_estimator.setStep(now))
            return stop(QStringLiteral("no pose replies from the platform"),
                        QStringLiteral("no_pose"), now);
        enter(Run::Phase::Step);
        sendStep(1.0);
        break;
    }
    case Run::Phase::Step:
        if (const auto ms = m_estimator.delayMs()) {
            m_run.result.samplesMs.push_back(*ms);
            m_run.returnFromK = 1.0;
            enter(Run::Phase::Return);
            sendStep(1.0);
        } else if (t > cfg.timeoutS) {
            return stop(QStringLiteral("the seat did not answer step %1 within %2 ms")
                            .arg(m_run.result.samplesMs.size() + 1)
                            .arg(std::lround(cfg.timeoutS * 1000.0)),
                        QStringLiteral("no_response"), now);
        } else {
            sendStep(1.0);
        }
        break;
    case Run::Phase::Return: {
        const double k = cfg.rampS > 0.0 ? std::max(0.0, m_run.returnFromK - t / cfg.rampS) : 0.0;
        sendStep(k);
        if (k > 0.0)
            break;
        if (int(m_run.result.samplesMs.size()) < m_run.result.stepsAsked) {
            m_estimator.reset();
            enter(Run::Phase::Quiet);
            break;
        }
        m_run.active = false;
        m_run.result.state = TransportDelayResult::State::Done;
        safety.rampInAgain(); // the simulator's cues come back ramped from neutral
        const TransportDelayResult &r = m_run.result;
        const double median = r.medianMs(), worst = r.maxMs();
        // args: steps, median ms, max ms (C locale, 1 decimal)
        m_host.raiseEvent(QStringLiteral("raven.transport_delay_done"), Severity::Info,
                          QStringLiteral("transport delay: median %1 ms, max %2 ms over %3 steps")
                              .arg(median, 0, 'f', 1)
                              .arg(worst, 0, 'f', 1)
                              .arg(r.samplesMs.size()),
                          {QString::number(r.samplesMs.size()), QString::number(median, 'f', 1),
                           QString::number(worst, 'f', 1)});
        break;
    }
    }
}

void TransportDelayRun::stop(const QString &reason, const QString &reasonId, std::int64_t now)
{
    RiderSafety &safety = m_host.safety();
    if (m_run.ending) {
        // Already stopped, the test cue ramping out: a STOP ends the ramp (it sent neutral).
        if (safety.stopped()) {
            m_run.active = false;
            m_run.ending = false;
            safety.rampInAgain();
        }
        return;
    }
    m_run.result.state = TransportDelayResult::State::Stopped;
    m_run.result.reason = reason;
    // args: the reason's id (stop, park, mode, enabling, no_pose, no_response), steps done
    m_host.raiseEvent(QStringLiteral("raven.transport_delay_stopped"), Severity::Warning,
                      QStringLiteral("transport delay stopped after %1 steps: %2")
                          .arg(m_run.result.samplesMs.size())
                          .arg(reason),
                      {reasonId, QString::number(m_run.result.samplesMs.size())});
    if (!safety.stopped() && m_run.k > 0.0) {
        // Not a STOP: the test cue ramps out as between steps (step()), no jump.
        m_run.ending = true;
        m_run.returnFromK = m_run.k;
        m_run.phase = Run::Phase::Return;
        m_run.phaseNs = now;
        return;
    }
    if (!safety.stopped()) // between steps (neutral test cue) or still ramping the simulator's
        m_host.sendSimulatorCue(0.0, CueOrigin::TransportDelay); // cue out: neutral
    m_run.active = false;
    safety.rampInAgain(); // the simulator's cues come back ramped from neutral
}

} // namespace hil::raven
