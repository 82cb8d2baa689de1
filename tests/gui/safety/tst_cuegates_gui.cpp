// The gates on the simulator's cues short of STOP, in the real window on the rider-safety rig
// (safetyrig.h: the stand-in connected from the Links panel, CUEING, a banked turn fed at
// 100 Hz). The axis check: a sway wired backwards is answered "the other way" and its invert set;
// a stand-in reading the words in Iris's C# sample order (roll before heave) is flagged on the
// heave test cue ("moved roll") in the dialog, the Motion panel says why the seat stays still, and
// the banked turn's cues stay neutral; frame 5 chosen for this unchecked platform is warned
// about. The pilot's enabling button: released, the cues ramp to neutral with the platform still
// in CUEING; held again, they ramp back in; released for longer than 2 s, STOP.
#include "safetyrig.h"
#include "ui/panels/axischeckdialog.h"

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QtTest>

using namespace hil;

class TestCueGatesGui : public hiltest::SafetyRig
{
    Q_OBJECT
private slots:
    void init() { startRig(); }
    void cleanup() { stopRig(); }
    void axisCheckFlipsInvertOnBackwardsAxis();
    void axisCheckFlagsAnotherReadingAndHolds();
    void frame5WarnedForUncheckedPlatform();
    void enablingButtonGatesTheCues();

private:
    /// Clicks the Motion panel's "Axis check…"; the open dialog (its confirmation answered yes).
    AxisCheckDialog *openAxisCheck();
};

AxisCheckDialog *TestCueGatesGui::openAxisCheck()
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

void TestCueGatesGui::axisCheckFlipsInvertOnBackwardsAxis()
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

void TestCueGatesGui::axisCheckFlagsAnotherReadingAndHolds()
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

void TestCueGatesGui::frame5WarnedForUncheckedPlatform()
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

void TestCueGatesGui::enablingButtonGatesTheCues()
{
    awaitFullCue(); // the gate's effect shows on a large cue
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

QTEST_MAIN(TestCueGatesGui)
#include "tst_cuegates_gui.moc"
