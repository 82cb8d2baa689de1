// Each peer killed and restarted on the same port, and each peer stalled then resumed: the link
// must notice (state leaves Up) and be Up again — moving data — within 1 s of the peer's return.
// Links and stand-ins run on the link rigs (each on its own WorkerHost thread), so that a stand-in
// can be stopped and a fresh one started on the port the first one bound.

#include "faultutil.h"
#include "queuedspy.h"
#include "ravenrig.h"
#include "standinrigs.h"
#include "testplatform.h"

using namespace hil;
using faults::counter;
using faults::isUp;

namespace {
constexpr int kRecoveryBoundMs =
    1000; // docs/README.md (fault recovery): within 1 s of the peer recovering
} // namespace

class TestFaultsRestart : public QObject
{
    Q_OBJECT
private slots:
    void flightaxisKilledAndRestarted();
    void flightaxisStalled();
    void ravenKilledAndRestarted();
    void ravenStalled();
    void px4KilledAndRestarted();
    void px4Stalled();
    void rflysimKilledAndRestarted();
};

void TestFaultsRestart::flightaxisKilledAndRestarted()
{
    testing::FlightAxisRig rig;
    const quint16 port = rig.emu->port();
    QTRY_VERIFY_WITH_TIMEOUT(isUp(rig.link) && counter(rig.link, "exchanges") > 20, 10000);

    rig.emuHost.reset(); // RealFlight killed
    QTRY_VERIFY_WITH_TIMEOUT(!isUp(rig.link), 5000);
    faults::spin(1500); // long enough for the reconnect backoff to reach its ceiling

    rig.startEmulator(new FlightAxisEmulator(port));
    QCOMPARE(rig.emu->port(), port);
    const double before = counter(rig.link, "exchanges");
    const qint64 ms = faults::recoveryMs([&] { return isUp(rig.link); });
    qInfo("flightaxis recovered %lld ms after RealFlight came back", ms);
    // Windows' stack (and Wine's rendering of it) reports a refused connect to the port RealFlight
    // is coming back on later than Linux does: 1.25 s seen under Wine (docs/windows-build.md).
    const int bound = kRecoveryBoundMs + (hil::testplatform::isWindows() ? 1000 : 0);
    QVERIFY2(ms >= 0 && ms <= bound, qPrintable(QString::number(ms)));
    QTRY_VERIFY_WITH_TIMEOUT(counter(rig.link, "exchanges") > before + 20, 5000);
    QVERIFY(counter(rig.link, "reconnects") >= 1 || counter(rig.link, "reinjects") >= 1);
}

