// VisionSensorReq layouts against their struct format strings, every gimbal bitmask function,
// gimbal state decoding, port-20006 packet kinds, and the payload decoders.
#include "rflysim/payloads.h"
#include "rflysim/visionreq.h"
#include "structpack.h"

#include <QtTest>
#include <cmath>

using namespace hil;

namespace {
// A request whose every field holds a distinct value, so a misplaced field shows.
VisionSensorReq distinctReq()
{
    VisionSensorReq r;
    r.checksum = 12345;
    r.seqId = 7;
    r.bitmask = 0x00012345;
    r.typeId = 9;
    r.targetCopter = 3;
    r.targetMountType = 2;
    r.dataWidth = 640;
    r.dataHeight = 480;
    r.dataCheckFreq = 30;
    for (int i = 0; i < 8; ++i)
        r.sendProtocol[size_t(i)] = quint16(100 + i);
    r.cameraFovDeg = 61.5f;
    r.sensorPosXyzM = {0.25f, -0.5f, 1.75f};
    r.eulerOrQuat = 0.0f;
    r.sensorAngEulerDeg = {1.0f, -30.0f, 45.0f};
    r.sensorAngQuat = {0.5f, 0.25f, -0.125f, 0.0625f};
    for (int i = 0; i < 16; ++i)
        r.otherParams[size_t(i)] = 1000.0f + i;
    return r;
}

std::vector<double> values(const VisionSensorReq &r, bool withBitmask)
{
    std::vector<double> v{double(r.checksum), double(r.seqId)};
    if (withBitmask)
        v.push_back(r.bitmask);
    for (double x : {double(r.typeId), double(r.targetCopter), double(r.targetMountType),
                     double(r.dataWidth), double(r.dataHeight), double(r.dataCheckFreq)})
        v.push_back(x);
    for (auto s : r.sendProtocol)
        v.push_back(s);
    v.push_back(r.cameraFovDeg);
    for (float f : r.sensorPosXyzM)
        v.push_back(f);
    v.push_back(r.eulerOrQuat);
    for (float f : r.sensorAngEulerDeg)
        v.push_back(f);
    for (float f : r.sensorAngQuat)
        v.push_back(f);
    for (float f : r.otherParams)
        v.push_back(f);
    return v;
}

float otherParam(const QByteArray &bytes, int index)
{
    // otherParams start after 2H1I14H (36 bytes) and 12 floats.
    float f;
    std::memcpy(&f, bytes.constData() + 36 + 4 * (12 + index), 4); // host is little-endian (x86)
    return f;
}
quint32 bitmaskOf(const QByteArray &b)
{
    return qFromLittleEndian<quint32>(b.constData() + 4);
}
} // namespace

class TestRflysimCodec : public QObject
{
    Q_OBJECT
private slots:
    void layout148MatchesFormatString()
    {
        const VisionSensorReq r = distinctReq();
        const QByteArray bytes = r.encode148();
        QCOMPARE(bytes.size(), 148);
        QCOMPARE(bytes, structPack("2H1I14H28f", values(r, true)));
        // Spot checks of the offsets the format implies.
        QCOMPARE(qFromLittleEndian<quint16>(bytes.constData()), quint16(12345));
        QCOMPARE(qFromLittleEndian<quint32>(bytes.constData() + 4), quint32(0x00012345));
        QCOMPARE(qFromLittleEndian<quint16>(bytes.constData() + 8), quint16(9)); // TypeID
        QCOMPARE(qFromLittleEndian<quint16>(bytes.constData() + 20),
                 quint16(100)); // SendProtocol[0]
        QCOMPARE(qFromLittleEndian<quint16>(bytes.constData() + 34),
                 quint16(107)); // SendProtocol[7]
        QCOMPARE(otherParam(bytes, 15), 1015.0f);
    }
    void layout144MatchesFormatString()
    {
        VisionSensorReq r = distinctReq();
        r.typeId = 20;
        const QByteArray bytes = r.encode144();
        QCOMPARE(bytes.size(), 144);
        QCOMPARE(bytes, structPack("16H28f", values(r, false)));
        QCOMPARE(r.encode().size(), 144); // non-gimbal sensors use the short form
        r.typeId = 9;
        QCOMPARE(r.encode().size(), 148);
    }
    void decodeRoundTripsBothForms()
    {
        const VisionSensorReq r = distinctReq();
        const QByteArray b148 = r.encode148();
        const auto d = VisionSensorReq::decode(b148.constData(), int(b148.size()));
        QVERIFY(d);
        QCOMPARE(d->encode148(), b148);
        const QByteArray b144 = r.encode144();
        const auto d2 = VisionSensorReq::decode(b144.constData(), int(b144.size()));
        QVERIFY(d2);
        QCOMPARE(d2->bitmask, 0u);
        QCOMPARE(d2->encode144(), b144);
        QVERIFY(!VisionSensorReq::decode(b148.constData(), 147));
    }
    void destinationInSendProtocol()
    {
        VisionSensorReq r;
        r.setDestination(rfly::SendUdpRaw, 0xC0A80117, 9999); // 192.168.1.23
        QCOMPARE(r.sendProtocol[0], quint16(2));
        QCOMPARE(r.sendProtocol[1], quint16(192));
        QCOMPARE(r.sendProtocol[2], quint16(168));
        QCOMPARE(r.sendProtocol[3], quint16(1));
        QCOMPARE(r.sendProtocol[4], quint16(23));
        QCOMPARE(r.sendProtocol[5], quint16(9999));
        QCOMPARE(r.destinationIpv4(), 0xC0A80117u);
    }

