// The ground-station link's pilot side and parameter protocol, over real UDP sockets on
// 127.0.0.1: MANUAL_CONTROL's bytes against a frame built by hand from the MAVLink definition
// (its own CRC code, CRC_EXTRA 243 computed from common.xml's fields), its rate, its stop when
// the controls go inactive, the buttons' commands, and parameters read and written against a
// PX4 played by the test and against the PX4 stand-in. Then the stand-in flown by stick
// (Position: forward and stop; Altitude: climb; the sticks lost: PX4's failsafe).
#include "core/post.h"
#include "gcsonstandin.h"
#include "pilotfeeder.h"
#include "px4flight.h"
#include "queuedspy.h"
#include "testplatform.h"

#include "mavlink/gcslink.h"
#include "mavlink/messages.h"
#include "mavlink/px4emulator.h"
#include "model/clock.h"
#include "model/pilot.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUdpSocket>
#include <QtTest>

using namespace hil;
using namespace hil::mavlink;

namespace {
QList<Event> eventsWithId(const QList<QVariantList> &spy, const char *id)
{
    QList<Event> out;
    for (const QList<QVariant> &args : spy) {
        const Event e = args.at(0).value<Event>();
        if (e.id == QLatin1String(id))
            out << e;
    }
    return out;
}

/// CRC-16/MCRF4XX written out again here, bit by bit (the codec's is table-free but shared).
std::uint16_t crcX25(const QByteArray &bytes)
{
    std::uint16_t crc = 0xFFFF;
    for (char ch : bytes) {
        crc ^= std::uint8_t(ch);
        for (int i = 0; i < 8; ++i)
            crc = (crc & 1) ? std::uint16_t((crc >> 1) ^ 0x8408) : std::uint16_t(crc >> 1);
    }
    return crc;
}

/// CRC_EXTRA as the MAVLink generator derives it from the XML: the message name and each base
/// field's type and name (wire order), folded to one byte.
struct FieldDef
{
    const char *type, *name;
    int arrayLength = 0;
};
std::uint8_t crcExtra(const char *name, const std::vector<FieldDef> &fields)
{
    QByteArray s = QByteArray(name) + ' ';
    for (const FieldDef &f : fields) {
        s += QByteArray(f.type) + ' ' + QByteArray(f.name) + ' ';
        if (f.arrayLength > 0)
            s += char(f.arrayLength);
    }
    const std::uint16_t c = crcX25(s);
    return std::uint8_t((c & 0xFF) ^ (c >> 8));
}

/// A PX4 played by the test: a UDP socket that records what the link sends, with times.
struct FakePx4
{
    QUdpSocket socket;
    QHostAddress peer;
    quint16 peerPort = 0;
    struct Heard
    {
        Frame frame;
        QByteArray wire;
        qint64 atMs;
    };
    QList<Heard> heard;
    QElapsedTimer clock;
    std::uint8_t seq = 0;

    bool open()
    {
        clock.start();
        if (!socket.bind(QHostAddress::LocalHost, 0))
            return false;
        QObject::connect(&socket, &QUdpSocket::readyRead, &socket, [this] { pump(); });
        return true;
    }
    void pump()
    {
        while (socket.hasPendingDatagrams()) {
            QByteArray d(int(socket.pendingDatagramSize()), '\0');
            socket.readDatagram(d.data(), d.size(), &peer, &peerPort);
            StreamParser p;
            p.feed(d.constData(), std::size_t(d.size()));
            Frame f;
            QByteArray wire;
            while (p.next(&f, &wire))
                heard.append({f, wire, clock.elapsed()});
        }
    }
    template <typename M> void send(const M &m, std::uint8_t sysId = 1)
    {
        socket.writeDatagram(encodeMessage(m, FrameHeader{seq++, sysId, 1}), peer, peerPort);
    }
    QList<Heard> of(std::uint32_t id, qint64 sinceMs = -1) const
    {
        QList<Heard> out;
        for (const Heard &h : heard)
            if (h.frame.msgId == id && h.atMs >= sinceMs)
                out << h;
        return out;
    }
    /// The frames of one id heard after the first `from` frames (of any id).
    QList<Heard> after(std::uint32_t id, qsizetype from) const
    {
        QList<Heard> out;
        for (qsizetype i = from; i < heard.size(); ++i)
            if (heard[i].frame.msgId == id)
                out << heard[i];
        return out;
    }
};
} // namespace

