// RavenAPI codec: CRC vectors of docs/protocols/ravenapi.md, every frame's bytes, the stream
// decoder against merged / split / corrupted / garbage-laced input, status word and unit clamps.
#include "raven/platformsample.h"
#include "raven/ravencodec.h"

#include <QtTest>
#include <vector>

using namespace hil::raven;

namespace {
std::vector<Frame> decodeAll(StreamDecoder &d, const QByteArray &bytes)
{
    std::vector<Frame> out;
    d.feed(bytes, [&](const Frame &f) { out.push_back(f); });
    return out;
}

QByteArray platformStatus(std::uint16_t id, const std::array<std::int32_t, 6> &pos,
                          std::uint32_t status)
{
    std::int32_t w[7];
    for (int i = 0; i < 6; ++i)
        w[i] = pos[std::size_t(i)];
    w[6] = std::int32_t(status);
    return encodeFrame(id, w, 7);
}
} // namespace

class TestRavenCodec : public QObject
{
    Q_OBJECT
private slots:
    void crcVectors();
    void encodeModeRequestBytes();
    void encodeEveryAppFrame_data();
    void encodeEveryAppFrame();
    void accelFramesBigEndianSigned();
    void decodeEveryPlatformFrame_data();
    void decodeEveryPlatformFrame();
    void streamMergedFrames();
    void streamSplitByteByByte();
    void streamGarbageBetweenFrames();
    void streamCorruptedCrc();
    void streamUnknownId();
    void streamSyncSplitAcrossDatagrams();
    void streamBoundedUnderFlood();
    void statusWordLayout();
    void unitsAndClamps();
    void platformSampleInSi();
};

void TestRavenCodec::crcVectors()
{
    QCOMPARE(crc8(QByteArray::fromHex("fffefffe02aa00000003")), std::uint8_t(0xf1));
    QCOMPARE(crc8(QByteArray::fromHex("fffefffeffff")), std::uint8_t(0x0a));
    QCOMPARE(crc8(QByteArray("123456789")), std::uint8_t(0xBC));
    QCOMPARE(crc8(QByteArray()), std::uint8_t(0));
    // Every length (four bytes at a time and the rest) against the bitwise definition:
    // polynomial 0xD5, MSB first, no initial value or final xor.
    QByteArray data;
    std::uint32_t x = 12345;
    for (int n = 0; n <= 64; ++n) {
        std::uint8_t bitwise = 0;
        for (char c : data) {
            bitwise ^= std::uint8_t(c);
            for (int bit = 0; bit < 8; ++bit)
                bitwise = (bitwise & 0x80) ? std::uint8_t((bitwise << 1) ^ 0xD5)
                                           : std::uint8_t(bitwise << 1);
        }
        QCOMPARE(crc8(data), bitwise);
        x = x * 1103515245u + 12345u;
        data.append(char(x >> 16));
    }
}

void TestRavenCodec::encodeModeRequestBytes()
{
    QCOMPARE(encodeModeRequest(ModeCueing).toHex(), QByteArray("fffefffe02aa00000003f1"));
    QCOMPARE(encodeRequest(IdDofPositions).toHex(), QByteArray("fffefffeffff0a"));
}

void TestRavenCodec::encodeEveryAppFrame_data()
{
    QTest::addColumn<QByteArray>("frame");
    QTest::addColumn<int>("id");
    QTest::addColumn<int>("length");
    const Accel6 a{1, -2, 9800, 4, -5, 6};
    QTest::newRow("5") << encodeAccel(a) << 5 << 31;
    QTest::newRow("21") << encodeAccelAttitude(a, 1000, -2000) << 21 << 39;
    QTest::newRow("85") << encodeAccelAttitudeGravity(a, 1000, -2000, 9800) << 85 << 43;
    QTest::newRow("170") << encodeWashout({0, 0, 100000, 0, 0, 0}) << 170 << 31;
    QTest::newRow("682") << encodeModeRequest(1) << 682 << 11;
    for (int id : {10922, 10923, 65535, 65534, 65533, 65532, 3780})
        QTest::newRow(qPrintable(QString::number(id)))
            << encodeRequest(std::uint16_t(id)) << id << 7;
}

