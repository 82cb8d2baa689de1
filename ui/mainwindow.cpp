#include "ui/mainwindow.h"
#include "raven/ravencodec.h"
#include "station/station.h"
#include "telemetry/telemetryhub.h"
#include "ui/docklayout.h"
#include "ui/elidedlabel.h"
#include "ui/eventtext.h"
#include "ui/panels/dryrunpanel.h"
#include "ui/panels/linkspanel.h"
#include "ui/panels/linkstyle.h"
#include "ui/panels/motionpanel.h"
#include "ui/panels/panelregistry.h"
#include "ui/panels/plotspanel.h"
#include "ui/panels/replaypanel.h"
#include "ui/panels/sessionpanel.h"
#include "ui/panels/statspanel.h"
#include "ui/rigstrip.h"
#include "ui/stopguard.h"
#include "ui/windowmenus.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QEvent>
#include <QJsonObject>
#include <QLabel>
#include <QMessageBox>
#include <QScreen>
#include <QSet>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <algorithm>

namespace hil {

namespace mainwindow_detail {
/// How long an event stays in the status bar (the Session panel and events.log keep it).
constexpr int kStatusMessageMs = 5000;
} // namespace mainwindow_detail
using mainwindow_detail::kStatusMessageMs;

MainWindow::MainWindow(Station *station, QSettings *settings, QWidget *parent)
    : QMainWindow(parent), m_station(station), m_settings(settings)
{
    setObjectName(QStringLiteral("MainWindow"));
    setWindowTitle(tr("HIL Station"));
    setDockNestingEnabled(true);
    setDockOptions(AnimatedDocks | AllowTabbedDocks | AllowNestedDocks);
    // First run: most of the screen (a saved geometry replaces this in loadSettings()).
    const QSize avail = screen() ? screen()->availableGeometry().size() : QSize(1600, 960);
    resize(std::min(1600, avail.width() * 9 / 10), std::min(960, avail.height() * 9 / 10));
    // Qt's own dialogs everywhere: a native file dialog never passes Esc (STOP) to the program.
    QCoreApplication::setAttribute(Qt::AA_DontUseNativeDialogs);
    m_stopGuard = new StopGuard(station, this);
    connect(m_stopGuard, &StopGuard::stopTriggered, this, &MainWindow::stopRequested);
    m_confirmQuit = [this] {
        return QMessageBox::question(
                   this, tr("Quit while the platform moves?"),
                   tr("The motion platform is in %1. Quitting ramps the cues to neutral and "
                      "parks it in LEVEL BRAKE. Quit now?")
                       .arg(m_station->platformMode() == raven::ModeCueing ? tr("CUEING")
                                                                           : tr("LOADING")),
                   QMessageBox::Yes | QMessageBox::No, QMessageBox::No) == QMessageBox::Yes;
    };
    createToolBars();
    createPanels();
    m_menus = new WindowMenus(this, station, settings, m_docks);

    // A long path must never widen the window: the label takes what is left, elided in the
    // middle (the full path is in its tooltip and in the Session panel).
    m_folderLabel = new ElidedLabel(this);
    m_folderLabel->setObjectName(QStringLiteral("sessionFolderLabel"));
    m_folderLabel->setMinimumWidth(40);
    m_folderLabel->setFullText(
        tr("Session: %1").arg(QDir::toNativeSeparators(station->sessionFolder())));
    statusBar()->addPermanentWidget(m_folderLabel);
    connect(station, &Station::eventRaised, this, &MainWindow::onEvent);

    TelemetryHub *hub = station->telemetry();
    m_periodSeries = hub->declare(QStringLiteral("window/frame_period_ms"), QStringLiteral("ms"),
                                  TelemetryHub::Kind::Distribution);
    m_refreshSeries = hub->declare(QStringLiteral("window/refresh_ms"), QStringLiteral("ms"),
                                   TelemetryHub::Kind::Distribution);
    resetLayout();
    if (m_settings)
        loadSettings(*m_settings);
    m_timer = new QTimer(this);
    m_timer->setTimerType(Qt::PreciseTimer);
    connect(m_timer, &QTimer::timeout, this, &MainWindow::tick);
    m_timer->start(1000 / kRefreshHz);
    refreshStatusBar();
    retranslateUi();
}

MainWindow::~MainWindow() = default;

void MainWindow::createToolBars()
{
    auto *bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    m_mainToolBar = bar;
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_stopAction = new QAction(tr("STOP"), this);
    m_stopAction->setObjectName(QStringLiteral("stopAction"));
    m_stopAction->setShortcut(QKeySequence(Qt::Key_Escape));
    m_stopAction->setShortcutContext(Qt::ApplicationShortcut);
    // One STOP per press: a held Esc repeats its key event some 18 times a second.
    m_stopAction->setAutoRepeat(false);
    m_stopAction->setToolTip(tr("Stop the motion platform: zero the cues and brake (Esc)"));
    connect(m_stopAction, &QAction::triggered, this, [this] {
        m_station->emergencyStop(); // the one command: whichever motion link runs now
        emit stopRequested();
    });
    addAction(m_stopAction); // the shortcut works even with the toolbar hidden
    bar->addAction(m_stopAction);
    if (auto *button = qobject_cast<QToolButton *>(bar->widgetForAction(m_stopAction))) {
        button->setObjectName(QStringLiteral("stopButton"));
        button->setMinimumWidth(110);
        button->setStyleSheet(
            QStringLiteral("QToolButton { background: #c0392b; color: white; font-weight: bold; "
                           "border-radius: 4px;"
                           " padding: 4px 18px; } QToolButton:pressed { background: #922b21; }"));
    }
    // The rig's state beside STOP, in every layout: the row cannot be moved, hidden from the
    // context menu or covered by a dock.
    m_rigStrip = new RigStrip(m_station);
    bar->addWidget(m_rigStrip);
    bar->toggleViewAction()->setVisible(false);

    addToolBarBreak();
    m_errorBar = addToolBar(tr("Errors"));
    m_errorBar->setObjectName(QStringLiteral("errorBar"));
    m_errorBar->setMovable(false);
    m_errorBar->setStyleSheet(
        QStringLiteral("QToolBar { background: #fbe9e7; border: 1px solid #e6b0aa; }"));
    // One line that never widens the window: a long message is cut at its end, whole in the
    // tooltip (and in the Session panel's list).
    m_errorLabel = new ElidedLabel;
    m_errorLabel->setElideMode(Qt::ElideRight);
    m_errorLabel->setMinimumWidth(40);
    m_errorLabel->setObjectName(QStringLiteral("errorLabel"));
    m_errorLabel->setStyleSheet(QStringLiteral("color: #922b21; padding: 2px 6px;"));
    m_errorLabel->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_errorBar->addWidget(m_errorLabel);
    QAction *dismiss = m_errorBar->addAction(tr("Dismiss"));
    m_dismissAction = dismiss;
    connect(dismiss, &QAction::triggered, this, [this] { clearError(); });
    m_errorBar->toggleViewAction()->setVisible(false);
    // The row is always there, empty when there is nothing to say: a message that comes or goes
    // never moves a control below it (a click aimed at a mode button lands on it).
    clearError();
}

void MainWindow::clearError()
{
    m_errorEvent.reset();
    m_errorLabel->setFullText(QString());
    // The same border as with a message (transparent): the row's height never changes.
    m_errorBar->setStyleSheet(QStringLiteral("QToolBar { border: 1px solid transparent; }"));
    m_dismissAction->setEnabled(false);
}

void MainWindow::createPanels()
{
    addPanel(new PlotsPanel(m_station), Qt::LeftDockWidgetArea);
    addPanel(new StatsPanel(m_station), Qt::RightDockWidgetArea);
    auto *links = new LinksPanel(m_station);
    addPanel(links, Qt::BottomDockWidgetArea);
    addPanel(new SessionPanel(m_station), Qt::BottomDockWidgetArea);
    auto *replay = new ReplayPanel(m_station);
    addPanel(replay, Qt::BottomDockWidgetArea);
    connect(this, &MainWindow::stopRequested, replay, &ReplayPanel::stop);
    // The Links panel's requests go straight to the Station. Connect never waits: the link opens
    // in its own thread (name lookup included) and its light shows "connecting" meanwhile.
    connect(links, &LinksPanel::connectRequested, this,
            [this](const QString &link, const QString &text) {
                Endpoint ep; // empty host: the running emulator or the command line's address
                // With the peer's built-in emulator switched on, Connect means "to the emulator".
                SerialPortSpec serial; // "serial:PATH[:BAUD]" goes as it is (a PX4 board)
                if (parseSerialPort(text.trimmed(), &serial))
                    ep.host = text.trimmed();
                else if (!m_station->isEmulatorRunning(link) && !text.trimmed().isEmpty() &&
                         !parseHostPort(text.trimmed(), 0, &ep)) {
                    showError(tr("%1: not an address: %2").arg(link, text));
                    return;
                }
                m_station->connectLink(link, ep);
            });
    connect(m_station, &Station::linkStartFailed, this,
            [this](const QString &, const QString &error) { showError(error); });
    connect(links, &LinksPanel::disconnectRequested, m_station, &Station::stopLink);
    connect(links, &LinksPanel::emulatorRequested, this, [this](const QString &link, bool run) {
        QString error;
        if (!run)
            m_station->stopEmulator(link);
        else if (!m_station->startEmulator(link, &error))
            showError(error);
    });
    connect(m_station, &Station::linksChanged, links, &LinksPanel::refreshSlow);
    // The links' own panels: those the registry's descriptors name, whether the link runs now or
    // not (it may be connected later), in the panel registry's order.
    QSet<QString> wanted;
    for (const LinkDescriptor &d : m_station->registry().all())
        if (!d.panel.isEmpty())
            wanted.insert(d.panel);
    const LinkPanelContext ctx{m_station, m_settings, [this] { m_stopAction->trigger(); }};
    for (const LinkPanelSpec &spec : builtinLinkPanels())
        if (wanted.remove(spec.id))
            addPanel(spec.make(ctx), spec.area);
    for (const QString &id : std::as_const(wanted))
        qWarning("hil: no window panel is registered for the panel id '%s' a link names",
                 qPrintable(id));
    // The Dry run panel (docs/perception.md): the Motion panel's cueing settings (when there is
    // one) and the Replay panel's recording.
    auto *dryRun = new DryRunPanel(m_station);
    addPanel(dryRun, Qt::BottomDockWidgetArea);
    if (auto *motion = qobject_cast<MotionPanel *>(panel(QStringLiteral("motionPanel")))) {
        QPointer<MotionPanel> m(motion);
        dryRun->setMotionSettingsHooks(
            [m] { return m ? m->cueingSettings() : raven::CueingSettings{}; },
            [m](const raven::CueingSettings &s) {
                if (m)
                    m->setCueingSettings(s);
            });
    }
    QPointer<ReplayPanel> r(replay);
    dryRun->setReplaySourceHook([r] { return r ? r->currentPath() : QString(); });
}

QDockWidget *MainWindow::addPanel(Panel *panel, Qt::DockWidgetArea area)
{
    auto *dock = new QDockWidget(panel->title(), this);
    dock->setObjectName(panel->objectName() + QStringLiteral("Dock"));
    dock->setWidget(panel);
    dock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable |
                      QDockWidget::DockWidgetFloatable);
    addDockWidget(area, dock);
    connect(panel, &Panel::errorRaised, this, &MainWindow::showError);
    m_panels.append({panel, area});
    m_docks.append(dock);
    if (m_menus)
        m_menus->insertDockToggle(dock, m_docks.size() - 1);
    return dock;
}

