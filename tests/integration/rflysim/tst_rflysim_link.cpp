// RflySimLink against the RflySim stand-in on 127.0.0.1 (ports 0): gimbal commands reach the
// gimbal and come back as state, LiDAR and camera frames complete, impairments are counted,
// silence makes the link Down.
#include "core/workerhost.h"
#include "rflysim/rflysimemulator.h"
#include "rflysim/rflysimlink.h"

#include <QUdpSocket>
#include <QtTest>
#include <cmath>
#include <memory>

using namespace hil;

namespace {
struct Rig
{
    std::unique_ptr<WorkerHost> emuHost, linkHost;
    RflySimEmulator *emu = nullptr;
    RflySimLink *link = nullptr;
    QObject ctx;
    GimbalState last;
    int states = 0;
    double maxAbsPitchRate = 0.0;
    QVector<PointCloud> clouds;
    QVector<ImageFrame> images;

    bool start(const RflySimEmulatorConfig &ec)
    {
        emu = new RflySimEmulator(ec);
        emuHost = std::make_unique<WorkerHost>(emu);
        QString error;
        if (!emuHost->start(&error))
            return false;
        RflySimLinkConfig lc;
        lc.host = QStringLiteral("127.0.0.1");
        lc.requestPort = emu->boundRequestPort();
        lc.statePort = 0;
        lc.sensorPort = 0;
        lc.sensors = RflySimEmulator::servedSensors(); // a raw 160 × 120 camera and a LiDAR
        lc.lidarInt16RangeM = ec.int16RangeM;
        link = new RflySimLink(lc);
        // tsanSlot: the values arrive queued from the link's thread (model/tsan.h).
        QObject::connect(
            link, &RflySimLink::gimbalState, &ctx, hil::tsanSlot([this](const GimbalState &s) {
                last = s;
                ++states;
                maxAbsPitchRate = std::max(maxAbsPitchRate, std::abs(s.pitchRateRadPs));
            }));
        QObject::connect(link, &RflySimLink::lidarFrame, &ctx,
                         hil::tsanSlot([this](const PointCloud &c) { clouds.push_back(c); }));
        QObject::connect(link, &RflySimLink::imageFrame, &ctx,
                         hil::tsanSlot([this](const ImageFrame &i) { images.push_back(i); }));
        linkHost = std::make_unique<WorkerHost>(link);
        return linkHost->start(&error);
    }
    double counter(const char *name) const
    {
        return link->counters().value(QLatin1String(name)).toDouble();
    }
    ~Rig()
    {
        if (linkHost)
            linkHost->stop();
        if (emuHost)
            emuHost->stop();
    }
};
} // namespace

