// The rig check in-process on a Station with the RealFlight stand-in: healthy, its verdicts pass;
// with the physics paused (what RealFlight does in the background with "Pause Physics When in
// Background" on, answering at its rate with the time standing still), physics_time fails and
// the report says both causes. The report lands in the report folder and the session folder.
#include "core/post.h"
#include "core/worker.h"
#include "flightaxis/flightaxisemulator.h"
#include "mavlink/px4emulator.h"
#include "rigcheck/rigcheckrun.h"
#include "rigcheckrates.h"
#include "station/options.h"
#include "station/station.h"

#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace hil;
using namespace hil::rigcheck;

class TestRigCheckRun : public QObject
{
    Q_OBJECT
private slots:
    void realFlightPausedFailsPhysicsTime();
    void px4WithSysHitlWrong();

private:
    static RunResult runCheck(Station &station, const QString &dir);
};

RunResult TestRigCheckRun::runCheck(Station &station, const QString &dir)
{
    RunSettings s;
    s.windowS = 2.0;
    s.reportDir = dir;
    s.translatedPage = false;
    RigCheckRun run(&station, s);
    QSignalSpy done(&run, &RigCheckRun::finished);
    run.start();
    if (!done.wait(30000))
        return {};
    return done.first().first().value<RunResult>();
}

const Item *find(const RunResult &r, const char *check)
{
    for (const Item &i : r.items)
        if (i.check == QLatin1String(check))
            return &i;
    return nullptr;
}

// The failed checks of a healthy run, but for the rates where they are not judged
// (tests/common/rigcheckrates.h), which are printed.
QStringList faults(const RunResult &r)
{
    QStringList out;
    for (const Item &i : r.items) {
        if (i.verdict != Verdict::Fail)
            continue;
        if (hil::test::mustPass(i.check))
            out << i.check + QLatin1Char(' ') + i.value;
        else
            qInfo("%s: %s (not judged here)", qPrintable(i.check), qPrintable(i.value));
    }
    return out;
}

void TestRigCheckRun::realFlightPausedFailsPhysicsTime()
{
    QTemporaryDir dir;
    StationOptions o;
    o.emulate = {QStringLiteral("flightaxis")};
    o.logDir = dir.filePath(QStringLiteral("session"));
    Station station(o);
    QString error;
    QVERIFY2(station.start(&error), qPrintable(error));
    auto *rf =
        qobject_cast<FlightAxisEmulator *>(station.worker(QStringLiteral("emulator.flightaxis")));
    QVERIFY(rf);

    const RunResult healthy = runCheck(station, dir.filePath(QStringLiteral("healthy")));
    QVERIFY2(healthy.error.isEmpty(), qPrintable(healthy.error));
    QVERIFY(find(healthy, "flightaxis.physics_time"));
    QCOMPARE(find(healthy, "flightaxis.physics_time")->verdict, Verdict::Pass);
    QCOMPARE(find(healthy, "flightaxis.controller")->verdict, Verdict::Pass);
    QVERIFY2(faults(healthy).isEmpty(), qPrintable(faults(healthy).join(", ")));
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("healthy/report.pdf"))));
    QVERIFY(QFile::exists(station.sessionFolder() + QStringLiteral("/rig-check/report.json")));

    rf->setPhysicsPaused(true);
    const RunResult paused = runCheck(station, dir.filePath(QStringLiteral("paused")));
    QVERIFY(find(paused, "flightaxis.physics_time"));
    QCOMPARE(find(paused, "flightaxis.physics_time")->verdict, Verdict::Fail);
    QVERIFY(paused.anyFail());
    // Still answering at its rate: the exchanges are not what failed.
    if (hil::test::ratesJudged())
        QCOMPARE(find(paused, "flightaxis.exchange_rate")->verdict, Verdict::Pass);
    const QString fix = fixOf(*find(paused, "flightaxis.physics_time"), false);
    QVERIFY(fix.contains(QStringLiteral("Pause Physics When in Background")));
    QVERIFY(fix.contains(QStringLiteral("paused")));
    station.stop();
}

// PX4's parameters read over the ground-station link: SYS_HITL 1 on a SITL link is wrong.
void TestRigCheckRun::px4WithSysHitlWrong()
{
    QTemporaryDir dir;
    StationOptions o;
    o.emulate = {QStringLiteral("px4")};
    o.logDir = dir.filePath(QStringLiteral("session"));
    Station station(o);
    QString error;
    QVERIFY2(station.start(&error), qPrintable(error));
    auto *px4 = qobject_cast<Px4Emulator *>(station.worker(QStringLiteral("emulator.px4")));
    QVERIFY(px4);
    const RunResult healthy = runCheck(station, dir.filePath(QStringLiteral("healthy")));
    QVERIFY(find(healthy, "px4.sys_hitl"));
    QCOMPARE(find(healthy, "px4.sys_hitl")->verdict, Verdict::Pass);
    if (hil::test::mustPass(QStringLiteral("px4.lockstep_rate")))
        QCOMPARE(find(healthy, "px4.lockstep_rate")->verdict, Verdict::Pass);
    QCOMPARE(find(healthy, "px4.sys_autostart")->verdict, Verdict::Pass);
    px4->setParamForTest(QStringLiteral("SYS_HITL"), 1);
    // The check reads the parameters again when it starts; on a slow build (TSan) the answer
    // may come after a short window, so the test waits for PX4's new value first.
    Worker *gcs = station.worker(QStringLiteral("px4gcs"));
    QVERIFY(gcs);
    // (asked again until it shows: the stand-in applies the new value in its own thread)
    const auto hitl = [gcs] {
        return gcs->counters().value("params").toObject().value("SYS_HITL").toInt();
    };
    for (int i = 0; i < 10 && hitl() != 1; ++i) {
        hil::postTo(gcs, [gcs] { QMetaObject::invokeMethod(gcs, "requestRigParams"); });
        (void)QTest::qWaitFor([&] { return hitl() == 1; }, 3000);
    }
    QCOMPARE(hitl(), 1);
    const RunResult wrong = runCheck(station, dir.filePath(QStringLiteral("wrong")));
    QVERIFY(find(wrong, "px4.sys_hitl"));
    QCOMPARE(find(wrong, "px4.sys_hitl")->verdict, Verdict::Fail);
    QVERIFY2(find(wrong, "px4.sys_hitl")->value.contains(QStringLiteral("SYS_HITL 1")),
             qPrintable(find(wrong, "px4.sys_hitl")->value));
    station.stop();
}

QTEST_MAIN(TestRigCheckRun)
#include "tst_rigcheck_run.moc"
