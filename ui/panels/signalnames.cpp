#include "ui/panels/signalnames.h"
#include "core/linkdescriptor.h"
#include "ui/panels/linkstyle.h"

#include <QCoreApplication>
#include <QFontMetrics>
#include <QRegularExpression>
#include <algorithm>

namespace hil::signalnames {

namespace {

struct Word
{
    const char *part;
    const char *comment; // for the translator: what the part means
};

constexpr int kGroups = 11; // the first entries of kWords name groups

// Every part the program's own series use (TelemetryHub's frame series, the pilot's, the links'
// and the window's). The English text is the part: lupdate takes these as sources.
constexpr Word kWords[] = {
    QT_TRANSLATE_NOOP3("hil::SignalWord", "position", "group: position in the NED frame"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "velocity", "group"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "acceleration", "group"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "attitude", "group"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "angular_velocity", "group"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "geodetic", "group: latitude, longitude, altitude"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "extras", "group: further simulator values"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "wind", "group"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "specific_force", "group: what an accelerometer reads"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "sim", "group: the simulator's own clock and state"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "window", "group: the program's window"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "n", "north axis (NED frame); keep it one letter"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "e", "east axis (NED frame); keep it one letter"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "d", "down axis (NED frame); keep it one letter"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "f", "forward axis (body frame); keep it one letter"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "r", "right axis (body frame); keep it one letter"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "roll", "rotation about the forward axis"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "pitch", "rotation about the right axis"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "yaw", "rotation about the down axis"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "latitude", ""),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "longitude", ""),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "altitude", ""),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "airspeed", ""),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "groundspeed", ""),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "altitude_asl", "above sea level"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "altitude_agl", "above ground level"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "prop_rpm", "propeller speed"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "battery_voltage", ""),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "battery_current", ""),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "physics_time", "the simulator's clock"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "stale", "1 when the simulator repeated a frame"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "throttle", "the pilot's throttle stick"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "buttons", "the pilot's device's buttons"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "active", "1 while the pilot's device is in use"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "surge_m", "the platform's forward travel"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "sway_m", "the platform's sideways travel"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "heave_m", "the platform's vertical travel"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "period_ms", "time between two of a link's exchanges"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "frame_period_ms", "time between two painted frames"),
    QT_TRANSLATE_NOOP3("hil::SignalWord", "refresh_ms", "time one window refresh took"),
};

} // namespace

QString word(const QString &part, const LinkRegistry *links)
{
    if (links && links->find(part))
        return linkTitle(*links, part);
    static const QRegularExpression channel(QStringLiteral("^channel_(\\d+)$"));
    const QRegularExpressionMatch m = channel.match(part);
    if (m.hasMatch())
        return QCoreApplication::translate("hil::SignalWord", "channel %1",
                                           "an actuator channel, counted from 0")
            .arg(m.captured(1));
    const QByteArray utf8 = part.toUtf8();
    for (const Word &w : kWords)
        if (utf8 == w.part)
            return QCoreApplication::translate("hil::SignalWord", w.part, w.comment);
    return part;
}

QString text(const QString &name, const LinkRegistry *links)
{
    QStringList shown;
    for (const QString &part : name.split(QLatin1Char('/')))
        shown << word(part, links);
    return shown.join(QLatin1Char('/'));
}

} // namespace hil::signalnames

namespace hil::signalnames {

int widestGroup(const QFontMetrics &metrics, const LinkRegistry *links)
{
    int widest = 0;
    for (int i = 0; i < kGroups; ++i)
        widest =
            std::max(widest, metrics.horizontalAdvance(word(QLatin1String(kWords[i].part), links)));
    if (links)
        for (const LinkDescriptor &d : links->all())
            widest = std::max(widest, metrics.horizontalAdvance(linkTitle(d)));
    return widest;
}

} // namespace hil::signalnames
