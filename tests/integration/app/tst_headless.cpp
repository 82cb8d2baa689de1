// The command-line contract (docs/cli-and-session.md), run against the real executable.
#include "raven/cuesample.h"
#include "session/cuescsv.h"
#include "testpaths.h"
#include "testplatform.h"
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {
struct Run
{
    int exitCode = -1;
    QProcess::ExitStatus status = QProcess::CrashExit;
    QString out, err;
};

Run run(const QStringList &args, int timeoutMs = 20000)
{
    QProcess p;
    p.start(hil::testpaths::program(), args);
    Run r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitCode();
    r.status = p.exitStatus();
    r.out = QString::fromLocal8Bit(p.readAllStandardOutput());
    r.err = QString::fromLocal8Bit(p.readAllStandardError());
    return r;
}

QJsonObject sessionJson(const QString &dir)
{
    QFile f(dir + "/session.json");
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}
} // namespace

class TestHeadless : public QObject
{
    Q_OBJECT
private slots:
    void durationRunWritesSession();
    void sigtermStopsCleanly();
    void theLastCueRecordedIsTheClosingNeutral();
    void badArgumentsExit2_data();
    void badArgumentsExit2();
    void versionAndHelp();
};

void TestHeadless::durationRunWritesSession()
{
    QTemporaryDir dir;
    QElapsedTimer t;
    t.start();
    const Run r = run({"--headless", "--duration", "1.5", "--log-dir", dir.path()});
    QCOMPARE(r.status, QProcess::NormalExit);
    QCOMPARE(r.exitCode, 0);
    QVERIFY(t.elapsed() >= 1400);
    const QJsonObject s = sessionJson(dir.path());
    QVERIFY(s["links"].isObject());
    QCOMPARE(s["running"].toBool(), false);
    QVERIFY(s["command_line"].toArray().contains("--headless"));
    QFile events(dir.path() + "/events.log");
    QVERIFY(events.open(QIODevice::ReadOnly));
    const QByteArray log = events.readAll();
    QVERIFY(log.contains("session started"));
    QVERIFY(log.contains("session ended"));
}

void TestHeadless::sigtermStopsCleanly()
{
    QTemporaryDir dir;
    QProcess p;
    p.start(hil::testpaths::program(), {"--headless", "--log-dir", dir.path()});
    QVERIFY(p.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(dir.path() + "/session.json"), 10000);
    QCOMPARE(sessionJson(dir.path())["running"].toBool(), true);
    if (hil::testplatform::hasPosixSignals()) {
        QVERIFY(hil::testplatform::sendSignal(p.processId(), hil::testplatform::Signal::Terminate));
    } else { // Windows: the same exit through the instance channel
        QProcess quit;
        quit.start(hil::testpaths::program(),
                   {"--send", "quit", "--to", QString::number(p.processId())});
        QVERIFY(quit.waitForFinished(30000));
        QCOMPARE(quit.exitCode(), 0);
    }
    QVERIFY(p.waitForFinished(10000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 0);
    QCOMPARE(sessionJson(dir.path())["running"].toBool(), false);
}

void TestHeadless::theLastCueRecordedIsTheClosingNeutral()
{
    // The platform link's last frame, the neutral cue it sends as it closes, reaches cues.csv:
    // the recording of a link lasts through its close, after the routing is gone.
    QTemporaryDir dir;
    const Run r = run({"--headless", "--emulate", "flightaxis,raven", "--raven-mode", "cueing",
                       "--duration", "3", "--log-dir", dir.path()},
                      30000);
    QCOMPARE(r.exitCode, 0);
    const hil::CuesCsv cues = hil::loadCuesCsv(dir.path() + "/cues.csv");
    QVERIFY(cues.readable);
    QVERIFY(cues.rows.size() > 10);
    const hil::SentCue &last = cues.rows.back();
    QCOMPARE(last.origin, int(hil::raven::CueOrigin::Closing));
    QVERIFY(last.zeroed);
    for (int i = 0; i < last.wordCount; ++i)
        QCOMPARE(last.words[std::size_t(i)], 0); // frame 21's neutral: every word 0
}

void TestHeadless::badArgumentsExit2_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("duration abc") << QStringList{"--headless", "--duration", "abc"} << "--duration";
    QTest::newRow("unknown option") << QStringList{"--headless", "--frobnicate"} << "frobnicate";
    QTest::newRow("bad emulator") << QStringList{"--headless", "--emulate", "xplane"} << "xplane";
}

void TestHeadless::badArgumentsExit2()
{
    QFETCH(QStringList, args);
    QFETCH(QString, mentions);
    const Run r = run(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(mentions), qPrintable(r.err));
    QCOMPARE(r.err.trimmed().count('\n'), 0); // one line
}

void TestHeadless::versionAndHelp()
{
    Run r = run({"--version"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.startsWith("hilstation "));
    r = run({"--help"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("--emulate"));
}

QTEST_GUILESS_MAIN(TestHeadless)
#include "tst_headless.moc"
