#include "ui/panels/panel.h"
#include "station/station.h"

#include <QEvent>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

namespace hil {

Panel::Panel(const QString &objectName, Station *station, QWidget *parent)
    : QWidget(parent), m_station(station)
{
    setObjectName(objectName);
}

TelemetryHub *Panel::hub() const
{
    return m_station->telemetry();
}
void Panel::load(QSettings &) {}
void Panel::save(QSettings &) const {}
void Panel::refreshFast() {}
void Panel::refreshSlow() {}

void Panel::retranslate(std::function<void()> apply)
{
    apply();
    m_retranslate.push_back(std::move(apply));
}

QLabel *Panel::trLabel(std::function<QString()> text)
{
    auto *label = new QLabel;
    retranslate([label, text = std::move(text)] { label->setText(text()); });
    return label;
}

void Panel::retranslateUi()
{
    for (const auto &apply : m_retranslate)
        apply();
    refreshSlow(); // texts composed from live values ("%1 Hz", mode names)
}

void Panel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void Panel::setLinkLayout(QWidget *content, bool linkRunning,
                          const std::function<QString()> &missingNote, QWidget *header)
{
    setLinkLayout(content, linkRunning, missingNote(), header);
    QString noteName = objectName();
    noteName.replace(QLatin1String("Panel"), QLatin1String("Note"));
    if (auto *note = findChild<QLabel *>(noteName))
        m_retranslate.push_back([note, missingNote] { note->setText(missingNote()); });
}

void Panel::setLinkRunning(bool running)
{
    if (m_linkContent)
        m_linkContent->setEnabled(running);
    if (m_linkNote)
        m_linkNote->setVisible(!running);
}

void Panel::setLinkLayout(QWidget *content, bool linkRunning, const QString &missingNote,
                          QWidget *header)
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
    m_linkContent = content;
    m_linkNote = note;
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    if (header)
        layout->addWidget(header); // outside the scroll area: always visible, never disabled
    layout->addWidget(note);
    layout->addWidget(scroll, 1);
}

} // namespace hil
