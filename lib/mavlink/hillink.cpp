#include "mavlink/hillink.h"

#include "core/hostlookup.h"
#include "mavlink/logging.h"
#include "mavlink/messages.h"
#include "mavlink/serialtransport.h"
#include "model/clock.h"
#include "model/rotation.h"
#include <algorithm>

#include <QMetaMethod>
#include <QNetworkProxy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUdpSocket>
#include <chrono>
#include <cmath>

namespace hil {

using namespace mavlink;

namespace {
constexpr qint64 kSimFrameFreshMs = 500;       // SimFrames drive stepping while this fresh
constexpr int kSimWatchMs = 50;                // the tick's period while SimFrames drive
constexpr std::size_t kMaxQueuedSamples = 256; // ~1 s of steps while PX4 hangs
constexpr std::int64_t kMaxStepsPerFrame = 50; // a longer gap (200 ms) is a jump, not interpolated
constexpr std::int64_t kMaxLeadUs = 20000;     // PX4's clock ahead of physics at most this much
constexpr qint64 kRecoverSteps = 250;          // answered steps in a row that end a stall (1 s)
constexpr std::int64_t kSigningEpochUnixUs = 1420070400000000; // 2015-01-01 UTC

} // namespace

qint64 HilLink::nowUnixUs()
{
    using namespace std::chrono;
    return duration_cast<microseconds>(system_clock::now().time_since_epoch()).count();
}

HilLink::HilLink(const HilLinkConfig &config, QObject *parent)
    : Worker(QStringLiteral("px4"), parent), m_config(config), m_synth(config.sensors)
{
    qRegisterMetaType<hil::SimFrame>();
    qRegisterMetaType<hil::ChannelFrame>();
    qRegisterMetaType<hil::mavlink::MavlinkPacket>();
    m_parser.setSigning(config.signing);
    // PX4's serial stream carries its whole telemetry, mostly messages this codec does not know:
    // skipped whole by their length instead of rescanned byte by byte.
    m_parser.setSkipUnknownByLength(config.hitl());
    m_config.stepIntervalUs = std::max(100, config.stepIntervalUs);
}

HilLink::~HilLink() = default;

bool HilLink::open(QString *error)
{
    m_connectedAtClose = false;
    if (m_config.hitl()) {
        m_serial = new SerialTransport(m_config.serial, this);
        connect(m_serial, &SerialTransport::opened, this, &HilLink::onSerialOpened);
        connect(m_serial, &SerialTransport::lost, this, &HilLink::onSerialLost);
        connect(m_serial, &SerialTransport::openFailed, this, &HilLink::onSerialOpenFailed);
        connect(m_serial, &SerialTransport::readyRead, this, &HilLink::onReadyRead);
        setEndpoints({{"serial_port", m_config.serial.path}, {"baud", m_config.serial.baud}});
        if (!m_config.forward.host.isEmpty() && !openForward(error))
            return false;
    } else if (!listen(error)) {
        return false;
    }
    m_wall.start();
    m_tick = new QTimer(this);
    m_tick->setTimerType(Qt::PreciseTimer);
    m_tick->setInterval(std::max(1, m_config.stepIntervalUs / 1000));
    connect(m_tick, &QTimer::timeout, this, &HilLink::onTick);
    m_tick->start();
    m_wait = new QTimer(this);
    m_wait->setSingleShot(true);
    m_wait->setTimerType(Qt::PreciseTimer);
    m_wait->setInterval(std::max(1, m_config.lockstepTimeoutMs));
    connect(m_wait, &QTimer::timeout, this, &HilLink::onLockstepTimeout);
    m_healthTimer = new QTimer(this);
    m_healthTimer->setInterval(kLoopHealthMs);
    connect(m_healthTimer, &QTimer::timeout, this, &HilLink::emitLoopHealth);
    m_healthTimer->start();
    setState(LinkState::Connecting);
    if (m_serial)
        m_serial->start(); // opens now if it can; its events say why not
    return true;
}

void HilLink::emitLoopHealth()
{
    LoopHealth h;
    h.monotonicNs = steadyNowNs();
    h.lockstepTimeouts = std::uint64_t(m_lockstepTimeouts);
    h.simFrames = std::uint64_t(m_simFrames);
    h.simFramesLost = std::uint64_t(m_framesDropped + m_simFramesRepeated);
    emit loopHealth(h);
}

void HilLink::close()
{
    if (m_healthTimer)
        m_healthTimer->stop();
    if (m_tick)
        m_tick->stop();
    if (m_wait)
        m_wait->stop();
    m_connectedAtClose = peerUp();
    if (m_connectedAtClose)
        emitChannels(m_config.actuators.safe(0));
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->disconnectFromHost();
        delete m_socket;
        m_socket = nullptr;
    }
    delete m_serial; // closes the port
    m_serial = nullptr;
    delete m_forward;
    m_forward = nullptr;
    delete m_server;
    m_server = nullptr;
    delete m_tick;
    m_tick = nullptr;
    delete m_wait;
    m_wait = nullptr;
    delete m_healthTimer;
    m_healthTimer = nullptr;
}

