#pragma once
// ActuatorThermal: the platform stand-in's six actuator temperatures and its thermal word, as a
// model with stated assumptions (docs/protocols/ravenapi.md#the-stand-ins-actuator-temperatures),
// not Iris's firmware. No clock: the caller steps it with the time that passed, so a test runs
// minutes of load in milliseconds. Not thread-safe (one owner). Units: SI, temperatures °C.
//
// Load: the seat and rider (one rigid payload, centre of mass in the plane of the upper joints)
// need the force m·(a + g·ẑ) and the torque I·α for the cued kinematic acceleration a and angular
// acceleration α. An idealised hexapod carries it: upper joints on a circle of radius r at 0°,
// 60°, ..., 300° from +x towards +y (the platform frame: x forward, y left, z up), each leg rising
// at β from horizontal and leaning tangentially, alternately one way and the other. For that
// layout the six leg directions give orthogonal rows of the force/torque map, so each leg's force
// has a closed form (actuatorForcesN). Each drive limits its force to ±forceLimitN (its current
// limit), which bounds the heating by construction.
//
// Heat: one lumped node per actuator (winding and housing together): copper loss P = (F/Km)²,
// C·dT/dt = P − (T − ambient)/Rth, stepped exactly for a load held over the step (any dt is
// stable). Steady state ambient + Rth·P; the hottest actuator above overheatC sets OVERHEAT
// PROTECTION, below overheatC − hysteresisC NORMAL again.

#include <array>

namespace hil::raven {

class ActuatorThermal
{
public:
    /// Every default is an ASSUMPTION for a seat-size six-actuator platform (see the doc).
    struct Params
    {
        double payloadKg = 150.0;      ///< seat and frame 60 kg + rider 90 kg
        double gyrationRadiusM = 0.4;  ///< I = m·k² about each axis (24 kg·m²)
        double jointRadiusM = 0.35;    ///< upper joints' circle
        double legElevationDeg = 60.0; ///< β: legs rise at 60° from horizontal
        double gravityMps2 = 9.80665;  ///< the real weight; frame 85's word does not change it
        double forceLimitN = 1000.0;   ///< per actuator, the drive's current limit
        double motorConstantNPerSqrtW = 50.0; ///< Km in N/√W: copper loss (F/Km)²
        double thermalResistanceKPerW = 0.25;
        double timeConstantS = 300.0; ///< Rth·C: 5 min (C = 1200 J/K)
        double ambientC = 25.0;
        double overheatC = 70.0;
        double hysteresisC = 5.0;
    };

    ActuatorThermal(); // the defaults of Params
    explicit ActuatorThermal(const Params &params);

    /// The leg forces (N, positive pushing the seat up) for the seat's kinematic acceleration
    /// (surge, sway, heave m/s²; roll, pitch, yaw rad/s²), before the drives' force limit.
    static std::array<double, 6> actuatorForcesN(const Params &p,
                                                 const std::array<double, 6> &seatAccel);

    /// Advances dtS seconds under a load held over the step. carried: the motors hold the seat
    /// (LOADING, CUEING); false (OFF, LEVEL BRAKE) puts no current through them.
    void step(double dtS, const std::array<double, 6> &seatAccel, bool carried);
    /// Every actuator at c °C now; the load heats or cools from there (a test hook).
    void setTemperatureC(double c) { m_tempC.fill(c); }
    void setOverheatThresholdC(double c) { m_p.overheatC = c; }

    const Params &params() const { return m_p; }
    const std::array<double, 6> &temperaturesC() const { return m_tempC; }
    double hottestC() const;
    /// The status word's thermal field: 0 NORMAL, 1 OVERHEAT PROTECTION.
    int thermal() const { return m_thermal; }
    /// Of the last step: the force each drive delivered (N, within its limit), its copper loss
    /// (W), and whether any drive was at its limit.
    const std::array<double, 6> &forcesN() const { return m_forceN; }
    const std::array<double, 6> &powerW() const { return m_powerW; }
    bool forceLimited() const { return m_forceLimited; }
    /// Where an actuator settles under a constant force (°C); at the limit, the model's maximum.
    double steadyStateC(double forceN) const;

private:
    Params m_p;
    std::array<double, 6> m_tempC{};
    std::array<double, 6> m_forceN{}, m_powerW{};
    bool m_forceLimited = false;
    int m_thermal = 0;
};

} // namespace hil::raven
