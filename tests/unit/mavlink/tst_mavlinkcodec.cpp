// The MAVLink codec against docs/protocols/mavlink-px4.md: CRC, CRC_EXTRA derived from the message
// definitions, the byte-exact vectors, round trips, truncation, signing and stream resync.
#include "mavlink/messages.h"

#include <QRandomGenerator>
#include <QtTest>

using namespace hil::mavlink;

namespace {
QByteArray hex(const char *s)
{
    return QByteArray::fromHex(QByteArray(s).replace(' ', ""));
}

/// All frames the parser yields for data fed in one piece.
QList<Frame> parseAll(StreamParser &p, const QByteArray &data)
{
    p.feed(data.constData(), data.size());
    QList<Frame> out;
    Frame f;
    while (p.next(&f))
        out.append(f);
    return out;
}

struct FieldDef
{
    const char *type;
    const char *name;
    int arrayLen; // 0: scalar
};

/// CRC_EXTRA as mavgen defines it: CRC over "NAME " and, per non-extension field in wire
/// order, "type name " plus the array length byte.
std::uint8_t crcExtraOf(const char *msgName, const QList<FieldDef> &fields)
{
    Crc16 crc;
    auto addStr = [&crc](const QByteArray &s) {
        crc.add(reinterpret_cast<const std::uint8_t *>(s.constData()), s.size());
    };
    addStr(QByteArray(msgName) + ' ');
    for (const FieldDef &f : fields) {
        addStr(QByteArray(f.type) + ' ');
        addStr(QByteArray(f.name) + ' ');
        if (f.arrayLen)
            crc.add(static_cast<std::uint8_t>(f.arrayLen));
    }
    return static_cast<std::uint8_t>((crc.value() & 0xFF) ^ (crc.value() >> 8));
}

QList<FieldDef> seq(const char *type, const char *prefix, int from, int to, const char *suffix = "")
{
    static QList<QByteArray> keep; // FieldDef holds pointers
    QList<FieldDef> out;
    for (int i = from; i <= to; ++i) {
        keep.append(QByteArray(prefix) + QByteArray::number(i) + suffix);
        out.append({type, keep.last().constData(), 0});
    }
    return out;
}
} // namespace

class TestMavlinkCodec : public QObject
{
    Q_OBJECT
private slots:
    void crcCheckValue();
    void crcExtraFromDefinitions();
    void heartbeatVector();
    void commandLongVector();
    void groundStationVectors();
    void datagramSkipsUnknownMessages();
    void skippedUnknownFramesReachTheSink();
    void roundTripEveryMessage();
    void truncationAndZeroFill();
    void untruncatedFrameAccepted();
    void signing();
    void mergedFramesInOneRead();
    void garbageAndSplitResync();
    void crcErrorCountedAndSkipped();
    void v1FrameDecoded();
    void unknownIncompatDropped();
    void bufferBounded();
};

void TestMavlinkCodec::crcCheckValue()
{
    Crc16 c;
    c.add(reinterpret_cast<const std::uint8_t *>("123456789"), 9);
    QCOMPARE(c.value(), std::uint16_t(0x6F91));
}

