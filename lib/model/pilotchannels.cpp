#include "model/pilotchannels.h"

#include <QStringList>
#include <algorithm>
#include <cmath>

namespace hil {

namespace {
const char *const kChannelControlNames[PilotChannelMap::kControls] = {"ail", "ele", "thr", "rud"};

int channelControlOf(const QString &name)
{
    for (int i = 0; i < PilotChannelMap::kControls; ++i)
        if (name.compare(QLatin1String(kChannelControlNames[i]), Qt::CaseInsensitive) == 0)
            return i;
    return -1;
}

double channelStick(double s, bool reversed)
{
    if (!std::isfinite(s))
        return 0.5;
    s = std::clamp(s, -1.0, 1.0);
    return (1.0 + (reversed ? -s : s)) / 2.0;
}
} // namespace

PilotChannelMap PilotChannelMap::none()
{
    PilotChannelMap m;
    m.channel.fill(-1);
    return m;
}

std::uint32_t PilotChannelMap::mask() const
{
    std::uint32_t m = 0;
    for (int ch : channel)
        if (ch >= 0 && ch < 12)
            m |= 1u << ch;
    return m;
}

ChannelFrame PilotChannelMap::apply(const PilotControls &c) const
{
    ChannelFrame f;
    const double thr = std::isfinite(c.throttle) ? std::clamp(c.throttle, 0.0, 1.0) : 0.0;
    const double v[kControls] = {
        channelStick(c.roll, reversed[Aileron]), channelStick(c.pitch, reversed[Elevator]),
        reversed[Throttle] ? 1.0 - thr : thr, channelStick(c.yaw, reversed[Rudder])};
    for (int i = 0; i < kControls; ++i)
        if (channel[i] >= 0 && channel[i] < 12)
            f.values[std::size_t(channel[i])] = v[i];
    f.selectedMask = mask();
    f.monotonicNs = c.sampleNs;
    return f;
}

QString PilotChannelMap::toString() const
{
    QStringList parts, rev;
    for (int i = 0; i < kControls; ++i) {
        if (channel[i] < 0)
            continue;
        parts << QStringLiteral("%1=%2")
                     .arg(QLatin1String(kChannelControlNames[i]))
                     .arg(channel[i] + 1);
        if (reversed[i])
            rev << QLatin1String(kChannelControlNames[i]);
    }
    if (parts.isEmpty())
        return QStringLiteral("none");
    if (!rev.isEmpty())
        parts << QStringLiteral("rev=") + rev.join(QLatin1Char('+'));
    return parts.join(QLatin1Char(','));
}

std::optional<PilotChannelMap> PilotChannelMap::parse(const QString &text, QString *why)
{
    const auto bad = [why](const QString &what) -> std::optional<PilotChannelMap> {
        *why = what + QStringLiteral(": expected ail=N,ele=N,thr=N,rud=N (channels 1..12, each "
                                     "once, any subset), optionally rev=ele+rud, or none");
        return std::nullopt;
    };
    const QString t = text.trimmed();
    if (t.compare(QLatin1String("none"), Qt::CaseInsensitive) == 0)
        return none();
    PilotChannelMap m = none();
    const QStringList items = t.split(QLatin1Char(','));
    for (const QString &raw : items) {
        const QString item = raw.trimmed();
        const int eq = item.indexOf(QLatin1Char('='));
        if (eq <= 0)
            return bad(QStringLiteral("'%1'").arg(item));
        const QString key = item.left(eq).trimmed();
        const QString value = item.mid(eq + 1).trimmed();
        if (key.compare(QLatin1String("rev"), Qt::CaseInsensitive) == 0) {
            for (const QString &name : value.split(QLatin1Char('+'))) {
                const int c = channelControlOf(name.trimmed());
                if (c < 0)
                    return bad(QStringLiteral("unknown control '%1' in rev").arg(name.trimmed()));
                m.reversed[c] = true;
            }
            continue;
        }
        const int c = channelControlOf(key);
        if (c < 0)
            return bad(QStringLiteral("unknown control '%1'").arg(key));
        if (m.channel[c] >= 0)
            return bad(QStringLiteral("'%1' given twice").arg(key));
        bool ok = false;
        const int ch = value.toInt(&ok); // QString: C digits whatever the locale
        if (!ok || ch < 1 || ch > 12)
            return bad(QStringLiteral("channel '%1' of %2").arg(value, key));
        if (m.mask() & (1u << (ch - 1)))
            return bad(QStringLiteral("channel %1 given twice").arg(ch));
        m.channel[c] = ch - 1;
    }
    for (int i = 0; i < kControls; ++i)
        if (m.reversed[i] && m.channel[i] < 0)
            return bad(QStringLiteral("rev names %1, which has no channel")
                           .arg(QLatin1String(kChannelControlNames[i])));
    if (!m.injectsAny())
        return bad(QStringLiteral("no channel"));
    return m;
}

} // namespace hil