class TestPx4GcsManual : public QObject
{
    Q_OBJECT
private slots:
    void manualControlBytesAsTheDefinitionSays();
    void steadyRateAndStopAtOnce();
    void buttonsBecomeCommands();
    void parametersAgainstAFakePx4();
    void parametersAgainstTheStandIn();
    void standInFliesByStick();
};

void TestPx4GcsManual::manualControlBytesAsTheDefinitionSays()
{
    // common.xml: MANUAL_CONTROL (69), base fields target uint8, x y z r int16, buttons uint16;
    // on the wire sorted by size: x y z r buttons target; then the extensions.
    QCOMPARE(int(crcExtra("MANUAL_CONTROL", {{"int16_t", "x"},
                                             {"int16_t", "y"},
                                             {"int16_t", "z"},
                                             {"int16_t", "r"},
                                             {"uint16_t", "buttons"},
                                             {"uint8_t", "target"}})),
             243);
    QCOMPARE(int(ManualControl::kCrcExtra), 243);
    FakePx4 px4;
    QVERIFY(px4.open());
    GcsLinkConfig cfg;
    cfg.port = px4.socket.localPort();
    cfg.readRcInMode = false;
    GcsLink gcs(cfg);
    QVERIFY(gcs.start());
    QTRY_VERIFY(px4.peerPort != 0);
    px4.send(Heartbeat{3u << 16, 2, 12, 1, 3, 3}, 42); // PX4 as system 42
    QTRY_COMPARE(int(gcs.status().systemId), 42);
    gcs.pilotControls(sticks(0.5, -0.25, 1.0, 0.5));
    QTRY_VERIFY(!px4.of(ManualControl::kId).isEmpty());
    const QByteArray wire = px4.of(ManualControl::kId).first().wire;
    // By hand: x 500, y −250, z 500 (throttle centre), r 1000, buttons 0, target 42; the
    // extensions are zero, so MAVLink 2 truncates the payload after target: 11 bytes.
    QByteArray expected = QByteArray::fromHex("fd0b0000");
    expected += wire.at(4); // the sequence number is the link's
    expected += QByteArray::fromHex("ffbe450000");
    expected += QByteArray::fromHex("f40106fff401e80300002a");
    QByteArray crcInput = expected.mid(1);
    crcInput += char(243);
    const std::uint16_t crc = crcX25(crcInput);
    expected += char(crc & 0xFF);
    expected += char(crc >> 8);
    QCOMPARE(wire.toHex(), expected.toHex());
    // Full stick the other way, throttle idle and full: clamped to the definition's ranges.
    gcs.pilotControls(sticks(-2.0, 1.0, -1.0, 1.5));
    QTRY_VERIFY(px4.of(ManualControl::kId).size() >= 2);
    const ManualControl m =
        ManualControl::decode(px4.of(ManualControl::kId).last().frame.payload.data());
    QCOMPARE(int(m.x), -1000);
    QCOMPARE(int(m.y), 1000);
    QCOMPARE(int(m.r), -1000);
    QCOMPARE(int(m.z), 1000);
    gcs.stop();
}

