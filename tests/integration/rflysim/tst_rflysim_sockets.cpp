// The gimbal state socket shares its port, as RflySim's own Python tools do: our bind succeeds
// on a port another socket already holds with address reuse, and with multicast (224.0.0.10)
// both listeners get every state. All traffic stays on this machine: multicast goes out on the
// loopback interface with TTL 0, and the test is skipped where loopback carries no multicast.
#include "rflysim/rflysimlink.h"
#include "rflysim/visionreq.h"
#include "station/workerhost.h"

#include <QNetworkInterface>
#include <QUdpSocket>
#include <QtTest>
#include <memory>

using namespace hil;

namespace {
const QHostAddress kGroup(QStringLiteral("224.0.0.10"));
constexpr auto kShare = QAbstractSocket::ShareAddress | QAbstractSocket::ReuseAddressHint;

QNetworkInterface loopback()
{
    for (const QNetworkInterface &i : QNetworkInterface::allInterfaces())
        if (i.flags().testFlag(QNetworkInterface::IsLoopBack))
            return i;
    return {};
}

QByteArray gimbalState()
{
    VisionSensorReq s;
    s.checksum = rfly::kGimbalStateChecksum;
    s.sensorAngEulerDeg = {0.0f, -10.0f, 20.0f};
    return s.encode148();
}

/// A sender that multicasts on loopback only, never onto a network.
std::unique_ptr<QUdpSocket> loopbackSender()
{
    auto s = std::make_unique<QUdpSocket>();
    if (!s->bind(QHostAddress::LocalHost, 0))
        return nullptr;
    s->setMulticastInterface(loopback());
    s->setSocketOption(QAbstractSocket::MulticastTtlOption, 0);
    s->setSocketOption(QAbstractSocket::MulticastLoopbackOption, 1);
    return s;
}

struct LinkRig
{
    QUdpSocket requests; ///< where the link's requests go (nothing answers)
    RflySimLink *link = nullptr;
    std::unique_ptr<WorkerHost> host;

    bool start(quint16 statePort, RflySimLinkConfig::Multicast multicast, QString *error)
    {
        if (!requests.bind(QHostAddress::LocalHost, 0))
            return false;
        RflySimLinkConfig c;
        c.host = QStringLiteral("127.0.0.1");
        c.requestPort = requests.localPort();
        c.statePort = statePort;
        c.sensorPort = 0;
        c.multicast = multicast;
        link = new RflySimLink(c);
        host = std::make_unique<WorkerHost>(link);
        return host->start(error);
    }
    double states() const { return link->counters().value(QLatin1String("gimbal_states_received")).toDouble(); }
    ~LinkRig()
    {
        if (host)
            host->stop();
    }
};
} // namespace

class TestRflysimSockets : public QObject
{
    Q_OBJECT
private slots:
    void bindsWhereAnotherToolHoldsThePort()
    {
        QUdpSocket other; // e.g. RflySim's own Python tool, which binds with SO_REUSEADDR
        QVERIFY(other.bind(QHostAddress::LocalHost, 0, kShare));
        LinkRig rig;
        QString error;
        QVERIFY2(rig.start(other.localPort(), RflySimLinkConfig::Multicast::Off, &error), qPrintable(error));
        QCOMPARE(rig.link->boundStatePort(), other.localPort());
        // And the other way round: a tool that comes later can bind beside us.
        QUdpSocket later;
        QVERIFY(later.bind(QHostAddress::LocalHost, rig.link->boundStatePort(), kShare));
    }

    void multicastStateReachesBothListeners()
    {
        if (!loopback().isValid())
            QSKIP("no loopback interface");
        // Does loopback carry multicast here? Probe with two plain sockets first.
        {
            QUdpSocket a;
            QVERIFY(a.bind(QHostAddress::AnyIPv4, 0, kShare));
            if (!a.joinMulticastGroup(kGroup, loopback()))
                QSKIP("cannot join a multicast group on loopback here");
            auto tx = loopbackSender();
            QVERIFY(tx);
            tx->writeDatagram("probe", kGroup, a.localPort());
            if (!a.waitForReadyRead(2000))
                QSKIP("loopback carries no multicast here");
        }
        LinkRig rig;
        QString error;
        QVERIFY2(rig.start(0, RflySimLinkConfig::Multicast::On, &error), qPrintable(error));
        const quint16 port = rig.link->boundStatePort();
        QTRY_VERIFY_WITH_TIMEOUT(rig.link->endpoints().value(QLatin1String("state_multicast")).toString().startsWith(QLatin1String("224.0.0.10")), 5000);
        QUdpSocket second; // a second tool on the same port, in the same group
        QVERIFY(second.bind(QHostAddress::AnyIPv4, port, kShare));
        QVERIFY(second.joinMulticastGroup(kGroup, loopback()));
        auto tx = loopbackSender();
        QVERIFY(tx);
        const QByteArray state = gimbalState();
        int secondGot = 0;
        connect(&second, &QUdpSocket::readyRead, this, [&] {
            while (second.hasPendingDatagrams()) {
                QByteArray b(int(second.pendingDatagramSize()), '\0');
                second.readDatagram(b.data(), b.size());
                secondGot += b == state;
            }
        });
        // Sent until both have some: the link's socket lives in its own thread.
        QTRY_VERIFY_WITH_TIMEOUT((tx->writeDatagram(state, kGroup, port), rig.states() >= 3 && secondGot >= 3), 10000);
    }
};

QTEST_GUILESS_MAIN(TestRflysimSockets)
#include "tst_rflysim_sockets.moc"
