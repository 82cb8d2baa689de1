// LinkManager: which workers run, in which order they start, how they stop (the motion link
// parks first unless the exit parked it), the routing hooks around every change, and the
// entries session.json keeps. Fake links on real threads (fakelinks.h).
#include "fakestation.h"

#include <QSignalSpy>
#include <QtTest>

using namespace hil;
using namespace hil::test;

namespace {

struct Fixture : FakeStation
{
    int routes = 0, unroutes = 0, wired = 0;

    explicit Fixture(QStringList emulate = simAndMotion()) : FakeStation(std::move(emulate))
    {
        links->setHooks([this] { ++routes; }, [this] { ++unroutes; },
                        [this](Worker *) { ++wired; });
    }
    QString stateOf(const char *group, const char *name) const
    {
        QJsonObject l, e;
        links->report(&l, &e);
        const QJsonObject &g = QLatin1String(group) == QLatin1String("links") ? l : e;
        return g.value(QLatin1String(name)).toObject().value("state").toString();
    }
};

} // namespace

class TestLinkManager : public QObject
{
    Q_OBJECT
private slots:
    void startsStandInsFirstThenLinksThenCompanions();
    void stopLinkUnroutesAtOnceAndKeepsTheEntry();
    void stoppingTheMotionLinkParksFirst();
    void afterTheExitParkedADisconnectDoesNotParkAgain();
    void connectLinkOpensInItsThreadAndRefusesWhileStopping();
    void refusesWhenInactiveOrUnknown();
    void aCompanionIsDeletedBeforeItsLink();
    void aCompanionRunsWheneverItsLinkDoes();
};

void TestLinkManager::startsStandInsFirstThenLinksThenCompanions()
{
    Fixture f;
    QString error;
    QVERIFY2(f.links->startAtLaunch(&error), qPrintable(error));
    const std::vector<QString> expected{"emulator.sim", "emulator.motion", "sim", "pub", "motion"};
    QCOMPARE(f.log.built, expected);
    QCOMPARE(f.wired, 5); // every worker's events wired before it starts
    QVERIFY(f.links->isLinkRunning("pub"));
    QVERIFY(f.links->isEmulatorRunning("motion"));
    QCOMPARE(int(f.links->routedLinks().size()), 3); // links only, never stand-ins
    QCOMPARE(f.links->motion().first, f.links->worker("motion"));
    f.links->stopAll();
    QCOMPARE(f.stateOf("links", "sim"), QStringLiteral("stopped"));
    QCOMPARE(f.stateOf("emulators", "emulator.sim"), QStringLiteral("stopped"));
    f.links->clear();
    QCOMPARE(f.stateOf("links", "sim"), QString());
}

void TestLinkManager::stopLinkUnroutesAtOnceAndKeepsTheEntry()
{
    Fixture f;
    QString error;
    QVERIFY(f.links->startAtLaunch(&error));
    QSignalSpy changed(f.links.get(), &LinkManager::linksChanged);
    const int routesBefore = f.routes;
    f.links->stopLink("sim");
    // Gone for callers at once, routed around before anything else, "stopping" meanwhile.
    QVERIFY(f.links->worker("sim") == nullptr);
    QCOMPARE(f.routes, routesBefore + 1);
    QCOMPARE(changed.count(), 1);
    QVERIFY(f.links->isLinkStopping("sim"));
    QCOMPARE(*f.links->linkState("sim"), LinkState::Stopping);
    QTRY_VERIFY(!f.links->isLinkStopping("sim"));
    QCOMPARE(changed.count(), 3); // and once each when "sim" and its companion "pub" have stopped
    QCOMPARE(f.stateOf("links", "sim"), QStringLiteral("stopped"));
    QJsonObject l, e;
    f.links->report(&l, &e);
    QVERIFY(l.value("sim").toObject().contains("frames_in")); // the last counters stay
    // A synchronous restart replaces the entry, and unroutes before stopping a routed worker.
    const int unroutesBefore = f.unroutes;
    QVERIFY(f.links->startLink("motion", Endpoint{}, &error)); // ("pub" stopped with "sim")
    QCOMPARE(f.unroutes, unroutesBefore + 1);
    f.links->report(&l, &e);
    QCOMPARE(l.size(), 3);
}

void TestLinkManager::stoppingTheMotionLinkParksFirst()
{
    Fixture f;
    QString error;
    QVERIFY(f.links->startAtLaunch(&error));
    auto *motion = fake(f.links->worker("motion"));
    QSignalSpy parked(f.links.get(), &LinkManager::motionLinkParked);
    f.links->stopLink("motion");
    QVERIFY(f.links->stoppingMotionPark().has_value());
    QVERIFY(f.links->motionHost().first != nullptr); // STOP still has somewhere to go
    QTRY_COMPARE(parked.count(), 1);
    QCOMPARE(parked.at(0).at(0).toBool(), true);
    QCOMPARE(parked.at(0).at(1).toString(), QStringLiteral("parked"));
    Q_UNUSED(motion); // deleted with its thread by now or soon: not read after the park
    QTRY_VERIFY(!f.links->isLinkStopping("motion"));
    QVERIFY(!f.links->stoppingMotionPark().has_value());
}