void TestPx4GcsManual::steadyRateAndStopAtOnce()
{
    FakePx4 px4;
    QVERIFY(px4.open());
    GcsLinkConfig cfg;
    cfg.port = px4.socket.localPort();
    cfg.readRcInMode = false;
    GcsLink gcs(cfg);
    QSignalSpy events(&gcs, &Worker::eventRaised);
    QVERIFY(gcs.start());
    QTRY_VERIFY(px4.peerPort != 0);
    // The input link sends its readings at its own rate (here every 100 ms, the same sticks).
    PilotFeeder feeder([&gcs](const PilotControls &c) { gcs.pilotControls(c); }, 100);
    feeder.set(sticks(0.1, 0, 0, 0.5));
    QTRY_VERIFY(!px4.of(ManualControl::kId).isEmpty());
    QCOMPARE(eventsWithId(events, "px4gcs.manual_control_started").size(), 1);
    // The same sticks, no new controls: the link repeats them at its own steady rate.
    const qint64 from = px4.clock.elapsed();
    QTest::qWait(2000);
    const qint64 to = px4.clock.elapsed();
    int inWindow = 0;
    for (const auto &h : px4.of(ManualControl::kId, from))
        inWindow += h.atMs <= to;
    const double hz = inWindow * 1000.0 / double(to - from);
    qInfo("MANUAL_CONTROL at %.1f Hz over %lld ms", hz, to - from);
    QVERIFY2(hz >= 20.0, qPrintable(QString::number(hz)));
    QVERIFY2(hz <= 60.0, qPrintable(QString::number(hz))); // steady, not a flood
    QTRY_VERIFY(gcs.counters()["manual_control_hz"].toDouble() >= 20.0);
    // A change goes out at once, not at the next period. The period is 20 ms: on Linux 'at once'
    // is checked inside 10 ms; under Wine, where every socket call is a round trip to
    // wineserver and the suite's other Wine tests share the PC, before the next period (10 ms
    // was missed by a millisecond once).
    const qint64 changeAt = px4.clock.elapsed();
    feeder.set(sticks(0.9, 0, 0, 0.5));
    QTRY_VERIFY(std::any_of(px4.heard.begin(), px4.heard.end(), [&](const FakePx4::Heard &h) {
        return h.frame.msgId == ManualControl::kId && h.atMs >= changeAt &&
               ManualControl::decode(h.frame.payload.data()).x == 900;
    }));
    qint64 firstNew = -1;
    for (const auto &h : px4.of(ManualControl::kId, changeAt))
        if (ManualControl::decode(h.frame.payload.data()).x == 900) {
            firstNew = h.atMs;
            break;
        }
    const qint64 atOnceMs = hil::testplatform::isWindows() ? 20 : 10;
    QVERIFY2(firstNew - changeAt < atOnceMs, qPrintable(QString::number(firstNew - changeAt)));
    // Inactive (device lost): nothing after at most two periods, one event.
    feeder.set(sticks(0.9, 0, 0, 0.5, false));
    const qint64 stopAt = px4.clock.elapsed();
    QTest::qWait(500);
    const int late =
        int(px4.of(ManualControl::kId, stopAt + 2 * cfg.manualControlIntervalMs).size());
    QCOMPARE(late, 0);
    QCOMPARE(eventsWithId(events, "px4gcs.manual_control_stopped").size(), 1);
    gcs.pilotControls(sticks(0, 0, 0, 0.5, false)); // still inactive: no second event
    QTest::qWait(100);
    QCOMPARE(eventsWithId(events, "px4gcs.manual_control_stopped").size(), 1);
    // counters() is a snapshot refreshed at 10 Hz in the link's thread: waited for, not read once.
    QTRY_COMPARE(gcs.counters()["manual_control_stops"].toInteger(), 1);
    QVERIFY(!gcs.status().manualControlActive);
    // A broken mapping (NaN) is never flown: not sent, counted, one warning.
    const int before = int(px4.of(ManualControl::kId).size());
    gcs.pilotControls(sticks(std::nan(""), 0, 0, 0.5));
    gcs.pilotControls(sticks(std::nan(""), 0, 0, 0.5));
    QTest::qWait(100);
    QCOMPARE(int(px4.of(ManualControl::kId).size()), before);
    QCOMPARE(eventsWithId(events, "px4gcs.bad_pilot_input").size(), 1);
    QTRY_COMPARE(gcs.counters()["bad_pilot_input"].toInteger(), 2);
    // The input link gone silent (stopped, its thread stalled) without an inactive sample: the
    // last sticks are not repeated past pilotStaleMs.
    events.clear();
    feeder.set(sticks(0.3, 0, 0, 0.5));
    QTRY_VERIFY(gcs.status().manualControlActive);
    QTest::qWait(300);
    feeder.silence();
    const qint64 silentAt = px4.clock.elapsed();
    QTest::qWait(cfg.pilotStaleMs + 400);
    const int afterStale = int(
        px4.of(ManualControl::kId, silentAt + cfg.pilotStaleMs + 2 * cfg.manualControlIntervalMs)
            .size());
    QCOMPARE(afterStale, 0);
    QVERIFY(!px4.of(ManualControl::kId, silentAt + cfg.pilotStaleMs / 2).isEmpty()); // not early
    const QList<Event> stale = eventsWithId(events, "px4gcs.manual_control_stopped");
    QCOMPARE(stale.size(), 1);
    QVERIFY2(stale.first().text.contains(QStringLiteral("no pilot controls")),
             qPrintable(stale.first().text));
    gcs.stop();
}

