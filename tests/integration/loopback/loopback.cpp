#include "loopback.h"

#include <QNetworkDatagram>
#include <charconv>

namespace hil::test {

bool LoopbackLink::open(QString *error)
{
    m_socket = new QUdpSocket(this);
    if (!m_socket->bind(QHostAddress::LocalHost, 0)) {
        *error = QStringLiteral("loopback: %1").arg(m_socket->errorString());
        return false;
    }
    connect(m_socket, &QUdpSocket::readyRead, this, [this] {
        while (m_socket->hasPendingDatagrams()) {
            const QByteArray data = m_socket->receiveDatagram().data();
            const qint64 seq = data.left(data.indexOf(' ')).toLongLong();
            if (seq <= 0 || seq > m_sent) {
                ++m_badEchoes;
                continue;
            }
            if (m_echoes++ == 0)
                setState(LinkState::Up);
        }
    });
    setEndpoints({{"host", m_peer.host},
                  {"port", int(m_peer.port)},
                  {"local_port", int(m_socket->localPort())}});
    setState(LinkState::Connecting);
    return true;
}

void LoopbackLink::onSimFrame(const SimFrame &frame)
{
    char buf[64];
    char *end = std::to_chars(buf, buf + 24, ++m_sent).ptr;
    *end++ = ' ';
    end = std::to_chars(end, buf + sizeof buf, frame.physicsTimeS)
              .ptr; // C locale whatever the desktop's
    m_socket->writeDatagram(buf, end - buf, QHostAddress(m_peer.host), m_peer.port);
}

void LoopbackLink::close()
{
    delete m_socket;
    m_socket = nullptr;
}

QJsonObject LoopbackLink::collectCounters() const
{
    return {{"frames_sent", m_sent}, {"echoes_received", m_echoes}, {"bad_echoes", m_badEchoes}};
}

bool LoopbackEcho::open(QString *error)
{
    m_socket = new QUdpSocket(this);
    if (!m_socket->bind(QHostAddress::LocalHost, 0)) {
        *error = QStringLiteral("emulator.loopback: %1").arg(m_socket->errorString());
        return false;
    }
    m_port = m_socket->localPort();
    connect(m_socket, &QUdpSocket::readyRead, this, [this] {
        while (m_socket->hasPendingDatagrams()) {
            const QNetworkDatagram d = m_socket->receiveDatagram();
            m_socket->writeDatagram(d.data(), d.senderAddress(), quint16(d.senderPort()));
            ++m_echoed;
        }
    });
    setEndpoints({{"port", int(m_port.load())}});
    setState(LinkState::Up);
    return true;
}

void LoopbackEcho::close()
{
    delete m_socket;
    m_socket = nullptr;
}

QJsonObject LoopbackEcho::collectCounters() const
{
    return {{"echoed", m_echoed}};
}

LinkDescriptor loopbackDescriptor()
{
    using K = CounterSpec::Kind;
    LinkDescriptor d;
    d.name = QStringLiteral("loopback");
    d.title = QStringLiteral("Loopback");
    OptionSpec peer;
    peer.name = QStringLiteral("loopback");
    peer.valueName = QStringLiteral("HOST:PORT");
    peer.description = QStringLiteral("Echo peer of the test link.");
    peer.parse = [](const QString &text, QVariant *value, QString *expected) {
        Endpoint e;
        if (!parseHostPort(text, 0, &e) || e.port == 0) {
            *expected = QStringLiteral("expected HOST:PORT");
            return false;
        }
        *value = QVariant::fromValue(e);
        return true;
    };
    d.options = {peer};
    d.addressOption = QStringLiteral("loopback");
    d.endpointHostKey = QStringLiteral("host");
    d.endpointPortKey = QStringLiteral("port");
    d.counters = {{"frames_sent", "1", K::Count},
                  {"echoes_received", "1", K::Throughput},
                  {"bad_echoes", "1", K::Error}};
    d.makeEmulator = [](const LinkContext &, QString *) -> Worker * { return new LoopbackEcho; };
    d.makeLink = [](const LinkContext &ctx, QString *error) -> Worker * {
        if (ctx.addressGiven())
            return new LoopbackLink(*ctx.address);
        if (auto *echo = static_cast<LoopbackEcho *>(ctx.emulator))
            return new LoopbackLink(Endpoint{QStringLiteral("127.0.0.1"), echo->port()});
        if (ctx.options.has(QStringLiteral("loopback")))
            return new LoopbackLink(ctx.options.get<Endpoint>(QStringLiteral("loopback")));
        *error = QStringLiteral("loopback: no address");
        return nullptr;
    };
    d.simFramesIn = [](Worker *w, const SimFrame &f) {
        static_cast<LoopbackLink *>(w)->onSimFrame(f);
    };
    return d;
}

} // namespace hil::test
