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
      m_safety(config.safety),
      m_axisCheck(*this,
                  [this](int axis, AxisOutcome outcome, double change, int moved) {
                      emit axisTestFinished(axis, int(outcome), change, moved);
                  }),
      m_transportDelay(*this, config.transportDelay), m_measurement(*this), m_omct(*this)
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
    m_axisCheck.open(m_address, m_config.axisCheckStore);
    onTick(); // first poll now: the platform answers every valid frame
    return true;
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

void RavenLink::sendTestCue(int axis, double amplitude, double k, CueOrigin origin)
{
    Cue c = m_cueing.neutral();
    const AxisSettings &as = m_cueing.settings().axes[std::size_t(axis)];
    c.v[std::size_t(axis)] += (as.invert ? -1.0 : 1.0) * amplitude * k;
    sendCueFrame(m_cueing.encodeTestPulse(c, &m_clamped), 1.0, false, origin);
    m_lastSentGain = 0.0;
}

void RavenLink::sendCue(const Cue &cue, double gain, CueOrigin origin)
{
    sendCueFrame(m_cueing.encode(cue, gain, &m_clamped), gain, true, origin);
    m_lastSentGain = 0.0; // not the simulator's cue: its ramp starts again from neutral
}

void RavenLink::sendSimulatorCue(double gain, CueOrigin origin)
{
    m_lastSentGain = gain;
    sendCueFrame(m_cueing.encode(m_lastCue, gain, &m_clamped), gain, true, origin);
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
    if (m_cueing.admit(frame, now) && m_safety.simFresh() && !testCueRunning())
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
    if (m_axisCheck.active())
        m_axisCheck.step(now);
    else if (m_transportDelay.active())
        m_transportDelay.step(now);
    else if (m_measurement.active())
        m_measurement.step(now);
    else if (m_omct.active())
        m_omct.step(now);
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
        const std::array<double, 6> pose{s.positionM[0], s.positionM[1], s.positionM[2],
                                         s.anglesRad[0], s.anglesRad[1], s.anglesRad[2]};
        m_axisCheck.onPose(pose, now);
        m_transportDelay.onPose(pose, now);
        m_measurement.onPose(pose, now);
        m_omct.onPose(pose, now);
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
    if (m_transportDelay.active())
        m_transportDelay.stop(QStringLiteral("STOP"), QStringLiteral("stop"), now);
    m_measurement.stop(QStringLiteral("STOP"), QStringLiteral("stop"), now);
    m_omct.stop(QStringLiteral("STOP"), QStringLiteral("stop"), now);
    m_axisCheck.stopped();
    // Neutral cue first (the rider stops being pushed), then the stop mode request.
    sendCueFrame(m_cueing.encode(m_lastCue, 0.0, &m_clamped), 0.0, true, CueOrigin::Stop);
    m_lastSentGain = 0.0;
    sendDue(now);
    flushSafetyEvents();
}

void RavenLink::axisTest(int axis, double amplitude, double durationS)
{
    m_axisCheck.start(axis, amplitude, durationS, nowNs(),
                      m_transportDelay.active() || m_measurement.active() || m_omct.active());
}

void RavenLink::startTransportDelay(int steps)
{
    // The store is read again (the axis check dialog may have written it).
    const bool held =
        m_safety.axisHeld() || AxisCheckStore(m_config.axisCheckStore).status(m_address).held;
    m_transportDelay.start(steps, nowNs(),
                           m_axisCheck.active() || m_measurement.active() || m_omct.active(), held);
}

void RavenLink::startPlatformMeasurement(const PlatformMeasurementSettings &settings)
{
    const bool held =
        m_safety.axisHeld() || AxisCheckStore(m_config.axisCheckStore).status(m_address).held;
    m_measurement.start(settings, nowNs(),
                        m_axisCheck.active() || m_transportDelay.active() || m_omct.active(), held);
}

