// Rider safety in the real window (offscreen, real widgets, real sockets on 127.0.0.1): the
// platform stand-in is switched on and the motion link connected from the Links panel at
// runtime (the case where STOP used to do nothing), put in CUEING from the Motion panel, then
//  (a) the toolbar STOP is clicked, (b) Esc is pressed with About open, (c) Esc with a file
//  dialog open, (d) the STOP button of an open confirmation dialog is clicked, and after
//  Disconnect → Connect the STOP still works. Each time the stand-in must reach LEVEL BRAKE.
// Disconnect of the moving platform is an exit for the rider: the cues ramp to neutral and the
// platform parks in LEVEL BRAKE before the link closes, without the GUI thread waiting; a STOP
// clicked while that ramp runs still reaches the link (events.log has it).
// Exits: window close and Ctrl+Q (after confirming in the real question box) park the platform:
// cues ramp to neutral (no step larger than the ramp allows), LEVEL BRAKE, an events.log line,
// and only then the window closes.
// A test "simulator" feeds the motion link banked frames (roll angle 30°) at 100 Hz, so the cues
// are far from neutral when STOP or exit comes.
// The axis check: a stand-in reading the words in Iris's C# sample order (roll before heave) is
// flagged on the heave test cue ("moved roll") in the dialog, the Motion panel says why the seat
// stays still, and the banked turn's cues stay neutral; frame 5 chosen for this unchecked
// platform is warned about. Axis check results go to an INI file of the test's folder
// (HIL_AXIS_CHECK_STORE), never to the user's settings.
#include "core/post.h"
#include "model/clock.h"
#include "model/pilot.h"
#include "model/rotation.h"
#include "raven/ravencodec.h"
#include "raven/ravenemulator.h"
#include "raven/ravenlink.h"
#include "station/station.h"
#include "testpaths.h"
#include "ui/mainwindow.h"
#include "ui/panels/axischeckdialog.h"
#include "ui/panels/motionpanel.h"
#include "ui/stopguard.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QRegularExpression>
#include <QSaveFile>
#include <QScreen>
#include <QSettings>
#include <QTemporaryDir>
#include <QThread>
#include <QToolButton>
#include <QtTest>
#include <cmath>
#include <memory>
#include <thread>

using namespace hil;

class TestSafetyGui : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void stopClickedAfterRuntimeConnect();
    void escapeWithAboutOpen();
    void escapeWithFileDialogOpen();
    void stopButtonOnConfirmationDialog();
    void stopAreaInDialog_data();
    void stopAreaInDialog();
    void stopAfterDisconnectConnect();
    void stopWhileDisconnectRamps();
    void windowCloseParks();
    void ctrlQParksAfterConfirming();
    void oldConventionSettingsResetOnce();
    void axisCheckFlipsInvertOnBackwardsAxis();
    void axisCheckFlagsAnotherReadingAndHolds();
    void frame5WarnedForUncheckedPlatform();
    void slowedSimulationShownRedAndCuesHeld();
    void pilotStopWithWindowFrozen();
    void enablingButtonGatesTheCues();
    void promptsQuoteTheProcedure();

private:
    RavenEmulator *emu() const
    {
        return qobject_cast<RavenEmulator *>(m_station->worker("emulator.raven"));
    }
    void startPlatformFromLinksPanel();
    void toCueing();
    void clickConnect();
    bool waitMode(int mode, int timeoutMs = 8000);
    /// Schedules `what` to run once a modal dialog is open (polling), then returns.
    void whenModal(std::function<void(QWidget *)> what);
    QByteArray eventsLog() const;
    /// Sends the pilot's controls to the motion link from a thread of its own, as the input
    /// link does: straight into the link's thread, never through this (the main) one.
    void pilotFromAnotherThread(const PilotControls &controls);
    void checkRampedExit(std::int64_t sinceNs);
    /// Clicks the Motion panel's "Axis check…"; the open dialog (its confirmation answered yes).
    AxisCheckDialog *openAxisCheck();

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Station> m_station;
    std::unique_ptr<MainWindow> m_window;
    QTimer m_feeder;
    std::uint32_t m_seq = 0;
    QElapsedTimer m_physicsClock;
    double m_physicsS = 100.0, m_lastWallS = 0.0;
    double m_physicsSpeed = 1.0; ///< physics seconds per wall second of the test's simulator
    bool m_forcedClose = false;
    bool m_level = false; ///< the simulated aircraft at rest instead of turning
};

void TestSafetyGui::init()
{
    m_level = false; // a test that failed while levelled must not level the next one
    m_physicsSpeed = 1.0;
    m_dir = std::make_unique<QTemporaryDir>();
    qputenv("HIL_AXIS_CHECK_STORE", m_dir->filePath(QStringLiteral("axischeck.ini")).toLocal8Bit());
    StationOptions o; // nothing on the command line: the platform comes from the Links panel
    o.logDir = m_dir->filePath(QStringLiteral("session"));
    m_station = std::make_unique<Station>(o);
    QVERIFY(m_station->start(nullptr));
    m_window = std::make_unique<MainWindow>(m_station.get(), nullptr);
    m_window->setClosesLinks(true); // as the program's window: closing it closes the links
    m_window->resize(1600, 1000);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->dock(QStringLiteral("motionPanel"))->raise();
    m_window->dock(QStringLiteral("linksPanel"))->raise();
    // The test's simulator: a level coordinated right turn, 30° bank, into the link running now.
    m_feeder.setInterval(10);
    connect(&m_feeder, &QTimer::timeout, this, [this] {
        auto *link = m_station ? qobject_cast<RavenLink *>(m_station->motionLink()) : nullptr;
        if (!link)
            return;
        SimFrame f;
        f.sequence = ++m_seq;
        // Physics in real time (times m_physicsSpeed), as a simulator keeping up: a timer held up
        // by a busy machine must not look like a slowed simulation to the loop guard.
        if (!m_physicsClock.isValid())
            m_physicsClock.start();
        const double wallS = double(m_physicsClock.nsecsElapsed()) * 1e-9;
        m_physicsS += (wallS - m_lastWallS) * m_physicsSpeed;
        m_lastWallS = wallS;
        f.physicsTimeS = m_physicsS;
        const double phi = m_level ? 0.0 : degToRad(30.0);
        f.vehicle.state.pose.orientation = fromEuler({phi, 0.0, 0.0});
        f.vehicle.acceleration = {0.0, kGravityMps2 * std::tan(phi), 0.0};
        hil::postTo(link, [link, f] { link->onSimFrame(f); });
    });
    m_feeder.start();
    startPlatformFromLinksPanel();
    toCueing();
}

