// HilLink's two ways to PX4 (mavlink/hillink.h): a TCP server PX4 SITL connects to, and the
// serial port of a board running PX4 HITL, which it shares with the ground-station link. The
// session logic (stepping, lockstep, actuators) is in hillink.cpp and does not know which.
#include "core/hostlookup.h"
#include "mavlink/hillink.h"
#include "mavlink/serialtransport.h"

#include <QMetaMethod>
#include <QNetworkProxy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUdpSocket>
#include <chrono>

namespace hil {

using namespace mavlink;

// ---- TCP (SITL) ---------------------------------------------------------------------------------

bool HilLink::listen(QString *error)
{
    const QHostAddress address = resolveHostIPv4(m_config.host);
    m_server = new QTcpServer(this);
    m_server->setProxy(QNetworkProxy::NoProxy); // PX4 connects from the LAN: no system proxy
    if (address.isNull() || !m_server->listen(address, m_config.port)) {
        *error = QStringLiteral("px4: cannot listen on %1:%2: %3")
                     .arg(m_config.host)
                     .arg(m_config.port)
                     .arg(address.isNull() ? QStringLiteral("unresolvable host")
                                           : m_server->errorString());
        delete m_server;
        m_server = nullptr;
        return false;
    }
    connect(m_server, &QTcpServer::newConnection, this, &HilLink::onNewConnection);
    setEndpoints({{"listen_host", m_server->serverAddress().toString()},
                  {"listen_port", m_server->serverPort()}});
    raiseEvent(QStringLiteral("px4.listening"), Severity::Info,
               QStringLiteral("listening for PX4 on %1:%2")
                   .arg(m_server->serverAddress().toString())
                   .arg(m_server->serverPort()),
               {m_server->serverAddress().toString(), QString::number(m_server->serverPort())});
    return true;
}

void HilLink::onNewConnection()
{
    while (QTcpSocket *s = m_server->nextPendingConnection()) {
        const QString peer =
            QStringLiteral("%1:%2").arg(s->peerAddress().toString()).arg(s->peerPort());
        if (m_socket && m_wall.elapsed() - m_lastPeerFrameMs >= kPeerSilentMs) {
            const qint64 silentMs = m_wall.elapsed() - m_lastPeerFrameMs;
            raiseEvent(
                QStringLiteral("px4.peer_replaced"), Severity::Warning,
                QStringLiteral("PX4 peer silent for %1 ms; replaced by %2").arg(silentMs).arg(peer),
                {QString::number(double(silentMs) / 1000.0, 'f', 1), peer});
            QTcpSocket *old = m_socket;
            m_socket = nullptr;
            old->disconnect(this);
            old->abort();
            old->deleteLater();
        }
        if (m_socket) {
            ++m_refused;
            raiseEvent(QStringLiteral("px4.connection_refused"), Severity::Warning,
                       QStringLiteral("second PX4 connection from %1 refused (one PX4 per port)")
                           .arg(peer),
                       {peer});
            s->abort();
            s->deleteLater();
            continue;
        }
        m_socket = s;
        m_lastPeerFrameMs = m_wall.elapsed();
        s->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        connect(s, &QTcpSocket::readyRead, this, &HilLink::onReadyRead);
        connect(s, &QTcpSocket::disconnected, this, &HilLink::onDisconnected);
        ++m_connections;
        resetSession();
        setEndpoints({{"listen_host", m_server->serverAddress().toString()},
                      {"listen_port", m_server->serverPort()},
                      {"peer", peer}});
        raiseEvent(QStringLiteral("px4.connected"), Severity::Info,
                   QStringLiteral("PX4 connected from %1").arg(peer), {peer});
        setState(LinkState::Up);
        publishCounters();
    }
}

void HilLink::onDisconnected()
{
    if (!m_socket)
        return;
    m_socket->disconnect(this);
    m_socket->deleteLater();
    m_socket = nullptr;
    resetSession();
    setEndpoints({{"listen_host", m_server->serverAddress().toString()},
                  {"listen_port", m_server->serverPort()}});
    emitChannels(m_config.actuators.safe(0)); // the transmitter takes over again
    raiseEvent(QStringLiteral("px4.disconnected"), Severity::Warning,
               QStringLiteral("PX4 disconnected; listening again"));
    setState(LinkState::Down);
    publishCounters();
}

// ---- serial port (HITL)
// ---------------------------------------------------------------------------

void HilLink::onSerialOpened()
{
    resetSession();
    m_lastPeerFrameMs = m_wall.elapsed();
    ++m_connections;
    const QString baud = QString::number(m_config.serial.baud);
    raiseEvent(QStringLiteral("px4.serial_opened"), Severity::Info,
               QStringLiteral("PX4 serial port %1 open at %2 bit/s (HITL: not lockstep)")
                   .arg(m_config.serial.path, baud),
               {m_config.serial.path, baud});
    setState(LinkState::Up);
    publishCounters();
}

void HilLink::onSerialLost(const QString &why)
{
    resetSession();
    emitChannels(m_config.actuators.safe(0)); // the transmitter takes over again
    raiseEvent(QStringLiteral("px4.serial_lost"), Severity::Warning,
               QStringLiteral("PX4 serial port %1 lost (%2); opening it again when it returns")
                   .arg(m_config.serial.path, why),
               {m_config.serial.path, why});
    setState(LinkState::Down);
    publishCounters();
}

void HilLink::onSerialOpenFailed(const platform::SerialPortProblem &p)
{
    using Kind = platform::SerialPortProblem::Kind;
    // One event per reason: SerialTransport reports a failure only when its reason changes.
    const char *id = p.kind == Kind::Missing            ? "px4.serial_missing"
                     : p.kind == Kind::PermissionDenied ? "px4.serial_permission"
                     : p.kind == Kind::Locked           ? "px4.serial_locked"
                                                        : "px4.serial_error";
    raiseEvent(QLatin1String(id), Severity::Warning,
               QStringLiteral("PX4 serial port: %1; trying again every %2 ms")
                   .arg(p.detail)
                   .arg(SerialTransport::kRetryMs),
               p.args);
}

bool HilLink::openForward(QString *error)
{
    m_forwardTo = resolveHostIPv4(m_config.forward.host);
    m_forward = new QUdpSocket(this);
    m_forward->setProxy(QNetworkProxy::NoProxy);
    const QHostAddress local = m_forwardTo.isLoopback() ? QHostAddress(QHostAddress::LocalHost)
                                                        : QHostAddress(QHostAddress::AnyIPv4);
    if (m_forwardTo.isNull() || !m_forward->bind(local, 0)) {
        *error = QStringLiteral("px4: cannot forward to %1:%2: %3")
                     .arg(m_config.forward.host)
                     .arg(m_config.forward.port)
                     .arg(m_forwardTo.isNull() ? QStringLiteral("unresolvable host")
                                               : m_forward->errorString());
        delete m_forward;
        m_forward = nullptr;
        return false;
    }
    connect(m_forward, &QUdpSocket::readyRead, this, &HilLink::onForwardReadyRead);
    const QString to =
        QStringLiteral("%1:%2").arg(m_forwardTo.toString()).arg(m_config.forward.port);
    raiseEvent(QStringLiteral("px4.forwarding"), Severity::Info,
               QStringLiteral("forwarding PX4's serial stream to UDP %1 (from port %2)")
                   .arg(to)
                   .arg(m_forward->localPort()),
               {to, QString::number(m_forward->localPort())});
    return true;
}

void HilLink::onForwardReadyRead()
{
    while (m_forward && m_forward->hasPendingDatagrams()) {
        QByteArray d(qsizetype(std::max<qint64>(0, m_forward->pendingDatagramSize())), '\0');
        const qint64 n = m_forward->readDatagram(d.data(), d.size());
        if (n <= 0)
            continue;
        d.truncate(n);
        ++m_forwardDatagramsIn;
        // A ground station sends whole frames per datagram: written whole, between steps.
        if (m_serial && m_serial->isOpen() && m_serial->bytesToWrite() <= kMaxWriteBacklog)
            m_serial->write(d);
    }
}

void HilLink::sendGcsFrame(const MavlinkPacket &packet)
{
    tsanArrived(packet); // TSan: queued from the ground-station link's thread
    if (!m_serial || !m_serial->isOpen() || m_serial->bytesToWrite() > kMaxWriteBacklog) {
        ++m_gcsFramesDropped;
        return;
    }
    // Whole frames only: this thread writes every byte of the port, steps and these alike.
    m_serial->write(packet.wire);
    ++m_gcsFramesOut;
    static const QMetaMethod tlog = QMetaMethod::fromSignal(&HilLink::mavlinkFrame);
    if (isSignalConnected(tlog))
        emit mavlinkFrame(packet.wire, nowUnixUs());
}

} // namespace hil
