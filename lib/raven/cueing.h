#pragma once
// MotionCueing: turns simulator states (SimFrame) into the avatar-frame cues of RavenAPI frames
// 5, 21 and 85. Pure: no clocks (time comes from SimFrame.physicsTimeS), no sockets; used from
// the RavenLink's thread (one instance per link). Values are SI inside (m/s², rad/s², rad) and
// become platform units only in encode().
//
// SIGN CONVENTIONS — the one place they are written down
// -------------------------------------------------------------------------------------------
// The platform's avatar frame is RIGHT-HANDED: x forward, y LEFT, z up (the vendor's
// degrees-of-freedom diagram). Rotations are right-handed about those axes. From aircraft body
// FRD (x fwd, y right, z down) that is one fixed table, kFrdToPlatform below:
//   surge = +x, sway = -y, heave = -z, roll = +roll, pitch = -pitch, yaw = -yaw
// applied alike to accelerations, angular accelerations and the attitude angles (and, by the
// link, to nothing else: reported pose and washout targets are already platform frame).
//
//  platform word  | positive means          | computed from (body FRD, world NED, SI)
//  ---------------+-------------------------+-------------------------------------------------
//  surge  (mm/s²) | forward                 |  a_b.x     (frame 5: f_b.x)
//  sway   (mm/s²) | LEFT                    | -a_b.y     (frame 5: -f_b.y)
//  heave  (mm/s²) | up                      | -a_b.z     (frame 5: -f_b.z, +9807 at rest level)
//  roll   (deg/s²)| right side goes down    |  d/dt angular_velocity.x (low-passed)
//  pitch  (deg/s²)| nose goes DOWN          | -d/dt angular_velocity.y (low-passed)
//  yaw    (deg/s²)| nose goes LEFT          | -d/dt angular_velocity.z (low-passed)
//  roll angle     | right side down (mdeg)  |  Euler ZYX roll of the attitude   (frames 21, 85)
//  pitch angle    | nose DOWN (mdeg)        | -Euler ZYX pitch of the attitude  (frames 21, 85)
//  gravity        | mm/s², always positive  |  settings.gravityMps2 (frame 85)
//  where a_b = R⁻¹·vehicle.acceleration (kinematic, gravity-free) and
//        f_b = R⁻¹·(vehicle.acceleration − g_ned), g_ned = (0, 0, +g): the specific force an
//        accelerometer reads (or extras.specificForceFrdMps2 when useAccelerometer is set).
//  Frame 5 carries specific force (gravity in it); frames 21/85 carry kinematic acceleration and
//  the platform projects gravity itself from roll/pitch.
//
//  Worked example, the acceptance numbers: a level coordinated RIGHT turn at bank φ = 30°.
//  World acceleration is horizontal, towards the turn centre (right), |a| = g·tan φ = 5.662 m/s².
//  In the banked body: a_b.y = g·tan φ·cos φ = g·sin φ = +4.903, a_b.z = −g·tan φ·sin φ
//  = −g·sin²φ/cos φ = −2.831 (the lift axis tilts into the turn). So frame 21: sway = −4903,
//  heave = +2831, roll angle = +30000 mdeg. Frame 5 (f = a − g): f_b.y = g·sin φ − g·sin φ = 0,
//  f_b.z = −g/cos φ → sway 0, heave = +11324. The platform's gravity projection for a seat
//  rolled right-side-down by φ adds +g·sin φ on y-left: −4903 + 4903 = 0 felt side force.
//  Every axis can still be inverted in CueingSettings (per installation: the axis check);
//  defaults are "not inverted" = this table. kCueingSettingsVersion counts convention changes.
//
// Per-axis chain (in this order): gain → invert → low-pass → rate limit → clamp. Gains and the
// safety gain scale the deviation from the neutral cue (frame 5 heave neutral = +g), never the
// gravity itself: scaling gravity down would tell the platform the rider is falling.

#include "model/simframe.h"

#include <QByteArray>
#include <array>
#include <cstdint>

