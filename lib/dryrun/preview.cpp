#include "dryrun/preview.h"
#include "dryrun/dryrunreport.h"

#include <algorithm>

namespace hil::dryrun {

DryRunInput decimated(const DryRunInput &input, double rateHz)
{
    DryRunInput out;
    out.kind = input.kind;
    out.source = input.source;
    out.skippedRows = input.skippedRows;
    out.hasPlatformCsv = input.hasPlatformCsv;
    const double spacing = 1.0 / rateHz;
    if (!input.timesS.empty()) { // at most one frame per spacing, plus the first
        const auto most =
            std::min(input.frames.size(),
                     std::size_t((input.timesS.back() - input.timesS.front()) * rateHz) + 2);
        out.frames.reserve(most);
        out.timesS.reserve(most);
    }
    double last = -1e300;
    for (std::size_t i = 0; i < input.frames.size(); ++i) {
        // 1e-9: frames exactly one spacing apart (250 Hz → 50 Hz, every 5th) are kept.
        if (input.timesS[i] - last < spacing - 1e-9)
            continue;
        last = input.timesS[i];
        out.frames.push_back(input.frames[i]);
        out.timesS.push_back(input.timesS[i]);
    }
    out.medianRateHz = std::min(input.medianRateHz, rateHz);
    return out;
}

Preview runPreview(const DryRunInput &input, const DryRunOptions &options, double rateHz,
                   int maxTracePoints)
{
    Preview p;
    p.options = options;
    p.options.model.rateHz = std::min(rateHz, options.model.rateHz);
    const DryRunInput in = decimated(input, p.options.model.rateHz);
    p.result = runDryRun(in, p.options);
    const int stride =
        std::max(1, int(p.result.samples.size() / std::size_t(std::max(1, maxTracePoints))) + 1);
    p.traceStride = stride;
    p.score = scorePerception(in, p.result, p.options.model.rateHz, {}, stride);
    for (int i = 0; i < 6; ++i)
        p.limitHits +=
            int(limitHits(p.result, i, false).size() + limitHits(p.result, i, true).size());
    return p;
}

} // namespace hil::dryrun
