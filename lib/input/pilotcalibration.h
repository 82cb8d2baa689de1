#pragma once
// PilotCalibration: the pilot set-up wizard's measurements and choices for one device, without a
// window (ui/panels/pilotsetupdialog.h shows it and feeds it). It takes the device's raw samples
// over the wizard's steps — Centre (sticks let go), Ends (every axis to both ends), Axes (move the
// stick for roll right, pitch forward, yaw right, the throttle to full: the axis that moved most,
// and which way), Feel (dead-band and expo), Buttons (STOP, enabling, arm, …) — and produces the
// DeviceMap the wizard saves: each control's axis, direction and calibration, the buttons' actions
// and the enabling button. Each control or button step may be skipped; a gamepad-layout stick-mode
// preset may stand for the Axes steps.
//
// Thread: none of its own; one thread (the window's), not shared. Pure: no clock, no device, no
// file. Units: raw axes −1..1 as PilotSample carries them; calibration min/center/max raw values
// rounded to 1e−4; dead-band and expo as in input/pilotmap.h; buttons as PilotSample's bits.

#include "input/pilotmap.h"
#include "model/pilot.h"

#include <QString>
#include <array>
#include <cstdint>
#include <vector>

namespace hil::input {

class PilotCalibration
{
public:
    /// The wizard's steps in order; Device: no device is being set up (the choice).
    enum class Step { Device, Centre, Ends, Axes, Feel, Buttons, Done };
    /// The controls in the order the Axes steps ask for them (index of axisStep(), control()).
    enum Control { Roll, Pitch, Yaw, Throttle, Controls };
    /// The Buttons steps in the order they are asked for: a PilotAction, or 0 for the enabling
    /// (dead-man) button.
    static constexpr std::array<std::uint32_t, 8> kButtonActions = {
        PilotStop, 0u, PilotArm, PilotDisarm, PilotTakeoff, PilotLand, PilotReturn, PilotHold};

    /// Stick dead-band, stick expo and throttle dead-band (input/pilotmap.h's units).
    struct Feel
    {
        double stickDeadband = 0.03;
        double stickExpo = 0.0;
        double throttleDeadband = 0.0;
    };
    /// The feel a saved mapping had: its roll's dead-band and expo, its throttle's dead-band; the
    /// defaults for a control it does not map.
    static Feel feelOf(const DeviceMap &saved);

    /// A device chosen: all that was measured and chosen before is forgotten; the Centre step.
    void start(const QString &deviceName);
    /// The device's newest raw sample: kept, and read as the current step asks (Ends: the range
    /// grows; Axes: the axis that moved most from where it was when the step began, by more than
    /// 0.5, among those no earlier control has, once; Buttons: the lowest button pressed since the
    /// step began, or released and pressed anew, once). True when it found this step's axis or
    /// button. The first sample (or one with another number of axes) starts the range afresh.
    bool feed(const PilotSample &sample);

    /// The next step, keeping what this one found (Centre: the centre is the newest sample). On
    /// the last control or button step: Feel, Done.
    void next();
    /// This step again when it found something; else the step before (Axes: the control before,
    /// forgotten; Feel: the throttle's step, the throttle forgotten; Buttons and Done: the
    /// buttons forgotten; Centre: Device).
    void back();
    /// Axes or Buttons: this control or action unmapped, and the next step.
    void skip();
    /// The stick-mode preset (1 or 2) of a gamepad-layout device (defaultMap's Gamepad axes) for
    /// the four controls, with the measured calibration of each axis the device has; then Feel.
    void applyPreset(int mode);
    void setFeel(const Feel &feel) { m_feel = feel; }

    /// The mapping as the wizard has it now (what Finish saves): name, axes, feel, buttons.
    DeviceMap mapping() const;
    /// One axis's calibration as measured: its ends and centre (rounded), the full raw range for
    /// an axis not moved across most of its travel, and for a stick a centre between its ends
    /// where the measured one is not well inside them.
    AxisMap calibrated(int axis, bool stick) const;

    Step step() const { return m_step; }
    const QString &deviceName() const { return m_deviceName; }
    bool haveSample() const { return m_haveSample; }
    const std::vector<double> &axes() const { return m_axes; } ///< the newest raw sample's
    std::uint64_t buttons() const { return m_buttons; }        ///< the newest sample's
    const std::vector<double> &center() const { return m_center; }
    const std::vector<double> &min() const { return m_min; }
    const std::vector<double> &max() const { return m_max; }
    /// The axes (from 0) whose measured range is still short of most of their travel.
    std::vector<int> axesNotMoved() const;
    int axisStep() const { return m_axisStep; }     ///< Axes: the Control asked for
    int buttonStep() const { return m_buttonStep; } ///< Buttons: index into kButtonActions
    /// The axis or button this step has found, −1 none yet.
    int found() const { return m_detected; }
    /// Axes: the axis found moved towards −1.
    bool foundReversed() const { return m_detectedReverse; }
    /// The control's axis as chosen so far (Control; axis −1: not mapped).
    const AxisMap &control(int c) const { return m_controls[std::size_t(c)]; }

private:
    void enter(Step step);

    Step m_step = Step::Device;
    QString m_deviceName;
    Feel m_feel;
    bool m_haveSample = false;
    std::vector<double> m_axes; ///< the newest sample
    std::uint64_t m_buttons = 0;
    std::vector<double> m_center, m_min, m_max, m_stepStart;
    int m_axisStep = 0;
    int m_buttonStep = 0;
    std::uint64_t m_buttonsAtStart = 0;
    int m_detected = -1; ///< axis or button found in this step, −1 none
    bool m_detectedReverse = false;
    std::array<AxisMap, Controls> m_controls;
    std::vector<ButtonMap> m_buttonMaps;
    int m_enabling = -1;
};

} // namespace hil::input