void TestSafetyGui::cleanup()
{
    m_feeder.stop();
    m_feeder.disconnect();
    m_window.reset();
    if (m_station)
        m_station->stop();
    m_station.reset();
    m_dir.reset();
    qunsetenv("HIL_AXIS_CHECK_STORE");
}

bool TestSafetyGui::waitMode(int mode, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        if (emu() && emu()->mode() == mode)
            return true;
        QTest::qWait(10);
    }
    return false;
}

void TestSafetyGui::clickConnect()
{
    auto *connectButton = m_window->findChild<QAbstractButton *>(QStringLiteral("ravenConnect"));
    QVERIFY(connectButton && connectButton->isEnabled());
    QTest::mouseClick(connectButton, Qt::LeftButton);
}

void TestSafetyGui::startPlatformFromLinksPanel()
{
    QVERIFY(!m_station->motionLink());
    auto *emulator = m_window->findChild<QCheckBox *>(QStringLiteral("ravenEmulator"));
    QVERIFY(emulator);
    QTest::mouseClick(emulator, Qt::LeftButton, {}, QPoint(6, emulator->height() / 2));
    QTRY_VERIFY_WITH_TIMEOUT(emu() != nullptr, 5000);
    clickConnect();
    QTRY_VERIFY_WITH_TIMEOUT(m_station->motionLink() != nullptr, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(m_station->platformMode(), int(raven::ModeOff), 5000);
}

void TestSafetyGui::toCueing()
{
    auto *motion = qobject_cast<MotionPanel *>(m_window->panel(QStringLiteral("motionPanel")));
    QVERIFY(motion);
    motion->setConfirmHook([] { return true; }); // the operator confirms the CUEING question
    auto *cueing = m_window->findChild<QPushButton *>(QStringLiteral("modeCueingButton"));
    QVERIFY(cueing);
    QTRY_VERIFY_WITH_TIMEOUT(cueing->isEnabled() && cueing->isVisible(), 5000);
    QTest::mouseClick(cueing, Qt::LeftButton);
    QVERIFY(waitMode(raven::ModeCueing));
    QTRY_COMPARE_WITH_TIMEOUT(m_station->platformMode(), int(raven::ModeCueing), 5000);
    // The full cue, as an operator raises it from the first ride's master gain: the ramp checks
    // need a large roll angle to tell a ramp from a step.
    auto *master = m_window->findChild<QDoubleSpinBox *>(QStringLiteral("masterGainSpin"));
    auto *apply = m_window->findChild<QPushButton *>(QStringLiteral("applyCueingButton"));
    QVERIFY(master && apply);
    master->setValue(1.0);
    QTest::mouseClick(apply, Qt::LeftButton);
    // Cues are flowing and far from neutral (roll angle 30°).
    QTRY_VERIFY_WITH_TIMEOUT(
        !emu()->cueHistory().empty() && emu()->cueHistory().back().words[6] > 20000, 8000);
}

void TestSafetyGui::whenModal(std::function<void(QWidget *)> what)
{
    auto *poll = new QTimer(this);
    poll->setInterval(20);
    connect(poll, &QTimer::timeout, this, [this, poll, what] {
        QWidget *modal = QApplication::activeModalWidget();
        if (!modal || !modal->isVisible())
            return;
        poll->stop();
        poll->deleteLater();
        what(modal);
        // Never hang the suite on a dialog the test failed to close: close it after 5 s and
        // say so (the caller then fails on m_forcedClose).
        QPointer<QWidget> guard(modal);
        QTimer::singleShot(5000, modal, [this, guard] {
            if (guard && guard->isVisible()) {
                m_forcedClose = true;
                guard->close();
            }
        });
    });
    poll->start();
}

QByteArray TestSafetyGui::eventsLog() const
{
    QFile f(m_station->sessionFolder() + QStringLiteral("/events.log"));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

AxisCheckDialog *TestSafetyGui::openAxisCheck()
{
    auto *open = m_window->findChild<QPushButton *>(QStringLiteral("axisCheckButton"));
    if (!open)
        return nullptr;
    if (!QTest::qWaitFor([open] { return open->isEnabled() && open->isVisible(); }, 5000))
        return nullptr;
    QTest::mouseClick(open, Qt::LeftButton);
    auto *dialog = m_window->findChild<AxisCheckDialog *>(QStringLiteral("axisCheckDialog"));
    if (!dialog || !dialog->isVisible())
        return nullptr;
    dialog->setConfirmHook([] { return true; });
    return dialog;
}

void TestSafetyGui::stopClickedAfterRuntimeConnect()
{
    auto *button = m_window->findChild<QToolButton *>(QStringLiteral("stopButton"));
    QVERIFY(button);
    QTest::mouseClick(button, Qt::LeftButton);
    QVERIFY(waitMode(raven::ModeLevelBrake));
    QTRY_VERIFY(m_station->motionLink()->counters().value("stopped").toBool());
}

void TestSafetyGui::escapeWithAboutOpen()
{
    // The stand-in falls silent first: the platform still shows CUEING after the STOP, as a
    // real one does until its next status word, so only the latch can tell a second Esc apart.
    emu()->setSilent(true);
    bool sawDialog = false;
    whenModal([&sawDialog](QWidget *modal) {
        sawDialog = qobject_cast<QMessageBox *>(modal) != nullptr;
        QWidget *target = modal->focusWidget() ? modal->focusWidget() : modal; // inside the dialog
        QTest::keyClick(target, Qt::Key_Escape); // STOP, and the dialog still closes
    });
    auto *about = m_window->findChild<QAction *>(QStringLiteral("aboutAction"));
    QVERIFY(about);
    about->trigger(); // runs the real About box until Esc closes it
    QVERIFY(sawDialog);
    QVERIFY(!m_forcedClose); // Esc closed it
    QVERIFY(!QApplication::activeModalWidget());
    auto *guard = m_window->findChild<StopGuard *>();
    QCOMPARE(guard->escapeStops(), 1);

    // STOP latched, the platform not yet showing LEVEL BRAKE: Esc in a dialog now only closes
    // it, as docs/window.md says (no second STOP in events.log).
    QTRY_VERIFY(m_station->motionStatus() && m_station->motionStatus()->stopLatched);
    QCOMPARE(m_station->platformMode(), int(raven::ModeCueing));
    whenModal([](QWidget *modal) {
        QTest::keyClick(modal->focusWidget() ? modal->focusWidget() : modal, Qt::Key_Escape);
    });
    about->trigger();
    QVERIFY(!m_forcedClose);
    QVERIFY(!QApplication::activeModalWidget());
    QCOMPARE(guard->escapeStops(), 1);
    emu()->setSilent(false);
    QVERIFY(waitMode(raven::ModeLevelBrake));
}

void TestSafetyGui::escapeWithFileDialogOpen()
{
    bool qtDialog = false;
    whenModal([&qtDialog](QWidget *modal) {
        qtDialog = qobject_cast<QFileDialog *>(modal) != nullptr; // Qt's own, not a native one
        QWidget *target = modal->focusWidget() ? modal->focusWidget() : modal; // inside the dialog
        QTest::keyClick(target, Qt::Key_Escape);
    });
    // The same static call the panels' export/open buttons make.
    const QString chosen = QFileDialog::getSaveFileName(
        m_window.get(), QStringLiteral("Export PNG"), m_dir->path(), QStringLiteral("PNG (*.png)"));
    QVERIFY(chosen.isEmpty()); // Esc cancelled it
    QVERIFY(!m_forcedClose);
    QVERIFY(qtDialog);
    QVERIFY(waitMode(raven::ModeLevelBrake));
}

void TestSafetyGui::stopButtonOnConfirmationDialog()
{
    bool clicked = false;
    whenModal([&clicked](QWidget *modal) {
        auto *box = qobject_cast<QMessageBox *>(modal);
        QVERIFY(box);
        // The main toolbar is blocked by the modal box; the box's own STOP area is not.
        QAbstractButton *stop = nullptr;
        QTRY_VERIFY((stop = modal->findChild<QAbstractButton *>(
                         QStringLiteral("dialogStopButton"))) != nullptr);
        QVERIFY(stop->isVisible());
        QTest::mouseClick(stop, Qt::LeftButton); // STOP, and the question closes as No
        clicked = true;
    });
    m_window->close(); // CUEING: asks first (the real question box)
    QVERIFY(clicked);
    QVERIFY(!m_forcedClose);
    QVERIFY(!QApplication::activeModalWidget());
    QVERIFY(m_window->isVisible()); // the STOP was no answer: the window stays open
    QVERIFY(waitMode(raven::ModeLevelBrake));
}

// Every kind of dialog gets its STOP area inside it, above its contents: visible, on the screen,
// over none of the dialog's own controls or text (a maximised dialog included), and its button
// reaches LEVEL BRAKE. A dialog opened from a dialog: only the front one shows a STOP. With
// HIL_STOP_WINDOW_FILE set (installer/windows/realwindow.sh, Wine's virtual desktop), the test
// writes both geometries there and waits for the click to come through the X server instead.
void TestSafetyGui::stopAreaInDialog_data()
{
    QTest::addColumn<QString>("kind");
    QTest::newRow("about") << QStringLiteral("about");
    QTest::newRow("file") << QStringLiteral("file");
    QTest::newRow("confirmation") << QStringLiteral("confirmation");
    QTest::newRow("exit") << QStringLiteral("exit"); // quitting in CUEING asks first
    QTest::newRow("maximised") << QStringLiteral("maximised");
    QTest::newRow("nested") << QStringLiteral("nested"); // a question over a file dialog
}

namespace {
/// The dialog's own visible widgets (not the STOP area's) that overlap `area` (dialog pixels).
QStringList coveredBy(QDialog *dialog, QWidget *area)
{
    QStringList covered;
    const QRect stop(area->mapTo(dialog, QPoint(0, 0)), area->size());
    for (QWidget *w : dialog->findChildren<QWidget *>()) {
        if (w == area || area->isAncestorOf(w) || !w->isVisible() || w->isWindow() ||
            w->size().isEmpty())
            continue;
        if (QRect(w->mapTo(dialog, QPoint(0, 0)), w->size()).intersects(stop))
            covered << QStringLiteral("%1 (%2)").arg(w->objectName(), w->metaObject()->className());
    }
    return covered;
}
} // namespace

void TestSafetyGui::stopAreaInDialog()
{
    QFETCH(QString, kind);
    const QString outside = qEnvironmentVariable("HIL_STOP_WINDOW_FILE");
    bool checked = false;
    whenModal([&](QWidget *modal) {
        auto *dialog = qobject_cast<QDialog *>(modal);
        QVERIFY(dialog);
        QPointer<QDialog> behind;
        if (kind == QLatin1String("nested")) { // the file dialog is in front: ask over it
            behind = dialog;
            auto *question = new QMessageBox(QMessageBox::Question, QStringLiteral("Overwrite"),
                                             QStringLiteral("Replace the file?"),
                                             QMessageBox::Yes | QMessageBox::Cancel, dialog);
            question->setAttribute(Qt::WA_DeleteOnClose);
            question->open();
            QTRY_VERIFY(QApplication::activeModalWidget() == question);
            dialog = question;
        }
        QWidget *area = nullptr;
        QTRY_VERIFY((area = StopGuard::stopWindow(dialog)) && area->isVisible());
        if (kind == QLatin1String("maximised"))
            QTRY_VERIFY(dialog->width() >= dialog->screen()->availableGeometry().width() - 20);
        QTest::qWait(50);           // any later Move/Resize of the dialog has been handled
        QVERIFY(!area->isWindow()); // inside the dialog, moving with it
        const QStringList covered = coveredBy(dialog, area);
        QVERIFY2(covered.isEmpty(), qPrintable(covered.join(QStringLiteral(", "))));
        QCOMPARE(area->width(), dialog->width());
        if (behind) { // the dialog behind shows no STOP of its own now
            QWidget *back = StopGuard::stopWindow(behind);
            QVERIFY(back);
            QVERIFY(!back->findChild<QAbstractButton *>(QStringLiteral("dialogStopButton"))
                         ->isVisible());
        }
        auto *button = area->findChild<QAbstractButton *>(QStringLiteral("dialogStopButton"));
        QVERIFY(button && button->isVisible());
        // The nested question deletes itself on close: watched through a guard from here on.
        const QPointer<QDialog> guarded(dialog);
        const bool isQuestion = qobject_cast<QMessageBox *>(dialog) != nullptr;
        QVERIFY(dialog->grab().save(hil::testpaths::binaryDir() +
                                    QStringLiteral("/stop-area-%1.png").arg(kind)));
        const QRect frame = dialog->frameGeometry();
        if (outside.isEmpty()) {
            QTest::mouseClick(button, Qt::LeftButton);
        } else {
            // For the screenshot check: where the program says the button and the dialog are.
            const QRect b(button->mapToGlobal(QPoint(0, 0)), button->size());
            QSaveFile f(outside);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QStringLiteral("button %1 %2 %3 %4\ndialog %5 %6 %7 %8\n")
                        .arg(b.x())
                        .arg(b.y())
                        .arg(b.width())
                        .arg(b.height())
                        .arg(frame.x())
                        .arg(frame.y())
                        .arg(frame.width())
                        .arg(frame.height())
                        .toLatin1());
            QVERIFY(f.commit());
        }
        QVERIFY(waitMode(raven::ModeLevelBrake, outside.isEmpty() ? 8000 : 30000));
        QCOMPARE(m_window->findChild<StopGuard *>()->escapeStops(), 0); // the click, not Esc
        checked = true;
        if (isQuestion) { // a question: closed by the STOP, as Cancel
            QTRY_VERIFY(!guarded || !guarded->isVisible());
        } else {
            dialog->reject();
        }
        if (behind) {
            QTRY_VERIFY(StopGuard::stopWindow(behind)
                            ->findChild<QAbstractButton *>(QStringLiteral("dialogStopButton"))
                            ->isVisible()); // in front again: its STOP is back
            behind->reject();
        }
    });
    if (kind == QLatin1String("about")) {
        m_window->findChild<QAction *>(QStringLiteral("aboutAction"))->trigger();
    } else if (kind == QLatin1String("file") || kind == QLatin1String("nested")) {
        QFileDialog::getOpenFileName(m_window.get(), QStringLiteral("Open"), m_dir->path());
    } else if (kind == QLatin1String("maximised")) {
        QFileDialog dialog(m_window.get(), QStringLiteral("Open"), m_dir->path());
        dialog.setWindowState(Qt::WindowMaximized);
        dialog.exec();
    } else if (kind == QLatin1String("confirmation")) {
        const auto answer =
            QMessageBox::question(m_window.get(), QStringLiteral("Replay"),
                                  QStringLiteral("Replace the running session?"),
                                  QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
        QCOMPARE(answer, QMessageBox::No); // STOP is never a Yes
    } else {
        m_window->close(); // the exit question (CUEING)
        QVERIFY(m_window->isVisible());
    }
    QVERIFY(checked);
    QVERIFY(!m_forcedClose);
}

void TestSafetyGui::stopAfterDisconnectConnect()
{
    const std::int64_t since = [this] {
        const auto h = emu()->cueHistory();
        return h.empty() ? 0 : h.back().ns;
    }();
    clickConnect(); // Disconnect: parks first (ramp, LEVEL BRAKE), then closes
    QVERIFY(m_station->motionLink() == nullptr); // at once: panels drop it
    QCOMPARE(m_station->linkState(QStringLiteral("raven")),
             std::optional<LinkState>(LinkState::Stopping));
    QTRY_COMPARE_WITH_TIMEOUT(m_station->linkState(QStringLiteral("raven")),
                              std::optional<LinkState>(), 8000);
    QCOMPARE(emu()->mode(), int(raven::ModeLevelBrake));
    // Ramped, not a step: every cue after the click within the ramp's allowance.
    const auto history = emu()->cueHistory();
    int maxStep = 0;
    for (std::size_t i = 1; i < history.size(); ++i)
        if (history[i - 1].ns >= since)
            maxStep = std::max(maxStep, std::abs(history[i].words[6] - history[i - 1].words[6]));
    QVERIFY2(maxStep <= 9000, qPrintable(QStringLiteral("step %1 mdeg").arg(maxStep)));
    QCOMPARE(history.back().words[6], 0);
    clickConnect(); // Connect again: a new link object
    QTRY_VERIFY_WITH_TIMEOUT(m_station->motionLink() != nullptr, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(m_station->platformMode() >= 0, 5000);
    toCueing();
    QTest::mouseClick(m_window->findChild<QToolButton *>(QStringLiteral("stopButton")),
                      Qt::LeftButton);
    QVERIFY(waitMode(raven::ModeLevelBrake));
}

void TestSafetyGui::stopWhileDisconnectRamps()
{
    const int cueBefore = emu()->cueHistory().back().words[6];
    QVERIFY(cueBefore > 20000);
    clickConnect(); // Disconnect: the cues start ramping to neutral in the link's thread
    QCOMPARE(m_station->linkState(QStringLiteral("raven")),
             std::optional<LinkState>(LinkState::Stopping));
    // The ramp is under way (a cue between full and neutral reached the platform) ...
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            const int roll = emu()->cueHistory().back().words[6];
            return roll > 0 && roll < cueBefore;
        }(),
        5000);
    QCOMPARE(emu()->mode(), int(raven::ModeCueing));
    // ... when the operator presses STOP in the toolbar.
    auto *stop = m_window->findChild<QToolButton *>(QStringLiteral("stopButton"));
    QVERIFY(stop);
    QTest::mouseClick(stop, Qt::LeftButton);
    QVERIFY(waitMode(raven::ModeLevelBrake));
    QTRY_COMPARE_WITH_TIMEOUT(m_station->linkState(QStringLiteral("raven")),
                              std::optional<LinkState>(), 8000);
    QCOMPARE(emu()->mode(), int(raven::ModeLevelBrake));
    QCOMPARE(emu()->cueHistory().back().words[6], 0);
    // The link itself took the STOP (its own event, not the station's "no motion link").
    QTRY_VERIFY_WITH_TIMEOUT(eventsLog().contains("STOP: cues zeroed"), 5000);
    QVERIFY(!eventsLog().contains("no motion link is running"));
}

void TestSafetyGui::checkRampedExit(std::int64_t sinceNs)
{
    QVERIFY(waitMode(raven::ModeLevelBrake));
    const auto history = emu()->cueHistory();
    // From the last cue before the exit to the end: the roll angle cue (30° = 30000 mdeg) goes to
    // 0 over ≤ 1 s. The ramp allows 30000 mdeg × Δt / 1 s per frame; frames come every ~10 ms,
    // so any step above 30 % of the cue (~300 ms of ramp at once) is a step, not a ramp.
    std::size_t first = 0;
    for (std::size_t i = 0; i < history.size(); ++i)
        if (history[i].ns < sinceNs)
            first = i;
    QVERIFY(history.size() > first + 5);
    QVERIFY2(history[first].words[6] > 20000, qPrintable(QString::number(history[first].words[6])));
    int maxStep = 0;
    std::int64_t reachedZeroNs = -1;
    for (std::size_t i = first + 1; i < history.size(); ++i) {
        maxStep = std::max(maxStep, std::abs(history[i].words[6] - history[i - 1].words[6]));
        if (reachedZeroNs < 0 && history[i].words[6] == 0)
            reachedZeroNs = history[i].ns;
    }
    QVERIFY2(maxStep <= 9000, qPrintable(QStringLiteral("step %1 mdeg").arg(maxStep)));
    QCOMPARE(history.back().words[6], 0);
    QVERIFY(reachedZeroNs > 0);
    // ≤ 1 s of ramp, with slack for a loaded 2-core machine (the stand-in's clock, not a timer).
    QVERIFY2(reachedZeroNs - sinceNs < 1'500'000'000LL,
             qPrintable(QString::number((reachedZeroNs - sinceNs) / 1e6)));
    QTRY_VERIFY_WITH_TIMEOUT(eventsLog().contains("parked in LEVEL BRAKE"), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(eventsLog().contains("closing the links"), 5000);
}

void TestSafetyGui::windowCloseParks()
{
    whenModal([](QWidget *modal) {
        auto *box = qobject_cast<QMessageBox *>(modal);
        QVERIFY(box);
        QTest::mouseClick(box->button(QMessageBox::Yes), Qt::LeftButton);
    });
    const std::int64_t since = [this] {
        const auto h = emu()->cueHistory();
        return h.empty() ? 0 : h.back().ns;
    }();
    m_window->close();
    QVERIFY(m_window->isVisible()); // not yet: parking first, the GUI thread keeps running
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->isVisible(), 8000);
    // It closed after its links had: the platform's link is no longer running or stopping.
    QCOMPARE(m_station->linkState(QStringLiteral("raven")), std::optional<LinkState>());
    checkRampedExit(since + 1);
}

void TestSafetyGui::ctrlQParksAfterConfirming()
{
    whenModal([](QWidget *modal) {
        auto *box = qobject_cast<QMessageBox *>(modal);
        QVERIFY(box);
        QTest::mouseClick(box->button(QMessageBox::Yes), Qt::LeftButton);
    });
    const std::int64_t since = [this] {
        const auto h = emu()->cueHistory();
        return h.empty() ? 0 : h.back().ns;
    }();
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    QTest::keyClick(m_window.get(), Qt::Key_Q, Qt::ControlModifier);
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->isVisible(), 8000);
    checkRampedExit(since + 1);
}