void MainWindow::resetLayout()
{
    DockLayout::Docks docks;
    for (int i = 0; i < m_panels.size(); ++i)
        docks.append({m_docks[i], m_panels[i].second});
    DockLayout::arrangeDefault(*this, docks);
}

QList<Panel *> MainWindow::panels() const
{
    QList<Panel *> list;
    for (const auto &p : m_panels)
        list << p.first;
    return list;
}

Panel *MainWindow::panel(const QString &objectName) const
{
    for (const auto &p : m_panels)
        if (p.first->objectName() == objectName)
            return p.first;
    return nullptr;
}

QDockWidget *MainWindow::dock(const QString &panelObjectName) const
{
    return findChild<QDockWidget *>(panelObjectName + QStringLiteral("Dock"),
                                    Qt::FindDirectChildrenOnly);
}

void MainWindow::saveSettings(QSettings &s) const
{
    saveLayout(s);
    for (const auto &p : m_panels) {
        s.beginGroup(QStringLiteral("panels/") + p.first->objectName());
        p.first->save(s);
        s.endGroup();
    }
}

void MainWindow::loadSettings(QSettings &s)
{
    restoreLayout(s);
    for (const auto &p : m_panels) {
        s.beginGroup(QStringLiteral("panels/") + p.first->objectName());
        p.first->load(s);
        s.endGroup();
    }
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_exitParked) {
        // Never close over a moving platform: ask (LOADING/CUEING), then park without blocking
        // this thread, and close for real once the Station says it is parked.
        event->ignore();
        if (m_exitAsked)
            return; // parking already
        const int mode = m_station->platformMode();
        if ((mode == raven::ModeLoading || mode == raven::ModeCueing) && m_confirmQuit &&
            !m_confirmQuit())
            return;
        m_exitAsked = true;
        statusBar()->showMessage(tr("Parking the motion platform before quitting…"));
        // Then the links close, each in its own thread (RealFlight's transmitter restore may
        // take 800 ms): the window stays open and STOP reachable until the last has closed.
        connect(
            m_station, &Station::exitParked, this,
            [this](bool, const QString &) {
                if (!m_closesLinks) {
                    m_exitParked = true;
                    close();
                    return;
                }
                statusBar()->showMessage(tr("Closing the links…"));
                m_station->stopLinksAsync();
            },
            Qt::QueuedConnection);
        connect(
            m_station, &Station::linksStopped, this,
            [this] {
                m_exitParked = true;
                close();
            },
            Qt::QueuedConnection);
        m_station->parkForExit();
        return;
    }
    if (m_settings)
        saveSettings(*m_settings);
    QMainWindow::closeEvent(event);
}

