// The operator window on the offscreen platform, on a running Station whose hub a test thread
// feeds like a link would: live values reach the plots, every panel's settings and the dock
// layout survive a save / new window / load round trip, the View menu toggles each panel, STOP
// answers Esc from anywhere, problems show in the error bar. A screenshot at 1920x1080 lands in
// the build folder for a person to look at.
#include "../common/feeder.h"
#include "station/station.h"
#include "telemetry/telemetryhub.h"
#include "testpaths.h"
#include "ui/lab/instructorwindow.h"
#include "ui/mainwindow.h"
#include "ui/panels/histogramchart.h"
#include "ui/panels/linkspanel.h"
#include "ui/panels/plotspanel.h"
#include "ui/panels/sessionpanel.h"
#include "ui/panels/statspanel.h"
#include "ui/translations.h"

#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTranslator>
#include <QTreeWidget>
#include <QtTest>
#include <memory>
#include <qcustomplot.h>

using hil::MainWindow;

class TestMainWindow : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void showsLiveValuesAndScreenshot();
    void plotsSpeakTheOperatorsLanguage();
    void numbersFollowTheLanguageChosenAtStart();
    void panelSettingsPersist();
    void layoutRoundTrip();
    void viewMenuTogglesPanels();
    void stopAnswersEscape();
    void errorsShowInTheWindow();
    void exportsVisibleData();
    void pauseFreezesAndCursorReads();
    void showsEventsFromBeforeTheWindow();
    void translationsAreCompiledIn();
    void labViewOpensTheInstructorWindow();
    void labViewClosedWhileTheBrokerIsSilent();

private:
    std::unique_ptr<MainWindow> makeWindow(QSettings *settings, QSize size = QSize(1920, 1080));
    static QStringList allKeys(QSettings &s);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<hil::Station> m_station;
};

void TestMainWindow::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    hil::StationOptions o;
    o.logDir = m_dir->filePath(QStringLiteral("session"));
    m_station = std::make_unique<hil::Station>(o);
    QVERIFY(m_station->start(nullptr));
}

void TestMainWindow::cleanup()
{
    m_station->stop();
    m_station.reset();
    m_dir.reset();
}

std::unique_ptr<MainWindow> TestMainWindow::makeWindow(QSettings *settings, QSize size)
{
    auto w = std::make_unique<MainWindow>(m_station.get(), settings);
    w->resize(size);
    w->resetLayout();
    if (settings)
        w->loadSettings(*settings);
    w->show();
    if (!QTest::qWaitForWindowExposed(w.get()))
        return nullptr;
    return w;
}

void TestMainWindow::labViewOpensTheInstructorWindow()
{
    QSettings settings(m_dir->filePath(QStringLiteral("lab.ini")), QSettings::IniFormat);
    auto w = makeWindow(&settings, QSize(1200, 800));
    QVERIFY(w);
    auto *action = w->findChild<QAction *>(QStringLiteral("labViewAction"));
    QVERIFY(action);
    QVERIFY(w->findChild<QMenu *>(QStringLiteral("viewMenu"))->actions().contains(action));

    // No broker anywhere: a warning says where to set one, and no window opens.
    QString warning;
    QTimer poll;
    connect(&poll, &QTimer::timeout, this, [&warning] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            warning = box->text();
            QTest::keyClick(box, Qt::Key_Return);
        }
    });
    poll.start(50);
    action->trigger();
    poll.stop();
    QVERIFY2(warning.contains(QStringLiteral("Lab settings")), qPrintable(warning));
    QVERIFY(!w->findChild<hil::InstructorWindow *>());

    // A broker in Lab settings (nobody listens there): the window opens at once, its own thread
    // trying to connect; asked again, the same window comes forward.
    quint16 port = 0;
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        port = probe.serverPort();
    }
    settings.setValue(QStringLiteral("lab/url"), QStringLiteral("mqtt://127.0.0.1:%1").arg(port));
    action->trigger();
    QPointer<hil::InstructorWindow> lab = w->findChild<hil::InstructorWindow *>();
    QVERIFY(lab);
    QVERIFY(lab->isWindow());
    QVERIFY(QTest::qWaitForWindowExposed(lab.data()));
    QVERIFY(lab->windowTitle().contains(QString::number(port)));
    action->trigger();
    QCOMPARE(w->findChildren<hil::InstructorWindow *>().size(), 1);
    QCOMPARE(lab->tileCount(), 0);
    lab->close(); // deleted on close
    QTRY_VERIFY(lab.isNull());
}

