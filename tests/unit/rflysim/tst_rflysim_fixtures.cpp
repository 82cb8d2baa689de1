// RflySim point clouds against byte vectors packed by Python's struct module the way RflySim's
// own Python reader unpacks them (tests/fixtures/rflysim/make_pointclouds.py, committed with its
// output): the int16 layout with its 28-byte preamble and per-sensor range, the TypeID 7 depth
// cloud with 3 i16 a point, and the documented float32 layout. The expected points below are the
// script's numbers in metres; int16 ones must come back within one quantisation step.
#include "rflysim/payloads.h"
#include "testpaths.h"

#include <QFile>
#include <QtTest>
#include <array>
#include <cmath>

using namespace hil;

namespace {
QByteArray fixture(const char *name)
{
    QFile f(hil::testpaths::fixturesDir() + QStringLiteral("/rflysim/") + QLatin1String(name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", name);
    return f.readAll();
}

constexpr std::array<float, 6> kPose{1.5f, -2.25f, -0.8f, 0.01f, -0.02f, 1.2f};
} // namespace

class TestRflysimFixtures : public QObject
{
    Q_OBJECT
private slots:
    void int16LidarAsRflySimPacksIt()
    {
        const QByteArray b = fixture("lidar_int16_r50.bin");
        const auto c = decodePointCloud(b.constData(), int(b.size()), 50.0f);
        QVERIFY(c);
        QCOMPARE(c->encoding, PointCloud::Encoding::Int16);
        QCOMPARE(c->rangeM, 50.0f);
        QCOMPARE(c->pose, kPose);
        const float points[5][4] = {{10.0f, -5.0f, 0.25f, 1},
                                    {49.99f, 0.0f, -49.99f, 0},
                                    {-12.345f, 33.3f, 2.0f, 7},
                                    {0.001f, -0.002f, 0.0f, -1},
                                    {-50.0f, 25.0f, -3.75f, 2}};
        QCOMPARE(int(c->points.size()), 5);
        const float step = 50.0f / 32767.0f;
        for (int i = 0; i < 5; ++i) {
            const CloudPoint &p = c->points[size_t(i)];
            QVERIFY2(
                std::abs(p.x - points[i][0]) <= step && std::abs(p.y - points[i][1]) <= step &&
                    std::abs(p.z - points[i][2]) <= step,
                qPrintable(QStringLiteral("point %1: %2 %3 %4").arg(i).arg(p.x).arg(p.y).arg(p.z)));
            QCOMPARE(p.seg, points[i][3]);
        }
        // The same bytes with another sensor's range scale linearly: the range is not built in.
        const auto c100 = decodePointCloud(b.constData(), int(b.size()), 100.0f);
        QVERIFY(c100);
        QVERIFY(std::abs(c100->points[0].x - 20.0f) <= 2 * step);
    }

    void int16DepthCloudThreeValuesAPoint()
    {
        const QByteArray b = fixture("depth_int16_r20.bin");
        QCOMPARE(pointCloudLayout(b.constData(), int(b.size())), PointCloud::Encoding::DepthInt16);
        // Without depth clouds allowed the same bytes are no LiDAR frame.
        QVERIFY(!pointCloudLayout(b.constData(), int(b.size()), false));
        const auto c = decodePointCloud(b.constData(), int(b.size()), 20.0f);
        QVERIFY(c);
        const float points[3][3] = {
            {1.0f, 2.0f, 3.0f}, {-19.5f, 0.125f, 7.77f}, {4.321f, -8.0f, 0.0f}};
        QCOMPARE(int(c->points.size()), 3);
        const float step = 20.0f / 32767.0f;
        for (int i = 0; i < 3; ++i)
            for (int k = 0; k < 3; ++k) {
                const CloudPoint &p = c->points[size_t(i)];
                const float v = k == 0 ? p.x : k == 1 ? p.y : p.z;
                QVERIFY2(std::abs(v - points[i][k]) <= step, qPrintable(QString::number(v)));
            }
        QCOMPARE(c->pose, kPose);
    }

    void float32LayoutStillDecodes()
    {
        // 68 bytes, like the int16 fixture: only the count at each layout's place tells them apart.
        const QByteArray b = fixture("lidar_float32.bin");
        QCOMPARE(b.size(), fixture("lidar_int16_r50.bin").size());
        const auto c = decodePointCloud(b.constData(), int(b.size()), 50.0f);
        QVERIFY(c);
        QCOMPARE(c->encoding, PointCloud::Encoding::Float32);
        QCOMPARE(c->copterId, 3);
        QCOMPARE(c->axisType, 1);
        QCOMPARE(c->pose, kPose);
        QCOMPARE(c->rangeM, 0.0f);
        QCOMPARE(int(c->points.size()), 2);
        QCOMPARE(c->points[0].x, 3.25f);
        QCOMPARE(c->points[0].seg, 4.0f);
        QCOMPARE(c->points[1].y, 200.25f);
        QCOMPARE(c->points[1].z, -7.125f);
    }

    void encoderWritesWhatPythonPacks()
    {
        // Our stand-in's encoder, fed the decoded cloud, gives back Python's bytes.
        for (const char *name : {"lidar_int16_r50.bin", "lidar_float32.bin"}) {
            const QByteArray b = fixture(name);
            const auto c = decodePointCloud(b.constData(), int(b.size()), 50.0f);
            QVERIFY(c);
            QCOMPARE(encodePointCloud(*c, 50.0f), b);
        }
    }
};

QTEST_GUILESS_MAIN(TestRflysimFixtures)
#include "tst_rflysim_fixtures.moc"
