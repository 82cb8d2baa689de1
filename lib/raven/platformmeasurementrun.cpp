#include "raven/platformmeasurementrun.h"

#include "raven/axisresponse.h"
#include "raven/ravencodec.h"
#include "raven/ridersafety.h"
#include "raven/testcuehost.h"

#include <algorithm>
#include <cmath>

namespace hil::raven {

namespace measurement {
constexpr double kPi = 3.14159265358979323846;
constexpr int kComponents = 12;
constexpr std::int64_t kSilentNs = 1'000'000'000; ///< no pose this long: the platform is silent
constexpr std::int64_t kWindowNs = 1'000'000'000; ///< the scale follows the pose each second
constexpr double kGrow = 1.25, kShrink = 0.8;
constexpr double kEndingRampS = 0.5; ///< a stop's ramp of the test cue out
} // namespace measurement
using namespace measurement;

PlatformMeasurementRun::Multisine
PlatformMeasurementRun::Multisine::design(const PlatformMeasurementSettings &s)
{
    Multisine m;
    // Harmonics of the lowest frequency, log-spaced up to the highest: every component has a
    // whole number of periods in the base period, so each DoF's periods hold all of them.
    const double top = std::max(1.0, std::round(s.highestRadS / s.lowestRadS));
    std::vector<int> harmonics;
    for (int i = 0; i < kComponents; ++i) {
        const int h = int(std::lround(std::pow(top, double(i) / double(kComponents - 1))));
        if (harmonics.empty() || h > harmonics.back())
            harmonics.push_back(h);
        else
            harmonics.push_back(harmonics.back() + 1);
    }
    const double n = double(harmonics.size());
    for (std::size_t i = 0; i < harmonics.size(); ++i) {
        m.radS.push_back(double(harmonics[i]) * s.lowestRadS);
        m.phase.push_back(-kPi * double(i) * double(i + 1) / n); // Schroeder
    }
    // The peak over one base period, sampled well above the highest frequency.
    const double period = 2.0 * kPi / s.lowestRadS, dt = 0.1 / std::max(1.0, m.radS.back());
    double peak = 0.0;
    for (double t = 0.0; t < period; t += dt) {
        double v = 0.0;
        for (std::size_t i = 0; i < m.radS.size(); ++i)
            v += std::sin(m.radS[i] * t + m.phase[i]);
        peak = std::max(peak, std::abs(v));
    }
    m.peak = peak > 0.0 ? peak : 1.0;
    return m;
}

double PlatformMeasurementRun::Multisine::at(double t) const
{
    double v = 0.0;
    for (std::size_t i = 0; i < radS.size(); ++i)
        v += std::sin(radS[i] * t + phase[i]);
    return v / peak;
}

PlatformMeasurementRun::PlatformMeasurementRun(TestCueHost &host) : m_host(host) {}

void PlatformMeasurementRun::refuse(const QString &reason, const QString &reasonId)
{
    if (!m_active) { // a running measurement goes on
        m_result = PlatformMeasurementResult{};
        m_result.state = PlatformMeasurementResult::State::Refused;
        m_result.reason = reason;
        m_result.reasonId = reasonId;
    }
    announce(Announcement::Refused, reason, reasonId);
}

void PlatformMeasurementRun::announce(Announcement what, const QString &reason,
                                      const QString &reasonId)
{
    switch (what) {
    case Announcement::Refused:
        // args: the reason's id (busy, stop, mode, enabling, axis_hold), for a translated
        // sentence
        m_host.raiseEvent(QStringLiteral("raven.platform_measurement_refused"), Severity::Warning,
                          QStringLiteral("platform measurement refused: %1").arg(reason),
                          {reasonId});
        break;
    case Announcement::Started:
        // args: minutes the whole measurement takes (C locale, 1 decimal)
        m_host.raiseEvent(QStringLiteral("raven.platform_measurement"), Severity::Info,
                          QStringLiteral("platform measurement: six DoFs one after the other, "
                                         "about %1 min")
                              .arg(totalS() / 60.0, 0, 'f', 1),
                          {QString::number(totalS() / 60.0, 'f', 1)});
        break;
    case Announcement::Done:
        m_host.raiseEvent(QStringLiteral("raven.platform_measurement_done"), Severity::Info,
                          QStringLiteral("platform measurement: all six DoFs excited"), {});
        break;
    case Announcement::Stopped:
        // args: the reason's id (stop, park, mode, enabling, thermal, silent, reach), DoFs done
        m_host.raiseEvent(QStringLiteral("raven.platform_measurement_stopped"), Severity::Warning,
                          QStringLiteral("platform measurement stopped after %1 of 6 DoFs: %2")
                              .arg(m_result.dofsDone)
                              .arg(reason),
                          {reasonId, QString::number(m_result.dofsDone)});
        break;
    }
}

double PlatformMeasurementRun::excitationS() const
{
    return double(m_settings.periods) * 2.0 * kPi / m_settings.lowestRadS + 2.0 * m_settings.rampS;
}

void PlatformMeasurementRun::excite(double t)
{
    const double length = excitationS();
    const double rampS = m_settings.rampS;
    const double envelope =
        rampS > 0.0 ? std::clamp(std::min(t, length - t) / rampS, 0.0, 1.0) : 1.0;
    send(m_scale * envelope * m_signal.at(t));
}

void PlatformMeasurementRun::sendLevel(double level)
{
    send(level);
}

void PlatformMeasurementRun::beginExcitation(std::int64_t now)
{
    m_phase = Phase::Excite;
    m_phaseNs = m_windowNs = now;
    m_windowPeak = 0.0;
    m_result.dof = m_dof;
    m_result.excitationStartNs[std::size_t(m_dof)] = now;
    beginDof();
}

void PlatformMeasurementRun::start(const PlatformMeasurementSettings &settings, std::int64_t now,
                                   bool otherTestCue, bool addressHeld)
{
    if (const TestCueRefusal r =
            testCueRefusal(m_host.safety(), m_active || otherTestCue, addressHeld);
        r.refused())
        return refuse(r.reason, r.id);
    m_settings = settings;
    m_signal = Multisine::design(settings);
    m_result = PlatformMeasurementResult{};
    m_result.state = PlatformMeasurementResult::State::Running;
    m_result.totalS = totalS();
    m_active = true;
    m_phase = Phase::Enter;
    m_startNs = m_phaseNs = m_lastPoseNs = m_windowNs = now;
    m_enterGain = m_host.simulatorGain();
    m_dof = 0;
    m_scale = settings.startScale;
    m_k = 0.0;
    m_windowPeak = 0.0;
    announce(Announcement::Started, QString(), QString());
}

void PlatformMeasurementRun::send(double k)
{
    m_k = k;
    m_host.sendTestCue(m_dof, m_settings.amplitude[std::size_t(m_dof)], k, origin());
}

void PlatformMeasurementRun::onPose(const std::array<double, 6> &pose, std::int64_t now)
{
    if (!m_active)
        return;
    m_lastPoseNs = now;
    for (std::size_t d = 0; d < 6; ++d) {
        const double side = pose[d] >= 0.0 ? m_settings.reachMax[d] : -m_settings.reachMin[d];
        const double share = side > 0.0 ? std::abs(pose[d]) / side : 0.0;
        m_result.peakReach[d] = std::max(m_result.peakReach[d], share);
        m_windowPeak = std::max(m_windowPeak, share);
    }
}

void PlatformMeasurementRun::step(std::int64_t now)
{
    RiderSafety &safety = m_host.safety();
    m_result.elapsedS = double(now - m_startNs) * 1e-9;
    if (safety.stopped())
        return stop(QStringLiteral("STOP"), QStringLiteral("stop"), now);
    const PlatformMeasurementSettings &s = m_settings;
    const double t = double(now - m_phaseNs) * 1e-9;
    if (m_phase == Phase::Ending) { // stopped: the test cue ramps out, then the simulator's
        // At most half a second: an exit's park ramps the cues out within 1 s and then asks
        // for LEVEL BRAKE, which must not find a test cue still in force.
        const double rampS = std::min(s.rampS, kEndingRampS);
        const double k = rampS > 0.0 ? m_endingFrom * std::max(0.0, 1.0 - t / rampS) : 0.0;
        sendLevel(k);
        if (k == 0.0) {
            m_active = false;
            safety.rampInAgain();
        }
        return;
    }
    using State = PlatformMeasurementResult::State;
    if (safety.platformMode() != ModeCueing)
        return end(State::Stopped, QStringLiteral("the platform left CUEING"),
                   QStringLiteral("mode"), now);
    if (safety.enablingConfigured() && !safety.enablingHeld())
        return end(State::Stopped, QStringLiteral("the enabling button was released"),
                   QStringLiteral("enabling"), now);
    if (m_host.thermalBits() != 0)
        return end(State::Stopped, QStringLiteral("the actuators report overheating"),
                   QStringLiteral("thermal"), now);
    if (now - m_lastPoseNs > kSilentNs)
        return end(State::Stopped, QStringLiteral("the platform stopped reporting its pose"),
                   QStringLiteral("silent"), now);
    if (m_windowPeak > s.abortAt)
        return end(State::Stopped,
                   QStringLiteral("the pose reached %1 % of the assumed reach")
                       .arg(std::lround(100.0 * m_windowPeak)),
                   QStringLiteral("reach"), now);
    switch (m_phase) {
    case Phase::Enter: {
        // From the simulator's cue to neutral, ramped: the seat is handed over without a step.
        const double x = s.rampS > 0.0 ? std::min(1.0, t / s.rampS) : 1.0;
        m_host.sendSimulatorCue(m_enterGain * (1.0 - x), origin());
        if (x >= 1.0)
            beginExcitation(now);
        break;
    }
    case Phase::Excite: {
        if (t >= excitationS()) {
            sendLevel(0.0);
            m_result.scale[std::size_t(m_dof)] = m_scale;
            ++m_result.dofsDone;
            m_phase = Phase::Rest;
            m_phaseNs = now;
            break;
        }
        // The scale follows the pose, once a second.
        if (now - m_windowNs >= kWindowNs) {
            if (m_windowPeak < s.growBelow)
                m_scale = std::min(s.maxScale, m_scale * kGrow);
            else if (m_windowPeak > s.shrinkAbove)
                m_scale *= kShrink;
            m_windowPeak = 0.0;
            m_windowNs = now;
        }
        excite(t);
        m_result.scale[std::size_t(m_dof)] = m_scale;
        break;
    }
    case Phase::Rest:
        sendLevel(0.0);
        if (t < s.restS)
            break;
        if (m_dof == 5)
            return end(State::Done, QString(), QString(), now);
        ++m_dof;
        m_result.dof = m_dof;
        m_scale = s.startScale; // every DoF starts low again: its reach is another
        beginExcitation(now);
        break;
    case Phase::Ending:
        break;
    }
}

void PlatformMeasurementRun::stop(const QString &reason, const QString &reasonId, std::int64_t now)
{
    if (!m_active)
        return;
    if (m_phase == Phase::Ending) {
        if (m_host.safety().stopped()) { // a STOP ends the way out (it sent neutral)
            m_active = false;
            m_host.safety().rampInAgain();
        }
        return;
    }
    end(PlatformMeasurementResult::State::Stopped, reason, reasonId, now);
}

void PlatformMeasurementRun::end(PlatformMeasurementResult::State state, const QString &reason,
                                 const QString &reasonId, std::int64_t now)
{
    RiderSafety &safety = m_host.safety();
    m_result.state = state;
    m_result.reason = reason;
    m_result.reasonId = reasonId;
    m_result.dof = -1;
    m_result.elapsedS = double(now - m_startNs) * 1e-9;
    announce(state == PlatformMeasurementResult::State::Done ? Announcement::Done
                                                             : Announcement::Stopped,
             reason, reasonId);
    if (!safety.stopped() && m_k != 0.0) {
        // Not a STOP: the test cue ramps out (step()), no jump.
        m_phase = Phase::Ending;
        m_endingFrom = m_k;
        m_phaseNs = now;
        return;
    }
    if (!safety.stopped() && m_phase == Phase::Enter) // still handing over: neutral now
        m_host.sendSimulatorCue(0.0, origin());
    m_active = false;
    safety.rampInAgain(); // the simulator's cues come back ramped from neutral
}

} // namespace hil::raven
