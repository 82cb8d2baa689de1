// The pure parts of lib/session: CSV cells and rows, the status word, tlog records and the
// MAVLink framing/CRC replay relies on (docs/protocols/mavlink-px4.md vectors).
#include "session/sessionformat.h"
#include "session/tlog.h"

#include <QtTest>
#include <cmath>

using namespace hil;

class TestSessionFormat : public QObject
{
    Q_OBJECT
private slots:
    void numbersRoundTrip();
    void splitKeepsEmptyCells();
    void headerNamesAreStable();
    void platformRowAndStatusWord();
    void unknownColumnsAreIgnored();
    void tlogRecordIsBigEndian();
    void frameLengths();
    void heartbeatVectorCrc();
    void truncatedCommandLongIsZeroFilled();
    void corruptedFrameFailsCrc();
};

void TestSessionFormat::numbersRoundTrip()
{
    for (double v :
         {0.0, -0.0, 1.0, 0.1, -123.456789012345, 47.458123456789, 1e-300, 72000.123456789}) {
        QByteArray s;
        appendNumber(s, v);
        QCOMPARE(parseNumber(s), v);
    }
    QByteArray s;
    appendNumber(s, std::nan(""));
    QVERIFY(s.isEmpty());
    QVERIFY(std::isnan(parseNumber("")));
    QVERIFY(std::isnan(parseNumber("abc")));
    QCOMPARE(parseNumber("+2.5"), 2.5);
}

void TestSessionFormat::splitKeepsEmptyCells()
{
    const auto cells = splitCsv("1,,3,\r\n");
    QCOMPARE(cells.size(), size_t(4));
    QVERIFY(cells[1].isEmpty() && cells[3].isEmpty());
    QCOMPARE(QByteArray(cells[2].data(), cells[2].size()), QByteArray("3"));
}

void TestSessionFormat::headerNamesAreStable()
{
    const QStringList c = stateCsvColumns();
    QCOMPARE(c.first(), QString("time_s"));
    QCOMPARE(c.at(1), QString("host_time_s"));
    for (const char *name :
         {"position/n", "attitude/q_w", "attitude/roll", "velocity/e", "angular_velocity/z",
          "acceleration/d", "angular_acceleration/x", "geodetic/latitude_deg", "extras/airspeed",
          "stale", "channels/0", "channels/11"})
        QVERIFY2(c.contains(name), name);
    QCOMPARE(c.last(), QString("channels/mask"));
    QStringList unique = c;
    QCOMPARE(unique.removeDuplicates(), qsizetype(0));
    SimFrame f;
    QByteArray row;
    appendStateRow(row, f, ChannelFrame{}, 0.5);
    QCOMPARE(splitCsv(row).size(), static_cast<size_t>(c.size()));
}

void TestSessionFormat::platformRowAndStatusWord()
{
    PlatformRow r;
    r.statusWord = 0xABC00000u | (1u << 11) | (1u << 6) | (1u << 4) | 2u; // motors 0 and 5 OK
    r.decodeStatus();
    QCOMPARE(r.mode, 2);
    QCOMPARE(r.thermal, 1);
    QCOMPARE(r.motorOk, (std::array<bool, 6>{true, false, false, false, false, true}));
    r.messageId = 682;
    r.surgeM = r.swayM = r.heaveM = r.rollRad = r.pitchRad = r.yawRad = std::nan("");
    QByteArray row;
    appendPlatformRow(row, r, 1.25);
    QCOMPARE(row, QByteArray("1.25,682,,,,,,,2881488978,2,1,1,0,0,0,0,1,\n"));
    QCOMPARE(splitCsv(row).size(), splitCsv(platformCsvHeader()).size());
    // The platform's own µs clock, last, where the reply carries one (65535), unsigned.
    QVERIFY(platformCsvHeader().endsWith(",motor_ok/5,platform_time_us\n"));
    r.messageId = 65535;
    r.hasPlatformTime = true;
    r.platformTimeUs = 4000000000u;
    row.clear();
    appendPlatformRow(row, r, 2.5);
    QVERIFY2(row.endsWith(",1,4000000000\n"), row.constData());
    QCOMPARE(splitCsv(row).size(), splitCsv(platformCsvHeader()).size());
}

void TestSessionFormat::unknownColumnsAreIgnored()
{
    const auto map = stateColumnMap("time_s,future/thing,velocity/n");
    QCOMPARE(map[1], -1);
    SimFrame f;
    ChannelFrame c;
    QVERIFY(parseStateRow("2.5,99,7", map, &f, &c));
    QCOMPARE(f.physicsTimeS, 2.5);
    QCOMPARE(f.vehicle.velocity.x, 7.0);
    QVERIFY(!parseStateRow(",99,7", map, &f, &c)); // no time: not a frame
}

void TestSessionFormat::tlogRecordIsBigEndian()
{
    QByteArray out;
    appendTlogRecord(out, QByteArray("\xFD\x01", 2), 0x0102030405060708LL);
    QCOMPARE(out.toHex(), QByteArray("0102030405060708fd01"));
}

void TestSessionFormat::frameLengths()
{
    QCOMPARE(mavlinkFrameLength(QByteArray::fromHex("FE09")), 0);      // need the flags byte
    QCOMPARE(mavlinkFrameLength(QByteArray::fromHex("FE0900")), 17);   // v1: 6 + 9 + 2
    QCOMPARE(mavlinkFrameLength(QByteArray::fromHex("FD090000")), 21); // v2: 10 + 9 + 2
    QCOMPARE(mavlinkFrameLength(QByteArray::fromHex("FD090100")), 34); // signed: + 13
    QCOMPARE(mavlinkFrameLength(QByteArray::fromHex("00")), -1);
}

void TestSessionFormat::heartbeatVectorCrc()
{
    QCOMPARE(mavlinkCrc("123456789"), std::uint16_t(0x6F91)); // CRC-16/MCRF4XX check value
    const QByteArray hb = QByteArray::fromHex("FD090000000101000000000001000 20C81030 3D981");
    MavMessage m;
    QCOMPARE(decodeMavlinkFrame(hb, &m), MavDecode::Ok);
    QCOMPARE(m.msgId, 0u);
    QCOMPARE(m.payload[5], std::uint8_t(0x0C)); // autopilot 12
}

void TestSessionFormat::truncatedCommandLongIsZeroFilled()
{
    const QByteArray cmd = QByteArray::fromHex("FD1E0000080101 4C0000 0000E642 00409C45") +
                           QByteArray(20, '\0') + QByteArray::fromHex("FF01B4FE");
    MavMessage m;
    m.payload.fill(0xEE);
    QCOMPARE(decodeMavlinkFrame(cmd, &m), MavDecode::Ok);
    QCOMPARE(m.msgId, 76u);
    float p2;
    std::memcpy(&p2, m.payload.data() + 4, 4);
    QCOMPARE(p2, 5000.0f);
    QCOMPARE(m.payload[30], std::uint8_t(0)); // beyond the truncated 30 bytes: zero
    QCOMPARE(m.payload[32], std::uint8_t(0));
}

void TestSessionFormat::corruptedFrameFailsCrc()
{
    QByteArray hb = QByteArray::fromHex("FD09000000010100000000000100020C810303D981");
    hb[12] = 0x02;
    MavMessage m;
    QCOMPARE(decodeMavlinkFrame(hb, &m), MavDecode::BadCrc);
    QCOMPARE(decodeMavlinkFrame(hb.left(10), &m), MavDecode::Malformed);
}

QTEST_GUILESS_MAIN(TestSessionFormat)
#include "tst_sessionformat.moc"
