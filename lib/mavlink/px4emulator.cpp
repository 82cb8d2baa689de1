#include "mavlink/px4emulator.h"
#include "core/post.h"
#include "mavlink/logging.h"
#include "mavlink/messages.h"
#include "mavlink/px4names.h"

#include <QJsonArray>
#include <QNetworkProxy>
#include <QSerialPort>
#include <QTcpSocket>
#include <QTimer>
#include <QUdpSocket>
#include <cmath>

namespace hil {

using namespace mavlink;

Px4Emulator::Px4Emulator(const Px4EmulatorConfig &config, QObject *parent)
    : Worker(QStringLiteral("emulator.px4"), parent), m_config(config), m_controller(config.quad)
{
    // PX4's values in its SITL (rcS sets COM_RC_IN_MODE 1), the rest PX4's defaults.
    m_params = {
        {QStringLiteral("COM_RC_IN_MODE"), {1, kParamInt32}},
        {QStringLiteral("COM_RC_LOSS_T"), {0.5, kParamReal32}},
        {QStringLiteral("NAV_RCL_ACT"), {2, kParamInt32}},
        {QStringLiteral("COM_RCL_EXCEPT"), {0, kParamInt32}},
        {QStringLiteral("COM_FAIL_ACT_T"), {5.0, kParamReal32}},
        {QStringLiteral("SYS_HITL"), {config.serialPath.isEmpty() ? 0.0 : 1.0, kParamInt32}},
        {QStringLiteral("SYS_AUTOSTART"), {10015, kParamInt32}},
        {QStringLiteral("MIS_TAKEOFF_ALT"), {2.5, kParamReal32}}};
    if (!config.serialPath.isEmpty()) // a board: its cdcacm_autostart driver's parameter
        m_params.insert(QStringLiteral("SYS_USB_AUTO"), {2, kParamInt32});
}

void Px4Emulator::setParamForTest(const QString &name, double value)
{
    postTo(this, [this, name, value] {
        if (!std::isfinite(value)) {
            m_params.remove(name);
            return;
        }
        auto it = m_params.find(name);
        if (it != m_params.end())
            it->value = value;
        else
            m_params.insert(name, {value, value == std::round(value) ? std::uint8_t(kParamInt32)
                                                                     : std::uint8_t(kParamReal32)});
    });
}

void Px4Emulator::setPrearmFailureForTest(const QString &reason)
{
    postTo(this, [this, reason] {
        m_prearmFailure = reason;
        if (!reason.isEmpty())
            gcsStatusText(2, QStringLiteral("Preflight Fail: ") + reason);
        onGcsTick(); // the SYS_STATUS bit at once
    });
}

Px4Emulator::~Px4Emulator() = default;

bool Px4Emulator::open(QString *error)
{
    m_closing = false;
    m_wall.start();
    m_retry = new QTimer(this);
    m_retry->setSingleShot(true);
    m_gcsTick = new QTimer(this);
    m_gcsTick->setInterval(500);
    connect(m_gcsTick, &QTimer::timeout, this, &Px4Emulator::onGcsTick);
    if (!m_config.serialPath.isEmpty()) {
        connect(m_retry, &QTimer::timeout, this, &Px4Emulator::openSerial);
        m_boardClock.start();
        m_gcsTick->start();
        setEndpoints({{"serial_port", m_config.serialPath}});
        setState(LinkState::Connecting);
        openSerial();
        return true;
    }
    m_socket = new QTcpSocket(this);
    m_socket->setProxy(QNetworkProxy::NoProxy); // 127.0.0.1: no system proxy lookup
    connect(m_socket, &QTcpSocket::connected, this, &Px4Emulator::onConnected);
    connect(m_socket, &QTcpSocket::disconnected, this, &Px4Emulator::onDisconnected);
    connect(m_socket, &QTcpSocket::errorOccurred, this, [this](QAbstractSocket::SocketError) {
        if (!m_connected) // refused / unreachable: try again later
            scheduleReconnect();
    });
    connect(m_socket, &QTcpSocket::readyRead, this, &Px4Emulator::onReadyRead);
    connect(m_retry, &QTimer::timeout, this, &Px4Emulator::connectNow);
    m_gcs = new QUdpSocket(this);
    m_gcs->setProxy(QNetworkProxy::NoProxy); // 127.0.0.1: no system proxy lookup
    if (!m_gcs->bind(QHostAddress::LocalHost, m_config.gcsPort)) {
        *error = QStringLiteral("emulator.px4: cannot bind UDP %1: %2")
                     .arg(m_config.gcsPort)
                     .arg(m_gcs->errorString());
        return false;
    }
    m_gcsParser.setSkipUnknownByLength(true);
    connect(m_gcs, &QUdpSocket::readyRead, this, &Px4Emulator::onGcsReadyRead);
    m_gcsTick->start();
    setEndpoints({{"server", QStringLiteral("%1:%2").arg(m_config.host).arg(m_config.port)},
                  {"gcs_port", int(m_gcs->localPort())}});
    setState(LinkState::Connecting);
    connectNow();
    return true;
}

void Px4Emulator::close()
{
    m_closing = true;
    if (m_retry)
        m_retry->stop();
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
    }
    delete m_socket;
    m_socket = nullptr;
    if (m_serial)
        m_serial->disconnect(this);
    delete m_serial;
    m_serial = nullptr;
    delete m_retry;
    m_retry = nullptr;
    delete m_gcsTick;
    m_gcsTick = nullptr;
    delete m_gcs;
    m_gcs = nullptr;
    m_connected = false;
}