QStringList TestMainWindow::allKeys(QSettings &s)
{
    QStringList keys = s.allKeys();
    keys.sort();
    return keys;
}

void TestMainWindow::showsLiveValuesAndScreenshot()
{
    hiltest::TelemetryFeeder feeder(m_station->telemetry(), 45.0);
    feeder.start();
    QTRY_VERIFY_WITH_TIMEOUT(feeder.historyDone(), 20000);
    auto w = makeWindow(nullptr);
    QVERIFY(w);
    auto *label = w->findChild<QLabel *>(QStringLiteral("sessionFolderLabel"));
    // The window shows the folder as the system writes paths (backslashes on Windows).
    QVERIFY(label &&
            label->toolTip().contains(QDir::toNativeSeparators(m_station->sessionFolder())));
    auto *plots = qobject_cast<hil::PlotsPanel *>(w->panel(QStringLiteral("plotsPanel")));
    QVERIFY(plots);
    QVERIFY(plots->signalsOf(0).contains(QStringLiteral("position/n")));
    // The timer replots with what the feeder thread pushed: 3 plots x 3 series of live data.
    QTRY_VERIFY_WITH_TIMEOUT(plots->pointCount() > 9 * 100, 10000);
    const long before = feeder.frames();
    QTRY_VERIFY_WITH_TIMEOUT(feeder.frames() > before + 50, 10000);
    // position/n circles with radius 60 m: the plotted data stays within it and reaches it.
    QCPGraph *north = plots->plot()->graph(0);
    // One group per plot: the legend says "n (m)", the axis "position (m)".
    QCOMPARE(north->name(), QStringLiteral("n (m)"));
    QCOMPARE(north->valueAxis()->label(), QStringLiteral("position (m)"));
    bool ok = false;
    const QCPRange values = north->getValueRange(ok);
    QVERIFY(ok);
    QVERIFY(values.upper <= 60.001 && values.lower >= -60.001);
    QVERIFY(values.size() > 30); // 30 s of a 40 s circle spans more than half its diameter
    // attitude is SI (rad) like the files: roll about 0.35 rad
    bool okRad = false;
    QVERIFY(plots->plot()->graph(3)->name().contains(QStringLiteral("(rad)")));
    QVERIFY(plots->plot()->graph(3)->getValueRange(okRad).upper > 0.25 &&
            plots->plot()->graph(3)->getValueRange(okRad).upper < 0.45);
    // "Angles in °" shows degrees, and says so: roll about 20°
    QTest::mouseClick(w->findChild<QToolButton *>(QStringLiteral("degreesButton")), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(plots->plot()->graph(3)->name().contains(QStringLiteral("°")), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(plots->plot()->graph(3)->dataCount() > 100, 5000);
    QVERIFY(w->findChild<QTreeWidget *>(QStringLiteral("signalTree"))
                ->headerItem()
                ->text(1)
                .contains(QStringLiteral("°")));
    QCPGraph *roll = plots->plot()->graph(3);
    QVERIFY(roll->name().contains(QStringLiteral("°")));
    QVERIFY(roll->getValueRange(ok).upper > 15 && roll->getValueRange(ok).upper < 25);
    // The histogram of the link's loop period appears and counts samples.
    auto *stats = qobject_cast<hil::StatsPanel *>(w->panel(QStringLiteral("statsPanel")));
    QTRY_VERIFY_WITH_TIMEOUT(
        stats->chart(QStringLiteral("flightaxis/period_ms")) &&
            stats->chart(QStringLiteral("flightaxis/period_ms"))->sampleCount() > 100,
        10000);
    QVERIFY(std::abs(stats->chart(QStringLiteral("flightaxis/period_ms"))->median() - 4.0) < 3.0);
    emit m_station->eventRaised(
        hil::Event{"flightaxis", "flightaxis.link_state", hil::Severity::Info, "link up"});
    emit m_station->eventRaised(hil::Event{"raven", "raven.platform_mode", hil::Severity::Info,
                                           "platform answered, mode LEVEL BRAKE"});
    QTest::qWait(400); // a few frames of live scrolling before the picture
    QVERIFY(w->grab().save(hil::testpaths::binaryDir() + QStringLiteral("/mainwindow.png")));
    w->resize(1366, 768);
    w->resetLayout();
    QTest::qWait(300);
    QVERIFY(w->grab().save(hil::testpaths::binaryDir() + QStringLiteral("/mainwindow-1366.png")));
    feeder.stop();
}

void TestMainWindow::panelSettingsPersist()
{
    const QString file = m_dir->filePath(QStringLiteral("settings.ini"));
    {
        QSettings s(file, QSettings::IniFormat);
        auto w = makeWindow(&s);
        QVERIFY(w);
        auto *plots = qobject_cast<hil::PlotsPanel *>(w->panel(QStringLiteral("plotsPanel")));
        plots->setPlotCount(2);
        plots->setWindowSeconds(120);
        plots->setSignal(0, QStringLiteral("position/e"), false);
        plots->setSignal(1, QStringLiteral("extras/airspeed"), true);
        plots->setAutoScale(false);
        auto *links = qobject_cast<hil::LinksPanel *>(w->panel(QStringLiteral("linksPanel")));
        links->setAddress(QStringLiteral("raven"), QStringLiteral("10.0.0.7:9200"));
        auto *stats = qobject_cast<hil::StatsPanel *>(w->panel(QStringLiteral("statsPanel")));
        stats->setSampleWindow(4000);
        stats->setBinCount(25);
        w->saveSettings(s);
    }
    QSettings s(file, QSettings::IniFormat);
    const QStringList keys = allKeys(s);
    for (const char *panel : {"plotsPanel", "linksPanel", "statsPanel", "sessionPanel"})
        QVERIFY2(keys.filter(QStringLiteral("panels/%1/").arg(QLatin1String(panel))).size() > 0,
                 panel);
    auto w = makeWindow(&s);
    QVERIFY(w);
    auto *plots = qobject_cast<hil::PlotsPanel *>(w->panel(QStringLiteral("plotsPanel")));
    QCOMPARE(plots->plotCount(), 2);
    QCOMPARE(plots->windowSeconds(), 120.0);
    QCOMPARE(plots->signalsOf(0), (QStringList{"position/n", "position/d"}));
    QVERIFY(plots->signalsOf(1).contains(QStringLiteral("extras/airspeed")));
    auto *links = qobject_cast<hil::LinksPanel *>(w->panel(QStringLiteral("linksPanel")));
    QCOMPARE(links->address(QStringLiteral("raven")), QStringLiteral("10.0.0.7:9200"));
    auto *stats = qobject_cast<hil::StatsPanel *>(w->panel(QStringLiteral("statsPanel")));
    QCOMPARE(stats->sampleWindow(), 4000);
    QCOMPARE(stats->binCount(), 25);
    // Every value written by the first window comes back identical from the second.
    QSettings again(m_dir->filePath(QStringLiteral("again.ini")), QSettings::IniFormat);
    w->saveSettings(again);
    for (const QString &key : keys)
        if (key.startsWith(QLatin1String("panels/")))
            QVERIFY2(s.value(key) == again.value(key), qPrintable(key));
}

void TestMainWindow::layoutRoundTrip()
{
    const QString file = m_dir->filePath(QStringLiteral("layout.ini"));
    {
        QSettings s(file, QSettings::IniFormat);
        auto w = makeWindow(&s, QSize(1500, 900));
        QVERIFY(w);
        w->dock(QStringLiteral("statsPanel"))->hide();
        w->tabifyDockWidget(w->dock(QStringLiteral("sessionPanel")),
                            w->dock(QStringLiteral("linksPanel")));
        QCoreApplication::processEvents();
        w->close(); // closing parks the platform (none here), then saves
        QTRY_VERIFY(!w->isVisible());
    }
    QSettings s(file, QSettings::IniFormat);
    QCOMPARE(s.value(QStringLiteral("window/layoutVersion")).toInt(), MainWindow::kLayoutVersion);
    auto w = std::make_unique<MainWindow>(m_station.get(), &s); // restores in its constructor
    w->show();
    QVERIFY(QTest::qWaitForWindowExposed(w.get()));
    QCOMPARE(w->size(), QSize(1500, 900));
    QVERIFY(w->dock(QStringLiteral("statsPanel"))->isHidden());
    QVERIFY(w->tabifiedDockWidgets(w->dock(QStringLiteral("sessionPanel")))
                .contains(w->dock(QStringLiteral("linksPanel"))));
    // A layout saved by another layout version is ignored: the default comes back.
    for (const QString &key : s.allKeys())
        if (key.startsWith(QLatin1String("window")) && key.endsWith(QLatin1String("/state")))
            s.setValue(key, w->saveState(MainWindow::kLayoutVersion + 7));
    auto fresh = std::make_unique<MainWindow>(m_station.get(), &s);
    fresh->show();
    QVERIFY(QTest::qWaitForWindowExposed(fresh.get()));
    QVERIFY(!fresh->dock(QStringLiteral("statsPanel"))->isHidden());
    // Reset layout brings every panel back.
    w->resetLayout();
    for (hil::Panel *p : w->panels())
        QVERIFY2(w->dock(p->objectName())->isVisible(), qPrintable(p->objectName()));
    // Session shares the bottom area only with other bottom panels (Replay).
    for (QDockWidget *d : w->tabifiedDockWidgets(w->dock(QStringLiteral("sessionPanel"))))
        QCOMPARE(w->dockWidgetArea(d), Qt::BottomDockWidgetArea);
}

void TestMainWindow::viewMenuTogglesPanels()
{
    auto w = makeWindow(nullptr);
    QVERIFY(w);
    auto *view = w->findChild<QMenu *>(QStringLiteral("viewMenu"));
    QVERIFY(view);
    QSet<QString> names;
    for (hil::Panel *p : w->panels()) {
        QVERIFY2(!names.contains(p->objectName()), "objectNames are unique");
        names.insert(p->objectName());
        QDockWidget *dock = w->dock(p->objectName());
        QVERIFY(dock);
        QAction *toggle = nullptr;
        for (QAction *a : view->actions())
            if (a == dock->toggleViewAction())
                toggle = a;
        QVERIFY2(toggle, qPrintable(p->objectName()));
        QCOMPARE(toggle->text(), p->title());
        QVERIFY(dock->isVisible());
        toggle->trigger();
        QVERIFY(!dock->isVisible());
        toggle->trigger();
        QVERIFY(dock->isVisible());
    }
    QCOMPARE(names.size(), int(w->panels().size())); // every panel has its toggle
    QVERIFY(names.size() >= 8);
}

void TestMainWindow::stopAnswersEscape()
{
    auto w = makeWindow(nullptr);
    QVERIFY(w);
    QSignalSpy spy(w.get(), &MainWindow::stopRequested);
    w->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(w.get()));
    auto *address = w->findChild<QLineEdit *>(QStringLiteral("ravenAddress"));
    QVERIFY(address);
    address->setFocus();
    QTest::keyClick(address, Qt::Key_Escape); // from a text field: still STOP
    QCOMPARE(spy.count(), 1);
    auto *button = w->findChild<QWidget *>(QStringLiteral("stopButton"));
    QVERIFY(button && button->isVisible());
    QTest::mouseClick(button, Qt::LeftButton);
    QCOMPARE(spy.count(), 2);
    // still reachable with every panel hidden
    for (hil::Panel *p : w->panels())
        w->dock(p->objectName())->hide();
    QVERIFY(button->isVisible());
}

void TestMainWindow::errorsShowInTheWindow()
{
    auto w = makeWindow(nullptr);
    QVERIFY(w);
    QVERIFY(w->currentError().isEmpty());
    auto *session = qobject_cast<hil::SessionPanel *>(w->panel(QStringLiteral("sessionPanel")));
    const int before = session->eventCount();
    // As RiderSafety raises it: the window writes it from id + args (ui/eventtext).
    emit m_station->eventRaised(
        hil::Event{"raven",
                   "raven.watchdog",
                   hil::Severity::Error,
                   "watchdog: simulator state older than 200 ms, cues ramping to zero",
                   {"200"}});
    QVERIFY(w->currentError().contains(QStringLiteral("older than 200 ms")));
    QCOMPARE(session->eventCount(), before + 1);
    // A connect with an unusable address is refused in the window, not on a terminal.
    auto *connectButton = w->findChild<QPushButton *>(QStringLiteral("px4Connect"));
    QVERIFY(connectButton);
    auto *links = qobject_cast<hil::LinksPanel *>(w->panel(QStringLiteral("linksPanel")));
    QSignalSpy spy(links, &hil::LinksPanel::connectRequested);
    links->setAddress(QStringLiteral("px4"), QStringLiteral("127.0.0.1:99999"));
    connectButton->click();
    QVERIFY2(w->currentError().contains(QStringLiteral("not an address")),
             qPrintable(w->currentError()));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(1).toString(), QStringLiteral("127.0.0.1:99999"));
    // A good address goes out as typed (port 0: any free one, so the test never collides).
    links->setAddress(QStringLiteral("px4"), QStringLiteral("127.0.0.1:0"));
    spy.clear();
    connectButton->click();
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(1).toString(), QStringLiteral("127.0.0.1:0"));
}

