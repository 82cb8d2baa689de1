#include "mavlink/px4emulator.h"
#include "core/post.h"
#include "mavlink/logging.h"
#include "mavlink/messages.h"

#include <QNetworkProxy>
#include <QSerialPort>
#include <QTcpSocket>
#include <QTimer>
#include <QUdpSocket>
#include <cmath>

namespace hil {

using namespace mavlink;

Px4Emulator::Px4Emulator(const Px4EmulatorConfig &config, QObject *parent)
    : Worker(QStringLiteral("emulator.px4"), parent), m_config(config), m_controller(config.quad),
      m_commander(*this, m_controller, !config.serialPath.isEmpty())
{
}

void Px4Emulator::setParamForTest(const QString &name, double value)
{
    postTo(this, [this, name, value] { m_commander.setParam(name, value); });
}

void Px4Emulator::setPrearmFailureForTest(const QString &reason)
{
    postTo(this, [this, reason] {
        m_commander.setPrearmFailure(reason);
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
    QJsonObject c{
        {"connected", m_connected},
        {"sensors_received", m_sensorsReceived},
        {"actuators_sent", m_actuatorsSent},
        {"gps_received", m_gpsReceived},
        {"reconnects", m_reconnects},
        {"armed", m_controller.armed()},
        {"altitude_m", std::round(m_controller.altitudeM() * 100.0) / 100.0},
        {"stalled", m_stalled},
        {"velocity_north_mps", std::round(m_controller.velocityNorthMps() * 100.0) / 100.0},
        {"crc_errors", qint64(m_parser.stats().crcErrors)}};
    m_commander.addCounters(c);
    return c;
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
        m_commander.handle(f);
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
    m_commander.checkManualLoss();
    const bool wasArmed = m_controller.armed();
    const auto throttles = m_controller.update(s);
    if (m_controller.armed() != wasArmed) {
        m_commander.armedChanged(m_controller.armed(), m_config.quad.autoArm);
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

qint64 Px4Emulator::elapsedMs() const
{
    return m_wall.elapsed();
}

double Px4Emulator::gpsAltitudeAmslM() const
{
    return m_lastGpsAmslM;
}

void Px4Emulator::sendToGcs(const CommandAck &m)
{
    gcsSend(m);
}

void Px4Emulator::sendToGcs(const ParamValue &m)
{
    gcsSend(m);
}

void Px4Emulator::sendToGcs(const StatusText &m)
{
    gcsSend(m);
}

void Px4Emulator::raise(const QString &id, Severity severity, const QString &text,
                        const QStringList &args)
{
    raiseEvent(id, severity, text, args);
}

void Px4Emulator::onGcsTick()
{
    if (m_gcsPeerPort == 0)
        return;
    const bool armed = m_controller.armed();
    const bool flying = armed && m_controller.altitudeM() > 0.3;
    // MAV_TYPE_QUADROTOR, MAV_AUTOPILOT_PX4, custom mode enabled (+ armed), MAV_STATE
    gcsSend(Heartbeat{m_commander.customMode(), 2, 12, std::uint8_t(1 | (armed ? 128 : 0)),
                      std::uint8_t(armed ? 4 : 3), 3});
    SysStatus st;
    const std::uint32_t sensors = 0x3F | (1u << 28); // gyro, accel, mag, baro, diff, GPS; pre-arm
    st.sensorsPresent = st.sensorsEnabled = sensors;
    st.sensorsHealth = m_controller.ready() && m_gpsSeen && !m_commander.prearmFailing()
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
    const double home = armed ? m_commander.homeAmslM() : m_lastGpsAmslM;
    p.relativeAltMm = std::int32_t(std::lround(m_controller.altitudeM() * 1000.0));
    p.altMm = std::int32_t(std::lround(home * 1000.0)) + p.relativeAltMm;
    gcsSend(p);
    m_commander.statusTick();
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
            m_commander.handle(f);
        }
    }
}

} // namespace hil