QJsonObject Px4Emulator::collectCounters() const
{
    return {{"connected", m_connected},
            {"sensors_received", m_sensorsReceived},
            {"actuators_sent", m_actuatorsSent},
            {"gps_received", m_gpsReceived},
            {"reconnects", m_reconnects},
            {"armed", m_controller.armed()},
            {"altitude_m", std::round(m_controller.altitudeM() * 100.0) / 100.0},
            {"stalled", m_stalled},
            {"gcs_commands", m_gcsCommands},
            {"manual_control_received", m_manualReceived},
            {"manual_control_ignored", m_manualIgnored},
            {"manual_control_last", QJsonArray{m_lastSticks[0], m_lastSticks[1], m_lastSticks[2],
                                               m_lastSticks[3]}}, // x, y, z, r as received
            {"manual_control_losses", m_manualLosses},
            {"param_answers", m_paramAnswers},
            {"velocity_north_mps", std::round(m_controller.velocityNorthMps() * 100.0) / 100.0},
            {"crc_errors", qint64(m_parser.stats().crcErrors)}};
}

void Px4Emulator::setStalled(bool stalled)
{
    if (stalled == m_stalled)
        return;
    m_stalled = stalled;
    raiseEvent(stalled ? QStringLiteral("emulator.px4.stalled")
                       : QStringLiteral("emulator.px4.answering"),
               Severity::Info,
               stalled ? QStringLiteral("stalled: not answering sensors")
                       : QStringLiteral("answering sensors again"));
}

void Px4Emulator::connectNow()
{
    if (m_closing || !m_socket || m_socket->state() != QAbstractSocket::UnconnectedState)
        return;
    m_socket->connectToHost(m_config.host, m_config.port);
}

void Px4Emulator::scheduleReconnect()
{
    if (m_closing || !m_retry || m_retry->isActive())
        return;
    ++m_reconnects;
    m_retry->start(m_backoffMs);
    m_backoffMs = std::min(2000, m_backoffMs * 2);
}

void Px4Emulator::onConnected()
{
    m_connected = true;
    ++m_connection;
    m_backoffMs = 250;
    m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    m_parser.reset();
    m_controller.reset(); // a fresh PX4 boot per connection
    // PX4's opening, both in one write ("multiple messages coming in hot", PX4's own description of
    // its HIL session).
    CommandLong interval;
    interval.command = 511; // SET_MESSAGE_INTERVAL
    interval.param[0] = 115;
    interval.param[1] = 5000;
    const QByteArray hello =
        encodeMessage(Heartbeat{0, 2, 12, 0, 3, 3}, FrameHeader{m_seq++, 1, 1}) +
        encodeMessage(interval, FrameHeader{m_seq++, 1, 1});
    m_socket->write(hello);
    setState(LinkState::Up);
    raiseEvent(QStringLiteral("emulator.px4.connected"), Severity::Info,
               QStringLiteral("connected to %1:%2").arg(m_config.host).arg(m_config.port),
               {m_config.host, QString::number(m_config.port)});
}