void HilLink::setActuatorMap(const mavlink::ActuatorMap &map)
{
    m_config.actuators = map;
    raiseEvent(QStringLiteral("px4.actuator_map"), Severity::Info,
               QStringLiteral("actuator map changed (%1 mappings)").arg(map.entries.size()),
               {QString::number(map.entries.size())});
}

QJsonObject HilLink::collectCounters() const
{
    // After stop() the final counters keep the connection state the session ended with.
    return {{"connected", peerUp() || m_connectedAtClose},
            {"mode", m_config.hitl() ? QStringLiteral("hitl") : QStringLiteral("sitl")},
            {"serial_opens", m_serial ? m_serial->opens() : 0},
            {"serial_losses", m_serial ? m_serial->losses() : 0},
            {"serial_errors", m_serial ? m_serial->ioErrors() : 0},
            {"gcs_frames_in", m_gcsFramesIn},
            {"gcs_frames_out", m_gcsFramesOut},
            {"gcs_frames_dropped", m_gcsFramesDropped},
            {"forwarded_bytes", m_forwardedBytes},
            {"forward_datagrams_in", m_forwardDatagramsIn},
            {"hil_sensor_sent", m_hilSensorSent},
            {"hil_gps_sent", m_hilGpsSent},
            {"actuator_received", m_actuatorReceived},
            {"crc_errors", qint64(m_parser.stats().crcErrors)},
            {"lockstep_timeouts", m_lockstepTimeouts},
            {"last_time_usec", qint64(m_lastSentUsec)},
            {"armed", m_armed},
            {"lockstep", m_lockstep},
            {"lockstep_hz", std::round(m_lockstepHz * 10.0) / 10.0},
            {"hil_state_sent", m_hilStateSent},
            {"connections", m_connections},
            {"refused_connections", m_refused},
            {"sim_frames", m_simFrames},
            {"samples_dropped", m_samplesDropped},
            {"sim_frames_stepped", m_simFramesStepped},
            {"sim_frames_connected", m_simFramesConnected},
            {"queued_steps", qint64(m_queue.size())},
            {"sim_frames_dropped", m_framesDropped},
            {"sim_frames_repeated", m_simFramesRepeated},
            {"interpolated_steps", m_interpolatedSteps},
            {"interpolated_skipped", m_interpolatedSkipped},
            {"answered_steps", m_answeredSteps},
            {"late_answers", m_lateAnswers},
            {"answer_matching",
             m_orderMatching ? QStringLiteral("order") : QStringLiteral("time_usec")},
            {"backlog_skips", m_backlogSkips},
            {"bytes_dropped", qint64(m_parser.stats().droppedBytes)},
            {"signature_errors", qint64(m_parser.stats().signatureErrors)}};
}

