#include "mavlink/gcslink.h"
#include "core/hostlookup.h"
#include "mavlink/logging.h"
#include "mavlink/messages.h"
#include "mavlink/px4names.h"
#include "model/clock.h"

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
constexpr int kReasonWaitMs = 300;    // a refusal's reason may follow its COMMAND_ACK
constexpr int kReasonMaxAgeMs = 1500; // ...or have come just before it
constexpr int kAutoRetryMs = 2000;
constexpr int kAutoMaxAttempts = 10;                // unattended take-off: then give up (one event)
constexpr std::uint32_t kPrearmCheckBit = 1u << 28; // MAV_SYS_STATUS_PREARM_CHECK
constexpr std::uint8_t kModeFlagCustom = 1, kModeFlagArmed = 128;
constexpr int kRateWindowMs = 1000; // manual_control_hz: sends counted over this long
const QString kRcInMode = QStringLiteral("COM_RC_IN_MODE");
const QString kSysUsbAuto = QStringLiteral("SYS_USB_AUTO");

qint64 unixNowUs()
{
    using namespace std::chrono;
    return duration_cast<microseconds>(system_clock::now().time_since_epoch()).count();
}

std::int16_t stick(double v, double lo, double hi)
{
    return std::int16_t(std::lround(std::clamp(v, lo, hi) * 1000.0));
}
} // namespace

GcsLink::GcsLink(const GcsLinkConfig &config, QObject *parent)
    : Worker(QStringLiteral("px4gcs"), parent), m_config(config)
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
    QMutexLocker lock(&m_mutex);
    const auto it = m_results.find(command);
    return it == m_results.end() ? CommandOutcome{} : it->second;
}

Px4Param GcsLink::param(const QString &name) const
{
    QMutexLocker lock(&m_mutex);
    const auto it = m_params.find(name);
    if (it != m_params.end())
        return it->second;
    Px4Param none;
    none.name = name;
    return none;
}

bool GcsLink::open(QString *error)
{
    m_manualTimer = new QTimer(this);
    m_manualTimer->setTimerType(Qt::PreciseTimer);
    m_manualTimer->setInterval(std::max(1, m_config.manualControlIntervalMs));
    connect(m_manualTimer, &QTimer::timeout, this, [this] { sendManualControl(false); });
    if (m_config.viaPx4Link) {
        m_open = true;
        m_clock.start();
        m_tick = new QTimer(this);
        m_tick->setInterval(kTickMs);
        connect(m_tick, &QTimer::timeout, this, &GcsLink::onTick);
        m_tick->start();
        if (std::isfinite(m_config.takeoffAltitudeM))
            m_auto = Auto::WaitReady;
        setEndpoints({{"peer", QStringLiteral("px4 serial link")}});
        setState(LinkState::Connecting);
        raiseEvent(QStringLiteral("px4gcs.opened"), Severity::Info,
                   QStringLiteral("ground station link on PX4's serial port (through the PX4 "
                                  "link)"));
        onTick();
        return true;
    }
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
    m_open = true;
    connect(m_socket, &QUdpSocket::readyRead, this, &GcsLink::onReadyRead);
    m_clock.start();
    m_tick = new QTimer(this);
    m_tick->setInterval(kTickMs);
    connect(m_tick, &QTimer::timeout, this, &GcsLink::onTick);
    m_tick->start();
    if (std::isfinite(m_config.takeoffAltitudeM))
        m_auto = Auto::WaitReady;
    setEndpoints({{"local_port", int(m_boundPort.load())},
                  {"peer", QStringLiteral("%1:%2").arg(m_peer.toString()).arg(m_config.port)},
                  {"peer_host", m_peer.toString()},
                  {"peer_port", int(m_config.port)}});
    setState(LinkState::Connecting);
    raiseEvent(
        QStringLiteral("px4gcs.opened"), Severity::Info,
        QStringLiteral("ground station link on UDP %1 → PX4 %2:%3")
            .arg(m_boundPort.load())
            .arg(m_peer.toString())
            .arg(m_config.port),
        {QString::number(m_boundPort.load()), m_peer.toString(), QString::number(m_config.port)});
    onTick(); // the first heartbeat at once
    return true;
}

