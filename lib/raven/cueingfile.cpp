#include "raven/cueingfile.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QSettings>

namespace hil::raven {

const char *const kCueingAxisKeys[AxisCount] = {"surge", "sway", "heave",      "roll",
                                                "pitch", "yaw",  "roll_angle", "pitch_angle"};

namespace {
const QLatin1String kFormat("hilstation-cueing");

// Reads the keys of `o` listed in `known` through `read`; any other key is an error.
bool checkKeys(const QJsonObject &o, const QSet<QString> &known, const QString &where,
               QString *error)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!known.contains(it.key())) {
            *error = QStringLiteral("unknown key \"%1\"%2").arg(it.key(), where);
            return false;
        }
    }
    return true;
}

bool number(const QJsonObject &o, const char *key, double *out, QString *error)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined())
        return true;
    if (!v.isDouble()) {
        *error = QStringLiteral("\"%1\" is not a number").arg(QLatin1String(key));
        return false;
    }
    *out = v.toDouble();
    return true;
}

bool boolean(const QJsonObject &o, const char *key, bool *out, QString *error)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined())
        return true;
    if (!v.isBool()) {
        *error = QStringLiteral("\"%1\" is not true or false").arg(QLatin1String(key));
        return false;
    }
    *out = v.toBool();
    return true;
}
} // namespace

QByteArray writeCueingFile(const CueingSettings &s)
{
    QJsonObject axes;
    for (int a = 0; a < AxisCount; ++a) {
        const AxisSettings &x = s.axes[std::size_t(a)];
        axes.insert(QLatin1String(kCueingAxisKeys[a]),
                    QJsonObject{{QStringLiteral("gain"), x.gain},
                                {QStringLiteral("invert"), x.invert},
                                {QStringLiteral("low_pass_tau_s"), x.lowPassTauS},
                                {QStringLiteral("rate_limit"), x.rateLimit},
                                {QStringLiteral("limit"), x.limit}});
    }
    const QJsonObject root{{QStringLiteral("format"), kFormat},
                           {QStringLiteral("version"), kCueingSettingsVersion},
                           {QStringLiteral("frame"), s.frameId},
                           {QStringLiteral("master_gain"), s.masterGain},
                           {QStringLiteral("angular_accel_tau_s"), s.angularAccelTauS},
                           {QStringLiteral("gravity_mps2"), s.gravityMps2},
                           {QStringLiteral("use_accelerometer"), s.useAccelerometer},
                           {QStringLiteral("max_rate_hz"), s.maxRateHz},
                           {QStringLiteral("axes"), axes}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

bool parseCueingFile(const QByteArray &bytes, CueingSettings *out, QString *error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        *error =
            pe.error != QJsonParseError::NoError
                ? QStringLiteral("not JSON (%1 at byte %2)").arg(pe.errorString()).arg(pe.offset)
                : QStringLiteral("not a JSON object");
        return false;
    }
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("format")).toString() != kFormat) {
        *error =
            QStringLiteral("not a cueing settings file (\"format\" is not \"%1\")").arg(kFormat);
        return false;
    }
    const int version = root.value(QStringLiteral("version")).toInt(-1);
    if (version != kCueingSettingsVersion) {
        *error = QStringLiteral("cueing settings of version %1; this program reads version %2 (the "
                                "right-handed platform frame): per-axis inverts would be wrong")
                     .arg(version)
                     .arg(kCueingSettingsVersion);
        return false;
    }
    static const QSet<QString> rootKeys{QStringLiteral("format"),
                                        QStringLiteral("version"),
                                        QStringLiteral("frame"),
                                        QStringLiteral("master_gain"),
                                        QStringLiteral("angular_accel_tau_s"),
                                        QStringLiteral("gravity_mps2"),
                                        QStringLiteral("use_accelerometer"),
                                        QStringLiteral("max_rate_hz"),
                                        QStringLiteral("axes")};
    static const QSet<QString> axisKeys{QStringLiteral("gain"), QStringLiteral("invert"),
                                        QStringLiteral("low_pass_tau_s"),
                                        QStringLiteral("rate_limit"), QStringLiteral("limit")};
    if (!checkKeys(root, rootKeys, QString(), error))
        return false;
    CueingSettings s;
    double frame = s.frameId;
    if (!number(root, "frame", &frame, error) ||
        !number(root, "master_gain", &s.masterGain, error) ||
        !number(root, "angular_accel_tau_s", &s.angularAccelTauS, error) ||
        !number(root, "gravity_mps2", &s.gravityMps2, error) ||
        !boolean(root, "use_accelerometer", &s.useAccelerometer, error) ||
        !number(root, "max_rate_hz", &s.maxRateHz, error))
        return false;
    s.frameId = int(frame);
    if (s.frameId != 5 && s.frameId != 21 && s.frameId != 85) {
        *error = QStringLiteral("\"frame\" is %1; cueing frames are 5, 21 and 85").arg(frame);
        return false;
    }
    const QJsonObject axes = root.value(QStringLiteral("axes")).toObject();
    QSet<QString> axisNames;
    for (const char *k : kCueingAxisKeys)
        axisNames.insert(QLatin1String(k));
    if (!checkKeys(axes, axisNames, QStringLiteral(" in \"axes\""), error))
        return false;
    for (int a = 0; a < AxisCount; ++a) {
        const QJsonObject o = axes.value(QLatin1String(kCueingAxisKeys[a])).toObject();
        AxisSettings &x = s.axes[std::size_t(a)];
        const QString where =
            QStringLiteral(" in axis \"%1\"").arg(QLatin1String(kCueingAxisKeys[a]));
        if (!checkKeys(o, axisKeys, where, error) || !number(o, "gain", &x.gain, error) ||
            !boolean(o, "invert", &x.invert, error) ||
            !number(o, "low_pass_tau_s", &x.lowPassTauS, error) ||
            !number(o, "rate_limit", &x.rateLimit, error) || !number(o, "limit", &x.limit, error))
            return false;
        if (x.gain < 0 || x.lowPassTauS < 0 || x.rateLimit < 0 || x.limit < 0) {
            *error =
                QStringLiteral("negative gain, time constant, rate limit or limit%1").arg(where);
            return false;
        }
    }
    if (s.masterGain < 0 || s.masterGain > 2) { // the Motion panel's range
        *error = QStringLiteral("\"master_gain\" %1 is outside 0..2").arg(s.masterGain);
        return false;
    }
    *out = s;
    return true;
}

