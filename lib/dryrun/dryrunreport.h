#pragma once
// The dry run's files: report.json (per axis: commanded cue range, the platform's excursion
// against its envelope, time in limit, each predicted limit hit with its times, the model against
// the platform's own reported pose when the session has platform.csv; the same for the six
// actuators; the input's rate and skipped rows; the settings and the model used, with its
// assumptions) and dryrun.csv (one row per model step). Both byte-identical for the same input,
// settings and build: no clock, host or path of the run in them, numbers through std::to_chars
// (C locale, whatever LC_NUMERIC says) and JSON keys in QJsonObject's sorted order.
// docs/dry-run.md documents every field. Any thread.

#include "dryrun/dryrun.h"

#include <QJsonObject>
#include <QString>

namespace hil::dryrun {

/// Steps at a limit, merged into one hit while consecutive.
struct LimitHit
{
    double startS = 0, endS = 0;
    double peak = 0; ///< the largest |demanded| value during the hit (axis unit)
};

QJsonObject buildReport(const DryRunInput &input, const DryRunOptions &options,
                        const DryRunResult &result);
/// dryrun.csv's header line (with '\n').
QByteArray dryRunCsvHeader();
/// Writes report.json and dryrun.csv into dir (made if missing). False with *error naming the
/// file that could not be written.
bool writeDryRunFiles(const QString &dir, const DryRunInput &input, const DryRunOptions &options,
                      const DryRunResult &result, QString *error);
/// Hits of one DoF (0..5) or, with actuator set, of one actuator.
std::vector<LimitHit> limitHits(const DryRunResult &result, int index, bool actuator);

} // namespace hil::dryrun
