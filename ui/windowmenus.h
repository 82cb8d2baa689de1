#pragma once
// WindowMenus: the operator window's menu bar. File (New session…, Quit), View (a toggle per
// dock, Lab settings…, Lab: every rig…, Reset layout, Language), Tools (Rig check…, Measure the
// platform…, Dry run…) and Help (About). It owns those actions and what they open (the rig
// check, the measurement and the lab's instructor window: one each, raised when already open),
// and sets their texts again when the window retranslates (a QObject gets no LanguageChange of
// its own: MainWindow::retranslateUi() calls retranslateUi()). GUI thread only.
//
// Every menu, action and dialog lies under the window, found there by objectName ("toolsMenu",
// "rigCheckAction", "language_de", ...). Quit is the window's close(): the park before quitting
// is MainWindow's, never the menu's.
//
// Language: View → Language stores the choice (kLanguageKey) in the window's settings and
// installs the translators at once; Qt then sends every widget a LanguageChange.

#include <QObject>
#include <QPointer>

class QAction;
class QDockWidget;
class QMenu;
class QSettings;

namespace hil {

class InstructorWindow;
class MainWindow;
class MeasureDialog;
class RigCheckDialog;
class Station;

class WindowMenus : public QObject
{
    Q_OBJECT
public:
    /// Fills window's menu bar; docks: the window's docks so far, each with its View toggle.
    /// settings: the window's (nullptr: the language choice is not kept).
    WindowMenus(MainWindow *window, Station *station, QSettings *settings,
                const QList<QDockWidget *> &docks);

    /// A dock added after the menus were made: its toggle goes before the View menu's
    /// action at `index` (after the other docks' toggles).
    void insertDockToggle(QDockWidget *dock, int index);
    /// View → Lab: the instructor window on this station's broker (one, raised when open).
    void openLab();
    /// Every menu's and action's text in the current language.
    void retranslateUi();

private:
    void createLanguageMenu();
    void switchLanguage(const QString &code);

    MainWindow *m_window;
    Station *m_station;
    QSettings *m_settings;
    QPointer<InstructorWindow> m_labWindow;
    QPointer<RigCheckDialog> m_rigCheck;
    QPointer<MeasureDialog> m_measure;
    QMenu *m_fileMenu = nullptr, *m_viewMenu = nullptr, *m_languageMenu = nullptr;
    QMenu *m_toolsMenu = nullptr, *m_helpMenu = nullptr;
    QAction *m_newSessionAction = nullptr;
    QAction *m_quitAction = nullptr, *m_resetAction = nullptr, *m_aboutAction = nullptr;
    QAction *m_labSettingsAction = nullptr, *m_labViewAction = nullptr;
    QAction *m_systemLanguageAction = nullptr;
    QAction *m_rigCheckAction = nullptr;
    QAction *m_measureAction = nullptr;
    QAction *m_dryRunAction = nullptr;
};

} // namespace hil
