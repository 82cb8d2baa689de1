#pragma once
// StopGuard: makes STOP reachable from every window and dialog of the program, GUI thread only.
// Installed once on qApp (MainWindow does it) as an application-wide event filter:
//  - Esc pressed in any window or dialog (About, file dialogs, confirmations, message boxes)
//    calls Station::emergencyStop() while a motion link runs and its platform reports a mode
//    other than OFF / LEVEL BRAKE (or nothing yet). The key is never eaten: the dialog still
//    closes as usual. A key event that Qt passes up the parent chain is acted on once.
//  - Every QDialog that is shown gets a small STOP tool window of its own (objectName
//    "dialogStopWindow", button "dialogStopButton"), parented to the dialog so that the dialog's
//    modality — which blocks the main window's toolbar — does not block it. It closes with the
//    dialog.
// Dialogs must be Qt's own (Qt::AA_DontUseNativeDialogs, set by MainWindow): a native file
// dialog never passes Esc to the program.

#include <QObject>
#include <QPointer>

class QDialog;

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

signals:
    /// STOP was triggered from a dialog (Esc or its STOP window): the window shows it.
    void stopTriggered();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    bool platformMayMove() const;
    void attachStopWindow(QDialog *dialog);

    Station *m_station;
    const void *m_lastKeyEvent = nullptr;
    int m_escapeStops = 0;
};

} // namespace hil
