// HilLink against scripted PX4 peers and the PX4 stand-in, on 127.0.0.1 with port 0:
// PX4's session (opening, freewheel, lockstep), the bounded wait, reconnects, one PX4 per port,
// SimFrame-driven stepping with interpolation and the clock across simulator resets.
#include "mavlink/hillink.h"
#include "mavlink/messages.h"
#include "mavlink/px4emulator.h"

#include <QSignalSpy>
#include <QTcpSocket>
#include <QTimer>
#include <QtTest>

#include "testplatform.h"

using namespace hil;
using namespace hil::mavlink;

namespace {
/// A PX4 played by the test: connects, says hello like PX4, records what it gets, answers on
/// request only.
class ScriptedPx4 : public QObject
{
public:
    QTcpSocket socket;
    StreamParser parser;
    QList<HilSensor> sensors;
    int gps = 0, state = 0;

    void connectTo(quint16 port)
    {
        connect(&socket, &QTcpSocket::readyRead, this, [this] {
            const QByteArray data = socket.readAll();
            parser.feed(data.constData(), data.size());
            Frame f;
            while (parser.next(&f)) {
                HilSensor s;
                if (decodeMessage(f, &s))
                    sensors.append(s);
                gps += f.msgId == HilGps::kId;
                state += f.msgId == HilStateQuaternion::kId;
            }
        });
        socket.connectToHost(QHostAddress::LocalHost, port);
        QVERIFY(socket.waitForConnected(5000));
        CommandLong c;
        c.command = 511;
        c.param[0] = 115;
        c.param[1] = 5000;
        socket.write(encodeMessage(Heartbeat{0, 2, 12, 0, 3, 3}, FrameHeader{0, 1, 1}) +
                     encodeMessage(c, FrameHeader{1, 1, 1}));
    }
    void answer(bool armed, float motor = 0.5f, std::uint64_t timeUsec = 0)
    {
        HilActuatorControls a;
        a.timeUsec = timeUsec != 0 ? timeUsec : sensors.isEmpty() ? 0 : sensors.last().timeUsec;
        a.flags = HilActuatorControls::kFlagLockstep;
        for (int i = 0; i < 4; ++i)
            a.controls[i] = motor;
        a.mode = armed ? 129 : 1;
        socket.write(encodeMessage(a, FrameHeader{}));
    }
};

/// An autopilot with a clock of its own (a lab's controller, a PX4 with a time offset): answers
/// every HIL_SENSOR with one HIL_ACTUATOR_CONTROLS, in turn, as Gazebo's and jMAVSim's plugins
/// expect, but stamped with its own time, which never echoes a step's time_usec.
/// slowEvery = N: every Nth sensor takes computeMs to answer (longer than our wait), and the ones
/// after it queue behind it, as in a peer that handles one sensor at a time.
class OwnClockPeer : public QObject
{
public:
    QTcpSocket socket;
    StreamParser parser;
    QElapsedTimer clock;
    int sensors = 0, slowEvery = 0, computeMs = 0;
    bool echo = false; ///< control: stamp answers with the sensor's time_usec, as PX4 does
    std::uint64_t lastSensorUsec = 0;
    int queued = 0;
    bool busy = false;

    void connectTo(quint16 port)
    {
        clock.start();
        connect(&socket, &QTcpSocket::readyRead, this, [this] {
            const QByteArray data = socket.readAll();
            parser.feed(data.constData(), data.size());
            Frame f;
            while (parser.next(&f)) {
                HilSensor hs;
                if (decodeMessage(f, &hs)) {
                    lastSensorUsec = hs.timeUsec;
                    ++queued;
                }
            }
            work();
        });
        socket.connectToHost(QHostAddress::LocalHost, port);
        QVERIFY(socket.waitForConnected(5000));
        socket.write(encodeMessage(Heartbeat{0, 2, 12, 0, 3, 3}, FrameHeader{0, 1, 1}));
    }
    void work()
    {
        while (!busy && queued > 0) {
            --queued;
            ++sensors;
            if (slowEvery > 0 && sensors % slowEvery == 0) {
                busy = true;
                QTimer::singleShot(computeMs, this, [this] {
                    answer();
                    busy = false;
                    work();
                });
            } else {
                answer();
            }
        }
    }
    void answer()
    {
        HilActuatorControls a;
        a.timeUsec = echo ? lastSensorUsec
                          : std::uint64_t(clock.nsecsElapsed() / 1000) + 1; // its own time base
        a.flags = HilActuatorControls::kFlagLockstep;
        a.mode = 1;
        socket.write(encodeMessage(a, FrameHeader{}));
    }
};

quint16 listenPort(const Worker &w)
{
    return quint16(w.endpoints()["listen_port"].toInt());
}
qint64 counter(const Worker &w, const char *name)
{
    return w.counters()[name].toInteger();
}

HilLinkConfig testConfig()
{
    HilLinkConfig c;
    c.port = 0;
    return c;
}
} // namespace

