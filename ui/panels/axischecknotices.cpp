#include "ui/panels/axischecknotices.h"

#include <QLabel>

namespace hil {

namespace {
QLabel *notice(const char *name, const char *color)
{
    auto *l = new QLabel;
    l->setObjectName(QLatin1String(name));
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    l->setStyleSheet(QStringLiteral("color: %1; font-weight: bold;").arg(QLatin1String(color)));
    l->hide();
    return l;
}
} // namespace

AxisCheckNotices::AxisCheckNotices(QObject *parent)
    : QObject(parent), m_hold(notice("axisHoldLabel", "#c0392b")),
      m_frame5(notice("frame5WarningLabel", "#b9770e"))
{
}

QString AxisCheckNotices::axisName(int axis)
{
    static const char *const names[6] = {QT_TR_NOOP("surge"), QT_TR_NOOP("sway"),
                                         QT_TR_NOOP("heave"), QT_TR_NOOP("roll"),
                                         QT_TR_NOOP("pitch"), QT_TR_NOOP("yaw")};
    return axis >= 0 && axis < 6 ? tr(names[axis]) : QString();
}

void AxisCheckNotices::update(bool linkRunning, bool held, int heldAxis, int movedAxis,
                              bool allPassed, int frameId)
{
    const bool showHold = linkRunning && held;
    if (showHold) {
        const QString why = heldAxis >= 0 && movedAxis >= 0
                                ? tr("a %1 test cue moved %2: the platform reads the axes "
                                     "differently")
                                      .arg(axisName(heldAxis), axisName(movedAxis))
                                : tr("the last axis check of this platform failed");
        m_hold->setText(tr("Simulator cues held at neutral: %1. The seat stays still, also in "
                           "CUEING, until every axis passes the axis check.")
                            .arg(why));
    }
    m_hold->setVisible(showHold);

    const bool showFrame5 = frameId == 5 && !(linkRunning && allPassed);
    if (showFrame5)
        m_frame5->setText(
            tr("Frame 5 sends +1 g in heave from its first frame: a platform that reads the "
               "words in another order (Iris's C# sample puts roll before heave) takes it as a "
               "large roll acceleration. %1 Run the axis check with frame 21 first.")
                .arg(linkRunning ? tr("This platform has not passed the axis check on every axis.")
                                 : tr("No motion link is running, so no check result is known.")));
    m_frame5->setVisible(showFrame5);
}

} // namespace hil