void TestRavenCodec::encodeEveryAppFrame()
{
    QFETCH(QByteArray, frame);
    QFETCH(int, id);
    QFETCH(int, length);
    QCOMPARE(frame.size(), length);
    QCOMPARE(frame.left(4).toHex(), QByteArray("fffefffe"));
    QCOMPARE((std::uint8_t(frame[4]) << 8) | std::uint8_t(frame[5]), id);
    QCOMPARE(std::uint8_t(frame.back()), crc8(frame.left(frame.size() - 1)));
    QCOMPARE(frameBytes(std::uint16_t(id), Direction::ToPlatform), length);
    // The platform-side decoder (the emulator's) takes it back unchanged.
    StreamDecoder d(Direction::ToPlatform);
    const auto frames = decodeAll(d, frame);
    QCOMPARE(int(frames.size()), 1);
    QCOMPARE(int(frames[0].id), id);
    QCOMPARE(frames[0].words, (length - 7) / 4);
}

void TestRavenCodec::accelFramesBigEndianSigned()
{
    const QByteArray f =
        encodeAccelAttitudeGravity({1, -1, 9800, 0x01020304, -60000, 0}, -360000, 360000, 9800);
    QCOMPARE(f.mid(6, 4).toHex(), QByteArray("00000001"));
    QCOMPARE(f.mid(10, 4).toHex(), QByteArray("ffffffff"));
    QCOMPARE(f.mid(14, 4).toHex(), QByteArray("00002648"));
    QCOMPARE(f.mid(18, 4).toHex(), QByteArray("01020304"));
    QCOMPARE(f.mid(22, 4).toHex(), QByteArray("ffff15a0"));
    QCOMPARE(f.mid(30, 4).toHex(), QByteArray("fffa81c0")); // -360000
    QCOMPARE(f.mid(38, 4).toHex(), QByteArray("00002648"));
}

void TestRavenCodec::decodeEveryPlatformFrame_data()
{
    QTest::addColumn<int>("id");
    QTest::addColumn<int>("length");
    for (int id : {5, 21, 85, 170, 65531, 2730, 10922})
        QTest::newRow(qPrintable(QString::number(id))) << id << 35;
    QTest::newRow("682") << 682 << 11;
    for (int id : {10923, 65535, 65534, 65533, 65532, 3780})
        QTest::newRow(qPrintable(QString::number(id))) << id << 39;
}

void TestRavenCodec::decodeEveryPlatformFrame()
{
    QFETCH(int, id);
    QFETCH(int, length);
    QCOMPARE(frameBytes(std::uint16_t(id), Direction::ToApp), length);
    const int words = (length - 7) / 4;
    std::int32_t w[9];
    for (int i = 0; i < words; ++i)
        w[i] = -1000 * (i + 1);
    w[words - 1] =
        std::int32_t(encodeStatus(ModeLoading, 1, {true, false, true, true, true, true}));
    const QByteArray bytes = encodeFrame(std::uint16_t(id), w, words);
    QCOMPARE(bytes.size(), length);
    StreamDecoder d(Direction::ToApp);
    const auto frames = decodeAll(d, bytes);
    QCOMPARE(int(frames.size()), 1);
    QCOMPARE(frames[0].words, words);
    for (int i = 0; i < words; ++i)
        QCOMPARE(frames[0].payload[std::size_t(i)], w[i]);
    const StatusWord s = decodeStatus(std::uint32_t(frames[0].payload[std::size_t(words - 1)]));
    QCOMPARE(s.mode, int(ModeLoading));
    QCOMPARE(s.thermal, 1);
    QCOMPARE(s.motorOk[1], false);
    QCOMPARE(s.motorOk[0], true);
}

void TestRavenCodec::streamMergedFrames()
{
    QByteArray merged = platformStatus(5, {1, 2, 3, 4, 5, 6}, 0xE00) +
                        encodeFrame(682, std::array<std::int32_t, 1>{3}.data(), 1) +
                        platformStatus(21, {7, 8, 9, 10, 11, 12}, 0xFC3);
    StreamDecoder d(Direction::ToApp);
    const auto frames = decodeAll(d, merged);
    QCOMPARE(int(frames.size()), 3);
    QCOMPARE(int(frames[0].id), 5);
    QCOMPARE(int(frames[1].id), 682);
    QCOMPARE(frames[1].payload[0], 3);
    QCOMPARE(int(frames[2].id), 21);
    QCOMPARE(frames[2].payload[0], 7);
    QCOMPARE(d.bytesDiscarded(), std::uint64_t(0));
    QCOMPARE(d.buffered(), std::size_t(0));
}