void TestSafetyGui::oldConventionSettingsResetOnce()
{
    const QString file = m_dir->filePath(QStringLiteral("old.ini"));
    {
        QSettings old(file, QSettings::IniFormat); // as the old README advised: invert on sway
        old.setValue(QStringLiteral("panels/motionPanel/cueing/frame"), 21);
        old.setValue(QStringLiteral("panels/motionPanel/cueing/sway/invert"), true);
        old.setValue(QStringLiteral("panels/motionPanel/cueing/sway/gain"), 0.8);
    }
    QSettings settings(file, QSettings::IniFormat);
    {
        MainWindow w(m_station.get(), &settings);
        // Read the error bar before events from the running platform can replace its text.
        QVERIFY(w.findChild<QLabel *>(QStringLiteral("errorLabel"))
                    ->text()
                    .contains(QStringLiteral("old sign convention")));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *invert = w.findChild<QCheckBox *>(QStringLiteral("swayInvert"));
        QVERIFY(invert);
        QVERIFY(!invert->isChecked()); // reset, said in the window ...
        QTRY_VERIFY_WITH_TIMEOUT(eventsLog().contains("inverts reset"),
                                 5000); // ... and in events.log
        auto *motion = qobject_cast<MotionPanel *>(w.panel(QStringLiteral("motionPanel")));
        QCOMPARE(motion->cueingSettings().axes[raven::AxSway].gain, 0.8); // the rest is kept
        invert->setChecked(true); // the operator's new choice, in the new convention
        w.saveSettings(settings);
    }
    MainWindow again(m_station.get(), &settings);
    QVERIFY(!again.findChild<QLabel *>(QStringLiteral("errorLabel"))
                 ->text()
                 .contains(QStringLiteral("old sign convention")));
    QVERIFY(again.findChild<QCheckBox *>(QStringLiteral("swayInvert"))->isChecked()); // only once
}

