#include "ui/stopguard.h"
#include "raven/ravencodec.h"
#include "station/station.h"

#include <QApplication>
#include <QDialog>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QPushButton>
#include <QScreen>
#include <QTimer>
#include <algorithm>

namespace hil {

StopGuard::StopGuard(Station *station, QObject *parent) : QObject(parent), m_station(station)
{
    qApp->installEventFilter(this);
}

StopGuard::~StopGuard()
{
    if (qApp)
        qApp->removeEventFilter(this);
}

bool StopGuard::platformMayMove() const
{
    if (!m_station || !m_station->hasMotionLink()) // running, or parking after a Disconnect
        return false;
    const int mode = m_station->platformMode();
    return mode != raven::ModeOff && mode != raven::ModeLevelBrake;
}

bool StopGuard::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        // An unaccepted key event is offered to each parent in turn, synchronously: act on it
        // once, and forget it when control is back in the event loop.
        if (key->key() == Qt::Key_Escape && !key->isAutoRepeat() && key != m_lastKeyEvent) {
            m_lastKeyEvent = key;
            QTimer::singleShot(0, this, [this] { m_lastKeyEvent = nullptr; });
            if (platformMayMove()) {
                ++m_escapeStops;
                m_station->emergencyStop();
                emit stopTriggered();
            }
        }
    } else if (event->type() == QEvent::Show) {
        auto *dialog = qobject_cast<QDialog *>(watched);
        if (dialog && dialog->isWindow() &&
            dialog->objectName() != QLatin1String("dialogStopWindow"))
            attachStopWindow(dialog);
    }
    return false; // never eat the event: Esc still closes the dialog
}

void StopGuard::attachStopWindow(QDialog *dialog)
{
    if (dialog->findChild<QWidget *>(QStringLiteral("dialogStopWindow"),
                                     Qt::FindDirectChildrenOnly))
        return;
    // A child window of the dialog: outside the dialog's modal block, and gone with it.
    auto *window =
        new QWidget(dialog, Qt::Tool | Qt::WindowStaysOnTopHint | Qt::WindowDoesNotAcceptFocus);
    window->setObjectName(QStringLiteral("dialogStopWindow"));
    window->setAttribute(Qt::WA_ShowWithoutActivating);
    window->setWindowTitle(tr("STOP"));
    auto *layout = new QHBoxLayout(window);
    layout->setContentsMargins(4, 4, 4, 4);
    auto *button = new QPushButton(tr("STOP"), window);
    button->setObjectName(QStringLiteral("dialogStopButton"));
    button->setToolTip(tr("Stop the motion platform: zero the cues and brake (Esc)"));
    button->setFocusPolicy(Qt::NoFocus); // Enter in the dialog stays the dialog's default button
    button->setMinimumSize(110, 40);
    button->setStyleSheet(QStringLiteral(
        "QPushButton { background: #c0392b; color: white; font-weight: bold; border-radius: 4px; }"
        " QPushButton:pressed { background: #922b21; }"));
    layout->addWidget(button);
    connect(button, &QPushButton::clicked, this, [this] {
        if (m_station)
            m_station->emergencyStop();
        emit stopTriggered();
    });
    window->adjustSize();
    // Just above the dialog's top-left corner, on screen.
    const QRect frame = dialog->frameGeometry();
    QPoint at(frame.left(), frame.top() - window->height() - 8);
    if (const QScreen *s = dialog->screen())
        at.setY(std::max(at.y(), s->availableGeometry().top()));
    window->move(at);
    window->show();
}

} // namespace hil
