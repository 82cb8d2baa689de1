#include "raven/ravenlink.h"
#include "core/hostlookup.h"
#include "model/clock.h"
#include "raven/axischeckstore.h"
#include "raven/logging.h"

#include <QJsonArray>
#include <QNetworkProxy>
#include <QTimer>
#include <QUdpSocket>
#include <algorithm>
#include <cmath>

namespace hil {

using namespace raven;

RavenLink::RavenLink(const RavenLinkConfig &config, QObject *parent)
    : Worker(QStringLiteral("raven"), parent), m_config(config), m_cueing(config.cueing),
      m_safety(config.safety)
{
    qRegisterMetaType<hil::SimFrame>();
    qRegisterMetaType<hil::PlatformSample>();
    qRegisterMetaType<hil::CueSample>();
    qRegisterMetaType<hil::LoopHealth>();
    qRegisterMetaType<hil::PilotControls>();
    qRegisterMetaType<hil::raven::CueingSettings>();
    m_lastCue = m_cueing.neutral();
}

RavenLink::~RavenLink() = default;

std::int64_t RavenLink::nowNs()
{
    return steadyNowNs();
}

bool RavenLink::open(QString *error)
{
    m_peer = resolveHostIPv4(m_config.host);
    if (m_peer.isNull()) {
        *error = QStringLiteral("raven: cannot resolve host %1").arg(m_config.host);
        return false;
    }
    m_socket = new QUdpSocket(this);
    m_socket->setProxy(QNetworkProxy::NoProxy); // the platform on the LAN: no system proxy lookup
    // Replies come from the platform: a platform on this machine (the stand-in) only needs
    // loopback, so nothing else on the network can reach the port; a remote one needs all.
    const QHostAddress bindAddress = m_peer.isLoopback() ? QHostAddress(QHostAddress::LocalHost)
                                                         : QHostAddress(QHostAddress::AnyIPv4);
    if (!m_socket->bind(bindAddress, m_config.listenPort)) {
        *error = QStringLiteral("raven: cannot bind UDP port %1: %2")
                     .arg(m_config.listenPort)
                     .arg(m_socket->errorString());
        delete m_socket;
        m_socket = nullptr;
        return false;
    }
    connect(m_socket, &QUdpSocket::readyRead, this, &RavenLink::onReadyRead);
    m_listenPort = m_socket->localPort();
    m_tick = new QTimer(this);
    m_tick->setTimerType(Qt::PreciseTimer);
    m_tick->setInterval(10);
    connect(m_tick, &QTimer::timeout, this, &RavenLink::onTick);
    m_tick->start();
    setEndpoints({{"listen_port", int(m_socket->localPort())},
                  {"platform_host", m_peer.toString()},
                  {"platform_port", int(m_config.port)},
                  {"frame", m_config.cueing.frameId}});
    qCInfo(lcRaven) << "raven link: listening on" << m_socket->localPort() << "platform"
                    << m_peer.toString() << m_config.port << "frame" << m_config.cueing.frameId;
    setState(LinkState::Connecting);
    // The last axis check of this address: a failed one holds the simulator's cues at neutral
    // from the first frame (headless runs too); the mode is still the operator's (--raven-mode).
    m_address = AxisCheckStore::address(m_peer.toString(), m_config.port);
    const AxisCheckStore::Status checked =
        AxisCheckStore(m_config.axisCheckStore).status(m_address);
    if (checked.held)
        holdAxes(checked.heldAxis, checked.movedAxis);
    m_passedMask = checked.passedMask; // passes since the crossing count towards the release
    m_axisCheckPassed = checked.allPassed();
    m_axisCheckSummary = axisCheckSummary(checked);
    onTick(); // first poll now: the platform answers every valid frame
    return true;
}

// The rig check's "passed / failed / never, and when" of this address (counter axis_check).
QJsonObject RavenLink::axisCheckSummary(const AxisCheckStore::Status &s)
{
    QJsonObject o{{"result", AxisCheckStore::summaryName(s.summary)}};
    if (s.lastTime.isValid())
        o.insert(QStringLiteral("time"), s.lastTime.toUTC().toString(Qt::ISODate));
    return o;
}

void RavenLink::close()
{
    if (m_tick) {
        m_tick->stop();
        delete m_tick;
        m_tick = nullptr;
    }
    if (m_socket) {
        // Leave the rider level and still: a neutral cue is the last thing the platform hears.
        // Every exit path of the program parks first (park(): ramp, LEVEL BRAKE); arriving
        // here unparked with cues still on (a link stopped from the Links panel) this neutral
        // frame is a step, so say so.
        if (m_haveCue) {
            if (m_lastSentGain > 0.0 && m_safety.parkState() == RiderSafety::Park::None)
                qCWarning(lcRaven)
                    << "raven: closed without parking; last cue gain" << m_lastSentGain;
            sendCueFrame(m_cueing.encode(m_lastCue, 0.0, &m_clamped), 0.0, true,
                         CueOrigin::Closing);
        }
        m_socket->close();
        delete m_socket;
        m_socket = nullptr;
    }
}

bool RavenLink::send(const QByteArray &frame)
{
    if (!m_socket || frame.isEmpty())
        return false;
    if (m_socket->writeDatagram(frame, m_peer, m_config.port) != frame.size()) {
        if (m_sendErrors++ == 0)
            qCWarning(lcRaven) << "raven: send failed:" << m_socket->errorString();
        return false;
    }
    ++m_framesSent;
    const std::uint16_t id = std::uint16_t((std::uint8_t(frame[4]) << 8) | std::uint8_t(frame[5]));
    if (!m_outstanding.contains(id))
        m_outstanding.insert(
            id, nowNs()); // the oldest unanswered frame of this id times the round trip
    return true;
}

void RavenLink::sendCueFrame(const QByteArray &frame, double cueGain, bool masterScaled,
                             CueOrigin origin)
{
    if (!send(frame))
        return; // not on the wire: no row
    CueSample s;
    s.monotonicNs = nowNs();
    // The words back from the bytes sent, not from the cue: what the platform got, clamps and
    // rounding included.
    if (!decodeFrame(frame, Direction::ToPlatform, &s.frame))
        return;
    s.cueGain = masterScaled ? std::clamp(cueGain, 0.0, 1.0) : 1.0;
    s.masterGain = masterScaled ? m_cueing.settings().masterGain : 1.0;
    s.origin = origin;
    s.holds = m_safety.gainHolds();
    if (masterScaled && s.cueGain <= 0.0)
        ++m_cueFramesZeroed;
    emit cueSent(s);
}

void RavenLink::onSimFrame(const SimFrame &frame)
{
    tsanArrived(frame); // TSan: a slot invoked queued, the frame copied by Qt in the sender
    const std::int64_t now = nowNs();
    if (m_safety.onSimFrame(frame, now)) {
        m_lastCue = m_cueing.update(frame);
        m_haveCue = true;
    } else {
        ++m_implausibleFrames; // the guard's event says it once; the last plausible cue stays
    }
    if (m_cueing.admit(frame, now) && m_safety.simFresh() && !m_axisTest.active && !m_delay.active)
        sendCue(now);
    flushSafetyEvents();
}

void RavenLink::onLoopHealth(const LoopHealth &health)
{
    tsanArrived(health);
    ++m_loopReports;
    m_safety.onLoopHealth(health, nowNs());
    flushSafetyEvents();
}

void RavenLink::sendCue(std::int64_t)
{
    const double gain = m_safety.cueGain();
    sendCueFrame(m_cueing.encode(m_lastCue, gain, &m_clamped), gain, true, CueOrigin::Simulator);
    m_lastSentGain = gain;
}

void RavenLink::onTick()
{
    const std::int64_t now = nowNs();
    m_safety.tick(now);
    // While the simulator is stale (or after STOP) nothing else paces cue frames: the timer
    // carries the ramp to neutral, then one last neutral frame.
    if (m_axisTest.active)
        stepAxisTest(now);
    else if (m_delay.active)
        stepTransportDelay(now);
    else if (m_haveCue && !m_safety.simFresh() &&
             (m_safety.cueGain() > 0.0 || m_lastSentGain > 0.0))
        sendCue(now);
    sendDue(now);
    flushSafetyEvents();
}

void RavenLink::sendDue(std::int64_t nowNs)
{
    for (const QByteArray &b : m_safety.dueFrames(nowNs))
        send(b);
}

void RavenLink::flushSafetyEvents()
{
    for (const Event &e : m_safety.takeEvents())
        raiseEvent(e.id, e.severity, e.text, e.args);
    if (!m_parkAnnounced) {
        const RiderSafety::Park p = m_safety.parkState();
        if (p == RiderSafety::Park::Parked || p == RiderSafety::Park::NotNeeded ||
            p == RiderSafety::Park::TimedOut) {
            m_parkAnnounced = true;
            emit parked(
                p != RiderSafety::Park::TimedOut,
                p == RiderSafety::Park::Parked ? QStringLiteral("platform parked in LEVEL BRAKE")
                : p == RiderSafety::Park::NotNeeded ? QStringLiteral("no mode change needed")
                                                    : QStringLiteral("LEVEL BRAKE not confirmed"));
        }
    }
    switch (m_safety.link()) {
    case RiderSafety::Link::Up:
        setState(LinkState::Up);
        break;
    case RiderSafety::Link::Silent:
        setState(LinkState::Down);
        break;
    case RiderSafety::Link::NeverAnswered:
        break;
    }
}

void RavenLink::onReadyRead()
{
    while (m_socket && m_socket->hasPendingDatagrams()) {
        QByteArray buf(int(std::max<qint64>(m_socket->pendingDatagramSize(), 1)),
                       Qt::Uninitialized);
        const qint64 n = m_socket->readDatagram(buf.data(), buf.size());
        if (n <= 0)
            continue;
        const std::int64_t now = nowNs();
        const std::uint64_t crcBefore = m_decoder.crcErrors();
        m_decoder.feed(buf.constData(), std::size_t(n),
                       [&](const Frame &f) { handleFrame(f, now); });
        if (crcBefore == 0 && m_decoder.crcErrors() > 0)
            qCWarning(lcRaven) << "raven: CRC errors in platform replies (counted from now on)";
    }
    flushSafetyEvents();
}

void RavenLink::handleFrame(const Frame &f, std::int64_t now)
{
    ++m_framesReceived;
    const auto sent = m_outstanding.constFind(f.id);
    if (sent != m_outstanding.constEnd()) {
        m_rttMs.push_back(double(now - sent.value()) * 1e-6);
        if (m_rttMs.size() > 256)
            m_rttMs.pop_front();
        m_outstanding.erase(sent);
    }
    const PlatformSample s = sampleFromFrame(f, now);
    m_status = s.status;
    m_haveStatus = true;
    m_reportedMode = s.status.mode;
    m_reportedThermal = s.status.thermal;
    if (s.hasFirmware) {
        m_firmware = s.firmware;
        if (!m_haveFirmware) {
            QStringList args;
            for (int i : {0, 2, 3, 4, 5})
                args << QString::number(s.firmware[std::size_t(i)]);
            raiseEvent(QStringLiteral("raven.firmware"), Severity::Info,
                       QStringLiteral("platform firmware %1 rev %2 (%3-%4-%5)")
                           .arg(args[0], args[1], args[2], args[3], args[4]),
                       args);
        }
        m_haveFirmware = true;
    }
    if (s.hasTemperatures)
        m_temperaturesC = s.temperaturesC;
    m_safety.onPlatformReply(s.status, f.id, now);
    if (s.hasPose) {
        m_safety.onPose({s.positionM[0], s.positionM[1], s.positionM[2], s.anglesRad[0],
                         s.anglesRad[1], s.anglesRad[2]},
                        now);
        m_response.addPose({s.positionM[0], s.positionM[1], s.positionM[2], s.anglesRad[0],
                            s.anglesRad[1], s.anglesRad[2]},
                           now);
        if (m_delay.active &&
            (m_delay.phase == DelayRun::Phase::Quiet || m_delay.phase == DelayRun::Phase::Step)) {
            const int ax = m_config.transportDelay.axis;
            m_delayEstimator.addSample(now, ax < 3 ? s.positionM[std::size_t(ax)]
                                                   : s.anglesRad[std::size_t(ax - 3)]);
        }
        // Another DoF moved most: the platform reads the axes differently. Ramp the test cue out
        // now (stepAxisTest) and hold the simulator's cues before it ends.
        if (m_axisTest.active && m_axisTest.crossedBy < 0) {
            const int lead = m_response.leader();
            if (lead >= 0 && lead != m_axisTest.axis) {
                m_axisTest.crossedBy = lead;
                m_axisTest.cancelNs = now;
                m_axisTest.cancelK = m_axisTest.k;
                holdAxes(m_axisTest.axis, lead);
            }
        }
    }
    emit platformSample(s);
}

void RavenLink::requestMode(int mode)
{
    const std::int64_t now = nowNs();
    if (!m_safety.operatorMode(mode, now)) {
        raiseEvent(QStringLiteral("raven.invalid_mode"), Severity::Warning,
                   QStringLiteral("rejected invalid mode request %1").arg(mode),
                   {QString::number(mode)});
        return;
    }
    sendDue(now);
    flushSafetyEvents();
}

void RavenLink::onPilot(const PilotControls &controls)
{
    const std::int64_t now = nowNs();
    m_pilotPresent = controls.active;
    m_pilotStopMapped = controls.active && controls.stopMapped;
    if (controls.active)
        m_pilotDevice = controls.deviceName;
    if (controls.active && (controls.pressed & PilotStop)) {
        ++m_pilotStops;
        // The same STOP as the toolbar's, taken here in the link's thread: it works while the
        // window is frozen or a modal dialog runs.
        raiseEvent(QStringLiteral("raven.pilot_stop"), Severity::Error,
                   QStringLiteral("STOP from the pilot's button (%1)").arg(controls.deviceName),
                   {controls.deviceName});
        emergencyStop();
    }
    m_safety.onPilot(controls.active, controls.enablingConfigured, controls.enablingHeld, now);
    flushSafetyEvents();
}

void RavenLink::emergencyStop()
{
    const std::int64_t now = nowNs();
    m_safety.emergencyStop(now);
    if (m_delay.active)
        stopTransportDelay(QStringLiteral("STOP"), QStringLiteral("stop"));
    if (m_axisTest.active) // a crossing seen before the STOP still counts
        endAxisTest(m_axisTest.crossedBy >= 0 ? AxisOutcome::Crossed : AxisOutcome::Cancelled,
                    m_axisTest.crossedBy >= 0 ? m_axisTest.crossedBy : m_response.leader());
    // Neutral cue first (the rider stops being pushed), then the stop mode request.
    sendCueFrame(m_cueing.encode(m_lastCue, 0.0, &m_clamped), 0.0, true, CueOrigin::Stop);
    m_lastSentGain = 0.0;
    sendDue(now);
    flushSafetyEvents();
}

void RavenLink::axisTest(int axis, double amplitude, double durationS)
{
    if (axis < 0 || axis > 5 || m_axisTest.active || m_delay.active || m_safety.stopped() ||
        m_safety.platformMode() != ModeCueing || durationS <= 0.0) {
        raiseEvent(
            QStringLiteral("raven.axis_test_refused"), Severity::Warning,
            QStringLiteral("axis check refused: the platform must show CUEING, not stopped"));
        emit axisTestFinished(axis, int(AxisOutcome::Refused), 0.0, -1);
        return;
    }
    m_axisTest = AxisTest{};
    m_axisTest.active = true;
    m_axisTest.axis = axis;
    m_axisTest.amplitude = amplitude;
    m_axisTest.durationS = durationS;
    m_axisTest.startNs = nowNs();
    m_response.begin(m_axisTest.startNs);
    raiseEvent(QStringLiteral("raven.axis_test"), Severity::Info,
               QStringLiteral("axis check: test cue on axis %1 (%2 for %3 s)")
                   .arg(axis)
                   .arg(amplitude)
                   .arg(durationS),
               {QString::number(axis), QString::number(durationS, 'g', 3)});
}

void RavenLink::stepAxisTest(std::int64_t now)
{
    const double t = double(now - m_axisTest.startNs) * 1e-9;
    // Trapezoid: a quarter of the time in, half held, a quarter out; then 0.5 s of neutral
    // cues for the seat to answer before the result is read.
    const double T = m_axisTest.durationS, ramp = T / 4.0;
    double k = 0.0;
    if (m_axisTest.crossedBy >= 0) { // cancelled: down from where it was, at the ramp's slope
        const double tc = double(now - m_axisTest.cancelNs) * 1e-9;
        k = std::max(0.0, m_axisTest.cancelK - tc / ramp);
    } else if (t < ramp) {
        k = t / ramp;
    } else if (t < T - ramp) {
        k = 1.0;
    } else if (t < T) {
        k = (T - t) / ramp;
    }
    m_axisTest.k = k;
    Cue c = m_cueing.neutral();
    const AxisSettings &as = m_cueing.settings().axes[std::size_t(m_axisTest.axis)];
    c.v[std::size_t(m_axisTest.axis)] += (as.invert ? -1.0 : 1.0) * m_axisTest.amplitude * k;
    sendCueFrame(m_cueing.encodeTestPulse(c, &m_clamped), 1.0, false, CueOrigin::AxisCheck);
    m_lastSentGain = 0.0;
    if (m_axisTest.crossedBy >= 0) {
        if (k <= 0.0) // the neutral cue is out
            endAxisTest(AxisOutcome::Crossed, m_axisTest.crossedBy);
    } else if (t >= T + 0.5) {
        const int lead = m_response.leader();
        endAxisTest(lead == m_axisTest.axis ? AxisOutcome::Passed
                    : lead < 0              ? AxisOutcome::NoResponse
                                            : AxisOutcome::Crossed,
                    lead);
    }
}

void RavenLink::holdAxes(int axis, int moved)
{
    m_safety.setAxisHold(true, axis, moved);
    m_passedMask = 0; // every axis is checked again
    m_axisCheckPassed = false;
    m_axisHoldAxis = axis;
    m_axisHoldMoved = moved;
    m_axisHeld = true;
}

void RavenLink::endAxisTest(AxisOutcome outcome, int moved)
{
    m_axisTest.active = false;
    m_response.end();
    m_safety.rampInAgain(); // the simulator's cues come back ramped from neutral, not as a step
    const int axis = m_axisTest.axis;
    const double change = m_response.change(axis);
    if (outcome == AxisOutcome::Crossed)
        holdAxes(axis, moved);
    else if (outcome == AxisOutcome::Passed)
        m_passedMask |= 1u << axis;
    else if (outcome == AxisOutcome::NoResponse)
        m_passedMask &= ~(1u << axis);
    if (outcome != AxisOutcome::Cancelled) {
        AxisCheckStore store(m_config.axisCheckStore);
        m_axisCheckSummary = axisCheckSummary(
            store.recordOutcome(m_address, axis, outcome, moved, m_cueing.settings().frameId));
        if (!store.lastWriteOk())
            raiseEvent(QStringLiteral("raven.axis_check_not_saved"), Severity::Warning,
                       QStringLiteral("axis check: the result could not be saved; a later run "
                                      "will not know it"));
    }
    m_axisCheckPassed = m_passedMask == 0x3Fu;
    if (m_axisCheckPassed && m_safety.axisHeld()) { // every axis passed since the crossing
        m_safety.setAxisHold(false);
        m_axisHeld = false;
        m_axisHoldAxis = -1;
        m_axisHoldMoved = -1;
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
    raiseEvent(QStringLiteral("raven.axis_test_done"),
               outcome == AxisOutcome::Crossed      ? Severity::Error
               : outcome == AxisOutcome::NoResponse ? Severity::Warning
                                                    : Severity::Info,
               text, args);
    emit axisTestFinished(axis, int(outcome), outcome == AxisOutcome::Cancelled ? 0.0 : change,
                          moved);
}

void RavenLink::refuseTransportDelay(const QString &reason, const QString &reasonId)
{
    if (!m_delay.active) { // a running measurement goes on; its figures stay
        m_delay = DelayRun{};
        m_delay.result.state = TransportDelayResult::State::Refused;
        m_delay.result.reason = reason;
    }
    // args: the reason's id (mode, stop, enabling, axis_hold, busy, steps), for a translated
    // sentence
    raiseEvent(QStringLiteral("raven.transport_delay_refused"), Severity::Warning,
               QStringLiteral("transport delay refused: %1").arg(reason), {reasonId});
}

void RavenLink::startTransportDelay(int steps)
{
    const TransportDelaySettings &cfg = m_config.transportDelay;
    if (m_delay.active || m_axisTest.active)
        return refuseTransportDelay(QStringLiteral("a test cue is already running"),
                                    QStringLiteral("busy"));
    if (steps < 1 || cfg.axis < 0 || cfg.axis > 5)
        return refuseTransportDelay(QStringLiteral("no steps to make"), QStringLiteral("steps"));
    if (m_safety.stopped())
        return refuseTransportDelay(QStringLiteral("STOP is latched"), QStringLiteral("stop"));
    if (m_safety.platformMode() != ModeCueing)
        return refuseTransportDelay(QStringLiteral("the platform does not show CUEING"),
                                    QStringLiteral("mode"));
    // The rider's dead-man button gates every cue, test cues included.
    if (m_safety.enablingConfigured() && !m_safety.enablingHeld())
        return refuseTransportDelay(QStringLiteral("the enabling button is released"),
                                    QStringLiteral("enabling"));
    // A failed axis check means the platform reads the cue words differently: a step on one
    // word could move another DoF. The store is read again (the dialog may have written it).
    if (m_safety.axisHeld() || AxisCheckStore(m_config.axisCheckStore).status(m_address).held)
        return refuseTransportDelay(
            QStringLiteral("this platform address is held by a failed axis check"),
            QStringLiteral("axis_hold"));
    const std::int64_t now = nowNs();
    m_delay = DelayRun{};
    m_delay.active = true;
    m_delay.result.state = TransportDelayResult::State::Running;
    m_delay.result.stepsAsked = steps;
    m_delay.result.axis = QLatin1String(dofName(cfg.axis));
    m_delay.result.amplitude = cfg.amplitude;
    m_delay.phase = DelayRun::Phase::Enter;
    m_delay.phaseNs = now;
    m_delay.enterGain = m_haveCue ? m_lastSentGain : 0.0;
    m_delayEstimator = TransportDelayEstimator(cfg.axis < 3 ? cfg.floorM : cfg.floorRad,
                                               TransportDelayEstimator::Shape::Acceleration);
    raiseEvent(
        QStringLiteral("raven.transport_delay"), Severity::Info,
        QStringLiteral("transport delay: %1 steps of %2 on %3")
            .arg(steps)
            .arg(cfg.amplitude)
            .arg(QLatin1String(dofName(cfg.axis))),
        {QString::number(steps), QString::number(cfg.amplitude), QLatin1String(dofName(cfg.axis))});
}

void RavenLink::sendDelayCue(double k)
{
    const TransportDelaySettings &cfg = m_config.transportDelay;
    Cue c = m_cueing.neutral();
    const AxisSettings &as = m_cueing.settings().axes[std::size_t(cfg.axis)];
    c.v[std::size_t(cfg.axis)] += (as.invert ? -1.0 : 1.0) * cfg.amplitude * k;
    sendCueFrame(m_cueing.encodeTestPulse(c, &m_clamped), 1.0, false, CueOrigin::TransportDelay);
    m_delay.k = k;
    m_lastSentGain = 0.0;
}

void RavenLink::stepTransportDelay(std::int64_t now)
{
    const TransportDelaySettings &cfg = m_config.transportDelay;
    if (m_safety.stopped())
        return stopTransportDelay(QStringLiteral("STOP"), QStringLiteral("stop"));
    if (m_delay.ending) { // stopped: the test cue ramps out, then the simulator's cues ramp in
        const double t = double(now - m_delay.phaseNs) * 1e-9;
        const double k = cfg.rampS > 0.0 ? std::max(0.0, m_delay.returnFromK - t / cfg.rampS) : 0.0;
        sendDelayCue(k);
        if (k <= 0.0) {
            m_delay.active = false;
            m_delay.ending = false;
            m_safety.rampInAgain();
        }
        return;
    }
    if (m_safety.platformMode() != ModeCueing)
        return stopTransportDelay(QStringLiteral("the platform left CUEING"),
                                  QStringLiteral("mode"));
    if (m_safety.enablingConfigured() && !m_safety.enablingHeld())
        return stopTransportDelay(QStringLiteral("the enabling button was released"),
                                  QStringLiteral("enabling"));
    const double t = double(now - m_delay.phaseNs) * 1e-9;
    auto enter = [&](DelayRun::Phase p) {
        m_delay.phase = p;
        m_delay.phaseNs = now;
    };
    switch (m_delay.phase) {
    case DelayRun::Phase::Enter: {
        // From the simulator's cue to neutral, ramped: the measurement's first frame is no step.
        const double x = cfg.rampS > 0.0 ? std::min(1.0, t / cfg.rampS) : 1.0;
        m_lastSentGain = m_delay.enterGain * (1.0 - x);
        sendCueFrame(m_cueing.encode(m_lastCue, m_lastSentGain, &m_clamped), m_lastSentGain, true,
                     CueOrigin::TransportDelay);
        if (x >= 1.0) {
            m_delayEstimator.reset();
            enter(DelayRun::Phase::Quiet);
        }
        break;
    }
    case DelayRun::Phase::Quiet: {
        // A step from a still seat: a seat still washing out from the last step curves away
        // from the baseline's line while the step's response is awaited. After 4 × quietS the
        // line has to do.
        const double drift = m_delayEstimator.baselineDrift(now);
        const bool still = drift >= 0.0 && drift <= 0.25 * m_delayEstimator.floor();
        if (t < cfg.quietS || (!still && t < 4.0 * cfg.quietS)) {
            sendDelayCue(0.0);
            break;
        }
        // The step: its time is the send time of its first frame.
        if (!m_delayEstimator.setStep(now))
            return stopTransportDelay(QStringLiteral("no pose replies from the platform"),
                                      QStringLiteral("no_pose"));
        m_delay.stepNs = now;
        enter(DelayRun::Phase::Step);
        sendDelayCue(1.0);
        break;
    }
    case DelayRun::Phase::Step:
        if (const auto ms = m_delayEstimator.delayMs()) {
            m_delay.result.samplesMs.push_back(*ms);
            m_delay.returnFromK = 1.0;
            enter(DelayRun::Phase::Return);
            sendDelayCue(1.0);
        } else if (t > cfg.timeoutS) {
            return stopTransportDelay(QStringLiteral("the seat did not answer step %1 within %2 ms")
                                          .arg(m_delay.result.samplesMs.size() + 1)
                                          .arg(std::lround(cfg.timeoutS * 1000.0)),
                                      QStringLiteral("no_response"));
        } else {
            sendDelayCue(1.0);
        }
        break;
    case DelayRun::Phase::Return: {
        const double k = cfg.rampS > 0.0 ? std::max(0.0, m_delay.returnFromK - t / cfg.rampS) : 0.0;
        sendDelayCue(k);
        if (k > 0.0)
            break;
        if (int(m_delay.result.samplesMs.size()) < m_delay.result.stepsAsked) {
            m_delayEstimator.reset();
            enter(DelayRun::Phase::Quiet);
            break;
        }
        m_delay.active = false;
        m_delay.result.state = TransportDelayResult::State::Done;
        m_safety.rampInAgain(); // the simulator's cues come back ramped from neutral
        const TransportDelayResult &r = m_delay.result;
        const double median = r.medianMs(), worst = r.maxMs();
        // args: steps, median ms, max ms (C locale, 1 decimal)
        raiseEvent(QStringLiteral("raven.transport_delay_done"), Severity::Info,
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

void RavenLink::stopTransportDelay(const QString &reason, const QString &reasonId)
{
    if (m_delay.ending) {
        // Already stopped, the test cue ramping out: a STOP ends the ramp (it sent neutral).
        if (m_safety.stopped()) {
            m_delay.active = false;
            m_delay.ending = false;
            m_safety.rampInAgain();
        }
        return;
    }
    m_delay.result.state = TransportDelayResult::State::Stopped;
    m_delay.result.reason = reason;
    // args: the reason's id (stop, park, mode, enabling, no_pose, no_response), steps done
    raiseEvent(QStringLiteral("raven.transport_delay_stopped"), Severity::Warning,
               QStringLiteral("transport delay stopped after %1 steps: %2")
                   .arg(m_delay.result.samplesMs.size())
                   .arg(reason),
               {reasonId, QString::number(m_delay.result.samplesMs.size())});
    if (!m_safety.stopped() && m_delay.k > 0.0) {
        // Not a STOP: the test cue ramps out as between steps (stepTransportDelay), no jump.
        m_delay.ending = true;
        m_delay.returnFromK = m_delay.k;
        m_delay.phase = DelayRun::Phase::Return;
        m_delay.phaseNs = nowNs();
        return;
    }
    if (!m_safety.stopped()) {
        // Between steps (neutral test cue) or still ramping the simulator's cue out: neutral.
        sendCueFrame(m_cueing.encode(m_lastCue, 0.0, &m_clamped), 0.0, true,
                     CueOrigin::TransportDelay);
        m_lastSentGain = 0.0;
    }
    m_delay.active = false;
    m_safety.rampInAgain(); // the simulator's cues come back ramped from neutral
}

void RavenLink::park()
{
    const std::int64_t now = nowNs();
    if (m_delay.active)
        stopTransportDelay(QStringLiteral("the platform is being parked"), QStringLiteral("park"));
    m_safety.beginPark(now);
    // The 10 ms timer carries the ramp (and the sim frames, while they come); tick now so a
    // platform that needs nothing is reported parked at once.
    onTick();
}

void RavenLink::setWashoutTargets(double surgeM, double swayM, double heaveM, double rollRad,
                                  double pitchRad, double yawRad)
{
    const WashoutCheck c =
        checkWashout({surgeM, swayM, heaveM, rollRad, pitchRad, yawRad}, &m_clamped);
    for (int i = 0; i < c.warnings.size(); ++i)
        raiseEvent(QStringLiteral("raven.washout_warning"), Severity::Warning, c.warnings.at(i),
                   c.warningArgs.value(i));
    send(encodeWashout(c.words));
}

void RavenLink::setCueingSettings(const raven::CueingSettings &settings)
{
    m_cueing.setSettings(settings);
    m_lastCue = m_cueing.neutral();
    raiseEvent(QStringLiteral("raven.cueing_settings"), Severity::Info,
               QStringLiteral("cueing settings changed (frame %1, master gain %2)")
                   .arg(settings.frameId)
                   .arg(settings.masterGain),
               {QString::number(settings.frameId), QString::number(settings.masterGain)});
}

QJsonObject RavenLink::collectCounters() const
{
    QJsonArray motors;
    for (bool ok : m_status.motorOk)
        motors.append(m_haveStatus ? ok : false);
    double p50 = 0.0;
    if (!m_rttMs.empty()) {
        std::vector<double> v(m_rttMs.begin(), m_rttMs.end());
        std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(v.size() / 2), v.end());
        p50 = v[v.size() / 2];
    }
    const LoopGuard &guard = m_safety.loopGuard();
    QJsonObject c{
        {"frames_sent", double(m_framesSent)},
        {"frames_received", double(m_framesReceived)},
        {"crc_errors", double(m_decoder.crcErrors())},
        {"bytes_discarded", double(m_decoder.bytesDiscarded())},
        {"clamped", double(m_clamped)},
        {"status_word", double(m_status.raw)},
        {"mode", m_haveStatus ? modeName(m_status.mode) : QStringLiteral("UNKNOWN")},
        {"thermal", m_haveStatus ? thermalName(m_status.thermal) : QStringLiteral("UNKNOWN")},
        {"motors_ok", motors},
        {"rtt_ms_p50", p50},
        {"watchdog_trips", double(m_safety.watchdogTrips())},
        {"link_up", m_safety.link() == RiderSafety::Link::Up},
        {"cue_gain", m_safety.cueGain()},
        {"stopped", m_safety.stopped()},
        {"sim_fresh", m_safety.simFresh()},
        {"unknown_ids", double(m_decoder.unknownIds())},
        {"mode_requests", double(m_safety.modeRequests())},
        {"mode_requested", m_safety.requestedMode()},
        {"send_errors", double(m_sendErrors)},
        {"cue_frames_zeroed", double(m_cueFramesZeroed)},
        {"frame", m_cueing.settings().frameId},
        {"master_gain", m_cueing.settings().masterGain},
        {"axis_hold", m_safety.axisHeld()},
        {"axis_check_passed", m_axisCheckPassed.load()},
        {"axis_check", m_axisCheckSummary},
        {"loop_guard",
         QLatin1String(loopProblemName(guard.holding() ? guard.problem() : LoopProblem::None))},
        {"loop_guard_figure", guard.holding() ? guard.figure() : 0.0},
        {"loop_guard_threshold", guard.holding() ? guard.threshold() : 0.0},
        {"loop_guard_axis", guard.holding() ? guard.axis() : -1},
        {"loop_guard_healthy_s", guard.holding() ? guard.healthyS(nowNs()) : 0.0},
        {"loop_guard_healthy_for_s", guard.settings().healthyForS},
        {"loop_guard_episodes", double(guard.episodes())},
        {"end_stop_episodes", double(guard.endStopEpisodes())},
        {"implausible_frames", double(m_implausibleFrames)},
        {"px4_loop_reports", double(m_loopReports)},
        {"pilot_device", m_pilotPresent ? m_pilotDevice : QString()},
        {"pilot_stop_mapped", m_pilotStopMapped},
        {"pilot_stops", double(m_pilotStops)},
        {"enabling",
         !m_safety.enablingConfigured()
             ? QStringLiteral("none")
             : (m_safety.enablingHeld() ? QStringLiteral("held") : QStringLiteral("released"))},
    };
    {
        TransportDelayResult r = m_delay.result;
        if (r.axis.isEmpty()) { // idle or refused before a start: the axis it would step
            r.axis = QLatin1String(dofName(m_config.transportDelay.axis));
            r.amplitude = m_config.transportDelay.amplitude;
        }
        c.insert("transport_delay", r.toJson());
    }
    // Also here, not only in endpoints(): the final session.json is built from counters alone.
    if (m_listenPort != 0)
        c.insert("listen_port", int(m_listenPort));
    if (m_haveFirmware)
        c.insert("firmware", QStringLiteral("%1.%2 rev %3")
                                 .arg(m_firmware[0])
                                 .arg(m_firmware[1])
                                 .arg(m_firmware[2]));
    QJsonArray temps;
    for (double t : m_temperaturesC)
        temps.append(t);
    c.insert("temperatures_c", temps);
    return c;
}

} // namespace hil
