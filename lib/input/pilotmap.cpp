#include "input/pilotmap.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QSaveFile>
#include <QStandardPaths>
#include <algorithm>
#include <cmath>

namespace hil::input {

namespace {

constexpr const char *kFormat = "hilstation-pilot-map";

struct NamedAction
{
    const char *name;
    PilotAction action;
};
constexpr NamedAction kActions[] = {
    {"stop", PilotStop},
    {"arm", PilotArm},
    {"disarm", PilotDisarm},
    {"takeoff", PilotTakeoff},
    {"land", PilotLand},
    {"return", PilotReturn},
    {"hold", PilotHold},
    {"mode_position", PilotModePosition},
    {"mode_altitude", PilotModeAltitude},
    {"mode_stabilized", PilotModeStabilized},
    {"mode_manual", PilotModeManual},
};

AxisMap axis(int index, bool reverse = false)
{
    AxisMap a;
    a.axis = index;
    a.reverse = reverse;
    return a;
}

double clamp(double v, double lo, double hi)
{
    return std::isfinite(v) ? std::clamp(v, lo, hi) : 0.0;
}

double rawAxis(const AxisMap &m, const std::vector<double> &axes)
{
    return m.axis >= 0 && m.axis < int(axes.size()) ? axes[std::size_t(m.axis)] : 0.0;
}

// --- file parsing: every error names where it is ("devices.<id>.axes.roll.deadband") ----------

bool number(const QJsonObject &o, const char *key, double lo, double hi, double *out,
            const QString &where, QString *error)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined())
        return true;
    if (!v.isDouble() || v.toDouble() < lo || v.toDouble() > hi) {
        *error = QStringLiteral("%1.%2: expected a number %3..%4")
                     .arg(where, QLatin1String(key), QString::number(lo), QString::number(hi));
        return false;
    }
    *out = v.toDouble();
    return true;
}

bool integer(const QJsonValue &v, int lo, int hi, int *out)
{
    if (!v.isDouble())
        return false;
    const double d = v.toDouble();
    if (d != std::floor(d) || d < lo || d > hi)
        return false;
    *out = int(d);
    return true;
}

bool parseAxis(const QJsonValue &value, const QString &where, bool isThrottle, AxisMap *out,
               QString *error)
{
    if (!value.isObject()) {
        *error = where + QStringLiteral(": expected an object with \"axis\"");
        return false;
    }
    const QJsonObject o = value.toObject();
    AxisMap a;
    if (!integer(o.value(QLatin1String("axis")), -1, 255, &a.axis)) {
        *error = where + QStringLiteral(".axis: expected an axis number 0..255 (or -1: none)");
        return false;
    }
    const QJsonValue rev = o.value(QLatin1String("reverse"));
    if (!rev.isUndefined() && !rev.isBool()) {
        *error = where + QStringLiteral(".reverse: expected true or false");
        return false;
    }
    a.reverse = rev.toBool(false);
    if (!number(o, "deadband", 0.0, 0.5, &a.deadband, where, error) ||
        !number(o, "expo", 0.0, 1.0, &a.expo, where, error) ||
        !number(o, "min", -1.0, 1.0, &a.min, where, error) ||
        !number(o, "center", -1.0, 1.0, &a.center, where, error) ||
        !number(o, "max", -1.0, 1.0, &a.max, where, error))
        return false;
    if (isThrottle ? !(a.min < a.max) : !(a.min < a.center && a.center < a.max)) {
        *error = where + (isThrottle ? QStringLiteral(": expected min < max")
                                     : QStringLiteral(": expected min < center < max"));
        return false;
    }
    *out = a;
    return true;
}