    // Gimbal command → request bytes, for each function of the gimbal table in
    // docs/protocols/rflysim.md.
    void gimbalFunctions_data()
    {
        QTest::addColumn<int>("function");
        QTest::addColumn<quint32>("mask");
        QTest::addColumn<QList<int>>("slotIdx");
        QTest::addColumn<QList<float>>("vals");
        QTest::newRow("focal length")
            << 0 << quint32(1u << 4) << QList<int>{0} << QList<float>{35.0f};
        QTest::newRow("centering") << 1 << quint32(1u << 5) << QList<int>{1} << QList<float>{1.0f};
        QTest::newRow("rates") << 2 << quint32(1u << 6) << QList<int>{2, 3}
                               << QList<float>{0.25f, -0.5f};
        QTest::newRow("optical zoom")
            << 3 << quint32(1u << 7) << QList<int>{4} << QList<float>{3.0f};
        QTest::newRow("zoom base")
            << 4 << quint32(1u << 13) << QList<int>{5} << QList<float>{20.0f};
        QTest::newRow("track target")
            << 5 << quint32(1u << 8) << QList<int>{5} << QList<float>{4.0f};
        QTest::newRow("ranging") << 6 << quint32(1u << 9) << QList<int>{6} << QList<float>{1.0f};
        QTest::newRow("light source")
            << 7 << quint32(1u << 10) << QList<int>{7} << QList<float>{2.0f};
        QTest::newRow("ai box all")
            << 8 << quint32(1u << 11) << QList<int>{8} << QList<float>{1.0f};
        QTest::newRow("ai box at pixel")
            << 9 << quint32(1u << 11) << QList<int>{8, 9, 10} << QList<float>{2.0f, 320.0f, 240.0f};
    }
    void gimbalFunctions()
    {
        QFETCH(int, function);
        QFETCH(quint32, mask);
        QFETCH(QList<int>, slotIdx);
        QFETCH(QList<float>, vals);
        GimbalRequest g;
        switch (function) {
        case 0:
            g.setFocalLength(35.0);
            break;
        case 1:
            g.setCentering(true);
            break;
        case 2:
            g.setRates(0.25, -0.5);
            break;
        case 3:
            g.setOpticalZoom(3);
            break;
        case 4:
            g.setZoomBase(20.0);
            break;
        case 5:
            g.setTrackTarget(4);
            break;
        case 6:
            g.setRanging(true);
            break;
        case 7:
            g.setLightSource(LightSource::InfraredGray);
            break;
        case 8:
            g.setAiBoxSelectAll();
            break;
        case 9:
            g.setAiBoxSelectAt(320, 240);
            break;
        }
        const QByteArray b = g.encode();
        QCOMPARE(b.size(), 148);
        QCOMPARE(qFromLittleEndian<quint16>(b.constData()), quint16(12345));
        QCOMPARE(qFromLittleEndian<quint16>(b.constData() + 8), quint16(9)); // gimbal TypeID
        QCOMPARE(bitmaskOf(b), mask);
        for (int i = 0; i < 16; ++i) {
            const int at = int(slotIdx.indexOf(i));
            QCOMPARE(otherParam(b, i), at >= 0 ? vals[at] : 0.0f);
        }
    }
    void zoomBaseAndTrackingExcludeEachOther()
    {
        GimbalRequest g;
        g.setTrackTarget(2).setZoomBase(10.0);
        QCOMPARE(g.req().bitmask, quint32(1u << 13));
        g.setTrackTarget(5);
        QCOMPARE(g.req().bitmask, quint32(1u << 8));
        QCOMPARE(g.req().otherParams[5], 5.0f);
        g.clearControls();
        QCOMPARE(g.req().bitmask, 0u);
    }
    void anglesInDegreesOnTheWire()
    {
        GimbalRequest g;
        g.setAngles(0.0, -M_PI / 4, M_PI / 2);
        const QByteArray b = g.encode();
        float pitch, yaw;
        std::memcpy(&pitch, b.constData() + 36 + 4 * 6, 4); // SensorAngEular[1]
        std::memcpy(&yaw, b.constData() + 36 + 4 * 7, 4);
        QCOMPARE(pitch, -45.0f);
        QCOMPARE(yaw, 90.0f);
    }