void RavenLink::startOmct(const OmctMeasurementSettings &settings)
{
    const bool held =
        m_safety.axisHeld() || AxisCheckStore(m_config.axisCheckStore).status(m_address).held;
    m_omct.start(settings, nowNs(),
                 m_axisCheck.active() || m_transportDelay.active() || m_measurement.active(), held);
}

void RavenLink::park()
{
    const std::int64_t now = nowNs();
    if (m_transportDelay.active())
        m_transportDelay.stop(QStringLiteral("the platform is being parked"),
                              QStringLiteral("park"), now);
    m_measurement.stop(QStringLiteral("the platform is being parked"), QStringLiteral("park"), now);
    m_omct.stop(QStringLiteral("the platform is being parked"), QStringLiteral("park"), now);
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
        {"axis_check_passed", m_axisCheck.passed()},
        {"axis_check", m_axisCheck.summary()},
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
    c.insert("transport_delay", m_transportDelay.result().toJson());
    c.insert("platform_measurement", m_measurement.result().toJson());
    c.insert("omct", m_omct.result().toJson());
    // Also here, not only in endpoints(): the final session.json is built from counters alone.
    if (m_listenPort != 0)
        c.insert("listen_port", int(m_listenPort));
    if (m_haveFirmware)
        c.insert("firmware", firmwareText());
    QJsonArray temps;
    for (double t : m_temperaturesC)
        temps.append(t);
    c.insert("temperatures_c", temps);
    return c;
}

QString RavenLink::firmwareText() const
{
    return QStringLiteral("%1.%2 rev %3").arg(m_firmware[0]).arg(m_firmware[1]).arg(m_firmware[2]);
}

// The figures collectCounters() writes for the rig check, typed: the same members, the same
// instant.
std::any RavenLink::collectHealth() const
{
    RavenHealth h;
    h.framesReceived = m_framesReceived;
    h.haveStatus = m_haveStatus;
    h.statusWord = m_status.raw;
    h.thermal = m_status.thermal;
    for (std::size_t i = 0; i < h.motorsOk.size(); ++i)
        h.motorsOk[i] = m_haveStatus && m_status.motorOk[i];
    h.temperaturesC = m_temperaturesC;
    if (m_haveFirmware)
        h.firmware = firmwareText();
    h.axisCheck = m_axisCheck.checked();
    h.axisHeld = m_safety.axisHeld();
    h.axisCheckPassed = m_axisCheck.passed();
    h.cueFrame = m_cueing.settings().frameId;
    h.pilotStopMapped = m_pilotStopMapped;
    MotionStatus &st = h.motion;
    st.reportedMode = reportedMode();
    st.requestedMode = m_safety.requestedMode();
    st.linkUp = m_safety.link() == RiderSafety::Link::Up;
    st.stopLatched = m_safety.stopped();
    st.cueGain = m_safety.cueGain();
    st.masterGain = m_cueing.settings().masterGain;
    st.simFresh = m_safety.simFresh();
    st.axisHeld = m_safety.axisHeld();
    const LoopGuard &guard = m_safety.loopGuard();
    if (guard.holding()) {
        st.guard.problem = guard.problem();
        st.guard.figure = guard.figure();
        st.guard.threshold = guard.threshold();
        st.guard.axis = guard.axis();
        st.guard.healthyS = guard.healthyS(nowNs());
    }
    st.guard.healthyForS = guard.settings().healthyForS;
    st.enabling = !m_safety.enablingConfigured() ? MotionStatus::Enabling::None
                  : m_safety.enablingHeld()      ? MotionStatus::Enabling::Held
                                                 : MotionStatus::Enabling::Released;
    st.pilotDevice = m_pilotPresent ? m_pilotDevice : QString();
    st.pilotStopMapped = m_pilotStopMapped;
    st.pilotStops = qint64(m_pilotStops);
    h.transportDelay = m_transportDelay.result();
    h.platformMeasurement = m_measurement.result();
    h.omct = m_omct.result();
    return h;
}

} // namespace hil
