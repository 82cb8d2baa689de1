#include "flightaxis/requesttransport.h"

#include <QDeadlineTimer>
#include <QHostInfo>
#include <QNetworkProxy>
#include <QObject>
#include <QSocketNotifier>
#include <QTcpSocket>
#include <QTimer>
#include <algorithm>

namespace hil::flightaxis {

RequestTransport::RequestTransport(Owner &owner, Settings settings)
    : m_owner(owner), m_settings(std::move(settings))
{
}

RequestTransport::~RequestTransport() = default;

void RequestTransport::open(QObject *context)
{
    m_context = context;
    // One coarse watchdog instead of a timer (re)armed per request: at thousands of requests a
    // second, arming timers costs measurable loop rate.
    m_timeout = new QTimer(context);
    m_timeout->setInterval(kWatchdogMs);
    QObject::connect(m_timeout, &QTimer::timeout, context, [this] {
        if (m_busy && m_requestTimer.hasExpired(m_settings.timeoutMs))
            onTimeout();
    });
    m_timeout->start();
    m_readable = new QSocketNotifier(QSocketNotifier::Read, context);
    m_writable = new QSocketNotifier(QSocketNotifier::Write, context);
    QObject::connect(m_readable, &QSocketNotifier::activated, context, [this] { onReadable(); });
    QObject::connect(m_writable, &QSocketNotifier::activated, context, [this] { onWritable(); });
}

void RequestTransport::close()
{
    m_closing = true;
    finishSocket();
    m_spare.close();
    m_spent.close();
    delete m_timeout;
    m_timeout = nullptr;
    delete m_readable;
    m_readable = nullptr;
    delete m_writable;
    m_writable = nullptr;
}

void RequestTransport::start(const QByteArray &request)
{
    m_reader.reset();
    m_request = request;
    m_requestSent = 0;
    m_requestTimer.start();
    m_busy = true;
    m_connected = false;
    if (connectRequest())
        writeRequest();
}

// A literal is taken as it is; a name is looked up in Qt's lookup thread (never blocking this
// one), and again after RealFlight was absent (it may have moved).
bool RequestTransport::resolveHost()
{
    if (!m_address.isNull())
        return true;
    if (m_address.setAddress(m_settings.host))
        return true;
    if (m_resolving)
        return false;
    m_resolving = true;
    QHostInfo::lookupHost(m_settings.host, m_context, [this](const QHostInfo &info) {
        m_resolving = false;
        if (m_closing)
            return;
        // IPv4 first: RealFlight listens on IPv4, and "localhost" resolves to ::1 as well.
        QList<QHostAddress> found = info.addresses();
        std::stable_partition(found.begin(), found.end(), [](const QHostAddress &a) {
            return a.protocol() == QAbstractSocket::IPv4Protocol;
        });
        if (found.isEmpty()) {
            m_owner.requestFailed(Failure::Absent, info.errorString());
            return;
        }
        m_address = found.front();
        m_owner.hostResolved();
    });
    return false;
}

void RequestTransport::lookUpAgain()
{
    QHostAddress literal;
    if (!literal.setAddress(m_settings.host))
        m_address.clear(); // a name: looked up again before the next attempt
}

// RealFlight takes one request per connection (~250 connections/s). A QTcpSocket per connection
// (even one kept and reconnected) cost a socket engine with three notifiers, a connect reported
// through one more loop pass and a signal, and the reply copied twice; a connection of the
// system's own is a socket(), connect(), send(), recv() and close() (docs/decisions/
// flightaxis-socket.md). On the loopback interface the connect is complete when connect()
// returns, so the request goes out at once and the Write notifier is needed only elsewhere.
bool RequestTransport::connectRequest()
{
    if (m_spare.isOpen() && m_spareAge.elapsed() <= kSpareMaxAgeMs) {
        m_connection.swap(m_spare); // connecting or connected: the send finds out which
    } else {
        m_spare.close();
        if (!m_connection.connectTo(m_address, m_settings.port)) {
            const QString why = m_connection.errorString();
            finishSocket();
            m_owner.requestFailed(Failure::Absent, why);
            return false;
        }
    }
    m_readable->setSocket(m_connection.descriptor()); // both disabled until needed
    m_writable->setSocket(m_connection.descriptor());
    if (m_settings.spareSocket)
        openSpare();
    return true;
}

void RequestTransport::openSpare()
{
    if (m_spare.isOpen())
        return;
    m_spare.connectTo(m_address, m_settings.port); // a refused one is found out when taken
    m_spareAge.start();
}

// What of the request the system takes now; the rest (and a connect under way) when the socket
// turns writable. Once it is all out, the reply is awaited.
void RequestTransport::writeRequest()
{
    qint64 sent = 0;
    const auto result = m_connection.send(m_request.constData() + m_requestSent,
                                          m_request.size() - m_requestSent, &sent);
    if (result == platform::TcpConnection::Result::Failed) {
        onConnectionGone(m_connection.errorString());
        return;
    }
    if (result == platform::TcpConnection::Result::Done) {
        m_connected = true;
        m_requestSent += sent;
    }
    if (m_requestSent < m_request.size()) {
        m_writable->setEnabled(true);
        return;
    }
    m_writable->setEnabled(false);
    m_readable->setEnabled(true);
}

void RequestTransport::onWritable()
{
    if (!m_busy)
        return;
    if (!m_connected) {
        if (m_connection.connectResult() != platform::TcpConnection::Result::Done) {
            onConnectionGone(m_connection.errorString());
            return;
        }
        m_connected = true;
    }
    writeRequest();
}

void RequestTransport::onReadable()
{
    if (!m_busy)
        return;
    // Straight into the reader's buffer. A read that did not fill the room took all there was:
    // the next comes with the next notification, not from one more recv() that would say "none".
    constexpr qsizetype kChunk = 16 * 1024;
    auto status = HttpMessageReader::Status::NeedMore;
    while (status == HttpMessageReader::Status::NeedMore) {
        qsizetype room = 0;
        char *into = m_reader.receiveBuffer(kChunk, &room);
        if (!into) {
            status = m_reader.status();
            break;
        }
        qint64 got = 0;
        const auto result = m_connection.receive(into, room, &got);
        status = m_reader.received(got);
        if (result == platform::TcpConnection::Result::WouldBlock)
            return;
        if (result != platform::TcpConnection::Result::Done) {
            if (status == HttpMessageReader::Status::NeedMore) {
                onConnectionGone(result == platform::TcpConnection::Result::Closed
                                     ? QString()
                                     : m_connection.errorString());
                return;
            }
            break;
        }
        if (got < room && status == HttpMessageReader::Status::NeedMore)
            return;
    }
    // The reply is complete: the connection is spent (one request per connection). It is closed
    // after the reply has been handed on, off the path from RealFlight's last byte to the cue and
    // HIL_SENSOR.
    m_readable->setEnabled(false);
    m_spent.swap(m_connection);
    m_busy = false;
    m_connected = false;
    m_owner.replyReceived();
    m_spent.close();
}

// The connection failed or closed before a whole reply: `why` is the system's word, empty for
// an orderly close.
void RequestTransport::onConnectionGone(const QString &why)
{
    if (!m_busy)
        return;
    const bool everConnected = m_connected;
    const bool gotBytes =
        m_reader.status() != HttpMessageReader::Status::NeedMore || m_reader.statusCode() != 0;
    finishSocket();
    if (!everConnected)
        m_owner.requestFailed(Failure::Absent,
                              why.isEmpty() ? QStringLiteral("connection closed") : why);
    else
        m_owner.requestFailed(Failure::Closed,
                              gotBytes ? QStringLiteral("connection closed mid-reply")
                                       : QStringLiteral("connection closed without a reply"));
}

void RequestTransport::onTimeout()
{
    if (!m_busy)
        return;
    const bool everConnected = m_connected;
    finishSocket();
    if (!everConnected) {
        m_owner.requestFailed(Failure::Absent, QStringLiteral("connect timed out"));
        return;
    }
    m_owner.requestFailed(Failure::Timeout,
                          QStringLiteral("no reply within %1 ms").arg(m_settings.timeoutMs));
}

void RequestTransport::finishSocket()
{
    if (!m_busy)
        return;
    m_busy = false;
    m_connected = false;
    m_readable->setEnabled(false);
    m_writable->setEnabled(false);
    m_connection.close();
}

bool RequestTransport::blockingRequest(const QByteArray &bytes, int waitMs) const
{
    QTcpSocket s;
    s.setProxy(QNetworkProxy::NoProxy); // a simulator on the LAN is never proxied
    const QDeadlineTimer deadline(waitMs);
    s.connectToHost(m_settings.host, m_settings.port);
    if (!s.waitForConnected(int(deadline.remainingTime())))
        return false;
    s.setSocketOption(QAbstractSocket::LowDelayOption, 1);
    s.write(bytes);
    HttpMessageReader reader;
    while (!deadline.hasExpired()) {
        if (!s.waitForReadyRead(int(qMax<qint64>(1, deadline.remainingTime()))))
            break;
        if (reader.feed(s.readAll()) != HttpMessageReader::Status::NeedMore)
            break;
    }
    s.abort();
    return reader.status() == HttpMessageReader::Status::Complete;
}

} // namespace hil::flightaxis
