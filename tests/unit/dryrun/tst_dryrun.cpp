// The dry run's engine (lib/dryrun): manoeuvres, inputs, predicted limit hits, the report.
#include "dryrun/dryrunreport.h"
#include "dryrun/maneuvers.h"
#include "dryruninput.h"
#include "model/rotation.h"
#include "session/cuescsv.h"
#include "session/records.h"
#include "session/sessionformat.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

using namespace hil;
using namespace hil::dryrun;
using hil::dryrun::test::load;

namespace {

// A state.csv of an aircraft standing still, level, for `seconds` at 250 Hz, written with the
// recorder's own row format.
QByteArray restingStateCsv(double seconds)
{
    QByteArray out = stateCsvHeader();
    const int n = int(seconds * 250);
    for (int i = 0; i < n; ++i) {
        SimFrame f;
        f.physicsTimeS = 100.0 + i / 250.0;
        f.sequence = std::uint32_t(i + 1);
        f.extras.touchingGround = true;
        appendStateRow(out, f, ChannelFrame{}, 5.0 + i / 250.0);
    }
    return out;
}

QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    QFile f(dir.filePath(name));
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(f.fileName()));
    return f.fileName();
}

} // namespace

class TestDryRun : public QObject
{
    Q_OBJECT
private slots:
    // The generator's physics, checked against the hand-worked numbers of cueing.h's example
    // (not against the cueing): in a 30° coordinated turn the accelerometer reads no side force
    // and g/cos 30° = 11.324 m/s² through the seat.
    void coordinatedTurnIsCoordinated()
    {
        std::vector<SimFrame> frames;
        QVERIFY(makeManeuver(QStringLiteral("coordinated-turn"), &frames));
        QCOMPARE(frames.size(), std::size_t(30 * 250));
        const SimFrame &mid = frames[std::size_t(15 * 250)]; // in the 20 s hold
        QCOMPARE(qRound(radToDeg(toEuler(mid.vehicle.state.pose.orientation).roll)), 30);
        QVERIFY(std::fabs(mid.extras.specificForceFrdMps2.y) < 1e-9);
        QVERIFY(std::fabs(mid.extras.specificForceFrdMps2.z + 9.80665 / std::cos(M_PI / 6)) < 1e-9);
        // Turning right: the heading grows, the yaw rate is g·tan φ / V.
        QVERIFY(std::fabs(mid.vehicle.angular_velocity.z -
                          9.80665 * std::tan(M_PI / 6) / 30.0 * std::cos(M_PI / 6)) < 1e-9);
    }

    void unknownManeuverIsAnArgumentError()
    {
        DryRunInput in;
        QString error;
        DryRunInput::Error kind;
        QVERIFY(!in.load(QStringLiteral("maneuver:barrel-roll"), &error, &kind));
        QCOMPARE(kind, DryRunInput::Error::Arguments);
        QVERIFY2(error.contains(QLatin1String("catapult")), qPrintable(error)); // lists the names
        QVERIFY(!in.load(QStringLiteral("/no/such/session"), &error, &kind));
        QCOMPARE(kind, DryRunInput::Error::Missing);
    }

    // 1 g forward for 3 s asks far more than any seat mover's surge and tilt: the defaults must
    // predict it.
    void catapultPredictsLimitHits()
    {
        const DryRunInput in = load(QStringLiteral("maneuver:catapult"));
        QVERIFY(!in.frames.empty());
        DryRunOptions options;
        options.cueing.masterGain = 1.0; // the full shot: at 0.3 only the stroke is reached
        const DryRunResult r = runDryRun(in, options);
        QCOMPARE(r.samples.size(), std::size_t(10 * 250));
        const QJsonObject report = buildReport(in, options, r);
        QVERIFY2(report.value(QStringLiteral("limit_hits_total")).toInt() > 0,
                 QJsonDocument(report).toJson().constData());
        // The hits fall while the catapult pushes (2-5 s) or while the seat washes back.
        bool during = false;
        for (int d = 0; d < 6; ++d)
            for (const LimitHit &h : limitHits(r, d, false))
                during = during || (h.startS >= 2.0 && h.startS < 8.0);
        QVERIFY(during);
        QCOMPARE(report.value(QStringLiteral("platform_model"))
                     .toObject()
                     .value(QStringLiteral("assumptions"))
                     .toBool(),
                 true);
    }

    void restingAircraftPredictsNone()
    {
        QTemporaryDir dir;
        writeFile(dir, QStringLiteral("state.csv"), restingStateCsv(20));
        for (int frame : {5, 21, 85}) {
            const DryRunInput in = load(dir.path());
            QCOMPARE(in.kind, DryRunInput::Kind::Session);
            QCOMPARE(in.frames.size(), std::size_t(20 * 250));
            QVERIFY(std::fabs(in.medianRateHz - 250.0) < 0.5);
            DryRunOptions options;
            options.cueing.frameId = frame;
            const DryRunResult r = runDryRun(in, options);
            const QJsonObject report = buildReport(in, options, r);
            QCOMPARE(report.value(QStringLiteral("limit_hits_total")).toInt(), 0);
            for (const DryRunSample &s : r.samples) {
                const platformmodel::Pose &p = s.step.pose;
                for (double v : {p.surgeM, p.swayM, p.heaveM, p.rollRad, p.pitchRad, p.yawRad})
                    QVERIFY2(
                        std::fabs(v) < 1e-3,
                        qPrintable(QStringLiteral("frame %1 at %2 s").arg(frame).arg(s.timeS)));
            }
            QVERIFY(!report.value(QStringLiteral("input"))
                         .toObject()
                         .contains(QStringLiteral("rate_warning")));
        }
    }

