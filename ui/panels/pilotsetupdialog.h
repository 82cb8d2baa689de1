#pragma once
// PilotSetupDialog: the pilot device's calibration and mapping wizard (GUI thread). Steps: pick a
// device the input link sees (by name and GUID) → centre all sticks → move every axis to both
// ends (range per axis) → move the stick for roll right, pitch forward, yaw right, the throttle
// to full (the axis that moved most, and which way: reverse), or a stick-mode preset → dead-band
// and expo with a live preview of the mapped controls → the buttons for STOP, enabling, arm, …
// (each may be skipped) → Finish. A live picture of the raw axes is drawn throughout, from the
// link's newest sample (PilotLink::latestSample, a copy under a short lock) every 33 ms by a
// QTimer here: this thread never waits on the link's. What the steps measure and choose, and the
// mapping Finish saves, are input::PilotCalibration's (input/pilotcalibration.h): this class
// feeds it the samples and the clicks and shows its state; the live picture is PilotAxesView's.
//
// Safety: from the moment a device is chosen the link holds it (PilotLink::holdDevice, posted):
// its controls are not used and the link hands on "no pilot". Cancel, Esc or closing the window
// leave the mapping as it was and release the device, except one that had no calibration before,
// which stays held and says why (one "pilot.device_not_calibrated" event). Only Finish saves: the
// device's entry (by GUID) in the map file the link reads (--pilot-map, else
// input::defaultPilotMapPath()), written atomically, then handed to the running link (setMap)
// and the device released. Units: raw axes −1..1; dead-band and expo as in input/pilotmap.h.

#include "input/pilotcalibration.h"
#include "input/pilotmap.h"

#include <QDialog>
#include <QPointer>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QStackedWidget;
class QTimer;

namespace hil {

class PilotAxesView;
class Station;
namespace input {
class PilotLink;
}

class PilotSetupDialog : public QDialog
{
    Q_OBJECT
public:
    PilotSetupDialog(Station *station, QWidget *parent = nullptr);
    ~PilotSetupDialog() override;

    /// The file Finish writes (--pilot-map, else the default one).
    QString mapPath() const { return m_path; }
    /// The device being set up (lower-case GUID), empty before one is chosen.
    QString deviceId() const { return m_deviceId; }
    /// The mapping as the wizard has it now (what Finish saves).
    input::DeviceMap mapping() const;

    enum Page { PageDevice, PageCentre, PageEnds, PageAxes, PageTuning, PageButtons, PageDone };
    int page() const;
    /// The device's newest raw axes as the wizard has read them (for tests: a move was seen).
    const std::vector<double> &liveAxes() const { return m_calibration.axes(); }
    /// The axis or button the current step has found, −1 none yet.
    int found() const { return m_calibration.found(); }

    void done(int result) override;

private:
    void build();
    void poll();
    void refreshDevices();
    void showStep();
    void next();
    void back();
    void skip();
    void updatePage();
    void startDevice();
    void applyPreset(int mode);
    void finish();
    void release();
    void feelChanged();
    void updatePreview();

    Station *m_station;
    QPointer<input::PilotLink> m_link;
    QString m_path;
    input::PilotMapFile m_file; ///< the file as it was when the wizard opened
    QString m_fileError;
    QString m_deviceId;
    bool m_hadCalibration = false;
    bool m_holding = false;
    bool m_finished = false;
    input::PilotCalibration m_calibration; ///< what the wizard measured and chose

    QTimer *m_timer = nullptr;
    QStackedWidget *m_pages = nullptr;
    QLabel *m_title = nullptr, *m_status = nullptr;
    QComboBox *m_devices = nullptr;
    PilotAxesView *m_view = nullptr;
    QLabel *m_centreNote = nullptr, *m_endsNote = nullptr, *m_axisPrompt = nullptr,
           *m_axisFound = nullptr, *m_buttonPrompt = nullptr, *m_buttonFound = nullptr,
           *m_summary = nullptr, *m_preview = nullptr, *m_buttonsHeld = nullptr;
    QDoubleSpinBox *m_deadband = nullptr, *m_expo = nullptr, *m_throttleDeadband = nullptr;
    QPushButton *m_back = nullptr, *m_skip = nullptr, *m_next = nullptr, *m_finish = nullptr,
                *m_cancel = nullptr;
};

} // namespace hil