void Px4Emulator::onDisconnected()
{
    if (!m_connected)
        return;
    m_connected = false;
    ++m_connection;
    setState(LinkState::Down);
    raiseEvent(QStringLiteral("emulator.px4.station_gone"), Severity::Info,
               QStringLiteral("station went away; reconnecting"));
    scheduleReconnect();
}

void Px4Emulator::openSerial()
{
    if (m_closing || (m_serial && m_serial->isOpen()))
        return;
    delete m_serial;
    m_serial = new QSerialPort(this);
    m_serial->setPortName(m_config.serialPath);
    if (!m_serial->open(QIODevice::ReadWrite)) {
        delete m_serial;
        m_serial = nullptr;
        m_retry->start(250);
        return;
    }
    m_serial->setBaudRate(m_config.baud);
    connect(m_serial, &QSerialPort::readyRead, this, &Px4Emulator::onReadyRead);
    connect(m_serial, &QSerialPort::errorOccurred, this,
            [this](QSerialPort::SerialPortError e) { onSerialError(int(e)); });
    m_parser.reset();
    m_connected = true;
    ++m_connection;
    m_gcsPeerPort = 1; // the port is the ground station's way in: answer on it
    setState(LinkState::Up);
    raiseEvent(QStringLiteral("emulator.px4.serial_opened"), Severity::Info,
               QStringLiteral("serial port %1 open (HITL)").arg(m_config.serialPath),
               {m_config.serialPath});
}

void Px4Emulator::onSerialError(int error)
{
    if (error == QSerialPort::NoError || error == QSerialPort::TimeoutError || !m_serial)
        return;
    m_serial->disconnect(this);
    m_serial->close();
    m_serial->deleteLater();
    m_serial = nullptr;
    m_connected = false;
    m_gcsPeerPort = 0;
    ++m_reconnects;
    setState(LinkState::Down);
    raiseEvent(QStringLiteral("emulator.px4.serial_lost"), Severity::Info,
               QStringLiteral("serial port %1 lost; opening it again").arg(m_config.serialPath),
               {m_config.serialPath});
    if (!m_closing)
        m_retry->start(250);
}

void Px4Emulator::writeLink(const QByteArray &bytes)
{
    if (m_serial)
        m_serial->write(bytes);
    else if (m_socket)
        m_socket->write(bytes);
}

void Px4Emulator::onReadyRead()
{
    char buf[4096];
    for (;;) {
        const qint64 n = m_serial   ? m_serial->read(buf, sizeof buf)
                         : m_socket ? m_socket->read(buf, sizeof buf)
                                    : 0;
        if (n <= 0)
            break;
        m_parser.feed(buf, static_cast<std::size_t>(n));
        Frame f;
        while (m_parser.next(&f))
            handleLinkFrame(f);
    }
}

void Px4Emulator::handleLinkFrame(const Frame &f)
{
    if (f.msgId == HilGps::kId) {
        ++m_gpsReceived;
        m_gpsSeen = true;
        const HilGps g = HilGps::decode(f.payload.data());
        m_lastGpsAmslM = g.altMm / 1000.0;
        m_lastGpsLatE7 = g.latDegE7;
        m_lastGpsLonE7 = g.lonDegE7;
        m_controller.gps(g);
    }
    if (m_serial) // serial: the ground station shares the port
        handleGcsFrame(f);
    if (f.msgId != HilSensor::kId)
        return;
    const HilSensor s = HilSensor::decode(f.payload.data());
    if (s.id != 0)
        return;
    ++m_sensorsReceived;
    if (m_stalled)
        return;
    if (m_config.answerDelayMs > 0) {
        QTimer::singleShot(m_config.answerDelayMs, Qt::PreciseTimer, this,
                           [this, s, connection = m_connection] {
                               if (connection == m_connection && m_connected && !m_stalled)
                                   answer(s);
                           });
        return;
    }
    answer(s);
}