std::any HilLink::collectHealth() const
{
    Px4HilHealth h;
    h.answeredSteps = m_answeredSteps;
    h.lockstepTimeouts = m_lockstepTimeouts;
    h.lateAnswers = m_lateAnswers;
    h.matching = m_orderMatching ? Px4HilHealth::Matching::Order : Px4HilHealth::Matching::TimeUsec;
    h.hitl = m_config.hitl();
    return h;
}

void HilLink::resetSession()
{
    m_parser.reset();
    m_queue.clear();
    m_lockstep = m_awaiting = m_actuatorsFlowing = m_armed = m_heartbeatSeen = false;
    m_stallReported = false;
    m_stallTimeouts = m_answeredSinceTimeout = 0;
    m_orderMatching = false; // decided afresh for every connection
    m_unmatchedRun = 0;
    m_recentSent.fill(0);
    m_recentNext = 0;
    m_owed.clear();
    m_paidInWait = false;
    if (m_wait)
        m_wait->stop();
    m_lastHeartbeatMs = -1000000;
    m_hilGpsDue = m_hilStateDue = true;
}

void HilLink::onReadyRead()
{
    static const QMetaMethod tlog = QMetaMethod::fromSignal(&HilLink::mavlinkFrame);
    const bool wantWire = isSignalConnected(tlog) || m_serial; // serial: GCS frames go on whole
    char buf[4096];
    while (peerUp()) {
        const qint64 n =
            m_socket ? m_socket->read(buf, sizeof buf) : m_serial->read(buf, sizeof buf);
        if (n <= 0)
            break;
        if (m_forward) { // as read: QGroundControl parses a stream per link, not per datagram
            m_forward->writeDatagram(buf, n, m_forwardTo, m_config.forward.port);
            m_forwardedBytes += n;
        }
        m_parser.feed(buf, static_cast<std::size_t>(n));
        Frame f;
        QByteArray wire;
        while (m_parser.next(&f, wantWire ? &wire : nullptr)) {
            if (wantWire)
                emit mavlinkFrame(wire, nowUnixUs());
            m_lastPeerFrameMs = m_wall.elapsed();
            const unsigned to = m_serial ? consumersOf(f.msgId) : unsigned(kToSimulator);
            if (to & kToGroundStation) {
                ++m_gcsFramesIn;
                emit gcsFrameReceived(MavlinkPacket{wire});
            }
            if (to & kToSimulator)
                handleFrame(f);
            if (!peerUp())
                return;
        }
    }
}

void HilLink::handleFrame(const Frame &f)
{
    switch (f.msgId) {
    case Heartbeat::kId:
        if (!m_heartbeatSeen) {
            m_heartbeatSeen = true;
            const Heartbeat hb = Heartbeat::decode(f.payload.data());
            raiseEvent(QStringLiteral("px4.heartbeat"), Severity::Info,
                       QStringLiteral("PX4 heartbeat: system %1, type %2, autopilot %3")
                           .arg(f.sysId)
                           .arg(hb.type)
                           .arg(hb.autopilot),
                       {QString::number(f.sysId)});
        }
        break;
    case CommandLong::kId: {
        const CommandLong c = CommandLong::decode(f.payload.data());
        if (c.command == 511) // SET_MESSAGE_INTERVAL: PX4 asking for actuators at its rate
            qCInfo(lcMavlink) << "PX4 requests message" << c.param[0] << "every" << c.param[1]
                              << "us";
        break;
    }
    case HilActuatorControls::kId:
        handleActuators(HilActuatorControls::decode(f.payload.data()));
        break;
    default:
        break; // PX4 sends little else on this link; nothing else matters here
    }
}