void TestMainWindow::exportsVisibleData()
{
    hil::TelemetryHub *hub = m_station->telemetry();
    hil::SimFrame f;
    for (int i = 0; i < 100; ++i) {
        f = hiltest::TelemetryFeeder::frameAt(i * 0.01);
        f.monotonicNs = 0;
        hub->push(f);
    }
    const int extra = hub->declare(QStringLiteral("raven/heave_cmd"), QStringLiteral("m"));
    hub->pushValue(extra, hub->now(), 0.25); // after the frames, at a time of its own
    auto w = makeWindow(nullptr);
    QVERIFY(w);
    auto *plots = qobject_cast<hil::PlotsPanel *>(w->panel(QStringLiteral("plotsPanel")));
    plots->setPlotCount(1);
    plots->setSignal(0, QStringLiteral("position/e"), false);
    plots->setSignal(0, QStringLiteral("position/d"), false);
    plots->setSignal(0, QStringLiteral("raven/heave_cmd"), true);
    plots->replotNow();
    plots->setPaused(true);
    const QString csv = m_dir->filePath(QStringLiteral("plots.csv"));
    QVERIFY(plots->exportCsv(csv));
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QStringList lines =
        QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.first(), QStringLiteral("time_s,position/n,raven/heave_cmd"));
    QCOMPARE(lines.size(), 1 + 100 + 1); // 100 frames, 1 link value at its own time
    QVERIFY(lines.last().endsWith(QStringLiteral(",0.25")));
    QCOMPARE(lines.at(1).section(QLatin1Char(','), 1, 1).toDouble(),
             60.0); // position/n at t = 0: radius, m
    const QString png = m_dir->filePath(QStringLiteral("plots.png"));
    QVERIFY(plots->exportPng(png));
    QVERIFY(QImage(png).width() > 100);
}

