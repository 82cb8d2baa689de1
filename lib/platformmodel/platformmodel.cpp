#include "platformmodel/platformmodel.h"

#include "model/rotation.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace hil::platformmodel {

namespace {

/// A critically damped second-order low-pass is within 2 % of a step once ωt ≥ 5.8339
/// ((1 + x)·e^(−x) = 0.02), rounded up.
constexpr double kCriticalSettle2pc = 5.84;
constexpr double kSettleBand = 0.02;

/// 1/(s² + 2ζωn·s + ωn²): the washout high-pass s²/(...) followed by the double integration,
/// folded into one filter so that no free integrator can drift.
Biquad washoutToPosition(double naturalRadps, double damping, double dt)
{
    return Biquad::fromContinuous(0.0, 0.0, 1.0, 1.0, 2.0 * damping * naturalRadps,
                                  naturalRadps * naturalRadps, dt);
}

/// The slowest decay rate (1/s) of a second-order section.
double slowestRate(double naturalRadps, double damping)
{
    if (damping >= 1.0)
        return naturalRadps * (damping - std::sqrt(damping * damping - 1.0));
    return damping * naturalRadps;
}

/// Last time |y| is outside kSettleBand of its peak, for a response sampled every dt, looked
/// for over 40 time constants of the slowest mode but no more than 600 s (a file may ask for
/// absurdly slow washouts; they report 600 s).
template <typename Next> double settleOf(Next next, double slowest, double dt)
{
    const int n = static_cast<int>(std::ceil(std::min(40.0 / slowest, 600.0) / dt));
    std::vector<double> y(static_cast<std::size_t>(n));
    double peak = 0.0;
    for (int i = 0; i < n; ++i) {
        y[i] = next(i);
        peak = std::max(peak, std::abs(y[i]));
    }
    int last = -1;
    for (int i = 0; i < n; ++i)
        if (std::abs(y[i]) > kSettleBand * peak)
            last = i;
    return (last + 1) * dt;
}

} // namespace

FrameCommand neutralCommand(int frameId)
{
    FrameCommand c;
    c.frameId = frameId;
    if (frameId == 5)
        c.accelMps2 = {0.0, 0.0, kGravityMps2};
    c.gravityMps2 = frameId == 21 ? kFrame21GravityMps2 : kGravityMps2;
    return c;
}

Envelope defaultEnvelope()
{
    Envelope e;
    e.dofMax = {0.12, 0.11, 0.08, degToRad(12.0), degToRad(12.0), degToRad(16.0)};
    for (int i = 0; i < 6; ++i)
        e.dofMin[i] = -e.dofMax[i];
    const double neutral = actuatorLengths(defaultGeometry(), {})[0];
    e.actuatorMinM = neutral - kDefaultStrokeM / 2.0;
    e.actuatorMaxM = neutral + kDefaultStrokeM / 2.0;
    return e;
}

double settlingTimeS(const TranslationalWashout &w, double rateHz)
{
    const double dt = 1.0 / rateHz;
    Biquad second = washoutToPosition(w.naturalRadps, w.damping, dt);
    FirstOrder brk = FirstOrder::highPass(w.breakRadps, dt);
    const double slowest = std::min(slowestRate(w.naturalRadps, w.damping), w.breakRadps);
    return settleOf([&](int) { return brk.step(second.step(1.0)); }, slowest, dt);
}

double settlingTimeS(const RotationalWashout &w, double rateHz)
{
    const double dt = 1.0 / rateHz;
    Biquad f = washoutToPosition(w.naturalRadps, w.damping, dt);
    // A step of 1 rad/s in rate is one sample of 1/dt rad/s² in acceleration.
    return settleOf([&](int i) { return f.step(i == 0 ? 1.0 / dt : 0.0); },
                    slowestRate(w.naturalRadps, w.damping), dt);
}

