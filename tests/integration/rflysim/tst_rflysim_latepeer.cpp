// Issue 22: RflySim3D starts after the program while gimbal state already flows (another of
// RflySim's tools made the gimbal, or the state comes by multicast). A separate sender plays
// that state from before the link starts, so the link is up all along; the RflySim stand-in,
// made to create its sensors only when asked (sensorsOnRequestOnly), starts later on the port
// the link sends its requests to. Its LiDAR and camera frames must arrive: the link asks again
// until each sensor's own frames confirm it, whatever the gimbal state says. The same after the
// stand-in is killed and a new one started: the sensors go silent and are asked again.
// All traffic on 127.0.0.1; every wait is a generous QTRY (no timed assertion).
#include "core/workerhost.h"
#include "rflysim/rflysimemulator.h"
#include "rflysim/rflysimlink.h"

#include <QJsonArray>
#include <QTimer>
#include <QUdpSocket>
#include <QtTest>
#include <memory>

using namespace hil;

namespace {
constexpr int kWaitMs = 20000;

/// A port that was free a moment ago (bound, read, released).
quint16 freeUdpPort()
{
    QUdpSocket s;
    return s.bind(QHostAddress::LocalHost, 0) ? s.localPort() : quint16(0);
}

QByteArray gimbalStatePacket()
{
    GimbalState s;
    s.typeId = rfly::TypeGimbalCamera;
    s.targetCopter = 1;
    s.pitchRad = -0.2;
    s.fovRad = 1.2;
    return encodeGimbalState(s);
}
} // namespace

class TestRflysimLatePeer : public QObject
{
    Q_OBJECT

    QObject m_ctx;
    int m_clouds = 0, m_images = 0;

    std::unique_ptr<WorkerHost> startStandIn(quint16 requestPort, RflySimEmulator **out = nullptr)
    {
        RflySimEmulatorConfig ec;
        ec.requestPort = requestPort;
        ec.sensorsOnRequestOnly = true;
        auto *emu = new RflySimEmulator(ec);
        auto host = std::make_unique<WorkerHost>(emu);
        QString error;
        if (!host->start(&error)) {
            qWarning("stand-in: %s", qPrintable(error));
            return nullptr;
        }
        if (out)
            *out = emu;
        return host;
    }

    static QJsonArray sensors(const RflySimLink *link)
    {
        return link->counters().value(QLatin1String("sensors")).toArray();
    }
    static bool allSensors(const RflySimLink *link, const char *state)
    {
        const QJsonArray list = sensors(link);
        for (const QJsonValue &v : list)
            if (v.toObject().value(QLatin1String("state")).toString() != QLatin1String(state))
                return false;
        return !list.isEmpty();
    }

private slots:
    void sensorsOfALateRflySimArriveWhileGimbalStateFlows()
    {
        // Where RflySim3D will listen once started. Held (and the requests sent there ignored)
        // until then, so that none of the link's own any-port sockets can land on it.
        QUdpSocket requestPortHolder;
        QVERIFY(requestPortHolder.bind(QHostAddress::LocalHost, 0));
        const quint16 requestPort = requestPortHolder.localPort();
        const quint16 statePort = freeUdpPort();
        QVERIFY(statePort);

        // Gimbal state from another tool, before anything else runs, and all along.
        QUdpSocket stateSender;
        const QByteArray state = gimbalStatePacket();
        QTimer stateTimer;
        stateTimer.setInterval(20);
        connect(&stateTimer, &QTimer::timeout, this,
                [&] { stateSender.writeDatagram(state, QHostAddress::LocalHost, statePort); });
        stateTimer.start();

        RflySimLinkConfig lc;
        lc.host = QStringLiteral("127.0.0.1");
        lc.requestPort = requestPort;
        lc.statePort = statePort;
        lc.sensorPort = 0;
        lc.multicast = RflySimLinkConfig::Multicast::Off;
        lc.sensors = RflySimEmulator::servedSensors(); // a raw camera and a LiDAR
        auto *link = new RflySimLink(lc);
        connect(link, &RflySimLink::lidarFrame, &m_ctx,
                hil::tsanSlot([this](const PointCloud &) { ++m_clouds; }));
        connect(link, &RflySimLink::imageFrame, &m_ctx,
                hil::tsanSlot([this](const ImageFrame &) { ++m_images; }));
        WorkerHost linkHost(link);
        QString error;
        QVERIFY2(linkHost.start(&error), qPrintable(error));

        // The link is up on the other tool's state; its first requests went nowhere.
        QTRY_COMPARE_WITH_TIMEOUT(link->state(), LinkState::Up, kWaitMs);
        QTRY_VERIFY_WITH_TIMEOUT(
            link->counters().value(QLatin1String("gimbal_states_received")).toDouble() > 25,
            kWaitMs);
        QCOMPARE(m_clouds + m_images, 0);

        // RflySim3D starts now. Its sensors exist only once it is asked.
        requestPortHolder.close();
        RflySimEmulator *emu = nullptr;
        auto emuHost = startStandIn(requestPort, &emu);
        QVERIFY(emuHost);
        QTRY_VERIFY_WITH_TIMEOUT(m_clouds > 0 && m_images > 0, kWaitMs);
        QTRY_VERIFY_WITH_TIMEOUT(allSensors(link, "streaming"), kWaitMs);
        QVERIFY(link->counters().value(QLatin1String("sensor_requests_resent")).toDouble() >= 1);
        QVERIFY(emu->counters().value(QLatin1String("sensors_made")).toDouble() >= 2);
        const QJsonArray list = sensors(link);
        QCOMPARE(list.size(), 2);
        QVERIFY(list[0].toObject().value(QLatin1String("port")).toInt() !=
                list[1].toObject().value(QLatin1String("port")).toInt());

        // Killed: the frames stop, the sensors go silent (the other tool's state flows on).
        emuHost.reset();
        QTRY_VERIFY_WITH_TIMEOUT(allSensors(link, "silent"), kWaitMs);

        // A new RflySim3D on the same port, knowing nothing of the old requests.
        const int clouds = m_clouds, images = m_images;
        emuHost = startStandIn(requestPort);
        QVERIFY(emuHost);
        QTRY_VERIFY_WITH_TIMEOUT(m_clouds > clouds && m_images > images, kWaitMs);
        QTRY_VERIFY_WITH_TIMEOUT(allSensors(link, "streaming"), kWaitMs);

        emuHost.reset();
        linkHost.stop();
    }
};

QTEST_GUILESS_MAIN(TestRflysimLatePeer)
#include "tst_rflysim_latepeer.moc"
