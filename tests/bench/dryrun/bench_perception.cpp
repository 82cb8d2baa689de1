// What retuning and suggesting cost (docs/perception.md, docs/measured.md):
//   dryrun_retune_ms        a 10-minute recording (the first 600 s of omct-surge at 250 Hz):
//                           the dry run and the perception score again, as the Dry run panel
//                           does after a settings change; median of 5
//   dryrun_retune_full_ms   the same at the full 250 Hz, no decimation (what the report uses)
//   dryrun_suggest_s        suggestSettings on the catapult, 200 evaluations (the CLI's count)
#include "../benchutil.h"
#include "dryrun/perceptionscore.h"
#include "dryrun/preview.h"
#include "dryrun/suggest.h"

#include <QCoreApplication>

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
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    DryRunInput in = load(QStringLiteral("maneuver:omct-surge"));
    const std::size_t tenMinutes = std::size_t(600 * 250);
    if (in.frames.size() > tenMinutes) {
        in.frames.resize(tenMinutes);
        in.timesS.resize(tenMinutes);
    }
    const DryRunOptions options;
    double sink = 0;
    std::vector<double> previewMs, fullMs;
    for (int run = 0; run < 5; ++run) {
        double t0 = bench::nowNs();
        const Preview p = runPreview(in, options);
        previewMs.push_back((bench::nowNs() - t0) * 1e-6);
        sink += p.score.overall;
        t0 = bench::nowNs();
        const DryRunResult r = runDryRun(in, options);
        sink += scorePerception(in, r, options.model.rateHz).overall;
        fullMs.push_back((bench::nowNs() - t0) * 1e-6);
    }
    bench::report("dryrun_retune_ms", bench::percentile(previewMs, 50), "ms");
    bench::report("dryrun_retune_full_ms", bench::percentile(fullMs, 50), "ms");

    const DryRunInput catapult = load(QStringLiteral("maneuver:catapult"));
    const double t0 = bench::nowNs();
    const SuggestResult s = suggestSettings({&catapult}, options, {200, 1});
    bench::report("dryrun_suggest_s", (bench::nowNs() - t0) * 1e-9, "s");
    sink += s.after.score;
    if (sink == 12345.0)
        std::printf("#\n");
    return 0;
}