void TestRavenCodec::streamSplitByteByByte()
{
    const QByteArray a = platformStatus(65531, {1, 2, 3, 4, 5, 6}, 0xFC3);
    const QByteArray b = platformStatus(170, {-1, -2, -3, -4, -5, -6}, 0xFC0);
    const QByteArray all = a + b;
    StreamDecoder d(Direction::ToApp);
    std::vector<Frame> frames;
    for (char c : all)
        d.feed(&c, 1, [&](const Frame &f) { frames.push_back(f); });
    QCOMPARE(int(frames.size()), 2);
    QCOMPARE(int(frames[0].id), 65531);
    QCOMPARE(frames[1].payload[5], -6);
    QCOMPARE(d.crcErrors(), std::uint64_t(0));
}

void TestRavenCodec::streamGarbageBetweenFrames()
{
    const QByteArray f = platformStatus(5, {1, 2, 3, 4, 5, 6}, 0xFC3);
    const QByteArray garbage = QByteArray::fromHex("0011fffe2233fffeff");
    StreamDecoder d(Direction::ToApp);
    const auto frames = decodeAll(d, garbage + f + garbage + f + QByteArray::fromHex("aabb"));
    QCOMPARE(int(frames.size()), 2);
    QCOMPARE(d.bytesDiscarded(), std::uint64_t(2 * garbage.size() + 2));
    QCOMPARE(d.crcErrors(), std::uint64_t(0));
}

void TestRavenCodec::streamCorruptedCrc()
{
    QByteArray bad = platformStatus(5, {1, 2, 3, 4, 5, 6}, 0xFC3);
    bad[bad.size() - 1] = char(bad.back() ^ 0x01);
    QByteArray badPayload = platformStatus(21, {1, 2, 3, 4, 5, 6}, 0xFC3);
    badPayload[10] = char(badPayload[10] ^ 0x40);
    const QByteArray good = platformStatus(85, {9, 9, 9, 9, 9, 9}, 0xFC3);
    StreamDecoder d(Direction::ToApp);
    const auto frames = decodeAll(d, bad + good + badPayload + good);
    QCOMPARE(int(frames.size()), 2);
    QCOMPARE(int(frames[0].id), 85);
    QCOMPARE(d.crcErrors(), std::uint64_t(2));
    QCOMPARE(d.bytesDiscarded(), std::uint64_t(bad.size() + badPayload.size()));
}

void TestRavenCodec::streamUnknownId()
{
    const QByteArray unknown = QByteArray::fromHex("fffefffe1234") + QByteArray(10, '\x01');
    const QByteArray good = platformStatus(5, {1, 2, 3, 4, 5, 6}, 0xFC3);
    StreamDecoder d(Direction::ToApp);
    const auto frames = decodeAll(d, unknown + good);
    QCOMPARE(int(frames.size()), 1);
    QCOMPARE(d.unknownIds(), std::uint64_t(1));
    QCOMPARE(d.bytesDiscarded(), std::uint64_t(unknown.size()));
}

void TestRavenCodec::streamSyncSplitAcrossDatagrams()
{
    const QByteArray f = platformStatus(5, {1, 2, 3, 4, 5, 6}, 0xFC3);
    StreamDecoder d(Direction::ToApp);
    std::vector<Frame> frames;
    auto sink = [&](const Frame &fr) { frames.push_back(fr); };
    d.feed(QByteArray("zz") + f.left(3), sink); // garbage then "FF FE FF"
    QCOMPARE(d.bytesDiscarded(), std::uint64_t(2));
    d.feed(f.mid(3), sink);
    QCOMPARE(int(frames.size()), 1);
}

void TestRavenCodec::streamBoundedUnderFlood()
{
    // A long run of sync words with a valid id and a never-ending body must not grow the buffer.
    StreamDecoder d(Direction::ToApp);
    QByteArray flood;
    for (int i = 0; i < 5000; ++i)
        flood += QByteArray::fromHex("fffefffe0005") + QByteArray(29, '\x00');
    int n = 0;
    d.feed(flood, [&](const Frame &) { ++n; });
    QVERIFY(d.buffered() <= StreamDecoder::kCapacity);
    QVERIFY(d.crcErrors() > 0);
    const QByteArray good = platformStatus(5, {1, 2, 3, 4, 5, 6}, 0xFC3);
    d.feed(QByteArray(40, 'x') + good, [&](const Frame &) { ++n; });
    QVERIFY(n >= 1);
}

