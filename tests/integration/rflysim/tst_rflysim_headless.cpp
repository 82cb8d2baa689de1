// `hilstation --headless --emulate rflysim`: the Station wires the stand-in and the link, and
// session.json reports gimbal state and completed sensor frames under links.rflysim.
#include "headlessrun.h"
#include <QFile>
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
        QVERIFY(r.json["emulators"].toObject().contains("emulator.rflysim"));
    }
};

QTEST_GUILESS_MAIN(TestRflysimHeadless)
#include "tst_rflysim_headless.moc"