bool parseDevice(const QJsonValue &value, const QString &id, DeviceMap *out, QString *error)
{
    const QString where = QStringLiteral("devices.") + id;
    if (!value.isObject()) {
        *error = where + QStringLiteral(": expected an object");
        return false;
    }
    const QJsonObject o = value.toObject();
    const bool realflight = id == QLatin1String(kRealFlightId);
    int mode = 2;
    const QJsonValue modeValue = o.value(QLatin1String("mode"));
    if (!modeValue.isUndefined() && (!integer(modeValue, 1, 2, &mode))) {
        *error = where + QStringLiteral(".mode: expected 1 or 2");
        return false;
    }
    DeviceMap m = defaultMap(realflight ? DeviceKind::RealFlight : DeviceKind::Gamepad, mode);
    m.mode = mode;
    m.name = o.value(QLatin1String("name")).toString();
    const QJsonValue axesValue = o.value(QLatin1String("axes"));
    if (!axesValue.isUndefined()) {
        if (!axesValue.isObject()) {
            *error = where + QStringLiteral(".axes: expected an object");
            return false;
        }
        // Given axes replace the whole default: a control the file leaves out is not mapped.
        m.axesGiven = true;
        m.roll = m.pitch = m.yaw = m.throttle = AxisMap{};
        const QJsonObject axes = axesValue.toObject();
        for (auto it = axes.begin(); it != axes.end(); ++it) {
            const QString key = it.key();
            AxisMap *target = key == QLatin1String("roll")       ? &m.roll
                              : key == QLatin1String("pitch")    ? &m.pitch
                              : key == QLatin1String("yaw")      ? &m.yaw
                              : key == QLatin1String("throttle") ? &m.throttle
                                                                 : nullptr;
            if (!target) {
                *error = where +
                         QStringLiteral(".axes.%1: expected roll, pitch, yaw or throttle").arg(key);
                return false;
            }
            if (!parseAxis(it.value(), where + QStringLiteral(".axes.") + key,
                           target == &m.throttle, target, error))
                return false;
        }
    }
    const QJsonValue buttons = o.value(QLatin1String("buttons"));
    if (!buttons.isUndefined()) {
        if (!buttons.isArray()) {
            *error = where + QStringLiteral(".buttons: expected an array");
            return false;
        }
        int i = 0;
        for (const QJsonValue &b : buttons.toArray()) {
            const QString at = where + QStringLiteral(".buttons[%1]").arg(i++);
            ButtonMap bm;
            if (!b.isObject() ||
                !integer(b.toObject().value(QLatin1String("button")), 0, 63, &bm.button)) {
                *error = at + QStringLiteral(": expected {\"button\": 0..63, \"action\": NAME}");
                return false;
            }
            const auto action =
                actionFromName(b.toObject().value(QLatin1String("action")).toString());
            if (!action) {
                *error = at + QStringLiteral(".action: expected one of stop, arm, disarm, "
                                             "takeoff, land, return, hold, mode_position, "
                                             "mode_altitude, mode_stabilized, mode_manual");
                return false;
            }
            bm.action = *action;
            m.buttons.push_back(bm);
        }
    }
    const QJsonValue enabling = o.value(QLatin1String("enabling_button"));
    if (!enabling.isUndefined() && !integer(enabling, -1, 63, &m.enablingButton)) {
        *error = where + QStringLiteral(".enabling_button: expected a button 0..63 (or -1: none)");
        return false;
    }
    *out = m;
    return true;
}

bool validId(const QString &id)
{
    if (id == QLatin1String(kRealFlightId))
        return true;
    if (id.size() != 32)
        return false;
    return std::all_of(id.begin(), id.end(), [](QChar c) {
        return c.isDigit() || (c.toLower() >= QLatin1Char('a') && c.toLower() <= QLatin1Char('f'));
    });
}

QJsonObject axisJson(const AxisMap &a)
{
    return QJsonObject{{"axis", a.axis}, {"reverse", a.reverse}, {"deadband", a.deadband},
                       {"expo", a.expo}, {"min", a.min},         {"center", a.center},
                       {"max", a.max}};
}

} // namespace

