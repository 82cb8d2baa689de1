#pragma once
// cues.csv: one row per cue frame (RavenAPI 5, 21, 85) the motion link put on the wire — the
// platform's real input, after the rider-safety gain (ramps, loop guard, enabling button, STOP)
// and the master gain — and its reader. Pure functions plus one file reader; any thread.
//
// Columns (docs/cli-and-session.md, "cues.csv"), in order:
//   time_s          host steady clock when the socket took the frame, s since the session start
//                   (the clock of state.csv's host_time_s and platform.csv's time_s)
//   message_id      5, 21 or 85
//   origin          raven::CueOrigin: 0 simulator, 1 STOP, 2 axis check, 3 transport delay,
//                   4 the link closing, 5 the platform measurement
//   cue_gain        the rider-safety gain the frame was scaled with, 0..1 (1: a test cue)
//   master_gain     the master gain applied (1: a test cue, which it does not scale)
//   zeroed          1 when cue_gain was 0: the frame is the neutral cue, whatever was asked
//   holds           raven::GainHold bits in force: 1 STOP, 2 simulator stale, 4 loop guard,
//                   8 enabling button released, 16 axis hold, 32 exit park
//   acceleration/surge,sway,heave          m/s², platform frame (frame 5: heave carries +g)
//   angular_acceleration/roll,pitch,yaw    rad/s², platform frame
//   attitude/roll, attitude/pitch          rad (empty in frame 5)
//   gravity                                m/s² (frame 85 only)
//   word/0 .. word/8                       the payload words as sent (integers; empty beyond
//                                          the frame's 6, 8 or 9)
// The SI values are the words decoded (raven codec), so they are what the platform got:
// rounded to its units and clamped to its limits. Numbers in the C locale; NaN is empty.

#include "session/records.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <QStringList>
#include <array>
#include <cstdint>
#include <vector>

namespace hil {

QStringList cuesCsvColumns();
/// The header line (with '\n').
QByteArray cuesCsvHeader();
/// Appends one row (with '\n'); hostTimeS: s since the session start.
void appendCueRow(QByteArray &out, const CueRow &row, double hostTimeS);

/// One cues.csv row read back.
struct SentCue
{
    double timeS = 0.0; ///< host steady clock, s since the session start
    int messageId = 0;
    int origin = 0;
    double cueGain = 0.0;
    double masterGain = 0.0;
    bool zeroed = false;
    std::uint32_t holds = 0;
    /// SI in the column order above: surge, sway, heave, roll, pitch, yaw accelerations, roll and
    /// pitch angle, gravity; NaN where the frame has none (or the column is missing).
    std::array<double, 9> si{};
    int wordCount = 0; ///< 6, 8 or 9 by message_id
    std::array<std::int32_t, 9> words{};
};

/// A session's cues.csv read whole.
struct CuesCsv
{
    bool present = false;  ///< the file exists (older sessions have none: not an error)
    bool readable = false; ///< its header names time_s and message_id
    std::vector<SentCue> rows;
    qint64 skippedRows = 0; ///< rows that did not read (wrong cell count, bad number, cut off)
};

/// For each header cell, the index into cuesCsvColumns() or -1 (a later version's column).
std::vector<int> cuesColumnMap(QByteArrayView headerLine);
/// One row against its header's map. False when the row is malformed: a cell count unlike the
/// header's, no time, a message id other than 5/21/85, a word cell of the frame that is not an
/// integer.
bool parseCueRow(QByteArrayView line, const std::vector<int> &columnMap, SentCue *cue);
/// Reads `path`: absent → present false; malformed rows counted and skipped, never fatal.
/// Synchronous file I/O.
CuesCsv loadCuesCsv(const QString &path);

} // namespace hil