void HilLink::handleActuators(const HilActuatorControls &a)
{
    ++m_actuatorReceived;
    const bool armed = (a.mode & 128) != 0;
    if (armed != m_armed) {
        m_armed = armed;
        raiseEvent(armed ? QStringLiteral("px4.armed") : QStringLiteral("px4.disarmed"),
                   Severity::Info,
                   armed ? QStringLiteral("PX4 armed") : QStringLiteral("PX4 disarmed"));
    }
    const bool lockstep = !m_config.hitl() && (a.flags & HilActuatorControls::kFlagLockstep) != 0;
    if (m_config.hitl() && !m_actuatorsFlowing) {
        m_actuatorsFlowing = true;
        raiseEvent(QStringLiteral("px4.actuators_hitl"), Severity::Info,
                   QStringLiteral("actuators flowing: HITL (PX4's own clock, not lockstep)"));
    } else if (!m_config.hitl() && (!m_actuatorsFlowing || lockstep != m_lockstep)) {
        m_actuatorsFlowing = true;
        raiseEvent(lockstep ? QStringLiteral("px4.actuators_lockstep")
                            : QStringLiteral("px4.actuators_free_running"),
                   Severity::Info,
                   lockstep ? QStringLiteral("actuators flowing: lockstep")
                            : QStringLiteral("actuators flowing: free-running (no lockstep flag)"));
    }
    m_lockstep = lockstep;
    if (m_config.hitl()) { // flags ignored, nothing awaited: PX4 HITL runs on its own clock
        m_lockstep = false;
        emitChannels(m_config.actuators.apply(a, armed));
        return;
    }
    const bool late = !answersStepInFlight(a.timeUsec);
    if (late)
        ++m_lateAnswers;
    emitChannels(m_config.actuators.apply(a, armed));
    if (late)
        return;
    if (m_awaiting)
        noteAnswered();
    afterRelease();
}

// PX4 SITL stamps its answer with its clock, which is the time_usec of the sensor it answers; an
// older stamp is a late answer to a step already given up on: its outputs count, but it does not
// release the step in flight. A peer with a clock of its own (a time offset, a lab's controller,
// anything written for "one answer per HIL_SENSOR" as Gazebo's and jMAVSim's plugins expect)
// stamps answers that match no step we sent: under the stamp rule every one of them would be
// "late" and every step would wait out the timeout. After kUnmatchedToSwitch such answers in a
// row the connection matches by order instead, first in, first out, as a peer that answers
// each sensor in turn sends them (docs/protocols/mavlink-px4.md):
//  - A step whose wait times out is owed its answer (for kOwedFactor lockstep timeouts). The next
//    answer pays the oldest debt and is late; with no debt it answers the step in flight; with
//    neither it is late too.
//  - Debts exist only under order matching: the steps that timed out before the switch already
//    had their answers, counted late by their stamps, so the switch starts with none.
//  - A wait in which an answer paid a debt and which then times out all the same owes nothing:
//    the answer taken for the older step was this step's own (the older one's never came). So a
//    debt too many ends after one more timed-out step instead of shifting every later answer onto
//    the step before it, which would time out every step for the rest of the connection. It reads
//    wrong when the peer is slower than the wait for two steps in a row and both answers come: the
//    second releases the step after it, one answer early; the next gap between steps (the 4 ms
//    tick, the next simulator frame) lets the peer catch up, and its answer to that step then finds
//    no step in flight and counts late. Without such gaps (realTime off) the peer may stay one step
//    ahead.
bool HilLink::answersStepInFlight(std::uint64_t answerUsec)
{
    if (!m_orderMatching && answerUsec != 0) {
        const bool matches =
            std::find(m_recentSent.begin(), m_recentSent.end(), answerUsec) != m_recentSent.end();
        m_unmatchedRun = matches ? 0 : m_unmatchedRun + 1;
        if (m_unmatchedRun >= kUnmatchedToSwitch) {
            m_orderMatching = true;
            raiseEvent(QStringLiteral("px4.answer_matching"), Severity::Warning,
                       QStringLiteral("the autopilot's answers do not carry the time stamps of "
                                      "our steps (%1 in a row, last %2 us, ours %3 us): matching "
                                      "answers to steps by their order for this connection")
                           .arg(m_unmatchedRun)
                           .arg(answerUsec)
                           .arg(m_lastSentUsec),
                       {QString::number(m_unmatchedRun)});
        }
    }
    if (m_orderMatching) {
        const qint64 now = m_wall.elapsed();
        while (!m_owed.empty() &&
               now - m_owed.front() > qint64(kOwedFactor) * m_config.lockstepTimeoutMs)
            m_owed.pop_front(); // that answer is not coming: a lost answer owes nothing
        if (!m_owed.empty()) {
            m_owed.pop_front();
            m_paidInWait = m_paidInWait || m_awaiting;
            return false;
        }
        return m_awaiting;
    }
    return !(m_awaiting && answerUsec != 0 && answerUsec < m_awaitUsec);
}