void Px4Emulator::answer(const HilSensor &s)
{
    checkManualLoss();
    const bool wasArmed = m_controller.armed();
    const auto throttles = m_controller.update(s);
    if (m_controller.armed() != wasArmed) {
        if (m_controller.armed()) {
            m_homeAmslM = m_lastGpsAmslM;
            if (m_config.quad.autoArm) {
                m_mainMode = 4;
                m_subMode = 2; // Takeoff
            }
        } else {
            m_mainMode = 4;
            m_subMode = 3;
        }
        // args: the height it climbs to, one decimal (the disarmed event has none)
        raiseEvent(m_controller.armed() ? QStringLiteral("emulator.px4.armed")
                                        : QStringLiteral("emulator.px4.disarmed"),
                   Severity::Info,
                   m_controller.armed()
                       ? QStringLiteral("armed (target %1 m)").arg(m_controller.targetAltitudeM())
                       : QStringLiteral("disarmed"),
                   m_controller.armed()
                       ? QStringList{QString::number(m_controller.targetAltitudeM(), 'f', 1)}
                       : QStringList());
    }
    HilActuatorControls a;
    if (m_serial) {
        // HITL: PX4 stamps with its own clock, and its flags say which outputs are motors
        a.timeUsec = std::uint64_t(m_boardClock.nsecsElapsed() / 1000) + 1;
        a.flags = 0x0F;
    } else {
        a.timeUsec = s.timeUsec;
        a.flags = HilActuatorControls::kFlagLockstep;
    }
    for (int i = 0; i < 4; ++i)
        a.controls[i] = throttles[i];
    a.mode = m_controller.armed() ? (128 | 1) : 1; // SAFETY_ARMED | CUSTOM_MODE_ENABLED
    std::uint8_t buf[kMaxFrameLen];
    const std::size_t n = encodeMessage(a, FrameHeader{m_seq++, 1, 1}, buf);
    writeLink(QByteArray(reinterpret_cast<const char *>(buf), static_cast<qsizetype>(n)));
    ++m_actuatorsSent;
}

std::uint32_t Px4Emulator::customMode() const
{
    return std::uint32_t(m_mainMode) << 16 | std::uint32_t(m_subMode) << 24;
}

template <typename M> void Px4Emulator::gcsSend(const M &msg)
{
    if (m_serial) {
        writeLink(encodeMessage(msg, FrameHeader{m_gcsSeq++, 1, 1}));
        return;
    }
    if (!m_gcs || m_gcsPeerPort == 0)
        return;
    m_gcs->writeDatagram(encodeMessage(msg, FrameHeader{m_gcsSeq++, 1, 1}), m_gcsPeer,
                         m_gcsPeerPort);
}

void Px4Emulator::gcsStatusText(int severity, const QString &text)
{
    StatusText t;
    t.severity = std::uint8_t(severity);
    t.setText(text);
    gcsSend(t);
}