void GcsLink::close()
{
    if (m_manualActive)
        stopManualControl(QStringLiteral("link closed"), {QStringLiteral("link_closed")});
    delete m_manualTimer;
    m_manualTimer = nullptr;
    m_open = false;
    if (m_tick)
        m_tick->stop();
    delete m_tick;
    m_tick = nullptr;
    delete m_socket;
    m_socket = nullptr;
    for (auto &[command, p] : m_pending) {
        Q_UNUSED(p);
        QMutexLocker lock(&m_mutex);
        const quint64 serial = m_results[command].serial;
        m_results[command] = {command, Result::TimedOut, -1,
                              QStringLiteral("not answered (link closed)"), serial};
    }
    m_pending.clear();
    for (auto &[name, p] : m_paramPending) {
        Q_UNUSED(p);
        QMutexLocker lock(&m_mutex);
        Px4Param &r = m_params[name];
        r.state = Px4Param::State::TimedOut;
        r.text = QStringLiteral("not answered (link closed)");
    }
    m_paramPending.clear();
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
        {"commands_sent", m_commandsSent},
        {"acks", m_acks},
        {"commands_accepted", m_accepted},
        {"commands_denied", m_denied},
        {"commands_timed_out", m_timedOut},
        {"crc_errors", qint64(m_parser.stats().crcErrors)},
        {"bad_datagrams", m_badDatagrams},
        {"manual_control_active", m_manualActive},
        {"manual_control_sent", m_manualSent},
        {"manual_control_hz", std::round(m_manualHz * 10) / 10},
        {"manual_control_stops", m_manualStops},
        {"pilot_actions", m_pilotActions},
        {"bad_pilot_input", m_badPilot},
        {"com_rc_in_mode", s.rcInMode},
        {"params_requested", m_paramsRequested},
        {"params_received", m_paramsReceived},
        {"params_rejected", m_paramsRejected},
        {"params_timed_out", m_paramsTimedOut},
        {"prearm", QJsonObject{{"ok", s.prearmOk < 0 ? QJsonValue(QJsonValue::Null)
                                                     : QJsonValue(s.prearmOk == 1)},
                               {"reasons", QJsonArray::fromStringList(s.prearmReasons)}}}};
    // The rig check's parameters: those answered in the latest read, and once none is pending
    // the ones that were not.
    if (!m_rigParams.isEmpty()) {
        QJsonObject params;
        QJsonArray missing;
        bool pending = false;
        double usbAuto = std::nan("");
        {
            QMutexLocker lock(&m_mutex);
            for (const QString &name : m_rigParams) {
                const auto it = m_params.find(name);
                const bool thisRead = it != m_params.end() && it->second.serial > m_rigSerial;
                if (thisRead && it->second.state == Px4Param::State::Pending) {
                    pending = true;
                } else if (thisRead && std::isfinite(it->second.value) &&
                           (it->second.state == Px4Param::State::Received ||
                            it->second.state == Px4Param::State::Rejected)) {
                    params.insert(name, it->second.value);
                    if (name == kSysUsbAuto)
                        usbAuto = it->second.value;
                } else {
                    missing.append(name);
                }
            }
        }
        c.insert(QStringLiteral("params"), params);
        if (!pending && !missing.isEmpty())
            c.insert(QStringLiteral("params_missing"), missing);
        if (m_config.viaPx4Link) {
            // SYS_USB_AUTO 0: no MAVLink on USB; 1 (on a HEARTBEAT, which this link sends) and 2:
            // MAVLink at PX4's fixed USB rate.
            const bool known = std::isfinite(usbAuto);
            const int rate = known && std::lround(usbAuto) != 0 ? kUsbMavlinkRateBps : 0;
            c.insert(QStringLiteral("usb_mavlink"),
                     QJsonObject{{"rate_bps", known ? QJsonValue(rate) : QJsonValue()},
                                 {"hil_min_rate_bps", kHilMinRateBps},
                                 {"ok", known ? QJsonValue(rate > kHilMinRateBps)
                                              : QJsonValue(QJsonValue::Null)}});
        }
    }
    return c;
}

