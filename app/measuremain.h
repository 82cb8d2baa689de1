#pragma once
// `hilstation --raven ADDR --raven-mode cueing --omct DIR --omct-seat-empty` (the OMCT measured,
// lib/raven/omctrun.h, analysed by lib/dryrun/omctmeasured.h into DIR/omct.json, a Bode plot
// per test and omct.html; exit status 0 done, 3 DIR cannot be written, 4 refused, stopped
// (the partial results written and marked), or nothing measurable with a coherence) and
// `hilstation --raven ADDR --raven-mode cueing --omct DIR --omct-seat-empty --omct-quick
// [--platform-model PRIOR]`: the platform measured (lib/raven/platformmeasurementrun.h) and its
// model identified from the session the run recorded (lib/dryrun/identifyfiles.h) into
// DIR/platform-model.json, its report beside it. The estimate is printed before the start and
// the time left while it runs; every exit parks. Exit status: 0 done; 2 an unusable prior;
// 3 a link or the session folder cannot be set up, or DIR cannot be written; 4 the measurement
// was refused or did not finish (a partial one is still identified, its report says so), or
// nothing could be identified.

#include "core/omctmeasurement.h"
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

/// The measured OMCT's settings from the command line: the OMCT's frequencies and input
/// amplitudes (half the prediction's per component), the prior's envelope as the assumed reach,
/// the hidden --omct-fast timing. False with *error when the prior cannot be read.
bool omctSettings(const StationOptions &options, OmctMeasurementSettings *settings, QString *error);
/// Starts the measured OMCT on the running station, its progress on stdout; `done` runs once
/// when it ends (the caller parks).
std::unique_ptr<rigcheck::MeasurementRun> startOmct(Station *station,
                                                    const OmctMeasurementSettings &settings,
                                                    double waitForCueingS,
                                                    std::function<void()> done);
/// After the station stopped (the session's files closed): analyses the recorded session into
/// options.omctDir (in the GUI thread of a QApplication: the plots) and prints the figures at
/// 1 rad/s; the exit status.
int finishOmct(const rigcheck::MeasurementRun &run, const QString &sessionFolder,
               const OmctMeasurementSettings &settings, const StationOptions &options);

} // namespace hil
