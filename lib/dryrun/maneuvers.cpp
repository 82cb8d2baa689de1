#include "dryrun/maneuvers.h"
#include "model/rotation.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>

namespace hil::dryrun {

// Outside the anonymous namespace: OmctSignal (maneuvers.h) holds a Builder.
namespace maneuverdetail {

/// The motion at one instant, as a manoeuvre describes it.
struct Motion
{
    Vector3 velNed, accNed;                       ///< m/s, m/s² (kinematic: no gravity)
    double roll = 0, pitch = 0, yaw = 0;          ///< rad, ZYX Euler
    double rollDot = 0, pitchDot = 0, yawDot = 0; ///< rad/s
};

/// Integrates position from velocity and turns each Motion into a SimFrame.
class Builder
{
public:
    explicit Builder(std::vector<SimFrame> *out = nullptr) : m_out(out) {}

    /// The next frame (its time is its index / 250 Hz).
    SimFrame make(const Motion &m)
    {
        const double t = double(m_count) / kManeuverRateHz;
        if (m_count > 0)
            m_pos = m_pos + (m_lastVel + m.velNed) * (0.5 / kManeuverRateHz); // trapezoid
        m_lastVel = m.velNed;
        SimFrame f;
        f.physicsTimeS = t;
        f.sequence = std::uint32_t(++m_count);
        VehicleState &v = f.vehicle;
        v.state.pose.position = m_pos;
        v.state.pose.orientation = fromEuler({m.roll, m.pitch, m.yaw});
        v.velocity = m.velNed;
        v.acceleration = m.accNed;
        // Body rates from Euler rates (ZYX): p = φ' − ψ' sin θ, q = θ' cos φ + ψ' sin φ cos θ,
        // r = −θ' sin φ + ψ' cos φ cos θ.
        const double sp = std::sin(m.roll), cp = std::cos(m.roll);
        const double st = std::sin(m.pitch), ct = std::cos(m.pitch);
        v.angular_velocity = {m.rollDot - m.yawDot * st, m.pitchDot * cp + m.yawDot * sp * ct,
                              -m.pitchDot * sp + m.yawDot * cp * ct};
        f.extras.specificForceFrdMps2 =
            rotateInverse(v.state.pose.orientation, m.accNed - Vector3{0.0, 0.0, kGravityMps2});
        f.extras.rawSpecificForceFrdMps2 = f.extras.specificForceFrdMps2;
        f.extras.rawAccelNedMps2 = m.accNed;
        f.extras.airspeedMps =
            std::sqrt(m.velNed.x * m.velNed.x + m.velNed.y * m.velNed.y + m.velNed.z * m.velNed.z);
        f.extras.groundspeedMps = std::hypot(m.velNed.x, m.velNed.y);
        f.extras.altitudeAglM = -m_pos.z;
        f.extras.controllerActive = true;
        return f;
    }

    void add(const Motion &m) { m_out->push_back(make(m)); }