class TestHilLink : public QObject
{
    Q_OBJECT
private slots:
    void listensOnAnyPortAndReportsIt();
    void freewheelThenLockstep();
    void emulatorLockstepSession();
    void stalledPeerCountsTimeoutsAndSteppingContinues();
    void disconnectAndReconnect();
    void secondConnectionRefused();
    void simFramesDriveStepsWithInterpolation();
    void stepTimerQuietWhileSimFramesDrive();
    void unevenFramesOneStepInFlight();
    void stallIsOneEpisode();
    void portInUseFailsToOpen();
    void ownClockPeerKeepsTheRateByOrder_data();
    void ownClockPeerKeepsTheRateByOrder();
    void ownClockPeerLateEveryOtherStep();
};

void TestHilLink::listensOnAnyPortAndReportsIt()
{
    HilLink link(testConfig());
    QVERIFY(link.start());
    QVERIFY(listenPort(link) > 0);
    QCOMPARE(link.name(), QStringLiteral("px4"));
    QCOMPARE(link.state(), LinkState::Connecting);
    const QJsonObject c = link.counters();
    for (const char *key : {"connected", "hil_sensor_sent", "hil_gps_sent", "actuator_received",
                            "crc_errors", "lockstep_timeouts", "last_time_usec", "armed"})
        QVERIFY2(c.contains(key), key);
    QCOMPARE(c["connected"].toBool(), false);
    link.stop();
}

void TestHilLink::freewheelThenLockstep()
{
    HilLinkConfig cfg = testConfig();
    cfg.lockstepTimeoutMs = 10000; // this test must never see the bounded wait expire
    HilLink link(cfg);
    QSignalSpy channels(&link, &HilLink::channelsReady);
    QVERIFY(link.start());
    ScriptedPx4 px4;
    px4.connectTo(listenPort(link));
    // Freewheel: sensors keep coming although PX4 has not answered.
    QTRY_VERIFY_WITH_TIMEOUT(px4.sensors.size() >= 10, 10000);
    QVERIFY(px4.gps >= 1);
    QVERIFY(px4.state >= 1);
    QCOMPARE(link.state(), LinkState::Up);
    QVERIFY(px4.sensors.first().timeUsec > 0);
    QCOMPARE(px4.sensors.first().fieldsUpdated, 0x1FFFu);
    QVERIFY(std::abs(px4.sensors.first().zacc + 9.81f) < 0.2f); // resting at home
    QCOMPARE(channels.count(), 0);

    // Lockstep: from now on exactly one sensor per answer.
    px4.answer(false);
    QTRY_VERIFY(channels.count() == 1);
    const ChannelFrame disarmed = channels.last().first().value<ChannelFrame>();
    QCOMPARE(disarmed.selectedMask, 0x0Fu); // actuators flow: all mapped channels
    QCOMPARE(disarmed.values[0], 0.0);      // disarmed: motors at their safe value
    QTest::qWait(50);
    int have = px4.sensors.size();
    for (int i = 0; i < 20; ++i) {
        px4.answer(true, 0.25f);
        QTRY_COMPARE(px4.sensors.size(), have + 1);
        QTest::qWait(12); // three step periods: a free-running link would have sent more
        QCOMPARE(px4.sensors.size(), have + 1);
        ++have;
    }
    const ChannelFrame armed = channels.last().first().value<ChannelFrame>();
    QCOMPARE(armed.values[0], 0.25);
    QCOMPARE(armed.values[3], 0.25);
    for (int i = 1; i < px4.sensors.size(); ++i)
        QCOMPARE(px4.sensors[i].timeUsec, px4.sensors[i - 1].timeUsec + 4000); // 250 Hz clock
    QTRY_COMPARE(counter(link, "actuator_received"), 21);
    QTRY_COMPARE(link.counters()["armed"].toBool(), true);
    QCOMPARE(counter(link, "lockstep_timeouts"), 0);
    // The counters are a snapshot the link thread publishes after the write: the datagram can
    // reach this side before the snapshot does, so wait for it rather than read it once.
    QTRY_COMPARE(counter(link, "hil_sensor_sent"), qint64(px4.sensors.size()));
    QTRY_COMPARE(counter(link, "last_time_usec"), qint64(px4.sensors.last().timeUsec));
    link.stop();
}

