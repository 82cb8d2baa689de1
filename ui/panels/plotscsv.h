#pragma once
// The Telemetry plots' CSV export: the raw samples (never the plots' decimated points) of some hub
// series between t0 and t1, one row per time stamp — series sampled together (one SimFrame's)
// share a row, a series without a sample at that time leaves its cell empty. Columns: `time_s`
// (six decimals, the hub's clock: s since the Station was created) then one per series, by
// name, in SI whatever the window shows; a name given twice (shown in two plots) is one column.
// The numbers are C-locale ('.') in every language. Any thread the hub may be read from.

#include <QString>
#include <utility>
#include <vector>

namespace hil {

class TelemetryHub;

/// A series to export: its hub id and its column name.
using CsvSeries = std::pair<int, QString>;

/// Writes (replacing) `path`; false with *error (when given) if it cannot be written.
bool writePlotsCsv(const TelemetryHub &hub, const std::vector<CsvSeries> &series, double t0,
                   double t1, const QString &path, QString *error = nullptr);

} // namespace hil