void Px4Emulator::onGcsTick()
{
    if (m_gcsPeerPort == 0)
        return;
    const bool armed = m_controller.armed();
    const bool flying = armed && m_controller.altitudeM() > 0.3;
    // MAV_TYPE_QUADROTOR, MAV_AUTOPILOT_PX4, custom mode enabled (+ armed), MAV_STATE
    gcsSend(Heartbeat{customMode(), 2, 12, std::uint8_t(1 | (armed ? 128 : 0)),
                      std::uint8_t(armed ? 4 : 3), 3});
    SysStatus st;
    const std::uint32_t sensors = 0x3F | (1u << 28); // gyro, accel, mag, baro, diff, GPS; pre-arm
    st.sensorsPresent = st.sensorsEnabled = sensors;
    st.sensorsHealth = m_controller.ready() && m_gpsSeen && m_prearmFailure.isEmpty()
                           ? sensors
                           : (sensors & ~(1u << 28));
    st.voltageMv = 16200;
    st.currentCa = armed ? 1500 : 50;
    st.batteryRemainingPct = 95;
    gcsSend(st);
    ExtendedSysState es;
    es.landedState = !armed ? 1 : m_controller.landing() ? 4 : flying ? 2 : 1;
    gcsSend(es);
    GpsRawInt g;
    g.fixType = m_gpsSeen ? 3 : 0;
    g.satellitesVisible = m_gpsSeen ? 10 : 0;
    gcsSend(g);
    // ATTITUDE and GLOBAL_POSITION_INT as PX4 streams them: a ground station's (and a replay's)
    // attitude and flight path.
    Attitude att;
    const EulerAngles e = toEuler(m_controller.attitude());
    att.timeBootMs = std::uint32_t(m_wall.elapsed());
    att.roll = float(e.roll);
    att.pitch = float(e.pitch);
    att.yaw = float(e.yaw);
    gcsSend(att);
    GlobalPositionInt p;
    p.timeBootMs = att.timeBootMs;
    p.latDegE7 = m_lastGpsLatE7;
    p.lonDegE7 = m_lastGpsLonE7;
    const double home = armed ? m_homeAmslM : m_lastGpsAmslM;
    p.relativeAltMm = std::int32_t(std::lround(m_controller.altitudeM() * 1000.0));
    p.altMm = std::int32_t(std::lround(home * 1000.0)) + p.relativeAltMm;
    gcsSend(p);
    if (m_controller.landing() || (!armed && m_subMode != 3)) {
        if (!armed) {
            m_mainMode = 4;
            m_subMode = 3;
            m_controller.setStickMode(QuadHoverController::StickMode::Off);
        }
    }
}

void Px4Emulator::onGcsReadyRead()
{
    while (m_gcs && m_gcs->hasPendingDatagrams()) {
        QByteArray d;
        d.resize(qsizetype(std::max<qint64>(0, m_gcs->pendingDatagramSize())));
        QHostAddress from;
        quint16 port = 0;
        const qint64 n = m_gcs->readDatagram(d.data(), d.size(), &from, &port);
        if (n <= 0)
            continue;
        m_gcsParser.reset();
        m_gcsParser.feed(d.constData(), std::size_t(n));
        Frame f;
        while (m_gcsParser.next(&f)) {
            if (m_gcsPeerPort == 0 || port != m_gcsPeerPort || from != m_gcsPeer) {
                m_gcsPeer = from; // like PX4: answer whoever sent last
                m_gcsPeerPort = port;
            }
            handleGcsFrame(f);
        }
    }
}

void Px4Emulator::handleGcsFrame(const Frame &f)
{
    switch (f.msgId) {
    case CommandLong::kId:
        handleCommand(CommandLong::decode(f.payload.data()));
        break;
    case ManualControl::kId: {
        const ManualControl m = ManualControl::decode(f.payload.data());
        const int mode = int(m_params.value(QStringLiteral("COM_RC_IN_MODE")).value);
        if ((m.target != 0 && m.target != 1) || mode == 0 || mode == 4) {
            ++m_manualIgnored; // PX4 too: another system's, or sticks from a GCS not allowed
            break;
        }
        ++m_manualReceived;
        m_lastSticks = {m.x, m.y, m.z, m.r};
        m_lastSticksMs = m_wall.elapsed();
        if (m_controller.armed())
            m_sticksSeenArmed = true;
        // PX4's receiver: z 0..1000 is throttle 0..1 (500 the centre of a spring stick).
        m_controller.setSticks(m.x / 1000.0, m.y / 1000.0, m.r / 1000.0, m.z / 1000.0);
        applyStickMode();
        break;
    }
    case ParamRequestRead::kId: {
        const ParamRequestRead r = ParamRequestRead::decode(f.payload.data());
        if (r.paramIndex < 0)
            sendParam(fromParamId(r.paramId));
        else if (r.paramIndex < m_params.size())
            sendParam(m_params.keys().at(r.paramIndex));
        break;
    }
    case ParamSet::kId: {
        const ParamSet p = ParamSet::decode(f.payload.data());
        const QString name = fromParamId(p.paramId);
        auto it = m_params.find(name);
        if (it == m_params.end())
            break;
        it->value = decodeParamValue(p.paramValue, p.paramType);
        raiseEvent(QStringLiteral("emulator.px4.param_set"), Severity::Info,
                   QStringLiteral("%1 set to %2").arg(name).arg(it->value),
                   {name, QString::number(it->value)});
        sendParam(name);
        break;
    }
    default:
        break;
    }
}

