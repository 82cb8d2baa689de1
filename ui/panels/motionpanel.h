#pragma once
// MotionPanel: the motion platform (worker "raven"). Shows what the platform reports — the
// status word's flags, the mode read back (the lit mode button is the reported mode, never the
// one asked for), the pose from the telemetry hub, temperatures, firmware, the link's watchdog —
// and sends the operator's requests: mode buttons (CUEING only after confirmation), STOP, and
// the cueing settings its editor shows (cueingeditor.h; also exported to / imported from the
// dry run's cueing.json: cueingfileactions.h), and opens the axis check (axischeckdialog.h); its
// warnings (simulator cues held at neutral by the axis check, frame 5 on an unchecked platform) are
// axischecknotices.h's. GUI thread only; every command is queued into the link's thread, which is
// looked up when used (never kept from construction: the link may be started or reconnected from
// the Links panel); STOP goes through Station::emergencyStop().
//
// Layout: what the operator watches comes first, so it is on screen without scrolling in a
// 1280×720 window in every language: motor lights, reported mode and thermal state, the mode
// buttons (2 × 2, named "Bewegung (CUEING)": the translation with the vendor's word), the pose;
// then details and the cueing settings (whose axis table scrolls sideways on its own). The mode
// grid has room for further buttons in its third row.
//
// Units: pose shown in m and degrees (the hub keeps m and rad). Commanded values are not shown:
// RavenLink sends accelerations/angles cues and exposes none of them (counters or hub), so the
// pose column is the platform's report only.

#include "model/motionstatus.h"
#include "raven/cueing.h"
#include "ui/panels/panel.h"

#include <QJsonObject>
#include <QPointer>
#include <array>
#include <functional>

class QGridLayout;
class QLabel;
class QPushButton;

namespace hil {

class Worker;

class MotionPanel : public Panel
{
    Q_OBJECT
public:
    explicit MotionPanel(Station *station, QWidget *parent = nullptr);

    QString title() const override;
    void load(QSettings &settings) override;
    void save(QSettings &settings) const override;
    void refreshFast() override;
    void refreshSlow() override;

    /// Who is on the platform, as the operator answers the CUEING question (docs/procedure.md):
    /// Cancel = no CUEING; Rider = step 5, the ride; SeatEmpty = step 2, the checks.
    enum Seat : int { Cancel = 0, Rider = 1, SeatEmpty = 2 };
    /// Asked before requesting CUEING instead of the procedure's question (askSeat); returns a
    /// Seat (a hook's `true` is Rider). An empty hook restores the question.
    void setConfirmHook(std::function<int()> confirm) { m_confirm = std::move(confirm); }
    /// The settings the editor currently shows.
    raven::CueingSettings cueingSettings() const;
    void setCueingSettings(const raven::CueingSettings &settings);

    static constexpr int kModeCount = 4;
    /// The operator's name of a mode: translated, with the vendor's word in parentheses when the
    /// translation differs ("Bewegung (CUEING)"), so it can be matched with events.log.
    static QString modeText(int mode);

public slots:
    /// STOP: Station::emergencyStop() (cues to neutral and LEVEL BRAKE on the link running now).
    void stop();
    /// Operator mode request 0..3 (CUEING asks first).
    void requestMode(int mode);
    /// Sends the editor's cueing settings to the link.
    void applyCueing();
    /// Opens the (non-modal) axis check; results go to the AxisCheckStore (raven/).
    void openAxisCheck();
    /// Asks for a file and writes the editor's settings (cueingfileactions.h); errors go to
    /// errorRaised.
    void exportCueing();
    /// Asks for a cueing file and shows it in the editor (not applied: "Apply to platform" does).
    void importCueing();

signals:
    /// The panel's big STOP button: the window triggers its STOP action (and so stop()).
    void stopClicked();

private:
    QWidget *buildStatus();
    QWidget *buildModes();
    QWidget *buildNotices();
    QWidget *buildPose();
    QWidget *buildCueing();
    QWidget *buildDetails();
    void setLit(int reportedMode);
    /// Follows the motion link running now (started/stopped/reconnected at runtime).
    void relink();
    void updateAxisNotices();

    QPointer<Worker> m_link;
    QWidget *m_content = nullptr;
    QPointer<class AxisCheckDialog> m_axisCheck;
    class AxisCheckNotices *m_notices = nullptr;
    std::function<int()> m_confirm;
    /// The master gain the motion link applies now (its counters), for the CUEING question.
    double appliedMasterGain() const;
    /// The boarding procedure's CUEING question (a modal QMessageBox); a Seat.
    int askSeat();
    std::array<QLabel *, 6> m_motors{};
    QLabel *m_mode = nullptr, *m_thermal = nullptr, *m_word = nullptr, *m_frames = nullptr;
    QLabel *m_temps = nullptr, *m_firmware = nullptr, *m_watchdog = nullptr;
    QLabel *m_loopGuard = nullptr; ///< red while the loop guard holds the cues (reason, figure)
    QLabel *m_pilot = nullptr; ///< the pilot's STOP button and enabling button, when there is one
    void updateLoopGuard();
    /// The operator's sentence for the loop guard's hold, empty when it does not hold.
    static QString loopGuardText(const MotionStatus &status);
    /// The pilot's input as the motion link sees it: empty when no pilot input reaches it.
    static QString pilotText(const QJsonObject &counters);
    std::array<QPushButton *, kModeCount> m_modeButtons{};
    QGridLayout *m_modeGrid = nullptr; ///< 2 x 2 mode buttons (room for more in row 2)
    std::array<QLabel *, 6> m_pose{};
    std::array<int, 6> m_poseIds{{-1, -1, -1, -1, -1, -1}};
    class CueingEditor *m_cueing = nullptr; ///< the cueing settings box (cueingeditor.h)
    QString m_cueingDir;                    ///< folder of the last exported/imported cueing file
};

} // namespace hil
