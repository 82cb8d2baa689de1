// `hilstation --headless --emulate flightaxis`: the link runs against the stand-in and its
// counters reach session.json.
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
    QTemporaryDir dir;
    QProcess p;
    p.start(HILSTATION_BIN, {"--headless", "--emulate", "flightaxis", "--duration", "2", "--log-dir", dir.path()});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 0);
    QFile f(dir.path() + "/session.json");
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject s = QJsonDocument::fromJson(f.readAll()).object();
    const QJsonObject link = s["links"].toObject()["flightaxis"].toObject();
    QVERIFY2(link["exchanges"].toDouble() > 0, QJsonDocument(s).toJson().constData());
    QVERIFY(link.contains("reinjects") && link.contains("glitches") && link.contains("rate_hz"));
    QVERIFY(s["emulators"].toObject().contains("emulator.flightaxis"));
    QFile events(dir.path() + "/events.log");
    QVERIFY(events.open(QIODevice::ReadOnly));
    QVERIFY(events.readAll().contains("controller restored to the transmitter"));
}

QTEST_GUILESS_MAIN(TestFlightAxisHeadless)
#include "tst_flightaxisheadless.moc"