    // A real RealFlight's physics clock reads 63 s at the session's first frame; platform.csv's
    // time_s is the host's steady clock since the session start. The platform's poses must be
    // placed on the frames through state.csv's host_time_s: poses written at the model's own
    // pose for each frame's host time compare with an error of ~0 on every axis, every CUEING row
    // inside the recording is compared, and the rows after its end are counted, not compared.
    void platformPosesPlacedOnTheHostClock()
    {
        std::vector<SimFrame> frames;
        QVERIFY(makeManeuver(QStringLiteral("catapult"), &frames));
        constexpr double kPhysicsStart = 63.0, kHostStart = 0.5;
        QByteArray state = stateCsvHeader();
        const double t0 = frames.front().physicsTimeS;
        for (SimFrame f : frames) {
            const double t = f.physicsTimeS - t0;
            f.physicsTimeS = kPhysicsStart + t;
            appendStateRow(state, f, ChannelFrame{}, kHostStart + t);
        }
        QTemporaryDir dir;
        writeFile(dir, QStringLiteral("state.csv"), state);
        DryRunOptions options;
        options.cueing.masterGain = 0.3;
        const DryRunResult model = runDryRun(load(dir.path()), options);
        QVERIFY(model.samples.size() > 1000);

        QByteArray platform = platformCsvHeader();
        int written = 0;
        for (std::size_t k = 0; k < model.samples.size(); k += 25) {
            const DryRunSample &s = model.samples[k];
            PlatformRow row;
            row.statusWord = 3; // CUEING
            row.decodeStatus();
            const platformmodel::Pose &p = s.step.pose;
            row.surgeM = p.surgeM;
            row.swayM = p.swayM;
            row.heaveM = p.heaveM;
            row.rollRad = p.rollRad;
            row.pitchRad = p.pitchRad;
            row.yawRad = p.yawRad;
            appendPlatformRow(platform, row, kHostStart + (s.timeS - kPhysicsStart));
            ++written;
        }
        for (int extra = 1; extra <= 5; ++extra) { // after the recording's last frame
            PlatformRow row;
            row.statusWord = 3;
            row.decodeStatus();
            appendPlatformRow(platform, row, kHostStart + 1000.0 + extra);
        }
        writeFile(dir, QStringLiteral("platform.csv"), platform);

        const DryRunInput in = load(dir.path());
        QVERIFY(in.platformAligned);
        const QJsonObject report = buildReport(in, options, runDryRun(in, options));
        const QJsonObject rows = report.value(QStringLiteral("platform_rows")).toObject();
        QCOMPARE(rows.value(QStringLiteral("placed")).toInt(), written);
        QCOMPARE(rows.value(QStringLiteral("outside_the_recording")).toInt(), 5);
        QCOMPARE(rows.value(QStringLiteral("aligned_on")).toString(),
                 QStringLiteral("host_time_s"));
        const QJsonObject axes = report.value(QStringLiteral("axes")).toObject();
        for (const QString &dof :
             {QStringLiteral("surge"), QStringLiteral("sway"), QStringLiteral("heave"),
              QStringLiteral("roll"), QStringLiteral("pitch"), QStringLiteral("yaw")}) {
            const QJsonObject m =
                axes.value(dof).toObject().value(QStringLiteral("model_vs_platform")).toObject();
            QVERIFY2(m.value(QStringLiteral("samples")).toInt() == written,
                     qPrintable(dof + QStringLiteral(": %1 of %2 rows compared")
                                          .arg(m.value(QStringLiteral("samples")).toInt())
                                          .arg(written)));
            QVERIFY2(m.value(QStringLiteral("rms_error")).toDouble() < 1e-5,
                     qPrintable(dof + QStringLiteral(": rms %1")
                                          .arg(m.value(QStringLiteral("rms_error")).toDouble())));
        }
    }

