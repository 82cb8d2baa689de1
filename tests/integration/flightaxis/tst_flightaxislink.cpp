// FlightAxisLink against the RealFlight stand-in over 127.0.0.1: the start sequence, the loop,
// and each scripted misbehaviour, after which the loop must go on.
#include "core/workerhost.h"
#include "flightaxis/flightaxisemulator.h"
#include "flightaxis/flightaxislink.h"
#include "model/clock.h"
#include "model/pilot.h"
#include "model/rotation.h"

#include <QElapsedTimer>
#include <QTcpServer>
#include <QtTest>
#include <memory>

using namespace hil;

namespace {
double counter(const Worker *w, const char *name)
{
    return w->counters().value(QLatin1String(name)).toDouble();
}
} // namespace

class TestFlightAxisLink : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void startSequenceAndLoop();
    void countersHaveCliNames();
    void restartedEmulatorReinjectsAndRelatches();
    void closedMidReply();
    void garbageReply();
    void replySlowerThanTimeout();
    void oversizeContentLength();
    void quadClimbsAndRests();
    void stopGivesTransmitterBack();
    void absentRealFlightIsRetriedSlowly();
    void hostNameIsLookedUp();
    void transmitterFollowsTheScriptedTransmitter();
    void transmitterChannelCountsFollowTheReply();
    void noTransmitterSamplesOnceRealFlightIsGone();

private:
    void startLink(quint16 port, const QString &host = QStringLiteral("127.0.0.1"));
    /// Waits until the loop has made `more` further exchanges.
    bool loopContinues(int more = 20);

    std::unique_ptr<WorkerHost> m_emuHost, m_linkHost;
    FlightAxisEmulator *m_emu = nullptr;
    FlightAxisLink *m_link = nullptr;
    QStringList m_events;
    QList<SimFrame> m_frames;
    QList<PilotSample> m_samples;
};

void TestFlightAxisLink::init()
{
    m_events.clear();
    m_frames.clear();
    m_samples.clear();
    m_emu = new FlightAxisEmulator(0);
    m_emuHost = std::make_unique<WorkerHost>(m_emu);
    QString error;
    QVERIFY2(m_emuHost->start(&error), qPrintable(error));
    QVERIFY(m_emu->port() != 0);
    QCOMPARE(m_emu->endpoints().value("port").toInt(), int(m_emu->port()));
}

void TestFlightAxisLink::cleanup()
{
    m_linkHost.reset();
    m_emuHost.reset();
    m_link = nullptr;
    m_emu = nullptr;
    // What the stopped link queued to this object arrives now, not in the next test's lists.
    QCoreApplication::sendPostedEvents();
}

void TestFlightAxisLink::startLink(quint16 port, const QString &host)
{
    FlightAxisConfig c;
    c.host = host;
    c.port = port;
    m_link = new FlightAxisLink(c);
    // tsanSlot: the values arrive queued from the link's thread (model/tsan.h).
    connect(m_link, &Worker::eventRaised, this,
            hil::tsanSlot([this](const hil::Event &e) { m_events << e.text; }));
    connect(m_link, &FlightAxisLink::frameReady, this, hil::tsanSlot([this](const SimFrame &f) {
                if (m_frames.size() < 100000)
                    m_frames << f;
            }));
    connect(m_link, &FlightAxisLink::transmitterSample, this,
            hil::tsanSlot([this](const PilotSample &p) {
                if (m_samples.size() < 100000)
                    m_samples << p;
            }));
    m_linkHost = std::make_unique<WorkerHost>(m_link);
    QString error;
    QVERIFY2(m_linkHost->start(&error), qPrintable(error));
}

bool TestFlightAxisLink::loopContinues(int more)
{
    const double target = counter(m_link, "exchanges") + more;
    return QTest::qWaitFor([&] { return counter(m_link, "exchanges") >= target; }, 10000);
}