void Px4Emulator::sendParam(const QString &name)
{
    const auto it = m_params.constFind(name);
    if (it == m_params.constEnd())
        return;
    ParamValue v;
    v.paramId = toParamId(name);
    v.paramType = it->type;
    v.paramValue = encodeParamValue(it->value, it->type);
    v.paramCount = std::uint16_t(m_params.size());
    v.paramIndex = std::uint16_t(std::distance(m_params.constBegin(), it));
    gcsSend(v);
    ++m_paramAnswers;
}

bool Px4Emulator::sticksFresh() const
{
    const double lossS = m_params.value(QStringLiteral("COM_RC_LOSS_T")).value;
    return m_wall.elapsed() - m_lastSticksMs <= qint64(lossS * 1000.0);
}

// The controller flies by stick in PX4's manual modes only.
void Px4Emulator::applyStickMode()
{
    using M = QuadHoverController::StickMode;
    M mode = M::Off;
    switch (m_mainMode) {
    case px4::kMainPosition:
        mode = M::Position;
        break;
    case px4::kMainAltitude:
        mode = M::Altitude;
        break;
    case px4::kMainStabilized:
    case px4::kMainManual:
        mode = M::Stabilized;
        break;
    default:
        break;
    }
    m_controller.setStickMode(mode);
}

void Px4Emulator::checkManualLoss()
{
    if (!m_controller.armed()) {
        m_sticksSeenArmed = false;
        m_lossAtMs = -1;
        return;
    }
    const qint64 now = m_wall.elapsed();
    if (m_lossAtMs >= 0) { // in the failsafe's Hold, before its action
        if (sticksFresh()) {
            // The sticks are back: PX4 returns to the mode the pilot had.
            m_lossAtMs = -1;
            m_sticksSeenArmed = true;
            m_mainMode = m_modeBeforeLoss.first;
            m_subMode = m_modeBeforeLoss.second;
            applyStickMode();
            gcsStatusText(6, QStringLiteral("Failsafe cleared: manual control regained"));
        } else if (now - m_lossAtMs >=
                   qint64(m_params.value(QStringLiteral("COM_FAIL_ACT_T")).value * 1000.0)) {
            m_lossAtMs = -1;
            manualLossAction();
        }
        return;
    }
    if (!m_sticksSeenArmed || sticksFresh())
        return;
    const bool hold = m_mainMode == px4::kMainAuto && m_subMode == px4::kSubAutoLoiter;
    const int except = int(m_params.value(QStringLiteral("COM_RCL_EXCEPT")).value);
    if ((m_mainMode == px4::kMainAuto &&
         (m_subMode == px4::kSubAutoRtl || m_subMode == px4::kSubAutoLand ||
          m_subMode == px4::kSubAutoTakeoff)) ||
        (hold && (except & 2)))
        return;
    m_sticksSeenArmed = false; // one reaction per loss; sticks again re-arm it
    ++m_manualLosses;
    const int action = int(m_params.value(QStringLiteral("NAV_RCL_ACT")).value);
    const double delayS = m_params.value(QStringLiteral("COM_FAIL_ACT_T")).value;
    raiseEvent(QStringLiteral("emulator.px4.manual_control_lost"), Severity::Info,
               QStringLiteral("manual control lost: NAV_RCL_ACT %1 after a %2 s hold")
                   .arg(action)
                   .arg(delayS),
               {QString::number(action), QString::number(delayS, 'g', 3)});
    if (action == 0)
        return; // disabled
    if (delayS > 0) {
        // PX4: Hold for COM_FAIL_ACT_T first (the pilot may take over), then the action.
        m_modeBeforeLoss = {m_mainMode, m_subMode};
        m_lossAtMs = now;
        m_controller.hold();
        m_controller.setStickMode(QuadHoverController::StickMode::Off);
        m_mainMode = px4::kMainAuto;
        m_subMode = px4::kSubAutoLoiter;
        gcsStatusText(
            2, QStringLiteral("Failsafe activated: entering Hold for %1 seconds").arg(delayS));
        return;
    }
    manualLossAction();
}