void TestMavlinkCodec::crcExtraFromDefinitions()
{
    // Field lists transcribed from common.xml in wire order: a wrong layout or CRC_EXTRA here
    // means frames PX4 would reject.
    QCOMPARE(Heartbeat::kCrcExtra, crcExtraOf("HEARTBEAT", {{"uint32_t", "custom_mode", 0},
                                                            {"uint8_t", "type", 0},
                                                            {"uint8_t", "autopilot", 0},
                                                            {"uint8_t", "base_mode", 0},
                                                            {"uint8_t", "system_status", 0},
                                                            {"uint8_t", "mavlink_version", 0}}));
    QCOMPARE(SystemTime::kCrcExtra, crcExtraOf("SYSTEM_TIME", {{"uint64_t", "time_unix_usec", 0},
                                                               {"uint32_t", "time_boot_ms", 0}}));
    QCOMPARE(Attitude::kCrcExtra, crcExtraOf("ATTITUDE", {{"uint32_t", "time_boot_ms", 0},
                                                          {"float", "roll", 0},
                                                          {"float", "pitch", 0},
                                                          {"float", "yaw", 0},
                                                          {"float", "rollspeed", 0},
                                                          {"float", "pitchspeed", 0},
                                                          {"float", "yawspeed", 0}}));
    QCOMPARE(GlobalPositionInt::kCrcExtra,
             crcExtraOf("GLOBAL_POSITION_INT", {{"uint32_t", "time_boot_ms", 0},
                                                {"int32_t", "lat", 0},
                                                {"int32_t", "lon", 0},
                                                {"int32_t", "alt", 0},
                                                {"int32_t", "relative_alt", 0},
                                                {"int16_t", "vx", 0},
                                                {"int16_t", "vy", 0},
                                                {"int16_t", "vz", 0},
                                                {"uint16_t", "hdg", 0}}));
    QList<FieldDef> cmd = seq("float", "param", 1, 7);
    cmd += {{"uint16_t", "command", 0},
            {"uint8_t", "target_system", 0},
            {"uint8_t", "target_component", 0},
            {"uint8_t", "confirmation", 0}};
    QCOMPARE(CommandLong::kCrcExtra, crcExtraOf("COMMAND_LONG", cmd));
    QCOMPARE(CommandAck::kCrcExtra,
             crcExtraOf("COMMAND_ACK", {{"uint16_t", "command", 0}, {"uint8_t", "result", 0}}));
    QCOMPARE(HilActuatorControls::kCrcExtra,
             crcExtraOf("HIL_ACTUATOR_CONTROLS", {{"uint64_t", "time_usec", 0},
                                                  {"uint64_t", "flags", 0},
                                                  {"float", "controls", 16},
                                                  {"uint8_t", "mode", 0}}));
    QList<FieldDef> sensor{{"uint64_t", "time_usec", 0}};
    for (const char *n : {"xacc", "yacc", "zacc", "xgyro", "ygyro", "zgyro", "xmag", "ymag", "zmag",
                          "abs_pressure", "diff_pressure", "pressure_alt", "temperature"})
        sensor.append({"float", n, 0});
    sensor.append({"uint32_t", "fields_updated", 0});
    QCOMPARE(HilSensor::kCrcExtra, crcExtraOf("HIL_SENSOR", sensor));
    QCOMPARE(HilGps::kCrcExtra, crcExtraOf("HIL_GPS", {{"uint64_t", "time_usec", 0},
                                                       {"int32_t", "lat", 0},
                                                       {"int32_t", "lon", 0},
                                                       {"int32_t", "alt", 0},
                                                       {"uint16_t", "eph", 0},
                                                       {"uint16_t", "epv", 0},
                                                       {"uint16_t", "vel", 0},
                                                       {"int16_t", "vn", 0},
                                                       {"int16_t", "ve", 0},
                                                       {"int16_t", "vd", 0},
                                                       {"uint16_t", "cog", 0},
                                                       {"uint8_t", "fix_type", 0},
                                                       {"uint8_t", "satellites_visible", 0}}));
    QCOMPARE(HilStateQuaternion::kCrcExtra,
             crcExtraOf("HIL_STATE_QUATERNION", {{"uint64_t", "time_usec", 0},
                                                 {"float", "attitude_quaternion", 4},
                                                 {"float", "rollspeed", 0},
                                                 {"float", "pitchspeed", 0},
                                                 {"float", "yawspeed", 0},
                                                 {"int32_t", "lat", 0},
                                                 {"int32_t", "lon", 0},
                                                 {"int32_t", "alt", 0},
                                                 {"int16_t", "vx", 0},
                                                 {"int16_t", "vy", 0},
                                                 {"int16_t", "vz", 0},
                                                 {"uint16_t", "ind_airspeed", 0},
                                                 {"uint16_t", "true_airspeed", 0},
                                                 {"int16_t", "xacc", 0},
                                                 {"int16_t", "yacc", 0},
                                                 {"int16_t", "zacc", 0}}));
    QList<FieldDef> rcin{{"uint64_t", "time_usec", 0}};
    rcin += seq("uint16_t", "chan", 1, 12, "_raw");
    rcin.append({"uint8_t", "rssi", 0});
    QCOMPARE(HilRcInputsRaw::kCrcExtra, crcExtraOf("HIL_RC_INPUTS_RAW", rcin));
    QCOMPARE(HilRcInputsRaw::kCrcExtra, std::uint8_t(54));
    QList<FieldDef> rc{{"uint32_t", "time_boot_ms", 0}};
    rc += seq("uint16_t", "chan", 1, 18, "_raw");
    rc += {{"uint8_t", "chancount", 0}, {"uint8_t", "rssi", 0}};
    QCOMPARE(RcChannels::kCrcExtra, crcExtraOf("RC_CHANNELS", rc));
    QCOMPARE(RcChannels::kCrcExtra, std::uint8_t(118));
    QCOMPARE(StatusText::kCrcExtra,
             crcExtraOf("STATUSTEXT", {{"uint8_t", "severity", 0}, {"char", "text", 50}}));
    // The ground-station link's messages (common.xml, base fields in wire order).
    QCOMPARE(SysStatus::kCrcExtra,
             crcExtraOf("SYS_STATUS", {{"uint32_t", "onboard_control_sensors_present", 0},
                                       {"uint32_t", "onboard_control_sensors_enabled", 0},
                                       {"uint32_t", "onboard_control_sensors_health", 0},
                                       {"uint16_t", "load", 0},
                                       {"uint16_t", "voltage_battery", 0},
                                       {"int16_t", "current_battery", 0},
                                       {"uint16_t", "drop_rate_comm", 0},
                                       {"uint16_t", "errors_comm", 0},
                                       {"uint16_t", "errors_count1", 0},
                                       {"uint16_t", "errors_count2", 0},
                                       {"uint16_t", "errors_count3", 0},
                                       {"uint16_t", "errors_count4", 0},
                                       {"int8_t", "battery_remaining", 0}}));
    QCOMPARE(SysStatus::kCrcExtra, std::uint8_t(124));
    QCOMPARE(GpsRawInt::kCrcExtra,
             crcExtraOf("GPS_RAW_INT", {{"uint64_t", "time_usec", 0},
                                        {"int32_t", "lat", 0},
                                        {"int32_t", "lon", 0},
                                        {"int32_t", "alt", 0},
                                        {"uint16_t", "eph", 0},
                                        {"uint16_t", "epv", 0},
                                        {"uint16_t", "vel", 0},
                                        {"uint16_t", "cog", 0},
                                        {"uint8_t", "fix_type", 0},
                                        {"uint8_t", "satellites_visible", 0}}));
    QCOMPARE(GpsRawInt::kCrcExtra, std::uint8_t(24));
    QCOMPARE(ExtendedSysState::kCrcExtra,
             crcExtraOf("EXTENDED_SYS_STATE",
                        {{"uint8_t", "vtol_state", 0}, {"uint8_t", "landed_state", 0}}));
    QCOMPARE(ExtendedSysState::kCrcExtra, std::uint8_t(130));
}

