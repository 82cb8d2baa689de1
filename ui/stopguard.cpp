#include "ui/stopguard.h"
#include "raven/ravencodec.h"
#include "station/station.h"
#include "ui/rigstatetext.h"

#include <QApplication>
#include <QDialog>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QScreen>
#include <QTimer>
#include <QVBoxLayout>
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
    // A STOP already latched: the platform may still show CUEING (its next status word, or no
    // word at all from a silent one), but another STOP would only log a second line. Esc then
    // just closes the dialog, as with the platform braked.
    const std::optional<MotionStatus> status = m_station->motionStatus();
    if (status && status->stopLatched)
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
    } else if (event->type() == QEvent::WindowBlocked || event->type() == QEvent::WindowUnblocked) {
        // A dialog opened from a dialog blocks it: only the front one shows a STOP (the one
        // behind could not be clicked anyway).
        auto *dialog = qobject_cast<QDialog *>(watched);
        if (QWidget *area = dialog && dialog->isWindow() ? stopWindow(dialog) : nullptr) {
            const bool blocked = event->type() == QEvent::WindowBlocked;
            if (area->isWindow())
                area->setVisible(!blocked && dialog->isVisible());
            else
                for (QWidget *w : area->findChildren<QWidget *>(Qt::FindDirectChildrenOnly))
                    w->setVisible(!blocked);
        }
    } else if (isDialogEvent(event->type())) {
        auto *dialog = qobject_cast<QDialog *>(watched);
        if (dialog && dialog->isWindow()) {
            if (event->type() == QEvent::Show)
                attachStopWindow(dialog);
            else if (dialog->isVisible())
                placeStopWindow(dialog);
        }
    }
    return false; // never eat the event: Esc still closes the dialog
}

bool StopGuard::isDialogEvent(QEvent::Type type)
{
    return type == QEvent::Show || type == QEvent::Move || type == QEvent::Resize ||
           type == QEvent::WindowActivate;
}

QWidget *StopGuard::stopWindow(const QDialog *dialog)
{
    for (QWidget *w : dialog->findChildren<QWidget *>(Qt::FindDirectChildrenOnly))
        if (w->objectName() == QLatin1String("dialogStopArea") ||
            w->objectName() == QLatin1String("dialogStopWindow"))
            return w;
    return nullptr;
}

QRect StopGuard::stopWindowPlace(const QRect &dialogFrame, const QSize &size, const QRect &screen)
{
    constexpr int kGap = 8; // px between the dialog's frame and the STOP window
    const int top = std::clamp(dialogFrame.top(), screen.top(),
                               std::max(screen.top(), screen.bottom() - size.height() + 1));
    const int left = std::clamp(dialogFrame.left(), screen.left(),
                                std::max(screen.left(), screen.right() - size.width() + 1));
    // Right of the dialog, else left, below, above: the first that lies on the screen.
    const QRect candidates[] = {
        QRect(QPoint(dialogFrame.right() + 1 + kGap, top), size),
        QRect(QPoint(dialogFrame.left() - kGap - size.width(), top), size),
        QRect(QPoint(left, dialogFrame.bottom() + 1 + kGap), size),
        QRect(QPoint(left, dialogFrame.top() - kGap - size.height()), size),
    };
    for (const QRect &r : candidates)
        if (screen.contains(r))
            return r;
    // A dialog as large as the screen: the top-right corner of the screen, over the dialog's
    // title bar rather than its buttons (which sit at the bottom).
    return QRect(QPoint(screen.right() + 1 - size.width(), screen.top()), size);
}

void StopGuard::placeStopWindow(QDialog *dialog)
{
    QWidget *window = stopWindow(dialog);
    if (!window)
        return;
    if (!window->isWindow()) { // the row inside the dialog: its full width, above the contents
        window->setGeometry(0, 0, dialog->width(), window->property("reserved").toInt());
        return;
    }
    const QScreen *screen = dialog->screen() ? dialog->screen() : QGuiApplication::primaryScreen();
    const QRect available = screen ? screen->availableGeometry() : QRect(0, 0, 1 << 15, 1 << 15);
    const QRect place =
        stopWindowPlace(dialog->frameGeometry(), window->frameGeometry().size(), available);
    if (window->frameGeometry().topLeft() != place.topLeft())
        window->move(place.topLeft() + (window->pos() - window->frameGeometry().topLeft()));
    if (!window->isVisible())
        window->show();
    if (QGuiApplication::platformName() != QLatin1String("offscreen")) // no stacking there
        window->raise();
}

