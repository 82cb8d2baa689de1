#include "mavlink/px4emulator.h"
#include "mavlink/logging.h"
#include "mavlink/messages.h"

#include <QTcpSocket>
#include <QTimer>
#include <cmath>

namespace hil {

using namespace mavlink;

Px4Emulator::Px4Emulator(const Px4EmulatorConfig &config, QObject *parent)
    : Worker(QStringLiteral("emulator.px4"), parent), m_config(config), m_controller(config.quad)
{
}

Px4Emulator::~Px4Emulator() = default;

bool Px4Emulator::open(QString *)
{
    m_closing = false;
    m_socket = new QTcpSocket(this);
    connect(m_socket, &QTcpSocket::connected, this, &Px4Emulator::onConnected);
    connect(m_socket, &QTcpSocket::disconnected, this, &Px4Emulator::onDisconnected);
    connect(m_socket, &QTcpSocket::errorOccurred, this, [this](QAbstractSocket::SocketError) {
        if (!m_connected) // refused / unreachable: try again later
            scheduleReconnect();
    });
    connect(m_socket, &QTcpSocket::readyRead, this, &Px4Emulator::onReadyRead);
    m_retry = new QTimer(this);
    m_retry->setSingleShot(true);
    connect(m_retry, &QTimer::timeout, this, &Px4Emulator::connectNow);
    setEndpoints({{"server", QStringLiteral("%1:%2").arg(m_config.host).arg(m_config.port)}});
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
    delete m_retry;
    m_retry = nullptr;
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
            {"crc_errors", qint64(m_parser.stats().crcErrors)}};
}

void Px4Emulator::setStalled(bool stalled)
{
    if (stalled == m_stalled)
        return;
    m_stalled = stalled;
    raiseEvent(stalled ? QStringLiteral("stalled: not answering sensors")
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
    m_backoffMs = 250;
    m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    m_parser.reset();
    m_controller.reset(); // a fresh PX4 boot per connection
    // PX4's opening, both in one write ("multiple messages coming in hot", seed 002).
    CommandLong interval;
    interval.command = 511; // SET_MESSAGE_INTERVAL
    interval.param[0] = 115;
    interval.param[1] = 5000;
    const QByteArray hello = encodeMessage(Heartbeat{0, 2, 12, 0, 3, 3}, FrameHeader{m_seq++, 1, 1}) +
                             encodeMessage(interval, FrameHeader{m_seq++, 1, 1});
    m_socket->write(hello);
    setState(LinkState::Up);
    raiseEvent(QStringLiteral("connected to %1:%2").arg(m_config.host).arg(m_config.port));
}

void Px4Emulator::onDisconnected()
{
    if (!m_connected)
        return;
    m_connected = false;
    setState(LinkState::Down);
    raiseEvent(QStringLiteral("station went away; reconnecting"));
    scheduleReconnect();
}

void Px4Emulator::onReadyRead()
{
    char buf[4096];
    while (m_socket && m_socket->bytesAvailable() > 0) {
        const qint64 n = m_socket->read(buf, sizeof buf);
        if (n <= 0)
            break;
        m_parser.feed(buf, static_cast<std::size_t>(n));
        Frame f;
        while (m_parser.next(&f)) {
            if (f.msgId == HilGps::kId)
                ++m_gpsReceived;
            if (f.msgId != HilSensor::kId)
                continue;
            const HilSensor s = HilSensor::decode(f.payload.data());
            if (s.id != 0)
                continue;
            ++m_sensorsReceived;
            if (!m_stalled)
                answer(s);
        }
    }
}

void Px4Emulator::answer(const HilSensor &s)
{
    const bool wasArmed = m_controller.armed();
    const auto throttles = m_controller.update(s);
    if (m_controller.armed() != wasArmed)
        raiseEvent(QStringLiteral("armed: taking off to %1 m").arg(m_config.quad.targetAltitudeM));
    HilActuatorControls a;
    a.timeUsec = s.timeUsec;
    a.flags = HilActuatorControls::kFlagLockstep;
    for (int i = 0; i < 4; ++i)
        a.controls[i] = throttles[i];
    a.mode = m_controller.armed() ? (128 | 1) : 1; // SAFETY_ARMED | CUSTOM_MODE_ENABLED
    std::uint8_t buf[kMaxFrameLen];
    const std::size_t n = encodeMessage(a, FrameHeader{m_seq++, 1, 1}, buf);
    m_socket->write(reinterpret_cast<const char *>(buf), static_cast<qint64>(n));
    ++m_actuatorsSent;
}

} // namespace hil