namespace hil::raven {

enum Axis {
    AxSurge,
    AxSway,
    AxHeave,
    AxRoll,
    AxPitch,
    AxYaw,
    AxRollAngle,
    AxPitchAngle,
    AxisCount
};

/// FRD → platform sign per axis (see the table above): the only place the frame is decided.
inline constexpr double kFrdToPlatform[AxisCount] = {+1.0, -1.0, -1.0, +1.0,
                                                     -1.0, -1.0, +1.0, -1.0};

/// Saved cueing settings carry this; version 1 was the left-handed (sway right, pitch nose up,
/// yaw nose right) reading, whose per-axis inverts mean the opposite now.
inline constexpr int kCueingSettingsVersion = 2;

struct AxisSettings
{
    double gain = 1.0; ///< the platform's Mantis does the real scaling: keep 1 by default
    bool invert = false;
    double lowPassTauS = 0.0; ///< first-order low-pass time constant, 0 = off
    double rateLimit =
        0.0;            ///< max change per second in the axis unit (m/s³, rad/s³, rad/s), 0 = off
    double limit = 0.0; ///< |value| clamp in SI; 0 = the platform's documented limit
};

struct CueingSettings
{
    int frameId = 21; ///< 5, 21 or 85
    std::array<AxisSettings, AxisCount> axes{};
    /// Scales every axis's deviation from neutral (angles included, so frame 21's gravity
    /// projection stays matched to its accelerations). 0.3 is the first ride's gain: at 1 the
    /// dry run predicts end-stop hits on a catapult shot and a coordinated turn felt worse than
    /// on a still seat (docs/perception.md, "The default settings"); raise it from there.
    double masterGain = 0.3;
    double angularAccelTauS = 0.05; ///< low-pass on the differentiated body rates
    double gravityMps2 = 9.80665;
    bool useAccelerometer = false; ///< frame 5 from extras.specificForceFrdMps2, not kinematics
    double maxRateHz = 500.0;      ///< frame pacing cap
};

/// One cue in SI: accel[0..2] m/s² (surge, sway, heave-up), accel[3..5] rad/s², angles rad.
struct Cue
{
    std::array<double, AxisCount> v{};
    double gravityMps2 = 9.80665;
    int frameId = 21;
};

class MotionCueing
{
public:
    explicit MotionCueing(const CueingSettings &settings = {});
    void setSettings(const CueingSettings &settings);
    const CueingSettings &settings() const { return m_settings; }
    void reset();

    /// The unfiltered avatar cue of one state (angular accelerations given separately).
    static Cue avatarCue(const SimFrame &f, const CueingSettings &s,
                         const Vector3 &angAccelFrdRadps2);
    /// The neutral cue (what "zero cues" means): level, still, frame 5 heave = +g.
    Cue neutral() const;

    /// Processes one new simulator state through the per-axis chain and returns the cue.
    Cue update(const SimFrame &f);
    /// Scales the deviation from neutral by safetyGain (0..1) and encodes the configured frame;
    /// *clamps counts values cut to the protocol limits.
    QByteArray encode(const Cue &cue, double safetyGain, std::uint64_t *clamps) const;
    /// The axis check's pulse as given: its amplitude is the check's own, so the master gain (a
    /// ride setting, 0 included) must not shrink it below what the check can see.
    QByteArray encodeTestPulse(const Cue &cue, std::uint64_t *clamps) const;

    /// Pacing: true when f is a new simulator state and at least 1/maxRateHz passed since the
    /// last admitted one (nowNs: any monotonic clock). Admitting marks it sent.
    bool admit(const SimFrame &f, std::int64_t nowNs);

private:
    double axisLimit(int axis) const;
    QByteArray encodeScaled(const Cue &cue, double gain, std::uint64_t *clamps) const;

    CueingSettings m_settings;
    bool m_primed = false;
    double m_lastTimeS = 0.0;
    Vector3 m_lastRate;
    Vector3 m_angAccel;
    std::array<double, AxisCount> m_state{};
    bool m_havePaced = false;
    std::int64_t m_lastSentNs = 0;
    std::uint32_t m_lastSequence = 0;
    double m_lastPhysicsS = 0.0;
};

} // namespace hil::raven