void TestPx4GcsManual::buttonsBecomeCommands()
{
    FakePx4 px4;
    QVERIFY(px4.open());
    GcsLinkConfig cfg;
    cfg.port = px4.socket.localPort();
    cfg.readRcInMode = false;
    GcsLink gcs(cfg);
    QVERIFY(gcs.start());
    QTRY_VERIFY(px4.peerPort != 0);
    struct Case
    {
        std::uint32_t bit;
        int command;
        float p1, p2, p3;
    };
    const Case cases[] = {
        {PilotArm, 400, 1, 0, 0},
        {PilotDisarm, 400, 0, 0, 0},
        {PilotTakeoff, 22, -1, 0, 0},
        {PilotLand, 21, 0, 0, 0},
        {PilotReturn, 20, 0, 0, 0},
        {PilotHold, 176, 1, 4, 3},
        {PilotModePosition, 176, 1, 3, 0},
        {PilotModeAltitude, 176, 1, 2, 0},
        {PilotModeStabilized, 176, 1, 7, 0},
        {PilotModeManual, 176, 1, 1, 0},
    };
    for (const Case &c : cases) {
        const qsizetype since = px4.heard.size();
        PilotControls p = sticks(0, 0, 0, 0.5);
        p.pressed = c.bit;
        gcs.pilotControls(p);
        QTRY_VERIFY(!px4.after(CommandLong::kId, since).isEmpty());
        const CommandLong cl =
            CommandLong::decode(px4.after(CommandLong::kId, since).first().frame.payload.data());
        QVERIFY2(int(cl.command) == c.command,
                 qPrintable(QStringLiteral("bit %1: command %2, p1 %3")
                                .arg(c.bit)
                                .arg(cl.command)
                                .arg(cl.param[0])));
        QCOMPARE(cl.param[0], c.p1);
        QCOMPARE(cl.param[1], c.p2);
        QCOMPARE(cl.param[2], c.p3);
        CommandAck ack;
        ack.command = cl.command;
        px4.send(ack);
        QTRY_COMPARE(gcs.lastResult(c.command).result, GcsLink::Result::Accepted);
    }
    // STOP is the motion link's: no command here. Held (not newly pressed) bits do nothing.
    const qsizetype since = px4.heard.size();
    PilotControls p = sticks(0, 0, 0, 0.5);
    p.pressed = PilotStop;
    p.held = PilotArm | PilotStop;
    gcs.pilotControls(p);
    QTest::qWait(200);
    QVERIFY(px4.after(CommandLong::kId, since).isEmpty());
    QTRY_COMPARE(gcs.counters()["pilot_actions"].toInteger(), qint64(std::size(cases)));
    gcs.stop();
}