void TestRavenCodec::statusWordLayout()
{
    // bit 11 = motor 0 ... bit 6 = motor 5; thermal bits 4-5; mode bits 0-3.
    StatusWord s = decodeStatus(0x800u | 0x10u | 0x3u | 0xABC00000u);
    QCOMPARE(s.mode, 3);
    QCOMPARE(s.thermal, 1);
    QCOMPARE(s.motorOk[0], true);
    for (int m = 1; m < 6; ++m)
        QCOMPARE(s.motorOk[std::size_t(m)], false);
    QCOMPARE(s.raw, 0xABC00813u);
    s = decodeStatus(0x40u);
    QCOMPARE(s.motorOk[5], true);
    QCOMPARE(s.motorOk[0], false);
    QCOMPARE(encodeStatus(ModeCueing, 0, {true, true, true, true, true, true}), 0xFC3u);
    QCOMPARE(modeName(2), QString("LOADING"));
    QCOMPARE(modeName(1), QString("LEVEL BRAKE"));
    QCOMPARE(thermalName(1), QString("OVERHEAT PROTECTION"));
    QCOMPARE(modeFromOption("level-brake"), 1);
    QCOMPARE(modeFromOption("bogus"), -1);
}

void TestRavenCodec::unitsAndClamps()
{
    std::uint64_t clamps = 0;
    QCOMPARE(accelToMmps2(9.8, &clamps), 9800);
    QCOMPARE(accelToMmps2(-61.0, &clamps), -60000);
    QCOMPARE(clamps, std::uint64_t(1));
    QCOMPARE(rotAccelToDegps2(1.0, &clamps), 57);
    QCOMPARE(rotAccelToDegps2(100.0, &clamps), 4000);
    QCOMPARE(angleToMdeg(0.5 * 3.14159265358979323846, &clamps), 90000);
    QCOMPARE(angleToMdeg(7.0, &clamps), 360000);
    QCOMPARE(positionToUm(-0.25, &clamps), -250000);
    QCOMPARE(positionToUm(3.0, &clamps), 2000000);
    QCOMPARE(accelToMmps2(std::nan(""), &clamps), 0);
    QCOMPARE(clamps, std::uint64_t(5));
    QVERIFY(qAbs(mdegToRad(90000) - 1.5707963) < 1e-6);
    QCOMPARE(umToM(1500000), 1.5);
}

void TestRavenCodec::platformSampleInSi()
{
    StreamDecoder d(Direction::ToApp);
    std::vector<Frame> frames;
    const std::int32_t dof[8] = {150000, -20000, 0, 5000, -90000, 0, -5, std::int32_t(0xFC2)};
    const std::int32_t power[8] = {10, 20, 30, 40, 50, 60, 210, std::int32_t(0xFC0)};
    const std::int32_t fw[8] = {1, 0, 7, 2023, 3, 14, 0x1234, std::int32_t(0xF80)};
    d.feed(encodeFrame(IdDofPositions, dof, 8) + encodeFrame(IdPower, power, 8) +
               encodeFrame(IdFirmware, fw, 8),
           [&](const Frame &f) { frames.push_back(f); });
    QCOMPARE(int(frames.size()), 3);
    const hil::PlatformSample s = hil::sampleFromFrame(frames[0], 42);
    QVERIFY(s.hasPose && s.hasTimestamp && !s.hasPower);
    QCOMPARE(s.positionM[0], 0.15);
    QCOMPARE(s.positionM[1], -0.02);
    QVERIFY(qAbs(s.anglesRad[1] + 1.5707963) < 1e-6);
    QCOMPARE(s.platformTimeUs, 0xFFFFFFFBu); // the platform clock wraps: unsigned
    QCOMPARE(s.status.mode, 2);
    QCOMPARE(s.monotonicNs, std::int64_t(42));
    const hil::PlatformSample p = hil::sampleFromFrame(frames[1], 0);
    QVERIFY(p.hasPower && !p.hasPose && !p.hasTimestamp);
    QCOMPARE(p.totalPowerW, 210.0);
    QCOMPARE(p.powerW[5], 60.0);
    const hil::PlatformSample f = hil::sampleFromFrame(frames[2], 0);
    QVERIFY(f.hasFirmware);
    QCOMPARE(f.firmware[3], 2023);
    QCOMPARE(f.status.motorOk[5], false);
    QCOMPARE(f.status.motorOk[4], true);
}

QTEST_GUILESS_MAIN(TestRavenCodec)
#include "tst_ravencodec.moc"
