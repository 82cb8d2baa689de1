// StopAndPark, the Station's side of the rider's safety path: STOP reaches the motion link
// running now or still parking after a Disconnect, says so when there is none, and turns the
// replay-into-motion switch off; the exit park answers at once without a motion link, with the
// link's answer, after 4 s without one, and waits for a Disconnect's park already under way.
// Fake links on real threads (fakelinks.h), a real LinkManager.
#include "fakestation.h"
#include "station/stopandpark.h"

#include <QSignalSpy>
#include <QtTest>

using namespace hil;
using namespace hil::test;

namespace {

struct Fixture : FakeStation
{
    std::unique_ptr<StopAndPark> safety;
    QStringList events, lines;
    int routes = 0;

    explicit Fixture(QStringList emulate = simAndMotion()) : FakeStation(std::move(emulate))
    {
        links->setHooks([this] { ++routes; }, [] {}, [](Worker *) {});
        safety = std::make_unique<StopAndPark>(
            *links, [this](const Event &e) { events << e.id; },
            [this](const QString &t) { lines << t; }, [this] { ++routes; });
        start();
    }
    ~Fixture() { stop(); }
    FakeLink *motion() const { return fake(links->worker(QStringLiteral("motion"))); }
};

} // namespace

class TestStopAndPark : public QObject
{
    Q_OBJECT
private slots:
    void stopReachesTheRunningMotionLink();
    void stopReachesAMotionLinkStillParking();
    void stopWithoutAMotionLinkSaysSo();
    void stopTurnsTheReplaySwitchOff();
    void exitWithoutAMotionLinkIsParkedAtOnce();
    void exitTakesTheLinksAnswerAndADisconnectThenDoesNotParkAgain();
    void exitWithoutAnAnswerGivesUpAfterFourSeconds();
    void exitWaitsForADisconnectsPark();
    void remoteStopIsTheStopAndAnswersWhenThePlatformShowsIt();
    void remoteStopWithoutAMotionLinkAnswersWhy();
};

void TestStopAndPark::stopReachesTheRunningMotionLink()
{
    Fixture f;
    QVERIFY(f.safety->hasMotionLink());
    QCOMPARE(f.safety->platformMode(), 3);
    f.safety->emergencyStop();
    QTRY_COMPARE(f.motion()->stops.load(), 1);
    QVERIFY(f.events.isEmpty());
}

void TestStopAndPark::stopReachesAMotionLinkStillParking()
{
    Fixture f;
    FakeLink *link = f.motion();
    link->answerPark = false; // the park takes its full 4 s: the worker lives that long
    f.links->stopLink(QStringLiteral("motion"));
    QVERIFY(f.links->worker(QStringLiteral("motion")) == nullptr);
    QVERIFY(f.safety->hasMotionLink());
    QCOMPARE(f.safety->platformMode(), 3); // a stopping link still counts
    f.safety->emergencyStop();
    QTRY_COMPARE_WITH_TIMEOUT(link->stops.load(), 1, 2000);
    QVERIFY(!f.events.contains(QStringLiteral("station.stop_no_link")));
}

void TestStopAndPark::stopWithoutAMotionLinkSaysSo()
{
    Fixture f({QStringLiteral("sim")});
    QVERIFY(!f.safety->hasMotionLink());
    QCOMPARE(f.safety->platformMode(), -1);
    f.safety->emergencyStop();
    QCOMPARE(f.events, QStringList{QStringLiteral("station.stop_no_link")});
}

void TestStopAndPark::stopTurnsTheReplaySwitchOff()
{
    Fixture f;
    QSignalSpy changed(f.safety.get(), &StopAndPark::replayIntoMotionChanged);
    const int routes = f.routes;
    f.safety->setReplayIntoMotion(true);
    QVERIFY(f.safety->replayIntoMotion());
    QCOMPARE(f.routes, routes + 1); // the routing follows the switch
    f.safety->emergencyStop();
    QVERIFY(!f.safety->replayIntoMotion());
    QCOMPARE(changed.count(), 2);
    QCOMPARE(changed.at(1).at(0).toBool(), false);
    QCOMPARE(f.routes, routes + 2);
    QTRY_COMPARE(f.motion()->stops.load(), 1);
    QVERIFY(f.lines.contains(QStringLiteral("replay into the motion platform off")));
}

