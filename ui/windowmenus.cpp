#include "ui/windowmenus.h"
#include "lab/labconfig.h"
#include "station/station.h"
#include "ui/lab/instructorwindow.h"
#include "ui/lab/labsettingsdialog.h"
#include "ui/mainwindow.h"
#include "ui/panels/dryrunpanel.h"
#include "ui/panels/measuredialog.h"
#include "ui/panels/rigcheckdialog.h"
#include "ui/panels/sessionpanel.h"
#include "ui/translations.h"

#include <QAction>
#include <QActionGroup>
#include <QCoreApplication>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>

namespace hil {

WindowMenus::WindowMenus(MainWindow *window, Station *station, QSettings *settings,
                         const QList<QDockWidget *> &docks)
    : QObject(window), m_window(window), m_station(station), m_settings(settings)
{
    QMenu *file = m_window->menuBar()->addMenu(tr("&File"));
    file->setObjectName(QStringLiteral("fileMenu"));
    m_fileMenu = file;
    m_newSessionAction = file->addAction(
        tr("&New session…"), this, [this] { SessionPanel::askNewSession(m_station, m_window); });
    m_newSessionAction->setObjectName(QStringLiteral("newSessionAction"));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), m_window, &QWidget::close);
    quit->setObjectName(QStringLiteral("quitAction"));
    // Ctrl+Q where the platform has no standard Quit binding (Windows, offscreen).
    const QList<QKeySequence> quitKeys = QKeySequence::keyBindings(QKeySequence::Quit);
    quit->setShortcuts(quitKeys.isEmpty() ? QList<QKeySequence>{QKeySequence(Qt::CTRL | Qt::Key_Q)}
                                          : quitKeys);
    m_quitAction = quit;

    m_viewMenu = m_window->menuBar()->addMenu(tr("&View"));
    m_viewMenu->setObjectName(QStringLiteral("viewMenu"));
    for (QDockWidget *dock : docks) {
        dock->toggleViewAction()->setObjectName(dock->objectName() + QStringLiteral("Toggle"));
        m_viewMenu->addAction(dock->toggleViewAction());
    }
    m_viewMenu->addSeparator();
    m_labSettingsAction = m_viewMenu->addAction(tr("&Lab settings…"), this, [this] {
        QSettings fallback; // a window made without settings (tests) still has a program store
        LabSettingsDialog dialog(m_settings ? m_settings : &fallback, m_window);
        dialog.exec();
    });
    m_labSettingsAction->setObjectName(QStringLiteral("labSettingsAction"));
    m_labViewAction = m_viewMenu->addAction(tr("L&ab: every rig…"), this, &WindowMenus::openLab);
    m_labViewAction->setObjectName(QStringLiteral("labViewAction"));
    QAction *reset = m_viewMenu->addAction(tr("&Reset layout"), m_window, &MainWindow::resetLayout);
    reset->setObjectName(QStringLiteral("resetLayoutAction"));
    m_resetAction = reset;
    createLanguageMenu();

    m_toolsMenu = m_window->menuBar()->addMenu(tr("&Tools"));
    m_toolsMenu->setObjectName(QStringLiteral("toolsMenu"));
    m_rigCheckAction = m_toolsMenu->addAction(tr("&Rig check…"), this, [this] {
        if (!m_rigCheck) {
            m_rigCheck = new RigCheckDialog(m_station, m_window);
            m_rigCheck->setAttribute(Qt::WA_DeleteOnClose);
        }
        m_rigCheck->show();
        m_rigCheck->raise();
        m_rigCheck->activateWindow();
    });
    m_rigCheckAction->setObjectName(QStringLiteral("rigCheckAction"));
    m_measureAction = m_toolsMenu->addAction(tr("&Measure the platform…"), this, [this] {
        if (!m_measure) {
            m_measure = new MeasureDialog(m_station, m_window);
            m_measure->setAttribute(Qt::WA_DeleteOnClose);
            // The measured model goes to the dry run, which then says it rests on it.
            connect(m_measure, &MeasureDialog::modelChosen, this, [this](const QString &path) {
                if (auto *dryRun =
                        qobject_cast<DryRunPanel *>(m_window->panel(QStringLiteral("dryRunPanel"))))
                    dryRun->openModel(path);
                if (m_dryRunAction)
                    m_dryRunAction->trigger();
            });
        }
        m_measure->show();
        m_measure->raise();
        m_measure->activateWindow();
    });
    m_measureAction->setObjectName(QStringLiteral("measureAction"));
    // The dry run is a workspace, not a corner: its own window over most of the main one (where
    // it is, floating or docked, is saved with the layout).
    m_dryRunAction = m_toolsMenu->addAction(tr("&Dry run…"), this, [this] {
        QDockWidget *d = m_window->dock(QStringLiteral("dryRunPanel"));
        if (!d)
            return;
        if (!d->isFloating()) {
            d->setFloating(true);
            const QRect g = m_window->geometry();
            d->setGeometry(
                g.adjusted(g.width() / 20, g.height() / 20, -g.width() / 20, -g.height() / 20));
        }
        d->show();
        d->raise();
        d->activateWindow();
    });
    m_dryRunAction->setObjectName(QStringLiteral("dryRunAction"));

    QMenu *help = m_window->menuBar()->addMenu(tr("&Help"));
    m_helpMenu = help;
    QAction *about = m_aboutAction = help->addAction(tr("&About HIL Station"), this, [this] {
        QMessageBox::about(
            m_window, tr("About HIL Station"),
            tr("<b>HIL Station</b> %1<br>RealFlight, PX4, motion platform and RflySim in one "
               "loop.<br><br>STOP: Esc")
                .arg(QStringLiteral(HIL_VERSION)));
    });
    about->setObjectName(QStringLiteral("aboutAction"));
}