std::array<double, 3> feltSpecificForce(const FrameCommand &c, double *gravity)
{
    double g = c.gravityMps2;
    if (c.frameId == 5) {
        *gravity = g;
        return c.accelMps2;
    }
    if (c.frameId == 21)
        g = kFrame21GravityMps2;
    *gravity = g;
    // Gravity in a seat rolled by φ (right side down) and pitched by θ (nose down):
    // Rx(φ)ᵀ·Ry(θ)ᵀ·(0, 0, g) = g·(−sin θ, sin φ·cos θ, cos φ·cos θ). A nose-down seat
    // pulls the rider forward out of the seat back: felt force backward (−x).
    const double sp = std::sin(c.pitchAngleRad), cp = std::cos(c.pitchAngleRad);
    const double sr = std::sin(c.rollAngleRad), cr = std::cos(c.rollAngleRad);
    return {c.accelMps2[0] - g * sp, c.accelMps2[1] + g * sr * cp, c.accelMps2[2] + g * cr * cp};
}

TranslationalChannel::TranslationalChannel(const TranslationalWashout &w, double dt)
    : m_second(washoutToPosition(w.naturalRadps, w.damping, dt)),
      m_break(FirstOrder::highPass(w.breakRadps, dt))
{
}

void TranslationalChannel::reset()
{
    m_second.reset();
    m_break.reset();
}

RotationalChannel::RotationalChannel(const RotationalWashout &w, double dt)
    : m_filter(washoutToPosition(w.naturalRadps, w.damping, dt))
{
}

TiltChannel::TiltChannel(const Washout &w, double dt)
    : m_lowPass(Biquad::lowPass(w.tiltLowPassRadps, w.tiltLowPassDamping, dt)),
      m_rate(w.tiltRateLimitRadps, dt), m_sinMax(std::sin(w.tiltMaxRad)), m_on(w.tiltCoordination)
{
}

double TiltChannel::step(double forceMps2, double gravityMps2)
{
    if (!m_on)
        return 0.0;
    const double want = std::asin(
        std::clamp(m_lowPass.step(forceMps2) / std::max(gravityMps2, 1.0), -m_sinMax, m_sinMax));
    return m_rate.step(want);
}

void TiltChannel::reset()
{
    m_lowPass.reset();
    m_rate.reset();
}

PlatformModel::PlatformModel(const ModelConfig &config) : m_config(config)
{
    m_dt = 1.0 / m_config.rateHz;
    const Washout &w = m_config.washout;
    for (int i = 0; i < 3; ++i) {
        const TranslationalWashout &t = w.translational[i];
        m_trans[i] = TranslationalChannel(t, m_dt);
        const RotationalWashout &r = w.rotational[i];
        m_rot[i] = RotationalChannel(r, m_dt);
        const double transSettle = settlingTimeS(t, m_config.rateHz);
        const double rotSettle = settlingTimeS(r, m_config.rateHz);
        m_target[i] = Biquad::lowPass(kCriticalSettle2pc / transSettle, 1.0, m_dt);
        m_target[3 + i] = Biquad::lowPass(kCriticalSettle2pc / rotSettle, 1.0, m_dt);
    }
    for (int i = 0; i < 2; ++i)
        m_tilt[i] = TiltChannel(w, m_dt);
    const long delaySteps = std::lround(std::max(m_config.delayS, 0.0) * m_config.rateHz);
    m_delayLine.resize(std::size_t(delaySteps));
    reset();
}

void PlatformModel::reset()
{
    for (int i = 0; i < 3; ++i) {
        m_trans[i].reset();
        m_rot[i].reset();
    }
    for (int i = 0; i < 2; ++i)
        m_tilt[i].reset();
    m_delayAt = 0;
    m_primed = false;
}

