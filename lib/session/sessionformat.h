#pragma once
// The text formats of the session folder, as pure functions: column names, one row of
// state.csv / platform.csv from values and back. Any thread, no I/O.
//
// state.csv columns, all SI unless the name says otherwise:
//   time_s             simulator physics time, s (the first column, PlotJuggler's time axis)
//   host_time_s        host steady clock, s since the recorder's session start (same clock as
//                      platform.csv's time_s: the two files line up on it)
//   position/n,e,d  attitude/q_w,q_x,q_y,q_z  attitude/roll,pitch,yaw (rad, ZYX)
//   velocity/n,e,d  acceleration/n,e,d        world NED, m/s and m/s²
//   angular_velocity/x,y,z  angular_acceleration/x,y,z
//                      body FRD, rad/s and rad/s²: x = roll rate p, y = pitch rate q,
//                      z = yaw rate r (AeroSim's Vector3 names, not p,q,r)
//   geodetic/latitude_deg, geodetic/longitude_deg, geodetic/altitude_m (WGS-84 ellipsoid)
//   extras/...         the SimExtras (unit in the name where it is not SI: _rpm, _mah, _oz)
//   stale, sequence    flags are 0/1
//   channels/0..11     servo channels sent, 0..1; channels/mask the driven-channel bit mask
// A NaN is written as an empty cell. Numbers use the shortest text that reads back exactly.
// SimExtras::aircraftStatus (text) is not a column: the CSV stays numeric for plotting tools.

#include "model/pilot.h"
#include "model/simframe.h"
#include "session/records.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QStringList>
#include <vector>

namespace hil {

/// state.csv header line (with '\n').
QByteArray stateCsvHeader();
/// Column names of state.csv in order.
QStringList stateCsvColumns();
/// Appends one state.csv row (with '\n') to out.
void appendStateRow(QByteArray &out, const SimFrame &frame, const ChannelFrame &channels,
                    double hostTimeS);
/// Parses a state.csv row against the column names of its header (any order, unknown columns
/// ignored, so that files of later versions still replay). False when time_s is missing.
bool parseStateRow(QByteArrayView line, const std::vector<int> &columnMap, SimFrame *frame,
                   ChannelFrame *channels);
/// For each header cell, the index into stateCsvColumns() or -1.
std::vector<int> stateColumnMap(QByteArrayView headerLine);

/// platform.csv header line (with '\n') and one row. time_s: host steady clock, s since the
/// session start; platform_time_us (last): the platform's own µs clock, unsigned, wraps at 2³²,
/// empty for a reply without one.
QByteArray platformCsvHeader();
void appendPlatformRow(QByteArray &out, const PlatformRow &row, double hostTimeS);

/// pilot.csv: one row per sample of the pilot's controls (the input link's pilotOut stream, every
/// read of the device, ~333 Hz, and the one inactive sample when the device is lost):
///   time_s    the sample's own time (PilotControls::sampleNs), host steady clock, s since the
///             session start: the clock of state.csv's host_time_s and platform.csv's time_s
///   active    1 while a device is flown; 0 for the sample that ends it (its sticks are 0)
///   roll, pitch, yaw  −1..1 (MANUAL_CONTROL's conventions: stick right, forward, rudder right +)
///   throttle  0..1, 0 idle
///   buttons   the device's raw buttons, bit i = button i held (unsigned decimal)
///   actions   the PilotAction bits held (model/pilot.h: 1 STOP, 2 arm, ...)
///   sequence  the device's sample number
QByteArray pilotCsvHeader();
QStringList pilotCsvColumns();
void appendPilotRow(QByteArray &out, const PilotControls &c, double hostTimeS);
/// For each header cell, the index into pilotCsvColumns() or -1 (later versions' extra columns).
std::vector<int> pilotColumnMap(QByteArrayView headerLine);
/// Parses a pilot.csv row against its header's map into *c and its time_s into *timeS. False
/// when time_s is missing or unreadable.
bool parsePilotRow(QByteArrayView line, const std::vector<int> &columnMap, PilotControls *c,
                   double *timeS);

/// Appends a number in its shortest exact text form; NaN appends nothing.
void appendNumber(QByteArray &out, double value);
/// Splits a CSV line on commas (no quoting: the session files never quote).
std::vector<QByteArrayView> splitCsv(QByteArrayView line);
/// A cell as a double; empty or unreadable → NaN.
double parseNumber(QByteArrayView cell);

} // namespace hil
