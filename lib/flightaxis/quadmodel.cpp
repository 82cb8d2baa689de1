#include "flightaxis/quadmodel.h"
#include "model/rotation.h"

#include <algorithm>
#include <cmath>

namespace hil {

namespace {
constexpr double kIxx = QuadModel::kIxx, kIyy = QuadModel::kIyy, kIzz = QuadModel::kIzz;
constexpr double kDragLinear = 0.15;     // N per (m/s)², quadratic, all axes
constexpr double kAngularDamping = 0.02; // N·m per rad/s
constexpr double kFriction = 8.0;        // 1/s, horizontal speed decay on the ground
constexpr double kInternalResistanceOhm = 0.03;
constexpr double kHoverCurrentPerMotorA = 12.0; // at full throttle: current ∝ throttle^1.5
constexpr double kMaxRpm = 12000.0;
// motor positions FRD and spin: +1 = CCW (positive yaw reaction torque)
const Vector3 kMotorPos[4] = {{QuadModel::kFrontArmXM, QuadModel::kFrontArmYM, 0},
                              {-QuadModel::kRearArmXM, -QuadModel::kRearArmYM, 0},
                              {QuadModel::kFrontArmXM, -QuadModel::kFrontArmYM, 0},
                              {-QuadModel::kRearArmXM, QuadModel::kRearArmYM, 0}};
const double kSpin[4] = {+1, +1, -1, -1};
} // namespace

void QuadModel::reset()
{
    m_s = State();
}

void QuadModel::step(double dtS, const std::array<double, 4> &throttles)
{
    std::array<double, 4> u;
    for (int i = 0; i < 4; ++i)
        u[i] = std::isfinite(throttles[i]) ? std::clamp(throttles[i], 0.0, 1.0) : 0.0;
    while (dtS > 1e-9) {
        const double dt = std::min(dtS, 0.001);
        substep(dt, u);
        dtS -= dt;
    }
}

void QuadModel::substep(double dt, const std::array<double, 4> &u)
{
    State &s = m_s;
    // forces and torques in the body
    Vector3 forceFrd, torqueFrd;
    double current = 0, rpm = 0;
    for (int i = 0; i < 4; ++i) {
        // first-order motor lag towards the commanded thrust
        double &thrust = s.motorThrustN[i];
        const double target = kMaxThrustN * u[i];
        const double tau = target > thrust ? kMotorTauUpS : kMotorTauDownS;
        thrust += (target - thrust) * (1.0 - std::exp(-dt / tau));
        const Vector3 f{0, 0, -thrust};
        forceFrd += f;
        torqueFrd += kMotorPos[i].cross(f);
        torqueFrd.z += kSpin[i] * kYawTorquePerN * thrust;
        const double level = thrust / kMaxThrustN;
        current += kHoverCurrentPerMotorA * std::pow(level, 1.5);
        rpm += kMaxRpm * std::sqrt(level) / 4.0;
    }
    const double speed = s.velocityNedMps.norm();
    const Vector3 dragNed = s.velocityNedMps * (-kDragLinear * speed);
    const Vector3 gravityNed{0, 0, kGravityMps2};
    Vector3 accel = rotate(s.attitude, forceFrd) / kMassKg + dragNed / kMassKg + gravityNed;

    // rotation: Euler's equations with damping
    const Vector3 w = s.ratesFrdRps;
    const Vector3 iw{kIxx * w.x, kIyy * w.y, kIzz * w.z};
    const Vector3 tau = torqueFrd - w * kAngularDamping - w.cross(iw);
    Vector3 wdot{tau.x / kIxx, tau.y / kIyy, tau.z / kIzz};

    // ground contact: the ground pushes back (no sinking) and holds the vehicle level and still
    const bool touching = s.positionNedM.z >= 0.0 && accel.z >= 0.0;
    if (touching) {
        accel.z = 0.0;
        if (s.velocityNedMps.z > 0)
            s.velocityNedMps.z = 0;
        s.velocityNedMps.x *= std::exp(-kFriction * dt);
        s.velocityNedMps.y *= std::exp(-kFriction * dt);
        accel.x = accel.y = 0.0;
        wdot = {0, 0, wdot.z};
        s.ratesFrdRps = {0, 0, s.ratesFrdRps.z * std::exp(-kFriction * dt)};
        EulerAngles e = toEuler(s.attitude);
        e.roll = e.pitch = 0.0;
        s.attitude = fromEuler(e);
    }
    s.velocityNedMps += accel * dt;
    s.positionNedM += s.velocityNedMps * dt;
    if (s.positionNedM.z > 0.0) {
        s.positionNedM.z = 0.0;
        s.velocityNedMps.z = std::min(0.0, s.velocityNedMps.z);
    }
    s.ratesFrdRps += wdot * dt;
    const Vector3 &r = s.ratesFrdRps;
    const double angle = r.norm() * dt;
    if (angle > 0)
        s.attitude = normalized(multiply(s.attitude, fromAxisAngle(r / r.norm(), angle)));
    s.onGround = touching || s.positionNedM.z >= -1e-6;
    s.accelNedMps2 = accel;
    s.specificForceFrdMps2 = rotateInverse(s.attitude, accel - gravityNed);

    // battery: open-circuit voltage falls with charge, sags with current
    s.batteryCurrentA = current;
    s.batteryRemainingMah = std::max(0.0, s.batteryRemainingMah - current * dt / 3.6);
    const double soc = s.batteryRemainingMah / kCapacityMah;
    s.batteryVoltageV = 14.0 + 2.8 * soc - kInternalResistanceOhm * current;
    s.propRpm = rpm;
}

} // namespace hil