class TestRflysimLink : public QObject
{
    Q_OBJECT
private slots:
    void commandedPitchReachedAndReported()
    {
        Rig rig;
        QVERIFY(rig.start({}));
        QTRY_VERIFY_WITH_TIMEOUT(rig.states > 5, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(rig.link->state(), LinkState::Up, 5000);
        QMetaObject::invokeMethod(rig.link, "setGimbalAngles", Qt::QueuedConnection,
                                  Q_ARG(double, -1.0), Q_ARG(double, 0.5));
        QTRY_VERIFY_WITH_TIMEOUT(std::abs(rig.last.pitchRad + 1.0) < 1e-3 &&
                                     std::abs(rig.last.yawRad - 0.5) < 1e-3,
                                 10000);
        // Never faster than the 90 °/s rate limit (float on the wire: a little slack).
        QVERIFY(rig.maxAbsPitchRate <= M_PI / 2 + 1e-3);
        QVERIFY(rig.maxAbsPitchRate > 1.0);                // it did slew at the limit on the way
        QVERIFY(rig.counter("gimbal_requests_sent") >= 3); // 2 sensor requests + 1 command

        // Rate mode, then centring.
        QMetaObject::invokeMethod(rig.link, "setGimbalRates", Qt::QueuedConnection,
                                  Q_ARG(double, 0.5), Q_ARG(double, 0.0));
        QTRY_VERIFY_WITH_TIMEOUT(std::abs(rig.last.pitchRateRadPs - 0.5) < 1e-3, 10000);
        QMetaObject::invokeMethod(rig.link, "center", Qt::QueuedConnection);
        QTRY_VERIFY_WITH_TIMEOUT(
            std::abs(rig.last.pitchRad) < 1e-3 && std::abs(rig.last.yawRad) < 1e-3, 10000);

        // Ranging: pointing down 90° from 10 m the laser reads 10 m.
        QMetaObject::invokeMethod(rig.link, "setGimbalAngles", Qt::QueuedConnection,
                                  Q_ARG(double, -M_PI / 2), Q_ARG(double, 0.0));
        QMetaObject::invokeMethod(rig.link, "setRanging", Qt::QueuedConnection, Q_ARG(bool, true));
        QTRY_VERIFY_WITH_TIMEOUT(std::abs(rig.last.laserRangeM - 10.0) < 1e-3, 10000);
        QMetaObject::invokeMethod(rig.link, "setFocalLength", Qt::QueuedConnection,
                                  Q_ARG(double, 24.0));
        QTRY_COMPARE_WITH_TIMEOUT(rig.last.focalLengthMm, 24.0, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(rig.counter("gimbal_states_received") > 0, 5000);
    }

    void lidarAndCameraFramesComplete()
    {
        Rig rig;
        QVERIFY(rig.start({}));
        QTRY_VERIFY_WITH_TIMEOUT(rig.clouds.size() >= 3 && rig.images.size() >= 2, 15000);
        const PointCloud scene = RflySimEmulator::sceneCloud();
        QVERIFY(scene.points.size() * 16 > 60000); // really a multi-packet frame
        const PointCloud &c = rig.clouds.back();
        QCOMPARE(c.encoding, PointCloud::Encoding::Float32);
        QCOMPARE(c.points.size(), scene.points.size());
        QCOMPARE(c.points[10].x, scene.points[10].x);
        QVERIFY(std::any_of(c.points.begin(), c.points.end(),
                            [](const CloudPoint &p) { return p.seg == 1.0f; }));
        const ImageFrame &img = rig.images.back();
        QCOMPARE(img.width, 160);
        QCOMPARE(img.height, 120);
        QCOMPARE(img.format, ImageFrame::Format::Bgr8);
        QTRY_VERIFY_WITH_TIMEOUT(rig.counter("sensor_frames_completed") >= 5, 5000);
        QCOMPARE(rig.counter("sensor_frames_lost"), 0.0);
        QCOMPARE(rig.counter("packets_dropped"), 0.0);
    }

    void impairedStreamCountsLossAndDuplicates()
    {
        RflySimEmulatorConfig ec;
        ec.lose = true;
        ec.reorder = true;
        ec.duplicate = true;
        Rig rig;
        QVERIFY(rig.start(ec));
        QTRY_VERIFY_WITH_TIMEOUT(rig.counter("sensor_frames_lost") >= 2 && rig.clouds.size() >= 2,
                                 15000);
        QTRY_VERIFY_WITH_TIMEOUT(rig.counter("packets_dropped") > 0, 5000); // the duplicates
        // Every delivered cloud is whole.
        const size_t expected = RflySimEmulator::sceneCloud().points.size();
        for (const PointCloud &c : rig.clouds)
            QCOMPARE(c.points.size(), expected);
        // Lost frames are the odd ones: never delivered.
        for (const PointCloud &c : rig.clouds)
            QCOMPARE(c.frameId % 2, 0);
    }

    void int16LidarWithOldHeader()
    {
        // The stand-in sends RflySim's int16 layout; the link scales it by the range the stand-in
        // was configured with, which the link's (uncompressed) request does not state: assumed.
        RflySimEmulatorConfig ec;
        ec.int16Lidar = true;
        ec.oldHeader = true;
        ec.int16RangeM = 50.0f;
        Rig rig;
        QVERIFY(rig.start(ec));
        QTRY_VERIFY_WITH_TIMEOUT(!rig.clouds.isEmpty(), 15000);
        const PointCloud &c = rig.clouds.back();
        QCOMPARE(c.encoding, PointCloud::Encoding::Int16);
        QVERIFY(c.rangeAssumed);
        const PointCloud scene = RflySimEmulator::sceneCloud();
        QCOMPARE(c.points.size(), scene.points.size());
        for (size_t i = 0; i < c.points.size(); i += 97)
            QVERIFY(std::abs(c.points[i].x - scene.points[i].x) < 50.0f / 32767.0f);
    }

    void silenceMakesLinkDown()
    {
        Rig rig;
        QVERIFY(rig.start({}));
        QTRY_COMPARE_WITH_TIMEOUT(rig.link->state(), LinkState::Up, 10000);
        rig.emuHost->stop();
        QTRY_COMPARE_WITH_TIMEOUT(rig.link->state(), LinkState::Down, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(rig.counter("stale") >= 1, 5000);
    }

    void unknownStatePacketsCountedAndIgnored()
    {
        Rig rig;
        QVERIFY(rig.start({}));
        QTRY_VERIFY_WITH_TIMEOUT(rig.link->boundStatePort() != 0, 5000);
        QUdpSocket s;
        s.writeDatagram(QByteArray(33, 'x'), QHostAddress::LocalHost, rig.link->boundStatePort());
        QByteArray camData(72, '\0');
        qToLittleEndian<quint32>(1234567891u, camData.data());
        s.writeDatagram(camData, QHostAddress::LocalHost, rig.link->boundStatePort());
        s.writeDatagram(QByteArray(40, 'y'), QHostAddress::LocalHost, rig.link->boundSensorPort());
        QTRY_VERIFY_WITH_TIMEOUT(rig.counter("unknown_packets") >= 1, 5000);
        QTRY_VERIFY_WITH_TIMEOUT(rig.counter("other_state_packets") >= 1, 5000);
        QTRY_VERIFY_WITH_TIMEOUT(rig.counter("packets_dropped") >= 1, 5000);
        QTRY_VERIFY_WITH_TIMEOUT(rig.states > 3, 5000); // and it keeps working
    }
};

QTEST_GUILESS_MAIN(TestRflysimLink)
#include "tst_rflysim_link.moc"