void TestHilLink::emulatorLockstepSession()
{
    // The claim is "every step answered", not "answered within 20 ms": a 2-core machine under
    // ASan with the suite beside it can stall a thread longer than the default wait. With a 1 s
    // wait a lost or unanswered step still counts as a timeout.
    HilLinkConfig config = testConfig();
    config.lockstepTimeoutMs = 1000;
    HilLink link(config);
    QList<std::uint64_t> sentTimes;
    int received = 0;
    connect(&link, &HilLink::mavlinkFrame, this, [&](const QByteArray &wire, qint64 unixUs) {
        QVERIFY(unixUs > 1600000000000000);
        StreamParser p;
        p.feed(wire.constData(), wire.size());
        Frame f;
        QVERIFY(p.next(&f)); // exactly one whole frame per signal
        QVERIFY(!p.next(&f));
        HilSensor s;
        if (decodeMessage(f, &s))
            sentTimes.append(s.timeUsec);
        received += f.msgId == HilActuatorControls::kId;
    });
    QVERIFY(link.start());
    Px4EmulatorConfig ec;
    ec.port = listenPort(link);
    Px4Emulator emu(ec);
    QVERIFY(emu.start());
    QTRY_VERIFY_WITH_TIMEOUT(counter(link, "actuator_received") >= 300, 15000);
    QVERIFY(link.counters()["connected"].toBool());
    QTRY_VERIFY(link.counters()["armed"].toBool()); // the stand-in arms after 0.5 s
    QVERIFY(counter(link, "hil_gps_sent") >= 1);
    QVERIFY(received >= 300);
    // N sensors ↔ N actuators: in lockstep at most the one in flight is unanswered
    QTRY_VERIFY(std::abs(counter(emu, "actuators_sent") - counter(link, "actuator_received")) <= 1);
    QVERIFY(counter(link, "hil_sensor_sent") - counter(emu, "actuators_sent") <= 2);
    QVERIFY(!sentTimes.isEmpty() && sentTimes.first() > 0);
    for (int i = 1; i < sentTimes.size(); ++i)
        QVERIFY(sentTimes[i] > sentTimes[i - 1]);
    QCOMPARE(counter(link, "lockstep_timeouts"), 0);
    QCOMPARE(counter(link, "crc_errors"), 0);
    emu.stop();
    link.stop();
}

void TestHilLink::stalledPeerCountsTimeoutsAndSteppingContinues()
{
    HilLink link(testConfig());
    QVERIFY(link.start());
    Px4EmulatorConfig ec;
    ec.port = listenPort(link);
    Px4Emulator emu(ec);
    QVERIFY(emu.start());
    QTRY_VERIFY_WITH_TIMEOUT(counter(link, "actuator_received") >= 50, 10000);
    QTRY_VERIFY(link.counters()["lockstep"].toBool());
    QMetaObject::invokeMethod(&emu, "setStalled", Q_ARG(bool, true));
    const qint64 sentAtStall = counter(link, "hil_sensor_sent");
    QTRY_VERIFY_WITH_TIMEOUT(counter(link, "lockstep_timeouts") >= 10, 10000);
    QVERIFY(counter(link, "hil_sensor_sent") >= sentAtStall + 10); // never a freeze
    const qint64 actuators = counter(link, "actuator_received");
    QMetaObject::invokeMethod(&emu, "setStalled", Q_ARG(bool, false));
    QTRY_VERIFY_WITH_TIMEOUT(counter(link, "actuator_received") >= actuators + 50, 10000);
    emu.stop();
    link.stop();
}