void TestPx4GcsManual::parametersAgainstAFakePx4()
{
    FakePx4 px4;
    QVERIFY(px4.open());
    GcsLinkConfig cfg;
    cfg.port = px4.socket.localPort();
    cfg.paramRetryMs = 200;
    GcsLink gcs(cfg);
    QSignalSpy finished(&gcs, &GcsLink::paramFinished);
    QVERIFY(gcs.start());
    QTRY_VERIFY(px4.peerPort != 0);
    px4.send(Heartbeat{3u << 16, 2, 12, 1, 3, 3});
    // Heard: the link asks for COM_RC_IN_MODE by name, PX4's component 1.
    QTRY_VERIFY(!px4.of(ParamRequestRead::kId).isEmpty());
    const QByteArray wire = px4.of(ParamRequestRead::kId).first().wire;
    const ParamRequestRead r =
        ParamRequestRead::decode(px4.of(ParamRequestRead::kId).first().frame.payload.data());
    QCOMPARE(fromParamId(r.paramId), QStringLiteral("COM_RC_IN_MODE"));
    QCOMPARE(int(r.paramIndex), -1);
    QCOMPARE(int(r.targetSystem), 1);
    QCOMPARE(int(r.targetComponent), 1);
    // By hand from the definition: param_index −1, target 1/1, the name; CRC_EXTRA 214.
    QCOMPARE(int(crcExtra("PARAM_REQUEST_READ", {{"int16_t", "param_index"},
                                                 {"uint8_t", "target_system"},
                                                 {"uint8_t", "target_component"},
                                                 {"char", "param_id", 16}})),
             int(ParamRequestRead::kCrcExtra));
    QCOMPARE(int(ParamRequestRead::kCrcExtra), 214);
    QCOMPARE(int(crcExtra("PARAM_VALUE", {{"float", "param_value"},
                                          {"uint16_t", "param_count"},
                                          {"uint16_t", "param_index"},
                                          {"char", "param_id", 16},
                                          {"uint8_t", "param_type"}})),
             int(ParamValue::kCrcExtra));
    QCOMPARE(int(crcExtra("PARAM_SET", {{"float", "param_value"},
                                        {"uint8_t", "target_system"},
                                        {"uint8_t", "target_component"},
                                        {"char", "param_id", 16},
                                        {"uint8_t", "param_type"}})),
             int(ParamSet::kCrcExtra));
    QByteArray payload =
        QByteArray::fromHex("ffff0101") + QByteArray("COM_RC_IN_MODE") + QByteArray(2, '\0');
    while (payload.endsWith('\0'))
        payload.chop(1);
    QCOMPARE(wire.mid(10, payload.size()).toHex(), payload.toHex());
    // PX4 answers INT32 bytewise: the int's bits in the float field.
    ParamValue v;
    v.paramId = toParamId(QStringLiteral("COM_RC_IN_MODE"));
    v.paramType = kParamInt32;
    const std::int32_t zero = 0;
    std::memcpy(&v.paramValue, &zero, 4);
    px4.send(v);
    QTRY_COMPARE(gcs.status().rcInMode, 0);
    QVERIFY2(gcs.status().rcInModeVerdict.contains(QStringLiteral("ignores MANUAL_CONTROL")),
             qPrintable(gcs.status().rcInModeVerdict));
    QCOMPARE(gcs.param(QStringLiteral("COM_RC_IN_MODE")).state, Px4Param::State::Received);
    // Set: PARAM_SET, answered by PARAM_VALUE with the new value.
    const qsizetype since = px4.heard.size();
    gcs.setParam(QStringLiteral("COM_RC_IN_MODE"), 1, kParamInt32);
    QTRY_VERIFY(!px4.after(ParamSet::kId, since).isEmpty());
    const ParamSet ps =
        ParamSet::decode(px4.after(ParamSet::kId, since).first().frame.payload.data());
    QCOMPARE(fromParamId(ps.paramId), QStringLiteral("COM_RC_IN_MODE"));
    std::int32_t asked = 0;
    std::memcpy(&asked, &ps.paramValue, 4);
    QCOMPARE(asked, 1);
    QCOMPARE(int(ps.paramType), int(kParamInt32));
    v.paramValue = ps.paramValue;
    px4.send(v);
    QTRY_COMPARE(gcs.status().rcInMode, 1);
    QVERIFY(gcs.status().rcInModeVerdict.contains(QStringLiteral("takes the sticks")));
    // No answer: three attempts, then timed out, once.
    finished.clear();
    gcs.requestParam(QStringLiteral("NO_SUCH_PARAM"));
    QTRY_COMPARE_WITH_TIMEOUT(gcs.param(QStringLiteral("NO_SUCH_PARAM")).state,
                              Px4Param::State::TimedOut, 3000);
    QCOMPARE(finished.size(), 1);
    int asks = 0;
    for (const auto &h : px4.of(ParamRequestRead::kId))
        asks += fromParamId(ParamRequestRead::decode(h.frame.payload.data()).paramId) ==
                QLatin1String("NO_SUCH_PARAM");
    QCOMPARE(asks, 3);
    // A name PX4 cannot have: refused here, nothing sent.
    gcs.requestParam(QStringLiteral("A_NAME_LONGER_THAN_16"));
    QCOMPARE(gcs.param(QStringLiteral("A_NAME_LONGER_THAN_16")).state, Px4Param::State::Rejected);
    gcs.stop();
}

