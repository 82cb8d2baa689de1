// HilLink's order matching against an autopilot with a clock of its own, answering at once from a
// thread of its own (a std::thread with a blocking socket on 127.0.0.1), the link on its worker
// thread: after the switch to order matching the link must reach one answer per step and stay
// there, whatever debts were counted at the switch and after an answer that never comes.
#include "core/workerhost.h"
#include "mavlink/hillink.h"
#include "mavlink/messages.h"

#include <QTcpSocket>
#include <QtTest>
#include <atomic>
#include <thread>

#include "queuedspy.h"

using namespace hil;
using namespace hil::mavlink;

namespace {
/// A lockstep autopilot that keeps time of its own: its clock starts at its connect and moves
/// 4 ms for each HIL_SENSOR it handles, 1 µs off our 4,000 µs grid, so its stamps are always
/// behind the step in flight and never equal a step we sent. It answers every HIL_SENSOR with
/// one HIL_ACTUATOR_CONTROLS (lockstep flag) as soon as it reads it, in its own thread, so the
/// answers do not wait for the test's event loop. dropNext: the next sensor gets no answer.
class OwnClockAutopilot
{
public:
    explicit OwnClockAutopilot(quint16 port) : m_thread([this, port] { run(port); }) {}
    ~OwnClockAutopilot()
    {
        m_stop = true;
        m_thread.join();
    }
    OwnClockAutopilot(const OwnClockAutopilot &) = delete;
    OwnClockAutopilot &operator=(const OwnClockAutopilot &) = delete;

    std::atomic<int> sensors{0}, answers{0}, dropped{0};
    std::atomic<bool> dropNext{false};

private:
    void run(quint16 port)
    {
        QTcpSocket socket;
        socket.connectToHost(QHostAddress::LocalHost, port);
        if (!socket.waitForConnected(5000))
            return;
        socket.write(encodeMessage(Heartbeat{0, 2, 12, 0, 3, 3}, FrameHeader{0, 1, 1}));
        socket.flush();
        StreamParser parser;
        std::uint64_t clockUsec = 1;
        while (!m_stop && socket.state() == QAbstractSocket::ConnectedState) {
            if (!socket.waitForReadyRead(20))
                continue;
            const QByteArray data = socket.readAll();
            parser.feed(data.constData(), std::size_t(data.size()));
            Frame f;
            while (parser.next(&f)) {
                HilSensor s;
                if (!decodeMessage(f, &s))
                    continue;
                ++sensors;
                const std::uint64_t stamp = clockUsec;
                clockUsec += 4000;
                if (dropNext.exchange(false)) {
                    ++dropped;
                    continue;
                }
                HilActuatorControls a;
                a.timeUsec = stamp;
                a.flags = HilActuatorControls::kFlagLockstep;
                a.mode = 1;
                socket.write(encodeMessage(a, FrameHeader{}));
                ++answers;
            }
            socket.flush();
        }
    }

    std::atomic<bool> m_stop{false};
    std::thread m_thread; // last: starts once the members above exist
};

struct Rig
{
    HilLink *link = nullptr;
    std::unique_ptr<WorkerHost> host;
    std::unique_ptr<QueuedSpy> events;

    bool start()
    {
        HilLinkConfig c;
        c.port = 0;
        // Real time (250 steps/s of the wall clock), as in the program. The wait is longer than
        // the program's 20 ms so that a busy test machine, not the matching, never times a step
        // out; the lag this test is about times out every step whatever the wait.
        c.lockstepTimeoutMs = 50;
        link = new HilLink(c);
        events = std::make_unique<QueuedSpy>(static_cast<Worker *>(link), &Worker::eventRaised);
        host = std::make_unique<WorkerHost>(link);
        QString error;
        return host->start(&error);
    }
    quint16 port() const { return quint16(link->endpoints()["listen_port"].toInt()); }
    qint64 counter(const char *name) const { return link->counters()[name].toInteger(); }
    /// One snapshot: counters published together (the link refreshes them at 10 Hz).
    QJsonObject counters() const { return link->counters(); }
    int switches() const
    {
        int n = 0;
        for (const auto &e : *events)
            n += e.first().value<Event>().id == QLatin1String("px4.answer_matching");
        return n;
    }
    QString figures() const
    {
        return QStringLiteral("sent %1, answered %2, late %3, timeouts %4")
            .arg(counter("hil_sensor_sent"))
            .arg(counter("answered_steps"))
            .arg(counter("late_answers"))
            .arg(counter("lockstep_timeouts"));
    }
    ~Rig()
    {
        if (host)
            host->stop();
    }
};

constexpr int kSecondOfSteps = 250;
} // namespace

