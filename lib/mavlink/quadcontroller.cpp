#include "mavlink/quadcontroller.h"
#include "model/rotation.h"

#include <algorithm>
#include <cmath>

namespace hil::mavlink {

namespace {
// Gains, tuned on the convention's quad (1.5 kg, I = 0.03/0.03/0.05 kg·m²).
constexpr double kLevelGain = 0.5;      // accelerometer levelling, rad/s per unit error
constexpr double kBaroOmega = 1.5;      // baro/accel blend bandwidth, rad/s
constexpr double kAltToClimb = 1.0;     // 1/s
constexpr double kMaxClimb = 2.0, kMaxSink = 1.5; // m/s
constexpr double kClimbP = 2.5, kClimbI = 0.8;    // 1/s, 1/s²
constexpr double kMaxAccelCmd = 4.0;    // m/s²
constexpr double kAttP = 40.0, kAttD = 10.0;      // roll/pitch: rad/s² per rad, per rad/s
constexpr double kYawP = 4.0, kYawD = 3.0;
} // namespace

QuadHoverController::QuadHoverController(const QuadParams &params) : m_p(params) {}

void QuadHoverController::reset() { *this = QuadHoverController(m_p); }

std::array<double, 4> QuadHoverController::mix(const QuadParams &p, double total,
                                               const Vector3 &tau)
{
    // Motor positions (FRD): 0 (+d,+d), 1 (−d,−d), 2 (+d,−d), 3 (−d,+d); thrust along −z gives
    // roll torque −y·T and pitch torque +x·T; CCW motors 0 and 1 give +k·T of yaw.
    const double d = p.armLengthM * std::sqrt(0.5);
    const double k = p.yawTorquePerThrustM;
    const double r = tau.x / (4 * d), q = tau.y / (4 * d), y = tau.z / (4 * k), t = total / 4;
    return {t - r + q + y, t + r - q + y, t + r + q - y, t - r - q - y};
}

void QuadHoverController::forces(const QuadParams &p, const std::array<double, 4> &T,
                                 double *total, Vector3 *tau)
{
    const double d = p.armLengthM * std::sqrt(0.5);
    *total = T[0] + T[1] + T[2] + T[3];
    *tau = {d * (-T[0] + T[1] + T[2] - T[3]), d * (T[0] - T[1] + T[2] - T[3]),
            p.yawTorquePerThrustM * (T[0] + T[1] - T[2] - T[3])};
}

void QuadHoverController::estimate(const HilSensor &s, double dt)
{
    Vector3 w{s.xgyro, s.ygyro, s.zgyro};
    const Vector3 f{s.xacc, s.yacc, s.zacc};
    const double fNorm = f.norm();
    if (fNorm > 0.5 * kGravityMps2 && fNorm < 1.5 * kGravityMps2) {
        // Gravity direction measured (−f) vs. estimated: nudge the attitude towards it.
        const Vector3 downMeas = -f / fNorm;
        const Vector3 downEst = rotateInverse(m_q, {0, 0, 1});
        w += downMeas.cross(downEst) * kLevelGain;
    }
    const Quaternion dq{1.0, 0.5 * w.x * dt, 0.5 * w.y * dt, 0.5 * w.z * dt};
    m_q = normalized(multiply(m_q, dq));

    const double baroAlt = s.pressureAltM - m_baroRefM;
    const double accUp = -(rotate(m_q, f).z + kGravityMps2);
    m_altM += m_climbMps * dt;
    m_climbMps += accUp * dt;
    const double e = baroAlt - m_altM;
    m_altM += 2.0 * kBaroOmega * e * dt;
    m_climbMps += kBaroOmega * kBaroOmega * e * dt;
}

std::array<float, 4> QuadHoverController::update(const HilSensor &s)
{
    if (!m_started || s.timeUsec <= m_lastUsec) {
        if (!m_started) {
            m_started = true;
            m_firstUsec = m_lastUsec = s.timeUsec;
        }
        return {0, 0, 0, 0};
    }
    const double dt = std::min(0.05, (s.timeUsec - m_lastUsec) * 1e-6);
    m_lastUsec = s.timeUsec;
    if (!m_armed) {
        // On the ground: average the baro for the reference, then arm.
        m_baroRefM += (s.pressureAltM - m_baroRefM) / double(++m_baroSamples);
        estimate(s, dt);
        m_altM = m_climbMps = 0.0;
        if ((s.timeUsec - m_firstUsec) * 1e-6 >= m_p.armDelayS) {
            m_armed = true;
            m_yawRefRad = toEuler(m_q).yaw;
        }
        return {0, 0, 0, 0};
    }
    estimate(s, dt);

    const double climbSp = std::clamp(kAltToClimb * (m_p.targetAltitudeM - m_altM), -kMaxSink, kMaxClimb);
    const double climbErr = climbSp - m_climbMps;
    m_climbIntegral = std::clamp(m_climbIntegral + kClimbI * climbErr * dt, -3.0, 3.0);
    const double accCmd = std::clamp(kClimbP * climbErr + m_climbIntegral, -kMaxAccelCmd, kMaxAccelCmd);
    const double tilt = std::max(0.5, rotate(m_q, {0, 0, 1}).z); // cos(roll)·cos(pitch)
    const double total = m_p.massKg * (kGravityMps2 + accCmd) / tilt;

    const EulerAngles e = toEuler(m_q);
    const Vector3 alpha{kAttP * -e.roll - kAttD * s.xgyro, kAttP * -e.pitch - kAttD * s.ygyro,
                        kYawP * wrapPi(m_yawRefRad - e.yaw) - kYawD * s.zgyro};
    const Vector3 tau{alpha.x * m_p.inertiaKgm2.x, alpha.y * m_p.inertiaKgm2.y,
                      alpha.z * m_p.inertiaKgm2.z};
    const auto thrust = mix(m_p, total, tau);
    std::array<float, 4> out{};
    for (int i = 0; i < 4; ++i)
        out[i] = static_cast<float>(std::clamp(thrust[i] / m_p.maxThrustN, 0.0, 1.0));
    return out;
}

} // namespace hil::mavlink