void TestHilLink::disconnectAndReconnect()
{
    if (hil::testplatform::isWindows())
        QSKIP("under Wine: the link never saw the test's own socket close (15 s); PX4 leaving is "
              "covered by tst_px4headless there");
    HilLink link(testConfig());
    QSignalSpy channels(&link, &HilLink::channelsReady);
    QSignalSpy events(&link, &Worker::eventRaised);
    QVERIFY(link.start());
    std::uint64_t lastTime = 0;
    for (int round = 0; round < 2; ++round) {
        ScriptedPx4 px4;
        px4.connectTo(listenPort(link));
        QTRY_VERIFY(px4.sensors.size() >= 5);
        QVERIFY(px4.sensors.first().timeUsec > lastTime); // the clock never goes back
        px4.answer(true);
        QTRY_VERIFY(link.counters()["connected"].toBool());
        lastTime = px4.sensors.last().timeUsec;
        px4.socket.disconnectFromHost();
        QTRY_COMPARE_WITH_TIMEOUT(link.state(), LinkState::Down, 15000);
        QTRY_COMPARE(link.counters()["connected"].toBool(), false);
        // PX4 gone: the channels go back to safe values and the transmitter (mask 0)
        QTRY_COMPARE(channels.last().first().value<ChannelFrame>().selectedMask, 0u);
    }
    QTRY_COMPARE(counter(link, "connections"), 2);
    // Each round is one "connected" (Info) and one "disconnected" (Warning: the transmitter
    // took over), matched on the id.
    QMap<QString, int> ids;
    for (const auto &e : events) {
        const hil::Event ev = e.at(0).value<hil::Event>();
        ++ids[ev.id];
        if (ev.id == QLatin1String("px4.connected"))
            QCOMPARE(ev.severity, hil::Severity::Info);
        if (ev.id == QLatin1String("px4.disconnected"))
            QCOMPARE(ev.severity, hil::Severity::Warning);
        QVERIFY2(ev.id != QLatin1String("px4.info"),
                 qPrintable(ev.text)); // every event has its own id
    }
    QCOMPARE(ids.value(QStringLiteral("px4.connected")), 2);
    QCOMPARE(ids.value(QStringLiteral("px4.disconnected")), 2);
    link.stop();
}

void TestHilLink::secondConnectionRefused()
{
    HilLink link(testConfig());
    QSignalSpy events(&link, &Worker::eventRaised);
    QVERIFY(link.start());
    ScriptedPx4 first;
    first.connectTo(listenPort(link));
    QTRY_VERIFY(first.sensors.size() >= 2);
    QTcpSocket second;
    second.connectToHost(QHostAddress::LocalHost, listenPort(link));
    QVERIFY(second.waitForConnected(5000)); // the kernel accepts; the link then closes it
    QTRY_COMPARE(second.state(), QAbstractSocket::UnconnectedState);
    QTRY_COMPARE(counter(link, "refused_connections"), 1);
    int refusedEvents = 0;
    for (const auto &e : events) {
        const hil::Event ev = e.at(0).value<hil::Event>();
        if (ev.id != QLatin1String("px4.connection_refused"))
            continue;
        ++refusedEvents;
        QCOMPARE(ev.severity, hil::Severity::Warning);
        QVERIFY2(ev.text.contains("refused"), qPrintable(ev.text));
    }
    QCOMPARE(refusedEvents, 1);
    const int have = first.sensors.size();
    QTRY_VERIFY(first.sensors.size() > have + 5); // the first PX4 is still served
    link.stop();
}