    void gimbalStateDecodes()
    {
        // Built with the reference packer, as RflySim3D would send it.
        std::vector<double> v{12346, 0, 0,    9, 1, 0, 640, 480, 30,    0,    0, 0, 0, 0, 0,
                              0,     0, 60.0, 0, 0, 0, 0,   0,   -30.0, 90.0, 0, 0, 0, 0};
        const double other[16] = {12.5, 0.1, -0.2, 554.0, 555.0, 640, 480, 123.0};
        for (double o : other)
            v.push_back(o);
        const QByteArray b = structPack("2H1I14H28f", v);
        QCOMPARE(classifyStatePacket(b.constData(), int(b.size())), StatePacketKind::GimbalState);
        const auto s = decodeGimbalState(b.constData(), int(b.size()));
        QVERIFY(s);
        QCOMPARE(s->typeId, quint16(9));
        QVERIFY(std::abs(s->pitchRad - (-M_PI / 6)) < 1e-6);
        QVERIFY(std::abs(s->yawRad - M_PI / 2) < 1e-6);
        QVERIFY(std::abs(s->fovRad - M_PI / 3) < 1e-6);
        QCOMPARE(s->focalLengthMm, 12.5);
        QVERIFY(std::abs(s->pitchRateRadPs - 0.1) < 1e-6);
        QVERIFY(std::abs(s->yawRateRadPs + 0.2) < 1e-6);
        QCOMPARE(s->fxPx, 554.0);
        QCOMPARE(s->fyPx, 555.0);
        QCOMPARE(s->pixelWidth, 640.0);
        QCOMPARE(s->pixelHeight, 480.0);
        QCOMPARE(s->laserRangeM, 123.0);
        // A request (checksum 12345) is not a state.
        QByteArray req = b;
        req[0] = char(12345 & 0xff);
        req[1] = char(12345 >> 8);
        QVERIFY(!decodeGimbalState(req.constData(), int(req.size())));
        // encodeGimbalState is the inverse.
        const QByteArray again = encodeGimbalState(*s);
        const auto s2 = decodeGimbalState(again.constData(), int(again.size()));
        QVERIFY(s2);
        QCOMPARE(s2->laserRangeM, 123.0);
    }
    void otherStatePacketKinds()
    {
        auto packet = [](quint32 sum, int size) {
            QByteArray b(size, '\0');
            qToLittleEndian(sum, b.data());
            return b;
        };
        const struct
        {
            quint32 sum;
            int size;
            StatePacketKind kind;
        } rows[] = {
            {1234567891u, 56, StatePacketKind::CameraData},
            {1234567891u, 72, StatePacketKind::CameraData},
            {1234567891u, 64, StatePacketKind::CopterData},
            {1234567891u, 80, StatePacketKind::CopterData},
            {1234567891u, 96, StatePacketKind::ObjectData},
            {1234567891u, 112, StatePacketKind::ObjectData},
            {1234567897u, 160, StatePacketKind::CrashData},
            {1234567891u, 160, StatePacketKind::Unknown},
            {42u, 148, StatePacketKind::Unknown},
            {1234567891u, 3, StatePacketKind::Unknown},
        };
        for (const auto &r : rows) {
            const QByteArray b = packet(r.sum, r.size);
            QCOMPARE(classifyStatePacket(b.constData(), int(b.size())), r.kind);
        }
    }