void WindowMenus::insertDockToggle(QDockWidget *dock, int index)
{
    m_viewMenu->insertAction(m_viewMenu->actions().value(index), dock->toggleViewAction());
}

void WindowMenus::openLab()
{
    if (m_labWindow) {
        m_labWindow->raise();
        m_labWindow->activateWindow();
        return;
    }
    // The broker this station publishes to (--lab), else the one in Lab settings.
    QSettings fallback;
    lab::LabConfig config;
    QString error;
    if (!LabSettingsDialog::instructorConfig(m_station ? m_station->options().links : LinkOptions{},
                                             m_settings ? *m_settings : fallback, &config,
                                             &error)) {
        QMessageBox::warning(m_window, tr("Lab"), error);
        return;
    }
    // The instructor's view of every rig on that broker, this one included; a STOP on a tile is
    // sent only if the broker lets this user send it (docs/lab.md, the ACL). Its own thread
    // opens the connection: nothing here waits on the broker. Esc still stops this rig (StopGuard).
    m_labWindow = new InstructorWindow(config, m_window);
    m_labWindow->setWindowFlag(Qt::Window);
    m_labWindow->setAttribute(Qt::WA_DeleteOnClose);
    m_labWindow->resize(1000, 700);
    m_labWindow->show();
}

// --- language -----------------------------------------------------------------------------

void WindowMenus::createLanguageMenu()
{
    m_languageMenu = m_viewMenu->addMenu(tr("&Language"));
    m_languageMenu->setObjectName(QStringLiteral("languageMenu"));
    auto *group = new QActionGroup(m_languageMenu);
    const QString current =
        m_settings ? m_settings->value(QLatin1String(kLanguageKey)).toString() : QString();
    // Each language in its own name, so it can be found whatever the current language is.
    const std::pair<QString, QString> languages[] = {
        {QString(), QString()},
        {QStringLiteral("en"), QStringLiteral("English")},
        {QStringLiteral("de"), QStringLiteral("Deutsch")},
        {QStringLiteral("zh_CN"), QStringLiteral("简体中文")}};
    for (const auto &l : languages) {
        QAction *a = m_languageMenu->addAction(l.second);
        a->setObjectName(QStringLiteral("language_") +
                         (l.first.isEmpty() ? QStringLiteral("system") : l.first));
        a->setCheckable(true);
        a->setChecked(l.first == current);
        group->addAction(a);
        if (l.first.isEmpty())
            m_systemLanguageAction = a;
        connect(a, &QAction::triggered, this, [this, code = l.first] { switchLanguage(code); });
    }
}

void WindowMenus::switchLanguage(const QString &code)
{
    if (m_settings)
        m_settings->setValue(QLatin1String(kLanguageKey), code);
    // Qt posts LanguageChange to every widget: panels and the window retranslate themselves (the
    // window calls retranslateUi() here).
    installTranslations(*QCoreApplication::instance(), code);
}

void WindowMenus::retranslateUi()
{
    m_fileMenu->setTitle(tr("&File"));
    m_quitAction->setText(tr("&Quit"));
    m_newSessionAction->setText(tr("&New session…"));
    m_viewMenu->setTitle(tr("&View"));
    m_resetAction->setText(tr("&Reset layout"));
    m_labSettingsAction->setText(tr("&Lab settings…"));
    m_labViewAction->setText(tr("L&ab: every rig…"));
    m_languageMenu->setTitle(tr("&Language"));
    m_systemLanguageAction->setText(tr("System default"));
    m_toolsMenu->setTitle(tr("&Tools"));
    m_rigCheckAction->setText(tr("&Rig check…"));
    m_measureAction->setText(tr("&Measure the platform…"));
    m_dryRunAction->setText(tr("&Dry run…"));
    m_helpMenu->setTitle(tr("&Help"));
    m_aboutAction->setText(tr("&About HIL Station"));
}

} // namespace hil