class TestHilLinkOwnClock : public QObject
{
    Q_OBJECT
private slots:
    void oneAnswerPerStepAfterTheSwitch();
    void lostAnswerCostsAFewSteps();
};

// The peer answers each step at once, but its first answers in lockstep carry stamps that match
// nothing: those steps wait out the timeout and are counted as owed an answer, although their
// answers have already come. After the switch the link must not keep taking each answer for an
// older step (and time out the step in flight, which is then owed in turn, for good).
void TestHilLinkOwnClock::oneAnswerPerStepAfterTheSwitch()
{
    Rig rig;
    QVERIFY(rig.start());
    OwnClockAutopilot peer(rig.port());
    QTRY_COMPARE_WITH_TIMEOUT(rig.switches(), 1, 10000);
    // Settled: the first answered steps after the switch.
    QTRY_VERIFY2_WITH_TIMEOUT(rig.counter("answered_steps") >= 25, qPrintable(rig.figures()), 5000);
    const QJsonObject c0 = rig.counters();
    const qint64 answered0 = c0["answered_steps"].toInteger();
    // A second of steps, each answered in time: one answer per step, none waits out the timeout.
    QTRY_VERIFY2_WITH_TIMEOUT(rig.counter("answered_steps") >= answered0 + kSecondOfSteps,
                              qPrintable(rig.figures()), 10000);
    const QJsonObject c1 = rig.counters();
    auto delta = [&](const char *name) { return c1[name].toInteger() - c0[name].toInteger(); };
    const QString figures = QStringLiteral("in the window: sent %1, answered %2, timeouts %3")
                                .arg(delta("hil_sensor_sent"))
                                .arg(delta("answered_steps"))
                                .arg(delta("lockstep_timeouts"));
    QVERIFY2(delta("lockstep_timeouts") == 0, qPrintable(figures));
    // Every step sent in the window answered (the one in flight at either end aside).
    QVERIFY2(delta("hil_sensor_sent") <= delta("answered_steps") + 1, qPrintable(figures));
    QCOMPARE(c1["answer_matching"].toString(), QStringLiteral("order"));
}

// After the switch, one answer never comes (the peer skips a sensor): the step times out, the
// next answer pays its debt, and the step after that must be answered again, not each answer
// taken for its predecessor from then on.
void TestHilLinkOwnClock::lostAnswerCostsAFewSteps()
{
    Rig rig;
    QVERIFY(rig.start());
    OwnClockAutopilot peer(rig.port());
    QTRY_COMPARE_WITH_TIMEOUT(rig.switches(), 1, 10000);
    QTRY_VERIFY2_WITH_TIMEOUT(rig.counter("answered_steps") >= 50, qPrintable(rig.figures()), 5000);
    const qint64 timeouts0 = rig.counter("lockstep_timeouts");
    peer.dropNext = true;
    QTRY_COMPARE(peer.dropped.load(), 1);
    QTRY_VERIFY2(rig.counter("lockstep_timeouts") > timeouts0, qPrintable(rig.figures()));
    const qint64 answered0 = rig.counter("answered_steps");
    QTRY_VERIFY2_WITH_TIMEOUT(rig.counter("answered_steps") >= answered0 + kSecondOfSteps,
                              qPrintable(rig.figures()), 10000);
    // The lost answer's step and the one whose answer paid its debt; then none.
    QVERIFY2(rig.counter("lockstep_timeouts") <= timeouts0 + 2, qPrintable(rig.figures()));
    const qint64 timeouts1 = rig.counter("lockstep_timeouts");
    const qint64 answered1 = rig.counter("answered_steps");
    QTRY_VERIFY2_WITH_TIMEOUT(rig.counter("answered_steps") >= answered1 + kSecondOfSteps,
                              qPrintable(rig.figures()), 10000);
    QVERIFY2(rig.counter("lockstep_timeouts") == timeouts1, qPrintable(rig.figures()));
}

QTEST_GUILESS_MAIN(TestHilLinkOwnClock)
#include "tst_hillink_ownclock.moc"