void TestMavlinkCodec::groundStationVectors()
{
    // Frames built by Python (struct.pack and its own CRC-16/MCRF4XX), sequence 7, system 1,
    // component 1: SYS_STATUS, GPS_RAW_INT and EXTENDED_SYS_STATE, truncated like PX4 sends them.
    const QByteArray sys =
        hex("fd1f00000701010100003f0020103f0020102f002010fa00163fd20400000000000000"
            "0000000000574adf");
    const QByteArray gps =
        hex("fd2b000007010118000015cd5b07000000002084491c40521805749906001e002800960028"
            "23030a005307002c0100009001000032c2d9");
    const QByteArray ess = hex("fd020000070101f5000000029c2a");
    StreamParser p;
    const auto frames = parseAll(p, sys + gps + ess);
    QCOMPARE(frames.size(), 3);
    SysStatus s;
    QVERIFY(decodeMessage(frames[0], &s));
    QCOMPARE(s.sensorsPresent, 0x1020003Fu);
    QCOMPARE(s.sensorsHealth, 0x1020002Fu);
    QCOMPARE(s.load, std::uint16_t(250));
    QCOMPARE(s.voltageMv, std::uint16_t(16150));
    QCOMPARE(s.currentCa, std::int16_t(1234));
    QCOMPARE(s.batteryRemainingPct, std::int8_t(87));
    GpsRawInt g;
    QVERIFY(decodeMessage(frames[1], &g));
    QCOMPARE(g.timeUsec, std::uint64_t(123456789));
    QCOMPARE(g.latDegE7, 474580000);
    QCOMPARE(g.lonDegE7, 85480000);
    QCOMPARE(g.altMm, 432500);
    QCOMPARE(g.fixType, std::uint8_t(3));
    QCOMPARE(g.satellitesVisible, std::uint8_t(10));
    QCOMPARE(g.altEllipsoidMm, 480000);
    QCOMPARE(g.vAccMm, 400u);
    ExtendedSysState e;
    QVERIFY(decodeMessage(frames[2], &e));
    QCOMPARE(e.landedState, std::uint8_t(2));
    // and our encoder writes the same bytes
    QCOMPARE(encodeMessage(s, FrameHeader{7, 1, 1}).toHex(), sys.toHex());
    QCOMPARE(encodeMessage(g, FrameHeader{7, 1, 1}).toHex(), gps.toHex());
    QCOMPARE(encodeMessage(e, FrameHeader{7, 1, 1}).toHex(), ess.toHex());
}

