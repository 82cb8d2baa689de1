// The dry run's speed: the full chain (cueing, wire encoding, platform model, inverse
// kinematics) over a 250 Hz input, on one core, without writing files. dryrun_frames_per_s is
// input frames per wall second; dryrun_realtime_factor the recording's seconds per wall second.
#include "../benchutil.h"
#include "dryrun/dryrun.h"

#include <QCoreApplication>

using namespace hil::dryrun;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    DryRunInput in;
    QString error;
    DryRunInput::Error kind;
    // omct-pitch: ~11 minutes at 250 Hz, every part of the chain busy.
    if (!in.load(QStringLiteral("maneuver:omct-pitch"), &error, &kind))
        qFatal("%s", qPrintable(error));
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
    if (sink == 12345.0)
        std::printf("#\n");
    const double fps = bench::percentile(perS, 50);
    bench::report("dryrun_frames_per_s", fps, "frames/s");
    bench::report("dryrun_realtime_factor", fps / in.medianRateHz, "x");
    return 0;
}
