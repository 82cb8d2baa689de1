#pragma once
// QuadModel: a small, physically sensible quadcopter for the RealFlight stand-in. Pure (no Qt
// event loop, no clock): step(dt) advances it. World NED with the ground at down = 0, body FRD,
// SI units.
//
// The motor layout is the convention agreed with the PX4 stand-in (PX4 "quadrotor x"):
// channel 0 front-right (spins CCW), 1 rear-left (CCW), 2 front-left (CW), 3 rear-right (CW);
// arms at 45°, 0.25 m long; thrust = 8 N × throttle (linear, 0..1) along body -z; a CCW rotor
// pushes the body with a positive (clockwise seen from above, +z down) yaw torque of 0.05 × thrust
// N·m, a CW rotor with the opposite one. Mass 1.5 kg; quadratic drag; ground contact (no sinking,
// friction); a 4S battery whose voltage sags with current.

#include "model/types.h"

#include <array>

namespace hil {

class QuadModel
{
public:
    static constexpr double kMassKg = 1.5;
    static constexpr double kArmM = 0.25;
    static constexpr double kMaxThrustN = 8.0;
    static constexpr double kYawTorquePerN = 0.05;
    static constexpr double kCapacityMah = 4000.0;

    struct State
    {
        Vector3 positionNedM;       ///< ground at z = 0, z positive down
        Vector3 velocityNedMps;
        Vector3 accelNedMps2;       ///< kinematic acceleration of the last step
        Vector3 specificForceFrdMps2{0, 0, -9.80665}; ///< what an accelerometer would read
        Quaternion attitude;        ///< body FRD → world NED
        Vector3 ratesFrdRps;        ///< body angular velocity, rad/s
        bool onGround = true;
        double batteryVoltageV = 16.8;
        double batteryCurrentA = 0.0;
        double batteryRemainingMah = kCapacityMah;
        double propRpm = 0.0;
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