QStringList GcsLink::rigParamNames(bool serialLink)
{
    QStringList names{QStringLiteral("SYS_HITL"), QStringLiteral("SYS_AUTOSTART"), kRcInMode};
    if (serialLink)
        names << kSysUsbAuto; // cdcacm_autostart exists on NuttX boards only, not in SITL
    return names;
}

bool GcsLink::isPrearmFailureText(const QString &text)
{
    return text.startsWith(QLatin1String("Preflight Fail"), Qt::CaseInsensitive) ||
           text.startsWith(QLatin1String("Arming denied"), Qt::CaseInsensitive);
}

void GcsLink::requestRigParams()
{
    if (!m_open)
        return;
    {
        QMutexLocker lock(&m_mutex);
        m_rigSerial = m_serial;
    }
    m_rigParams = rigParamNames(m_config.viaPx4Link);
    for (const QString &name : std::as_const(m_rigParams))
        requestParam(name);
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
    // Commands: resend the unanswered, finish the refused once their reason had time to come.
    for (auto it = m_pending.begin(); it != m_pending.end();) {
        const int command = it->first;
        Pending &p = it->second;
        if (p.acked) {
            if (now - p.ackedMs >= kReasonWaitMs || now - m_lastWarningMs < kReasonMaxAgeMs) {
                const QString reason =
                    now - m_lastWarningMs < kReasonMaxAgeMs ? m_lastWarning : QString();
                const int r = p.mavResult;
                it = m_pending.erase(it);
                finish(command, Result::Denied, r, reason);
                continue;
            }
        } else if (now - p.sentMs >= m_config.commandRetryMs) {
            if (p.attempts >= m_config.commandAttempts) {
                it = m_pending.erase(it);
                finish(command, Result::TimedOut, -1, QString());
                continue;
            }
            transmit(command, p);
        }
        ++it;
    }
    // Parameters: resend the unanswered, give up after the last attempt.
    for (auto it = m_paramPending.begin(); it != m_paramPending.end();) {
        ParamPending &p = it->second;
        if (now - p.sentMs >= m_config.paramRetryMs) {
            if (p.attempts >= m_config.paramAttempts) {
                const QString name = it->first;
                it = m_paramPending.erase(it);
                finishParam(name, Px4Param::State::TimedOut, std::nan(""), 0,
                            QStringLiteral("timed out (no answer after %1 attempts)")
                                .arg(m_config.paramAttempts),
                            {name, QString::number(m_config.paramAttempts)});
                continue;
            }
            transmitParam(it->first, p);
        }
        ++it;
    }
    if (now - m_rateWindowMs >= kRateWindowMs) {
        m_manualHz =
            double(m_manualSent - m_rateWindowSent) * 1000.0 / double(now - m_rateWindowMs);
        m_rateWindowMs = now;
        m_rateWindowSent = m_manualSent;
    }
    autoTakeoff();
}

void GcsLink::transmit(int command, Pending &p)
{
    CommandLong c;
    c.param = p.params;
    c.command = std::uint16_t(command);
    {
        QMutexLocker lock(&m_mutex);
        c.targetSystem = m_status.systemId != 0 ? m_status.systemId : 1;
    }
    c.targetComponent = 1;
    c.confirmation = std::uint8_t(std::min(p.attempts, 255)); // 0 first, then each resend
    ++p.attempts;
    p.sentMs = m_clock.elapsed();
    send(c);
    ++m_commandsSent;
}

void GcsLink::sendCommand(int command, const std::array<float, 7> &params)
{
    if (!m_open)
        return;
    Pending p;
    p.params = params;
    const bool replaced = m_pending.count(command) != 0;
    m_pending[command] = p;
    {
        QMutexLocker lock(&m_mutex);
        m_results[command] = {command, Result::Pending, -1, QStringLiteral("sent"), ++m_serial};
    }
    if (replaced)
        qCInfo(lcMavlink) << "px4gcs: command" << command << "re-sent before its answer";
    transmit(command, m_pending[command]);
}

