#include "model/aerosimjson.h"

#include <QJsonArray>

namespace hil::json {

namespace {

bool fail(QString *error, const QString &what)
{
    if (error)
        *error = what;
    return false;
}

bool number(const QJsonObject &o, const char *key, double *out, QString *error)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (!v.isDouble())
        return fail(error,
                    QStringLiteral("field '%1' missing or not a number").arg(QLatin1String(key)));
    *out = v.toDouble();
    return true;
}

bool object(const QJsonObject &o, const char *key, QJsonObject *out, QString *error)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (!v.isObject())
        return fail(error,
                    QStringLiteral("field '%1' missing or not an object").arg(QLatin1String(key)));
    *out = v.toObject();
    return true;
}

template <typename T> bool child(const QJsonObject &o, const char *key, T *out, QString *error)
{
    QJsonObject c;
    if (!object(o, key, &c, error))
        return false;
    if (fromJson(c, out, error))
        return true;
    if (error)
        *error = QLatin1String(key) + QLatin1String(": ") + *error;
    return false;
}

QJsonArray array(const std::vector<double> &v)
{
    QJsonArray a;
    for (double d : v)
        a.append(d);
    return a;
}

bool doubles(const QJsonObject &o, const char *key, std::vector<double> *out, QString *error)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (!v.isArray())
        return fail(error,
                    QStringLiteral("field '%1' missing or not an array").arg(QLatin1String(key)));
    out->clear();
    for (const QJsonValue &e : v.toArray()) {
        if (!e.isDouble())
            return fail(error,
                        QStringLiteral("field '%1' holds a non-number").arg(QLatin1String(key)));
        out->push_back(e.toDouble());
    }
    return true;
}

// The scalar and array fields of the two command types, listed once for both directions.
struct ScalarField
{
    const char *name;
    double FlightControlCommand::*member;
};
constexpr ScalarField kFlightScalars[] = {
    {"roll_cmd", &FlightControlCommand::roll_cmd},
    {"pitch_cmd", &FlightControlCommand::pitch_cmd},
    {"yaw_cmd", &FlightControlCommand::yaw_cmd},
    {"thrust_tilt_cmd", &FlightControlCommand::thrust_tilt_cmd},
    {"flap_cmd", &FlightControlCommand::flap_cmd},
    {"speedbrake_cmd", &FlightControlCommand::speedbrake_cmd},
    {"landing_gear_cmd", &FlightControlCommand::landing_gear_cmd},
    {"wheel_steer_cmd", &FlightControlCommand::wheel_steer_cmd},
    {"wheel_brake_cmd", &FlightControlCommand::wheel_brake_cmd},
};

struct ArrayField
{
    const char *name;
    std::vector<double> AircraftEffectorCommand::*member;
};
constexpr ArrayField kEffectorArrays[] = {
    {"throttle_cmd", &AircraftEffectorCommand::throttle_cmd},
    {"aileron_cmd_angle_rad", &AircraftEffectorCommand::aileron_cmd_angle_rad},
    {"elevator_cmd_angle_rad", &AircraftEffectorCommand::elevator_cmd_angle_rad},
    {"rudder_cmd_angle_rad", &AircraftEffectorCommand::rudder_cmd_angle_rad},
    {"thrust_tilt_cmd_angle_rad", &AircraftEffectorCommand::thrust_tilt_cmd_angle_rad},
    {"flap_cmd_angle_rad", &AircraftEffectorCommand::flap_cmd_angle_rad},
    {"speedbrake_cmd_angle_rad", &AircraftEffectorCommand::speedbrake_cmd_angle_rad},
    {"landing_gear_cmd", &AircraftEffectorCommand::landing_gear_cmd},
    {"wheel_steer_cmd_angle_rad", &AircraftEffectorCommand::wheel_steer_cmd_angle_rad},
    {"wheel_brake_cmd", &AircraftEffectorCommand::wheel_brake_cmd},
};

} // namespace