bool readCueingFile(const QString &path, CueingSettings *out, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(path, f.errorString());
        return false;
    }
    QString why;
    if (!parseCueingFile(f.readAll(), out, &why)) {
        *error = QStringLiteral("%1: %2").arg(path, why);
        return false;
    }
    return true;
}

CueingSettings readCueingSettings(QSettings &settings, const CueingSettings &defaults,
                                  bool *invertsReset)
{
    CueingSettings s = defaults;
    const bool saved = settings.childGroups().contains(QStringLiteral("cueing"));
    const int version = settings.value(QStringLiteral("cueing/version"), 1).toInt();
    *invertsReset = saved && version < kCueingSettingsVersion;
    settings.beginGroup(QStringLiteral("cueing"));
    s.frameId = settings.value(QStringLiteral("frame"), s.frameId).toInt();
    s.masterGain = settings.value(QStringLiteral("masterGain"), s.masterGain).toDouble();
    for (int a = 0; a < AxisCount; ++a) {
        settings.beginGroup(QLatin1String(kCueingAxisKeys[a]));
        AxisSettings &x = s.axes[a];
        x.gain = settings.value(QStringLiteral("gain"), x.gain).toDouble();
        x.invert =
            *invertsReset ? false : settings.value(QStringLiteral("invert"), x.invert).toBool();
        x.lowPassTauS = settings.value(QStringLiteral("lowPassTauS"), x.lowPassTauS).toDouble();
        x.rateLimit = settings.value(QStringLiteral("rateLimit"), x.rateLimit).toDouble();
        x.limit = settings.value(QStringLiteral("limit"), x.limit).toDouble();
        settings.endGroup();
    }
    settings.endGroup();
    return s;
}

void writeCueingSettings(QSettings &settings, const CueingSettings &s)
{
    settings.beginGroup(QStringLiteral("cueing"));
    settings.setValue(QStringLiteral("version"), kCueingSettingsVersion);
    settings.setValue(QStringLiteral("frame"), s.frameId);
    settings.setValue(QStringLiteral("masterGain"), s.masterGain);
    for (int a = 0; a < AxisCount; ++a) {
        settings.beginGroup(QLatin1String(kCueingAxisKeys[a]));
        const AxisSettings &x = s.axes[a];
        settings.setValue(QStringLiteral("gain"), x.gain);
        settings.setValue(QStringLiteral("invert"), x.invert);
        settings.setValue(QStringLiteral("lowPassTauS"), x.lowPassTauS);
        settings.setValue(QStringLiteral("rateLimit"), x.rateLimit);
        settings.setValue(QStringLiteral("limit"), x.limit);
        settings.endGroup();
    }
    settings.endGroup();
}

} // namespace hil::raven
