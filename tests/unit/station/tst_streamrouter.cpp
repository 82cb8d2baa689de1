// StreamRouter: producers reach consumers by the streams the descriptors declare (frames,
// platform samples, events, counter snapshots), in the consumer's own thread, exactly once per
// item however often the routing is rebuilt; the rider's link gets no live frames while replay
// drives it. Fake links on real threads (fakelinks.h), started by a real LinkManager.
#include "fakestation.h"
#include "station/streamrouter.h"
#include "telemetry/telemetryhub.h"

#include <QtTest>

using namespace hil;
using namespace hil::test;

namespace {

struct Fixture : FakeStation
{
    TelemetryHub hub;
    StreamRouter router{&hub};

    Fixture()
    {
        links->setHooks([this] { route(); }, [this] { router.unroute(); }, [](Worker *) {});
        start();
        route();
    }
    ~Fixture() { stop(); }
    void route() { router.route(links->routedLinks(), nullptr, false); }
    FakeLink *get(const char *name) const { return fake(links->worker(QLatin1String(name))); }
};

} // namespace

class TestStreamRouter : public QObject
{
    Q_OBJECT
private slots:
    void framesReachEveryConsumerInItsThread();
    void reroutingNeverDuplicates();
    void samplesEventsAndCountersReachThePublisher();
    void unrouteStopsEverything();
};

void TestStreamRouter::framesReachEveryConsumerInItsThread()
{
    Fixture f;
    f.get("sim")->sendFrame();
    QTRY_COMPARE(f.get("motion")->framesIn.load(), 1);
    QTRY_COMPARE(f.get("pub")->framesIn.load(), 1);
    QCOMPARE(f.get("motion")->deliveredIn.load(), f.get("motion")->thread());
    QCOMPARE(f.get("pub")->deliveredIn.load(), f.get("pub")->thread());
    QVERIFY(f.get("pub")->thread() != QThread::currentThread());
    QCOMPARE(f.get("sim")->framesIn.load(), 0); // a producer never gets its own frames
}

void TestStreamRouter::reroutingNeverDuplicates()
{
    Fixture f;
    for (int i = 0; i < 5; ++i)
        f.route();
    f.get("sim")->sendFrame();
    f.get("sim")->sendFrame();
    QTRY_COMPARE(f.get("motion")->framesIn.load(), 2);
    f.get("motion")->sendSample();
    QTRY_COMPARE(f.get("pub")->samplesIn.load(), 1);
    f.router.deliverEvent(Event{"station", "station.test", Severity::Info, "x"});
    QTRY_COMPARE(f.get("pub")->eventsIn.load(), 1);
    QTest::qWait(100); // late duplicates would arrive now
    QCOMPARE(f.get("motion")->framesIn.load(), 2);
    QCOMPARE(f.get("pub")->framesIn.load(), 2);
    QCOMPARE(f.get("pub")->samplesIn.load(), 1);
    QCOMPARE(f.get("pub")->eventsIn.load(), 1);
}

void TestStreamRouter::samplesEventsAndCountersReachThePublisher()
{
    Fixture f;
    f.get("motion")->sendSample();
    QTRY_COMPARE(f.get("pub")->samplesIn.load(), 1);
    QCOMPARE(f.get("pub")->deliveredIn.load(), f.get("pub")->thread());

    f.router.deliverEvent(Event{"station", "station.test", Severity::Info, "x"});
    QTRY_COMPARE(f.get("pub")->eventsIn.load(), 1);

    // Counters come from the recorder's thread in the Station: any thread will do.
    QJsonObject snapshot{{"links", QJsonObject{{"a", 1}, {"b", 2}}}};
    std::thread other([&] { f.router.deliverCounters(snapshot); });
    other.join();
    QTRY_COMPARE(f.get("pub")->countersIn.load(), 1);
    QCOMPARE(f.get("pub")->lastCountersLinks.load(), 2);
    QCOMPARE(f.get("pub")->deliveredIn.load(), f.get("pub")->thread());
}

void TestStreamRouter::unrouteStopsEverything()
{
    Fixture f;
    f.router.unroute();
    f.get("sim")->sendFrame();
    f.get("motion")->sendSample();
    f.router.deliverEvent(Event{"station", "station.test", Severity::Info, "x"});
    f.router.deliverCounters(QJsonObject{});
    QTest::qWait(150);
    QCOMPARE(f.get("motion")->framesIn.load(), 0);
    QCOMPARE(f.get("pub")->framesIn.load(), 0);
    QCOMPARE(f.get("pub")->samplesIn.load(), 0);
    QCOMPARE(f.get("pub")->eventsIn.load(), 0);
    QCOMPARE(f.get("pub")->countersIn.load(), 0);
}

QTEST_GUILESS_MAIN(TestStreamRouter)
#include "tst_streamrouter.moc"
