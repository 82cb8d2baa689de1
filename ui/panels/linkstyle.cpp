#include "ui/panels/linkstyle.h"

#include <QCoreApplication>
#include <QHash>
#include <QPainter>
#include <QPixmap>

namespace hil {

QColor stateColor(ShownState state)
{
    if (!state)
        return QColor(0x9a, 0xa0, 0xa6);
    switch (*state) {
    case LinkState::Up:
        return QColor(0x3a, 0xa6, 0x5c);
    case LinkState::Connecting:
        return QColor(0xe0, 0xa1, 0x2b);
    case LinkState::Down:
        return faultColor();
    case LinkState::Stopping:
        return QColor(0x5d, 0x8a, 0xc8); // blue: going away on the operator's request, no fault
    case LinkState::Stopped:
        break;
    }
    return QColor(0x9a, 0xa0, 0xa6);
}

QColor faultColor()
{
    return QColor(0xd0, 0x45, 0x3c);
}

QString stateText(ShownState state)
{
    if (!state)
        return QCoreApplication::translate("hil::LinkStyle", "not running");
    switch (*state) {
    case LinkState::Up:
        return QCoreApplication::translate("hil::LinkStyle", "up");
    case LinkState::Connecting:
        return QCoreApplication::translate("hil::LinkStyle", "connecting");
    case LinkState::Down:
        return QCoreApplication::translate("hil::LinkStyle", "down");
    case LinkState::Stopping:
        return QCoreApplication::translate("hil::LinkStyle", "stopping…");
    case LinkState::Stopped:
        return QCoreApplication::translate("hil::LinkStyle", "stopped");
    }
    return QCoreApplication::translate("hil::LinkStyle", "not running");
}

QIcon stateIcon(ShownState state)
{
    static QHash<int, QIcon> cache;
    const int key = state ? int(*state) : -1;
    const auto it = cache.constFind(key);
    if (it != cache.constEnd())
        return it.value();
    QPixmap pm(14, 14);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(stateColor(state).darker(130));
    p.setBrush(stateColor(state));
    p.drawEllipse(QRectF(1.5, 1.5, 11, 11));
    p.end();
    const QIcon icon(pm);
    cache.insert(key, icon);
    return icon;
}

QString linkTitle(const LinkDescriptor &d)
{
    // The registrations mark their titles with QT_TRANSLATE_NOOP("hil::LinkTitle", ...).
    return QCoreApplication::translate("hil::LinkTitle", d.title.toUtf8().constData());
}

QString linkTitle(const LinkRegistry &registry, const QString &name)
{
    const LinkDescriptor *d = registry.find(name);
    return d ? linkTitle(*d) : name;
}

DisplayUnit displayUnit(const QString &siUnit, bool degrees)
{
    if (!degrees)
        return {1.0, siUnit};
    constexpr double kDegPerRad = 57.29577951308232;
    if (siUnit == QLatin1String("rad"))
        return {kDegPerRad, QStringLiteral("°")};
    if (siUnit == QLatin1String("rad/s"))
        return {kDegPerRad, QStringLiteral("°/s")};
    return {1.0, siUnit};
}

} // namespace hil
