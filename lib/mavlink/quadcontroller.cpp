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
// By stick (PX4's manual modes, softened for the stand-in).
constexpr double kStickDeadzone = 0.05;
constexpr double kMaxStickSpeed = 5.0;    // m/s, full stick in Position
constexpr double kMaxStickTilt = 0.61;    // rad (35°), full stick in Altitude/Stabilized
constexpr double kMaxStickYawRate = 1.57; // rad/s, full rudder
constexpr double kPosP = 0.8;             // 1/s: position error → speed
constexpr double kVelP = 1.8;             // 1/s: speed error → acceleration
constexpr double kMaxHorizAccel = 5.0;    // m/s²
constexpr double kGpsBlend = 0.3;         // per fix (10 Hz): GPS vs. dead reckoning
constexpr double kEarthRadiusM = 6371000.0;

double deadzone(double v)
{
    return std::abs(v) < kStickDeadzone ? 0.0 : v;
}
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

void QuadHoverController::setStickMode(StickMode mode)
{
    if (mode == m_stickMode)
        return;
    m_stickMode = mode;
    m_landing = false;
    m_holdingPos = false;
    m_stickClimbing = false;
    if (mode != StickMode::Off && m_armed && m_targetM <= 0.0)
        m_targetM = m_altM;
}

void QuadHoverController::setSticks(double pitch, double roll, double yaw, double throttle)
{
    m_stickPitch = std::clamp(pitch, -1.0, 1.0);
    m_stickRoll = std::clamp(roll, -1.0, 1.0);
    m_stickYaw = std::clamp(yaw, -1.0, 1.0);
    m_stickThrottle = std::clamp(throttle, 0.0, 1.0);
}

void QuadHoverController::gps(const HilGps &g)
{
    const double lat = degToRad(g.latDegE7 * 1e-7), lon = degToRad(g.lonDegE7 * 1e-7);
    if (!m_gpsValid) {
        m_gpsValid = true;
        m_lat0Rad = lat;
        m_lon0Rad = lon;
        m_posN = m_posE = 0;
        m_velN = g.vnCmps / 100.0;
        m_velE = g.veCmps / 100.0;
        return;
    }
    const double n = (lat - m_lat0Rad) * kEarthRadiusM;
    const double e = (lon - m_lon0Rad) * kEarthRadiusM * std::cos(m_lat0Rad);
    m_posN += kGpsBlend * (n - m_posN);
    m_posE += kGpsBlend * (e - m_posE);
    m_velN += kGpsBlend * (g.vnCmps / 100.0 - m_velN);
    m_velE += kGpsBlend * (g.veCmps / 100.0 - m_velE);
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
    // Horizontal dead reckoning between GPS fixes.
    const Vector3 fNed = rotate(m_q, f);
    m_posN += m_velN * dt;
    m_posE += m_velE * dt;
    m_velN += fNed.x * dt;
    m_velE += fNed.y * dt;
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
    const bool bySticks = m_stickMode != StickMode::Off && !m_landing;
    if (m_targetM <= 0.0 && m_altM < 0.2 &&
        !(bySticks && m_stickThrottle > 0.5 + kStickDeadzone)) // on the ground, no take-off yet
        return {0.05f, 0.05f, 0.05f, 0.05f};
    const EulerAngles e = toEuler(m_q);
    double rollSp = 0, pitchSp = 0;
    if (bySticks) {
        m_yawRefRad = wrapPi(m_yawRefRad + deadzone(m_stickYaw) * kMaxStickYawRate * dt);
        if (m_stickMode != StickMode::Stabilized) {
            // Throttle around centre: a climb or sink rate; centre holds the altitude it is at.
            const double c = deadzone((m_stickThrottle - 0.5) * 2.0);
            if (c != 0.0) {
                const double rate = c > 0 ? c * kMaxClimb : c * kMaxSink;
                m_targetM = m_altM + rate / kAltToClimb;
                m_stickClimbing = true;
            } else if (m_stickClimbing) {
                m_targetM = m_altM;
                m_stickClimbing = false;
            }
        }
        if (m_stickMode == StickMode::Position && m_gpsValid) {
            const double fwd = deadzone(m_stickPitch), right = deadzone(m_stickRoll);
            const double cy = std::cos(m_yawRefRad), sy = std::sin(m_yawRefRad);
            double vN, vE;
            if (fwd != 0.0 || right != 0.0) {
                m_holdingPos = false;
                vN = (cy * fwd - sy * right) * kMaxStickSpeed;
                vE = (sy * fwd + cy * right) * kMaxStickSpeed;
            } else {
                if (!m_holdingPos) {
                    m_holdingPos = true;
                    m_holdN = m_posN;
                    m_holdE = m_posE;
                }
                vN = std::clamp(kPosP * (m_holdN - m_posN), -kMaxStickSpeed, kMaxStickSpeed);
                vE = std::clamp(kPosP * (m_holdE - m_posE), -kMaxStickSpeed, kMaxStickSpeed);
            }
            double aN = kVelP * (vN - m_velN), aE = kVelP * (vE - m_velE);
            const double a = std::hypot(aN, aE);
            if (a > kMaxHorizAccel) {
                aN *= kMaxHorizAccel / a;
                aE *= kMaxHorizAccel / a;
            }
            // Tilt the thrust towards the acceleration, in the heading's frame: nose down
            // (negative pitch) to go forward, right side down (positive roll) to go right.
            const double aFwd = cy * aN + sy * aE, aRight = -sy * aN + cy * aE;
            pitchSp = -std::atan2(aFwd, kGravityMps2);
            rollSp = std::atan2(aRight, kGravityMps2);
        } else if (m_stickMode != StickMode::Position) {
            pitchSp = -deadzone(m_stickPitch) * kMaxStickTilt;
            rollSp = deadzone(m_stickRoll) * kMaxStickTilt;
        }
    }
    const double climbSp = std::clamp(kAltToClimb * (m_targetM - m_altM), -kMaxSink, kMaxClimb);
    const double climbErr = climbSp - m_climbMps;
    m_climbIntegral = std::clamp(m_climbIntegral + kClimbI * climbErr * dt, -3.0, 3.0);
    const double accCmd =
        std::clamp(kClimbP * climbErr + m_climbIntegral, -kMaxAccelCmd, kMaxAccelCmd);
    const double tilt = std::max(0.5, rotate(m_q, {0, 0, 1}).z); // cos(roll)·cos(pitch)
    const double total = bySticks && m_stickMode == StickMode::Stabilized
                             ? 4.0 * m_p.maxThrustN() * m_stickThrottle
                             : m_p.massKg * (kGravityMps2 + accCmd) / tilt;

    const Vector3 alpha{kAttP * (rollSp - e.roll) - kAttD * s.xgyro,
                        kAttP * (pitchSp - e.pitch) - kAttD * s.ygyro,
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