void Px4Emulator::manualLossAction()
{
    const int action = int(m_params.value(QStringLiteral("NAV_RCL_ACT")).value);
    if (action == 1) {
        m_controller.hold();
        m_mainMode = px4::kMainAuto;
        m_subMode = px4::kSubAutoLoiter;
    } else if (action == 2 || action == 3) {
        m_controller.land(); // Return: the stand-in does not fly home, it lands where it is
        m_mainMode = px4::kMainAuto;
        m_subMode = action == 2 ? px4::kSubAutoRtl : px4::kSubAutoLand;
    } else {
        return;
    }
    m_controller.setStickMode(QuadHoverController::StickMode::Off);
    gcsStatusText(2, QStringLiteral("Failsafe activated"));
}

void Px4Emulator::handleCommand(const CommandLong &c)
{
    ++m_gcsCommands;
    int result = 0; // MAV_RESULT_ACCEPTED
    QString reason;
    switch (c.command) {
    case 400: // arm / disarm
        if (c.param[0] > 0.5f) {
            const bool was = m_controller.armed();
            if (!was && !m_prearmFailure.isEmpty()) {
                result = 1;
                gcsStatusText(2, QStringLiteral("Preflight Fail: ") + m_prearmFailure);
                reason = QStringLiteral("Arming denied: resolve health failures first");
            } else if (!m_controller.arm(true)) {
                result = 1;
                reason = QStringLiteral("Arming denied: sensors not ready");
            } else if (!was) {
                m_homeAmslM = m_lastGpsAmslM;
                gcsStatusText(6, QStringLiteral("Armed by external command"));
                raiseEvent(QStringLiteral("emulator.px4.armed"), Severity::Info,
                           QStringLiteral("armed by the ground station"));
            }
        } else if (m_controller.armed() && m_controller.altitudeM() > 0.5) {
            result = 2;
            reason = QStringLiteral("Disarming denied: not landed");
        } else if (m_controller.armed()) {
            m_controller.arm(false);
            gcsStatusText(6, QStringLiteral("Disarmed by external command"));
            raiseEvent(QStringLiteral("emulator.px4.disarmed"), Severity::Info,
                       QStringLiteral("disarmed by the ground station"));
        }
        break;
    case 22: { // takeoff: param 7 AMSL, NaN = 2.5 m (PX4's MIS_TAKEOFF_ALT default)
        const double height = std::isfinite(c.param[6]) ? c.param[6] - m_homeAmslM : 2.5;
        if (!m_controller.takeoff(height)) {
            result = 2;
            reason = QStringLiteral("Takeoff denied: disarmed");
        } else {
            m_controller.setStickMode(QuadHoverController::StickMode::Off);
            m_mainMode = 4;
            m_subMode = 2;
        }
        break;
    }
    case 21: // land
    case 20: // return: the stand-in has no position control; it lands where it is
        if (!m_controller.armed()) {
            result = 2;
            reason = QStringLiteral("Landing denied: disarmed");
        } else {
            m_controller.land();
            m_controller.setStickMode(QuadHoverController::StickMode::Off);
            m_mainMode = 4;
            m_subMode = c.command == 21 ? 6 : 5;
        }
        break;
    case 176: { // DO_SET_MODE: custom main/sub mode
        const int main = int(c.param[1]), sub = int(c.param[2]);
        if (main == 4 && sub == 3) {
            m_controller.hold();
            m_controller.setStickMode(QuadHoverController::StickMode::Off);
            m_mainMode = 4;
            m_subMode = 3;
        } else if (px4::isManualMainMode(main) && main != 5) {
            if (!sticksFresh()) {
                result = 2;
                reason = QStringLiteral("Mode switch denied: no manual control input");
            } else {
                m_mainMode = main;
                m_subMode = 0;
                applyStickMode();
            }
        } else {
            result = 2;
            reason = QStringLiteral("Mode switch denied: not supported by the stand-in");
        }
        break;
    }
    default:
        result = 3; // unsupported
        break;
    }
    if (!reason.isEmpty())
        gcsStatusText(4, reason);
    CommandAck ack;
    ack.command = c.command;
    ack.result = std::uint8_t(result);
    gcsSend(ack);
}

} // namespace hil