void MainWindow::showError(const QString &text)
{
    m_errorEvent.reset(); // onEvent sets it again for an event's message
    m_errorLabel->setFullText(text);
    m_errorBar->setStyleSheet(
        QStringLiteral("QToolBar { background: #fbe9e7; border: 1px solid #e6b0aa; }"));
    m_dismissAction->setEnabled(true);
}

QString MainWindow::currentError() const
{
    return m_errorLabel->fullText();
}

void MainWindow::onEvent(const Event &e)
{
    // While STOP is latched nothing moves until the operator picks a mode: a note that cues ramp
    // in again would promise motion that will not come (the Session panel and events.log keep it).
    if (eventPromisesMotion(e.id)) {
        const std::optional<MotionStatus> motion = m_station->motionStatus();
        if (motion && motion->stopLatched)
            return;
    }
    if (!m_sameFact.shows(e, QDateTime::currentMSecsSinceEpoch()))
        return; // another link said the same just now
    const QString line = eventLine(e);
    // Coloured by the severity the raiser chose, never guessed from the English text.
    statusBar()->setStyleSheet(
        e.severity == Severity::Error     ? QStringLiteral("QStatusBar { color: #c0392b; }")
        : e.severity == Severity::Warning ? QStringLiteral("QStatusBar { color: #9a6700; }")
                                          : QString());
    statusBar()->showMessage(line, kStatusMessageMs);
    m_statusEvent = e;
    m_statusShownMs = QDateTime::currentMSecsSinceEpoch();
    if (e.severity == Severity::Error) {
        showError(errorText(e));
        m_errorEvent = e;
    }
}

