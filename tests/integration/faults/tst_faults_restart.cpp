// Each peer killed and restarted on the same port, and each peer stalled then resumed: the link
// must notice (state leaves Up) and be Up again — moving data — within 1 s of the peer's return.
// Links and stand-ins are built directly here (each on its own WorkerHost thread), so that a
// stand-in can be stopped and a fresh one started on the port the first one bound.

#include "faultutil.h"
#include "queuedspy.h"
#include "testplatform.h"

#include "flightaxis/flightaxisemulator.h"
#include "flightaxis/flightaxislink.h"
#include "mavlink/hillink.h"
#include "mavlink/px4emulator.h"
#include "raven/ravenemulator.h"
#include "raven/ravenlink.h"
#include "rflysim/rflysimemulator.h"
#include "rflysim/rflysimlink.h"

using namespace hil;
using faults::counter;

namespace {
constexpr int kRecoveryBoundMs =
    1000; // docs/README.md (fault recovery): within 1 s of the peer recovering

bool isUp(const Worker *w)
{
    return w->state() == LinkState::Up;
}
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
    auto *emu = new FlightAxisEmulator(0);
    auto emuHost = faults::launch(emu);
    const quint16 port = emu->port();
    FlightAxisConfig cfg;
    cfg.port = port;
    auto *link = new FlightAxisLink(cfg);
    auto linkHost = faults::launch(link);
    QTRY_VERIFY_WITH_TIMEOUT(isUp(link) && counter(link, "exchanges") > 20, 10000);

    emuHost.reset(); // RealFlight killed
    QTRY_VERIFY_WITH_TIMEOUT(!isUp(link), 5000);
    faults::spin(1500); // long enough for the reconnect backoff to reach its ceiling

    auto *emu2 = new FlightAxisEmulator(port);
    auto emuHost2 = faults::launch(emu2);
    QCOMPARE(emu2->port(), port);
    const double before = counter(link, "exchanges");
    const qint64 ms = faults::recoveryMs([&] { return isUp(link); });
    qInfo("flightaxis recovered %lld ms after RealFlight came back", ms);
    // Windows' stack (and Wine's rendering of it) reports a refused connect to the port RealFlight
    // is coming back on later than Linux does: 1.25 s seen under Wine (docs/windows-build.md).
    const int bound = kRecoveryBoundMs + (hil::testplatform::isWindows() ? 1000 : 0);
    QVERIFY2(ms >= 0 && ms <= bound, qPrintable(QString::number(ms)));
    QTRY_VERIFY_WITH_TIMEOUT(counter(link, "exchanges") > before + 20, 5000);
    QVERIFY(counter(link, "reconnects") >= 1 || counter(link, "reinjects") >= 1);
}

void TestFaultsRestart::flightaxisStalled()
{
    auto *emu = new FlightAxisEmulator(0);
    auto emuHost = faults::launch(emu);
    FlightAxisConfig cfg;
    cfg.port = emu->port();
    cfg.timeoutMs = 300;
    auto *link = new FlightAxisLink(cfg);
    // The state changes as the link's events say them (a bare LinkState argument carries no
    // TSan mark, the Event does: model/tsan.h).
    QueuedSpy events(static_cast<Worker *>(link), &Worker::eventRaised);
    auto linkHost = faults::launch(link);
    QTRY_VERIFY_WITH_TIMEOUT(isUp(link) && counter(link, "exchanges") > 20, 10000);

    // One reply held for 2 s: RealFlight hangs. The link must say so (Down after its 300 ms
    // timeout; before the fix it stayed Up) and be Up again with the next answered exchange.
    const qsizetype seen = events.size();
    emu->delayReplies(2000, 1);
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
    QTRY_VERIFY_WITH_TIMEOUT(counter(link, "faults") >= 1, 5000);
    const double before = counter(link, "exchanges");
    QTRY_VERIFY_WITH_TIMEOUT(counter(link, "exchanges") > before + 20, 5000);
}

void TestFaultsRestart::ravenKilledAndRestarted()
{
    auto *emu = new RavenEmulator(0);
    auto emuHost = faults::launch(emu);
    const quint16 port = emu->port();
    RavenLinkConfig cfg;
    cfg.host = QStringLiteral("127.0.0.1");
    cfg.port = port;
    cfg.listenPort = 0;
    auto *link = new RavenLink(cfg);
    auto linkHost = faults::launch(link);
    QTRY_VERIFY_WITH_TIMEOUT(isUp(link) && counter(link, "frames_received") > 10, 10000);

    emuHost.reset();
    QTRY_VERIFY_WITH_TIMEOUT(!isUp(link), 5000); // silent for 500 ms → Down
    auto *emu2 = new RavenEmulator(port);
    auto emuHost2 = faults::launch(emu2);
    QCOMPARE(emu2->port(), port);
    const qint64 ms = faults::recoveryMs([&] { return isUp(link); });
    qInfo("raven recovered %lld ms after the platform came back", ms);
    QVERIFY2(ms >= 0 && ms <= kRecoveryBoundMs, qPrintable(QString::number(ms)));
    const double before = counter(link, "frames_received");
    QTRY_VERIFY_WITH_TIMEOUT(counter(link, "frames_received") > before + 10, 5000);
}