    // A session's cues.csv (the cue frames it sent) is loaded with it, a bad row counted; a
    // session from before the file existed has none, and that is no error.
    void sessionCuesCsvIsLoadedWherePresent()
    {
        QTemporaryDir dir;
        writeFile(dir, QStringLiteral("state.csv"), restingStateCsv(2));
        DryRunInput in = load(dir.path());
        QVERIFY(!in.hasCuesCsv);
        QVERIFY(in.sentCues.empty());
        QVERIFY(!buildReport(in, DryRunOptions{}, runDryRun(in, DryRunOptions{}))
                     .value(QStringLiteral("input"))
                     .toObject()
                     .value(QStringLiteral("cues_csv"))
                     .toBool());
        QByteArray cues = cuesCsvHeader();
        CueRow row;
        row.messageId = 21;
        row.wordCount = 8;
        row.words[0] = 250;
        row.cueGain = 1.0;
        row.masterGain = 0.3;
        appendCueRow(cues, row, 5.5);
        cues += "21,not a row\n";
        appendCueRow(cues, row, 5.504);
        writeFile(dir, QStringLiteral("cues.csv"), cues);
        in = load(dir.path());
        QVERIFY(in.hasCuesCsv);
        QCOMPARE(in.sentCues.size(), std::size_t(2));
        QCOMPARE(in.cueRowsSkipped, qint64(1));
        QCOMPARE(in.sentCues[1].timeS, 5.504);
        QCOMPARE(in.sentCues[1].si[0], 0.25);
        const QJsonObject input = buildReport(in, DryRunOptions{}, runDryRun(in, DryRunOptions{}))
                                      .value(QStringLiteral("input"))
                                      .toObject();
        QVERIFY(input.value(QStringLiteral("cues_csv")).toBool());
        QCOMPARE(input.value(QStringLiteral("cue_frames")).toInt(), 2);
    }

    void damagedStateCsvReportsSkippedRows()
    {
        QByteArray csv = restingStateCsv(4);
        QList<QByteArray> lines = csv.split('\n');
        lines[10] = "garbage that is no row";
        lines[20] = lines[20].left(lines[20].size() / 3); // a torn write
        lines[30] = "x" + lines[30].mid(1);               // time_s no number
        csv = lines.join('\n');
        QTemporaryDir dir;
        writeFile(dir, QStringLiteral("state.csv"), csv);
        const DryRunInput in = load(dir.path());
        QCOMPARE(in.skippedRows, qint64(3));
        QCOMPARE(in.frames.size(), std::size_t(4 * 250 - 3)); // reading went on
        const DryRunOptions options;
        const QJsonObject report = buildReport(in, options, runDryRun(in, options));
        const QJsonObject input = report.value(QStringLiteral("input")).toObject();
        QCOMPARE(input.value(QStringLiteral("skipped_rows")).toInt(), 3);
        QVERIFY(input.value(QStringLiteral("skipped_warning"))
                    .toString()
                    .contains(QLatin1String("3 rows")));
    }

    void lowRateInputIsWarned()
    {
        QByteArray out = stateCsvHeader();
        for (int i = 0; i < 100; ++i) { // 10 Hz, as a tlog of ATTITUDE at a GCS's stream rate
            SimFrame f;
            f.physicsTimeS = i / 10.0;
            appendStateRow(out, f, ChannelFrame{}, i / 10.0);
        }
        QTemporaryDir dir;
        const DryRunInput in = load(writeFile(dir, QStringLiteral("slow.csv"), out));
        QCOMPARE(in.kind, DryRunInput::Kind::StateCsv);
        const DryRunOptions options;
        const QJsonObject report = buildReport(in, options, runDryRun(in, options));
        QVERIFY(report.value(QStringLiteral("input"))
                    .toObject()
                    .value(QStringLiteral("rate_warning"))
                    .toString()
                    .contains(QLatin1String("10.0 Hz")));
    }

    // The same input and settings: the same bytes (no clock or path of the run in them).
    void filesAreByteIdentical()
    {
        const DryRunInput in = load(QStringLiteral("maneuver:takeoff"));
        const DryRunOptions options;
        QTemporaryDir a, b;
        QString error;
        QVERIFY2(writeDryRunFiles(a.path(), in, options, runDryRun(in, options), &error),
                 qPrintable(error));
        QVERIFY2(writeDryRunFiles(b.path(), in, options, runDryRun(in, options), &error),
                 qPrintable(error));
        for (const char *name : {"report.json", "dryrun.csv"}) {
            QFile fa(a.filePath(QLatin1String(name))), fb(b.filePath(QLatin1String(name)));
            QVERIFY(fa.open(QIODevice::ReadOnly) && fb.open(QIODevice::ReadOnly));
            const QByteArray ba = fa.readAll();
            QVERIFY(ba.size() > 100);
            QVERIFY2(ba == fb.readAll(), name);
        }
        QFile csv(a.filePath(QStringLiteral("dryrun.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(csv.readLine(), dryRunCsvHeader());
        QVERIFY(!csv.readAll().contains('\r'));
    }

    void unwritableReportFolderIsAnError()
    {
        QTemporaryDir dir;
        const QString file = writeFile(dir, QStringLiteral("a-file"), "x");
        const DryRunInput in = load(QStringLiteral("maneuver:catapult"));
        QString error;
        QVERIFY(!writeDryRunFiles(file + QStringLiteral("/report"), in, DryRunOptions(),
                                  runDryRun(in, DryRunOptions()), &error));
        QVERIFY2(error.contains(QLatin1String("a-file")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestDryRun)
#include "tst_dryrun.moc"
