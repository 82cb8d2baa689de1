#include "raven/cueing.h"
#include "model/rotation.h"
#include "raven/ravencodec.h"

#include <algorithm>
#include <cmath>

namespace hil::raven {

namespace {
double lowPass(double prev, double x, double dt, double tau)
{
    if (tau <= 0.0 || dt <= 0.0)
        return x;
    return prev + (x - prev) * (dt / (tau + dt));
}
} // namespace

MotionCueing::MotionCueing(const CueingSettings &settings) : m_settings(settings) {}

void MotionCueing::setSettings(const CueingSettings &settings)
{
    const bool frameChanged = settings.frameId != m_settings.frameId;
    m_settings = settings;
    if (frameChanged)
        reset(); // frame 5 and 21 carry different quantities: filter state is meaningless
}

void MotionCueing::reset()
{
    m_primed = false;
    m_angAccel = {};
    m_state = {};
}

double MotionCueing::axisLimit(int axis) const
{
    const double configured = m_settings.axes[std::size_t(axis)].limit;
    double platform = 0.0;
    if (axis <= AxHeave)
        platform = kMaxAccelMmps2 / 1000.0;
    else if (axis <= AxYaw)
        platform = degToRad(kMaxRotAccelDegps2);
    else
        platform = degToRad(90.0); // tilt cues beyond ±90° make no sense for a seat
    return configured > 0.0 ? std::min(configured, platform) : platform;
}

Cue MotionCueing::avatarCue(const SimFrame &f, const CueingSettings &s, const Vector3 &angAccel)
{
    Cue c;
    c.frameId = s.frameId;
    c.gravityMps2 = s.gravityMps2;
    const Quaternion q = normalized(f.vehicle.state.pose.orientation);
    Vector3 lin;
    if (s.frameId == IdAccel) {
        lin = s.useAccelerometer
                  ? f.extras.specificForceFrdMps2
                  : rotateInverse(q, f.vehicle.acceleration - Vector3{0.0, 0.0, s.gravityMps2});
    } else {
        lin = rotateInverse(q, f.vehicle.acceleration);
        const EulerAngles e = toEuler(q);
        c.v[AxRollAngle] = e.roll; // FRD Euler here; signed by kFrdToPlatform below
        c.v[AxPitchAngle] = e.pitch;
    }
    // Body FRD values first, then the one sign table into the platform's right-handed frame.
    c.v[AxSurge] = lin.x;
    c.v[AxSway] = lin.y;
    c.v[AxHeave] = lin.z;
    c.v[AxRoll] = angAccel.x;
    c.v[AxPitch] = angAccel.y;
    c.v[AxYaw] = angAccel.z;
    for (int a = 0; a < AxisCount; ++a)
        c.v[std::size_t(a)] *= kFrdToPlatform[a];
    return c;
}

Cue MotionCueing::neutral() const
{
    Cue c;
    c.frameId = m_settings.frameId;
    c.gravityMps2 = m_settings.gravityMps2;
    if (m_settings.frameId == IdAccel)
        c.v[AxHeave] =
            m_settings.axes[AxHeave].invert ? -m_settings.gravityMps2 : m_settings.gravityMps2;
    return c;
}

Cue MotionCueing::update(const SimFrame &f)
{
    const double t = f.physicsTimeS;
    double dt = t - m_lastTimeS;
    const Vector3 rate = f.vehicle.angular_velocity;
    const bool continuous = m_primed && dt > 0.0 && dt < 0.5;
    if (continuous) {
        const Vector3 raw = (rate - m_lastRate) / dt;
        const double tau = m_settings.angularAccelTauS;
        m_angAccel = {lowPass(m_angAccel.x, raw.x, dt, tau), lowPass(m_angAccel.y, raw.y, dt, tau),
                      lowPass(m_angAccel.z, raw.z, dt, tau)};
    } else {
        m_angAccel = {}; // first frame, a reset or a time jump: no derivative to take
        dt = 0.0;
    }
    m_lastRate = rate;
    m_lastTimeS = t;

    const Cue raw = avatarCue(f, m_settings, m_angAccel);
    const Cue zero = neutral();
    Cue out = raw;
    for (int a = 0; a < AxisCount; ++a) {
        const AxisSettings &as = m_settings.axes[std::size_t(a)];
        const double n = zero.v[std::size_t(a)];
        double x = raw.v[std::size_t(a)];
        if (as.invert)
            x = -x;
        x = n + (x - n) * as.gain;
        double &st = m_state[std::size_t(a)];
        if (!continuous) {
            st = x;
        } else {
            x = lowPass(st, x, dt, as.lowPassTauS);
            if (as.rateLimit > 0.0)
                x = std::clamp(x, st - as.rateLimit * dt, st + as.rateLimit * dt);
            st = x;
        }
        const double lim = axisLimit(a);
        out.v[std::size_t(a)] = std::clamp(x, -lim, lim);
    }
    m_primed = true;
    return out;
}

QByteArray MotionCueing::encode(const Cue &cue, double safetyGain, std::uint64_t *clamps) const
{
    return encodeScaled(cue, std::clamp(safetyGain, 0.0, 1.0) * m_settings.masterGain, clamps);
}

QByteArray MotionCueing::encodeTestPulse(const Cue &cue, std::uint64_t *clamps) const
{
    return encodeScaled(cue, 1.0, clamps);
}

QByteArray MotionCueing::encodeScaled(const Cue &cue, double g, std::uint64_t *clamps) const
{
    const Cue zero = neutral();
    std::array<double, AxisCount> v{};
    for (int a = 0; a < AxisCount; ++a) {
        const double n = zero.v[std::size_t(a)];
        v[std::size_t(a)] = n + (cue.v[std::size_t(a)] - n) * g;
    }
    Accel6 acc;
    for (int a = AxSurge; a <= AxHeave; ++a)
        acc[std::size_t(a)] = accelToMmps2(v[std::size_t(a)], clamps);
    for (int a = AxRoll; a <= AxYaw; ++a)
        acc[std::size_t(a)] = rotAccelToDegps2(v[std::size_t(a)], clamps);
    if (cue.frameId == IdAccel)
        return encodeAccel(acc);
    const std::int32_t roll = angleToMdeg(v[AxRollAngle], clamps);
    const std::int32_t pitch = angleToMdeg(v[AxPitchAngle], clamps);
    if (cue.frameId == IdAccelAttitudeGravity)
        return encodeAccelAttitudeGravity(acc, roll, pitch, accelToMmps2(cue.gravityMps2, clamps));
    return encodeAccelAttitude(acc, roll, pitch);
}

bool MotionCueing::admit(const SimFrame &f, std::int64_t nowNs)
{
    if (m_havePaced && f.sequence == m_lastSequence && f.physicsTimeS == m_lastPhysicsS)
        return false; // the same state again: nothing new to cue
    const double cap = m_settings.maxRateHz;
    if (m_havePaced && cap > 0.0 && double(nowNs - m_lastSentNs) < 1e9 / cap)
        return false;
    m_havePaced = true;
    m_lastSentNs = nowNs;
    m_lastSequence = f.sequence;
    m_lastPhysicsS = f.physicsTimeS;
    return true;
}

} // namespace hil::raven
