// `hilstation --dry-run`: the program as a user runs it: exit codes, the files, the plots.
#include "programrun.h"
#include "raven/cueingfile.h"

#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

namespace {
using Run = hil::testing::ProgramRun;

Run hilstation(const QStringList &args)
{
    return hil::testing::runProgram(args, 180000);
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
/// The predicted limit hits of `manoeuvre` run with the cueing file `cueing` (report into `out`);
/// -1 when the program failed.
int limitHitsWith(const QString &manoeuvre, const QString &cueing, const QString &out)
{
    const Run r =
        hilstation({QStringLiteral("--dry-run"), QStringLiteral("maneuver:") + manoeuvre,
                    QStringLiteral("--dry-run-report"), out, QStringLiteral("--cueing"), cueing});
    if (r.code != 0) { // what the program said (a crash's report under Wine) goes into the log
        qWarning("the dry run ended with status %d: %s", r.code, qPrintable(r.err));
        return -1;
    }
    return QJsonDocument::fromJson(readAll(out + QStringLiteral("/report.json")))
        .object()
        .value(QStringLiteral("limit_hits_total"))
        .toInt(-1);
}
} // namespace

class TestDryRunCli : public QObject
{
    Q_OBJECT
private slots:
    void catapultWritesReportCsvAndPlots()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("report"));
        const Run r = hilstation({QStringLiteral("--dry-run"), QStringLiteral("maneuver:catapult"),
                                  QStringLiteral("--dry-run-report"), out});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("predicted")), qPrintable(r.out));
        // A decimal point whatever the locale (the suite's second pass runs under de_DE).
        QVERIFY2(
            QRegularExpression(QStringLiteral("first at \\d+\\.\\d\\d s")).match(r.out).hasMatch(),
            qPrintable(r.out));
        const QJsonObject report =
            QJsonDocument::fromJson(readAll(out + QStringLiteral("/report.json"))).object();
        QVERIFY(report.value(QStringLiteral("limit_hits_total")).toInt() > 0);
        QVERIFY(readAll(out + QStringLiteral("/dryrun.csv")).count('\n') > 2000);
        QVERIFY(report.value(QStringLiteral("perception"))
                    .toObject()
                    .value(QStringLiteral("overall_score"))
                    .isDouble());
        QVERIFY2(QRegularExpression(QStringLiteral("perception score \\d+\\.\\d of 100"))
                     .match(r.out)
                     .hasMatch(),
                 qPrintable(r.out));
        for (const char *name :
             {"dof-surge", "dof-sway", "dof-heave", "dof-roll", "dof-pitch", "dof-yaw", "actuators",
              "perceived-surge", "perceived-sway", "perceived-heave", "perceived-roll",
              "perceived-pitch", "perceived-yaw"}) {
            QImage png(out + QStringLiteral("/%1.png").arg(QLatin1String(name)));
            QVERIFY2(!png.isNull(), name);
            QCOMPARE(png.size(), QSize(1200, 420));
        }
        // Run again: the same bytes.
        const QString again = dir.filePath(QStringLiteral("again"));
        QCOMPARE(hilstation({QStringLiteral("--dry-run"), QStringLiteral("maneuver:catapult"),
                             QStringLiteral("--dry-run-report"), again})
                     .code,
                 0);
        QVERIFY(readAll(out + QStringLiteral("/report.json")) ==
                readAll(again + QStringLiteral("/report.json")));
        QVERIFY(readAll(out + QStringLiteral("/dryrun.csv")) ==
                readAll(again + QStringLiteral("/dryrun.csv")));
    }

    void cueingFileIsUsed()
    {
        QTemporaryDir dir;
        hil::raven::CueingSettings s;
        s.frameId = 5;
        s.masterGain = 0.5;
        QFile f(dir.filePath(QStringLiteral("cueing.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(hil::raven::writeCueingFile(s));
        f.close();
        const QString out = dir.filePath(QStringLiteral("r"));
        const Run r = hilstation({QStringLiteral("--dry-run"), QStringLiteral("maneuver:takeoff"),
                                  QStringLiteral("--dry-run-report"), out,
                                  QStringLiteral("--cueing"), f.fileName()});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject settings =
            QJsonDocument::fromJson(readAll(out + QStringLiteral("/report.json")))
                .object()
                .value(QStringLiteral("cueing"))
                .toObject()
                .value(QStringLiteral("settings"))
                .toObject();
        QCOMPARE(settings.value(QStringLiteral("frame")).toInt(), 5);
        QCOMPARE(settings.value(QStringLiteral("master_gain")).toDouble(), 0.5);
    }

    // --dry-run-suggest: a cueing file whose settings the dry run then predicts no limit hit
    // for, the same file on a second run, before and after on the console.
    void suggestWritesSettingsWithoutLimitHits()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("suggested.json"));
        const Run r = hilstation({QStringLiteral("--dry-run"), QStringLiteral("maneuver:catapult"),
                                  QStringLiteral("--dry-run-suggest"), file});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(QRegularExpression(QStringLiteral("before: perception score \\d+\\.\\d of 100"))
                     .match(r.out)
                     .hasMatch(),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QLatin1String("0 predicted limit hit(s)")), qPrintable(r.out));
        hil::raven::CueingSettings s;
        QString error;
        QVERIFY2(hil::raven::readCueingFile(file, &s, &error), qPrintable(error));
        const QString again = dir.filePath(QStringLiteral("again.json"));
        QCOMPARE(hilstation({QStringLiteral("--dry-run"), QStringLiteral("maneuver:catapult"),
                             QStringLiteral("--dry-run-suggest"), again})
                     .code,
                 0);
        QVERIFY(readAll(file) == readAll(again));
        QCOMPARE(
            limitHitsWith(QStringLiteral("catapult"), file, dir.filePath(QStringLiteral("report"))),
            0);
    }

    // Several recordings at once (issue 25: "over one or several recordings"): the suggestion
    // is searched over all of them and keeps every one free of limit hits; the report folder
    // gets one report per input.
    void suggestOverSeveralInputs()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("suggested.json"));
        const QString out = dir.filePath(QStringLiteral("reports"));
        const Run r = hilstation({QStringLiteral("--dry-run"), QStringLiteral("maneuver:catapult"),
                                  QStringLiteral("--dry-run"), QStringLiteral("maneuver:landing"),
                                  QStringLiteral("--dry-run-suggest"), file,
                                  QStringLiteral("--dry-run-report"), out});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("over 2 input(s)")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QLatin1String("after : perception score")), qPrintable(r.out));
        for (const QString &sub : {QStringLiteral("1-catapult"), QStringLiteral("2-landing")})
            QVERIFY2(QFile::exists(out + QLatin1Char('/') + sub + QStringLiteral("/report.json")),
                     qPrintable(sub));
        for (const QString &m : {QStringLiteral("catapult"), QStringLiteral("landing")})
            QCOMPARE(limitHitsWith(m, file, dir.filePath(m)), 0);
    }

    void exitCodes_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("says");
        QTest::newRow("no report folder")
            << QStringList{QStringLiteral("--dry-run"), QStringLiteral("maneuver:catapult")} << 2
            << "--dry-run-report";
        QTest::newRow("unknown manoeuvre")
            << QStringList{QStringLiteral("--dry-run"), QStringLiteral("maneuver:loop"),
                           QStringLiteral("--dry-run-report"), QStringLiteral("@OUT@")}
            << 2 << "unknown manoeuvre";
        QTest::newRow("missing input")
            << QStringList{QStringLiteral("--dry-run"), QStringLiteral("/no/such/session"),
                           QStringLiteral("--dry-run-report"), QStringLiteral("@OUT@")}
            << 3 << "no such file";
        QTest::newRow("empty state.csv")
            << QStringList{QStringLiteral("--dry-run"), QStringLiteral("@EMPTY@"),
                           QStringLiteral("--dry-run-report"), QStringLiteral("@OUT@")}
            << 3 << "no frames";
        QTest::newRow("bad cueing file")
            << QStringList{QStringLiteral("--dry-run"),        QStringLiteral("maneuver:catapult"),
                           QStringLiteral("--dry-run-report"), QStringLiteral("@OUT@"),
                           QStringLiteral("--cueing"),         QStringLiteral("@EMPTY@")}
            << 2 << "--cueing";
        QTest::newRow("suggest without dry run")
            << QStringList{QStringLiteral("--dry-run-suggest"), QStringLiteral("x.json")} << 2
            << "--dry-run-suggest is used with --dry-run";
        QTest::newRow("cueing without dry run")
            << QStringList{QStringLiteral("--cueing"), QStringLiteral("x.json")} << 2
            << "--cueing is used with --dry-run";
    }
    void exitCodes()
    {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, says);
        QTemporaryDir dir;
        QFile empty(dir.filePath(QStringLiteral("empty.csv")));
        QVERIFY(empty.open(QIODevice::WriteOnly));
        empty.write("time_s,physics_time_s\n");
        empty.close();
        for (QString &a : args)
            a.replace(QLatin1String("@OUT@"), dir.filePath(QStringLiteral("out")))
                .replace(QLatin1String("@EMPTY@"), empty.fileName());
        const Run r = hilstation(args);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.contains(says), qPrintable(r.err));
        QCOMPARE(r.err.count(QLatin1Char('\n')), 1); // one line
    }
};

QTEST_GUILESS_MAIN(TestDryRunCli)
#include "tst_dryrun_cli.moc"