    void lidarFloatAndInt16ToldApartBySize()
    {
        std::vector<double> v{1, 0, 1, 2, 3, 0.1, 0.2, 0.3, 2, 1.5, -2.5, 0.25, 1, 10, 20, -30, 0};
        const QByteArray f32 = structPack("2i6f1i8f", v);
        auto c = decodePointCloud(f32.constData(), int(f32.size()), 100.0f);
        QVERIFY(c);
        QCOMPARE(c->encoding, PointCloud::Encoding::Float32);
        QCOMPARE(int(c->points.size()), 2);
        QCOMPARE(c->points[0].x, 1.5f);
        QCOMPARE(c->points[0].seg, 1.0f);
        QCOMPARE(c->points[1].z, -30.0f);
        QCOMPARE(c->pose[2], 3.0f);

        // int16, RflySim's compressed layout (28-byte preamble: pose[6], count): 16384 / 32767 ×
        // 100 m.
        QByteArray i16 = structPack("6f1i", std::vector<double>{1, 2, 3, 0.1, 0.2, 0.3, 2});
        const qint16 pts[8] = {16384, -32767, 0, 3, 32767, 0, -16384, 0};
        for (qint16 s : pts) {
            const char b[2] = {char(s & 0xff), char((s >> 8) & 0xff)};
            i16.append(b, 2);
        }
        c = decodePointCloud(i16.constData(), int(i16.size()), 100.0f);
        QVERIFY(c);
        QCOMPARE(c->encoding, PointCloud::Encoding::Int16);
        QVERIFY(std::abs(c->points[0].x - 16384.0f / 32767.0f * 100.0f) < 1e-4f);
        QVERIFY(std::abs(c->points[0].y + 100.0f) < 1e-4f);
        QCOMPARE(c->points[0].seg, 3.0f);
        QVERIFY(std::abs(c->points[1].x - 100.0f) < 1e-4f);
        QCOMPARE(c->pose[2], 3.0f);
        QCOMPARE(c->rangeM, 100.0f);
        QCOMPARE(encodePointCloud(*c, 100.0f), i16);
        // The old guess (int16 points after the 36-byte float preamble) is no layout RflySim sends.
        QByteArray guess = f32.left(36);
        guess.append(i16.mid(28));
        QVERIFY(!decodePointCloud(guess.constData(), int(guess.size()), 100.0f));

        // A size that fits neither form, and a hostile point count.
        QVERIFY(!decodePointCloud(f32.constData(), int(f32.size()) - 1, 100.0f));
        QByteArray hostile = f32;
        qToLittleEndian<qint32>(-5, hostile.data() + 32);
        QVERIFY(!decodePointCloud(hostile.constData(), int(hostile.size()), 100.0f));
    }
    void depthCloudAndRoundTrip()
    {
        std::vector<double> v{1, 0, 0, 0, 0, 0, 0, 0, 1, 4, 5, 6};
        const QByteArray b = structPack("2i6f1i3f", v);
        const auto c = decodePointCloud(b.constData(), int(b.size()), 100.0f);
        QVERIFY(c);
        QCOMPARE(c->encoding, PointCloud::Encoding::DepthFloat32);
        QCOMPARE(c->points[0].y, 5.0f);
        QCOMPARE(encodePointCloud(*c, 100.0f), b);
    }
    void rangefinder()
    {
        std::vector<double> v{42.5, 3};
        for (int i = 0; i < 12; ++i)
            v.push_back(i);
        const QByteArray b = structPack("1f1i12f", v);
        QCOMPARE(b.size(), 56);
        const auto r = decodeRangefinder(b.constData(), int(b.size()));
        QVERIFY(r);
        QCOMPARE(r->distanceM, 42.5f);
        QCOMPARE(r->copterId, 3);
        QCOMPARE(r->angEuler[0], 3.0f);
        QCOMPARE(r->boxOrigin[2], 11.0f);
        QVERIFY(!decodeRangefinder(b.constData(), 55));
    }
    void images()
    {
        QCOMPARE(*rawFormatForType(1), ImageFrame::Format::Bgr8);
        QCOMPARE(*rawFormatForType(2), ImageFrame::Format::Mono16);
        QCOMPARE(*rawFormatForType(40), ImageFrame::Format::Mono8);
        QVERIFY(!rawFormatForType(20));
        const QByteArray raw(4 * 3 * 3, 'x');
        const auto img = decodeRawImage(raw, 4, 3, ImageFrame::Format::Bgr8);
        QVERIFY(img);
        QCOMPARE(img->width, 4);
        QVERIFY(!decodeRawImage(raw, 4, 4, ImageFrame::Format::Bgr8));
        // A minimal JPEG head: SOI, APP0 (len 4), SOF0 with 120 × 160.
        const unsigned char jpg[] = {0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0,
                                     0x00, 0x11, 0x08, 0x00, 0x78, 0x00, 0xA0, 0x03, 0xFF, 0xD9};
        const auto j = decodeJpegImage(QByteArray(reinterpret_cast<const char *>(jpg), sizeof jpg));
        QVERIFY(j);
        QCOMPARE(j->format, ImageFrame::Format::Jpeg);
        QCOMPARE(j->width, 160);
        QCOMPARE(j->height, 120);
        QVERIFY(!decodeJpegImage(raw));
    }
};

QTEST_GUILESS_MAIN(TestRflysimCodec)
#include "tst_rflysim_codec.moc"