void TestMainWindow::pauseFreezesAndCursorReads()
{
    hiltest::TelemetryFeeder feeder(m_station->telemetry(), 5.0);
    feeder.start();
    auto w = makeWindow(nullptr, QSize(1366, 768));
    QVERIFY(w);
    auto *plots = qobject_cast<hil::PlotsPanel *>(w->panel(QStringLiteral("plotsPanel")));
    bool ok = false;
    QTRY_VERIFY_WITH_TIMEOUT(feeder.historyDone() && plots->plot()->graphCount() == 9 &&
                                 plots->plot()->graph(0)->getKeyRange(ok).size() > 4.5,
                             10000); // the 5 s history
    QCPGraph *north = plots->plot()->graph(0);
    plots->setPaused(true);
    QTest::qWait(100); // a replot may still be on its way
    const double frozenEnd = (north->data()->constEnd() - 1)->key;
    const QCPRange frozenRange = north->keyAxis()->range();
    const long frames = feeder.frames();
    QTRY_VERIFY_WITH_TIMEOUT(feeder.frames() > frames + 60, 10000);
    QTest::qWait(200); // several timer ticks while paused
    QCOMPARE((north->data()->constEnd() - 1)->key, frozenEnd);
    QCOMPARE(north->keyAxis()->range().upper, frozenRange.upper);
    // the cursor reads the frozen data under the mouse
    QCustomPlot *plot = plots->plot();
    const QPoint at(int(north->keyAxis()->coordToPixel(frozenEnd - 1.0)),
                    plot->height() / 3); // where data is
    QMouseEvent move(QEvent::MouseMove, at, plot->mapToGlobal(at), Qt::NoButton, Qt::NoButton,
                     Qt::NoModifier);
    QCoreApplication::sendEvent(plot, &move);
    auto *readout = w->findChild<QLabel *>(QStringLiteral("cursorReadout"));
    QVERIFY(readout->text().contains(QStringLiteral("position/n")));
    QVERIFY(readout->text().contains(QStringLiteral("t = ")));
    plots->setPaused(false);
    QTRY_VERIFY_WITH_TIMEOUT((north->data()->constEnd() - 1)->key > frozenEnd, 10000);
    feeder.stop();
}

