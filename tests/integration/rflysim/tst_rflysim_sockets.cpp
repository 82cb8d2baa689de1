// RflySim's int16 LiDAR through the link's sensor socket: a packet built by Python's struct
// (tests/fixtures/rflysim) is scaled by the range of the request whose port it came to, or, when
// that request does not explain it, by the configured default and marked as assumed; only a frame
// of the sensor's own kind confirms its request.
// The gimbal state socket shares its port, as RflySim's own Python tools do: our bind succeeds
// on a port another socket already holds with address reuse, and with multicast (224.0.0.10)
// both listeners get every state. All traffic stays on this machine: multicast goes out on the
// loopback interface with TTL 0, and the test is skipped where loopback carries no multicast.
#include "core/workerhost.h"
#include "rflysim/rflysimlink.h"
#include "rflysim/visionreq.h"
#include "testpaths.h"

#include <QFile>
#include <QJsonArray>
#include <QNetworkInterface>
#include <QUdpSocket>
#include <QtTest>
#include <cmath>
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
    QObject ctx;
    QVector<PointCloud> clouds;

    bool start(quint16 statePort, RflySimLinkConfig::Multicast multicast, QString *error,
               const QVector<VisionSensorReq> &sensors = {}, float defaultRangeM = 100.0f)
    {
        if (!requests.bind(QHostAddress::LocalHost, 0))
            return false;
        RflySimLinkConfig c;
        c.host = QStringLiteral("127.0.0.1");
        c.requestPort = requests.localPort();
        c.statePort = statePort;
        c.sensorPort = 0;
        c.multicast = multicast;
        c.sensors = sensors;
        c.lidarInt16RangeM = defaultRangeM;
        link = new RflySimLink(c);
        QObject::connect(link, &RflySimLink::lidarFrame, &ctx, // queued: model/tsan.h
                         hil::tsanSlot([this](const PointCloud &p) { clouds.push_back(p); }));
        host = std::make_unique<WorkerHost>(link);
        return host->start(error);
    }
    /// The i-th requested sensor in session.json's `sensors`.
    QJsonObject sensor(int i) const
    {
        return link->counters().value(QLatin1String("sensors")).toArray().at(i).toObject();
    }
    double states() const
    {
        return link->counters().value(QLatin1String("gimbal_states_received")).toDouble();
    }
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

    static QByteArray packet()
    {
        QFile f(hil::testpaths::fixturesDir() +
                QStringLiteral("/rflysim/lidar_int16_r50_packet.bin"));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

private slots:
    void int16LidarScaledByOurRequest()
    {
        VisionSensorReq lidar;
        lidar.typeId = rfly::TypeLidarLocal;
        lidar.seqId = 1;
        lidar.sendProtocol[0] = rfly::SendUdpJpeg; // compressed: int16 points
        lidar.otherParams[0] = 50.0f;              // its range
        LinkRig rig;
        QString error;
        QVERIFY2(rig.start(0, RflySimLinkConfig::Multicast::Off, &error, {lidar}, 100.0f),
                 qPrintable(error));
        const QByteArray bytes = packet();
        QCOMPARE(bytes.size(), 100);
        QUdpSocket tx;
        tx.writeDatagram(bytes, QHostAddress::LocalHost, rig.link->boundSensorPort());
        QTRY_COMPARE_WITH_TIMEOUT(rig.clouds.size(), 1, 10000);
        const PointCloud &c = rig.clouds.front();
        QCOMPARE(c.encoding, PointCloud::Encoding::Int16);
        QCOMPARE(c.rangeM, 50.0f);
        QVERIFY(!c.rangeAssumed);
        QCOMPARE(c.frameId, 1);
        QCOMPARE(c.timeStampS, 12.5);
        QVERIFY(std::abs(c.points[0].x - 10.0f) <= 50.0f / 32767.0f);
        QVERIFY(std::abs(c.points[2].y - 33.3f) <= 50.0f / 32767.0f);
        QCOMPARE(rig.link->counters().value(QLatin1String("lidar_frames_range_assumed")).toDouble(),
                 0.0);
        // A LiDAR frame on the LiDAR's own port confirms its request.
        QTRY_COMPARE_WITH_TIMEOUT(rig.sensor(0).value(QLatin1String("state")).toString(),
                                  QStringLiteral("streaming"), 5000);
        QCOMPARE(rig.sensor(0).value(QLatin1String("frames")).toInt(), 1);
    }

    void int16LidarOfAnotherToolMarkedAssumed()
    {
        LinkRig rig; // our requests: only the default gimbal camera
        QString error;
        QVERIFY2(rig.start(0, RflySimLinkConfig::Multicast::Off, &error, {}, 100.0f),
                 qPrintable(error));
        QUdpSocket tx;
        tx.writeDatagram(packet(), QHostAddress::LocalHost, rig.link->boundSensorPort());
        QTRY_COMPARE_WITH_TIMEOUT(rig.clouds.size(), 1, 10000);
        const PointCloud &c = rig.clouds.front();
        QVERIFY(c.rangeAssumed);
        QCOMPARE(c.rangeM, 100.0f);
        QVERIFY(std::abs(c.points[0].x - 20.0f) <=
                2 * 100.0f / 32767.0f); // 10 m at 50 m, read as 100 m
        QTRY_COMPARE_WITH_TIMEOUT(
            rig.link->counters().value(QLatin1String("lidar_frames_range_assumed")).toDouble(), 1.0,
            5000);
        // ... and it confirms nothing: the camera's request still waits for a camera frame.
        QCOMPARE(rig.sensor(0).value(QLatin1String("type_id")).toInt(),
                 int(rfly::TypeGimbalCamera));
        QCOMPARE(rig.sensor(0).value(QLatin1String("state")).toString(),
                 QStringLiteral("requested"));
        QCOMPARE(rig.sensor(0).value(QLatin1String("frames")).toInt(), 0);
    }

    void bindsWhereAnotherToolHoldsThePort()
    {
        QUdpSocket other; // e.g. RflySim's own Python tool, which binds with SO_REUSEADDR
        QVERIFY(other.bind(QHostAddress::LocalHost, 0, kShare));
        LinkRig rig;
        QString error;
        QVERIFY2(rig.start(other.localPort(), RflySimLinkConfig::Multicast::Off, &error),
                 qPrintable(error));
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
        QTRY_VERIFY_WITH_TIMEOUT(rig.link->endpoints()
                                     .value(QLatin1String("state_multicast"))
                                     .toString()
                                     .startsWith(QLatin1String("224.0.0.10")),
                                 5000);
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
        QTRY_VERIFY_WITH_TIMEOUT(
            (tx->writeDatagram(state, kGroup, port), rig.states() >= 3 && secondGot >= 3), 10000);
    }
};

QTEST_GUILESS_MAIN(TestRflysimSockets)
#include "tst_rflysim_sockets.moc"