void TestHilLink::simFramesDriveStepsWithInterpolation()
{
    HilLinkConfig cfg = testConfig();
    cfg.lockstepTimeoutMs = 10000;
    HilLink link(cfg);
    QVERIFY(link.start());
    ScriptedPx4 px4;
    px4.connectTo(listenPort(link));
    QTRY_VERIFY(link.counters()["connected"].toBool());
    auto frameAt = [](double t, double z) {
        SimFrame f;
        f.physicsTimeS = t;
        f.altitudeM = 432.0 - z;
        f.vehicle.state.pose.position = {0, 0, z};
        return f;
    };
    // A 10 ms frame: round(10 / 4) = 3 steps on PX4's 4 ms grid, two interpolated, the last
    // the frame itself (PX4's clock then 2 ms ahead of physics).
    double t = 72000.0;               // RealFlight's physics time is large
    link.onSimFrame(frameAt(t, 0.0)); // from now on frames, not the internal clock, step
    QTest::qWait(50);                 // let the internal clock's last steps arrive
    const int base = px4.sensors.size();
    const std::uint64_t t0 = px4.sensors.last().timeUsec;
    t += 0.010;
    link.onSimFrame(frameAt(t, -10.0));         // 10 m higher, 10 ms later
    QTRY_COMPARE(px4.sensors.size(), base + 3); // freewheel: all three at once
    QCOMPARE(px4.sensors[base].timeUsec, t0 + 4000);
    QCOMPARE(px4.sensors[base + 1].timeUsec, t0 + 8000);
    QCOMPARE(px4.sensors[base + 2].timeUsec, t0 + 12000);
    const float a0 = px4.sensors[base - 1].pressureAltM, a3 = px4.sensors[base + 2].pressureAltM;
    const float a1 = px4.sensors[base].pressureAltM;
    QVERIFY(a3 - a0 > 9.5f);
    QVERIFY(std::abs((a1 - a0) - (a3 - a0) / 3.0f) < 0.3f); // a third of the way up
    // 2 ms later (PX4 is 2 ms ahead): still one step, the frame must reach PX4.
    t += 0.002;
    link.onSimFrame(frameAt(t, -10.0));
    QTRY_COMPARE(px4.sensors.size(), base + 4);
    QCOMPARE(px4.sensors.last().timeUsec, t0 + 16000);
    // The simulator restarts (physics time back to 0): PX4's clock still moves forward.
    link.onSimFrame(frameAt(0.0, 0.0));
    QTRY_COMPARE(px4.sensors.size(), base + 5);
    QCOMPARE(px4.sensors.last().timeUsec, t0 + 20000);
    link.onSimFrame(frameAt(0.004, 0.0));
    QTRY_COMPARE(px4.sensors.size(), base + 6);
    QCOMPARE(px4.sensors.last().timeUsec, t0 + 24000);
    link.onSimFrame(frameAt(0.004, 0.0)); // same physics time (paused): nothing new
    QTest::qWait(20);
    QCOMPARE(px4.sensors.size(), base + 6);
    QTRY_VERIFY(counter(link, "sim_frames") >= 6);
    QTRY_COMPARE(counter(link, "sim_frames_repeated"), 1);
    link.stop();
}

void TestHilLink::stepTimerQuietWhileSimFramesDrive()
{
    // While the simulator's frames step PX4, no timer of the link runs at the step rate (each
    // would wake the link's thread 250 times a second for nothing); once they stop, the link's
    // own clock steps again.
    HilLink link(testConfig());
    QVERIFY(link.start());
    ScriptedPx4 px4;
    px4.connectTo(listenPort(link));
    QTRY_VERIFY(link.counters()["connected"].toBool());
    QTRY_VERIFY(px4.sensors.size() >= 10); // the link's own clock, 4 ms a step
    auto stepRateTimers = [&link] {
        QStringList fast;
        for (const QTimer *t : link.findChildren<QTimer *>())
            if (t->isActive() && !t->isSingleShot() && t->interval() < 10)
                fast << QString::number(t->interval());
        return fast.join(QLatin1Char(' '));
    };
    QVERIFY2(!stepRateTimers().isEmpty(), "the link's clock steps by a timer");
    double physicsS = 1000.0;
    QTimer frames;
    QObject::connect(&frames, &QTimer::timeout, &link, [&] {
        SimFrame f;
        f.physicsTimeS = physicsS += 0.020;
        link.onSimFrame(f);
    });
    frames.start(20);
    QTest::qWait(300);
    QVERIFY2(stepRateTimers().isEmpty(), qPrintable(stepRateTimers()));
    QVERIFY(counter(link, "sim_frames") >= 5);
    frames.stop();
    const qsizetype atStop = px4.sensors.size();
    // The frames are stale after half a second: the own clock takes over, at the step rate.
    QTRY_VERIFY_WITH_TIMEOUT(px4.sensors.size() >= atStop + 25, 5000);
    QVERIFY(!stepRateTimers().isEmpty());
    link.stop();
}