void TestSafetyGui::axisCheckFlipsInvertOnBackwardsAxis()
{
    // Commissioning happens at rest: level the simulated aircraft and let the seat wash out.
    m_level = true;
    QTRY_VERIFY_WITH_TIMEOUT(std::abs(emu()->pose()[1]) < 0.005, 30000);
    emu()->setAxisReversed(raven::AxSway, true); // an installation wired backwards on sway
    AxisCheckDialog *dialog = openAxisCheck();
    QVERIFY(dialog);
    auto *combo = dialog->findChild<QComboBox *>(QStringLiteral("axisCombo"));
    combo->setCurrentIndex(raven::AxSway);
    auto *run = dialog->findChild<QPushButton *>(QStringLiteral("runAxisTestButton"));
    auto *opposite = dialog->findChild<QPushButton *>(QStringLiteral("answerOppositeButton"));
    auto *expected = dialog->findChild<QPushButton *>(QStringLiteral("answerExpectedButton"));
    QTest::mouseClick(run, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(opposite->isEnabled(), 8000);
    // The operator saw the seat go right (the stand-in's reported pose agrees: sway < 0) where
    // a positive sway cue means left: "the other way".
    // Beyond the axis rule's 2 mm floor (the stand-in's stiff seat moves ~5 mm for this cue).
    QVERIFY2(dialog->lastPoseChange() < -0.002,
             qPrintable(QString::number(dialog->lastPoseChange())));
    QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("poseChangeLabel"))
                ->text()
                .contains(QStringLiteral("mm")));
    QTest::mouseClick(opposite, Qt::LeftButton);
    auto *invert = m_window->findChild<QCheckBox *>(QStringLiteral("swayInvert"));
    QVERIFY(invert->isChecked());
    QVERIFY(!m_window->findChild<QCheckBox *>(QStringLiteral("surgeInvert"))->isChecked());
    // Again: with invert on, the backwards installation now moves the expected way.
    QTRY_VERIFY_WITH_TIMEOUT(std::abs(emu()->pose()[1]) < 0.005, 30000); // (its own wash-out first)
    QTest::mouseClick(run, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(expected->isEnabled(), 8000);
    QVERIFY2(dialog->lastPoseChange() > 0.002,
             qPrintable(QString::number(dialog->lastPoseChange())));
    QTest::mouseClick(expected, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(eventsLog().contains("axis check sway: the other way (invert on)"),
                             5000);
}

void TestSafetyGui::axisCheckFlagsAnotherReadingAndHolds()
{
    m_level = true; // commissioning at rest
    QTRY_VERIFY_WITH_TIMEOUT(std::abs(emu()->pose()[raven::AxRoll]) < 0.005, 30000);
    // A platform configured like Iris's C# sample: the third word is roll, the fourth heave.
    QVERIFY(emu()->setAxisOrderForTest(RavenEmulator::kCSharpSampleOrder));
    AxisCheckDialog *dialog = openAxisCheck();
    QVERIFY(dialog);
    auto *combo = dialog->findChild<QComboBox *>(QStringLiteral("axisCombo"));
    QCOMPARE(combo->currentIndex(), int(raven::AxSurge));
    QTest::keyClick(combo, Qt::Key_Down);
    QTest::keyClick(combo, Qt::Key_Down);
    QCOMPARE(combo->currentIndex(), int(raven::AxHeave));
    auto *hold = m_window->findChild<QLabel *>(QStringLiteral("axisHoldLabel"));
    QVERIFY(hold);
    QVERIFY(!hold->isVisible());
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("runAxisTestButton")),
                      Qt::LeftButton);
    auto *result = dialog->findChild<QLabel *>(QStringLiteral("poseChangeLabel"));
    QTRY_VERIFY_WITH_TIMEOUT(result->text().contains(QStringLiteral("moved roll")), 10000);
    QVERIFY(result->text().contains(QStringLiteral("A heave test cue moved roll")));
    // No "which way did the seat move?" about the wrong axis.
    for (const char *name : {"answerExpectedButton", "answerOppositeButton", "answerNoneButton"})
        QVERIFY(!dialog->findChild<QPushButton *>(QLatin1String(name))->isEnabled());
    // The Motion panel says why the seat stays still.
    QTRY_VERIFY_WITH_TIMEOUT(hold->isVisible(), 5000);
    QVERIFY(hold->text().contains(QStringLiteral("held at neutral")));
    QVERIFY(hold->text().contains(QStringLiteral("a heave test cue moved roll")));
    // The simulator flies its banked turn again: the platform, still in CUEING, gets neutral.
    m_level = false;
    const std::size_t mark = emu()->cueHistory().size();
    QTRY_VERIFY_WITH_TIMEOUT(emu()->cueHistory().size() > mark + 150, 10000);
    const auto history = emu()->cueHistory();
    for (std::size_t i = mark; i < history.size(); ++i)
        for (std::size_t w = 0; w < 8; ++w)
            QVERIFY2(
                history[i].words[w] == 0,
                qPrintable(
                    QStringLiteral("cue %1 word %2 = %3").arg(i).arg(w).arg(history[i].words[w])));
    QCOMPARE(emu()->mode(), int(raven::ModeCueing));
    QTRY_VERIFY_WITH_TIMEOUT(eventsLog().contains("a heave test cue moved roll"), 5000);
    QTRY_COMPARE_WITH_TIMEOUT(eventsLog().count("simulator cues held at neutral"), 1, 5000);
}