    /// Calls fn(t within the segment) for `seconds`, one frame per 1/250 s.
    void segment(double seconds, const std::function<Motion(double)> &fn)
    {
        const int n = int(std::lround(seconds * kManeuverRateHz));
        for (int i = 0; i < n; ++i)
            add(fn(double(i) / kManeuverRateHz));
    }

private:
    std::vector<SimFrame> *m_out;
    std::size_t m_count = 0;
    Vector3 m_pos, m_lastVel;
};

} // namespace maneuverdetail

namespace {

constexpr double kG = 9.80665;
constexpr double kPi = 3.14159265358979323846;
const char *const kOmctAxes[6] = {"surge", "sway", "heave", "roll", "pitch", "yaw"};

using maneuverdetail::Builder;
using maneuverdetail::Motion;

/// 0 → 1 over `duration` with zero slope at both ends (half a cosine); its derivative.
double smoothStep(double t, double duration)
{
    const double x = std::clamp(t / duration, 0.0, 1.0);
    return 0.5 - 0.5 * std::cos(kPi * x);
}
double smoothStepRate(double t, double duration)
{
    if (t <= 0 || t >= duration)
        return 0;
    return 0.5 * kPi / duration * std::sin(kPi * t / duration);
}

void coordinatedTurn(Builder &b)
{
    const double v = 30.0, bank = 30.0 * kPi / 180.0;
    double heading = 0;
    auto turning = [&](double roll, double rollDot) {
        const double yawRate = kG * std::tan(roll) / v; // level coordinated turn
        Motion m;
        m.velNed = {v * std::cos(heading), v * std::sin(heading), 0};
        // Centripetal: g·tan φ towards the right of the velocity.
        m.accNed = Vector3{-std::sin(heading), std::cos(heading), 0} * (v * yawRate);
        m.roll = roll;
        m.rollDot = rollDot;
        m.yaw = heading;
        m.yawDot = yawRate;
        heading += yawRate / kManeuverRateHz;
        return m;
    };
    b.segment(2.0, [&](double) { return turning(0, 0); });
    b.segment(3.0, [&](double t) {
        return turning(bank * smoothStep(t, 3.0), bank * smoothStepRate(t, 3.0));
    });
    b.segment(20.0, [&](double) { return turning(bank, 0); });
    b.segment(3.0, [&](double t) {
        return turning(bank * (1 - smoothStep(t, 3.0)), -bank * smoothStepRate(t, 3.0));
    });
    b.segment(2.0, [&](double) { return turning(0, 0); });
}

void takeoff(Builder &b)
{
    const double rollAccel = 2.5, vr = 25.0, rotate = 10.0 * kPi / 180.0, climb = 3.0;
    b.segment(2.0, [](double) { return Motion{}; });
    b.segment(10.0, [&](double t) {
        Motion m;
        m.velNed = {rollAccel * t, 0, 0};
        m.accNed = {rollAccel, 0, 0};
        return m;
    });
    b.segment(2.0, [&](double t) { // rotation: nose up, the climb rate builds up evenly
        Motion m;
        m.velNed = {vr, 0, -climb * t / 2.0};
        m.accNed = {0, 0, -climb / 2.0};
        m.pitch = rotate * smoothStep(t, 2.0);
        m.pitchDot = rotate * smoothStepRate(t, 2.0);
        return m;
    });
    b.segment(6.0, [&](double) {
        Motion m;
        m.velNed = {vr, 0, -climb};
        m.pitch = rotate;
        return m;
    });
}

void landing(Builder &b)
{
    const double v = 25.0, sink = 3.0, flareSink = 0.5, brake = 3.0;
    const double approachPitch = 2.0 * kPi / 180.0, flarePitch = 6.0 * kPi / 180.0;
    b.segment(4.0, [&](double) {
        Motion m;
        m.velNed = {v, 0, sink};
        m.pitch = approachPitch;
        return m;
    });
    b.segment(2.0, [&](double t) {
        Motion m;
        m.velNed = {v, 0, sink - (sink - flareSink) * t / 2.0};
        m.accNed = {0, 0, -(sink - flareSink) / 2.0};
        m.pitch = approachPitch + (flarePitch - approachPitch) * smoothStep(t, 2.0);
        m.pitchDot = (flarePitch - approachPitch) * smoothStepRate(t, 2.0);
        return m;
    });
    b.segment(0.1, [&](double t) { // touchdown: the sink stops in 0.1 s
        Motion m;
        m.velNed = {v, 0, flareSink * (1 - t / 0.1)};
        m.accNed = {0, 0, -flareSink / 0.1};
        m.pitch = flarePitch;
        return m;
    });
    b.segment(1.0, [&](double t) { // the nose comes down
        Motion m;
        m.velNed = {v, 0, 0};
        m.pitch = flarePitch * (1 - smoothStep(t, 1.0));
        m.pitchDot = -flarePitch * smoothStepRate(t, 1.0);
        return m;
    });
    const double brakeS = 7.0;
    b.segment(brakeS, [&](double t) {
        Motion m;
        m.velNed = {v - brake * t, 0, 0};
        m.accNed = {-brake, 0, 0};
        return m;
    });
    b.segment(2.0, [&](double) {
        Motion m;
        m.velNed = {v - brake * brakeS, 0, 0};
        return m;
    });
}

void catapult(Builder &b)
{
    b.segment(2.0, [](double) { return Motion{}; });
    b.segment(3.0, [](double t) {
        Motion m;
        m.velNed = {kG * t, 0, 0};
        m.accNed = {kG, 0, 0};
        return m;
    });
    b.segment(5.0, [](double) {
        Motion m;
        m.velNed = {kG * 3.0, 0, 0};
        return m;
    });
}

/// The OMCT motion of one axis at time t: the input amplitude times env times sin(ωt), env the
/// fade-in (0..1) and envRate its derivative. vel carries the translational axes' velocity.
Motion omctMotion(int axis, double w, double amplitude, double env, double envRate, double t,
                  Vector3 &vel)
{
    const double s = std::sin(w * t), c = std::cos(w * t);
    Motion m;
    if (axis < 3) { // acceleration amplitude·env·sin: world axes = body axes (level, north)
        const double a = amplitude * env * s;
        const Vector3 dir = axis == 0   ? Vector3{1, 0, 0}
                            : axis == 1 ? Vector3{0, -1, 0}  // sway: platform y is LEFT
                                        : Vector3{0, 0, -1}; // heave: up
        m.accNed = dir * a;
        vel = vel + m.accNed * (1.0 / kManeuverRateHz);
        m.velNed = vel;
    } else {
        const double x = amplitude * env * s, xDot = amplitude * (envRate * s + env * w * c);
        m.velNed = vel;
        if (axis == 3) {
            m.roll = x;
            m.rollDot = xDot;
        } else if (axis == 4) {
            m.pitch = x;
            m.pitchDot = xDot;
        } else {
            m.yaw = x;
            m.yawDot = xDot;
        }
    }
    return m;
}

constexpr double kOmctSpeedMps = 20.0; // forward speed: the aircraft flies while it is shaken

// A sine per OMCT frequency: one cycle faded in (the amplitude grows with smoothStep), three held.
void omct(Builder &b, int axis)
{
    Vector3 vel{kOmctSpeedMps, 0, 0};
    for (double w : kOmctFrequencies) {
        const double period = 2 * kPi / w;
        const double amplitude = omctInputAmplitude(axis, w);
        b.segment(4 * period, [&](double t) {
            return omctMotion(axis, w, amplitude, smoothStep(t, period), smoothStepRate(t, period),
                              t, vel);
        });
    }
}

} // namespace

double omctInputAmplitude(int axis, double omegaRadps)
{
    if (axis < 3)
        return 1.0;
    return std::min(5.0 * kPi / 180.0, (10.0 * kPi / 180.0) / omegaRadps);
}

struct OmctSignal::BuilderHolder
{
    Builder builder;
};

OmctSignal::OmctSignal(int axis, double omegaRadps, double scale)
    : m_axis(axis), m_omega(omegaRadps), m_amplitude(scale * omctInputAmplitude(axis, omegaRadps))
{
    const double period = 2 * kPi / omegaRadps;
    if (period <= kOmctLongPeriodS) {
        m_fadeS = period;
        m_measureStartS = period;
        m_measureCycles = 3;
    } else {
        m_fadeS = kOmctLongPeriodS;
        m_measureStartS = 2 * kOmctLongPeriodS;
        m_measureCycles = 1;
    }
    m_frames =
        std::size_t(std::lround((m_measureStartS + m_measureCycles * period) * kManeuverRateHz));
    m_builder = std::make_shared<BuilderHolder>();
    m_vel = Vector3{kOmctSpeedMps, 0, 0};
}

SimFrame OmctSignal::next()
{
    const double t = double(m_next++) / kManeuverRateHz;
    return m_builder->builder.make(omctMotion(m_axis, m_omega, m_amplitude, smoothStep(t, m_fadeS),
                                              smoothStepRate(t, m_fadeS), t, m_vel));
}

QStringList maneuverNames()
{
    QStringList names{QStringLiteral("coordinated-turn"), QStringLiteral("takeoff"),
                      QStringLiteral("landing"), QStringLiteral("catapult")};
    for (const char *a : kOmctAxes)
        names << QStringLiteral("omct-") + QLatin1String(a);
    return names;
}

int omctManeuverDof(const QString &name)
{
    for (int a = 0; a < 6; ++a)
        if (name == QStringLiteral("omct-") + QLatin1String(kOmctAxes[a]))
            return a;
    return -1;
}

bool makeManeuver(const QString &name, std::vector<SimFrame> *frames)
{
    std::vector<SimFrame> out;
    if (name.startsWith(QLatin1String("omct-"))) { // the long one: its frame count known ahead
        std::size_t n = 0;
        for (double w : kOmctFrequencies)
            n += std::size_t(std::lround(4 * 2 * kPi / w * kManeuverRateHz));
        out.reserve(n);
    }
    Builder b(&out);
    if (name == QLatin1String("coordinated-turn"))
        coordinatedTurn(b);
    else if (name == QLatin1String("takeoff"))
        takeoff(b);
    else if (name == QLatin1String("landing"))
        landing(b);
    else if (name == QLatin1String("catapult"))
        catapult(b);
    else {
        const int axis = omctManeuverDof(name);
        if (axis < 0)
            return false;
        omct(b, axis);
    }
    *frames = std::move(out);
    return true;
}

} // namespace hil::dryrun