void GcsLink::finish(int command, Result r, int mavResult, const QString &reason)
{
    QString text;
    switch (r) {
    case Result::Accepted:
        text = QStringLiteral("accepted");
        ++m_accepted;
        break;
    case Result::Denied:
        text = px4::mavResultName(mavResult) +
               (reason.isEmpty() ? QString() : QStringLiteral(": ") + reason);
        ++m_denied;
        break;
    case Result::TimedOut:
        text =
            QStringLiteral("timed out (no answer after %1 attempts)").arg(m_config.commandAttempts);
        ++m_timedOut;
        break;
    case Result::Pending:
        return;
    }
    {
        QMutexLocker lock(&m_mutex);
        const quint64 serial = m_results[command].serial;
        m_results[command] = {command, r, mavResult, text, serial};
    }
    // A refusal or no answer is the operator's (or the unattended run's) command not done.
    const bool failed = r != Result::Accepted;
    raiseEvent(failed ? (r == Result::Denied ? QStringLiteral("px4gcs.command_denied")
                                             : QStringLiteral("px4gcs.command_timed_out"))
                      : QStringLiteral("px4gcs.command_accepted"),
               failed ? Severity::Warning : Severity::Info,
               QStringLiteral("%1: %2").arg(px4::commandName(command), text),
               {px4::commandName(command), text});
    emit commandFinished(command, int(r), text);
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
    m_lastPilotMs = m_clock.elapsed();
    const bool finite = std::isfinite(c.pitch) && std::isfinite(c.roll) && std::isfinite(c.yaw) &&
                        std::isfinite(c.throttle);
    if (c.active && !finite) {
        // A broken mapping: never fly on it; treated like a lost device.
        if (++m_badPilot == 1)
            raiseEvent(QStringLiteral("px4gcs.bad_pilot_input"), Severity::Warning,
                       QStringLiteral("pilot controls with a non-finite axis from %1: not sent "
                                      "(counted in bad_pilot_input)")
                           .arg(c.deviceName),
                       {c.deviceName});
        m_pilot = c;
        m_pilot.active = false;
        if (m_manualActive)
            stopManualControl(QStringLiteral("non-finite controls"),
                              {QStringLiteral("not_finite")});
        return;
    }
    m_pilot = c;
    if (!c.active) {
        if (m_manualActive)
            stopManualControl(QStringLiteral("pilot controls inactive (device lost or stale)"),
                              {QStringLiteral("inactive")});
        return;
    }
    if (c.pressed != 0)
        pilotActions(c.pressed);
    sendManualControl(true);
}

void GcsLink::sendManualControl(bool fresh)
{
    if (!m_open || !m_pilot.active)
        return;
    const qint64 silentMs = m_clock.elapsed() - m_lastPilotMs;
    if (!fresh && m_config.pilotStaleMs > 0 && silentMs > m_config.pilotStaleMs) {
        m_pilot.active = false;
        if (m_manualActive)
            stopManualControl(
                QStringLiteral("no pilot controls for %1 ms (the input link stopped?)")
                    .arg(silentMs),
                {QStringLiteral("stale"), QString::number(double(silentMs) / 1000.0, 'f', 1)});
        return;
    }
    ManualControl m;
    m.x = stick(m_pilot.pitch, -1, 1);
    m.y = stick(m_pilot.roll, -1, 1);
    m.z = stick(m_pilot.throttle, 0, 1);
    m.r = stick(m_pilot.yaw, -1, 1);
    {
        QMutexLocker lock(&m_mutex);
        m.target = m_status.systemId != 0 ? m_status.systemId : 1;
    }
    const bool changed = !m_manualActive || m.x != m_lastManual.x || m.y != m_lastManual.y ||
                         m.z != m_lastManual.z || m.r != m_lastManual.r ||
                         m.target != m_lastManual.target;
    if (fresh && !changed)
        return; // the same sticks: the steady period sends them
    send(m);
    ++m_manualSent;
    m_lastManual = m;
    if (fresh) {
        emit manualControlSent(m_pilot.sampleNs, steadyNowNs());
        // The next one a whole period after this one; a periodic send leaves the timer alone
        // (restarting it there would add the handler's delay to every period).
        m_manualTimer->start();
    }
    if (!m_manualActive) {
        m_manualActive = true;
        {
            QMutexLocker lock(&m_mutex);
            m_status.manualControlActive = true;
        }
        const QString hz = QString::number(1000 / std::max(1, m_config.manualControlIntervalMs));
        raiseEvent(
            QStringLiteral("px4gcs.manual_control_started"), Severity::Info,
            QStringLiteral("MANUAL_CONTROL to PX4 at %1 Hz from %2")
                .arg(hz, m_pilot.deviceName.isEmpty() ? QStringLiteral("the pilot's controls")
                                                      : m_pilot.deviceName),
            m_pilot.deviceName.isEmpty() ? QStringList{hz} : QStringList{hz, m_pilot.deviceName});
    }
}