void TestFlightAxisLink::startSequenceAndLoop()
{
    startLink(m_emu->port());
    QTRY_VERIFY_WITH_TIMEOUT(counter(m_link, "exchanges") > 50, 10000);
    QCOMPARE(m_link->state(), LinkState::Up);
    QVERIFY(m_emu->injected());
    // Restore with nothing injected is the normal first answer: not a fault, not a re-inject
    QCOMPARE(counter(m_link, "faults"), 0.0);
    QCOMPARE(counter(m_link, "reinjects"), 0.0);
    QVERIFY(counter(m_emu, "faults_sent") >= 1);
    QCOMPARE(m_link->counters().value("controller_active").toBool(), true);
    QTRY_VERIFY_WITH_TIMEOUT(counter(m_link, "rate_hz") > 10, 5000);
    QTRY_VERIFY(!m_frames.isEmpty());
    const SimFrame &f = m_frames.first();
    QVERIFY(std::abs(f.physicsTimeS - FlightAxisEmulator::kStartPhysicsTimeS) < 30);
    QCOMPARE(f.vehicle.state.pose.position, (Vector3{0, 0, 0})); // origin latched here
    QVERIFY(std::abs(f.latitudeDeg - kDefaultHome.latitudeDeg) < 1e-9);
    QVERIFY(std::abs(f.extras.specificForceFrdMps2.z + kGravityMps2) < 0.01); // resting
    QVERIFY(f.extras.touchingGround);
    QVERIFY(f.extras.batteryVoltageV > 15);
    QTRY_VERIFY(m_frames.size() > 10);
    QVERIFY(m_frames.last().physicsTimeS > f.physicsTimeS);
    QVERIFY(m_frames.last().sequence > f.sequence);
    // The stand-in's physics runs in fixed 4 ms frames, and it answers once per frame: each reply
    // a new frame, its physics time a whole number of frames after the first one's.
    const double frameS = FlightAxisEmulator::kDefaultFramePeriodMs / 1000.0;
    for (int i = 1; i < m_frames.size(); ++i) {
        const double frames = (m_frames[i].physicsTimeS - f.physicsTimeS) / frameS;
        QVERIFY2(m_frames[i].physicsTimeS > m_frames[i - 1].physicsTimeS &&
                     std::abs(frames - std::round(frames)) < 1e-3,
                 qPrintable(QString::number(frames, 'f', 6)));
    }
    QVERIFY(counter(m_link, "last_physics_time_s") > FlightAxisEmulator::kStartPhysicsTimeS);
}

void TestFlightAxisLink::countersHaveCliNames()
{
    startLink(m_emu->port());
    QTRY_VERIFY(counter(m_link, "exchanges") > 0);
    const QJsonObject c = m_link->counters();
    for (const char *k : {"exchanges", "faults", "reconnects", "reinjects", "rate_hz",
                          "last_physics_time_s", "glitches"})
        QVERIFY2(c.value(QLatin1String(k)).isDouble(), k);
    QVERIFY(c.value("controller_active").isBool());
}

