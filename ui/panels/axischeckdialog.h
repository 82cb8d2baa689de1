#pragma once
// AxisCheckDialog: commissioning check of the platform's axes (non-modal, GUI thread). With the
// platform in CUEING and the operator's confirmation, one small test cue per axis (0.5 m/s² for
// surge/sway/heave, 5°/s² for roll/pitch/yaw, 1 s, ramped in and out; STOP cancels it) goes to
// the motion link (RavenLink::axisTest). The link judges the reported pose on all six DoFs
// (raven/axisresponse.h): when another DoF moved most, the dialog says which ("a heave test cue
// moved roll") and asks nothing, since the question would be about the wrong axis; the link has
// ramped the cue out and holds simulator cues at neutral. Otherwise the extreme change on the
// axis is shown beside the question and the operator answers which way the seat moved. "The
// other way" flips that axis's invert in the Motion panel's cueing settings and applies them;
// answers and outcomes are kept per platform address in the AxisCheckStore (raven/, group
// "axisCheck/<host>:<port>/<axis>"). Directions are the platform frame's: x forward, y left,
// z up, roll right side down, pitch nose down, yaw nose left.

#include <QDialog>
#include <functional>

class QComboBox;
class QLabel;
class QPushButton;

namespace hil {

class MotionPanel;
class Station;

class AxisCheckDialog : public QDialog
{
    Q_OBJECT
public:
    AxisCheckDialog(Station *station, MotionPanel *panel, QWidget *parent = nullptr);
    /// Asked before each test cue; true = go. Defaults to a question box (tests inject).
    void setConfirmHook(std::function<bool()> confirm) { m_confirm = std::move(confirm); }
    /// The last reported pose change (m or rad), NaN before a test finished.
    double lastPoseChange() const { return m_lastChange; }

    static constexpr double kTestDurationS = 1.0;

private:
    void run();
    void answer(int which); // 0 as labelled, 1 the other way, 2 did not move
    void onFinished(int axis, int outcome, double change, int moved);
    QString platformKey() const;

    Station *m_station;
    MotionPanel *m_panel;
    std::function<bool()> m_confirm;
    QComboBox *m_axis = nullptr;
    QPushButton *m_run = nullptr;
    QLabel *m_result = nullptr;
    QPushButton *m_answers[3] = {};
    int m_testedAxis = -1;
    double m_lastChange;
};

} // namespace hil