void GcsLink::stopManualControl(const QString &why, const QStringList &reason)
{
    if (m_manualTimer)
        m_manualTimer->stop();
    m_manualActive = false;
    ++m_manualStops;
    {
        QMutexLocker lock(&m_mutex);
        m_status.manualControlActive = false;
    }
    raiseEvent(QStringLiteral("px4gcs.manual_control_stopped"), Severity::Info,
               QStringLiteral("MANUAL_CONTROL stopped: %1; PX4's manual-control-loss failsafe "
                              "decides")
                   .arg(why),
               reason);
}

void GcsLink::pilotActions(std::uint32_t pressed)
{
    struct Action
    {
        std::uint32_t bit;
        const char *name;
        void (GcsLink::*fn)();
    };
    static const Action kActions[] = {
        {PilotLand, "land", &GcsLink::land},
        {PilotReturn, "return", &GcsLink::returnToLaunch},
        {PilotHold, "hold", &GcsLink::hold},
        {PilotModePosition, "Position mode", &GcsLink::position},
        {PilotModeAltitude, "Altitude mode", &GcsLink::altitude},
        {PilotModeStabilized, "Stabilized mode", &GcsLink::stabilized},
        {PilotModeManual, "Manual mode", &GcsLink::manual},
    };
    // The names are the Pilot panel's for the mapped buttons: the window shows them translated.
    auto note = [this](const char *name) {
        ++m_pilotActions;
        raiseEvent(QStringLiteral("px4gcs.pilot_action"), Severity::Info,
                   QStringLiteral("pilot's button: %1").arg(QLatin1String(name)),
                   {QLatin1String(name)});
    };
    // Disarm before arm: both at once (a mapping error) must not leave the motors running.
    if (pressed & PilotDisarm) {
        note("disarm");
        arm(false);
    } else if (pressed & PilotArm) {
        note("arm");
        arm(true);
    }
    if (pressed & PilotTakeoff) {
        note("take off");
        takeoff(std::isfinite(m_config.takeoffAltitudeM) ? m_config.takeoffAltitudeM
                                                         : std::nan(""));
    }
    for (const Action &a : kActions)
        if (pressed & a.bit) {
            note(a.name);
            (this->*a.fn)();
        }
}

void GcsLink::requestParam(const QString &name)
{
    if (!m_open)
        return;
    if (name.isEmpty() || name.size() > 16 || name.toLatin1() != name.toUtf8()) {
        finishParam(name, Px4Param::State::Rejected, std::nan(""), 0,
                    QStringLiteral("not a PX4 parameter name (1..16 ASCII characters)"),
                    {QStringLiteral("bad_name"), name});
        return;
    }
    ParamPending p;
    m_paramPending[name] = p;
    {
        QMutexLocker lock(&m_mutex);
        Px4Param &r = m_params[name];
        r.name = name;
        r.state = Px4Param::State::Pending;
        r.text = QStringLiteral("asked");
        r.serial = ++m_serial;
    }
    ++m_paramsRequested;
    transmitParam(name, m_paramPending[name]);
}