void TestMavlinkCodec::datagramSkipsUnknownMessages()
{
    // A PX4 datagram mixes messages this codec does not know (ATTITUDE_QUATERNION, 31) with
    // ones it does: on a datagram link the unknown one is skipped whole by its length.
    QByteArray unknown = hex("fd1c0000000101"
                             "1f0000") +
                         QByteArray(28, '\xfd') + hex("0000");
    const QByteArray ess = hex("fd020000070101f5000000029c2a");
    StreamParser p;
    p.setSkipUnknownByLength(true);
    const auto frames = parseAll(p, unknown + ess);
    QCOMPARE(frames.size(), 1);
    QCOMPARE(frames[0].msgId, ExtendedSysState::kId);
    QCOMPARE(p.stats().unknownMessages, 1u);
}

void TestMavlinkCodec::skippedUnknownFramesReachTheSink()
{
    // mavlink.tlog keeps every frame a datagram held: the skipped unknown one goes to the sink
    // whole, before the known frame behind it is returned (stream order).
    const QByteArray unknown = hex("fd1c0000000101"
                                   "1f0000") +
                               QByteArray(28, '\xfd') + hex("0000");
    const QByteArray ess = hex("fd020000070101f5000000029c2a");
    StreamParser p;
    p.setSkipUnknownByLength(true);
    QList<QByteArray> order;
    p.setUnknownFrameSink(
        [&order](const char *data, std::size_t n) { order << QByteArray(data, qsizetype(n)); });
    p.feed(unknown.constData(), std::size_t(unknown.size()));
    p.feed(ess.constData(), std::size_t(ess.size()));
    Frame f;
    QByteArray wire;
    while (p.next(&f, &wire))
        order << wire;
    QCOMPARE(order.size(), 2);
    QCOMPARE(order[0].toHex(), unknown.toHex());
    QCOMPARE(order[1].toHex(), ess.toHex());
}

void TestMavlinkCodec::heartbeatVector()
{
    Heartbeat hb;
    hb.type = 2;
    hb.autopilot = 12;
    hb.baseMode = 0x81;
    hb.customMode = 0x10000;
    hb.systemStatus = 3;
    const QByteArray wire = encodeMessage(hb, FrameHeader{0, 1, 1});
    QCOMPARE(wire.toHex(' '),
             hex("FD 09 00 00 00 01 01 00 00 00 00 00 01 00 02 0C 81 03 03 D9 81").toHex(' '));
    StreamParser p;
    const auto frames = parseAll(p, wire);
    QCOMPARE(frames.size(), 1);
    Heartbeat back;
    QVERIFY(decodeMessage(frames[0], &back));
    QCOMPARE(back.customMode, 0x10000u);
    QCOMPARE(back.baseMode, std::uint8_t(0x81));
    QCOMPARE(back.mavlinkVersion, std::uint8_t(3));
}

void TestMavlinkCodec::commandLongVector()
{
    CommandLong c;
    c.command = 511;
    c.param[0] = 115;
    c.param[1] = 5000;
    const QByteArray wire = encodeMessage(c, FrameHeader{8, 1, 1});
    const QByteArray expected = hex("FD 1E 00 00 08 01 01 4C 00 00 00 00 E6 42 00 40 9C 45") +
                                QByteArray(20, '\0') + hex("FF 01 B4 FE");
    QCOMPARE(wire.toHex(' '), expected.toHex(' '));
    StreamParser p;
    const auto frames = parseAll(p, wire);
    QCOMPARE(frames.size(), 1);
    QCOMPARE(int(frames[0].payloadLen), 30);
    CommandLong back;
    QVERIFY(decodeMessage(frames[0], &back));
    QCOMPARE(back.command, std::uint16_t(511));
    QCOMPARE(back.param[0], 115.0f);
    QCOMPARE(back.param[1], 5000.0f);
    QCOMPARE(back.confirmation, std::uint8_t(0));
}

