#pragma once
// DryRunInput: the frames a dry run plays — a recorded session (its state.csv, and platform.csv
// when there is one), a state.csv, a QGroundControl .tlog (through ReplaySource, the replay's own
// reader), or a built-in manoeuvre (`maneuver:NAME`, maneuvers.h). Loads everything into memory
// (an hour at 250 Hz is ~900,000 frames, ~300 MB: a dry run is a batch job). Pure file reading, no
// clocks or event loop; any thread.
//
// Times: timeS is the input's own time base (state.csv's time_s, a tlog's seconds from its first
// record, a manoeuvre's physics time), never decreasing (ReplaySource's media time: a simulator
// reset plays on). platform.csv's time_s is the host's steady clock, not the simulator's: each
// reported pose is placed on the frames' time through state.csv's host_time_s (the same clock),
// interpolated between the frames around it. A simulator's physics clock need not start near the
// session's start (a real RealFlight counts from its own start), so the two never line up by
// value.

#include "model/simframe.h"
#include "session/cuescsv.h"

#include <QString>
#include <array>
#include <vector>

namespace hil::dryrun {

/// A platform reply with a pose (platform.csv; platform frame, m and rad) while it was CUEING.
struct ReportedPose
{
    double timeS = 0;
    std::array<double, 6> dof{}; ///< surge, sway, heave (m), roll, pitch, yaw (rad)
};

struct DryRunInput
{
    enum class Kind { Session, StateCsv, Tlog, Maneuver };
    enum class Error { None, Arguments, Missing };

    Kind kind = Kind::Maneuver;
    QString source;                     ///< the path or maneuver:NAME as given
    std::vector<double> timesS;         ///< one per frame
    std::vector<SimFrame> frames;       ///< in time order
    qint64 skippedRows = 0;             ///< state.csv lines / tlog records that did not read
    double medianRateHz = 0;            ///< 1 / median frame spacing: the rate actually available
    std::vector<ReportedPose> reported; ///< platform.csv poses while CUEING (sessions only),
                                        ///< timeS on the frames' time base
    qint64 platformRowsSkipped = 0;     ///< rows that did not read (-1: an unknown header)
    qint64 platformRowsOutside = 0;     ///< CUEING poses outside the recorded frames, or not placed
    bool hasPlatformCsv = false;
    /// state.csv has a rising host_time_s: platform.csv's rows could be placed on the frames.
    bool platformAligned = false;
    /// cues.csv: the cue frames the recorded session sent the platform (its real input), empty
    /// for older sessions and other inputs. Host time like platform.csv's, not timesS.
    std::vector<SentCue> sentCues;
    qint64 cueRowsSkipped = 0; ///< malformed cues.csv rows (skipped)
    bool hasCuesCsv = false;

    /// Loads `spec`. On failure: *error is one line naming the problem and *kind says which exit
    /// code it deserves (Missing: no such input or nothing readable in it, 3; Arguments: an
    /// unknown manoeuvre name, 2).
    bool load(const QString &spec, QString *error, Error *kind);
    /// A short name for lists and notes: the manoeuvre's name, "<folder>/state.csv" for a
    /// session (its folder says which one), a file's name otherwise.
    QString displayName() const;
};

} // namespace hil::dryrun
