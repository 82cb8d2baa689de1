// The station wiring: `hilstation --headless --emulate raven` talks to its built-in platform,
// reports links.raven in session.json and never changes the platform's mode by itself;
// --raven-mode asks once.
#include "headlessrun.h"
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <QtTest>

namespace {
QJsonObject runSession(const QStringList &extra, QString *log)
{
    const HeadlessSession r =
        runHeadless(QStringList{"--emulate", "raven", "--duration", "2"} + extra);
    if (!r.ok)
        qWarning() << r.stderrText;
    *log = QString::fromUtf8(r.events);
    return r.ok ? r.json : QJsonObject{};
}
} // namespace

class TestRavenHeadless : public QObject
{
    Q_OBJECT
private slots:
    void emulatedPlatformAnswersModeStaysOff();
    void unattendedModeRequested();
};

void TestRavenHeadless::emulatedPlatformAnswersModeStaysOff()
{
    QString log;
    const QJsonObject s = runSession({}, &log);
    const QJsonObject raven = s["links"].toObject()["raven"].toObject();
    QVERIFY2(!raven.isEmpty(), "links.raven missing");
    QVERIFY(raven["frames_received"].toDouble() > 0);
    QVERIFY(raven["frames_sent"].toDouble() > 0);
    QCOMPARE(raven["mode"].toString(), QString("OFF"));
    QCOMPARE(raven["mode_requests"].toDouble(), 0.0);
    QCOMPARE(raven["motors_ok"].toArray().size(), 6);
    QCOMPARE(raven["crc_errors"].toDouble(), 0.0);
    QVERIFY(raven["listen_port"].toInt() > 0);
    QCOMPARE(s["emulators"].toObject()["emulator.raven"].toObject()["mode"].toString(),
             QString("OFF"));
    QVERIFY(log.contains("raven\tplatform answered"));
}

void TestRavenHeadless::unattendedModeRequested()
{
    QString log;
    const QJsonObject s = runSession({"--raven-mode", "level-brake", "--raven-frame", "5"}, &log);
    const QJsonObject raven = s["links"].toObject()["raven"].toObject();
    QCOMPARE(raven["mode"].toString(), QString("LEVEL BRAKE"));
    QCOMPARE(raven["frame"].toInt(), 5);
    QVERIFY(log.contains("--raven-mode"));
}

QTEST_GUILESS_MAIN(TestRavenHeadless)
#include "tst_raven_headless.moc"