void TestPx4GcsManual::parametersAgainstTheStandIn()
{
    hiltest::GcsOnStandIn standIn;
    QVERIFY(standIn.start());
    GcsLink &gcs = *standIn.gcs;
    Px4Emulator &emu = *standIn.emu;
    // Read once PX4 is heard: the SITL start script's 1, MAVLink only.
    QTRY_COMPARE_WITH_TIMEOUT(gcs.status().rcInMode, 1, 5000);
    QCOMPARE(gcs.status().rcInModeVerdict,
             QStringLiteral("COM_RC_IN_MODE 1 (MAVLink only): PX4 takes the sticks from this "
                            "ground station"));
    gcs.requestParam(QStringLiteral("COM_RC_LOSS_T"));
    gcs.requestParam(QStringLiteral("NAV_RCL_ACT"));
    QTRY_COMPARE(gcs.param(QStringLiteral("COM_RC_LOSS_T")).state, Px4Param::State::Received);
    QTRY_COMPARE(gcs.param(QStringLiteral("NAV_RCL_ACT")).state, Px4Param::State::Received);
    QCOMPARE(gcs.param(QStringLiteral("COM_RC_LOSS_T")).value, 0.5);
    QCOMPARE(gcs.param(QStringLiteral("COM_RC_LOSS_T")).type, int(kParamReal32));
    QCOMPARE(gcs.param(QStringLiteral("NAV_RCL_ACT")).value, 2.0);
    QCOMPARE(gcs.param(QStringLiteral("NAV_RCL_ACT")).type, int(kParamInt32));
    gcs.setParam(QStringLiteral("COM_RC_IN_MODE"), 4, kParamInt32);
    QTRY_COMPARE(gcs.status().rcInMode, 4);
    QCOMPARE(gcs.param(QStringLiteral("COM_RC_IN_MODE")).state, Px4Param::State::Received);
    gcs.requestParam(QStringLiteral("NOT_IN_STANDIN"));
    QTRY_COMPARE_WITH_TIMEOUT(gcs.param(QStringLiteral("NOT_IN_STANDIN")).state,
                              Px4Param::State::TimedOut, 3000);
    gcs.stop();
    emu.stop();
}