DeviceMap defaultMap(DeviceKind kind, int mode)
{
    DeviceMap m;
    switch (kind) {
    case DeviceKind::RealFlight:
        // 2·v − 1 of RealFlight's 0..1 channels: throttle's raw −1 (channel 0) is idle. Pitch
        // is "reversed" only against the RC habit of forward = low: RealFlight's InterLink
        // reads stick forward as a high value (ArduPilot reverses its RC2 for it), which is
        // already MANUAL_CONTROL's forward = + (docs/protocols/flightaxis.md).
        m.roll = axis(0);
        m.pitch = axis(1);
        m.throttle = axis(2);
        m.yaw = axis(3);
        break;
    case DeviceKind::Gamepad:
        // SDL's gamepad axes: 0 left X, 1 left Y, 2 right X, 3 right Y (up is negative, so the
        // stick pushed away reads −1: pitch and throttle reversed).
        m.yaw = axis(0);
        m.roll = axis(2);
        if (mode == 1) {
            m.pitch = axis(1, true);
            m.throttle = axis(3, true);
        } else {
            m.throttle = axis(1, true);
            m.pitch = axis(3, true);
        }
        break;
    case DeviceKind::Joystick:
        m.roll = axis(0);
        m.pitch = axis(1, true);
        m.throttle = axis(2, true);
        m.yaw = axis(3);
        break;
    }
    return m;
}

QString actionName(PilotAction action)
{
    for (const NamedAction &a : kActions)
        if (a.action == action)
            return QLatin1String(a.name);
    return {};
}

std::optional<PilotAction> actionFromName(const QString &name)
{
    for (const NamedAction &a : kActions)
        if (name == QLatin1String(a.name))
            return a.action;
    return std::nullopt;
}

std::optional<DeviceMap> PilotMapFile::find(const QString &deviceId) const
{
    const auto it = devices.find(deviceId.toLower());
    if (it == devices.end())
        return std::nullopt;
    return it->second;
}

DeviceMap mapFor(const PilotMapFile *file, const QString &deviceId, DeviceKind kind)
{
    std::optional<DeviceMap> entry = file ? file->find(deviceId) : std::nullopt;
    if (!entry)
        return defaultMap(kind);
    if (!entry->axesGiven) {
        const DeviceMap axes = defaultMap(kind, entry->mode);
        entry->roll = axes.roll;
        entry->pitch = axes.pitch;
        entry->yaw = axes.yaw;
        entry->throttle = axes.throttle;
    }
    return *entry;
}

std::optional<PilotMapFile> parsePilotMap(const QByteArray &json, QString *error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError) {
        *error = QStringLiteral("not JSON at byte %1: %2").arg(pe.offset).arg(pe.errorString());
        return std::nullopt;
    }
    if (!doc.isObject()) {
        *error = QStringLiteral("expected a JSON object");
        return std::nullopt;
    }
    const QJsonObject root = doc.object();
    if (root.value(QLatin1String("format")).toString() != QLatin1String(kFormat)) {
        *error = QStringLiteral("format: expected \"%1\"").arg(QLatin1String(kFormat));
        return std::nullopt;
    }
    if (root.value(QLatin1String("version")).toInt(0) != 1) {
        *error = QStringLiteral("version: expected 1");
        return std::nullopt;
    }
    const QJsonValue devices = root.value(QLatin1String("devices"));
    if (!devices.isObject()) {
        *error = QStringLiteral("devices: expected an object keyed by device GUID or "
                                "\"realflight\"");
        return std::nullopt;
    }
    PilotMapFile file;
    const QJsonObject d = devices.toObject();
    for (auto it = d.begin(); it != d.end(); ++it) {
        if (!validId(it.key())) {
            *error = QStringLiteral("devices.%1: expected a device GUID (32 hex digits) or "
                                    "\"realflight\"")
                         .arg(it.key());
            return std::nullopt;
        }
        DeviceMap m;
        if (!parseDevice(it.value(), it.key(), &m, error))
            return std::nullopt;
        file.devices[it.key().toLower()] = m;
    }
    return file;
}

std::optional<PilotMapFile> readPilotMap(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    QString why;
    auto file = parsePilotMap(f.readAll(), &why);
    if (!file)
        *error = QStringLiteral("%1: %2").arg(path, why);
    return file;
}

QString defaultPilotMapPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) +
           QStringLiteral("/pilot-map.json");
}