void TestMavlinkCodec::roundTripEveryMessage()
{
    QByteArray stream;
    FrameHeader h{0, 42, 200};
    auto add = [&](const auto &m) {
        stream += encodeMessage(m, h);
        ++h.seq;
    };
    Heartbeat hb{0xDEADBEEF, 1, 12, 0x80, 4, 3};
    SystemTime st{1700000000123456ull, 987654};
    Attitude at{1234, 0.1f, -0.2f, 3.0f, 0.01f, -0.02f, 0.03f};
    GlobalPositionInt gp{5, 474580000, 85480000, 432000, 10000, -100, 200, -300, 35999};
    CommandLong cl;
    cl.param = {1, 2, 3, 4, 5, 6, 7};
    cl.command = 400;
    cl.targetSystem = 1;
    cl.targetComponent = 1;
    cl.confirmation = 2;
    CommandAck ack{511, 0, 100, -7, 3, 4};
    HilActuatorControls act;
    act.timeUsec = 123456789;
    act.flags = HilActuatorControls::kFlagLockstep;
    for (int i = 0; i < 16; ++i)
        act.controls[i] = 0.0625f * i - 0.5f;
    act.mode = 129;
    HilSensor hs{1000,   0.1f,  0.2f,   -9.8f, 0.01f,
                 0.02f,  0.03f, 0.2f,   0.01f, 0.4f,
                 963.2f, 0.5f,  432.1f, 12.3f, HilSensor::kAllFields,
                 0};
    HilGps gps{1700000000000000ull,
               474580000,
               85480000,
               432000,
               30,
               40,
               120,
               100,
               -50,
               20,
               33300,
               3,
               10,
               1,
               9000};
    HilStateQuaternion sq;
    sq.timeUsec = 77;
    sq.attitudeQuaternion = {0.9f, 0.1f, -0.2f, 0.3f};
    sq.rollspeed = 0.5f;
    sq.latDegE7 = -1;
    sq.vzCmps = -42;
    sq.trueAirspeedCmps = 1500;
    sq.zaccMg = -1000;
    HilRcInputsRaw rcin;
    rcin.timeUsec = 99;
    for (int i = 0; i < 12; ++i)
        rcin.chanRaw[i] = static_cast<std::uint16_t>(1000 + 50 * i);
    rcin.rssi = 200;
    RcChannels rc;
    rc.timeBootMs = 5;
    for (int i = 0; i < 18; ++i)
        rc.chanRaw[i] = static_cast<std::uint16_t>(1100 + i);
    rc.chancount = 16;
    rc.rssi = 100;
    StatusText tx;
    tx.severity = 4;
    tx.setText(QStringLiteral("PX4 stand-in ready"));
    tx.id = 7;
    tx.chunkSeq = 1;
    add(hb);
    add(st);
    add(at);
    add(gp);
    add(cl);
    add(ack);
    add(act);
    add(hs);
    add(gps);
    add(sq);
    add(rcin);
    add(rc);
    add(tx);

    StreamParser p;
    const auto frames = parseAll(p, stream);
    QCOMPARE(frames.size(), 13);
    QCOMPARE(p.stats().droppedBytes, 0u);
    for (int i = 0; i < frames.size(); ++i) {
        QCOMPARE(int(frames[i].seq), i);
        QCOMPARE(int(frames[i].sysId), 42);
        QCOMPARE(int(frames[i].compId), 200);
    }
    auto same = [](const auto &a, const auto &b) {
        // Byte-compare the encoded payloads: every field, nothing left out by a comparator.
        using M = std::decay_t<decltype(a)>;
        std::array<std::uint8_t, M::kLen> pa{}, pb{};
        a.encode(pa.data());
        b.encode(pb.data());
        return pa == pb;
    };
    Heartbeat hb2;
    QVERIFY(decodeMessage(frames[0], &hb2));
    QVERIFY(same(hb, hb2));
    QCOMPARE(hb2.customMode, 0xDEADBEEFu);
    SystemTime st2;
    QVERIFY(decodeMessage(frames[1], &st2));
    QVERIFY(same(st, st2));
    Attitude at2;
    QVERIFY(decodeMessage(frames[2], &at2));
    QVERIFY(same(at, at2));
    GlobalPositionInt gp2;
    QVERIFY(decodeMessage(frames[3], &gp2));
    QVERIFY(same(gp, gp2));
    QCOMPARE(gp2.vyCmps, std::int16_t(200));
    CommandLong cl2;
    QVERIFY(decodeMessage(frames[4], &cl2));
    QVERIFY(same(cl, cl2));
    CommandAck ack2;
    QVERIFY(decodeMessage(frames[5], &ack2));
    QVERIFY(same(ack, ack2));
    QCOMPARE(ack2.resultParam2, -7);
    HilActuatorControls act2;
    QVERIFY(decodeMessage(frames[6], &act2));
    QVERIFY(same(act, act2));
    QCOMPARE(act2.controls[15], 0.4375f);
    HilSensor hs2;
    QVERIFY(decodeMessage(frames[7], &hs2));
    QVERIFY(same(hs, hs2));
    QCOMPARE(hs2.zacc, -9.8f);
    HilGps gps2;
    QVERIFY(decodeMessage(frames[8], &gps2));
    QVERIFY(same(gps, gps2));
    QCOMPARE(gps2.yawCdeg, std::uint16_t(9000));
    HilStateQuaternion sq2;
    QVERIFY(decodeMessage(frames[9], &sq2));
    QVERIFY(same(sq, sq2));
    HilRcInputsRaw rcin2;
    QVERIFY(decodeMessage(frames[10], &rcin2));
    QVERIFY(same(rcin, rcin2));
    RcChannels rc2;
    QVERIFY(decodeMessage(frames[11], &rc2));
    QVERIFY(same(rc, rc2));
    StatusText tx2;
    QVERIFY(decodeMessage(frames[12], &tx2));
    QVERIFY(same(tx, tx2));
    QCOMPARE(tx2.textString(), QStringLiteral("PX4 stand-in ready"));
    QVERIFY(!decodeMessage(frames[12], &hb2)); // wrong id refused
}