void TestHilLink::unevenFramesOneStepInFlight()
{
    if (hil::testplatform::isWindows())
        QSKIP("under Wine: the test's frame timing slips by one frame (6 of 7 seen)");
    // RealFlight's uneven 4-8 ms physics against a PX4 in lockstep: exactly one HIL_SENSOR in
    // flight, each a whole number of 4,000 µs steps after the previous, every frame reaching PX4
    // as a step of its own. The frames arrive faster than this PX4 answers: a newer frame
    // supersedes the interpolated steps still queued, which are skipped (PX4's step is longer),
    // never sent late.
    HilLinkConfig cfg = testConfig();
    cfg.lockstepTimeoutMs = 10000; // this PX4 answers when the test says so
    HilLink link(cfg);
    QVERIFY(link.start());
    ScriptedPx4 px4;
    px4.connectTo(listenPort(link));
    QTRY_VERIFY(px4.sensors.size() >= 1);
    px4.answer(false); // lockstep from now on
    QTRY_VERIFY(link.counters()["lockstep"].toBool());
    QTRY_VERIFY(px4.sensors.size() >= 2);
    QTest::qWait(30);
    px4.answer(false);
    double t = 500.0;
    auto frameAt = [](double time, double marker) {
        SimFrame f;
        f.physicsTimeS = time;
        f.altitudeM = 432.0;
        f.extras.specificForceFrdMps2 = {marker, 0, -9.8}; // tells frames from interpolations
        return f;
    };
    const int start = px4.sensors.size();
    link.onSimFrame(frameAt(t, 100.0)); // anchors: one step
    const double periods[] = {0.0042, 0.0061, 0.0079, 0.0045, 0.0080, 0.0050};
    int expectedSteps = 1;
    double physics = 0.0, pxTime = 0.0;
    for (int i = 0; i < 6; ++i) {
        t += periods[i];
        physics += periods[i];
        const int n = std::max(1, int(std::floor((physics - pxTime) / 0.004 + 0.5)));
        pxTime += 0.004 * n;
        expectedSteps += n;
        link.onSimFrame(frameAt(t, 101.0 + i)); // queued: all at once, faster than PX4 answers
    }
    QCOMPARE(expectedSteps, 10); // grid steps the frames cover...
    const int sentSteps = 7;     // ...of which the anchor and the six frames are sent
    int seen = 0;
    QList<HilSensor> steps;
    while (steps.size() < sentSteps) {
        QTRY_VERIFY(px4.sensors.size() > start + seen);
        QTest::qWait(30);
        // never a second HIL_SENSOR before the answer to the first
        QCOMPARE(px4.sensors.size(), start + seen + 1);
        steps.append(px4.sensors.at(start + seen));
        ++seen;
        px4.answer(false);
    }
    for (int i = 1; i < steps.size(); ++i) {
        const std::uint64_t step = steps[i].timeUsec - steps[i - 1].timeUsec;
        QVERIFY2(step >= 4000 && step % 4000 == 0, qPrintable(QString::number(step)));
    }
    QCOMPARE(steps.last().timeUsec - steps.first().timeUsec,
             std::uint64_t(4000 * (expectedSteps - 1)));
    QTRY_COMPARE(counter(link, "interpolated_skipped"), expectedSteps - sentSteps);
    QTest::qWait(30);
    QCOMPARE(px4.sensors.size(), start + sentSteps); // nothing more: the skipped are not sent
    int frames = 0;
    for (const HilSensor &s : steps)
        frames += std::abs(s.xacc - std::round(s.xacc)) < 0.1f && s.xacc >= 100.0f; // noise 0.02
    QCOMPARE(frames, 7); // the anchor and all six frames, each a step of its own
    QCOMPARE(counter(link, "lockstep_timeouts"), 0);
    QTRY_COMPARE(counter(link, "sim_frames_stepped"), 7);
    QCOMPARE(counter(link, "sim_frames_dropped"), 0);
    link.stop();
}

