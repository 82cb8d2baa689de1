#include "input/pilotcalibration.h"

#include <algorithm>
#include <cmath>

namespace hil::input {

namespace {

constexpr double kMoved = 0.5;       ///< an axis moved this far from its start (raw) is "the one"
constexpr double kFullTravel = 0.25; ///< less than this either side of centre: not moved

double rounded(double v)
{
    return std::round(v * 10000.0) / 10000.0;
}

} // namespace

PilotCalibration::Feel PilotCalibration::feelOf(const DeviceMap &saved)
{
    Feel f;
    f.stickDeadband = saved.roll.axis >= 0 ? saved.roll.deadband : 0.03;
    f.stickExpo = saved.roll.axis >= 0 ? saved.roll.expo : 0.0;
    f.throttleDeadband = saved.throttle.axis >= 0 ? saved.throttle.deadband : 0.0;
    return f;
}

void PilotCalibration::start(const QString &deviceName)
{
    m_deviceName = deviceName;
    m_haveSample = false;
    m_axes.clear();
    m_buttons = 0;
    m_center.clear();
    m_min.clear();
    m_max.clear();
    m_stepStart.clear();
    m_axisStep = 0;
    m_buttonStep = 0;
    m_buttonsAtStart = 0;
    m_detectedReverse = false;
    m_controls.fill({});
    m_buttonMaps.clear();
    m_enabling = -1;
    enter(Step::Centre);
}

void PilotCalibration::enter(Step step)
{
    m_step = step;
    m_detected = -1;
    if (step == Step::Axes || step == Step::Buttons) {
        m_stepStart = m_axes;
        m_buttonsAtStart = m_buttons;
    }
}

bool PilotCalibration::feed(const PilotSample &sample)
{
    const bool first = !m_haveSample;
    m_axes = sample.axes;
    m_buttons = sample.buttons;
    m_haveSample = true;
    const std::size_t n = m_axes.size();
    if (first || m_center.size() != n) {
        m_center.assign(n, 0.0);
        m_min = m_max = m_axes;
        m_stepStart = m_axes;
    }
    switch (m_step) {
    case Step::Ends:
        for (std::size_t i = 0; i < n; ++i) {
            m_min[i] = std::min(m_min[i], m_axes[i]);
            m_max[i] = std::max(m_max[i], m_axes[i]);
        }
        return false;
    case Step::Axes: {
        // The axis that moved most from where it was when this step began, among those no
        // other control has.
        if (m_detected >= 0)
            return false; // found: its direction stays as it was first seen
        int best = -1;
        double bestMove = kMoved;
        for (std::size_t i = 0; i < n; ++i) {
            bool taken = false;
            for (int c = 0; c < m_axisStep; ++c)
                taken = taken || m_controls[std::size_t(c)].axis == int(i);
            const double move = m_axes[i] - m_stepStart[i];
            if (!taken && std::abs(move) > bestMove) {
                bestMove = std::abs(move);
                best = int(i);
                m_detectedReverse = move < 0;
            }
        }
        if (best < 0)
            return false;
        m_detected = best;
        return true;
    }
    case Step::Buttons: {
        const std::uint64_t down = m_buttons & ~m_buttonsAtStart;
        bool found = false;
        if (down && m_detected < 0) {
            int b = 0;
            while (!((down >> unsigned(b)) & 1u))
                ++b;
            m_detected = b;
            found = true;
        }
        m_buttonsAtStart &= m_buttons; // a button released may be pressed anew
        return found;
    }
    default:
        return false;
    }
}

void PilotCalibration::next()
{
    switch (m_step) {
    case Step::Centre:
        m_center = m_axes;
        m_min = m_max = m_center;
        enter(Step::Ends);
        return;
    case Step::Ends:
        m_axisStep = 0;
        enter(Step::Axes);
        return;
    case Step::Axes:
        if (m_detected >= 0) {
            const bool stick = m_axisStep < Throttle;
            m_controls[std::size_t(m_axisStep)] = calibrated(m_detected, stick);
            m_controls[std::size_t(m_axisStep)].reverse = m_detectedReverse;
        }
        if (++m_axisStep < Controls)
            enter(Step::Axes);
        else
            enter(Step::Feel);
        return;
    case Step::Feel:
        m_buttonStep = 0;
        enter(Step::Buttons);
        return;
    case Step::Buttons:
        if (m_detected >= 0) {
            const std::uint32_t action = kButtonActions[std::size_t(m_buttonStep)];
            if (action == 0)
                m_enabling = m_detected;
            else
                m_buttonMaps.push_back({m_detected, PilotAction(action)});
        }
        if (++m_buttonStep < int(kButtonActions.size()))
            enter(Step::Buttons);
        else
            enter(Step::Done);
        return;
    default:
        return;
    }
}

void PilotCalibration::skip()
{
    // Skipping a step leaves that control or action unmapped.
    m_detected = -1;
    if (m_step == Step::Axes) {
        m_controls[std::size_t(m_axisStep)] = {};
        next();
    } else if (m_step == Step::Buttons) {
        next();
    }
}

void PilotCalibration::back()
{
    if ((m_step == Step::Axes || m_step == Step::Buttons) && m_detected >= 0) {
        enter(m_step); // the same step again: what was found is forgotten
        return;
    }
    switch (m_step) {
    case Step::Device:
        return;
    case Step::Axes:
        if (m_axisStep > 0) {
            m_controls[std::size_t(--m_axisStep)] = {};
            enter(Step::Axes);
            return;
        }
        enter(Step::Ends);
        return;
    case Step::Buttons:
        m_buttonMaps.clear();
        m_enabling = -1;
        enter(Step::Feel);
        return;
    case Step::Feel:
        // The last control's step again, that control forgotten: the axis counter stands past
        // the last control here, and an Axes step with it would ask for a control that is not.
        m_axisStep = Throttle;
        m_controls[std::size_t(m_axisStep)] = {};
        enter(Step::Axes);
        return;
    case Step::Done:
        m_buttonStep = 0;
        m_buttonMaps.clear();
        m_enabling = -1;
        enter(Step::Buttons);
        return;
    default: // Centre (to Device), Ends, Feel: the step before
        enter(Step(int(m_step) - 1));
    }
}

void PilotCalibration::applyPreset(int mode)
{
    // SDL's gamepad layout (docs/connecting.md): 0 left X, 1 left Y, 2 right X, 3 right Y; a
    // stick pushed away reads −1. The axes measured above are kept as calibration.
    const DeviceMap preset = defaultMap(DeviceKind::Gamepad, mode);
    const AxisMap *p[Controls] = {&preset.roll, &preset.pitch, &preset.yaw, &preset.throttle};
    for (int c = 0; c < Controls; ++c) {
        AxisMap &a = m_controls[std::size_t(c)];
        a = {};
        if (p[c]->axis < int(m_axes.size())) {
            a = calibrated(p[c]->axis, c < Throttle);
            a.reverse = p[c]->reverse;
        }
    }
    enter(Step::Feel);
}

AxisMap PilotCalibration::calibrated(int axis, bool stick) const
{
    AxisMap a;
    a.axis = axis;
    const std::size_t i = std::size_t(axis);
    if (i < m_center.size()) {
        a.min = rounded(m_min[i]);
        a.max = rounded(m_max[i]);
        a.center = rounded(m_center[i]);
    }
    // An axis not moved across most of its travel keeps the full raw range; a stick whose
    // centre is not well inside its range is centred between its ends (the file requires
    // min < center < max).
    if (a.max - a.min < 2 * kFullTravel) {
        a.min = -1.0;
        a.max = 1.0;
    }
    if (stick && !(a.min + 0.05 < a.center && a.center < a.max - 0.05))
        a.center = rounded((a.min + a.max) / 2);
    return a;
}

std::vector<int> PilotCalibration::axesNotMoved() const
{
    std::vector<int> still;
    for (std::size_t i = 0; i < m_center.size(); ++i)
        if (m_max[i] - m_min[i] < 2 * kFullTravel)
            still.push_back(int(i));
    return still;
}

DeviceMap PilotCalibration::mapping() const
{
    DeviceMap m;
    m.axesGiven = true;
    m.name = m_deviceName;
    AxisMap *out[Controls] = {&m.roll, &m.pitch, &m.yaw, &m.throttle};
    for (int c = 0; c < Controls; ++c) {
        *out[c] = m_controls[std::size_t(c)];
        if (out[c]->axis < 0)
            continue;
        out[c]->deadband = c < Throttle ? m_feel.stickDeadband : m_feel.throttleDeadband;
        out[c]->expo = c < Throttle ? m_feel.stickExpo : 0.0;
    }
    m.buttons = m_buttonMaps;
    m.enablingButton = m_enabling;
    return m;
}

} // namespace hil::input