void TestMavlinkCodec::truncationAndZeroFill()
{
    HilSensor s; // only time_usec set: everything after byte 8 is zero
    s.timeUsec = 0x0102;
    const QByteArray wire = encodeMessage(s, FrameHeader{});
    QCOMPARE(int(std::uint8_t(wire[1])), 2); // trailing zeros stripped
    QCOMPARE(wire.size(), 10 + 2 + 2);
    StreamParser p;
    auto frames = parseAll(p, wire);
    QCOMPARE(frames.size(), 1);
    HilSensor back;
    back.zacc = 99; // must be overwritten by the zero fill
    QVERIFY(decodeMessage(frames[0], &back));
    QCOMPARE(back.timeUsec, std::uint64_t(0x0102));
    QCOMPARE(back.zacc, 0.0f);
    QCOMPARE(back.fieldsUpdated, 0u);

    const QByteArray empty = encodeMessage(Heartbeat{0, 0, 0, 0, 0, 0}, FrameHeader{});
    QCOMPARE(int(std::uint8_t(empty[1])), 1); // at least one payload byte stays
    frames = parseAll(p, empty);
    QCOMPARE(frames.size(), 1);
}

void TestMavlinkCodec::untruncatedFrameAccepted()
{
    // A sender that does not truncate (all 65 bytes with trailing zeros) is valid too.
    HilSensor s;
    s.timeUsec = 5;
    std::array<std::uint8_t, HilSensor::kLen> payload{};
    s.encode(payload.data());
    QByteArray frame = hex("FD 41 00 00 07 01 01 6B 00 00");
    frame += QByteArray(reinterpret_cast<const char *>(payload.data()), payload.size());
    Crc16 crc;
    crc.add(reinterpret_cast<const std::uint8_t *>(frame.constData()) + 1, frame.size() - 1);
    crc.add(HilSensor::kCrcExtra);
    frame += char(crc.value() & 0xFF);
    frame += char(crc.value() >> 8);
    StreamParser p;
    const auto frames = parseAll(p, frame);
    QCOMPARE(frames.size(), 1);
    QCOMPARE(int(frames[0].payloadLen), 65);
    QCOMPARE(int(frames[0].seq), 7);
}

