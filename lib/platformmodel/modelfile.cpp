#include "platformmodel/modelfile.h"

#include "model/rotation.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <functional>
#include <vector>

namespace hil::platformmodel {

namespace {

constexpr double kDeg = kPi / 180.0;
const QString kComment = QStringLiteral("comment");
const char *const kDofNames[6] = {"surge", "sway", "heave", "roll", "pitch", "yaw"};

enum class Rule { Any, Positive, NotNegative };

/// One number of the file: where it lives, its key, file unit → SI factor, and the field.
struct Field
{
    QString section; // "" = top level
    QString key;
    double toSi;
    Rule rule;
    std::function<double &(ModelConfig &)> ref;
};

std::vector<Field> fields()
{
    std::vector<Field> out;
    out.push_back({QString(), QStringLiteral("rate_hz"), 1.0, Rule::Positive,
                   [](ModelConfig &c) -> double & { return c.rateHz; }});
    out.push_back({QString(), QStringLiteral("delay_ms"), 1e-3, Rule::NotNegative,
                   [](ModelConfig &c) -> double & { return c.delayS; }});
    out.push_back({QStringLiteral("geometry"), QStringLiteral("neutral_height_m"), 1.0,
                   Rule::Positive,
                   [](ModelConfig &c) -> double & { return c.geometry.neutralHeightM; }});
    out.push_back({QStringLiteral("geometry"), QStringLiteral("head_x_m"), 1.0, Rule::Any,
                   [](ModelConfig &c) -> double & { return c.geometry.headM.x; }});
    out.push_back({QStringLiteral("geometry"), QStringLiteral("head_y_m"), 1.0, Rule::Any,
                   [](ModelConfig &c) -> double & { return c.geometry.headM.y; }});
    out.push_back({QStringLiteral("geometry"), QStringLiteral("head_z_m"), 1.0, Rule::Any,
                   [](ModelConfig &c) -> double & { return c.geometry.headM.z; }});
    const QString env = QStringLiteral("envelope");
    for (int i = 0; i < 6; ++i) {
        const QString unit = i < 3 ? QStringLiteral("_m") : QStringLiteral("_deg");
        const double toSi = i < 3 ? 1.0 : kDeg;
        const QString name = QLatin1String(kDofNames[i]);
        out.push_back({env, name + QStringLiteral("_min") + unit, toSi, Rule::Any,
                       [i](ModelConfig &c) -> double & { return c.envelope.dofMin[i]; }});
        out.push_back({env, name + QStringLiteral("_max") + unit, toSi, Rule::Any,
                       [i](ModelConfig &c) -> double & { return c.envelope.dofMax[i]; }});
    }
    out.push_back({env, QStringLiteral("actuator_min_m"), 1.0, Rule::Positive,
                   [](ModelConfig &c) -> double & { return c.envelope.actuatorMinM; }});
    out.push_back({env, QStringLiteral("actuator_max_m"), 1.0, Rule::Positive,
                   [](ModelConfig &c) -> double & { return c.envelope.actuatorMaxM; }});
    const QString wo = QStringLiteral("washout");
    for (int i = 0; i < 3; ++i) {
        const QString name = QLatin1String(kDofNames[i]);
        out.push_back(
            {wo, name + QStringLiteral("_natural_rad_s"), 1.0, Rule::Positive,
             [i](ModelConfig &c) -> double & { return c.washout.translational[i].naturalRadps; }});
        out.push_back(
            {wo, name + QStringLiteral("_damping"), 1.0, Rule::Positive,
             [i](ModelConfig &c) -> double & { return c.washout.translational[i].damping; }});
        out.push_back(
            {wo, name + QStringLiteral("_break_rad_s"), 1.0, Rule::Positive,
             [i](ModelConfig &c) -> double & { return c.washout.translational[i].breakRadps; }});
    }
    out.push_back({wo, QStringLiteral("tilt_lowpass_rad_s"), 1.0, Rule::Positive,
                   [](ModelConfig &c) -> double & { return c.washout.tiltLowPassRadps; }});
    out.push_back({wo, QStringLiteral("tilt_lowpass_damping"), 1.0, Rule::Positive,
                   [](ModelConfig &c) -> double & { return c.washout.tiltLowPassDamping; }});
    out.push_back({wo, QStringLiteral("tilt_rate_limit_deg_s"), kDeg, Rule::Positive,
                   [](ModelConfig &c) -> double & { return c.washout.tiltRateLimitRadps; }});
    out.push_back({wo, QStringLiteral("tilt_max_deg"), kDeg, Rule::Positive,
                   [](ModelConfig &c) -> double & { return c.washout.tiltMaxRad; }});
    for (int i = 0; i < 3; ++i) {
        const QString name = QLatin1String(kDofNames[3 + i]);
        out.push_back(
            {wo, name + QStringLiteral("_natural_rad_s"), 1.0, Rule::Positive,
             [i](ModelConfig &c) -> double & { return c.washout.rotational[i].naturalRadps; }});
        out.push_back(
            {wo, name + QStringLiteral("_damping"), 1.0, Rule::Positive,
             [i](ModelConfig &c) -> double & { return c.washout.rotational[i].damping; }});
    }
    for (int i = 0; i < 6; ++i)
        out.push_back({wo, QLatin1String(kDofNames[i]) + QStringLiteral("_gain"), 1.0,
                       Rule::Positive,
                       [i](ModelConfig &c) -> double & { return c.washout.gain[i]; }});
    return out;
}

// washout.tilt_coordination: a word, not a number.
const QString kTiltCoordination = QStringLiteral("tilt_coordination");
const QString kTiltLowPass = QStringLiteral("low_pass");
const QString kTiltNone = QStringLiteral("none");

// "identified": {"utc": "...", "sessions": ["..."], "validated_on": "..."}
const QString kIdentified = QStringLiteral("identified");

const QString kBaseJoints = QStringLiteral("base_joints_m");
const QString kSeatJoints = QStringLiteral("seat_joints_m");

QString where(const QString &section, const QString &key)
{
    return section.isEmpty() ? key : section + QLatin1Char('.') + key;
}

bool readJoints(const QJsonValue &v, const QString &name, std::array<Vector3, 6> *out,
                QString *error)
{
    const QJsonArray a = v.toArray();
    bool ok = v.isArray() && a.size() == 6;
    std::array<Vector3, 6> joints{};
    for (int i = 0; ok && i < 6; ++i) {
        const QJsonArray p = a.at(i).toArray();
        ok = a.at(i).isArray() && p.size() == 3 && p.at(0).isDouble() && p.at(1).isDouble() &&
             p.at(2).isDouble();
        if (ok)
            joints[i] = {p.at(0).toDouble(), p.at(1).toDouble(), p.at(2).toDouble()};
    }
    if (!ok) {
        *error = name + QStringLiteral(": must be 6 points [x, y, z] in metres");
        return false;
    }
    *out = joints;
    return true;
}

QJsonArray jointsJson(const std::array<Vector3, 6> &joints)
{
    QJsonArray a;
    for (const Vector3 &p : joints)
        a.append(QJsonArray{p.x, p.y, p.z});
    return a;
}

/// Checks what single fields cannot: ranges that hold the neutral pose, the stroke, the tilt.
bool validate(const ModelConfig &c, QString *error)
{
    for (int i = 0; i < 6; ++i) {
        if (!(c.envelope.dofMin[i] <= 0.0 && 0.0 <= c.envelope.dofMax[i] &&
              c.envelope.dofMin[i] < c.envelope.dofMax[i])) {
            *error =
                QStringLiteral("envelope.%1_min/max: must hold the neutral pose, min < 0 < max")
                    .arg(QLatin1String(kDofNames[i]));
            return false;
        }
    }
    if (!(c.envelope.actuatorMinM < c.envelope.actuatorMaxM)) {
        *error = QStringLiteral("envelope.actuator_min_m/max_m: min must be below max");
        return false;
    }
    const std::array<double, 6> neutral = actuatorLengths(c.geometry, {});
    for (int i = 0; i < 6; ++i) {
        if (!(neutral[i] > c.envelope.actuatorMinM && neutral[i] < c.envelope.actuatorMaxM)) {
            *error = QStringLiteral("geometry: actuator %1 is %2 m long at neutral, outside "
                                    "envelope.actuator_min_m..actuator_max_m")
                         .arg(i)
                         .arg(neutral[i], 0, 'f', 4);
            return false;
        }
    }
    if (c.washout.tiltMaxRad > kPi / 2.0) {
        *error = QStringLiteral("washout.tilt_max_deg: at most 90");
        return false;
    }
    return true;
}

} // namespace

bool parseModelFile(const QByteArray &json, const QString &origin, ModelConfig *out, QString *error)
{
    const auto fail = [&](const QString &why) {
        if (error)
            *error = origin + QStringLiteral(": ") + why;
        return false;
    };
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return fail(QStringLiteral("not JSON (at byte %1: %2)")
                        .arg(parseError.offset)
                        .arg(parseError.errorString()));
    if (!doc.isObject())
        return fail(QStringLiteral("must be a JSON object"));

    ModelConfig c;
    const QJsonObject root = doc.object();
    const std::vector<Field> all = fields();
    const QStringList sections{QStringLiteral("geometry"), QStringLiteral("envelope"),
                               QStringLiteral("washout")};
    // Unknown keys first, so that a misspelt key is named rather than silently defaulted.
    for (const QString &section : QStringList{QString()} + sections) {
        const QJsonValue sv = section.isEmpty() ? QJsonValue(root) : root.value(section);
        if (sv.isUndefined())
            continue;
        if (!sv.isObject())
            return fail(section + QStringLiteral(": must be an object"));
        const QJsonObject obj = sv.toObject();
        for (auto it = obj.begin(); it != obj.end(); ++it) {
            const QString &key = it.key();
            bool known = key == kComment || (section.isEmpty() && sections.contains(key)) ||
                         (section.isEmpty() && key == kIdentified) ||
                         (section == sections[0] && (key == kBaseJoints || key == kSeatJoints)) ||
                         (section == sections[2] && key == kTiltCoordination);
            for (const Field &f : all)
                known = known || (f.section == section && f.key == key);
            if (!known)
                return fail(QStringLiteral("unknown key \"%1\"").arg(where(section, key)));
            if (key == kComment && !it.value().isString())
                return fail(where(section, key) + QStringLiteral(": must be a string"));
        }
    }
    const QJsonObject geometry = root.value(sections[0]).toObject();
    QString why;
    if (geometry.contains(kBaseJoints) &&
        !readJoints(geometry.value(kBaseJoints), where(sections[0], kBaseJoints),
                    &c.geometry.baseJointsM, &why))
        return fail(why);
    if (geometry.contains(kSeatJoints) &&
        !readJoints(geometry.value(kSeatJoints), where(sections[0], kSeatJoints),
                    &c.geometry.seatJointsM, &why))
        return fail(why);
    const QJsonValue identified = root.value(kIdentified);
    if (!identified.isUndefined()) {
        const QJsonObject o = identified.toObject();
        const QJsonValue utc = o.value(QStringLiteral("utc"));
        if (!identified.isObject() || !utc.isString() || utc.toString().isEmpty())
            return fail(kIdentified + QStringLiteral(": must be an object with a \"utc\" time"));
        c.origin.identifiedUtc = utc.toString();
        for (const QJsonValue v : o.value(QStringLiteral("sessions")).toArray())
            c.origin.sessions << v.toString();
        c.origin.validatedOn = o.value(QStringLiteral("validated_on")).toString();
    }
    const QJsonValue tiltMode = root.value(sections[2]).toObject().value(kTiltCoordination);
    if (!tiltMode.isUndefined()) {
        if (tiltMode != QJsonValue(kTiltLowPass) && tiltMode != QJsonValue(kTiltNone))
            return fail(where(sections[2], kTiltCoordination) +
                        QStringLiteral(": must be \"low_pass\" or \"none\""));
        c.washout.tiltCoordination = tiltMode == QJsonValue(kTiltLowPass);
    }
    bool strokeGiven[2] = {false, false};
    for (const Field &f : all) {
        const QJsonObject obj = f.section.isEmpty() ? root : root.value(f.section).toObject();
        if (!obj.contains(f.key))
            continue;
        const QJsonValue v = obj.value(f.key);
        const QString name = where(f.section, f.key);
        if (!v.isDouble() || !std::isfinite(v.toDouble()))
            return fail(name + QStringLiteral(": must be a number"));
        if (f.rule == Rule::Positive && !(v.toDouble() > 0.0))
            return fail(name + QStringLiteral(": must be > 0"));
        if (f.rule == Rule::NotNegative && !(v.toDouble() >= 0.0))
            return fail(name + QStringLiteral(": must be >= 0"));
        f.ref(c) = v.toDouble() * f.toSi;
        strokeGiven[0] = strokeGiven[0] || f.key == QLatin1String("actuator_min_m");
        strokeGiven[1] = strokeGiven[1] || f.key == QLatin1String("actuator_max_m");
    }
    // A stroke not given is the default 150 mm around this file's own neutral length.
    const double neutral = actuatorLengths(c.geometry, {})[0];
    if (!strokeGiven[0])
        c.envelope.actuatorMinM = neutral - kDefaultStrokeM / 2.0;
    if (!strokeGiven[1])
        c.envelope.actuatorMaxM = neutral + kDefaultStrokeM / 2.0;
    if (!validate(c, &why))
        return fail(why);
    *out = c;
    return true;
}

bool readModelFile(const QString &path, ModelConfig *out, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = path + QStringLiteral(": ") + file.errorString();
        return false;
    }
    return parseModelFile(file.readAll(), path, out, error);
}