void TestSafetyGui::frame5WarnedForUncheckedPlatform()
{
    auto *frame = m_window->findChild<QComboBox *>(QStringLiteral("cueFrameCombo"));
    auto *warning = m_window->findChild<QLabel *>(QStringLiteral("frame5WarningLabel"));
    QVERIFY(frame && warning);
    QCOMPARE(frame->currentData().toInt(), 21);
    QVERIFY(!warning->isVisible());
    QTest::keyClick(frame, Qt::Key_Up); // 21 -> 5
    QCOMPARE(frame->currentData().toInt(), 5);
    QTRY_VERIFY_WITH_TIMEOUT(warning->isVisible(), 5000);
    QVERIFY(warning->text().contains(QStringLiteral("+1 g in heave")));
    QVERIFY(warning->text().contains(QStringLiteral("has not passed the axis check")));
    QTest::keyClick(frame, Qt::Key_Down); // back to 21
    QTRY_VERIFY_WITH_TIMEOUT(!warning->isVisible(), 5000);
}

void TestSafetyGui::slowedSimulationShownRedAndCuesHeld()
{
    // The simulation slows to 40 % of real time (a busy PC, a stalled RealFlight): the cues ramp
    // to neutral, the platform stays in CUEING, the Motion panel says why in red.
    auto *label = m_window->findChild<QLabel *>(QStringLiteral("loopGuardLabel"));
    QVERIFY(label);
    QVERIFY(!label->isVisible());
    const int requests = int(m_station->motionLink()->counters().value("mode_requests").toDouble());
    m_physicsSpeed = 0.4;
    QTRY_VERIFY_WITH_TIMEOUT(label->isVisible(), 8000);
    // The figure follows the window: 40 % once the whole second is slow.
    QTRY_VERIFY2_WITH_TIMEOUT(label->text().contains(QStringLiteral(" 40 %")),
                              qPrintable(label->text()), 5000);
    QVERIFY(label->styleSheet().contains(QStringLiteral("#c0392b")));
    QTRY_COMPARE_WITH_TIMEOUT(m_station->motionLink()->counters().value("cue_gain").toDouble(), 0.0,
                              5000);
    QTRY_VERIFY_WITH_TIMEOUT(
        !emu()->cueHistory().empty() && std::abs(emu()->cueHistory().back().words[6]) < 100, 3000);
    QCOMPARE(emu()->mode(), int(raven::ModeCueing)); // never a mode change
    QCOMPARE(int(m_station->motionLink()->counters().value("mode_requests").toDouble()), requests);
    // events.log is written in the recorder's thread: the line comes a moment after the label.
    QTRY_VERIFY_WITH_TIMEOUT(eventsLog().contains("loop degraded"), 5000);
    // Healthy again: the label goes after the stated time and the cues ramp back in.
    m_physicsSpeed = 1.0;
    QTRY_VERIFY_WITH_TIMEOUT(!label->isVisible(), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(emu()->cueHistory().back().words[6] > 20000, 5000);
    QCOMPARE(m_station->motionLink()->counters().value("loop_guard_episodes").toDouble(), 1.0);
}

void TestSafetyGui::pilotFromAnotherThread(const PilotControls &controls)
{
    auto *link = qobject_cast<RavenLink *>(m_station->motionLink());
    QVERIFY(link);
    std::thread input(
        [link, controls] { postTo(link, [link, controls] { link->onPilot(controls); }); });
    input.join();
}

void TestSafetyGui::pilotStopWithWindowFrozen()
{
    // The pilot's STOP button, pressed while the About box is open and the main thread does
    // nothing for 2 s (a frozen window): the platform must still be parked in LEVEL BRAKE.
    PilotControls pad;
    pad.active = true;
    pad.stopMapped = true;
    pad.deviceName = QStringLiteral("test pad");
    pilotFromAnotherThread(pad);
    auto *label = m_window->findChild<QLabel *>(QStringLiteral("pilotStopLabel"));
    QVERIFY(label);
    QTRY_VERIFY_WITH_TIMEOUT(label->isVisible() &&
                                 label->text().contains(QStringLiteral("test pad")),
                             3000); // the Motion panel says a STOP button is mapped
    QCOMPARE(emu()->mode(), int(raven::ModeCueing));
    bool parkedWhileFrozen = false;
    whenModal([&](QWidget *modal) {
        PilotControls press = pad;
        press.pressed = press.held = PilotStop;
        pilotFromAnotherThread(press);
        QElapsedTimer frozen; // no event is processed in this thread from here
        frozen.start();
        while (frozen.elapsed() < 2000) {
            if (emu()->mode() == raven::ModeLevelBrake) {
                parkedWhileFrozen = true;
                break;
            }
            QThread::msleep(10);
        }
        modal->close();
    });
    auto *about = m_window->findChild<QAction *>(QStringLiteral("aboutAction"));
    QVERIFY(about);
    about->trigger();
    QVERIFY(!m_forcedClose);
    QVERIFY(parkedWhileFrozen);
    QTRY_VERIFY(m_station->motionLink()->counters().value("stopped").toBool());
    QTRY_VERIFY_WITH_TIMEOUT(eventsLog().contains("STOP from the pilot's button (test pad)"), 5000);
}

void TestSafetyGui::enablingButtonGatesTheCues()
{
    // An enabling (dead-man) button: released, the cues ramp to neutral and the platform stays
    // in CUEING; held, they ramp back in; released for longer than 2 s, STOP. No mode other than
    // STOP's is ever requested by it.
    const int requests = int(m_station->motionLink()->counters().value("mode_requests").toDouble());
    // The baseline once the recorder's thread has written CUEING's request (init asked for it).
    QTRY_VERIFY_WITH_TIMEOUT(eventsLog().contains("operator requests mode CUEING"), 5000);
    const int operatorRequests = int(eventsLog().count("operator requests mode"));
    PilotControls pad;
    pad.active = true;
    pad.deviceName = QStringLiteral("test pad");
    pad.enablingConfigured = true;
    pad.enablingHeld = true;
    pilotFromAnotherThread(pad);
    QTRY_COMPARE_WITH_TIMEOUT(m_station->motionLink()->counters().value("enabling").toString(),
                              QStringLiteral("held"), 3000);
    QVERIFY(emu()->cueHistory().back().words[6] > 20000);
    pad.enablingHeld = false;
    pilotFromAnotherThread(pad);
    QTRY_VERIFY_WITH_TIMEOUT(std::abs(emu()->cueHistory().back().words[6]) < 100, 1500);
    QCOMPARE(emu()->mode(), int(raven::ModeCueing));
    pad.enablingHeld = true; // held again within 2 s: the cues come back, no STOP
    pilotFromAnotherThread(pad);
    QTRY_VERIFY_WITH_TIMEOUT(emu()->cueHistory().back().words[6] > 20000, 5000);
    QCOMPARE(int(m_station->motionLink()->counters().value("mode_requests").toDouble()), requests);
    pad.enablingHeld = false; // released for good: STOP after 2 s
    pilotFromAnotherThread(pad);
    QVERIFY(waitMode(raven::ModeLevelBrake));
    QTRY_VERIFY(m_station->motionLink()->counters().value("stopped").toBool());
    // One request, LEVEL BRAKE's (repeated on the wire until shown, counted once per request).
    QTRY_VERIFY(int(m_station->motionLink()->counters().value("mode_requests").toDouble()) >
                requests); // the counters' snapshot refreshes at 10 Hz
    QTRY_VERIFY_WITH_TIMEOUT(eventsLog().contains("for more than 2 s: STOP"), 5000);
    QCOMPARE(int(eventsLog().count("operator requests mode")), operatorRequests); // none from it
}

QTEST_MAIN(TestSafetyGui)
// The window's questions are the boarding procedure's (docs/procedure.md), word for word: read
// from the dialogs an operator sees, answered by clicks.
void TestSafetyGui::promptsQuoteTheProcedure()
{
    QFile doc(hil::testpaths::sourceDir() + QStringLiteral("/docs/procedure.md"));
    QVERIFY(doc.open(QIODevice::ReadOnly | QIODevice::Text));
    // Markdown's quote marks, emphasis and line breaks aside.
    const auto plain = [](QString s) {
        s.remove(
            QRegularExpression(QStringLiteral("^\\s*>\\s?"), QRegularExpression::MultilineOption));
        s.remove(QStringLiteral("**"));
        return s.simplified();
    };
    const QString page = plain(QString::fromUtf8(doc.readAll()));
    // The gain as the window shows it (the operator's locale) is the page's 0.30.
    const auto quoted = [&](QString shown) {
        shown.replace(QLocale().toString(0.3, 'f', 2), QStringLiteral("0.30"));
        shown = plain(shown);
        if (!page.contains(shown))
            qWarning("not in docs/procedure.md: %s", qPrintable(shown));
        return page.contains(shown);
    };
    auto *level = m_window->findChild<QPushButton *>(QStringLiteral("modeLevelBrakeButton"));
    auto *cueing = m_window->findChild<QPushButton *>(QStringLiteral("modeCueingButton"));
    auto *motion = qobject_cast<MotionPanel *>(m_window->panel(QStringLiteral("motionPanel")));
    QVERIFY(level && cueing && motion);
    QTest::mouseClick(level, Qt::LeftButton);
    QVERIFY(waitMode(raven::ModeLevelBrake));
    // Put the first ride's gain back (init raised it): the question names the applied gain.
    auto *master = m_window->findChild<QDoubleSpinBox *>(QStringLiteral("masterGainSpin"));
    master->setValue(0.3);
    QTest::mouseClick(m_window->findChild<QPushButton *>(QStringLiteral("applyCueingButton")),
                      Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(
        m_station->motionLink()->counters().value(QStringLiteral("master_gain")).toDouble(), 0.3,
        5000);

    // CUEING: who is on the platform? The seat is empty (step 2).
    motion->setConfirmHook({}); // the real question
    QStringList cueingTexts;
    whenModal([&](QWidget *modal) {
        auto *box = qobject_cast<QMessageBox *>(modal);
        QVERIFY(box);
        auto *empty = box->findChild<QPushButton *>(QStringLiteral("seatEmptyButton"));
        auto *rider = box->findChild<QPushButton *>(QStringLiteral("riderButton"));
        QVERIFY(empty && rider);
        cueingTexts << box->text() << box->informativeText()
                    << QStringLiteral("[%1] [%2]").arg(empty->text(), rider->text());
        QTest::mouseClick(empty, Qt::LeftButton);
    });
    QTest::mouseClick(cueing, Qt::LeftButton);
    QCOMPARE(cueingTexts.size(), 3);
    for (const QString &t : cueingTexts)
        QVERIFY2(quoted(t), qPrintable(t));
    QVERIFY(waitMode(raven::ModeCueing));
    QTRY_VERIFY_WITH_TIMEOUT(eventsLog().contains("CUEING confirmed with the seat empty"), 5000);

    // The axis check's question before a test cue; answered No: nothing moves.
    auto *open = m_window->findChild<QPushButton *>(QStringLiteral("axisCheckButton"));
    QVERIFY(open);
    QTest::mouseClick(open, Qt::LeftButton);
    auto *dialog = m_window->findChild<AxisCheckDialog *>(QStringLiteral("axisCheckDialog"));
    QVERIFY(dialog && dialog->isVisible());
    QString axisText;
    whenModal([&](QWidget *modal) {
        auto *box = qobject_cast<QMessageBox *>(modal);
        QVERIFY(box);
        axisText = box->text();
        QTest::mouseClick(box->button(QMessageBox::No), Qt::LeftButton);
    });
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("runAxisTestButton")),
                      Qt::LeftButton);
    QVERIFY2(quoted(axisText), qPrintable(axisText));
    QVERIFY(dialog->findChild<QPushButton *>(QStringLiteral("runAxisTestButton"))->isEnabled());
    dialog->close();

    // Replay into the platform: its question.
    auto *intoMotion = m_window->findChild<QCheckBox *>(QStringLiteral("replayIntoMotion"));
    QVERIFY(intoMotion);
    QString replayText;
    whenModal([&](QWidget *modal) {
        auto *box = qobject_cast<QMessageBox *>(modal);
        QVERIFY(box);
        replayText = box->text();
        QTest::mouseClick(box->button(QMessageBox::No), Qt::LeftButton);
    });
    m_window->dock(QStringLiteral("replayPanel"))->raise();
    QTRY_VERIFY(intoMotion->isVisible());
    QVERIFY2(intoMotion->isEnabled(), "the replay switch is not enabled without a recording");
    QTest::mouseClick(intoMotion, Qt::LeftButton, {}, QPoint(6, intoMotion->height() / 2));
    QVERIFY2(quoted(replayText), qPrintable(replayText));
    QVERIFY(!intoMotion->isChecked());
    QVERIFY(!m_forcedClose);
}

#include "tst_safety_gui.moc"
