#pragma once
// The cueing settings as a file (cueing.json): what the Motion panel's "Export cueing
// settings…" writes and `hilstation --cueing FILE` (the dry run) reads. Pure: no Qt widgets,
// any thread. JSON numbers are locale-free (QJsonDocument), so the file reads the same under any
// LC_NUMERIC.
//
//   { "format": "hilstation-cueing", "version": 2, "frame": 21, "master_gain": 1,
//     "angular_accel_tau_s": 0.05, "gravity_mps2": 9.80665, "use_accelerometer": false,
//     "max_rate_hz": 500,
//     "axes": { "surge": { "gain": 1, "invert": false, "low_pass_tau_s": 0, "rate_limit": 0,
//                          "limit": 0 }, ... "roll_angle", "pitch_angle" } }
//
// Units are cueing.h's: SI (m/s², rad/s², rad), rate limits per second in the axis unit. The
// version is kCueingSettingsVersion (the sign convention): a file of another version is refused,
// because its per-axis inverts would mean the opposite. Every key is optional (missing =
// default); an unknown key is an error that names it (a typo must not pass silently).

#include "raven/cueing.h"

#include <QByteArray>
#include <QString>

class QSettings;

namespace hil::raven {

/// The axis names used in the file and the window's settings, index = Axis.
extern const char *const kCueingAxisKeys[AxisCount];

QByteArray writeCueingFile(const CueingSettings &settings);
/// Parses bytes; false with *error (one line) when unusable.
bool parseCueingFile(const QByteArray &bytes, CueingSettings *out, QString *error);
/// Reads path; false with *error naming the file.
bool readCueingFile(const QString &path, CueingSettings *out, QString *error);

/// The settings in the current QSettings group's "cueing" group (the window's settings, where the
/// Motion panel keeps its editor). Keys missing keep `defaults`. Settings saved before the
/// platform frame became right-handed (no "version" key, or an older one) would be silently
/// reinterpreted: every axis's invert is cleared and *invertsReset set, for the caller to say so.
CueingSettings readCueingSettings(QSettings &settings, const CueingSettings &defaults,
                                  bool *invertsReset);
void writeCueingSettings(QSettings &settings, const CueingSettings &s);

} // namespace hil::raven