void GcsLink::setParam(const QString &name, double value, int type)
{
    if (!m_open)
        return;
    if (name.isEmpty() || name.size() > 16 || name.toLatin1() != name.toUtf8() ||
        !std::isfinite(value) || type < kParamUint8 || type > kParamReal32) {
        finishParam(name, Px4Param::State::Rejected, std::nan(""), 0,
                    QStringLiteral("not sent: a name of 1..16 ASCII characters, a finite value "
                                   "and a MAV_PARAM_TYPE 1..9 are needed"),
                    {QStringLiteral("not_sent"), name});
        return;
    }
    ParamPending p;
    p.write = true;
    p.value = value;
    p.type = std::uint8_t(type);
    m_paramPending[name] = p;
    {
        QMutexLocker lock(&m_mutex);
        Px4Param &r = m_params[name];
        r.name = name;
        r.state = Px4Param::State::Pending;
        r.text = QStringLiteral("set to %1").arg(value);
        r.serial = ++m_serial;
    }
    ++m_paramsRequested;
    transmitParam(name, m_paramPending[name]);
}

void GcsLink::transmitParam(const QString &name, ParamPending &p)
{
    std::uint8_t target;
    {
        QMutexLocker lock(&m_mutex);
        target = m_status.systemId != 0 ? m_status.systemId : 1;
    }
    ++p.attempts;
    p.sentMs = m_clock.elapsed();
    if (p.write) {
        ParamSet m;
        m.targetSystem = target;
        m.targetComponent = 1;
        m.paramId = toParamId(name);
        m.paramType = p.type;
        m.paramValue = encodeParamValue(p.value, p.type);
        send(m);
    } else {
        ParamRequestRead m;
        m.targetSystem = target;
        m.targetComponent = 1;
        m.paramId = toParamId(name);
        m.paramIndex = -1;
        send(m);
    }
}

void GcsLink::onParamValue(const ParamValue &v)
{
    const QString name = fromParamId(v.paramId);
    const double value = decodeParamValue(v.paramValue, v.paramType);
    const auto it = m_paramPending.find(name);
    if (it != m_paramPending.end()) {
        const ParamPending p = it->second;
        m_paramPending.erase(it);
        // A write is done when PX4 holds the value asked for (within a float's precision).
        const bool kept =
            p.write && std::abs(value - p.value) > 1e-6 * std::max(1.0, std::abs(p.value));
        finishParam(name, kept ? Px4Param::State::Rejected : Px4Param::State::Received, value,
                    v.paramType,
                    kept ? QStringLiteral("PX4 kept %1 (asked %2)").arg(value).arg(p.value)
                         : QString::number(value),
                    kept ? QStringList{QStringLiteral("kept"), name, QString::number(value),
                                       QString::number(p.value)}
                         : QStringList{name, QString::number(value)});
    } else {
        // Unasked (PX4 announces a change, or an answer to a resend already settled): keep it.
        QMutexLocker lock(&m_mutex);
        auto known = m_params.find(name);
        if (known != m_params.end() && known->second.state != Px4Param::State::Pending) {
            known->second.value = value;
            known->second.type = v.paramType;
            known->second.text = QString::number(value);
        }
    }
    if (name == kRcInMode) {
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
}

void GcsLink::finishParam(const QString &name, Px4Param::State state, double value, int type,
                          const QString &text, const QStringList &eventArgs)
{
    {
        QMutexLocker lock(&m_mutex);
        Px4Param &r = m_params[name];
        r.name = name;
        r.state = state;
        if (std::isfinite(value)) {
            r.value = value;
            r.type = type;
        }
        r.text = text;
    }
    switch (state) {
    case Px4Param::State::Received:
        ++m_paramsReceived;
        raiseEvent(QStringLiteral("px4gcs.param_received"), Severity::Info,
                   QStringLiteral("PX4 parameter %1 = %2").arg(name, text), eventArgs);
        break;
    case Px4Param::State::Rejected:
        ++m_paramsRejected;
        raiseEvent(QStringLiteral("px4gcs.param_rejected"), Severity::Warning,
                   QStringLiteral("PX4 parameter %1: %2").arg(name, text), eventArgs);
        break;
    case Px4Param::State::TimedOut:
        ++m_paramsTimedOut;
        raiseEvent(QStringLiteral("px4gcs.param_timed_out"), Severity::Warning,
                   QStringLiteral("PX4 parameter %1: %2").arg(name, text), eventArgs);
        break;
    default:
        break;
    }
    emit paramFinished(name, int(state), value, type, text);
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
                requestParam(kRcInMode); // again after every silence: PX4 may have rebooted
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
        if (t.severity <= 4) {
            m_lastWarning = text;
            m_lastWarningMs = now;
        }
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
    case ParamValue::kId:
        onParamValue(ParamValue::decode(f.payload.data()));
        break;
    case CommandAck::kId: {
        const CommandAck a = CommandAck::decode(f.payload.data());
        ++m_acks;
        auto it = m_pending.find(a.command);
        if (it == m_pending.end() || it->second.acked)
            return;          // an answer to a resend already settled, or to someone else's command
        if (a.result == 5) { // in progress: wait on, without resending
            it->second.sentMs = now;
            return;
        }
        if (a.result == 0) {
            m_pending.erase(it);
            finish(a.command, Result::Accepted, 0, QString());
        } else {
            it->second.acked = true;
            it->second.ackedMs = now;
            it->second.mavResult = a.result;
            // A reason that came just before the refusal (PX4 usually sends it first).
            if (now - m_lastWarningMs < kReasonMaxAgeMs) {
                const int r = a.result;
                m_pending.erase(it);
                finish(a.command, Result::Denied, r, m_lastWarning);
            }
        }
        break;
    }
    default:
        break;
    }
}

