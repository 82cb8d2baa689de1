#include "ui/panels/panel.h"
#include "station/station.h"

namespace hil {

Panel::Panel(const QString &objectName, Station *station, QWidget *parent)
    : QWidget(parent), m_station(station)
{
    setObjectName(objectName);
}

TelemetryHub *Panel::hub() const { return m_station->telemetry(); }
void Panel::load(QSettings &) {}
void Panel::save(QSettings &) const {}
void Panel::refreshFast() {}
void Panel::refreshSlow() {}

} // namespace hil