void TestLinkManager::afterTheExitParkedADisconnectDoesNotParkAgain()
{
    Fixture f;
    QString error;
    QVERIFY(f.links->startAtLaunch(&error));
    QSignalSpy parked(f.links.get(), &LinkManager::motionLinkParked);
    f.links->setExitParked(true);
    f.links->stopLink("motion");
    QVERIFY(!f.links->stoppingMotionPark() || f.links->stoppingMotionPark()->done == false);
    QTRY_VERIFY(!f.links->isLinkStopping("motion"));
    QCOMPARE(parked.count(), 0);
}

void TestLinkManager::connectLinkOpensInItsThreadAndRefusesWhileStopping()
{
    Fixture f({QStringLiteral("motion")});
    QString error;
    QVERIFY(f.links->startAtLaunch(&error));
    QVERIFY(!f.links->isLinkRunning("sim"));
    QSignalSpy failed(f.links.get(), &LinkManager::linkStartFailed);
    f.links->connectLink("sim", Endpoint{QStringLiteral("127.0.0.1"), 1});
    QVERIFY(f.links->isLinkOpening("sim") || f.links->isLinkRunning("sim"));
    QTRY_VERIFY(f.links->isLinkRunning("sim"));
    QVERIFY(!f.links->isLinkOpening("sim"));

    fake(f.links->worker("motion"))->answerPark = false; // parks for 4 s
    f.links->stopLink("motion");
    f.links->connectLink("motion", Endpoint{});
    QCOMPARE(failed.count(), 1);
    QVERIFY(failed.at(0).at(1).toString().contains("still stopping"));
}

void TestLinkManager::refusesWhenInactiveOrUnknown()
{
    Fixture f;
    QString error;
    QVERIFY(!f.links->startLink("sim", Endpoint{}, &error));
    QVERIFY(error.contains("not running"));
    QVERIFY(f.links->startAtLaunch(&error));
    QVERIFY(!f.links->startLink("nosuch", Endpoint{}, &error));
    QVERIFY(error.contains("nosuch"));
    QVERIFY(!f.links->startEmulator("pub", &error)); // it has no stand-in
    QVERIFY(error.contains("pub"));
}

void TestLinkManager::aCompanionIsDeletedBeforeItsLink()
{
    // The two are wired to each other across their threads (HITL's ground-station link and the
    // PX4 link): the link waits for its companion's deletion, however slow its close, and is
    // never deleted at the same time in another thread. Disconnecting the link stops both.
    for (const bool all : {true, false}) {
        Fixture f(QStringList{});
        f.log.closeMs = 300;
        QString error;
        QVERIFY(f.links->startAtLaunch(&error)); // nothing to start: no option, no stand-in
        QVERIFY(f.links->startLink("sim", Endpoint{}, &error));
        QVERIFY(f.links->isLinkRunning("pub")); // started with it
        QSignalSpy stopped(f.links.get(), &LinkManager::linksStopped);
        if (all) {
            f.links->stopLinksAsync(); // the window's close: every link at once, asynchronously
            QTRY_COMPARE(stopped.count(), 1);
        } else {
            f.links->stopLink("sim"); // the Links panel's Disconnect of the link alone
            QVERIFY(f.links->isLinkStopping("pub"));
            QTRY_VERIFY(!f.links->isLinkStopping("sim"));
        }
        QMutexLocker lock(&f.log.mutex);
        const std::vector<QString> expected{"pub", "sim"};
        QCOMPARE(f.log.deleted, expected);
    }
}

void TestLinkManager::aCompanionRunsWheneverItsLinkDoes()
{
    // The Links panel's Disconnect stopped both; its Connect brings both back, the companion
    // after the link (so that it hangs on the new one), as the launch does.
    Fixture f(QStringList{});
    QString error;
    QVERIFY(f.links->startAtLaunch(&error));
    f.links->connectLink("sim", Endpoint{QStringLiteral("127.0.0.1"), 1});
    QTRY_VERIFY(f.links->isLinkRunning("sim") && f.links->isLinkRunning("pub"));
    const std::vector<QString> order{"sim", "pub"};
    QCOMPARE(f.log.built, order);
    f.links->stopLink("sim");
    QTRY_VERIFY(!f.links->isLinkStopping("sim"));
    QVERIFY(!f.links->isLinkRunning("pub"));
    f.links->connectLink("sim", Endpoint{QStringLiteral("127.0.0.1"), 1});
    QTRY_VERIFY(f.links->isLinkRunning("sim") && f.links->isLinkRunning("pub"));
    // The synchronous restart (command line, tests) does the same.
    f.links->stopLink("sim");
    QTRY_VERIFY(!f.links->isLinkStopping("sim"));
    QVERIFY(f.links->startLink("sim", Endpoint{}, &error));
    QVERIFY(f.links->isLinkRunning("pub"));
}

QTEST_GUILESS_MAIN(TestLinkManager)
#include "tst_linkmanager.moc"
