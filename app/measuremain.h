#pragma once
// `hilstation --raven ADDR --raven-mode cueing --omct DIR --omct-seat-empty --omct-quick
// [--platform-model PRIOR]`: the platform measured (lib/raven/platformmeasurementrun.h) and its
// model identified from the session the run recorded (lib/dryrun/identifyfiles.h) into
// DIR/platform-model.json, its report beside it. The estimate is printed before the start and
// the time left while it runs; every exit parks. Exit status: 0 done; 2 an unusable prior;
// 3 a link or the session folder cannot be set up, or DIR cannot be written; 4 the measurement
// was refused or did not finish (a partial one is still identified, its report says so), or
// nothing could be identified.

#include "core/platformmeasurement.h"

#include <QString>
#include <functional>
#include <memory>

namespace hil {
class Station;
struct StationOptions;
namespace rigcheck {
class MeasurementRun;
}

/// The measurement's settings from the command line: the prior's envelope as the assumed reach,
/// the hidden --omct-fast timing. False with *error when the prior cannot be read.
bool measurementSettings(const StationOptions &options, PlatformMeasurementSettings *settings,
                         QString *error);
/// Starts the measurement on the running station, its progress on stdout; `done` runs once when
/// it ends (the caller parks).
std::unique_ptr<rigcheck::MeasurementRun>
startMeasurement(Station *station, const PlatformMeasurementSettings &settings,
                 double waitForCueingS, std::function<void()> done);
/// After the station stopped (the session's files closed): identifies the recorded session into
/// options.omctDir and prints it; the exit status.
int finishMeasurement(const rigcheck::MeasurementRun &run, const QString &sessionFolder,
                      const StationOptions &options);

} // namespace hil