void TestHilLink::stallIsOneEpisode()
{
    if (hil::testplatform::isWindows())
        QSKIP("under Wine: hangs: the peer in the test's own thread floods the event loop, whose "
              "timers Windows serves last");
    // A PX4 that answers only every other step (what the real PX4 did with steps shorter than
    // its gyro period): one "not answering" event, not one per step; then it answers every
    // step and one "recovered after N timeouts" follows.
    HilLinkConfig cfg = testConfig();
    cfg.lockstepTimeoutMs = 40; // generous: a loaded machine must not add timeouts of its own
    cfg.realTime = false;
    HilLink link(cfg);
    QSignalSpy events(&link, &Worker::eventRaised);
    QVERIFY(link.start());
    ScriptedPx4 px4;
    px4.connectTo(listenPort(link));
    QTRY_VERIFY(px4.sensors.size() >= 1);
    int handled = 0;
    bool alternate = true;
    connect(&px4.socket, &QTcpSocket::readyRead, &px4, [&] {
        for (; handled < px4.sensors.size(); ++handled) {
            const std::uint64_t t = px4.sensors.at(handled).timeUsec;
            if (!alternate || (t / 4000) % 2 == 0)
                px4.answer(false, 0.5f, t);
        }
    });
    px4.answer(false);
    QTRY_VERIFY_WITH_TIMEOUT(counter(link, "lockstep_timeouts") >= 30, 20000);
    alternate = false;
    auto event = [&](int i) { return events.at(i).at(0).value<hil::Event>(); };
    auto firstIndex = [&](const char *id) {
        for (int i = 0; i < events.size(); ++i)
            if (event(i).id == QLatin1String(id))
                return i;
        return -1;
    };
    QTRY_VERIFY_WITH_TIMEOUT(firstIndex("px4.lockstep_recovered") >= 0, 20000);
    // the whole alternating stretch was one episode: one event at its start, one at its end
    const int recovered = firstIndex("px4.lockstep_recovered");
    int stalls = 0;
    for (int i = 0; i < recovered; ++i)
        stalls += event(i).id == QLatin1String("px4.lockstep_stall");
    QCOMPARE(stalls, 1);
    const hil::Event stall = event(firstIndex("px4.lockstep_stall"));
    QCOMPARE(stall.source, QStringLiteral("px4"));
    QCOMPARE(stall.severity, hil::Severity::Warning);
    QVERIFY2(stall.text.contains(QLatin1String("not answering in lockstep")),
             qPrintable(stall.text));
    QCOMPARE(event(recovered).severity, hil::Severity::Info);
    const QString line = event(recovered).text;
    QVERIFY2(line.contains(QLatin1String("recovered after")), qPrintable(line));
    const int n = line.section(QLatin1String("after "), 1).section(QLatin1Char(' '), 0, 0).toInt();
    QVERIFY2(n >= 30, qPrintable(line));
    link.stop();
}

void TestHilLink::portInUseFailsToOpen()
{
    HilLink first(testConfig());
    QVERIFY(first.start());
    HilLinkConfig cfg = testConfig();
    cfg.port = listenPort(first);
    HilLink second(cfg);
    QVERIFY(!second.start());
    QVERIFY(second.errorString().contains("px4"));
    first.stop();
}

// Issue 22: a peer that does not echo our stamps. Under the stamp rule alone every answer was
// "late" and every step waited out the 20 ms timeout (~50 steps/s instead of 250).
void TestHilLink::ownClockPeerKeepsTheRateByOrder_data()
{
    QTest::addColumn<bool>("echo");
    QTest::addColumn<QString>("matching");
    QTest::newRow("own clock") << false << "order";
    QTest::newRow("echoes stamps (control)") << true << "time_usec";
}