void HilLink::noteAnswered()
{
    ++m_answeredSteps;
    if (!m_stallReported)
        return;
    // Hysteresis: the stall ends after kRecoverSteps answered steps in a row, so a PX4 that
    // misses every other step is one episode, not a line per step.
    if (++m_answeredSinceTimeout >= kRecoverSteps) {
        raiseEvent(QStringLiteral("px4.lockstep_recovered"), Severity::Info,
                   QStringLiteral("PX4 answering in lockstep again: recovered after %1 timeouts")
                       .arg(m_stallTimeouts),
                   {QString::number(m_stallTimeouts)});
        m_stallReported = false;
        m_stallTimeouts = 0;
    }
}

void HilLink::afterRelease()
{
    const bool wasAwaiting = m_awaiting;
    if (m_awaiting) {
        m_awaiting = false;
        m_wait->stop();
    }
    if (simDriven())
        pump();
    else if (wasAwaiting && !m_config.realTime && m_lockstep)
        stepInternal(); // as fast as PX4 answers
}

void HilLink::onLockstepTimeout()
{
    if (!m_awaiting)
        return;
    ++m_lockstepTimeouts;
    ++m_stallTimeouts;
    if (m_orderMatching && !m_paidInWait) { // see answersStepInFlight
        m_owed.push_back(m_wall.elapsed());
        if (m_owed.size() > std::size_t(kRecentSteps))
            m_owed.pop_front();
    }
    m_answeredSinceTimeout = 0;
    if (!m_stallReported) {
        m_stallReported = true;
        raiseEvent(
            QStringLiteral("px4.lockstep_stall"), Severity::Warning,
            QStringLiteral("PX4 not answering in lockstep (step at %1 us unanswered for %2 ms); "
                           "stepping on without its answer")
                .arg(m_awaitUsec)
                .arg(m_config.lockstepTimeoutMs),
            {QString::number(m_awaitUsec), QString::number(m_config.lockstepTimeoutMs)});
    }
    m_awaiting = false;
    if (simDriven())
        pump();
    else
        stepInternal();
}

bool HilLink::simDriven() const
{
    return m_haveFrame && m_wall.isValid() &&
           m_wall.elapsed() - m_lastFrameWallMs < kSimFrameFreshMs;
}

void HilLink::onTick()
{
    // While the simulator's frames drive the steps, the tick only watches for them to stop: at
    // the step rate it would wake this thread once a step for nothing (a context switch each,
    // the largest part of a wake-up's cost on a virtual machine). Internal stepping then resumes
    // at most kSimWatchMs after the frames are kSimFrameFreshMs old.
    const bool driven = simDriven();
    const int interval = driven ? kSimWatchMs : std::max(1, m_config.stepIntervalUs / 1000);
    if (m_tick->interval() != interval)
        m_tick->setInterval(interval);
    if (!peerUp() || m_awaiting || driven)
        return;
    stepInternal();
}

SimFrame HilLink::restingFrame() const
{
    SimFrame f;
    f.latitudeDeg = m_config.home.latitudeDeg;
    f.longitudeDeg = m_config.home.longitudeDeg;
    f.altitudeM = m_config.home.altitudeM;
    return f;
}

void HilLink::stepInternal()
{
    const std::uint64_t t = m_lastTimeUsec + std::uint64_t(m_config.stepIntervalUs);
    m_lastTimeUsec = t;
    m_simAnchored = false; // the next SimFrame re-anchors after this clock
    sendStep(m_haveFrame ? m_latest : restingFrame(), t);
}

