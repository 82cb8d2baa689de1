// `hilstation --headless --emulate rflysim`: the Station wires the stand-in and the link, and
// session.json reports gimbal state and completed sensor frames under links.rflysim, and each
// requested sensor (its own reply port, streaming) under links.rflysim.sensors.
#include "headlessrun.h"
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <QtTest>

class TestRflysimHeadless : public QObject
{
    Q_OBJECT
private slots:
    void emulatedSessionCountsFrames()
    {
        const HeadlessSession r = runHeadless({"--emulate", "rflysim", "--duration", "2"});
        QVERIFY2(r.ok, r.stderrText.constData());
        const QJsonObject link = r.link("rflysim");
        QVERIFY2(!link.isEmpty(), "links.rflysim missing");
        for (const char *key : {"gimbal_requests_sent", "gimbal_states_received",
                                "sensor_frames_completed", "sensor_frames_lost", "packets_dropped"})
            QVERIFY2(link.value(QLatin1String(key)).isDouble(), key);
        QVERIFY(link["gimbal_requests_sent"].toDouble() >= 1);
        QVERIFY(link["gimbal_states_received"].toDouble() > 0);
        QVERIFY(link["sensor_frames_completed"].toDouble() > 0);
        QCOMPARE(link["sensor_frames_lost"].toDouble(), 0.0);
        QVERIFY(link["sensor_requests_resent"].isDouble());
        const QJsonArray sensors = link["sensors"].toArray();
        QCOMPARE(sensors.size(), 2); // the stand-in's camera and LiDAR
        QSet<int> ports;
        for (const QJsonValue &v : sensors) {
            const QJsonObject s = v.toObject();
            QCOMPARE(s["state"].toString(), QStringLiteral("streaming"));
            QVERIFY(s["frames"].toDouble() > 0);
            QVERIFY(s["requests"].toDouble() >= 1);
            ports.insert(s["port"].toInt());
        }
        QCOMPARE(ports.size(), 2);
        QCOMPARE(link["endpoints"].toObject()["sensor_ports"].toArray().size(), 2);
        QVERIFY(r.json["emulators"].toObject().contains("emulator.rflysim"));
    }
};

QTEST_GUILESS_MAIN(TestRflysimHeadless)
#include "tst_rflysim_headless.moc"