void GcsLink::autoTakeoff()
{
    if (m_auto == Auto::Off || m_auto == Auto::Done)
        return;
    const qint64 now = m_clock.elapsed();
    const Px4Status s = status();
    switch (m_auto) {
    case Auto::WaitReady: {
        if (!s.connected || now < m_autoNextMs)
            return;
        const bool prearmReported = (s.sensorsPresent & kPrearmCheckBit) != 0;
        const bool prearmOk = !prearmReported || (s.sensorsHealth & kPrearmCheckBit) != 0;
        if (!prearmOk || s.gpsFixType < 3 || !std::isfinite(s.homeAltitudeAmslM))
            return;
        if (++m_autoAttempts > kAutoMaxAttempts) {
            raiseEvent(QStringLiteral("px4gcs.auto_takeoff_given_up"), Severity::Warning,
                       QStringLiteral("unattended take-off given up after %1 attempts")
                           .arg(kAutoMaxAttempts),
                       {QString::number(kAutoMaxAttempts)});
            m_auto = Auto::Done;
            return;
        }
        raiseEvent(QStringLiteral("px4gcs.auto_takeoff"), Severity::Info,
                   QStringLiteral("PX4 ready: arming for a take-off to %1 m")
                       .arg(m_config.takeoffAltitudeM),
                   {QString::number(m_config.takeoffAltitudeM, 'g', 4)});
        m_auto = Auto::Arming;
        arm(true);
        return;
    }
    case Auto::Arming: {
        const CommandOutcome r = lastResult(kCmdArm);
        if (r.result == Result::Accepted) {
            m_auto = Auto::TakingOff;
            takeoff(m_config.takeoffAltitudeM);
        } else if (r.result != Result::Pending) {
            m_auto = Auto::WaitReady; // not ready after all: try again a little later
            m_autoNextMs = now + kAutoRetryMs;
        }
        return;
    }
    case Auto::TakingOff: {
        const CommandOutcome r = lastResult(kCmdTakeoff);
        if (r.result == Result::Accepted) {
            m_auto = Auto::Done;
        } else if (r.result != Result::Pending) {
            m_auto = Auto::WaitReady;
            m_autoNextMs = now + kAutoRetryMs;
        }
        return;
    }
    default:
        return;
    }
}

} // namespace hil
