#pragma once
// StopGuard: makes STOP reachable from every window and dialog of the program, GUI thread only.
// Installed once on qApp (MainWindow does it) as an application-wide event filter:
//  - Esc pressed in any window or dialog (About, file dialogs, confirmations, message boxes)
//    calls Station::emergencyStop() while a motion link runs and its platform reports a mode
//    other than OFF / LEVEL BRAKE (or nothing yet) and no STOP is latched. The key is never
//    eaten: the dialog still closes as usual. A key event that Qt passes up the parent chain is
//    acted on once.
//  - Every QDialog that is shown gets a STOP area of its own (objectName "dialogStopArea",
//    button "dialogStopButton"), a child of the dialog so that the dialog's modality — which
//    blocks the main window's toolbar — does not block it. In a dialog with a layout (all of the
//    program's, Qt's message and file dialogs) it is a row above the contents, in room the
//    dialog's top contents margin makes: it covers none of the dialog's controls or text, at any
//    size. A dialog that places its children itself (QProgressDialog) gets it as a small tool
//    window ("dialogStopWindow") beside its frame instead (right, else left, below, above: the
//    first side where it fits on the screen; screen pixels, device-independent). Beside its
//    button it repeats what the dialog hides of the window's rig strip: the platform's reported
//    mode and a latched STOP (objectName "dialogStopState", 5 Hz). A dialog blocked by one
//    opened from it hides its STOP: one at a time, the front one's. STOP in a message box
//    (a question) also closes it as its Cancel / No button would: never as an answer.
// Dialogs must be Qt's own (Qt::AA_DontUseNativeDialogs, set by MainWindow): a native file
// dialog never passes Esc to the program.

#include <QEvent>
#include <QObject>
#include <QPointer>
#include <QRect>

class QDialog;
class QMessageBox;
class QWidget;

namespace hil {

class Station;

class StopGuard : public QObject
{
    Q_OBJECT
public:
    explicit StopGuard(Station *station, QObject *parent = nullptr);
    ~StopGuard() override;

    /// How many times Esc triggered STOP (for tests and the status bar).
    int escapeStops() const { return m_escapeStops; }

    /// Where a STOP window of `size` goes beside a dialog whose frame is `dialogFrame`, on the
    /// screen's available area `screen` (all in screen pixels): right, left, below or above the
    /// frame with a gap, the first that fits; the screen's top-right corner when none does.
    static QRect stopWindowPlace(const QRect &dialogFrame, const QSize &size, const QRect &screen);
    /// The dialog's STOP area (the row inside it, or the window beside it), or nullptr.
    static QWidget *stopWindow(const QDialog *dialog);

signals:
    /// STOP was triggered from a dialog (Esc or its STOP window): the window shows it.
    void stopTriggered();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    bool platformMayMove() const;
    static bool isDialogEvent(QEvent::Type type);
    void attachStopWindow(QDialog *dialog);
    /// The STOP button and the mode / latch line, for a dialog (a row, or a column in a window).
    QWidget *makeStopArea(QDialog *dialog, QWidget *parent, bool row);
    static void closeAsCancel(QMessageBox *box);
    void placeStopWindow(QDialog *dialog);

    Station *m_station;
    const void *m_lastKeyEvent = nullptr;
    int m_escapeStops = 0;
};

} // namespace hil