QByteArray writeModelFile(const ModelConfig &config, const QString &comment)
{
    ModelConfig c = config;
    QJsonObject sections[3];
    const QStringList names{QStringLiteral("geometry"), QStringLiteral("envelope"),
                            QStringLiteral("washout")};
    QJsonObject root;
    root.insert(kComment,
                !comment.isEmpty()
                    ? comment
                    : QStringLiteral("HIL Station platform model (docs/platform-model.md). "
                                     "Defaults are ASSUMPTIONS: Iris publishes neither Mantis' "
                                     "washout nor the platform's geometry or stroke, and "
                                     "actuator limit hits depend on them."));
    if (c.origin.identified())
        root.insert(
            kIdentified,
            QJsonObject{{QStringLiteral("utc"), c.origin.identifiedUtc},
                        {QStringLiteral("sessions"), QJsonArray::fromStringList(c.origin.sessions)},
                        {QStringLiteral("validated_on"), c.origin.validatedOn}});
    sections[2].insert(kTiltCoordination, c.washout.tiltCoordination ? kTiltLowPass : kTiltNone);
    for (const Field &f : fields()) {
        const double v = f.ref(c) / f.toSi;
        if (f.section.isEmpty())
            root.insert(f.key, v);
        else
            sections[names.indexOf(f.section)].insert(f.key, v);
    }
    sections[0].insert(kBaseJoints, jointsJson(c.geometry.baseJointsM));
    sections[0].insert(kSeatJoints, jointsJson(c.geometry.seatJointsM));
    for (int i = 0; i < 3; ++i)
        root.insert(names[i], sections[i]);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace hil::platformmodel