void HilLink::onSimFrame(const SimFrame &f)
{
    tsanArrived(f); // TSan: a slot invoked queued, the frame copied by Qt in the sender
    ++m_simFrames;
    m_latest = f;
    m_haveFrame = true;
    if (!m_wall.isValid())
        return; // not open yet: keep the frame for the first step
    m_lastFrameWallMs = m_wall.elapsed();
    const std::int64_t interval = m_config.stepIntervalUs;
    const std::int64_t physicsUs = std::llround(f.physicsTimeS * 1e6);
    const bool anchored = m_simAnchored && f.physicsTimeS >= m_prevSim.physicsTimeS;
    std::int64_t mapped = physicsUs + m_simOffsetUs;
    if (anchored && physicsUs == std::llround(m_prevSim.physicsTimeS * 1e6)) {
        ++m_simFramesRepeated; // the same physics step again (paused): nothing new for PX4
        return;
    }
    // Steps on PX4's 4 ms grid that this frame covers: the nearest whole number, at least one
    // (every physics step reaches PX4). A frame after a gap longer than kMaxStepsPerFrame steps
    // (a pause, a reset, the first frame) is one step and re-anchors the mapping.
    std::int64_t n =
        anchored ? (mapped - std::int64_t(m_lastTimeUsec) + interval / 2) / interval : 0;
    const bool jump = !anchored || n > kMaxStepsPerFrame;
    if (jump) {
        n = 1;
        m_simOffsetUs = std::int64_t(m_lastTimeUsec) + interval - physicsUs;
        mapped = physicsUs + m_simOffsetUs;
        m_simAnchored = true;
        m_prevSim = f;
    }
    n = std::max<std::int64_t>(1, n);
    if (peerUp()) {
        ++m_simFramesConnected;
        // Interpolated steps still queued lie between older frames: this frame supersedes them.
        // Sent anyway, they would hold back every later step by a round trip each: a peer that
        // answers more slowly than 250 steps/s (the PX4 stand-in under Wine, ~5 ms a round
        // trip) fell further behind with every frame, until the queue overflowed and actuators
        // came back up to a second late. Skipped, PX4's next step is longer (never shorter than
        // 4 ms), and every frame still reaches it.
        const auto stale = std::remove_if(m_queue.begin(), m_queue.end(),
                                          [](const Sample &q) { return !q.simFrame; });
        m_interpolatedSkipped += std::distance(stale, m_queue.end());
        m_queue.erase(stale, m_queue.end());
        // HITL: PX4 stamps sensors with its own clock on arrival, so interpolated steps sent in
        // a burst would all carry the same time there: the frame alone goes.
        for (std::int64_t i = m_config.hitl() ? n : 1; i <= n; ++i) {
            const std::uint64_t t = m_lastTimeUsec + std::uint64_t(interval * i);
            Sample s{t, i == n ? f : interpolate(m_prevSim, f, double(i) / double(n)), i == n};
            m_queue.push_back(std::move(s));
            if (m_queue.size() > kMaxQueuedSamples) {
                if (m_queue.front().simFrame)
                    ++m_framesDropped;
                m_queue.pop_front();
                ++m_samplesDropped;
            }
        }
        if (!m_config.hitl())
            m_interpolatedSteps += n - 1;
    }
    m_lastTimeUsec += std::uint64_t(interval * n);
    // Frames faster than the grid (not RealFlight's pace) put PX4's clock ahead of physics;
    // beyond kMaxLeadUs the mapping slides instead of the lead growing without bound.
    const std::int64_t lead = std::int64_t(m_lastTimeUsec) - mapped;
    if (lead > kMaxLeadUs)
        m_simOffsetUs += lead;
    m_prevSim = f;
    pump();
}

