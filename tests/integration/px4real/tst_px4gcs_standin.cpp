// The same flight as tst_px4real against the PX4 stand-in (--emulate px4): the ground-station
// link arms it and takes off to 2.5 m through the stand-in's own GCS port, it holds 20 s, and
// Land through the GCS link ends disarmed on the ground. Then the refusals: a mode the stand-in
// does not fly is denied with its reason, and a command to a PX4 that is not there times out.
#include "px4flight.h"

#include <QTemporaryDir>
#include <QtTest>

class TestPx4GcsStandIn : public QObject
{
    Q_OBJECT
private slots:
    void takeoffHoldLandThroughTheGcsLink();
    void deniedWithReasonAndTimedOut();
};

void TestPx4GcsStandIn::takeoffHoldLandThroughTheGcsLink()
{
    QTemporaryDir dir;
    hil::StationOptions o;
    o.headless = true;
    o.emulate = {QStringLiteral("flightaxis"), QStringLiteral("px4")};
    o.px4TakeoffM = 2.5;
    o.logDir = dir.path();
    hil::Station station(o);
    QString error;
    QVERIFY2(station.start(&error), qPrintable(error));
    const FlightReport r = flyTakeoffHoldLand(station, 2.5, 20.0, 30000);
    verifyFlight(r, 2.5);
}

void TestPx4GcsStandIn::deniedWithReasonAndTimedOut()
{
    using namespace hil;
    QTemporaryDir dir;
    StationOptions o;
    o.headless = true;
    o.emulate = {QStringLiteral("px4")};
    o.px4TakeoffM = 2.5; // the stand-in waits for commands instead of arming by itself
    o.logDir = dir.path();
    Station station(o);
    QString error;
    QVERIFY2(station.start(&error), qPrintable(error));
    auto *gcs = qobject_cast<GcsLink *>(station.worker(QStringLiteral("px4gcs")));
    QVERIFY(gcs);
    QTRY_VERIFY_WITH_TIMEOUT(gcs->status().connected, 10000);
    QMetaObject::invokeMethod(gcs, "position", Qt::QueuedConnection);
    QTRY_VERIFY_WITH_TIMEOUT(gcs->lastResult(GcsLink::kCmdSetMode).result != GcsLink::Result::Pending &&
                                 gcs->lastResult(GcsLink::kCmdSetMode).command != 0, 5000);
    const GcsLink::CommandOutcome denied = gcs->lastResult(GcsLink::kCmdSetMode);
    QCOMPARE(denied.result, GcsLink::Result::Denied);
    QVERIFY2(denied.text.contains(QStringLiteral("not supported by the stand-in")), qPrintable(denied.text));
    QVERIFY(gcs->status().statusTexts.join('\n').contains(QStringLiteral("Mode switch denied")));
    station.stop();

    // Nobody on the other end: three attempts a second apart, then "timed out".
    GcsLinkConfig cfg;
    cfg.port = 9; // discard: nothing answers on loopback
    cfg.commandRetryMs = 200;
    GcsLink lonely(cfg);
    QVERIFY(lonely.start());
    lonely.arm(true);
    QTRY_VERIFY_WITH_TIMEOUT(lonely.lastResult(GcsLink::kCmdArm).result == GcsLink::Result::TimedOut, 5000);
    QVERIFY(lonely.lastResult(GcsLink::kCmdArm).text.contains(QStringLiteral("timed out")));
    QCOMPARE(lonely.counters()["commands_sent"].toInteger(), 3);
    lonely.stop();
}

QTEST_GUILESS_MAIN(TestPx4GcsStandIn)
#include "tst_px4gcs_standin.moc"