QString MainWindow::eventLine(const Event &e) const
{
    // The link's name for people, not its key; once only where the sentence already names it.
    const QString text = eventText(e);
    const QString who = linkTitle(m_station->registry(), e.source);
    return e.source.isEmpty() || e.source == QLatin1String("station") ||
                   text.startsWith(e.source + QLatin1Char(':'), Qt::CaseInsensitive)
               ? text
               : QStringLiteral("%1: %2").arg(who, text);
}

QString MainWindow::errorText(const Event &e) const
{
    // With what to do, where the operator can act (the rig check's fix for the same thing).
    const QString line = eventLine(e);
    const QString fix = eventFix(e);
    return fix.isEmpty() ? line : tr("%1. What to do: %2").arg(line, fix);
}

void MainWindow::tick()
{
    QElapsedTimer clock;
    clock.start();
    TelemetryHub *hub = m_station->telemetry();
    const double now = hub->now();
    const qint64 nowNs = static_cast<qint64>(now * 1e9);
    if (m_lastTickNs != 0)
        hub->pushValue(m_periodSeries, now, (nowNs - m_lastTickNs) * 1e-6);
    m_lastTickNs = nowNs;
    const bool slow = (m_tick++ % (kRefreshHz / 5)) == 0;
    for (const auto &p : qAsConst(m_panels)) {
        if (!p.first->isVisible())
            continue;
        p.first->refreshFast();
        if (slow)
            p.first->refreshSlow();
    }
    if (slow) {
        refreshStatusBar();
        m_rigStrip->refresh();
    }
    hub->pushValue(m_refreshSeries, now, clock.nsecsElapsed() * 1e-6);
}