void TestMainWindow::showsEventsFromBeforeTheWindow()
{
    // Links started before the window (as main() starts them) and a station event: the window
    // shows them from the Station's memory, typed, not from events.log.
    QString error;
    QVERIFY2(m_station->startEmulator(QStringLiteral("flightaxis"), &error), qPrintable(error));
    QVERIFY2(m_station->startLink(QStringLiteral("flightaxis"), hil::Endpoint{}, &error),
             qPrintable(error));
    QTRY_COMPARE_WITH_TIMEOUT(m_station->linkState(QStringLiteral("flightaxis")),
                              std::optional<hil::LinkState>(hil::LinkState::Up), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(!m_station->recentEvents().isEmpty() &&
                                 m_station->recentEvents().last().event.id ==
                                     QLatin1String("flightaxis.link_state"),
                             5000); // the queued "link up" has reached the main thread
    m_station->raiseStationEvent(QStringLiteral("station.note"), hil::Severity::Info,
                                 QStringLiteral("before the window"));
    const int before = m_station->recentEvents().size();
    QVERIFY(before >= 3); // link connecting, link up, the note (and the stand-in's own)
    auto w = makeWindow(nullptr);
    QVERIFY(w);
    auto *session = qobject_cast<hil::SessionPanel *>(w->panel(QStringLiteral("sessionPanel")));
    // Another queued event (the stand-in's own, a transmitter note) may reach the main thread
    // while the window is made: the panel then shows it too, once, as the Station keeps it.
    QVERIFY(session->eventCount() >= before);
    QCOMPARE(session->eventCount(), int(m_station->recentEvents().size()));
    auto *table = w->findChild<QTableWidget *>(QStringLiteral("linksTable"));
    QVERIFY(table);
    QCOMPARE(table->item(0, 5)->text(),
             QStringLiteral("link up")); // RealFlight's row, its last event
}

void TestMainWindow::translationsAreCompiledIn()
{
    QCOMPARE(hil::installTranslations(*qApp, QStringLiteral("en")), QStringLiteral("en"));
    const std::pair<const char *, const char *> cases[] = {{"de", "Telemetrie-Diagramme"},
                                                           {"zh_CN", "遥测曲线"}};
    for (const auto &c : cases) {
        QTranslator translator;
        QVERIFY(translator.load(QLocale(QLatin1String(c.first)), QStringLiteral("hilstation"),
                                QStringLiteral("_"), QStringLiteral(":/i18n")));
        QCoreApplication::installTranslator(&translator);
        auto w = std::make_unique<MainWindow>(m_station.get());
        QCOMPARE(w->dock(QStringLiteral("plotsPanel"))->windowTitle(), QString::fromUtf8(c.second));
        w->resize(1366, 768);
        w->resetLayout();
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        QTest::qWait(250);
        QVERIFY(w->grab().save((hil::testpaths::binaryDir() + QStringLiteral("/mainwindow-%1.png"))
                                   .arg(QLatin1String(c.first))));
        QVERIFY(w->stopAction()->text() != QStringLiteral("STOP"));
        w.reset();
        QCoreApplication::removeTranslator(&translator);
    }
}

void TestMainWindow::labViewClosedWhileTheBrokerIsSilent()
{
    // A broker that takes the TCP connection and never answers MQTT's CONNECT: the lab view's
    // first attempt is still in flight (Paho waits 5 s for CONNACK) when the operator closes the
    // window. Paho refuses to drop its callbacks then, by an exception out of a destructor: the
    // whole program ended (CI stop 31, and the Wine exit 53 of docs/windows-build.md).
    QTcpServer silent;
    QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
    QSettings settings(m_dir->filePath(QStringLiteral("lab.ini")), QSettings::IniFormat);
    settings.setValue(QStringLiteral("lab/url"),
                      QStringLiteral("mqtt://127.0.0.1:%1").arg(silent.serverPort()));
    auto w = makeWindow(&settings, QSize(1200, 800));
    QVERIFY(w);
    w->findChild<QAction *>(QStringLiteral("labViewAction"))->trigger();
    QPointer<hil::InstructorWindow> lab = w->findChild<hil::InstructorWindow *>();
    QVERIFY(lab);
    QVERIFY(QTest::qWaitForWindowExposed(lab.data()));
    QTRY_VERIFY_WITH_TIMEOUT(silent.hasPendingConnections(), 4000);
    std::unique_ptr<QTcpSocket> held(silent.nextPendingConnection());
    lab->close(); // as the window manager's close button does
    QTRY_VERIFY(lab.isNull());
    // The watcher's thread ends its stop after the window is gone: the abort came there, so give
    // it that time inside this test (on the code before, the process ends here).
    QTest::qWait(200);
    QVERIFY(w->isVisible());
}

// The signal tree, the legends and the value axes word the series in the operator's language
// (a link's group by its title), switched live; the series' own names (the files' column names)
// stay in the tooltips, and English shows those names as they are.
void TestMainWindow::plotsSpeakTheOperatorsLanguage()
{
    m_station->telemetry()->declare(QStringLiteral("raven/surge_m"), QStringLiteral("m"));
    auto w = makeWindow(nullptr, QSize(1280, 720));
    QVERIFY(w);
    auto *tree = w->findChild<QTreeWidget *>(QStringLiteral("signalTree"));
    QVERIFY(tree);
    auto row = [tree](const QString &name) -> QTreeWidgetItem * {
        for (QTreeWidgetItemIterator it(tree); *it; ++it)
            if ((*it)->data(0, Qt::UserRole + 1).toString() == name)
                return *it;
        return nullptr;
    };
    QTRY_VERIFY(row(QStringLiteral("raven/surge_m")));
    auto *plot = w->findChild<hil::PlotsPanel *>()->findChild<QCustomPlot *>();
    QVERIFY(plot);
    // The first plot shows position/n, e, d: the legend names the axis, the value axis the group.
    auto legendAndAxis = [plot] {
        QStringList shown;
        for (int i = 0; i < 3; ++i)
            shown << plot->graph(i)->name();
        shown << plot->graph(0)->valueAxis()->label();
        return shown.join(QLatin1Char('|'));
    };
    QTRY_VERIFY(plot->graphCount() >= 3);
    QCOMPARE(row(QStringLiteral("velocity"))->text(0), QStringLiteral("velocity"));
    QCOMPARE(row(QStringLiteral("raven"))->text(0), QStringLiteral("Motion platform"));
    QVERIFY2(legendAndAxis().startsWith(QStringLiteral("n (m)|e (m)|d (m)|position (m)")),
             qPrintable(legendAndAxis()));

    hil::installTranslations(*qApp, QStringLiteral("de"));
    QTRY_COMPARE(row(QStringLiteral("velocity"))->text(0), QStringLiteral("Geschwindigkeit"));
    QCOMPARE(row(QStringLiteral("velocity/n"))->text(0), QStringLiteral("N"));
    QCOMPARE(row(QStringLiteral("velocity/n"))->toolTip(0), QStringLiteral("velocity/n [m/s]"));
    QCOMPARE(row(QStringLiteral("raven"))->text(0), QStringLiteral("Bewegungsplattform"));
    QCOMPARE(row(QStringLiteral("raven/surge_m"))->text(0), QStringLiteral("Längs"));
    QTRY_VERIFY2(legendAndAxis().startsWith(QStringLiteral("N (m)|O (m)|U (m)|Position (m)")),
                 qPrintable(legendAndAxis()));

    hil::installTranslations(*qApp, QStringLiteral("zh_CN"));
    QTRY_COMPARE(row(QStringLiteral("velocity"))->text(0), QStringLiteral("速度"));
    QTRY_VERIFY2(legendAndAxis().endsWith(QStringLiteral("位置 (m)")), qPrintable(legendAndAxis()));
    hil::installTranslations(*qApp, QStringLiteral("en"));
    QTRY_COMPARE(row(QStringLiteral("velocity"))->text(0), QStringLiteral("velocity"));
}

// The language chosen at start-up sets how the window writes numbers ("0,30" in German); a
// switch at run time changes the words only (Qt's default locale is not changed under running
// threads), and files keep the C locale whatever the default.
void TestMainWindow::numbersFollowTheLanguageChosenAtStart()
{
    const QLocale before;
    QCOMPARE(hil::installTranslations(*qApp, QStringLiteral("de"), true).left(2),
             QStringLiteral("de"));
    QCOMPARE(QLocale().toString(0.3, 'f', 2), QStringLiteral("0,30"));
    hil::installTranslations(*qApp, QStringLiteral("zh_CN")); // a switch at run time
    QCOMPARE(QLocale().toString(0.3, 'f', 2), QStringLiteral("0,30"));
    QCOMPARE(QLocale::c().toString(0.3, 'f', 2), QStringLiteral("0.30"));
    hil::installTranslations(*qApp, QStringLiteral("en"));
    QLocale::setDefault(before);
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
