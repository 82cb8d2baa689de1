#include "mavlink/gcslink.h"
#include "core/hostlookup.h"
#include "mavlink/messages.h"
#include "mavlink/px4names.h"

#include <QJsonArray>
#include <QMetaMethod>
#include <QMutexLocker>
#include <QNetworkProxy>
#include <QTimer>
#include <QUdpSocket>
#include <algorithm>
#include <chrono>

namespace hil {

using namespace mavlink;

namespace {
constexpr int kTickMs = 50;
constexpr std::uint32_t kPrearmCheckBit = 1u << 28; // MAV_SYS_STATUS_PREARM_CHECK
constexpr std::uint8_t kModeFlagCustom = 1, kModeFlagArmed = 128;

qint64 unixNowUs()
{
    using namespace std::chrono;
    return duration_cast<microseconds>(system_clock::now().time_since_epoch()).count();
}
} // namespace

GcsLink::GcsLink(const GcsLinkConfig &config, QObject *parent)
    : Worker(QStringLiteral("px4gcs"), parent), m_config(config),
      m_commands(*this, config.commandRetryMs, config.commandAttempts),
      m_params(*this, config.paramRetryMs, config.paramAttempts, config.viaPx4Link),
      m_manual(*this, config.manualControlIntervalMs, config.pilotStaleMs, config.takeoffAltitudeM),
      m_takeoff(*this, config.takeoffAltitudeM)
{
    qRegisterMetaType<hil::Px4Status>();
    qRegisterMetaType<hil::mavlink::MavlinkPacket>();
    qRegisterMetaType<hil::PilotControls>();
    m_parser.setSkipUnknownByLength(true);
    // The messages this codec does not know (VFR_HUD, ALTITUDE...) go to the recording too.
    m_parser.setUnknownFrameSink([this](const char *data, std::size_t n) {
        if (m_recordUs != 0)
            emit mavlinkFrame(QByteArray(data, qsizetype(n)), m_recordUs);
    });
}

GcsLink::~GcsLink() = default;

Px4Status GcsLink::status() const
{
    QMutexLocker lock(&m_mutex);
    return m_status;
}

GcsLink::CommandOutcome GcsLink::lastResult(int command) const
{
    return m_commands.lastResult(command);
}

Px4Param GcsLink::param(const QString &name) const
{
    return m_params.param(name);
}

bool GcsLink::openSocket(QString *error)
{
    m_peer = resolveHostIPv4(m_config.host);
    if (m_peer.isNull()) {
        *error = QStringLiteral("px4gcs: cannot resolve %1").arg(m_config.host);
        return false;
    }
    m_socket = new QUdpSocket(this);
    m_socket->setProxy(QNetworkProxy::NoProxy); // PX4 on the LAN: no system proxy lookup
    const QHostAddress local = m_peer.isLoopback() ? QHostAddress(QHostAddress::LocalHost)
                                                   : QHostAddress(QHostAddress::AnyIPv4);
    if (!m_socket->bind(local, m_config.localPort)) {
        *error = QStringLiteral("px4gcs: cannot bind UDP %1: %2")
                     .arg(m_config.localPort)
                     .arg(m_socket->errorString());
        delete m_socket;
        m_socket = nullptr;
        return false;
    }
    m_boundPort = m_socket->localPort();
    connect(m_socket, &QUdpSocket::readyRead, this, &GcsLink::onReadyRead);
    return true;
}

bool GcsLink::open(QString *error)
{
    // Through the PX4 link, PX4's serial port carries the traffic: no socket of our own.
    if (!m_config.viaPx4Link && !openSocket(error))
        return false;
    m_open = true;
    m_manual.open(this);
    m_clock.start();
    m_tick = new QTimer(this);
    m_tick->setInterval(kTickMs);
    connect(m_tick, &QTimer::timeout, this, &GcsLink::onTick);
    m_tick->start();
    m_takeoff.start();
    if (m_config.viaPx4Link) {
        setEndpoints({{"peer", QStringLiteral("px4 serial link")}});
        setState(LinkState::Connecting);
        raiseEvent(QStringLiteral("px4gcs.opened"), Severity::Info,
                   QStringLiteral("ground station link on PX4's serial port (through the PX4 "
                                  "link)"));
    } else {
        setEndpoints({{"local_port", int(m_boundPort.load())},
                      {"peer", QStringLiteral("%1:%2").arg(m_peer.toString()).arg(m_config.port)},
                      {"peer_host", m_peer.toString()},
                      {"peer_port", int(m_config.port)}});
        setState(LinkState::Connecting);
        raiseEvent(QStringLiteral("px4gcs.opened"), Severity::Info,
                   QStringLiteral("ground station link on UDP %1 → PX4 %2:%3")
                       .arg(m_boundPort.load())
                       .arg(m_peer.toString())
                       .arg(m_config.port),
                   {QString::number(m_boundPort.load()), m_peer.toString(),
                    QString::number(m_config.port)});
    }
    onTick(); // the first heartbeat at once
    return true;
}

void GcsLink::close()
{
    m_manual.close();
    m_open = false;
    if (m_tick)
        m_tick->stop();
    delete m_tick;
    m_tick = nullptr;
    delete m_socket;
    m_socket = nullptr;
    m_commands.close();
    m_params.close();
}

QJsonObject GcsLink::collectCounters() const
{
    const Px4Status s = status();
    QJsonObject c{
        {"connected", s.connected},
        {"armed", s.armed},
        {"mode", s.mode},
        {"landed_state", px4::landedStateName(s.landedState)},
        {"gps_fix", s.gpsFixType},
        {"satellites", s.satellites},
        {"battery_v",
         std::isfinite(s.batteryVoltageV) ? std::round(s.batteryVoltageV * 100) / 100 : -1.0},
        {"relative_altitude_m",
         std::isfinite(s.relativeAltitudeM) ? std::round(s.relativeAltitudeM * 100) / 100 : 0.0},
        {"datagrams_sent", m_sent},
        {"frames_received", m_received},
        {"heartbeats_received", m_heartbeats},
        {"status_texts", m_statusTexts},
        {"crc_errors", qint64(m_parser.stats().crcErrors)},
        {"bad_datagrams", m_badDatagrams},
        {"com_rc_in_mode", s.rcInMode},
        {"prearm", QJsonObject{{"ok", s.prearmOk < 0 ? QJsonValue(QJsonValue::Null)
                                                     : QJsonValue(s.prearmOk == 1)},
                               {"reasons", QJsonArray::fromStringList(s.prearmReasons)}}}};
    m_commands.addCounters(c);
    m_manual.addCounters(c);
    m_params.addCounters(c);
    return c;
}

std::any GcsLink::collectHealth() const
{
    const Px4Status s = status();
    Px4GcsHealth h;
    h.params = m_params.rigParams();
    h.prearmOk = s.prearmOk;
    h.prearmReasons = s.prearmReasons;
    h.forwarding = m_manual.forwarding();
    h.forwarding.stickInputMode = s.rcInMode;
    return h;
}

bool GcsLink::isPrearmFailureText(const QString &text)
{
    return text.startsWith(QLatin1String("Preflight Fail"), Qt::CaseInsensitive) ||
           text.startsWith(QLatin1String("Arming denied"), Qt::CaseInsensitive);
}

void GcsLink::requestRigParams()
{
    if (m_open)
        m_params.requestRig();
}

template <typename M> void GcsLink::send(const M &msg)
{
    if (!m_open)
        return;
    const QByteArray bytes =
        encodeMessage(msg, FrameHeader{m_seq++, m_config.sysId, m_config.compId});
    if (m_socket) {
        m_socket->writeDatagram(bytes, m_peer, m_config.port);
        if (recording())
            emit mavlinkFrame(bytes, unixNowUs());
    } else {
        emit frameToSend(mavlink::MavlinkPacket{bytes}); // the PX4 link records it as it writes
    }
    ++m_sent;
}

void GcsLink::onTick()
{
    const qint64 now = m_clock.elapsed();
    if (now - m_lastHeartbeatSentMs >= m_config.heartbeatIntervalMs) {
        m_lastHeartbeatSentMs = now;
        // MAV_TYPE_GCS, MAV_AUTOPILOT_INVALID, MAV_STATE_ACTIVE
        send(Heartbeat{0, 6, 8, 0, 4, 3});
    }
    bool connected;
    {
        QMutexLocker lock(&m_mutex);
        connected = m_status.connected;
    }
    if (connected && now - m_lastHeartbeatMs > m_config.peerSilentMs) {
        {
            QMutexLocker lock(&m_mutex);
            m_status.connected = false;
        }
        raiseEvent(QStringLiteral("px4gcs.px4_silent"), Severity::Warning,
                   QStringLiteral("PX4 silent for %1 ms").arg(now - m_lastHeartbeatMs),
                   {QString::number(double(now - m_lastHeartbeatMs) / 1000.0, 'f', 1)});
        setState(LinkState::Down);
    }
    m_commands.tick();
    m_params.tick();
    m_manual.tick();
    m_takeoff.tick();
}

void GcsLink::sendCommand(int command, const std::array<float, 7> &params)
{
    if (m_open)
        m_commands.send(command, params);
}

void GcsLink::arm(bool on)
{
    sendCommand(kCmdArm, {on ? 1.f : 0.f, 0, 0, 0, 0, 0, 0});
}

void GcsLink::takeoff(double heightM)
{
    const float nan = std::nanf("");
    double home;
    {
        QMutexLocker lock(&m_mutex);
        home = m_status.homeAltitudeAmslM;
    }
    // PX4 takes param 7 as an altitude above mean sea level; NaN: its MIS_TAKEOFF_ALT.
    const float alt = std::isfinite(home) && std::isfinite(heightM) ? float(home + heightM) : nan;
    sendCommand(kCmdTakeoff, {-1.f, 0, 0, nan, nan, nan, alt});
}

void GcsLink::land()
{
    const float nan = std::nanf("");
    sendCommand(kCmdLand, {0, 0, 0, nan, nan, nan, nan});
}

void GcsLink::returnToLaunch()
{
    sendCommand(kCmdReturn, {0, 0, 0, 0, 0, 0, 0});
}

void GcsLink::setMode(int main, int sub)
{
    sendCommand(kCmdSetMode, {float(kModeFlagCustom), float(main), float(sub), 0, 0, 0, 0});
}

void GcsLink::hold()
{
    setMode(px4::kMainAuto, px4::kSubAutoLoiter);
}

void GcsLink::position()
{
    setMode(px4::kMainPosition, 0);
}

void GcsLink::altitude()
{
    setMode(px4::kMainAltitude, 0);
}

void GcsLink::stabilized()
{
    setMode(px4::kMainStabilized, 0);
}

void GcsLink::manual()
{
    setMode(px4::kMainManual, 0);
}

void GcsLink::pilotControls(const PilotControls &c)
{
    tsanArrived(c); // TSan: queued from the input link's thread
    m_manual.pilotControls(c);
}

void GcsLink::requestParam(const QString &name)
{
    if (m_open)
        m_params.request(name);
}

void GcsLink::setParam(const QString &name, double value, int type)
{
    if (m_open)
        m_params.set(name, value, type);
}

void GcsLink::onRcInMode(double value)
{
    const int mode = int(std::lround(value));
    QString old;
    const QString verdict = px4::rcInModeVerdict(mode);
    {
        QMutexLocker lock(&m_mutex);
        old = m_status.rcInModeVerdict;
        m_status.rcInMode = mode;
        m_status.rcInModeVerdict = verdict;
    }
    const px4::GcsSticks sticks = px4::gcsSticksAccepted(mode);
    if (verdict != old)
        raiseEvent(QStringLiteral("px4gcs.rc_in_mode"),
                   sticks == px4::GcsSticks::Yes ? Severity::Info : Severity::Warning, verdict,
                   {sticks == px4::GcsSticks::Yes      ? QStringLiteral("yes")
                    : sticks == px4::GcsSticks::IfNoRc ? QStringLiteral("if_no_rc")
                                                       : QStringLiteral("no"),
                    QString::number(mode)});
}

void GcsLink::onReadyRead()
{
    while (m_socket && m_socket->hasPendingDatagrams()) {
        QByteArray d;
        d.resize(qsizetype(std::max<qint64>(0, m_socket->pendingDatagramSize())));
        QHostAddress from;
        quint16 fromPort = 0;
        const qint64 n = m_socket->readDatagram(d.data(), d.size(), &from, &fromPort);
        if (n <= 0)
            continue;
        const std::uint64_t unknownBefore = m_parser.stats().unknownMessages;
        const std::uint64_t framesBefore = m_parser.stats().frames;
        m_recordUs = recording() ? unixNowUs() : 0; // one time for the datagram's frames
        parse(d.constData(), std::size_t(n));
        m_recordUs = 0;
        const bool any = m_parser.stats().frames != framesBefore;
        if (!any && m_parser.stats().unknownMessages == unknownBefore) {
            if (++m_badDatagrams == 1)
                raiseEvent(
                    QStringLiteral("px4gcs.bad_datagram"), Severity::Warning,
                    QStringLiteral(
                        "a datagram from %1:%2 held no MAVLink frame (counted in bad_datagrams)")
                        .arg(from.toString())
                        .arg(fromPort),
                    {from.toString(), QString::number(fromPort)});
        }
    }
}

void GcsLink::deliver(const mavlink::MavlinkPacket &packet)
{
    tsanArrived(packet); // TSan: queued from the PX4 link's thread
    parse(packet.wire.constData(), std::size_t(packet.wire.size()));
}

// One datagram, or one frame handed on by the PX4 link: either starts on a frame.
void GcsLink::parse(const char *data, std::size_t n)
{
    m_parser.reset();
    m_parser.feed(data, n);
    Frame f;
    QByteArray wire;
    while (m_parser.next(&f, m_recordUs != 0 ? &wire : nullptr)) {
        if (m_recordUs != 0)
            emit mavlinkFrame(wire, m_recordUs);
        ++m_received;
        handle(f);
    }
}

// UDP only: on PX4's serial port (viaPx4Link) the PX4 link records both directions as it reads
// and writes the port, so recording here too would put every frame twice in mavlink.tlog.
bool GcsLink::recording() const
{
    static const QMetaMethod tlog = QMetaMethod::fromSignal(&GcsLink::mavlinkFrame);
    return m_socket && isSignalConnected(tlog);
}

void GcsLink::handle(const Frame &f)
{
    const qint64 now = m_clock.elapsed();
    switch (f.msgId) {
    case Heartbeat::kId: {
        const Heartbeat hb = Heartbeat::decode(f.payload.data());
        if (hb.type == 6 ||
            hb.autopilot == 8) // a ground station or a component that is no autopilot
            return;
        ++m_heartbeats;
        m_lastHeartbeatMs = now;
        bool wasConnected, wasArmed;
        QString oldMode, mode;
        const bool armed = (hb.baseMode & kModeFlagArmed) != 0;
        {
            QMutexLocker lock(&m_mutex);
            wasConnected = m_status.connected;
            wasArmed = m_status.armed;
            oldMode = m_status.mode;
            m_status.connected = true;
            m_status.systemId = f.sysId;
            m_status.armed = armed;
            m_status.baseMode = hb.baseMode;
            m_status.customMode = hb.customMode;
            m_status.systemStatus = hb.systemStatus;
            m_status.mode = mode = (hb.baseMode & kModeFlagCustom)
                                       ? px4::modeName(hb.customMode)
                                       : QStringLiteral("base mode %1").arg(hb.baseMode);
        }
        if (!wasConnected) {
            raiseEvent(QStringLiteral("px4gcs.px4_heard"), Severity::Info,
                       QStringLiteral("PX4 system %1 heard (autopilot %2, type %3)")
                           .arg(f.sysId)
                           .arg(hb.autopilot)
                           .arg(hb.type),
                       {QString::number(f.sysId)});
            setState(LinkState::Up);
            if (m_config.readRcInMode)
                requestParam(
                    ParameterClient::kRcInMode); // again after every silence: PX4 may have rebooted
        }
        if (wasConnected && armed != wasArmed)
            raiseEvent(armed ? QStringLiteral("px4gcs.armed") : QStringLiteral("px4gcs.disarmed"),
                       Severity::Info,
                       armed ? QStringLiteral("PX4 armed") : QStringLiteral("PX4 disarmed"));
        if (mode != oldMode)
            raiseEvent(QStringLiteral("px4gcs.mode"), Severity::Info,
                       QStringLiteral("PX4 mode: %1").arg(mode), {mode});
        break;
    }
    case SysStatus::kId: {
        const SysStatus s = SysStatus::decode(f.payload.data());
        QMutexLocker lock(&m_mutex);
        const int prearm = (s.sensorsPresent & kPrearmCheckBit) == 0  ? -1
                           : (s.sensorsHealth & kPrearmCheckBit) != 0 ? 1
                                                                      : 0;
        if (prearm == 1 && m_status.prearmOk != 1)
            m_status.prearmReasons.clear(); // passing now: the old reasons are history
        m_status.prearmOk = prearm;
        m_status.sensorsPresent = s.sensorsPresent;
        m_status.sensorsEnabled = s.sensorsEnabled;
        m_status.sensorsHealth = s.sensorsHealth;
        m_status.batteryVoltageV = s.voltageMv == 65535 ? std::nan("") : s.voltageMv / 1000.0;
        m_status.batteryRemainingPct = s.batteryRemainingPct;
        break;
    }
    case ExtendedSysState::kId: {
        const ExtendedSysState s = ExtendedSysState::decode(f.payload.data());
        int old;
        {
            QMutexLocker lock(&m_mutex);
            old = m_status.landedState;
            m_status.landedState = s.landedState;
        }
        if (old != s.landedState)
            raiseEvent(
                QStringLiteral("px4gcs.landed_state"), Severity::Info,
                QStringLiteral("PX4 landed state: %1").arg(px4::landedStateName(s.landedState)),
                {px4::landedStateName(s.landedState)}); // the PX4 panel's word for it
        break;
    }
    case GpsRawInt::kId: {
        const GpsRawInt g = GpsRawInt::decode(f.payload.data());
        QMutexLocker lock(&m_mutex);
        m_status.gpsFixType = g.fixType;
        m_status.satellites = g.satellitesVisible == 255 ? -1 : g.satellitesVisible;
        break;
    }
    case GlobalPositionInt::kId: {
        const GlobalPositionInt g = GlobalPositionInt::decode(f.payload.data());
        QMutexLocker lock(&m_mutex);
        m_status.relativeAltitudeM = g.relativeAltMm / 1000.0;
        m_status.homeAltitudeAmslM = (g.altMm - g.relativeAltMm) / 1000.0;
        break;
    }
    case StatusText::kId: {
        const StatusText t = StatusText::decode(f.payload.data());
        // A text longer than one message comes in chunks sharing a non-zero id; the last chunk
        // is the one shorter than 50 characters.
        const bool lastChunk = std::find(t.text.begin(), t.text.end(), '\0') != t.text.end();
        if (t.id != 0) {
            QString &part = m_chunks[t.id];
            part += t.textString();
            if (!lastChunk && part.size() < 50 * 8)
                return;
        }
        const QString text = (t.id != 0 ? m_chunks.take(t.id) : t.textString()).trimmed();
        if (m_chunks.size() > 8)
            m_chunks.clear(); // chunks whose end never came
        ++m_statusTexts;
        if (t.severity <= 4)
            m_commands.warning(text);
        {
            QMutexLocker lock(&m_mutex);
            m_status.statusTexts.append(px4::severityName(t.severity) + QStringLiteral(": ") +
                                        text);
            while (m_status.statusTexts.size() > Px4Status::kMaxTexts)
                m_status.statusTexts.removeFirst();
            if (isPrearmFailureText(text)) {
                // PX4 repeats its reasons on every check and arming attempt: keep each once,
                // the latest last.
                m_status.prearmReasons.removeAll(text);
                m_status.prearmReasons.append(text);
                while (m_status.prearmReasons.size() > Px4Status::kMaxPrearmReasons)
                    m_status.prearmReasons.removeFirst();
            }
        }
        raiseEvent(QStringLiteral("px4.statustext"), px4::statusTextSeverity(t.severity),
                   QStringLiteral("PX4 %1: %2").arg(px4::severityName(t.severity), text), {text});
        emit statusTextReceived(t.severity, text);
        break;
    }
    case ParamValue::kId: {
        const ParameterClient::Value v = m_params.received(ParamValue::decode(f.payload.data()));
        if (v.name == ParameterClient::kRcInMode)
            onRcInMode(v.value);
        break;
    }
    case CommandAck::kId:
        m_commands.received(CommandAck::decode(f.payload.data()));
        break;
    default:
        break;
    }
}

// What the parts use of the link.

qint64 GcsLink::elapsedMs() const
{
    return m_clock.elapsed();
}

std::uint8_t GcsLink::targetSystem() const
{
    QMutexLocker lock(&m_mutex);
    return m_status.systemId != 0 ? m_status.systemId : 1;
}

void GcsLink::sendToPx4(const CommandLong &m)
{
    send(m);
}

void GcsLink::sendToPx4(const ParamRequestRead &m)
{
    send(m);
}

void GcsLink::sendToPx4(const ParamSet &m)
{
    send(m);
}

void GcsLink::sendToPx4(const ManualControl &m)
{
    send(m);
}

void GcsLink::raise(const QString &id, Severity severity, const QString &text,
                    const QStringList &args)
{
    raiseEvent(id, severity, text, args);
}

void GcsLink::commandDone(int command, int result, const QString &text)
{
    emit commandFinished(command, result, text);
}

void GcsLink::paramDone(const QString &name, int state, double value, int type, const QString &text)
{
    emit paramFinished(name, state, value, type, text);
}

void GcsLink::manualControlActive(bool active)
{
    QMutexLocker lock(&m_mutex);
    m_status.manualControlActive = active;
}

void GcsLink::manualControlWritten(qint64 sampleNs, qint64 sentNs)
{
    emit manualControlSent(sampleNs, sentNs);
}

Px4Status GcsLink::px4Status() const
{
    return status();
}

UnattendedTakeoff::Outcome GcsLink::commandOutcome(int command) const
{
    const Result r = lastResult(command).result;
    return r == Result::Pending    ? UnattendedTakeoff::Outcome::Pending
           : r == Result::Accepted ? UnattendedTakeoff::Outcome::Accepted
                                   : UnattendedTakeoff::Outcome::Failed;
}

} // namespace hil