void TestFlightAxisLink::restartedEmulatorReinjectsAndRelatches()
{
    startLink(m_emu->port());
    QVERIFY(loopContinues(20));
    const double before = counter(m_link, "last_physics_time_s");
    m_emu->restart();
    QTRY_VERIFY_WITH_TIMEOUT(counter(m_link, "reinjects") >= 1, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(counter(m_link, "time_resets") >= 1, 10000);
    QVERIFY(loopContinues(20));
    QVERIFY(counter(m_link, "last_physics_time_s") < before + 1.0);
    QVERIFY(m_emu->injected());
    bool relatched = false;
    for (const QString &e : m_events)
        relatched |= e.contains("origin re-latched");
    QVERIFY2(relatched, qPrintable(m_events.join(" | ")));
    // the first frame after the jump is at the new origin again
    QTRY_VERIFY(!m_frames.isEmpty());
    int jump = -1;
    for (int i = 1; i < m_frames.size(); ++i)
        if (m_frames[i].physicsTimeS < m_frames[i - 1].physicsTimeS)
            jump = i;
    QVERIFY(jump > 0);
    QCOMPARE(m_frames[jump].vehicle.state.pose.position, (Vector3{0, 0, 0}));
}

void TestFlightAxisLink::closedMidReply()
{
    startLink(m_emu->port());
    QVERIFY(loopContinues(10));
    m_emu->closeMidReply(1);
    QTRY_VERIFY_WITH_TIMEOUT(counter(m_link, "faults") >= 1, 10000);
    QVERIFY(loopContinues(20));
    QCOMPARE(m_link->state(), LinkState::Up);
}

void TestFlightAxisLink::garbageReply()
{
    startLink(m_emu->port());
    QVERIFY(loopContinues(10));
    m_emu->replyGarbage(2);
    QTRY_VERIFY_WITH_TIMEOUT(counter(m_link, "parse_errors") >= 2, 10000);
    QVERIFY(counter(m_link, "faults") >= 2);
    QVERIFY(loopContinues(20));
}

void TestFlightAxisLink::replySlowerThanTimeout()
{
    startLink(m_emu->port());
    QVERIFY(loopContinues(10));
    m_emu->delayReplies(1500, 1);
    QTRY_VERIFY_WITH_TIMEOUT(counter(m_link, "timeouts") >= 1, 10000);
    QVERIFY(counter(m_link, "faults") >= 1);
    QVERIFY(loopContinues(20));
}

void TestFlightAxisLink::oversizeContentLength()
{
    startLink(m_emu->port());
    QVERIFY(loopContinues(10));
    m_emu->oversizeContentLength(1);
    QTRY_VERIFY_WITH_TIMEOUT(counter(m_link, "faults") >= 1, 10000);
    QVERIFY(loopContinues(20));
    bool refused = false;
    for (const QString &e : m_events)
        refused |= e.contains("exceeds the 65536-byte limit");
    QVERIFY2(refused, qPrintable(m_events.join(" | ")));
}

void TestFlightAxisLink::quadClimbsAndRests()
{
    startLink(m_emu->port());
    QVERIFY(loopContinues(10));
    ChannelFrame idle;
    idle.selectedMask = 0xF;
    idle.values[0] = idle.values[1] = idle.values[2] = idle.values[3] = 0.0;
    QMetaObject::invokeMethod(m_link, "setChannels", Qt::QueuedConnection,
                              Q_ARG(hil::ChannelFrame, idle));
    QTest::qWait(500);
    QVERIFY(loopContinues(10));
    QCOMPARE(m_emu->modelState().positionNedM.z, 0.0);
    QTRY_VERIFY(!m_frames.isEmpty());
    QVERIFY(std::abs(m_frames.last().vehicle.state.pose.position.z) < 1e-6);

    ChannelFrame climb = idle;
    climb.values[0] = climb.values[1] = climb.values[2] = climb.values[3] = 0.8;
    QMetaObject::invokeMethod(m_link, "setChannels", Qt::QueuedConnection,
                              Q_ARG(hil::ChannelFrame, climb));
    QTRY_VERIFY_WITH_TIMEOUT(
        !m_frames.isEmpty() && m_frames.last().vehicle.state.pose.position.z < -2.0, 10000);
    const SimFrame &f = m_frames.last();
    QVERIFY(f.vehicle.velocity.z < 0); // NED: climbing is negative down
    QVERIFY(f.altitudeM > kDefaultHome.altitudeM + 2.0);
    QVERIFY(!f.extras.touchingGround);
    QVERIFY(f.extras.specificForceFrdMps2.z < -kGravityMps2);
    QVERIFY(f.extras.batteryCurrentA > 10);
    QVERIFY(std::abs(toEuler(f.vehicle.state.pose.orientation).roll) < 0.01);
}

void TestFlightAxisLink::stopGivesTransmitterBack()
{
    startLink(m_emu->port());
    QVERIFY(loopContinues(10));
    QVERIFY(m_emu->injected());
    const double restoresBefore = counter(m_emu, "requests");
    m_linkHost->stop();
    QVERIFY(!m_emu->injected()); // RestoreOriginalControllerDevice reached it
    QTRY_VERIFY(counter(m_emu, "requests") >= restoresBefore + 2);
    QVERIFY(m_linkHost->report().counters.value("exchanges").toDouble() > 0);
}

void TestFlightAxisLink::absentRealFlightIsRetriedSlowly()
{
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
    const quint16 port = probe.serverPort();
    probe.close(); // nobody listens there now
    QElapsedTimer since;
    since.start();
    startLink(port);
    // Retried (a refused connect is quick on Linux, about a second on Windows' stack) ...
    QTRY_VERIFY_WITH_TIMEOUT(counter(m_link, "connect_failures") >= 2, 10000);
    QTest::qWait(1000);
    QCOMPARE(m_link->state(), LinkState::Connecting);
    // ... but slowly: at most one attempt per 100 ms (the back-off's floor), whatever the stack.
    const double attempts = counter(m_link, "connect_failures");
    const double ceiling = 2.0 + double(since.elapsed()) / 100.0;
    QVERIFY2(attempts >= 2 && attempts <= ceiling,
             qPrintable(QStringLiteral("%1 attempts in %2 ms").arg(attempts).arg(since.elapsed())));
    QCOMPARE(counter(m_link, "exchanges"), 0.0);
    // one event for the state change, not one per attempt
    QVERIFY2(m_events.size() <= 2, qPrintable(m_events.join(" | ")));
    // RealFlight appears on that port: the link comes up by itself
    auto lateEmu = new FlightAxisEmulator(port);
    WorkerHost lateHost(lateEmu);
    QString error;
    if (!lateHost.start(&error))
        QSKIP("port taken meanwhile");
    QTRY_VERIFY_WITH_TIMEOUT(counter(m_link, "exchanges") > 5, 10000);
    QCOMPARE(m_link->state(), LinkState::Up);
    m_linkHost.reset();
}

// RealFlight's PC by name: looked up off the link's thread, IPv4 first ("localhost" is also ::1,
// where the stand-in, like RealFlight, does not listen).
void TestFlightAxisLink::hostNameIsLookedUp()
{
    startLink(m_emu->port(), QStringLiteral("localhost"));
    QTRY_VERIFY_WITH_TIMEOUT(counter(m_link, "exchanges") > 20, 10000);
    QCOMPARE(m_link->state(), LinkState::Up);
    QCOMPARE(counter(m_link, "connect_failures"), 0.0);
}

void TestFlightAxisLink::transmitterFollowsTheScriptedTransmitter()
{
    startLink(m_emu->port());
    QTRY_VERIFY_WITH_TIMEOUT(m_samples.size() > 10, 10000);
    const PilotSample first = m_samples.first();
    QCOMPARE(first.deviceId, QStringLiteral("realflight"));
    QCOMPARE(first.name, QStringLiteral("RealFlight controller"));
    QCOMPARE(first.buttons, quint64(0));
    // the idle transmitter: sticks centred, throttle (channel 3) at 0 → −1
    std::vector<double> idle(12, 0.0);
    idle[2] = -1.0;
    QCOMPARE(first.axes, idle);
    const qint64 now = steadyNowNs();
    QVERIFY(first.monotonicNs > 0 && first.monotonicNs <= now);

    // The program overrides every channel: the replies still report the transmitter, not these.
    ChannelFrame injected;
    injected.selectedMask = 0xFFF;
    injected.values.fill(0.9);
    injected.values[0] = injected.values[1] = injected.values[2] = injected.values[3] = 0.0;
    QMetaObject::invokeMethod(m_link, "setChannels", Qt::QueuedConnection,
                              Q_ARG(hil::ChannelFrame, injected));
    // The pilot moves the sticks.
    const std::vector<double> moved{1.0, 0.0, 0.25, 0.75, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.125};
    m_emu->setTransmitter(moved);
    QTRY_VERIFY_WITH_TIMEOUT(!m_samples.isEmpty() && m_samples.last().axes.at(0) == 1.0, 10000);
    QVERIFY(loopContinues(10));
    QTRY_VERIFY(m_samples.size() > 20);
    const std::vector<double> expected{1.0, -1.0, -0.5, 0.5, 0, 0, 0, 0, 0, 0, 0, -0.75};
    QCOMPARE(m_samples.last().axes, expected);
    // one sample per reply, in order, stamped with the host's steady clock as they arrived
    for (int i = 1; i < m_samples.size(); ++i) {
        QCOMPARE(m_samples[i].sequence, m_samples[i - 1].sequence + 1);
        QVERIFY(m_samples[i].monotonicNs > m_samples[i - 1].monotonicNs);
    }
    QCOMPARE(m_samples.first().sequence, quint64(1));
    const double received = m_samples.size(); // counters: a 10 Hz snapshot
    QTRY_VERIFY(counter(m_link, "transmitter_samples") >= received);
    QCOMPARE(counter(m_link, "transmitter_channels"), 12.0);
    QCOMPARE(counter(m_link, "transmitter_bad"), 0.0);
    QCOMPARE(counter(m_link, "transmitter_missing"), 0.0);
}

void TestFlightAxisLink::transmitterChannelCountsFollowTheReply()
{
    startLink(m_emu->port());
    QTRY_VERIFY_WITH_TIMEOUT(!m_samples.isEmpty(), 10000);
    m_emu->setTransmitter({0.0, 1.0, 0.0, 0.5, 1.0, 1.0, 1.0, 1.0});
    QTRY_VERIFY_WITH_TIMEOUT(m_samples.last().axes.size() == 8, 10000);
    QCOMPARE(m_samples.last().axes, (std::vector<double>{-1, 1, -1, 0, 1, 1, 1, 1}));
    QTRY_COMPARE(counter(m_link, "transmitter_channels"), 8.0);

    // No channels at all: the frames go on, the transmitter falls silent (counted, said once).
    m_emu->setTransmitter({});
    QTRY_VERIFY_WITH_TIMEOUT(counter(m_link, "transmitter_missing") >= 1, 10000);
    QTest::qWait(50); // the samples already queued
    const qsizetype silent = m_samples.size();
    const quint64 lastSequence = m_samples.last().sequence;
    const qsizetype framesBefore = m_frames.size();
    QVERIFY(loopContinues(30));
    QTRY_VERIFY(m_frames.size() >= framesBefore + 30);
    QCOMPARE(m_samples.size(), silent);
    QVERIFY(counter(m_link, "transmitter_missing") >= 30);
    int said = 0;
    for (const QString &e : m_events)
        said += e.contains("no controller channels") ? 1 : 0;
    QCOMPARE(said, 1);

    // Back: the sequence shows the replies that had none.
    m_emu->setTransmitter(FlightAxisEmulator::idleTransmitter());
    QTRY_VERIFY_WITH_TIMEOUT(m_samples.size() > silent, 10000);
    QVERIFY(m_samples[silent].sequence > lastSequence + 30);
    QCOMPARE(m_samples[silent].axes.size(), std::size_t(12));
}

void TestFlightAxisLink::noTransmitterSamplesOnceRealFlightIsGone()
{
    startLink(m_emu->port());
    QTRY_VERIFY_WITH_TIMEOUT(m_samples.size() > 10, 10000);
    m_emuHost->stop(); // RealFlight closed (and the stand-in deleted: its final counters stay)
    m_emu = nullptr;
    // A reply sent just before the close may be parsed (and stamped) after it, so the bound is
    // the replies RealFlight sent, not the clock: each exchange answers at most one sample.
    const quint64 exchangesServed =
        quint64(m_emuHost->report().counters.value(QStringLiteral("exchanges")).toDouble());
    QVERIFY(exchangesServed > 10);
    QTRY_VERIFY_WITH_TIMEOUT(
        m_link->state() != LinkState::Up || counter(m_link, "connect_failures") >= 1, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(counter(m_link, "connect_failures") >= 2, 10000);
    QTest::qWait(50); // the samples already queued
    const qsizetype before = m_samples.size();
    QVERIFY2(m_samples.last().sequence <= exchangesServed,
             qPrintable(QStringLiteral("sample %1 after %2 exchanges")
                            .arg(m_samples.last().sequence)
                            .arg(exchangesServed)));
    QTest::qWait(500);
    QCOMPARE(m_samples.size(), before); // nothing repeats the last sticks
}

QTEST_GUILESS_MAIN(TestFlightAxisLink)
#include "tst_flightaxislink.moc"