QJsonObject toJson(const Vector3 &v)
{
    return {{"x", v.x}, {"y", v.y}, {"z", v.z}};
}
QJsonObject toJson(const Quaternion &q)
{
    return {{"w", q.w}, {"x", q.x}, {"y", q.y}, {"z", q.z}};
}
QJsonObject toJson(const TimeStamp &t)
{
    return {{"sec", t.sec}, {"nanosec", static_cast<qint64>(t.nanosec)}};
}
QJsonObject toJson(const Pose &p)
{
    return {{"position", toJson(p.position)}, {"orientation", toJson(p.orientation)}};
}
QJsonObject toJson(const ActorState &a)
{
    return {{"pose", toJson(a.pose)}};
}
QJsonObject toJson(const VehicleState &s)
{
    return {{"state", toJson(s.state)},
            {"velocity", toJson(s.velocity)},
            {"angular_velocity", toJson(s.angular_velocity)},
            {"acceleration", toJson(s.acceleration)},
            {"angular_acceleration", toJson(s.angular_acceleration)}};
}
QJsonObject toJson(const FlightControlCommand &c)
{
    QJsonObject o{{"power_cmd", array(c.power_cmd)}};
    for (const auto &f : kFlightScalars)
        o.insert(QLatin1String(f.name), c.*f.member);
    return o;
}
QJsonObject toJson(const AircraftEffectorCommand &c)
{
    QJsonObject o;
    for (const auto &f : kEffectorArrays)
        o.insert(QLatin1String(f.name), array(c.*f.member));
    return o;
}

bool fromJson(const QJsonObject &o, Vector3 *out, QString *error)
{
    Vector3 v;
    if (!number(o, "x", &v.x, error) || !number(o, "y", &v.y, error) ||
        !number(o, "z", &v.z, error))
        return false;
    *out = v;
    return true;
}

bool fromJson(const QJsonObject &o, Quaternion *out, QString *error)
{
    Quaternion q;
    if (!number(o, "w", &q.w, error) || !number(o, "x", &q.x, error) ||
        !number(o, "y", &q.y, error) || !number(o, "z", &q.z, error))
        return false;
    *out = q;
    return true;
}

bool fromJson(const QJsonObject &o, TimeStamp *out, QString *error)
{
    double sec = 0, ns = 0;
    if (!number(o, "sec", &sec, error) || !number(o, "nanosec", &ns, error))
        return false;
    if (ns < 0 || ns >= 1e9 || sec < INT32_MIN || sec > INT32_MAX)
        return fail(error, QStringLiteral("timestamp out of range"));
    *out = {static_cast<std::int32_t>(sec), static_cast<std::uint32_t>(ns)};
    return true;
}

bool fromJson(const QJsonObject &o, Pose *out, QString *error)
{
    Pose p;
    if (!child(o, "position", &p.position, error) ||
        !child(o, "orientation", &p.orientation, error))
        return false;
    *out = p;
    return true;
}

bool fromJson(const QJsonObject &o, ActorState *out, QString *error)
{
    return child(o, "pose", &out->pose, error);
}

bool fromJson(const QJsonObject &o, VehicleState *out, QString *error)
{
    VehicleState s;
    if (!child(o, "state", &s.state, error) || !child(o, "velocity", &s.velocity, error) ||
        !child(o, "angular_velocity", &s.angular_velocity, error) ||
        !child(o, "acceleration", &s.acceleration, error) ||
        !child(o, "angular_acceleration", &s.angular_acceleration, error))
        return false;
    *out = s;
    return true;
}

bool fromJson(const QJsonObject &o, FlightControlCommand *out, QString *error)
{
    FlightControlCommand c;
    if (!doubles(o, "power_cmd", &c.power_cmd, error))
        return false;
    for (const auto &f : kFlightScalars)
        if (!number(o, f.name, &(c.*f.member), error))
            return false;
    *out = c;
    return true;
}

bool fromJson(const QJsonObject &o, AircraftEffectorCommand *out, QString *error)
{
    AircraftEffectorCommand c;
    for (const auto &f : kEffectorArrays)
        if (!doubles(o, f.name, &(c.*f.member), error))
            return false;
    *out = c;
    return true;
}

QJsonObject envelope(const Metadata &m, const QJsonObject &data)
{
    return {{"metadata", QJsonObject{{"topic", m.topic},
                                     {"type_name", m.typeName},
                                     {"timestamp_sim", toJson(m.timestampSim)},
                                     {"timestamp_platform", toJson(m.timestampPlatform)}}},
            {"data", data}};
}

bool openEnvelope(const QJsonObject &o, Metadata *meta, QJsonObject *data, QString *error)
{
    QJsonObject m;
    if (!object(o, "metadata", &m, error) || !object(o, "data", data, error))
        return false;
    Metadata out;
    out.topic = m.value(QLatin1String("topic")).toString();
    out.typeName = m.value(QLatin1String("type_name")).toString();
    if (out.topic.isEmpty() || out.typeName.isEmpty())
        return fail(error, QStringLiteral("metadata lacks topic or type_name"));
    if (!child(m, "timestamp_sim", &out.timestampSim, error) ||
        !child(m, "timestamp_platform", &out.timestampPlatform, error))
        return false;
    *meta = out;
    return true;
}

} // namespace hil::json
