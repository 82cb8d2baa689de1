#pragma once
// AxisCheckDialog: commissioning check of the platform's axes (non-modal, GUI thread). With the
// platform in CUEING and the operator's confirmation, one small test cue per axis (0.5 m/s² for
// surge/sway/heave, 5°/s² for roll/pitch/yaw, 1 s, ramped in and out; STOP cancels it) goes to
// the motion link (RavenLink::axisTest). The link reports the extreme change of the platform's
// reported pose on that axis, shown beside the question; the operator answers which way the
// seat moved. "The other way" flips that axis's invert in the Motion panel's cueing settings and
// applies them; every answer is saved per platform address (QSettings group
// "axisCheck/<host>:<port>/<axis>"). Directions are the platform frame's: x forward, y left,
// z up, roll right side down, pitch nose down, yaw nose left.

#include <QDialog>
#include <functional>

class QComboBox;
class QLabel;
class QPushButton;
class QSettings;

namespace hil {

class MotionPanel;
class Station;

class AxisCheckDialog : public QDialog
{
    Q_OBJECT
public:
    /// settings: where answers are kept (nullptr: the application's QSettings).
    AxisCheckDialog(Station *station, MotionPanel *panel, QSettings *settings,
                    QWidget *parent = nullptr);
    ~AxisCheckDialog() override;
    /// Asked before each test cue; true = go. Defaults to a question box (tests inject).
    void setConfirmHook(std::function<bool()> confirm) { m_confirm = std::move(confirm); }
    /// The last reported pose change (m or rad), NaN before a test finished.
    double lastPoseChange() const { return m_lastChange; }

    static constexpr double kLinearTestMps2 = 0.5;
    static constexpr double kAngularTestDegps2 = 5.0;
    static constexpr double kTestDurationS = 1.0;

private:
    void run();
    void answer(int which); // 0 as labelled, 1 the other way, 2 did not move
    void onFinished(int axis, bool completed, double change);
    QString platformKey() const;

    Station *m_station;
    MotionPanel *m_panel;
    QSettings *m_settings;
    bool m_ownSettings = false;
    std::function<bool()> m_confirm;
    QComboBox *m_axis = nullptr;
    QPushButton *m_run = nullptr;
    QLabel *m_result = nullptr;
    QPushButton *m_answers[3] = {};
    int m_testedAxis = -1;
    double m_lastChange;
};

} // namespace hil
