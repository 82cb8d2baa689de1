// hilstation --rig-check DIR, the real executable: with every stand-in it passes (exit 0); with a
// platform port nobody answers on and a RflySim that never streams it fails those two checks
// (exit 4); the PDF, read back by poppler's pdftotext, names every check of report.json; the
// motion step is refused without --raven-mode cueing (exit 2). Traffic to 127.0.0.1 only.
#include "testpaths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUdpSocket>
#include <QtTest>

namespace {

struct Run
{
    int exitCode = -1;
    QString out, err;
};

Run run(const QStringList &args)
{
    QProcess p;
    p.start(hil::testpaths::program(), args);
    Run r;
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromLocal8Bit(p.readAllStandardOutput());
    r.err = QString::fromLocal8Bit(p.readAllStandardError());
    return r;
}

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object()
                                       : QJsonObject{};
}

QString verdictOf(const QJsonObject &report, const QString &check)
{
    for (const QJsonValue &v : report.value(QLatin1String("checks")).toArray())
        if (v.toObject().value(QLatin1String("check")).toString() == check)
            return v.toObject().value(QLatin1String("verdict")).toString();
    return QStringLiteral("missing");
}

} // namespace

class TestRigCheckCli : public QObject
{
    Q_OBJECT
private slots:
    void standInsPass();
    void silentPeersFail();
    void motionNeedsCueing();
};

void TestRigCheckCli::standInsPass()
{
    QTemporaryDir dir;
    const Run r = run({"--emulate", "all", "--rig-check", dir.filePath("report"),
                       "--rig-check-seconds", "2", "--log-dir", dir.filePath("session")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    const QJsonObject report = readJson(dir.filePath("report/report.json"));
    QVERIFY(report.value("verdict").toString() != QLatin1String("fail"));
    for (const char *c : {"flightaxis.exchange_rate", "flightaxis.physics_time",
                          "px4.lockstep_rate", "raven.replies", "rflysim.sensors"})
        QCOMPARE(verdictOf(report, QLatin1String(c)), QStringLiteral("pass"));
    QVERIFY(r.out.contains(QStringLiteral("pass  raven.replies")));
    // The session folder keeps its copy beside the recordings.
    QCOMPARE(readJson(dir.filePath("session/rig-check/report.json")).value("checks"),
             report.value("checks"));
}

void TestRigCheckCli::silentPeersFail()
{
    QUdpSocket platform; // bound, never answers
    QVERIFY(platform.bind(QHostAddress::LocalHost, 0));
    QTemporaryDir dir;
    const Run r = run({"--emulate", "flightaxis", "--raven",
                       QStringLiteral("127.0.0.1:%1").arg(platform.localPort()), "--raven-listen",
                       "0", "--rflysim", "127.0.0.1", "--rflysim-state-port", "0",
                       "--rflysim-sensor-port", "0", "--rig-check", dir.filePath("report"),
                       "--rig-check-seconds", "2", "--log-dir", dir.filePath("session")});
    QVERIFY2(r.exitCode == 4, qPrintable(QString::number(r.exitCode) + r.out + r.err));
    const QJsonObject report = readJson(dir.filePath("report/report.json"));
    QCOMPARE(verdictOf(report, "raven.replies"), QStringLiteral("fail"));
    QCOMPARE(verdictOf(report, "rflysim.sensors"), QStringLiteral("fail"));
    QCOMPARE(verdictOf(report, "flightaxis.exchange_rate"), QStringLiteral("pass"));
    QCOMPARE(report.value("verdict").toString(), QStringLiteral("fail"));
    for (const QJsonValue &v : report.value("checks").toArray()) {
        const QJsonObject c = v.toObject();
        if (c.value("verdict").toString() == QLatin1String("fail"))
            QVERIFY2(!c.value("fix").toString().isEmpty(), qPrintable(c.value("check").toString()));
    }

    const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    if (pdftotext.isEmpty())
        QSKIP("no pdftotext (Debian's poppler-utils, make deps installs it)");
    QProcess p;
    p.start(pdftotext, {dir.filePath("report/report.pdf"), QStringLiteral("-")});
    QVERIFY(p.waitForFinished(30000));
    const QString text = QString::fromUtf8(p.readAllStandardOutput()).simplified();
    for (const QJsonValue &v : report.value("checks").toArray())
        QVERIFY2(text.contains(v.toObject().value("check").toString()),
                 qPrintable(v.toObject().value("check").toString()));
}

void TestRigCheckCli::motionNeedsCueing()
{
    QTemporaryDir dir;
    const Run r =
        run({"--emulate", "raven", "--rig-check", dir.filePath("report"), "--rig-check-motion"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--raven-mode cueing")), qPrintable(r.err));
    QVERIFY(!QFile::exists(dir.filePath("report/report.json")));
}

QTEST_GUILESS_MAIN(TestRigCheckCli)
#include "tst_rigcheck_cli.moc"