void TestHilLink::ownClockPeerKeepsTheRateByOrder()
{
    if (hil::testplatform::isWindows())
        QSKIP("under Wine: hangs as stallIsOneEpisode; order matching is covered there by "
              "ownClockPeerLateEveryOtherStep");
    QFETCH(bool, echo);
    QFETCH(QString, matching);
    // Not real time: the next step leaves when one is answered, so the rate is what the
    // matching allows (thousands of steps/s) and not the 4 ms tick, which under load here also
    // loses ticks; a step that waits out the 20 ms timeout caps it at 50 steps/s.
    HilLinkConfig c = testConfig();
    c.realTime = false;
    HilLink link(c);
    QSignalSpy events(&link, &Worker::eventRaised);
    QVERIFY(link.start());
    OwnClockPeer peer;
    peer.echo = echo;
    peer.connectTo(listenPort(link));
    // Read from the peer and the events only: counters() is a 10 Hz snapshot whose timer a
    // peer answering at once can keep waiting (Windows serves timers after socket messages).
    auto switches = [&events] {
        int n = 0;
        for (const auto &e : events)
            n += e.first().value<Event>().id == QLatin1String("px4.answer_matching");
        return n;
    };
    QTRY_VERIFY_WITH_TIMEOUT(peer.sensors >= 50, 10000);
    if (!echo)
        QTRY_COMPARE_WITH_TIMEOUT(switches(), 1, 10000);
    QTest::qWait(500); // settled
    const int sensors0 = peer.sensors;
    QElapsedTimer wall;
    wall.start();
    QTest::qWait(3000);
    const double seconds = double(wall.nsecsElapsed()) / 1e9;
    const double stepsPerS = double(peer.sensors - sensors0) / seconds;
    std::printf("BENCH hil_%s_peer_steps_per_s %.1f steps/s\n", echo ? "echoing" : "own_clock",
                stepsPerS);
    std::fflush(stdout);
    link.stop();                                                       // the final counters
    QCOMPARE(switches(), echo ? 0 : 1);                                // said once
    QCOMPARE(link.counters()["answer_matching"].toString(), matching); // never back
    // Only the steps before the switch may have waited out the timeout.
    QVERIFY2(counter(link, "lockstep_timeouts") <= 4,
             qPrintable(QString::number(counter(link, "lockstep_timeouts"))));
    QVERIFY2(stepsPerS >= 240, qPrintable(QString::number(stepsPerS))); // ≤ 50 before issue 22
    link.stop();
}

// In order mode answers pay the steps they answer in turn. A peer that takes longer than our
// wait for every other sensor: each such step times out and its answer, arriving while the next
// step is in flight, is counted late once, not taken for the next step's answer (which follows).
void TestHilLink::ownClockPeerLateEveryOtherStep()
{
    HilLinkConfig c = testConfig();
    c.realTime = false; // the next step leaves as soon as one is answered or timed out
    HilLink link(c);
    QVERIFY(link.start());
    OwnClockPeer peer;
    peer.slowEvery = 2;
    peer.computeMs = c.lockstepTimeoutMs * 3 / 2;
    peer.connectTo(listenPort(link));
    QTRY_COMPARE_WITH_TIMEOUT(link.counters()["answer_matching"].toString(), QString("order"),
                              10000);
    // From here on (before the switch the peer's first answers, given while PX4-style lockstep
    // had not begun, count neither way).
    QTest::qWait(100);
    const qint64 timeouts0 = counter(link, "lockstep_timeouts"),
                 late0 = counter(link, "late_answers"), answered0 = counter(link, "answered_steps"),
                 received0 = counter(link, "actuator_received");
    QTRY_VERIFY_WITH_TIMEOUT(counter(link, "lockstep_timeouts") >= timeouts0 + 40, 20000);
    link.stop();
    const qint64 timeouts = counter(link, "lockstep_timeouts") - timeouts0;
    const qint64 late = counter(link, "late_answers") - late0;
    const qint64 answered = counter(link, "answered_steps") - answered0;
    // Every answer is either the answer to the step in flight or late; every timed-out step's
    // answer comes late (the last may still be on its way).
    const QString figures =
        QStringLiteral("late %1, timeouts %2, answered %3").arg(late).arg(timeouts).arg(answered);
    QCOMPARE(answered + late, counter(link, "actuator_received") - received0);
    QVERIFY2(late >= timeouts - 2 && late <= timeouts + 2, qPrintable(figures));
    QVERIFY2(answered >= timeouts / 2, qPrintable(figures)); // the fast half: mostly in time
}

QTEST_GUILESS_MAIN(TestHilLink)
#include "tst_hillink.moc"