bool writePilotMap(const QString &path, const PilotMapFile &file, QString *error)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) ||
        f.write(QJsonDocument(pilotMapJson(file)).toJson(QJsonDocument::Indented)) < 0 ||
        !f.commit()) {
        *error = QStringLiteral("%1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

QJsonObject pilotMapJson(const PilotMapFile &file)
{
    QJsonObject devices;
    for (const auto &[id, m] : file.devices) {
        QJsonArray buttons;
        for (const ButtonMap &b : m.buttons)
            buttons.append(QJsonObject{{"button", b.button}, {"action", actionName(b.action)}});
        QJsonObject axes;
        const std::pair<const char *, const AxisMap *> named[] = {
            {"roll", &m.roll}, {"pitch", &m.pitch}, {"yaw", &m.yaw}, {"throttle", &m.throttle}};
        for (const auto &[name, a] : named)
            if (a->axis >= 0)
                axes.insert(QLatin1String(name), axisJson(*a));
        QJsonObject device{{"buttons", buttons}, {"enabling_button", m.enablingButton}};
        if (!m.name.isEmpty())
            device.insert(QStringLiteral("name"), m.name);
        if (m.axesGiven)
            device.insert(QStringLiteral("axes"), axes);
        else
            device.insert(QStringLiteral("mode"), m.mode);
        devices.insert(id, device);
    }
    return QJsonObject{{"format", QLatin1String(kFormat)}, {"version", 1}, {"devices", devices}};
}

double PilotMapper::stick(const AxisMap &m, const std::vector<double> &axes)
{
    // Not mapped, or a value that is no number (a device's glitch): centred.
    if (m.axis < 0 || m.axis >= int(axes.size()) || !std::isfinite(axes[std::size_t(m.axis)]))
        return 0.0;
    const double v = clamp(axes[std::size_t(m.axis)], -1.0, 1.0);
    double x =
        v >= m.center ? (v - m.center) / (m.max - m.center) : (v - m.center) / (m.center - m.min);
    x = clamp(x, -1.0, 1.0);
    if (m.reverse)
        x = -x;
    const double mag = std::abs(x);
    if (mag <= m.deadband)
        return 0.0;
    x = std::copysign((mag - m.deadband) / (1.0 - m.deadband), x);
    return (1.0 - m.expo) * x + m.expo * x * x * x;
}

double PilotMapper::throttle(const AxisMap &m, const std::vector<double> &axes)
{
    if (m.axis < 0 || m.axis >= int(axes.size()) || !std::isfinite(axes[std::size_t(m.axis)]))
        return 0.0; // not mapped (or no number): idle
    double t = clamp((clamp(rawAxis(m, axes), -1.0, 1.0) - m.min) / (m.max - m.min), 0.0, 1.0);
    if (m.reverse)
        t = 1.0 - t;
    if (t <= m.deadband)
        return 0.0;
    return (t - m.deadband) / (1.0 - m.deadband);
}

PilotControls PilotMapper::map(const PilotSample &s)
{
    PilotControls c;
    c.active = true;
    c.roll = stick(m_map.roll, s.axes);
    c.pitch = stick(m_map.pitch, s.axes);
    c.yaw = stick(m_map.yaw, s.axes);
    c.throttle = throttle(m_map.throttle, s.axes);
    const auto down = [&s](int button) {
        return button >= 0 && button < 64 && (s.buttons >> unsigned(button)) & 1u;
    };
    for (const ButtonMap &b : m_map.buttons) {
        if (b.action == PilotStop)
            c.stopMapped = true;
        if (down(b.button))
            c.held |= b.action;
    }
    c.pressed = m_first ? (c.held & PilotStop) : (c.held & ~m_lastHeld);
    m_lastHeld = c.held;
    m_first = false;
    c.enablingConfigured = m_map.enablingButton >= 0;
    c.enablingHeld = c.enablingConfigured && down(m_map.enablingButton);
    c.buttons = s.buttons;
    c.deviceId = s.deviceId;
    c.deviceName = s.name;
    c.sampleNs = s.monotonicNs;
    c.sequence = s.sequence;
    return c;
}

} // namespace hil::input
