#pragma once
// PlatformModel: an offline stand-in for the platform's Mantis controller, for the cueing dry-run
// (issue 24): RavenAPI acceleration frames 5/21/85 in, platform pose and actuator lengths out,
// with the envelope and stroke limits it would hit. A classical washout (Reid & Nahon) written for
// judgement, not a copy of Mantis, which Iris does not publish: docs/platform-model.md has the
// block diagram, every equation, the defaults and why, and what the model cannot know.
// Pure: no clocks, sockets or event loop; time advances one step() per 1/rateHz, the caller
// zero-order-holding the latest frame. One instance per caller (not thread-safe, copyable).
// Units: SI inside and out (m, m/s², rad, rad/s²), platform frame (x forward, y LEFT, z up;
// roll right side down, pitch nose DOWN, yaw nose LEFT: kinematics.h, docs/protocols/ravenapi.md).

#include "platformmodel/filters.h"
#include "platformmodel/kinematics.h"

#include <QString>
#include <QStringList>
#include <array>
#include <vector>

namespace hil::platformmodel {

/// Frame 21's gravity: "Mantis assumes a typical gravity acceleration of 9800" (the guide).
inline constexpr double kFrame21GravityMps2 = 9.8;

/// One RavenAPI acceleration frame in SI, platform frame (what MotionCueing encodes).
struct FrameCommand
{
    int frameId = 5; ///< 5, 21 or 85; any other id counts as the neutral cue
    /// surge, sway, heave (m/s²). Frame 5: specific force, +g in heave at rest, level.
    /// Frames 21/85: kinematic acceleration, all zero at rest.
    std::array<double, 3> accelMps2{};
    std::array<double, 3> angAccelRadps2{}; ///< roll, pitch, yaw (rad/s²)
    double rollAngleRad = 0.0;              ///< frames 21/85: right side down
    double pitchAngleRad = 0.0;             ///< frames 21/85: nose down
    /// Frame 85: the gravity the platform projects. Frame 5: the gravity the sender added (the
    /// heave at rest, level), the model's reference for "no heave cue". Frame 21 uses 9.8.
    double gravityMps2 = 9.80665;
};

/// The cue a still, level rider gets in each frame ("zero cues" = this, never all-zero words).
FrameCommand neutralCommand(int frameId);

/// Where the model saturates (platform frame, relative to neutral; m and rad) and the stroke.
struct Envelope
{
    std::array<double, 6> dofMin{}; ///< surge, sway, heave (m), roll, pitch, yaw (rad)
    std::array<double, 6> dofMax{};
    double actuatorMinM = 0.0; ///< joint-to-joint length, fully retracted
    double actuatorMaxM = 0.0; ///< fully extended
};

/// Translational channel (surge, sway, heave): position = f · s / ((s² + 2ζωn·s + ωn²)(s + ωb)),
/// i.e. the specific-force deviation, third-order high-passed, integrated twice.
struct TranslationalWashout
{
    double naturalRadps = 4.0;
    double damping = 1.0;
    double breakRadps = 1.0; ///< ωb: the extra first-order high-pass that brings position back
};

/// Rotational channel: angle = α / (s² + 2ζωn·s + ωn²), i.e. the angular acceleration,
/// second-order high-passed, integrated twice.
struct RotationalWashout
{
    double naturalRadps = 1.5;
    double damping = 1.0;
};

/// Defaults: ASSUMPTIONS (Iris publishes none of Mantis' internals), docs/platform-model.md.
struct Washout
{
    std::array<TranslationalWashout, 3> translational{TranslationalWashout{4.0, 1.0, 1.0},
                                                      TranslationalWashout{4.0, 1.0, 1.0},
                                                      TranslationalWashout{5.0, 1.0, 1.0}};
    /// Tilt coordination: the surge/sway specific force, second-order low-passed, becomes a seat
    /// tilt that lets gravity supply it, turned at most tiltRateLimitRadps and tiltMaxRad.
    double tiltLowPassRadps = 5.0;
    double tiltLowPassDamping = 1.0;
    double tiltRateLimitRadps = 0.05235987755982988; ///< 3 deg/s
    double tiltMaxRad = 0.20943951023931953;         ///< 12 deg
    std::array<RotationalWashout, 3> rotational{
        RotationalWashout{1.5, 1.0}, RotationalWashout{1.5, 1.0}, RotationalWashout{1.0, 1.0}};
    /// False: no tilt coordination at all (roll and pitch come from the angular channel only).
    bool tiltCoordination = true;
    /// Per DoF (surge … yaw): the platform's own scaling of each DoF's washout output (the
    /// translation, or rotation plus tilt), before the washout target and the envelope. 1 is
    /// the cue as sent; an identified platform may scale its cues.
    std::array<double, 6> gain{1.0, 1.0, 1.0, 1.0, 1.0, 1.0};
};

/// ASSUMPTION: the default geometry's single-DoF reach (150 mm stroke), rounded down.
Envelope defaultEnvelope();

/// Where a model's numbers come from, when they were measured (the model file's "identified"
/// object); empty utc: the labelled assumptions or a hand-written file.
struct ModelOrigin
{
    QString identifiedUtc; ///< ISO 8601, when the identification ran
    QStringList sessions;  ///< the sessions it was fitted to, each with where and which firmware
    QString validatedOn;   ///< "stand-ins" until a real platform's recording has been identified
    bool identified() const { return !identifiedUtc.isEmpty(); }
};

struct ModelConfig
{
    ModelOrigin origin;
    double rateHz = 250.0;
    /// A pure delay (s) between a frame and its first effect, rounded to whole steps: the
    /// platform's transport and processing time, 0 in the assumed model.
    double delayS = 0.0;
    Geometry geometry = defaultGeometry();
    Envelope envelope = defaultEnvelope();
    Washout washout;
};

struct StepResult
{
    Pose demanded;                         ///< what the washout asks for, before the envelope
    Pose pose;                             ///< after saturation at the envelope
    std::array<double, 6> actuatorM{};     ///< lengths the saturated pose needs (not clipped)
    std::array<bool, 6> dofAtLimit{};      ///< demanded on or beyond the envelope
    std::array<bool, 6> actuatorAtLimit{}; ///< length on or beyond the stroke
    /// What the rider should feel according to the frame (specific force, seat axes, m/s²):
    /// frame 5 as sent; 21/85 kinematic acceleration + the frame's gravity projected by its
    /// roll and pitch angles.
    std::array<double, 3> feltSpecificForce{};
    /// What the saturated pose delivers at the seat origin: R⁻¹·(ẍ + g·ẑ), ẍ from the pose's
    /// second difference, g = 9.80665 (the rider's real gravity), seat axes, m/s².
    std::array<double, 3> deliveredSpecificForce{};
    /// The same at the rider's head (Geometry::headM): R⁻¹·(p̈_head + g·ẑ), p_head = t + R·h from
    /// the saturated pose, so the rotation's tangential and centripetal terms are in it.
    std::array<double, 3> headSpecificForce{};
    /// The seat's rotation rate in seat axes (rad/s, roll, pitch, yaw), from the rotation
    /// between the last two saturated poses: ΔR = R(k−1)ᵀ·R(k) ≈ I + [ω]×·dt.
    std::array<double, 3> seatRateRadps{};
    /// The tilt coordination's share of roll and pitch (rad, after its rate limit, before the
    /// envelope): the perception score tells a tilt the rider feels from an onset cue by it.
    std::array<double, 2> tiltRad{};
};

/// The 2 % settling time (s) of a translational channel's position after a step in specific
/// force (and of its washout target after a step of the target), simulated at rateHz.
double settlingTimeS(const TranslationalWashout &w, double rateHz);
/// The 2 % settling time (s) of a rotational channel's angle after a step in angular rate.
double settlingTimeS(const RotationalWashout &w, double rateHz);

/// The specific force a frame describes (seat axes, m/s²), step 1 of the model; *gravity gets
/// the gravity the frame assumes (its "no heave cue" reference). Frames other than 5/21/85 are
/// the caller's to replace.
std::array<double, 3> feltSpecificForce(const FrameCommand &command, double *gravity);

/// One translational DoF's washout: specific-force deviation (m/s²) → translation (m),
/// f·s/((s² + 2ζωn·s + ωn²)(s + ωb)). The model's own channel, also stepped alone by the
/// platform identification so that what it fits is exactly what the model runs.
class TranslationalChannel
{
public:
    TranslationalChannel() = default;
    TranslationalChannel(const TranslationalWashout &w, double dt);
    double step(double deviationMps2) { return m_break.step(m_second.step(deviationMps2)); }
    void reset();

private:
    Biquad m_second;
    FirstOrder m_break;
};

/// One rotational DoF's washout: angular acceleration (rad/s²) → angle (rad),
/// α / (s² + 2ζωn·s + ωn²).
class RotationalChannel
{
public:
    RotationalChannel() = default;
    RotationalChannel(const RotationalWashout &w, double dt);
    double step(double angAccelRadps2) { return m_filter.step(angAccelRadps2); }
    void reset() { m_filter.reset(); }

private:
    Biquad m_filter;
};

/// One tilt-coordination channel: a sustained specific force (m/s², seat axis) → the tilt
/// angle whose gravity supplies it (rad, magnitude; the caller gives the sign): low-passed,
/// asin(f/g) at most tiltMaxRad, then rate-limited. Zero when the washout has no tilt.
class TiltChannel
{
public:
    TiltChannel() = default;
    TiltChannel(const Washout &w, double dt);
    /// gravity: the frame's (at least 1 m/s², so that a free-fall frame cannot divide by 0).
    double step(double forceMps2, double gravityMps2);
    void reset();

private:
    Biquad m_lowPass;
    RateLimiter m_rate;
    double m_sinMax = 0.0;
    bool m_on = false;
};

class PlatformModel
{
public:
    explicit PlatformModel(const ModelConfig &config = {});
    const ModelConfig &config() const { return m_config; }
    /// Back to neutral, at rest; the next step() takes its washout target as already reached.
    void reset();
    /// One 1/rateHz step. washoutTarget: frame 170's targets (platform frame, m and rad); the
    /// pose moves to a changed target within the DoF's settling time.
    StepResult step(const FrameCommand &command, const Pose &washoutTarget = {});
    /// Off: step() leaves actuatorM and actuatorAtLimit at zero (for a caller that reads
    /// neither, such as the OMCT; the inverse kinematics is a good part of a step).
    void setActuatorsComputed(bool on) { m_actuators = on; }

private:
    ModelConfig m_config;
    double m_dt = 0.004;
    std::array<TranslationalChannel, 3> m_trans; // surge, sway, heave
    std::array<RotationalChannel, 3> m_rot;      // roll, pitch, yaw
    std::array<TiltChannel, 2> m_tilt;           // sway → roll, surge → pitch
    std::vector<FrameCommand> m_delayLine;       // config.delayS in steps, oldest at m_delayAt
    std::size_t m_delayAt = 0;
    std::array<Biquad, 6> m_target; // critically damped, settles in the DoF's time
    bool m_primed = false;
    Vector3 m_lastPos; // the saturated translation of the last two steps (delivered force)
    Vector3 m_prevPos;
    Vector3 m_lastHead; // the head's position (base frame) of the last two steps
    Vector3 m_prevHead;
    Matrix3 m_lastRotation{}; // seatToBase of the last saturated pose
    bool m_actuators = true;
};

} // namespace hil::platformmodel