void TestStopAndPark::exitWithoutAMotionLinkIsParkedAtOnce()
{
    Fixture f({QStringLiteral("sim")});
    QSignalSpy parked(f.safety.get(), &StopAndPark::exitParked);
    f.safety->parkForExit();
    QVERIFY(f.safety->isParking());
    QTRY_COMPARE(parked.count(), 1);
    QCOMPARE(parked.at(0).at(0).toBool(), true);
    QCOMPARE(f.events, QStringList{QStringLiteral("station.exit_parked")});
    f.safety->parkForExit(); // idempotent: the outcome again, no second park
    QTRY_COMPARE(parked.count(), 2);
    QCOMPARE(f.events.size(), 1);
}

void TestStopAndPark::exitTakesTheLinksAnswerAndADisconnectThenDoesNotParkAgain()
{
    Fixture f;
    FakeLink *link = f.motion();
    QSignalSpy parked(f.safety.get(), &StopAndPark::exitParked);
    f.safety->parkForExit();
    QTRY_COMPARE(parked.count(), 1);
    QCOMPARE(parked.at(0).at(1).toString(), QStringLiteral("parked"));
    QCOMPARE(link->parks.load(), 1);
    QSignalSpy linkParked(f.links.get(), &LinkManager::motionLinkParked);
    f.links->stopLink(QStringLiteral("motion"));
    QTRY_VERIFY(!f.links->isLinkStopping(QStringLiteral("motion")));
    QCOMPARE(linkParked.count(), 0); // closed without a second park
}

void TestStopAndPark::exitWithoutAnAnswerGivesUpAfterFourSeconds()
{
    Fixture f;
    f.motion()->answerPark = false;
    QSignalSpy parked(f.safety.get(), &StopAndPark::exitParked);
    f.safety->parkForExit();
    QTRY_COMPARE(f.motion()->parks.load(), 1);
    QVERIFY(!parked.wait(1000)); // the exit waits for the answer ...
    QVERIFY(parked.wait(6000));  // ... until the deadline (4 s, a coarse timer)
    QCOMPARE(parked.at(0).at(0).toBool(), false);
    QCOMPARE(f.events, QStringList{QStringLiteral("station.exit_not_parked")});
}

void TestStopAndPark::exitWaitsForADisconnectsPark()
{
    Fixture f;
    QSignalSpy parked(f.safety.get(), &StopAndPark::exitParked);
    f.links->stopLink(QStringLiteral("motion")); // its park is queued into the link's thread
    f.safety->parkForExit();
    QVERIFY(f.lines.contains(QStringLiteral("exit: waiting for the motion link's park")));
    QTRY_COMPARE(parked.count(), 1);
    QCOMPARE(parked.at(0).at(0).toBool(), true);
    QCOMPARE(parked.at(0).at(1).toString(), QStringLiteral("parked"));
    QCOMPARE(f.events, QStringList{QStringLiteral("station.exit_parked")});
}

void TestStopAndPark::remoteStopIsTheStopAndAnswersWhenThePlatformShowsIt()
{
    Fixture f;
    FakeLink *link = f.motion();
    int answers = 0, mode = -2;
    bool ok = false;
    f.safety->remoteStop(QStringLiteral("instructor"), [&](bool o, int m, const QString &) {
        ++answers;
        ok = o;
        mode = m;
    });
    QCOMPARE(f.events, QStringList{QStringLiteral("station.lab_stop")});
    QTRY_COMPARE(link->stops.load(), 1); // the same command as the toolbar's
    QTest::qWait(100);
    QCOMPARE(answers, 0); // the platform still shows CUEING: no answer yet
    link->mode = 1;       // LEVEL BRAKE shown
    QTRY_COMPARE(answers, 1);
    QVERIFY(ok);
    QCOMPARE(mode, 1);
}

void TestStopAndPark::remoteStopWithoutAMotionLinkAnswersWhy()
{
    Fixture f({QStringLiteral("sim")});
    QString why;
    bool ok = true;
    f.safety->remoteStop({}, [&](bool o, int, const QString &w) {
        ok = o;
        why = w;
    });
    QVERIFY(!ok);
    QCOMPARE(why, QStringLiteral("no motion link"));
    QCOMPARE(f.events, (QStringList{QStringLiteral("station.lab_stop"),
                                    QStringLiteral("station.stop_no_link")}));
}

QTEST_GUILESS_MAIN(TestStopAndPark)
#include "tst_stopandpark.moc"