void TestFaultsRestart::ravenStalled()
{
    auto *emu = new RavenEmulator(0);
    auto emuHost = faults::launch(emu);
    RavenLinkConfig cfg;
    cfg.host = QStringLiteral("127.0.0.1");
    cfg.port = emu->port();
    cfg.listenPort = 0;
    auto *link = new RavenLink(cfg);
    auto linkHost = faults::launch(link);
    QTRY_VERIFY_WITH_TIMEOUT(isUp(link), 10000);

    emu->setSilent(true);
    QTRY_VERIFY_WITH_TIMEOUT(!isUp(link), 5000);
    emu->setSilent(false);
    const qint64 ms = faults::recoveryMs([&] { return isUp(link); });
    qInfo("raven recovered %lld ms after the platform answered again", ms);
    QVERIFY2(ms >= 0 && ms <= kRecoveryBoundMs, qPrintable(QString::number(ms)));
}

void TestFaultsRestart::px4KilledAndRestarted()
{
    HilLinkConfig cfg;
    cfg.port = 0;
    auto *link = new HilLink(cfg);
    auto linkHost = faults::launch(link);
    const quint16 port = quint16(link->endpoints().value(QStringLiteral("listen_port")).toInt());
    QVERIFY(port != 0);
    Px4EmulatorConfig ec;
    ec.port = port;
    auto emuHost = faults::launch(new Px4Emulator(ec));
    QTRY_VERIFY_WITH_TIMEOUT(isUp(link) && counter(link, "actuator_received") > 20, 10000);

    emuHost.reset(); // PX4 killed (its socket closed)
    QTRY_VERIFY_WITH_TIMEOUT(!isUp(link), 5000);
    auto emuHost2 = faults::launch(new Px4Emulator(ec));
    const qint64 ms = faults::recoveryMs([&] { return isUp(link); });
    qInfo("px4 recovered %lld ms after PX4 came back", ms);
    QVERIFY2(ms >= 0 && ms <= kRecoveryBoundMs, qPrintable(QString::number(ms)));
    const double before = counter(link, "actuator_received");
    QTRY_VERIFY_WITH_TIMEOUT(counter(link, "actuator_received") > before + 20, 5000);
    QCOMPARE(counter(link, "connections"), 2.0);
}

void TestFaultsRestart::px4Stalled()
{
    HilLinkConfig cfg;
    cfg.port = 0;
    auto *link = new HilLink(cfg);
    auto linkHost = faults::launch(link);
    Px4EmulatorConfig ec;
    ec.port = quint16(link->endpoints().value(QStringLiteral("listen_port")).toInt());
    auto *emu = new Px4Emulator(ec);
    auto emuHost = faults::launch(emu);
    QTRY_VERIFY_WITH_TIMEOUT(counter(link, "actuator_received") > 20, 10000);

    QMetaObject::invokeMethod(emu, "setStalled", Qt::QueuedConnection, Q_ARG(bool, true));
    const double timeouts = counter(link, "lockstep_timeouts");
    QTRY_VERIFY_WITH_TIMEOUT(counter(link, "lockstep_timeouts") > timeouts + 5, 5000);
    const double sensors = counter(link, "hil_sensor_sent");
    QTRY_VERIFY_WITH_TIMEOUT(counter(link, "hil_sensor_sent") > sensors + 5,
                             5000); // still stepping
    QMetaObject::invokeMethod(emu, "setStalled", Qt::QueuedConnection, Q_ARG(bool, false));
    const double actuators = counter(link, "actuator_received");
    const qint64 ms =
        faults::recoveryMs([&] { return counter(link, "actuator_received") > actuators; });
    qInfo("px4 answering again %lld ms after the stall ended (10 Hz counters)", ms);
    QVERIFY2(ms >= 0 && ms <= kRecoveryBoundMs, qPrintable(QString::number(ms)));
}

void TestFaultsRestart::rflysimKilledAndRestarted()
{
    auto *emu = new RflySimEmulator(RflySimEmulatorConfig{});
    auto emuHost = faults::launch(emu);
    const quint16 requestPort = emu->boundRequestPort();
    RflySimLinkConfig cfg;
    cfg.host = QStringLiteral("127.0.0.1");
    cfg.requestPort = requestPort;
    cfg.statePort = 0;
    cfg.sensorPort = 0;
    auto *link = new RflySimLink(cfg);
    auto linkHost = faults::launch(link);
    QTRY_VERIFY_WITH_TIMEOUT(isUp(link) && counter(link, "gimbal_states_received") > 5, 10000);

    emuHost.reset();
    QTRY_VERIFY_WITH_TIMEOUT(!isUp(link), 5000); // stale after 500 ms
    RflySimEmulatorConfig ec;
    ec.requestPort = requestPort;
    auto emuHost2 = faults::launch(new RflySimEmulator(ec));
    const qint64 ms = faults::recoveryMs([&] { return isUp(link); });
    qInfo("rflysim recovered %lld ms after RflySim3D came back", ms);
    QVERIFY2(ms >= 0 && ms <= kRecoveryBoundMs, qPrintable(QString::number(ms)));
}

QTEST_GUILESS_MAIN(TestFaultsRestart)
#include "tst_faults_restart.moc"
