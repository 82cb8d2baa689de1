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
// The rig (safetyrig.h) feeds the motion link banked frames (roll angle 30°) at 100 Hz, so the
// cues are far from neutral when STOP or exit comes. The loop guard's hold on a slowed
// simulation, the pilot's STOP button with the window frozen, old cueing settings reset once, and
// the window's questions quoting docs/procedure.md are here too; the axis check and the enabling
// button are tst_cuegates_gui's.
#include "../common/windowclicks.h"
#include "safetyrig.h"
#include "testpaths.h"
#include "ui/panels/axischeckdialog.h"
#include "ui/stopguard.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QRegularExpression>
#include <QSaveFile>
#include <QScreen>
#include <QSettings>
#include <QThread>
#include <QToolButton>
#include <QtTest>
#include <cmath>

using namespace hil;

class TestSafetyGui : public hiltest::SafetyRig
{
    Q_OBJECT
private slots:
    void init() { startRig(); }
    void cleanup() { stopRig(); }
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
    void slowedSimulationShownRedAndCuesHeld();
    void pilotStopWithWindowFrozen();
    void promptsQuoteTheProcedure();

private:
    /// Schedules `what` to run once a modal dialog is open (polling), then returns; a dialog
    /// still open 5 s later is closed and m_forcedClose set.
    void whenModal(std::function<void(QWidget *)> what);
    void checkRampedExit(std::int64_t sinceNs);

    bool m_forcedClose = false;
};

void TestSafetyGui::whenModal(std::function<void(QWidget *)> what)
{
    hiltest::whenModal<QWidget>(this, [this, what](QWidget *modal) {
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
    awaitFullCue(); // the ramp checks need a large cue
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
    awaitFullCue(); // the ramp checks need a large cue
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
    awaitFullCue(); // the ramp checks need a large cue
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
    awaitFullCue(); // the ramp checks need a large cue
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

void TestSafetyGui::slowedSimulationShownRedAndCuesHeld()
{
    awaitFullCue(); // the ramp checks need a large cue
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

QTEST_MAIN(TestSafetyGui)
#include "tst_safety_gui.moc"
