#pragma once
// AxisCheckNotices: the Motion panel's two axis-check warnings (GUI thread), as two labels the
// panel places: the hold (status box: why the seat stays still in CUEING — the axis check found,
// now or in an earlier run, that the platform reads the axes in another order, and simulator
// cues are held at neutral until every axis passes) and the frame-5 warning (beside the frame
// choice: frame 5 carries +1 g in heave from its first frame, which a platform reading the C#
// sample's order takes as a large roll acceleration before any check could run; shown while
// frame 5 is chosen and the platform address has not passed the check on every axis, or no
// link is running to say). Texts are composed on every update(), so a language change is
// followed by the panel's next refresh. Each label is hidden while it has nothing to say.

#include <QObject>

class QLabel;

namespace hil {

class AxisCheckNotices : public QObject
{
    Q_OBJECT
public:
    explicit AxisCheckNotices(QObject *parent = nullptr);
    /// objectName "axisHoldLabel".
    QLabel *holdLabel() const { return m_hold; }
    /// objectName "frame5WarningLabel".
    QLabel *frame5Label() const { return m_frame5; }

    /// linkRunning: a motion link runs; held, heldAxis, movedAxis: its axis hold (axes 0..5,
    /// -1 unknown); allPassed: every axis of its address passed; frameId: the editor's choice.
    void update(bool linkRunning, bool held, int heldAxis, int movedAxis, bool allPassed,
                int frameId);

    /// "heave", "roll", ... translated (axis 0..5), empty otherwise.
    static QString axisName(int axis);

private:
    QLabel *m_hold;
    QLabel *m_frame5;
};

} // namespace hil