void TestMavlinkCodec::signing()
{
    SignParams sp;
    for (int i = 0; i < 32; ++i)
        sp.key[i] = static_cast<std::uint8_t>(i * 7 + 1);
    sp.linkId = 3;
    sp.timestamp10us = 0x0000123456789ABCull;
    HilActuatorControls act;
    act.timeUsec = 4000;
    act.controls[0] = 0.5f;
    act.mode = 128;
    const QByteArray plain = encodeMessage(act, FrameHeader{});
    const QByteArray wire = encodeMessage(act, FrameHeader{}, &sp);
    QCOMPARE(wire.size(), plain.size() + 13);
    QCOMPARE(int(std::uint8_t(wire[2])), 1);
    QCOMPARE(int(std::uint8_t(wire[plain.size()])), 3); // link id after the CRC
    // The signature is SHA-256(key + everything up to the time stamp), first 6 bytes.
    QCryptographicHash sha(QCryptographicHash::Sha256);
    sha.addData(QByteArrayView(reinterpret_cast<const char *>(sp.key.data()), 32));
    sha.addData(wire.left(wire.size() - 6));
    QCOMPARE(wire.right(6), sha.result().left(6));

    SigningConfig cfg;
    cfg.key = sp.key;
    cfg.keySet = true;
    {
        StreamParser p;
        p.setSigning(cfg);
        const auto frames = parseAll(p, wire + plain); // unsigned accepted when not required
        QCOMPARE(frames.size(), 2);
        QVERIFY(frames[0].isSigned);
        QCOMPARE(int(frames[0].linkId), 3);
        QCOMPARE(frames[0].signTimestamp10us, sp.timestamp10us);
        QVERIFY(!frames[1].isSigned);
    }
    {
        StreamParser p;
        p.setSigning(cfg);
        QByteArray bad = wire;
        bad[bad.size() - 1] = char(bad[bad.size() - 1] ^ 0x01);
        QCOMPARE(parseAll(p, bad).size(), 0);
        QCOMPARE(p.stats().signatureErrors, 1u);
        QCOMPARE(p.stats().crcErrors, 0u);
    }
    {
        SigningConfig other = cfg;
        other.key[0] ^= 0xFF;
        StreamParser p;
        p.setSigning(other);
        QCOMPARE(parseAll(p, wire).size(), 0);
        QCOMPARE(p.stats().signatureErrors, 1u);
    }
    {
        StreamParser p; // no key: signed frames accepted unverified
        QCOMPARE(parseAll(p, wire).size(), 1);
    }
    {
        SigningConfig strict = cfg;
        strict.requireSigned = true;
        StreamParser p;
        p.setSigning(strict);
        const auto frames = parseAll(p, plain + wire);
        QCOMPARE(frames.size(), 1);
        QVERIFY(frames[0].isSigned);
        QCOMPARE(p.stats().unsignedRejected, 1u);
    }
}

void TestMavlinkCodec::mergedFramesInOneRead()
{
    // PX4's opening: HEARTBEAT and COMMAND_LONG 511 in one TCP read (as PX4 does it).
    CommandLong c;
    c.command = 511;
    c.param[0] = 115;
    c.param[1] = 5000;
    const QByteArray both = encodeMessage(Heartbeat{0, 2, 12, 0, 3, 3}, FrameHeader{0, 1, 1}) +
                            encodeMessage(c, FrameHeader{1, 1, 1});
    StreamParser p;
    const auto frames = parseAll(p, both);
    QCOMPARE(frames.size(), 2);
    QCOMPARE(frames[0].msgId, 0u);
    QCOMPARE(frames[1].msgId, 76u);
}

void TestMavlinkCodec::garbageAndSplitResync()
{
    QRandomGenerator rng(1234);
    QByteArray stream;
    qint64 garbageBytes = 0;
    const int n = 300;
    for (int i = 0; i < n; ++i) {
        QByteArray junk(rng.bounded(0, 40), '\0');
        for (char &ch : junk) {
            const int r = rng.bounded(0, 8);
            ch = r == 0 ? char(0xFD) : r == 1 ? char(0xFE) : char(rng.bounded(0, 256));
        }
        garbageBytes += junk.size();
        stream += junk;
        HilActuatorControls a;
        a.timeUsec = std::uint64_t(i) * 4000 + 1;
        a.controls[1] = float(i);
        stream += encodeMessage(a, FrameHeader{std::uint8_t(i), 1, 1});
    }
    // A false start in the garbage can only be told from a partial frame once enough bytes
    // follow; on a live link more traffic always comes, here an idle tail stands in for it.
    const QByteArray tail(300, '\0');
    stream += tail;
    garbageBytes += tail.size();
    StreamParser p;
    QList<std::uint64_t> times;
    for (int at = 0; at < stream.size();) {
        const int chunk = std::min<int>(rng.bounded(1, 64), stream.size() - at);
        p.feed(stream.constData() + at, chunk);
        at += chunk;
        Frame f;
        while (p.next(&f)) {
            HilActuatorControls a;
            if (decodeMessage(f, &a))
                times.append(a.timeUsec);
        }
    }
    QCOMPARE(times.size(), n);
    for (int i = 0; i < n; ++i)
        QCOMPARE(times[i], std::uint64_t(i) * 4000 + 1);
    QCOMPARE(qint64(p.stats().droppedBytes), garbageBytes);
    QCOMPARE(p.stats().frames, std::uint64_t(n));
}

