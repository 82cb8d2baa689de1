// `hilstation --headless --emulate px4`: the Station wires the HilLink and the PX4 stand-in,
// they talk in lockstep, and session.json reports it under links.px4 (docs/cli-and-session.md
// names).
#include "headlessrun.h"
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <QtTest>

#include "testplatform.h"

class TestPx4Headless : public QObject
{
    Q_OBJECT
private slots:
    void emulatedPx4Session();
    void unattendedTakeoffThroughTheGcsLink();
};

void TestPx4Headless::emulatedPx4Session()
{
    const HeadlessSession r = runHeadless({"--emulate", "px4", "--duration", "2"});
    QVERIFY2(r.ok, r.stderrText.constData());
    const QJsonObject px4 = r.link("px4");
    QVERIFY2(!px4.isEmpty(), "links.px4 missing");
    // The final session.json is written after stop: nothing is connected, what was is kept apart.
    QCOMPARE(px4["state"].toString(), QStringLiteral("stopped"));
    QCOMPARE(px4["connected"].toBool(), false);
    QCOMPARE(px4["connected_at_stop"].toBool(), true);
    QVERIFY(px4["hil_sensor_sent"].toInteger() > 0);
    QVERIFY(px4["hil_gps_sent"].toInteger() > 0);
    QVERIFY(px4["actuator_received"].toInteger() > 0);
    QCOMPARE(px4["crc_errors"].toInteger(), 0);
    QVERIFY(px4["last_time_usec"].toInteger() > 0);
    QVERIFY(px4.contains("lockstep_timeouts"));
    QVERIFY(px4.contains("armed"));
    const QJsonObject emu = r.emulator("emulator.px4");
    QVERIFY(emu["actuators_sent"].toInteger() > 0);
    QVERIFY(r.events.contains("PX4 connected"));
}

void TestPx4Headless::unattendedTakeoffThroughTheGcsLink()
{
    // --px4-takeoff: the ground-station link (links.px4gcs) arms the stand-in once it reports
    // ready and takes off; the stand-in waits for those commands instead of arming by itself.
    if (hil::testplatform::isWindows())
        QSKIP(
            "under Wine the RealFlight stand-in's exchanges (a TCP connection each, as RealFlight "
            "wants) run at ~80/s instead of ~200/s and the two stand-ins' loop does not hold "
            "altitude at that rate; tst_px4wine flies the real PX4 with the Windows build");
    const HeadlessSession r = runHeadless(
        {"--emulate", "flightaxis,px4", "--px4-takeoff", "3", "--duration", "12"}, 60000);
    QVERIFY2(r.ok, r.stderrText.constData());
    const QJsonObject gcs = r.link("px4gcs");
    QVERIFY2(!gcs.isEmpty(), "links.px4gcs missing");
    // The final session.json is written after stop: the stopped link is connected to nothing,
    // and connected_at_stop says PX4 was still heard when the run ended.
    QCOMPARE(gcs["state"].toString(), QStringLiteral("stopped"));
    QCOMPARE(gcs["connected"].toBool(), false);
    QCOMPARE(gcs["connected_at_stop"].toBool(), true);
    QCOMPARE(gcs["armed"].toBool(), true);
    QVERIFY(gcs["commands_accepted"].toInteger() >= 2); // arm, takeoff
    QCOMPARE(gcs["commands_timed_out"].toInteger(), 0);
    QVERIFY2(gcs["relative_altitude_m"].toDouble() > 1.5,
             qPrintable(QString::number(gcs["relative_altitude_m"].toDouble())));
    QVERIFY(r.emulator("emulator.flightaxis")["altitude_m"].toDouble() > 1.5);
    QVERIFY(r.events.contains("px4gcs\ttakeoff: accepted"));
    QVERIFY(r.events.contains("armed by the ground station"));
}

QTEST_GUILESS_MAIN(TestPx4Headless)
#include "tst_px4headless.moc"