QWidget *StopGuard::makeStopArea(QDialog *dialog, QWidget *parent, bool row)
{
    auto *area = new QWidget(parent);
    area->setObjectName(QStringLiteral("dialogStopArea"));
    area->setStyleSheet(QStringLiteral("#dialogStopArea { background: #641e16; }"));
    area->setAttribute(Qt::WA_StyledBackground);
    QBoxLayout *layout = row ? static_cast<QBoxLayout *>(new QHBoxLayout(area))
                             : static_cast<QBoxLayout *>(new QVBoxLayout(area));
    layout->setContentsMargins(4, 4, 4, 4);
    auto *button = new QPushButton(tr("STOP"), area);
    button->setObjectName(QStringLiteral("dialogStopButton"));
    button->setToolTip(tr("Stop the motion platform: zero the cues and brake (Esc)"));
    button->setFocusPolicy(Qt::NoFocus); // Enter in the dialog stays the dialog's default button
    button->setMinimumSize(110, 36);
    button->setStyleSheet(QStringLiteral(
        "QPushButton { background: #c0392b; color: white; font-weight: bold; border-radius: 4px; }"
        " QPushButton:pressed { background: #922b21; }"));
    layout->addWidget(button);
    // The dialog covers the window's rig strip: its STOP area repeats the platform's mode and a
    // latched STOP (5 Hz, from the Station's typed status).
    auto *state = new QLabel(area);
    state->setObjectName(QStringLiteral("dialogStopState"));
    state->setStyleSheet(QStringLiteral("QLabel { color: white; padding: 0 4px; }"));
    layout->addWidget(state, 1);
    // The dialog may outlive the window (and this guard): the timer then only stops.
    auto showState = [guard = QPointer<StopGuard>(this), state, row] {
        if (!guard)
            return;
        Station *station = guard->m_station;
        const std::optional<MotionStatus> s = station ? station->motionStatus() : std::nullopt;
        QString text = !s ? tr("Platform: not connected")
                       : s->reportedMode >= 0
                           ? tr("Platform: %1").arg(RigStateText::mode(s->reportedMode))
                           : tr("Platform: no answer");
        if (s && s->stopLatched)
            text += (row ? QStringLiteral(" · ") : QStringLiteral("\n")) +
                    tr("STOP latched: %1").arg(RigStateText::stopRelease());
        if (state->text() != text)
            state->setText(text);
    };
    showState();
    auto *timer = new QTimer(area);
    connect(timer, &QTimer::timeout, state, showState);
    timer->start(200);
    connect(button, &QPushButton::clicked, this, [this, dialog = QPointer<QDialog>(dialog)] {
        if (m_station)
            m_station->emergencyStop();
        emit stopTriggered();
        // A question asked before the STOP is not answered by it: the box closes as its Cancel
        // (or No) would, so that nothing the operator had not chosen follows.
        if (auto *box = qobject_cast<QMessageBox *>(dialog.data()))
            closeAsCancel(box);
    });
    return area;
}

void StopGuard::closeAsCancel(QMessageBox *box)
{
    for (QMessageBox::ButtonRole role : {QMessageBox::RejectRole, QMessageBox::NoRole})
        for (QAbstractButton *b : box->buttons())
            if (box->buttonRole(b) == role) {
                b->click();
                return;
            }
    box->reject();
}

void StopGuard::attachStopWindow(QDialog *dialog)
{
    if (QWidget *existing = stopWindow(dialog)) { // the dialog shown again (exec() twice)
        QTimer::singleShot(0, existing, [this, dialog = QPointer<QDialog>(dialog)] {
            if (dialog && dialog->isVisible())
                placeStopWindow(dialog);
        });
        return;
    }
    if (dialog->layout()) {
        // Inside the dialog, as a row above its contents: the dialog's contents margin makes
        // the room, so no control or text of the dialog lies under it, at any size (maximised
        // too), and it moves with the dialog on every window system.
        QWidget *area = makeStopArea(dialog, dialog, true);
        area->adjustSize();
        const int height = area->sizeHint().height();
        QMargins m = dialog->contentsMargins();
        m.setTop(m.top() + height);
        dialog->setContentsMargins(m);
        area->setProperty("reserved", height);
        dialog->resize(dialog->width(), dialog->height() + height);
        area->setGeometry(0, 0, dialog->width(), height);
        area->show();
        return;
    }
    // A dialog that places its children itself (QProgressDialog): a child window of the dialog,
    // beside it. Qt::Tool with a parent is an owned window on Windows, which Windows keeps above
    // its owner (the dialog) at every activation; frameless, so that its frame is its geometry
    // and the place computed beside the dialog is where it is.
    auto *window = new QWidget(dialog, Qt::Tool | Qt::FramelessWindowHint |
                                           Qt::WindowStaysOnTopHint | Qt::WindowDoesNotAcceptFocus);
    window->setObjectName(QStringLiteral("dialogStopWindow"));
    window->setAttribute(Qt::WA_ShowWithoutActivating);
    window->setWindowTitle(tr("STOP"));
    auto *layout = new QVBoxLayout(window);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(makeStopArea(dialog, window, false));
    window->adjustSize();
    // The Show event comes before the dialog's own showEvent(), where QDialog centres itself on
    // its parent, and before its native window is shown: placed now, the STOP window would sit
    // where the dialog is about to be and under it. It is placed once the dialog has been, and
    // again at every Move, Resize and activation (eventFilter), raised each time.
    QTimer::singleShot(0, window, [this, dialog = QPointer<QDialog>(dialog)] {
        if (dialog && dialog->isVisible())
            placeStopWindow(dialog);
    });
}

} // namespace hil
