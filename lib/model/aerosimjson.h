#pragma once
// JSON form of the AeroSim types, field names as AeroSim's own (snake_case), and AeroSim's
// message envelope {"metadata": {topic, type_name, timestamp_sim, timestamp_platform}, "data"}.
// Readers are strict: a missing or non-numeric field makes them return false and name the field
// in *error, never a silent zero. Pure functions, any thread.

#include "model/types.h"

#include <QJsonObject>
#include <QString>

namespace hil::json {

QJsonObject toJson(const Vector3 &v);
QJsonObject toJson(const Quaternion &q);
QJsonObject toJson(const TimeStamp &t);
QJsonObject toJson(const Pose &p);
QJsonObject toJson(const ActorState &a);
QJsonObject toJson(const VehicleState &s);
QJsonObject toJson(const FlightControlCommand &c);
QJsonObject toJson(const AircraftEffectorCommand &c);

bool fromJson(const QJsonObject &o, Vector3 *out, QString *error = nullptr);
bool fromJson(const QJsonObject &o, Quaternion *out, QString *error = nullptr);
bool fromJson(const QJsonObject &o, TimeStamp *out, QString *error = nullptr);
bool fromJson(const QJsonObject &o, Pose *out, QString *error = nullptr);
bool fromJson(const QJsonObject &o, ActorState *out, QString *error = nullptr);
bool fromJson(const QJsonObject &o, VehicleState *out, QString *error = nullptr);
bool fromJson(const QJsonObject &o, FlightControlCommand *out, QString *error = nullptr);
bool fromJson(const QJsonObject &o, AircraftEffectorCommand *out, QString *error = nullptr);

/// AeroSim's envelope metadata.
struct Metadata
{
    QString topic;    ///< e.g. "aerosim.actor1.vehicle_state"
    QString typeName; ///< e.g. "aerosim::types::VehicleState"
    TimeStamp timestampSim;
    TimeStamp timestampPlatform;
};

QJsonObject envelope(const Metadata &meta, const QJsonObject &data);
/// Splits an envelope; false (and *error) when either part is missing or malformed.
bool openEnvelope(const QJsonObject &o, Metadata *meta, QJsonObject *data,
                  QString *error = nullptr);

} // namespace hil::json
