#pragma once
// QuadModel: a small, physically sensible quadcopter for the RealFlight stand-in. Pure (no Qt
// event loop, no clock): step(dt) advances it. World NED with the ground at down = 0, body FRD,
// SI units.
//
// Sized like PX4's "iris" simulation model (airframe 10015), so that PX4's default gains fly it:
// 1.5 kg; inertia 0.029125 / 0.029125 / 0.055225 kg·m²; motors in PX4's "quadrotor x" order
// (channel 0 front-right CCW, 1 rear-left CCW, 2 front-left CW, 3 rear-right CW) at the iris'
// arm geometry: front motors 0.13 m forward and 0.22 m to the side, rear ones 0.13 m back and
// 0.20 m to the side. Thrust is linear in the channel, the way PX4's mixer assumes with its
// default THR_MDL_FAC = 0: 7.4 N per motor at 1, so hover needs 0.497 (PX4's MPC_THR_HOVER
// default is 0.5). Each motor follows its command with a first-order lag (12.5 ms spinning up,
// 25 ms down, the iris' motor time constants). A CCW rotor pushes the body with a positive
// (clockwise seen from above, +z down) yaw torque of 0.06 × thrust N·m, a CW rotor with the
// opposite one. Quadratic drag; ground contact (no sinking, friction); a 4S battery whose
// voltage sags with current.

#include "model/types.h"

#include <array>

namespace hil {

class QuadModel
{
public:
    static constexpr double kMassKg = 1.5;
    static constexpr double kFrontArmXM = 0.13, kFrontArmYM = 0.22; ///< front motors, FRD
    static constexpr double kRearArmXM = 0.13, kRearArmYM = 0.20;   ///< rear motors, FRD
    static constexpr double kMaxThrustN = 7.4;
    static constexpr double kYawTorquePerN = 0.06;
    static constexpr double kIxx = 0.029125, kIyy = 0.029125, kIzz = 0.055225; ///< kg·m²
    static constexpr double kMotorTauUpS = 0.0125, kMotorTauDownS = 0.025;
    static constexpr double kCapacityMah = 4000.0;

    struct State
    {
        Vector3 positionNedM; ///< ground at z = 0, z positive down
        Vector3 velocityNedMps;
        Vector3 accelNedMps2;                         ///< kinematic acceleration of the last step
        Vector3 specificForceFrdMps2{0, 0, -9.80665}; ///< what an accelerometer would read
        Quaternion attitude;                          ///< body FRD → world NED
        Vector3 ratesFrdRps;                          ///< body angular velocity, rad/s
        bool onGround = true;
        double batteryVoltageV = 16.8;
        double batteryCurrentA = 0.0;
        double batteryRemainingMah = kCapacityMah;
        double propRpm = 0.0;
        std::array<double, 4> motorThrustN{}; ///< after the motor lag
    };

    QuadModel() { reset(); }
    void reset();
    /// Advances by dtS (internally sub-stepped at ≤ 1 ms). throttles 0..1 per motor.
    void step(double dtS, const std::array<double, 4> &throttles);
    const State &state() const { return m_s; }

private:
    void substep(double dt, const std::array<double, 4> &u);
    State m_s;
};

} // namespace hil
