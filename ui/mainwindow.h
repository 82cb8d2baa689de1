#pragma once
// MainWindow: the operator's window, a thin shell around the dock panels (ui/panels/). It owns
// the single refresh timer (30 Hz; panels refresh only while visible, never per frame), the menus
// (windowmenus.h), the STOP action, the error bar and the status bar with each link's state, and
// saves and restores geometry, dock layout (versioned) and every panel's settings. GUI thread only.
//
// Layout: the default puts the motion platform first in the right-hand area, which spans the
// window's full height, and sizes the docks for the window; layouts are saved per screen size and
// restored only on a screen they fit (ui/docklayout.h).
// Language: View → Language switches at once; every panel and the window retranslate on the
// LanguageChange event Qt sends (retranslateUi(), which also sets the menus' texts again).
//
// STOP: the toolbar's STOP action (objectName "stopAction", shortcut Esc, application-wide) is in
// every layout. It calls Station::emergencyStop() — the one STOP command, which finds the motion
// link running now — and emits stopRequested() (the replay panel pauses). A StopGuard makes Esc
// and a STOP button work in every dialog too; all dialogs are Qt's own (no native ones).
//
// Quitting (File → Quit / Ctrl+Q, closing the window): while the platform reports LOADING or
// CUEING the operator is asked first; then the window stays open, not blocking, while the
// Station parks the platform (cues ramped to neutral, LEVEL BRAKE); the program's window
// (setClosesLinks) then closes the links in their threads (Station::stopLinksAsync), STOP
// reachable throughout, and closes on linksStopped(); another window closes once parked.
// Links panel Disconnect is asynchronous the same way (Station::stopLink).

#include "core/event.h"
#include "ui/eventtext.h"
#include "ui/samefactfilter.h"

#include <QMainWindow>
#include <functional>
#include <optional>

class QDockWidget;
class QLabel;
class QSettings;
class QTimer;
class QToolBar;

namespace hil {

class Panel;
class Station;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    /// Bumped whenever the set of core docks changes shape; an older saved layout is ignored.
    static constexpr int kLayoutVersion = 2;
    static constexpr int kRefreshHz = 30;

    /// settings: where the window keeps its state (nullptr: nothing is loaded or saved). The
    /// window reads it now and writes it when closed.
    explicit MainWindow(Station *station, QSettings *settings = nullptr, QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Wraps a panel in a dock (objectName: panel's + "Dock"), adds it to the View menu and the
    /// refresh timer. In the default layout a panel in the right area is tabbed with Link
    /// statistics, one in the bottom area with Session.
    QDockWidget *addPanel(Panel *panel, Qt::DockWidgetArea area);
    QList<Panel *> panels() const;
    Panel *panel(const QString &objectName) const;
    QDockWidget *dock(const QString &panelObjectName) const;
    QAction *stopAction() const { return m_stopAction; }
    /// The window is quitting on its own (closed, File → Quit): it parks, closes the links and
    /// then itself; the program ends when it has closed.
    bool isQuitting() const { return m_exitAsked; }
    /// The program's window (app/main.cpp): closing it ends the program, so after the park it
    /// also closes the links (asynchronously) before closing itself. Off by default: a window
    /// that is one of several views of a Station (tests) only parks.
    void setClosesLinks(bool on) { m_closesLinks = on; }
    /// Asked before quitting while the platform is LOADING/CUEING; true = quit. Defaults to a
    /// QMessageBox in the window (tests answer it by clicking).
    void setQuitConfirmHook(std::function<bool()> confirm) { m_confirmQuit = std::move(confirm); }

    void saveSettings(QSettings &settings) const;
    void loadSettings(QSettings &settings);
    /// The first-run arrangement, fitted to the current window size.
    void resetLayout();
    /// The rig strip beside STOP (the platform's mode, STOP latch, loop guard, rates, ...).
    class RigStrip *rigStrip() const { return m_rigStrip; }
    /// The last error shown in the error bar ("" when dismissed).
    QString currentError() const;

public slots:
    /// Shows a problem in the error bar at the top of the window until dismissed.
    void showError(const QString &text);

signals:
    /// STOP pressed (button or Esc): zero the cues and brake the platform.
    void stopRequested();

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void createPanels();
    void createToolBars();
    void tick();
    void refreshStatusBar();
    void clearError();
    void onEvent(const hil::Event &event);
    /// The window's line for an event: the link's name and the catalogue's sentence.
    QString eventLine(const hil::Event &event) const;
    QString errorText(const hil::Event &event) const;
    // --- layout and language (kept apart from STOP and quit) ---
    void saveLayout(QSettings &settings) const;
    void restoreLayout(QSettings &settings);
    void retranslateUi();

    Station *m_station;
    QSettings *m_settings;
    QList<QPair<Panel *, Qt::DockWidgetArea>> m_panels;
    QList<QDockWidget *> m_docks;
    class WindowMenus *m_menus = nullptr; ///< File, View, Tools, Help (windowmenus.h)
    class StopGuard *m_stopGuard = nullptr;
    std::function<bool()> m_confirmQuit;
    bool m_exitParked = false;
    bool m_exitAsked = false;
    bool m_closesLinks = false;
    QToolBar *m_mainToolBar = nullptr;
    QAction *m_dismissAction = nullptr;
    QAction *m_stopAction = nullptr;
    QToolBar *m_errorBar = nullptr;
    class RigStrip *m_rigStrip = nullptr;
    class ElidedLabel *m_errorLabel = nullptr;
    class ElidedLabel *m_folderLabel = nullptr;
    QMap<QString, QLabel *> m_linkLabels;
    QTimer *m_timer = nullptr;
    SameFactFilter m_sameFact;
    /// The event the error bar shows, if it shows one: said again in the new language when the
    /// operator switches (a panel's own error text cannot be, and is left as it came).
    std::optional<hil::Event> m_errorEvent;
    /// The event the status bar's passing message shows and when it was shown (ms since the
    /// epoch): written again in the new language when the operator switches.
    std::optional<hil::Event> m_statusEvent;
    qint64 m_statusShownMs = 0;
    int m_tick = 0;
    qint64 m_lastTickNs = 0;
    int m_periodSeries = -1;
    int m_refreshSeries = -1;
};

} // namespace hil