StepResult PlatformModel::step(const FrameCommand &command, const Pose &washoutTarget)
{
    FrameCommand c = (command.frameId == 5 || command.frameId == 21 || command.frameId == 85)
                         ? command
                         : neutralCommand(5);
    const std::array<double, 6> target = washoutTarget.toArray();
    if (!m_delayLine.empty()) {
        // Before the first frame the platform held the neutral cue of the frame it is sent.
        if (!m_primed)
            std::fill(m_delayLine.begin(), m_delayLine.end(), neutralCommand(c.frameId));
        std::swap(c, m_delayLine[m_delayAt]);
        m_delayAt = (m_delayAt + 1) % m_delayLine.size();
    }
    if (!m_primed) {
        for (int i = 0; i < 6; ++i)
            m_target[i].reset(target[i]);
        m_lastPos = m_prevPos = {target[0], target[1], target[2]};
        m_lastRotation = seatToBase(washoutTarget);
        m_lastHead = m_prevHead = m_lastPos + multiply(m_lastRotation, m_config.geometry.headM);
        m_primed = true;
    }

    StepResult r;
    // 1. The specific force the frame describes (seat axes).
    double g = 0.0;
    r.feltSpecificForce = feltSpecificForce(c, &g);
    const std::array<double, 3> &f = r.feltSpecificForce;

    // 2. Translational washout of the deviation from the rest force (0, 0, g).
    const std::array<double, 3> deviation{f[0], f[1], f[2] - g};
    const std::array<double, 6> &gain = m_config.washout.gain;
    std::array<double, 6> demanded{};
    for (int i = 0; i < 3; ++i)
        demanded[i] = gain[i] * m_trans[i].step(deviation[i]);

    // 3. Tilt coordination: sustained f_x, f_y from gravity. The seat's gravity term is
    // (−g·sin θ, g·sin φ·cos θ), so f_x > 0 (pushed back into the seat) needs θ < 0, NOSE UP,
    // and f_y > 0 (pushed to the right, a leftward acceleration) needs φ > 0, right side down.
    const double tilt[2] = {m_tilt[0].step(f[1], g), -m_tilt[1].step(f[0], g)};
    r.tiltRad = {tilt[0], tilt[1]};

    // 4. Rotational washout, plus the tilt on roll and pitch.
    for (int i = 0; i < 3; ++i)
        demanded[3 + i] =
            gain[3 + i] * (m_rot[i].step(c.angAccelRadps2[i]) + (i < 2 ? tilt[i] : 0.0));

    // 5. Around the washout target, which itself moves with the DoF's settling time.
    for (int i = 0; i < 6; ++i)
        demanded[i] += m_target[i].step(target[i]);

    // 6. The envelope, then the stroke.
    constexpr double kOnLimit = 1e-9;
    const Envelope &e = m_config.envelope;
    std::array<double, 6> pose{};
    for (int i = 0; i < 6; ++i) {
        pose[i] = std::clamp(demanded[i], e.dofMin[i], e.dofMax[i]);
        r.dofAtLimit[i] =
            !(demanded[i] > e.dofMin[i] + kOnLimit && demanded[i] < e.dofMax[i] - kOnLimit);
    }
    r.demanded = Pose::fromArray(demanded);
    r.pose = Pose::fromArray(pose);
    const Matrix3 rot = seatToBase(r.pose);
    if (m_actuators) {
        r.actuatorM = actuatorLengths(m_config.geometry, r.pose, rot);
        r.actuatorAtLimit = strokeFlags(r.actuatorM, e.actuatorMinM, e.actuatorMaxM);
    }

    // 7. What the seat delivers: its acceleration plus the real gravity, in seat axes.
    const Vector3 position{pose[0], pose[1], pose[2]};
    const Vector3 accel = (position - m_lastPos * 2.0 + m_prevPos) / (m_dt * m_dt);
    m_prevPos = m_lastPos;
    m_lastPos = position;
    const Vector3 delivered = multiplyTransposed(rot, accel + Vector3{0.0, 0.0, kGravityMps2});
    r.deliveredSpecificForce = {delivered.x, delivered.y, delivered.z};
    const Vector3 head = position + multiply(rot, m_config.geometry.headM);
    const Vector3 headAccel = (head - m_lastHead * 2.0 + m_prevHead) / (m_dt * m_dt);
    m_prevHead = m_lastHead;
    m_lastHead = head;
    const Vector3 atHead = multiplyTransposed(rot, headAccel + Vector3{0.0, 0.0, kGravityMps2});
    r.headSpecificForce = {atHead.x, atHead.y, atHead.z};
    Matrix3 d{};
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            for (int m = 0; m < 3; ++m)
                d[i][j] += m_lastRotation[m][i] * rot[m][j];
    m_lastRotation = rot;
    r.seatRateRadps = {(d[2][1] - d[1][2]) / (2 * m_dt), (d[0][2] - d[2][0]) / (2 * m_dt),
                       (d[1][0] - d[0][1]) / (2 * m_dt)};
    return r;
}

} // namespace hil::platformmodel