void TestFaultsRestart::flightaxisStalled()
{
    testing::FlightAxisRig rig([](FlightAxisConfig &cfg) { cfg.timeoutMs = 300; });
    // The state changes as the link's events say them (a bare LinkState argument carries no
    // TSan mark, the Event does: model/tsan.h).
    QueuedSpy events(static_cast<Worker *>(rig.link), &Worker::eventRaised);
    QTRY_VERIFY_WITH_TIMEOUT(isUp(rig.link) && counter(rig.link, "exchanges") > 20, 10000);

    // One reply held for 2 s: RealFlight hangs. The link must say so (Down after its 300 ms
    // timeout; before the fix it stayed Up) and be Up again with the next answered exchange.
    const qsizetype seen = events.size();
    rig.emu->delayReplies(2000, 1);
    auto wentDownThenUp = [&] {
        bool down = false;
        for (qsizetype i = seen; i < events.size(); ++i) {
            const auto e = events.at(i).at(0).value<hil::Event>();
            down = down || e.id == QLatin1String("flightaxis.link_down");
            if (down && e.id == QLatin1String("flightaxis.link_state") &&
                e.args.value(0) == QLatin1String(linkStateName(LinkState::Up)))
                return true;
        }
        return false;
    };
    QTRY_VERIFY_WITH_TIMEOUT(wentDownThenUp(), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(counter(rig.link, "faults") >= 1, 5000);
    const double before = counter(rig.link, "exchanges");
    QTRY_VERIFY_WITH_TIMEOUT(counter(rig.link, "exchanges") > before + 20, 5000);
}

void TestFaultsRestart::ravenKilledAndRestarted()
{
    testing::RavenRig rig;
    const quint16 port = rig.emu->port();
    QTRY_VERIFY_WITH_TIMEOUT(isUp(rig.link) && counter(rig.link, "frames_received") > 10, 10000);

    rig.emuHost.reset();
    QTRY_VERIFY_WITH_TIMEOUT(!isUp(rig.link), 5000); // silent for 500 ms → Down
    rig.startEmulator(new RavenEmulator(port));
    QCOMPARE(rig.emu->port(), port);
    const qint64 ms = faults::recoveryMs([&] { return isUp(rig.link); });
    qInfo("raven recovered %lld ms after the platform came back", ms);
    QVERIFY2(ms >= 0 && ms <= kRecoveryBoundMs, qPrintable(QString::number(ms)));
    const double before = counter(rig.link, "frames_received");
    QTRY_VERIFY_WITH_TIMEOUT(counter(rig.link, "frames_received") > before + 10, 5000);
}

void TestFaultsRestart::ravenStalled()
{
    testing::RavenRig rig;
    QTRY_VERIFY_WITH_TIMEOUT(isUp(rig.link), 10000);

    rig.emu->setSilent(true);
    QTRY_VERIFY_WITH_TIMEOUT(!isUp(rig.link), 5000);
    rig.emu->setSilent(false);
    const qint64 ms = faults::recoveryMs([&] { return isUp(rig.link); });
    qInfo("raven recovered %lld ms after the platform answered again", ms);
    QVERIFY2(ms >= 0 && ms <= kRecoveryBoundMs, qPrintable(QString::number(ms)));
}

void TestFaultsRestart::px4KilledAndRestarted()
{
    testing::Px4Rig rig;
    QVERIFY(rig.port != 0);
    QTRY_VERIFY_WITH_TIMEOUT(isUp(rig.link) && counter(rig.link, "actuator_received") > 20, 10000);

    rig.emuHost.reset(); // PX4 killed (its socket closed)
    if (hil::testplatform::isWindows())
        QSKIP("under Wine: the link did not see the stand-in's socket (same process) close within "
              "5 s in one run of several, as tst_hillink::disconnectAndReconnect; PX4 leaving is "
              "covered there by tst_px4headless");
    QTRY_VERIFY_WITH_TIMEOUT(!isUp(rig.link), 5000);
    rig.startPx4();
    const qint64 ms = faults::recoveryMs([&] { return isUp(rig.link); });
    qInfo("px4 recovered %lld ms after PX4 came back", ms);
    QVERIFY2(ms >= 0 && ms <= kRecoveryBoundMs, qPrintable(QString::number(ms)));
    const double before = counter(rig.link, "actuator_received");
    QTRY_VERIFY_WITH_TIMEOUT(counter(rig.link, "actuator_received") > before + 20, 5000);
    QCOMPARE(counter(rig.link, "connections"), 2.0);
}

void TestFaultsRestart::px4Stalled()
{
    testing::Px4Rig rig;
    QTRY_VERIFY_WITH_TIMEOUT(counter(rig.link, "actuator_received") > 20, 10000);

    QMetaObject::invokeMethod(rig.emu, "setStalled", Qt::QueuedConnection, Q_ARG(bool, true));
    const double timeouts = counter(rig.link, "lockstep_timeouts");
    QTRY_VERIFY_WITH_TIMEOUT(counter(rig.link, "lockstep_timeouts") > timeouts + 5, 5000);
    const double sensors = counter(rig.link, "hil_sensor_sent");
    QTRY_VERIFY_WITH_TIMEOUT(counter(rig.link, "hil_sensor_sent") > sensors + 5,
                             5000); // still stepping
    QMetaObject::invokeMethod(rig.emu, "setStalled", Qt::QueuedConnection, Q_ARG(bool, false));
    const double actuators = counter(rig.link, "actuator_received");
    const qint64 ms =
        faults::recoveryMs([&] { return counter(rig.link, "actuator_received") > actuators; });
    qInfo("px4 answering again %lld ms after the stall ended (10 Hz counters)", ms);
    QVERIFY2(ms >= 0 && ms <= kRecoveryBoundMs, qPrintable(QString::number(ms)));
}

void TestFaultsRestart::rflysimKilledAndRestarted()
{
    testing::RflySimRig rig;
    const quint16 requestPort = rig.emu->boundRequestPort();
    QTRY_VERIFY_WITH_TIMEOUT(isUp(rig.link) && counter(rig.link, "gimbal_states_received") > 5,
                             10000);

    rig.emuHost.reset();
    QTRY_VERIFY_WITH_TIMEOUT(!isUp(rig.link), 5000); // stale after 500 ms
    RflySimEmulatorConfig ec;
    ec.requestPort = requestPort;
    rig.startEmulator(new RflySimEmulator(ec));
    const qint64 ms = faults::recoveryMs([&] { return isUp(rig.link); });
    qInfo("rflysim recovered %lld ms after RflySim3D came back", ms);
    QVERIFY2(ms >= 0 && ms <= kRecoveryBoundMs, qPrintable(QString::number(ms)));
}

QTEST_GUILESS_MAIN(TestFaultsRestart)
#include "tst_faults_restart.moc"