void TestPx4GcsManual::standInFliesByStick()
{
    QTemporaryDir dir;
    StationOptions o;
    o.headless = true;
    o.emulate = {QStringLiteral("flightaxis"), QStringLiteral("px4")};
    o.links.set(QStringLiteral("px4-takeoff"), 2.5);
    o.logDir = dir.path();
    Station station(o);
    QString error;
    QVERIFY2(station.start(&error), qPrintable(error));
    auto *emu =
        qobject_cast<FlightAxisEmulator *>(station.worker(QStringLiteral("emulator.flightaxis")));
    auto *gcs = qobject_cast<GcsLink *>(station.worker(QStringLiteral("px4gcs")));
    auto *px4 = station.worker(QStringLiteral("emulator.px4"));
    QVERIFY(emu && gcs && px4);
    // A failure says whether the loop itself was starved (PX4's answers late): the flight is
    // real time, and a starved PC crashes a real RealFlight quad too.
    const Worker *hil = station.worker(QStringLiteral("px4"));
    QVERIFY(hil);
    auto starved = [hil](const QString &figure) {
        return QStringLiteral("%1 (lockstep timeouts so far: %2)")
            .arg(figure)
            .arg(hil->counters().value(QStringLiteral("lockstep_timeouts")).toInteger())
            .toLocal8Bit();
    };
    QueuedSpy px4Events(px4, &Worker::eventRaised); // queued: the stand-in's thread emits
    QTRY_VERIFY_WITH_TIMEOUT(vehicleAltitude(emu->modelState()) > 2.2, 30000);
    QTRY_COMPARE_WITH_TIMEOUT(gcs->status().rcInMode, 1, 5000);
    PilotFeeder feeder(
        [gcs](const PilotControls &c) { postTo(gcs, [gcs, c] { gcs->pilotControls(c); }); });
    auto feed = [&feeder](const PilotControls &c) { feeder.set(c); };
    feed(sticks(0, 0, 0, 0.5));
    QTest::qWait(200);
    QMetaObject::invokeMethod(gcs, "position", Qt::QueuedConnection);
    QTRY_COMPARE_WITH_TIMEOUT(gcs->status().mode, QStringLiteral("Position"), 5000);
    const double northAt0 = emu->modelState().positionNedM.x;
    feed(sticks(1.0, 0, 0, 0.5));
    QTest::qWait(3000);
    const double vNorth = emu->modelState().velocityNedMps.x;
    const double vEast = emu->modelState().velocityNedMps.y;
    qInfo("Position, pitch forward 3 s: north %.2f m/s, east %.2f m/s, %.1f m north", vNorth, vEast,
          emu->modelState().positionNedM.x - northAt0);
    QVERIFY2(vNorth > 1.0, starved(QString::number(vNorth)).constData());
    feed(sticks(0, 0, 0, 0.5));
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 8000 && std::hypot(emu->modelState().velocityNedMps.x,
                                            emu->modelState().velocityNedMps.y) >= 0.3)
        QTest::qWait(50);
    const double vStop =
        std::hypot(emu->modelState().velocityNedMps.x, emu->modelState().velocityNedMps.y);
    qInfo("Position, centred: %.2f m/s after %lld ms", vStop, t.elapsed());
    QVERIFY2(vStop < 0.3, starved(QString::number(vStop)).constData());
    // Altitude: throttle up climbs.
    QMetaObject::invokeMethod(gcs, "altitude", Qt::QueuedConnection);
    QTRY_COMPARE_WITH_TIMEOUT(gcs->status().mode, QStringLiteral("Altitude"), 5000);
    const double alt0 = vehicleAltitude(emu->modelState());
    feed(sticks(0, 0, 0, 1.0));
    QTest::qWait(2000);
    const double climbed = vehicleAltitude(emu->modelState()) - alt0;
    qInfo("Altitude, full throttle 2 s: climbed %.2f m", climbed);
    QVERIFY2(climbed > 1.0, starved(QString::number(climbed)).constData());
    feed(sticks(0, 0, 0, 0.5));
    QTest::qWait(500);
    // The sticks lost: PX4's failsafe after COM_RC_LOSS_T — Hold for COM_FAIL_ACT_T (5 s), then
    // NAV_RCL_ACT 2 (Return), as the real PX4 does.
    QElapsedTimer lost;
    lost.start();
    feed(sticks(0, 0, 0, 0.5, false));
    QTRY_COMPARE_WITH_TIMEOUT(gcs->status().mode, QStringLiteral("Hold"), 3000);
    QVERIFY2(lost.elapsed() >= 400, qPrintable(QString::number(lost.elapsed())));
    QVERIFY(gcs->status().statusTexts.join('\n').contains(
        QStringLiteral("Failsafe activated: entering Hold for 5 seconds")));
    QTRY_COMPARE_WITH_TIMEOUT(gcs->status().mode, QStringLiteral("Return"), 10000);
    QVERIFY2(lost.elapsed() >= 5000, qPrintable(QString::number(lost.elapsed())));
    QCOMPARE(eventsWithId(px4Events, "emulator.px4.manual_control_lost").size(), 1);
    station.stop();
}

QTEST_GUILESS_MAIN(TestPx4GcsManual)
#include "tst_px4gcs_manual.moc"
