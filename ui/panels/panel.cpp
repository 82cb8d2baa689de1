#include "ui/panels/panel.h"
#include "station/station.h"

#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

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

void Panel::setLinkLayout(QWidget *content, bool linkRunning, const QString &missingNote, QWidget *header)
{
    auto *note = new QLabel(missingNote);
    QString noteName = objectName();
    noteName.replace(QLatin1String("Panel"), QLatin1String("Note"));
    note->setObjectName(noteName);
    note->setWordWrap(true);
    note->setStyleSheet(QStringLiteral("color: #7f6000; background: #fff4ce; padding: 4px;"));
    note->setVisible(!linkRunning);
    auto *scroll = new QScrollArea;
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    content->setEnabled(linkRunning);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    if (header)
        layout->addWidget(header); // outside the scroll area: always visible, never disabled
    layout->addWidget(note);
    layout->addWidget(scroll, 1);
}

} // namespace hil
