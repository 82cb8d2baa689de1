// hilstation --rig-check DIR, the real executable: with every stand-in it passes (exit 0); with a
// platform port nobody answers on and a RflySim that never streams it fails those two checks
// (exit 4); the PDF, read back by poppler's pdftotext, names every check of report.json; the
// motion step is refused without --raven-mode cueing (exit 2). Traffic to 127.0.0.1 only.
#include "core/post.h"
#include "core/workerhost.h"
#include "raven/axischeckstore.h"
#include "raven/cueing.h"
#include "raven/ravencodec.h"
#include "raven/ravenemulator.h"
#include "rigcheckrates.h"
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

Run run(const QStringList &args,
        const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(hil::testpaths::program(), args);
    Run r;
    if (!p.waitForFinished(60000)) {
        r.err = QStringLiteral(" [not finished: %1]").arg(p.errorString());
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    if (p.exitStatus() != QProcess::NormalExit)
        r.err = QStringLiteral(" [crashed: %1]").arg(p.errorString());
    r.out = QString::fromLocal8Bit(p.readAllStandardOutput());
    r.err += QString::fromLocal8Bit(p.readAllStandardError());
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

// The failed checks, but for the rates where they are not judged (tests/common/rigcheckrates.h).
QStringList faults(const QJsonObject &report)
{
    QStringList out;
    for (const QJsonValue &v : report.value(QLatin1String("checks")).toArray()) {
        const QJsonObject c = v.toObject();
        const QString check = c.value(QLatin1String("check")).toString();
        if (c.value(QLatin1String("verdict")).toString() != QLatin1String("fail"))
            continue;
        if (hil::test::mustPass(check))
            out << check;
        else
            qInfo("%s: %s (not judged here)", qPrintable(check),
                  qPrintable(c.value(QLatin1String("value")).toString()));
    }
    return out;
}

} // namespace

class TestRigCheckCli : public QObject
{
    Q_OBJECT
private slots:
    void standInsPass();
    void silentPeersFail();
    void motionNeedsCueing();
    void motionMeasuresTheStandInsDelay();
    void motionRefusedOnAHeldAddress();

private:
    // The platform stand-in in this process (it sees every cue the program sends), seat quick to
    // settle so that a few steps take seconds; its axis-check store isolated in dir.
    struct Platform
    {
        hil::RavenEmulator *emu = nullptr;
        std::unique_ptr<hil::WorkerHost> host;
        quint16 port = 0;
        QString store;
        QProcessEnvironment env;
    };
    static void startPlatform(Platform &p, const QTemporaryDir &dir, double delayMs);
};

void TestRigCheckCli::startPlatform(Platform &p, const QTemporaryDir &dir, double delayMs)
{
    p.emu = new hil::RavenEmulator(0);
    p.emu->setResponseDelayMs(delayMs);
    p.emu->setWashoutForTest(0.05);
    p.host = std::make_unique<hil::WorkerHost>(p.emu);
    QString err;
    QVERIFY2(p.host->start(&err), qPrintable(err));
    hil::runIn(p.emu, [&p] { p.port = p.emu->port(); });
    p.store = dir.filePath(QStringLiteral("axischeck.ini"));
    p.env = QProcessEnvironment::systemEnvironment();
    p.env.insert(QStringLiteral("HIL_AXIS_CHECK_STORE"), p.store);
}

void TestRigCheckCli::standInsPass()
{
    QTemporaryDir dir;
    // The platform in CUEING, and no --rig-check-motion: the seat is never stepped.
    const Run r =
        run({"--emulate", "all", "--raven-mode", "cueing", "--rig-check", dir.filePath("report"),
             "--rig-check-seconds", "2", "--log-dir", dir.filePath("session")});
    const QJsonObject report = readJson(dir.filePath("report/report.json"));
    QVERIFY2(faults(report).isEmpty(), qPrintable(faults(report).join(", ") + r.out + r.err));
    // Exit 4 exactly when the report fails (a rate where it is not judged, at most).
    const bool failed = report.value("verdict").toString() == QLatin1String("fail");
    QVERIFY2(r.exitCode == (failed ? 4 : 0), qPrintable(r.out + r.err));
    for (const char *c : {"flightaxis.exchange_rate", "flightaxis.physics_time",
                          "px4.lockstep_rate", "raven.replies", "rflysim.sensors"})
        if (hil::test::mustPass(QLatin1String(c)))
            QCOMPARE(verdictOf(report, QLatin1String(c)), QStringLiteral("pass"));
    QVERIFY(r.out.contains(QStringLiteral("pass  raven.replies")));
    // The session folder keeps its copy beside the recordings.
    QCOMPARE(readJson(dir.filePath("session/rig-check/report.json")).value("checks"),
             report.value("checks"));
    QCOMPARE(report.value("motion").toBool(), false);
    QCOMPARE(verdictOf(report, "raven.transport_delay"), QStringLiteral("missing"));
    QVERIFY(report.value("transport_delay").toObject().isEmpty());
    const QJsonObject raven = readJson(dir.filePath("session/session.json"))
                                  .value("links")
                                  .toObject()
                                  .value("raven")
                                  .toObject();
    QFile events(dir.filePath("session/events.log"));
    QVERIFY(events.open(QIODevice::ReadOnly));
    QVERIFY(events.readAll().contains("platform mode CUEING")); // parked since, at the exit
    QCOMPARE(raven.value("transport_delay").toObject().value("state").toString(),
             QStringLiteral("idle"));
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
    if (hil::test::ratesJudged())
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

// The whole path: the command's steps through the platform link to a stand-in that answers
// 40 ms late; report.json's transport_delay recovers it.
void TestRigCheckCli::motionMeasuresTheStandInsDelay()
{
    QTemporaryDir dir;
    Platform platform;
    startPlatform(platform, dir, 40.0);
    if (QTest::currentTestFailed())
        return;
    const Run r = run({"--emulate", "flightaxis", "--raven",
                       QStringLiteral("127.0.0.1:%1").arg(platform.port), "--raven-listen", "0",
                       "--raven-mode", "cueing", "--rig-check", dir.filePath("report"),
                       "--rig-check-seconds", "2", "--rig-check-motion", "--rig-check-steps", "5",
                       "--log-dir", dir.filePath("session")},
                      platform.env);
    const QJsonObject report = readJson(dir.filePath("report/report.json"));
    // Exit 4 exactly when the report fails, and then only on a rate not judged here (Wine).
    QVERIFY2(faults(report).isEmpty(), qPrintable(faults(report).join(", ") + r.out + r.err));
    const bool failed = report.value("verdict").toString() == QLatin1String("fail");
    QVERIFY2(r.exitCode == (failed ? 4 : 0),
             qPrintable(QString::number(r.exitCode) + r.out + r.err));
    QCOMPARE(verdictOf(report, "raven.transport_delay"), QStringLiteral("pass"));
    const QJsonObject td =
        report.value("transport_delay").toObject().value("cue_to_platform").toObject();
    QCOMPARE(td.value("steps").toInt(), 5);
    const double median = td.value("median_ms").toDouble();
    qInfo("transport delay of a stand-in answering 40 ms late: median %.1f ms, worst %.1f ms",
          median, td.value("max_ms").toDouble());
    QVERIFY2(median > 30.0 && median < 50.0, qPrintable(QString::number(median)));
    QVERIFY(QFile::exists(dir.filePath("report/transport-delay.png")));
    platform.host->stop();
}

// A failed axis check holds the address: the step would move another DoF. Refused, reported as
// a failed check that says why, and every cue the platform got was neutral.
void TestRigCheckCli::motionRefusedOnAHeldAddress()
{
    QTemporaryDir dir;
    Platform platform;
    startPlatform(platform, dir, 0.0);
    if (QTest::currentTestFailed())
        return;
    hil::raven::AxisCheckStore(platform.store)
        .recordOutcome(
            hil::raven::AxisCheckStore::address(QStringLiteral("127.0.0.1"), platform.port),
            hil::raven::AxHeave, hil::raven::AxisOutcome::Crossed, hil::raven::AxRoll, 21);
    const Run r = run(
        {"--emulate", "flightaxis", "--raven", QStringLiteral("127.0.0.1:%1").arg(platform.port),
         "--raven-listen", "0", "--raven-mode", "cueing", "--rig-check", dir.filePath("report"),
         "--rig-check-seconds", "2", "--rig-check-motion", "--log-dir", dir.filePath("session")},
        platform.env);
    QCOMPARE(r.exitCode, 4);
    const QJsonObject report = readJson(dir.filePath("report/report.json"));
    QCOMPARE(verdictOf(report, "raven.transport_delay"), QStringLiteral("fail"));
    QCOMPARE(verdictOf(report, "raven.axis_check"), QStringLiteral("fail"));
    for (const QJsonValue &v : report.value("checks").toArray())
        if (v.toObject().value("check").toString() == QLatin1String("raven.transport_delay"))
            QVERIFY2(v.toObject().value("value").toString().contains(QStringLiteral("axis check")),
                     qPrintable(v.toObject().value("value").toString()));
    const auto history = platform.emu->cueHistory();
    QVERIFY(history.size() > 50);
    for (const auto &rec : history)
        for (std::size_t w = 0; w < 8; ++w)
            QVERIFY2(rec.words[w] == 0,
                     qPrintable(QStringLiteral("word %1 = %2").arg(w).arg(rec.words[w])));
    platform.host->stop();
}

QTEST_GUILESS_MAIN(TestRigCheckCli)
#include "tst_rigcheck_cli.moc"
