#pragma once
// The lab topics' payloads (docs/lab.md, "Topics"), composed from values the Station already
// routes. Pure functions, any thread. Every payload is a JSON object with a top-level "t": the
// Unix time in seconds (a number, not a string) that PlotJuggler's JSON parser can take as the
// time axis; all numbers are written by QJsonDocument, which ignores the C library's locale.

#include "core/event.h"
#include "model/pilot.h"
#include "model/simframe.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace hil::lab {

/// `state`: AeroSim's envelope around the VehicleState (type_name
/// aerosim::types::VehicleState, timestamp_sim = the simulator's physics time,
/// timestamp_platform = unixS), plus "t" = unixS and "hil" (altitude, speeds, position), and
/// "pilot" (pilotJson()) when `pilot` is not empty: absent while no device is flown.
QByteArray stateMessage(const QString &rig, const SimFrame &frame, double unixS,
                        const QJsonObject &pilot = {});
/// The pilot's sticks as the state message carries them: roll, pitch, yaw (−1..1), throttle
/// (0..1), buttons (raw bits), actions (PilotAction bits held), device (its name, else its id).
QJsonObject pilotJson(const PilotControls &c);
/// `platform`: the motion platform's reply as plain values (mode, status word, motors, thermal,
/// pose; the registration builds it) plus cue_gain (NaN: unknown, left out) and "t".
QByteArray platformMessage(const QJsonObject &sample, double cueGain, double unixS);
/// The platform's state after a reply: the new reply's values, and the last reported pose when
/// this reply carries none. Every reply ends with the status word, but only the motion replies
/// carry a pose (temperatures, power, firmware do not): without this the 10 Hz message, which
/// sends the newest reply, lost its pose whenever a temperature reply came last.
QJsonObject mergePlatformReply(const QJsonObject &previous, const QJsonObject &reply);
/// `links`: session.json's "links" with each link's state and counters, and its counter schema
/// (unit and kind per counter, the descriptors' schema) beside them.
QByteArray linksMessage(const QJsonObject &sessionSnapshot, double unixS);
/// `session`: the session folder's name (not its path), start time, program version.
QByteArray sessionMessage(const QJsonObject &sessionSnapshot, const QString &rig);
/// `event`: id, severity, source, text, args.
QByteArray eventMessage(const Event &event, double unixS);
/// `online`: true on connect; false as the Last Will ("lost") and on a clean exit ("exit").
QByteArray onlineMessage(const QString &rig, bool online, const QString &reason, double unixS);
/// The answer on the reply topic to a `cmd/stop`: {"ok":true,"mode":"LEVEL BRAKE",
/// "mode_id":1} or {"ok":false,"error":why}.
QByteArray stopReply(bool ok, int mode, const QString &why);

/// Unix time now, seconds with microseconds.
double unixNowS();

} // namespace hil::lab
