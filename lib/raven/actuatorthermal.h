#pragma once
// ActuatorThermal: the platform stand-in's actuator temperatures and its thermal word, without a
// clock: the caller steps it with the time that passed. Not thread-safe (one owner).
// Units: s, m/s², rad/s², °C.

#include <array>

namespace hil::raven {

class ActuatorThermal
{
public:
    /// Advances dtS seconds under a constant load: seatAccel is the seat's kinematic
    /// acceleration the cue demands (surge, sway, heave m/s²; roll, pitch, yaw rad/s²), carried
    /// whether the motors hold the seat at all.
    void step(double dtS, const std::array<double, 6> &seatAccel, bool carried);
    /// Every actuator at c °C now; the load heats or cools from there.
    void setTemperatureC(double c) { m_tempC.fill(c); }
    void setOverheatThresholdC(double c) { m_overheatC = c; }

    const std::array<double, 6> &temperaturesC() const { return m_tempC; }
    double hottestC() const;
    /// The status word's thermal field: 0 NORMAL, 1 OVERHEAT PROTECTION.
    int thermal() const { return m_thermal; }
    double activity() const { return m_activity; }

private:
    std::array<double, 6> m_tempC{30, 30, 30, 30, 30, 30};
    double m_overheatC = 70.0;
    double m_activity = 0.0;
    int m_thermal = 0;
};

} // namespace hil::raven