void TestMavlinkCodec::crcErrorCountedAndSkipped()
{
    QByteArray a = encodeMessage(Heartbeat{1, 2, 12, 0, 3, 3}, FrameHeader{});
    QByteArray b = encodeMessage(Heartbeat{2, 2, 12, 0, 3, 3}, FrameHeader{});
    QByteArray c = encodeMessage(Heartbeat{3, 2, 12, 0, 3, 3}, FrameHeader{});
    b[12] = char(b[12] ^ 0x40);
    StreamParser p;
    const auto frames = parseAll(p, a + b + c);
    QCOMPARE(frames.size(), 2);
    QCOMPARE(Heartbeat::decode(frames[0].payload.data()).customMode, 1u);
    QCOMPARE(Heartbeat::decode(frames[1].payload.data()).customMode, 3u);
    QCOMPARE(p.stats().crcErrors, 1u);
    QCOMPARE(qint64(p.stats().droppedBytes), qint64(b.size()));
}

void TestMavlinkCodec::v1FrameDecoded()
{
    // FE len seq sys comp msgid payload crc — CRC over bytes 1.. plus CRC_EXTRA, as in v2.
    Heartbeat hb{7, 2, 12, 0x80, 4, 3};
    std::array<std::uint8_t, Heartbeat::kLen> payload{};
    hb.encode(payload.data());
    QByteArray v1 = hex("FE 09 05 01 01 00");
    v1 += QByteArray(reinterpret_cast<const char *>(payload.data()), payload.size());
    Crc16 crc;
    crc.add(reinterpret_cast<const std::uint8_t *>(v1.constData()) + 1, v1.size() - 1);
    crc.add(Heartbeat::kCrcExtra);
    v1 += char(crc.value() & 0xFF);
    v1 += char(crc.value() >> 8);
    StreamParser p;
    const auto frames = parseAll(p, v1 + encodeMessage(hb, FrameHeader{}));
    QCOMPARE(frames.size(), 2);
    QCOMPARE(int(frames[0].version), 1);
    QCOMPARE(int(frames[0].seq), 5);
    QCOMPARE(Heartbeat::decode(frames[0].payload.data()).customMode, 7u);
    QCOMPARE(int(frames[1].version), 2);
    QCOMPARE(p.stats().v1Frames, 1u);
}

void TestMavlinkCodec::unknownIncompatDropped()
{
    QByteArray f = encodeMessage(Heartbeat{1, 2, 12, 0, 3, 3}, FrameHeader{});
    f[2] =
        char(0x02); // an incompat flag this codec does not know: re-CRC so only the flag is wrong
    Crc16 crc;
    crc.add(reinterpret_cast<const std::uint8_t *>(f.constData()) + 1, f.size() - 3);
    crc.add(Heartbeat::kCrcExtra);
    f[f.size() - 2] = char(crc.value() & 0xFF);
    f[f.size() - 1] = char(crc.value() >> 8);
    StreamParser p;
    QCOMPARE(parseAll(p, f + encodeMessage(Heartbeat{}, FrameHeader{})).size(), 1);
    QCOMPARE(p.stats().incompatDropped, 1u);
    QCOMPARE(p.stats().crcErrors, 0u);
}

void TestMavlinkCodec::bufferBounded()
{
    StreamParser p;
    const QByteArray junk(100 * 1024, char(0x55));
    p.feed(junk.constData(), junk.size()); // not drained: only kCapacity fits
    QVERIFY(p.buffered() <= StreamParser::kCapacity);
    QCOMPARE(p.stats().overflowBytes, std::uint64_t(junk.size() - StreamParser::kCapacity));
    Frame f;
    QVERIFY(!p.next(&f));
    QCOMPARE(p.buffered(), std::size_t(0));
    const auto frames = parseAll(p, encodeMessage(Heartbeat{}, FrameHeader{}));
    QCOMPARE(frames.size(), 1); // still works afterwards
}

QTEST_GUILESS_MAIN(TestMavlinkCodec)
#include "tst_mavlinkcodec.moc"
