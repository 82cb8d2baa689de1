#include "mavlink/quadcontroller.h"
#include "model/rotation.h"

#include <algorithm>
#include <cmath>

namespace hil::mavlink {

namespace {
// Gains, tuned on an iris-sized quad (1.5 kg, I ≈ 0.029/0.029/0.055 kg·m²).
constexpr double kLevelGain = 0.5;                // accelerometer levelling, rad/s per unit error
constexpr double kBaroOmega = 1.5;                // baro/accel blend bandwidth, rad/s
constexpr double kAltToClimb = 1.0;               // 1/s
constexpr double kMaxClimb = 2.0, kMaxSink = 1.5; // m/s
constexpr double kClimbP = 2.5, kClimbI = 0.8;    // 1/s, 1/s²
constexpr double kMaxAccelCmd = 4.0;              // m/s²
constexpr double kAttP = 40.0, kAttD = 10.0;      // roll/pitch: rad/s² per rad, per rad/s
constexpr double kYawP = 4.0, kYawD = 3.0;
} // namespace

QuadHoverController::QuadHoverController(const QuadParams &params) : m_p(params) {}

void QuadHoverController::reset()
{
    *this = QuadHoverController(m_p);
}

std::array<double, 4> QuadHoverController::mix(const QuadParams &p, double total,
                                               const Vector3 &tau)
{
    // Effectiveness B (rows roll, pitch, yaw, thrust; one column per motor), as PX4 builds it
    // from CA_ROTORn_*: a rotor at (x, y) pushing T along −z gives roll −y·T, pitch +x·T, and
    // its drag turns the body by KM·T (KM > 0 counter-clockwise). Solve B·T = (τ, total) by
    // Gauss-Jordan elimination with partial pivoting.
    double a[4][5];
    for (int i = 0; i < 4; ++i) {
        a[0][i] = -p.rotorY[std::size_t(i)];
        a[1][i] = p.rotorX[std::size_t(i)];
        a[2][i] = p.rotorKm[std::size_t(i)];
        a[3][i] = 1.0;
    }
    a[0][4] = tau.x;
    a[1][4] = tau.y;
    a[2][4] = tau.z;
    a[3][4] = total;
    for (int c = 0; c < 4; ++c) {
        int pivot = c;
        for (int r = c + 1; r < 4; ++r)
            if (std::abs(a[r][c]) > std::abs(a[pivot][c]))
                pivot = r;
        if (std::abs(a[pivot][c]) < 1e-12)
            return {total / 4, total / 4, total / 4, total / 4};
        if (pivot != c)
            for (int k = 0; k < 5; ++k)
                std::swap(a[c][k], a[pivot][k]);
        for (int r = 0; r < 4; ++r) {
            if (r == c)
                continue;
            const double f = a[r][c] / a[c][c];
            for (int k = c; k < 5; ++k)
                a[r][k] -= f * a[c][k];
        }
    }
    return {a[0][4] / a[0][0], a[1][4] / a[1][1], a[2][4] / a[2][2], a[3][4] / a[3][3]};
}

bool QuadHoverController::arm(bool on)
{
    if (on && !ready())
        return false;
    if (on && !m_armed) {
        m_armed = true;
        m_yawRefRad = toEuler(m_q).yaw;
        m_targetM = 0.0;
        m_landing = false;
        m_climbIntegral = 0.0;
    } else if (!on) {
        m_armed = false;
        m_landing = false;
    }
    return true;
}

bool QuadHoverController::takeoff(double heightM)
{
    if (!m_armed || !std::isfinite(heightM))
        return false;
    m_targetM = heightM;
    m_landing = false;
    return true;
}

void QuadHoverController::land()
{
    if (!m_armed)
        return;
    m_landing = true;
    m_landedS = 0.0;
}

void QuadHoverController::hold()
{
    m_landing = false;
    m_targetM = m_altM;
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
        // On the ground: average the baro for the reference; arm by itself in the demo.
        m_baroRefM += (s.pressureAltM - m_baroRefM) / double(++m_baroSamples);
        estimate(s, dt);
        m_altM = m_climbMps = 0.0;
        if ((s.timeUsec - m_firstUsec) * 1e-6 >= m_p.armDelayS) {
            m_readyToArm = true;
            if (m_p.autoArm && !m_autoArmed) {
                m_autoArmed = true;
                arm(true);
                m_targetM = m_p.targetAltitudeM;
            }
        }
        return {0, 0, 0, 0};
    }
    estimate(s, dt);

    if (m_landing) {
        m_targetM = m_altM - 2.0; // keeps sinking at the limit
        if (m_altM < 0.3 && std::abs(m_climbMps) < 0.3) {
            m_landedS += dt;
            if (m_landedS > 1.0) {
                arm(false);
                return {0, 0, 0, 0};
            }
        } else {
            m_landedS = 0.0;
        }
    }
    if (m_targetM <= 0.0 && m_altM < 0.2) // armed on the ground, no take-off yet: idle
        return {0.05f, 0.05f, 0.05f, 0.05f};
    const double climbSp = std::clamp(kAltToClimb * (m_targetM - m_altM), -kMaxSink, kMaxClimb);
    const double climbErr = climbSp - m_climbMps;
    m_climbIntegral = std::clamp(m_climbIntegral + kClimbI * climbErr * dt, -3.0, 3.0);
    const double accCmd =
        std::clamp(kClimbP * climbErr + m_climbIntegral, -kMaxAccelCmd, kMaxAccelCmd);
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
        out[i] = static_cast<float>(std::clamp(thrust[i] / m_p.maxThrustN(), 0.0, 1.0));
    return out;
}

} // namespace hil::mavlink
