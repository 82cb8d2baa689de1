// The recorder in a child process: killed with SIGKILL mid-run (every file parses, at most
// 0.25 s lost), and writing under a file size limit (the "disk" fills, then has room again): one
// outage, announced once, also while small writes still fit below the limit.
#include "sessionfiles.h"
#include "testpaths.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>

using namespace sessiontest;

namespace {
/// Last "T <s>" value in the child's output.
double lastTime(const QByteArray &out)
{
    const int at = out.lastIndexOf("\nT ");
    if (at < 0)
        return -1;
    const int end = out.indexOf('\n', at + 1);
    return out.mid(at + 3, end < 0 ? -1 : end - at - 3).toDouble();
}
} // namespace

class TestRecorderCrash : public QObject
{
    Q_OBJECT
private slots:
    void sigkillLosesAtMostAQuarterSecond();
    void fileSizeLimitKeepsRunningAndResumes();
    void smallWritesUnderTheLimitAreTheSameOutage();
};

void TestRecorderCrash::sigkillLosesAtMostAQuarterSecond()
{
    QTemporaryDir dir;
    QProcess child;
    child.start(hil::testpaths::executable(QStringLiteral("session_child")), {dir.path(), "run"});
    QVERIFY(child.waitForStarted());
    QByteArray out;
    QTRY_VERIFY_WITH_TIMEOUT((out += child.readAllStandardOutput(), lastTime(out) > 1.3), 15000);
    child.kill(); // SIGKILL
    QVERIFY(child.waitForFinished(5000));
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);
    out += child.readAllStandardOutput();
    const double killedAt = lastTime(out); // the last row handed to the recorder
    QVERIFY(killedAt > 1.3);

    const CsvCheck state = checkCsv(dir.path() + "/state.csv");
    QVERIFY2(state.ok, qPrintable(state.why));
    QVERIFY(state.rows > 1000);
    const double lastWritten = state.firstColumn.back();
    qInfo("killed after t=%.3f s, last row on disk t=%.3f s (lost %.0f ms)", killedAt, lastWritten,
          (killedAt - lastWritten) * 1000);
    QVERIFY(killedAt - lastWritten <= 0.25);
    // Rows are complete and in order: no row lost in the middle.
    for (size_t i = 1; i < state.firstColumn.size(); ++i)
        QVERIFY(state.firstColumn[i] > state.firstColumn[i - 1]);

    const CsvCheck platform = checkCsv(dir.path() + "/platform.csv");
    QVERIFY2(platform.ok, qPrintable(platform.why));
    QVERIFY(platform.rows > 100);
    const TlogCheck tlog = checkTlog(dir.path() + "/mavlink.tlog");
    QVERIFY(tlog.ok);
    QVERIFY(tlog.frames > 250);
    QCOMPARE(tlog.crcOk, tlog.frames);
    QVERIFY(readJson(dir.path() + "/session.json").contains("recorder"));
}

void TestRecorderCrash::fileSizeLimitKeepsRunningAndResumes()
{
    QTemporaryDir dir;
    QProcess child;
    // 64 KiB per file for the first 1.2 s (state.csv outgrows it in ~0.3 s), then unlimited.
    child.start(hil::testpaths::executable(QStringLiteral("session_child")),
                {dir.path(), "fsize", "65536", "1200", "2500"});
    QVERIFY(child.waitForStarted());
    QVERIFY(child.waitForFinished(20000));
    QCOMPARE(child.exitStatus(), QProcess::NormalExit); // SIGXFSZ did not kill it
    QCOMPARE(child.exitCode(), 0);
    const QByteArray out = child.readAllStandardOutput();
    QVERIFY(out.endsWith("X\n"));
    QCOMPARE(out.count("E recording interrupted"), 1);
    QCOMPARE(out.count("E recording resumed"), 1);
    QVERIFY(out.indexOf("E recording interrupted") < out.indexOf("\nL\n"));
    QVERIFY(out.indexOf("\nL\n") < out.indexOf("E recording resumed"));

    // The partial row the limit left behind was cut before writing went on: every line parses.
    const CsvCheck state = checkCsv(dir.path() + "/state.csv");
    QVERIFY2(state.ok, qPrintable(state.why));
    QVERIFY(!state.partialLast);
    QVERIFY(state.firstColumn.back() > 2.0); // resumed after the limit was lifted
    bool gap = false;
    for (size_t i = 1; i < state.firstColumn.size(); ++i)
        gap = gap || state.firstColumn[i] - state.firstColumn[i - 1] > 0.5;
    QVERIFY(gap); // the outage is visible as missing rows, not as broken ones
    const QJsonObject recorder = readJson(dir.path() + "/session.json")["recorder"].toObject();
    QVERIFY(recorder["records_dropped"].toInt() > 100);
    QVERIFY(recorder["write_errors"].toInt() >= 1);
    QCOMPARE(recorder["state_rows"].toInt(), state.rows);
    QCOMPARE(checkTlog(dir.path() + "/mavlink.tlog").crcOk,
             checkTlog(dir.path() + "/mavlink.tlog").frames);
}

void TestRecorderCrash::smallWritesUnderTheLimitAreTheSameOutage()
{
    // After the first failure only a row every 100 ms arrives until the limit is lifted: those
    // writes fit in the bytes left below the limit and succeed, but the cause is still there.
    // "resumed" must wait until the file has got past the size it could not reach (after "L").
    QTemporaryDir dir;
    QProcess child;
    child.start(hil::testpaths::executable(QStringLiteral("session_child")),
                {dir.path(), "fsize", "65536", "1600", "2800", "trickle"});
    QVERIFY(child.waitForStarted());
    QVERIFY(child.waitForFinished(20000));
    QCOMPARE(child.exitStatus(), QProcess::NormalExit);
    QCOMPARE(child.exitCode(), 0);
    const QByteArray out = child.readAllStandardOutput();
    QCOMPARE(out.count("E recording interrupted"), 1);
    QCOMPARE(out.count("E recording resumed"), 1);
    QVERIFY(out.indexOf("\nL\n") < out.indexOf("E recording resumed"));
    // The trickle was written, not dropped: rows between the failure and the lift.
    const CsvCheck state = checkCsv(dir.path() + "/state.csv");
    QVERIFY2(state.ok, qPrintable(state.why));
    const qsizetype failedAt = out.indexOf("E recording interrupted");
    const qsizetype liftedAt = out.indexOf("\nL\n");
    const double tFailed = lastTime(out.left(failedAt));
    const double tLifted = lastTime(out.left(liftedAt));
    const auto during = std::count_if(state.firstColumn.begin(), state.firstColumn.end(),
                                      [&](double t) { return t > tFailed + 0.2 && t < tLifted; });
    qInfo("%lld rows written during the trickle", qlonglong(during));
    QVERIFY2(
        during >= 3,
        qPrintable(QStringLiteral("%1 rows written during the trickle").arg(qlonglong(during))));
}

QTEST_GUILESS_MAIN(TestRecorderCrash)
#include "tst_recorder_crash.moc"
