#pragma once
// The Dry run panel's quick answer to a settings change (docs/perception.md, "Preview"): the
// dry run and the perception score at a reduced rate, the input's frames decimated to it and the
// platform model run at it, with a trace short enough to plot. A 10-minute recording retunes in
// well under the 200 ms (dryrun_retune_ms); the full-rate report follows on request.
// What the preview may miss: a limit hit shorter than one preview step, and cue content above
// the preview's Nyquist frequency (at 50 Hz: 157 rad/s, ten times ICAO's highest OMCT frequency).
// Pure; any thread (the panel runs it on a worker).

#include "dryrun/perceptionscore.h"

namespace hil::dryrun {

inline constexpr double kPreviewRateHz = 50.0;

struct Preview
{
    DryRunOptions options; ///< as run (the model at the preview rate)
    DryRunResult result;
    PerceptionScore score; ///< with a trace of at most maxTracePoints points
    int traceStride = 1;   ///< trace point i is model step i·traceStride
    int limitHits = 0;     ///< DoF and actuator hits, merged
};

/// The frames of `input` at least 1/rateHz apart (all of them when the input is slower).
DryRunInput decimated(const DryRunInput &input, double rateHz);

Preview runPreview(const DryRunInput &input, const DryRunOptions &options,
                   double rateHz = kPreviewRateHz, int maxTracePoints = 4000);

} // namespace hil::dryrun
