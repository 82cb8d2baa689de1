// `hilstation --headless --emulate px4`: the Station wires the HilLink and the PX4 stand-in,
// they talk in lockstep, and session.json reports it under links.px4 (docs/cli-and-session.md
// names).
#include "headlessrun.h"
#include "tlogcount.h"
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
    void tlogHoldsBothPx4LinksForReplay();
    void unattendedTakeoffThroughTheGcsLink();
    void hoverHoldsAtSixtyExchangesASecond();
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

void TestPx4Headless::tlogHoldsBothPx4LinksForReplay()
{
    // mavlink.tlog as an independent MAVLink reader (npm's node-mavlink) sees it: the HIL link's
    // frames and the ground-station link's both ways, every CRC good, in time order. PX4's
    // ATTITUDE and GLOBAL_POSITION_INT are what QGroundControl's replay draws the flight from.
    const HeadlessSession r = runHeadless({"--emulate", "px4", "--duration", "3"});
    QVERIFY2(r.ok, r.stderrText.constData());
    QTemporaryDir dir;
    QFile file(dir.filePath("mavlink.tlog"));
    QVERIFY(file.open(QIODevice::WriteOnly) && file.write(r.tlog) == r.tlog.size());
    file.close();
    const TlogCount t = countTlog(file.fileName());
    if (!t.skipReason.isEmpty())
        QSKIP(qPrintable(t.skipReason));
    QVERIFY2(t.error.isEmpty(), qPrintable(t.error));
    const QByteArray seen = t.summary().toUtf8();
    QVERIFY2(t.value("records") > 0, seen.constData());
    const QString missing = t.missingForReplay();
    QVERIFY2(missing.isEmpty(), qPrintable(missing + QLatin1Char('\n') + t.summary()));
    QVERIFY2(t.heartbeatsFrom("1/1") > 0, seen.constData());       // PX4 (the stand-in's GCS side)
    QVERIFY2(t.count("PARAM_REQUEST_READ") > 0, seen.constData()); // the COM_RC_IN_MODE read
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

void TestPx4Headless::hoverHoldsAtSixtyExchangesASecond()
{
    // The field case: a computer on which RealFlight's exchanges come at ~60/s and a round trip
    // between the PX4 link and the stand-in takes ~5 ms (the Windows build under Wine). At 60
    // frames/s each frame is 4 lockstep steps, 20 ms of round trips in a 16.7 ms frame: the
    // steps queued up, actuators came back up to a second late, and the stand-in pair climbed to
    // ~8 m and tumbled (|roll| 3.1 rad). Now: the hover at 5 m holds, level.
    const double rateHz = 60.0, durationS = 12.0;
    const HeadlessSession r =
        runHeadless({"--emulate", "flightaxis,px4", "--px4-takeoff", "5", "--flightaxis-max-rate",
                     QString::number(rateHz), "--px4-standin-answer-delay", "5", "--duration",
                     QString::number(durationS)},
                    60000);
    QVERIFY2(r.ok, r.stderrText.constData());
    // The exchange rate was limited (an upper bound: a loaded computer may do fewer).
    const double exchanges = r.link("flightaxis")["exchanges"].toDouble();
    QVERIFY2(exchanges > 0 && exchanges <= (rateHz + 2.0) * durationS,
             qPrintable(QString::number(exchanges)));

    const QList<QByteArray> lines = r.stateCsv.split('\n');
    QVERIFY(lines.size() > 2);
    const QList<QByteArray> header = lines.first().split(',');
    const qsizetype colT = header.indexOf("host_time_s"),
                    colAlt = header.indexOf("extras/altitude_agl"),
                    colRoll = header.indexOf("attitude/roll"),
                    colPitch = header.indexOf("attitude/pitch");
    QVERIFY(colT >= 0 && colAlt >= 0 && colRoll >= 0 && colPitch >= 0);
    // From 2 s after the vehicle first reached 4.75 m to the end of the run: the hover.
    double reachedS = -1, minAlt = 1e9, maxAlt = -1e9, maxTilt = 0;
    int rows = 0;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QList<QByteArray> v = lines[i].split(',');
        if (v.size() < header.size())
            continue;
        const double t = v[colT].toDouble(), alt = v[colAlt].toDouble();
        if (reachedS < 0 && alt >= 4.75)
            reachedS = t;
        if (reachedS < 0 || t < reachedS + 2.0)
            continue;
        ++rows;
        minAlt = std::min(minAlt, alt);
        maxAlt = std::max(maxAlt, alt);
        maxTilt =
            std::max({maxTilt, std::abs(v[colRoll].toDouble()), std::abs(v[colPitch].toDouble())});
    }
    const QJsonObject px4 = r.link("px4");
    const QByteArray text =
        QStringLiteral("%1 exchanges; hover from %2 s: %3 rows, altitude %4..%5 m, |roll|,|pitch| "
                       "max %6 rad; HIL_SENSOR %7, samples dropped %8, interpolated skipped %9")
            .arg(exchanges)
            .arg(reachedS, 0, 'f', 2)
            .arg(rows)
            .arg(minAlt, 0, 'f', 2)
            .arg(maxAlt, 0, 'f', 2)
            .arg(maxTilt, 0, 'f', 3)
            .arg(px4["hil_sensor_sent"].toInteger())
            .arg(px4["samples_dropped"].toInteger())
            .arg(px4["interpolated_skipped"].toInteger())
            .toUtf8();
    qInfo("%s", text.constData());
    QVERIFY2(reachedS > 0 && rows > 60, text.constData()); // took off, and hovered over 1 s
    QVERIFY2(minAlt >= 4.7 && maxAlt <= 5.3, text.constData());
    QVERIFY2(maxTilt < 0.05, text.constData());
    QCOMPARE(px4["samples_dropped"].toInteger(), 0);
}

QTEST_GUILESS_MAIN(TestPx4Headless)
#include "tst_px4headless.moc"
