// `hilstation --headless --emulate flightaxis`: the link runs against the stand-in and its
// counters reach session.json.
#include "headlessrun.h"
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <QtTest>

class TestFlightAxisHeadless : public QObject
{
    Q_OBJECT
private slots:
    void emulatedSessionExchanges();
};

void TestFlightAxisHeadless::emulatedSessionExchanges()
{
    const HeadlessSession r = runHeadless({"--emulate", "flightaxis", "--duration", "2"});
    QVERIFY2(r.ok, r.stderrText.constData());
    const QJsonObject s = r.json;
    const QJsonObject link = r.link("flightaxis");
    QVERIFY2(link["exchanges"].toDouble() > 0, QJsonDocument(s).toJson().constData());
    QVERIFY(link.contains("reinjects") && link.contains("glitches") && link.contains("rate_hz"));
    QVERIFY(s["emulators"].toObject().contains("emulator.flightaxis"));
    QVERIFY(r.events.contains("controller restored to the transmitter"));
}

QTEST_GUILESS_MAIN(TestFlightAxisHeadless)
#include "tst_flightaxisheadless.moc"
