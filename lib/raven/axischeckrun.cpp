#include "raven/axischeckrun.h"

#include "raven/ravencodec.h"
#include "raven/ridersafety.h"
#include "raven/testcuehost.h"

#include <algorithm>

namespace hil::raven {

AxisCheckRun::AxisCheckRun(TestCueHost &host, Finished finished)
    : m_host(host), m_finished(std::move(finished))
{
}

void AxisCheckRun::open(const QString &address, const QString &storePath)
{
    m_address = address;
    m_storePath = storePath;
    const AxisCheckStore::Status checked = AxisCheckStore(m_storePath).status(m_address);
    if (checked.held)
        hold(checked.heldAxis, checked.movedAxis);
    m_passedMask = checked.passedMask; // passes since the crossing count towards the release
    m_passed = checked.allPassed();
    m_checked = checked;
}

// The rig check's "passed / failed / never, and when" of this address (counter axis_check).
QJsonObject AxisCheckRun::summaryOf(const AxisCheckStore::Status &s)
{
    QJsonObject o{{"result", AxisCheckStore::summaryName(s.summary)}};
    if (s.lastTime.isValid())
        o.insert(QStringLiteral("time"), s.lastTime.toUTC().toString(Qt::ISODate));
    return o;
}

void AxisCheckRun::start(int axis, double amplitude, double durationS, std::int64_t nowNs,
                         bool otherTestCue)
{
    RiderSafety &safety = m_host.safety();
    if (axis < 0 || axis > 5 || m_test.active || otherTestCue || safety.stopped() ||
        safety.platformMode() != ModeCueing || durationS <= 0.0) {
        m_host.raiseEvent(
            QStringLiteral("raven.axis_test_refused"), Severity::Warning,
            QStringLiteral("axis check refused: the platform must show CUEING, not stopped"), {});
        m_finished(axis, AxisOutcome::Refused, 0.0, -1);
        return;
    }
    m_test = Test{};
    m_test.active = true;
    m_test.axis = axis;
    m_test.amplitude = amplitude;
    m_test.durationS = durationS;
    m_test.startNs = nowNs;
    m_response.begin(nowNs);
    m_host.raiseEvent(QStringLiteral("raven.axis_test"), Severity::Info,
                      QStringLiteral("axis check: test cue on axis %1 (%2 for %3 s)")
                          .arg(axis)
                          .arg(amplitude)
                          .arg(durationS),
                      {QString::number(axis), QString::number(durationS, 'g', 3)});
}

void AxisCheckRun::step(std::int64_t now)
{
    const double t = double(now - m_test.startNs) * 1e-9;
    // Trapezoid: a quarter of the time in, half held, a quarter out; then 0.5 s of neutral
    // cues for the seat to answer before the result is read.
    const double T = m_test.durationS, ramp = T / 4.0;
    double k = 0.0;
    if (m_test.crossedBy >= 0) { // cancelled: down from where it was, at the ramp's slope
        const double tc = double(now - m_test.cancelNs) * 1e-9;
        k = std::max(0.0, m_test.cancelK - tc / ramp);
    } else if (t < ramp) {
        k = t / ramp;
    } else if (t < T - ramp) {
        k = 1.0;
    } else if (t < T) {
        k = (T - t) / ramp;
    }
    m_test.k = k;
    m_host.sendTestCue(m_test.axis, m_test.amplitude, k, CueOrigin::AxisCheck);
    if (m_test.crossedBy >= 0) {
        if (k <= 0.0) // the neutral cue is out
            end(AxisOutcome::Crossed, m_test.crossedBy);
    } else if (t >= T + 0.5) {
        const int lead = m_response.leader();
        end(lead == m_test.axis ? AxisOutcome::Passed
            : lead < 0          ? AxisOutcome::NoResponse
                                : AxisOutcome::Crossed,
            lead);
    }
}

void AxisCheckRun::onPose(const std::array<double, 6> &pose, std::int64_t now)
{
    m_response.addPose(pose, now);
    // Another DoF moved most: the platform reads the axes differently. Ramp the test cue out
    // now (step()) and hold the simulator's cues before it ends.
    if (m_test.active && m_test.crossedBy < 0) {
        const int lead = m_response.leader();
        if (lead >= 0 && lead != m_test.axis) {
            m_test.crossedBy = lead;
            m_test.cancelNs = now;
            m_test.cancelK = m_test.k;
            hold(m_test.axis, lead);
        }
    }
}

void AxisCheckRun::stopped()
{
    if (m_test.active) // a crossing seen before the STOP still counts
        end(m_test.crossedBy >= 0 ? AxisOutcome::Crossed : AxisOutcome::Cancelled,
            m_test.crossedBy >= 0 ? m_test.crossedBy : m_response.leader());
}

void AxisCheckRun::hold(int axis, int moved)
{
    m_host.safety().setAxisHold(true, axis, moved);
    m_passedMask = 0; // every axis is checked again
    m_passed = false;
    m_heldAxis = axis;
    m_movedAxis = moved;
    m_held = true;
}

void AxisCheckRun::end(AxisOutcome outcome, int moved)
{
    m_test.active = false;
    m_response.end();
    RiderSafety &safety = m_host.safety();
    safety.rampInAgain(); // the simulator's cues come back ramped from neutral, not as a step
    const int axis = m_test.axis;
    const double change = m_response.change(axis);
    if (outcome == AxisOutcome::Crossed)
        hold(axis, moved);
    else if (outcome == AxisOutcome::Passed)
        m_passedMask |= 1u << axis;
    else if (outcome == AxisOutcome::NoResponse)
        m_passedMask &= ~(1u << axis);
    if (outcome != AxisOutcome::Cancelled) {
        AxisCheckStore store(m_storePath);
        m_checked = store.recordOutcome(m_address, axis, outcome, moved, m_host.cueFrameId());
        if (!store.lastWriteOk())
            m_host.raiseEvent(
                QStringLiteral("raven.axis_check_not_saved"), Severity::Warning,
                QStringLiteral("axis check: the result could not be saved; a later run "
                               "will not know it"),
                {});
    }
    m_passed = m_passedMask == 0x3Fu;
    if (m_passed && safety.axisHeld()) { // every axis passed since the crossing
        safety.setAxisHold(false);
        m_held = false;
        m_heldAxis = -1;
        m_movedAxis = -1;
    }
    const QString name = QLatin1String(dofName(axis));
    QString text;
    // args: the outcome's word (it picks the window's sentence), the test cue's axis and, for a
    // crossing, the DoF that moved; axes as numbers
    QStringList args{QString(), QString::number(axis)};
    switch (outcome) {
    case AxisOutcome::Passed:
        text = QStringLiteral("axis check: %1 passed (moved %2)").arg(name).arg(change);
        args[0] = QStringLiteral("passed");
        break;
    case AxisOutcome::NoResponse:
        text = QStringLiteral("axis check: %1 test cue, no DoF moved above its noise").arg(name);
        args[0] = QStringLiteral("no_response");
        break;
    case AxisOutcome::Crossed:
        text = QStringLiteral("axis check: a %1 test cue moved %2: the platform reads the axes "
                              "differently (test cue ramped out)")
                   .arg(name, QLatin1String(dofName(moved)));
        args[0] = QStringLiteral("crossed");
        args << QString::number(moved);
        break;
    default:
        text = QStringLiteral("axis check: %1 cancelled").arg(name);
        args[0] = QStringLiteral("cancelled");
        break;
    }
    m_host.raiseEvent(QStringLiteral("raven.axis_test_done"),
                      outcome == AxisOutcome::Crossed      ? Severity::Error
                      : outcome == AxisOutcome::NoResponse ? Severity::Warning
                                                           : Severity::Info,
                      text, args);
    m_finished(axis, outcome, outcome == AxisOutcome::Cancelled ? 0.0 : change, moved);
}

} // namespace hil::raven