void MainWindow::refreshStatusBar()
{
    const QJsonObject links = m_station->snapshot().value(QLatin1String("links")).toObject();
    for (auto it = links.begin(); it != links.end(); ++it) {
        QLabel *&label = m_linkLabels[it.key()];
        if (!label) {
            label = new QLabel(this);
            label->setObjectName(it.key() + QStringLiteral("StateLabel"));
            statusBar()->insertPermanentWidget(m_linkLabels.size() - 1, label);
        }
        // The light and the link's name; the state's word in the tooltip (and the Links panel):
        // the session folder beside them keeps its room at 1152 px.
        const ShownState state = m_station->linkState(it.key());
        const QString title = linkTitle(m_station->registry(), it.key());
        label->setText(QStringLiteral("<span style='color:%1'>●</span> %2")
                           .arg(stateColor(state).name(), title));
        label->setToolTip(QStringLiteral("%1: %2").arg(title, stateText(state)));
    }
    if (links.isEmpty() && !m_linkLabels.contains(QString())) {
        auto *none = new QLabel(tr("No links running"), this);
        none->setObjectName(QStringLiteral("noLinksLabel"));
        m_linkLabels.insert(QString(), none);
        statusBar()->insertPermanentWidget(0, none);
    } else if (!links.isEmpty() && m_linkLabels.contains(QString())) {
        delete m_linkLabels.take(QString());
    }
}

// --- layout -----------------------------------------------------------------------------

void MainWindow::saveLayout(QSettings &s) const
{
    DockLayout::save(*this, s, kLayoutVersion);
}

void MainWindow::restoreLayout(QSettings &s)
{
    const DockLayout::Restored r = DockLayout::restore(*this, s, kLayoutVersion);
    if (r == DockLayout::Restored::Nothing)
        return;
    if (r == DockLayout::Restored::OtherVersion)
        resetLayout(); // an older layout version: keep the default arrangement
    // The layout saves the rows' visibility: an older one may have hidden them. Both always show.
    m_errorBar->show();
    m_mainToolBar->show();
    clearError();
}

// --- language -----------------------------------------------------------------------------

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QMainWindow::changeEvent(event);
}

void MainWindow::retranslateUi()
{
    if (m_errorEvent) { // the message in the new language (a copy: showError resets it)
        const Event shown = *m_errorEvent;
        showError(errorText(shown));
        m_errorEvent = shown;
    }
    // The passing message too, for the rest of its time (other messages are not events).
    const qint64 left = kStatusMessageMs - (QDateTime::currentMSecsSinceEpoch() - m_statusShownMs);
    if (m_statusEvent && left > 0 && !statusBar()->currentMessage().isEmpty())
        statusBar()->showMessage(eventLine(*m_statusEvent), int(left));
    setWindowTitle(tr("HIL Station"));
    if (m_mainToolBar)
        m_mainToolBar->setWindowTitle(tr("Main"));
    if (m_stopAction) {
        m_stopAction->setText(tr("STOP"));
        m_stopAction->setToolTip(tr("Stop the motion platform: zero the cues and brake (Esc)"));
    }
    if (m_errorBar)
        m_errorBar->setWindowTitle(tr("Errors"));
    if (m_dismissAction)
        m_dismissAction->setText(tr("Dismiss"));
    for (const auto &p : qAsConst(m_panels))
        if (QDockWidget *d = dock(p.first->objectName()))
            d->setWindowTitle(p.first->title()); // the View menu's entry follows the title
    if (m_menus)
        m_menus->retranslateUi();
    if (m_folderLabel)
        m_folderLabel->setFullText(
            tr("Session: %1").arg(QDir::toNativeSeparators(m_station->sessionFolder())));
    if (QLabel *none = m_linkLabels.value(QString()))
        none->setText(tr("No links running"));
    refreshStatusBar();
}

} // namespace hil