void HilLink::pump()
{
    while (!m_awaiting && !m_queue.empty() && peerUp()) {
        Sample s = std::move(m_queue.front());
        m_queue.pop_front();
        if (s.simFrame)
            ++m_simFramesStepped;
        sendStep(s.frame, s.timeUsec);
    }
}

template <typename M> void HilLink::append(const M &msg)
{
    std::uint8_t buf[kMaxFrameLen];
    const FrameHeader h{m_seq++, m_config.sysId, m_config.compId};
    std::size_t n;
    if (m_config.signing.keySet) {
        SignParams sp;
        sp.key = m_config.signing.key;
        sp.timestamp10us = m_signTimestamp =
            std::max<std::uint64_t>(m_signTimestamp + 1, (nowUnixUs() - kSigningEpochUnixUs) / 10);
        n = encodeMessage(msg, h, buf, &sp);
    } else {
        n = encodeMessage(msg, h, buf);
    }
    m_out.append(reinterpret_cast<const char *>(buf), static_cast<qsizetype>(n));
    if (m_wantWire)
        m_sentFrames.emplace_back(reinterpret_cast<const char *>(buf), static_cast<qsizetype>(n));
}

void HilLink::sendStep(const SimFrame &f, std::uint64_t t)
{
    if (!peerUp())
        return;
    if ((m_socket ? m_socket->bytesToWrite() : m_serial->bytesToWrite()) > kMaxWriteBacklog) {
        ++m_backlogSkips; // PX4 is not reading: do not pile up memory
        return;
    }
    static const QMetaMethod tlog = QMetaMethod::fromSignal(&HilLink::mavlinkFrame);
    m_wantWire = isSignalConnected(tlog);
    m_sentFrames.clear();
    m_out.clear();
    if (m_unixAtZeroUs == 0)
        m_unixAtZeroUs = nowUnixUs() - std::int64_t(t);
    const qint64 wallMs = m_wall.elapsed();
    if (wallMs - m_lastHeartbeatMs >= 1000) {
        m_lastHeartbeatMs = wallMs;
        append(Heartbeat{0, 0 /*generic*/, 8 /*no autopilot*/, 0, 4 /*active*/, 3});
    }
    if (m_hilGpsDue || t - m_lastGpsUsec >= std::uint64_t(m_config.gpsIntervalUs)) {
        m_hilGpsDue = false;
        m_lastGpsUsec = t;
        append(m_synth.gps(f, std::uint64_t(m_unixAtZeroUs + std::int64_t(t))));
        ++m_hilGpsSent;
    }
    if (m_hilStateDue || t - m_lastStateUsec >= std::uint64_t(m_config.stateIntervalUs)) {
        m_hilStateDue = false;
        m_lastStateUsec = t;
        append(m_synth.groundTruth(f, t));
        ++m_hilStateSent;
    }
    append(m_synth.sensor(f, t));
    ++m_hilSensorSent;
    m_lastSentUsec = t;
    m_recentSent[std::size_t(m_recentNext)] = t;
    m_recentNext = (m_recentNext + 1) % kRecentSteps;
    if (m_socket)
        m_socket->write(m_out);
    else
        m_serial->write(m_out);
    if (m_lockstep) {
        m_awaiting = true;
        m_awaitUsec = t;
        m_paidInWait = false;
        m_wait->start();
    }
    ++m_rateSteps;
    if (wallMs - m_rateWindowStartMs >= 1000) {
        m_lockstepHz = m_rateSteps * 1000.0 / double(wallMs - m_rateWindowStartMs);
        m_rateSteps = 0;
        m_rateWindowStartMs = wallMs;
    }
    if (m_wantWire) {
        const qint64 now = nowUnixUs();
        for (const QByteArray &w : m_sentFrames)
            emit mavlinkFrame(w, now);
    }
}

bool HilLink::peerUp() const
{
    return m_socket || (m_serial && m_serial->isOpen());
}

void HilLink::emitChannels(ChannelFrame channels)
{
    channels.monotonicNs = steadyNowNs();
    emit channelsReady(channels);
}

} // namespace hil
