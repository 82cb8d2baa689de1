// The dry run's speed:
//   dryrun_frames_per_s       the full chain (cueing, wire encoding, platform model, inverse
//                             kinematics) over a 250 Hz input, one core, no files: input frames
//                             per wall second
//   dryrun_realtime_factor    the same as the recording's seconds per wall second
//   dryrun_omct_s             the OMCT's 216 runs (ten tests, three amplitudes), every core
//   dryrun_omct_1core_s       the same on one thread
//   dryrun_report_cold_s      the catapult's report.json and dryrun.csv as the program writes
//                             them (chain, score, OMCT, files; no plots), nothing remembered
//   dryrun_report_warm_s      the same with the OMCT in the disk cache (a second run with the
//                             same settings)
// Medians of 3.
#include "../benchutil.h"
#include "dryrun/dryrun.h"
#include "dryrun/dryrunreport.h"
#include "dryrun/omct.h"

#include <QCoreApplication>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>

using namespace hil::dryrun;

namespace {
DryRunInput load(const QString &spec)
{
    DryRunInput in;
    QString error;
    DryRunInput::Error kind;
    if (!in.load(spec, &error, &kind))
        qFatal("%s", qPrintable(error));
    return in;
}

template <typename Fn> double medianSeconds(Fn fn)
{
    std::vector<double> s;
    for (int run = 0; run < 3; ++run) {
        const double t0 = bench::nowNs();
        fn();
        s.push_back((bench::nowNs() - t0) * 1e-9);
    }
    return bench::percentile(s, 50);
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true); // the OMCT's disk cache away from the user's
    // omct-pitch: ~11 minutes at 250 Hz, every part of the chain busy.
    const DryRunInput in = load(QStringLiteral("maneuver:omct-pitch"));
    const DryRunOptions options;
    std::vector<double> perS;
    double sink = 0;
    for (int run = 0; run < 3; ++run) {
        const double t0 = bench::nowNs();
        const DryRunResult r = runDryRun(in, options);
        const double s = (bench::nowNs() - t0) * 1e-9;
        perS.push_back(double(in.frames.size()) / s);
        sink += r.samples.back().step.pose.pitchRad;
    }
    const double fps = bench::percentile(perS, 50);
    bench::report("dryrun_frames_per_s", fps, "frames/s");
    bench::report("dryrun_realtime_factor", fps / in.medianRateHz, "x");

    bench::report("dryrun_omct_s",
                  medianSeconds([&] { sink += omctCompute(options).tests[0].points[5].gain; }),
                  "s");
    bench::report("dryrun_omct_1core_s",
                  medianSeconds([&] { sink += omctCompute(options, 1).tests[0].points[5].gain; }),
                  "s");

    const DryRunInput catapult = load(QStringLiteral("maneuver:catapult"));
    QTemporaryDir dir;
    auto report = [&] {
        omctForgetMemory();
        QString error;
        if (!writeDryRunFiles(dir.path(), catapult, options, runDryRun(catapult, options), &error))
            qFatal("%s", qPrintable(error));
    };
    bench::report("dryrun_report_cold_s", medianSeconds([&] {
                      QFile::remove(omctDiskCachePath(options));
                      report();
                  }),
                  "s");
    bench::report("dryrun_report_warm_s", medianSeconds(report), "s");
    if (sink == 12345.0)
        std::printf("#\n");
    return 0;
}
