#pragma once
// QuadHoverController: the PX4 stand-in's "autopilot" — a small estimator and controller that
// flies a quadrotor X from HIL_SENSOR readings alone: gyro integration with a gentle accelerometer
// levelling, baro altitude blended with vertical acceleration, attitude hold (level, heading at
// arming) and altitude hold at targetAltitudeM above the ground it armed on. Pure (no clock; time
// comes from time_usec), any thread.
//
// By stick (setSticks(), MANUAL_CONTROL's conventions −1..1, throttle 0..1 with 0.5 centre),
// like PX4's manual modes: Position — the sticks ask for a horizontal speed in the heading's
// frame (pitch forward = forward, roll right = right, up to kMaxStickSpeed), centred it holds
// the position where the sticks came back; throttle climbs or sinks around centre (centre holds
// the altitude); yaw turns. Altitude — the same vertically, the sticks tilt the vehicle (up to
// 35°). Stabilized — the sticks tilt, throttle is thrust. Position needs gps() (HIL_GPS): its
// velocity and position, blended with the accelerometer between fixes.
//
// The vehicle it assumes is PX4's "iris" (airframe 10015), described the way PX4 describes it,
// not taken from any simulator's model: outputs 0..3 are motors 1..4 of a "quadrotor x" with
// PX4's control-allocation geometry for that airframe (CA_ROTORn_PX/PY/KM: motor 1 front-right
// (0.1515, 0.245) CCW, 2 rear-left (-0.1515, -0.1875) CCW, 3 front-left (0.1515, -0.245) CW,
// 4 rear-right (-0.1515, 0.1875) CW; moment ratio 0.05), and a hover throttle of 0.5 (PX4's
// MPC_THR_HOVER default); thrust linear in the output (PX4's default THR_MDL_FAC = 0).
//
// Commands (the stand-in's ground-station side): with autoArm it arms after armDelayS and
// climbs to targetAltitudeM by itself (the demo); otherwise it waits for arm() and takeoff().

#include "mavlink/messages.h"
#include "model/rotation.h"
#include "model/types.h"

#include <array>

namespace hil::mavlink {

struct QuadParams
{
    double massKg = 1.5;
    double hoverThrottle = 0.5; ///< PX4's MPC_THR_HOVER default
    /// PX4's CA_ROTORn_PX / _PY (m, FRD) and _KM for airframe 10015, motors 1..4.
    std::array<double, 4> rotorX{0.1515, -0.1515, 0.1515, -0.1515};
    std::array<double, 4> rotorY{0.245, -0.1875, -0.245, 0.1875};
    std::array<double, 4> rotorKm{0.05, 0.05, -0.05, -0.05};
    Vector3 inertiaKgm2{0.029, 0.029, 0.055};
    double targetAltitudeM = 10.0; ///< above the armed-on ground (autoArm)
    double armDelayS = 0.5;        ///< sensor time spent calibrating the baro before arming
    bool autoArm = true;
    /// Per-motor thrust (N) at output 1: the weight shared by four motors at hover throttle.
    double maxThrustN() const { return massKg * kGravityMps2 / (4.0 * hoverThrottle); }
};

class QuadHoverController
{
public:
    /// How the sticks fly it (PX4's manual modes); Off: auto modes (take-off, hold, land).
    enum class StickMode { Off, Position, Altitude, Stabilized };
    explicit QuadHoverController(const QuadParams &params = {});

    /// One sensor sample in, four throttles 0..1 out (all 0 while disarmed).
    std::array<float, 4> update(const HilSensor &s);
    bool armed() const { return m_armed; }
    /// Baro calibrated: arming possible.
    bool ready() const { return m_baroSamples > 0 && m_readyToArm; }
    bool arm(bool on);
    /// Climb to heightM above the armed-on ground (armed only).
    bool takeoff(double heightM);
    /// Descend and disarm on the ground.
    void land();
    /// Hold the current altitude.
    void hold();
    void setStickMode(StickMode mode);
    StickMode stickMode() const { return m_stickMode; }
    /// The pilot's sticks: pitch forward +, roll right +, yaw right + (−1..1), throttle 0..1.
    void setSticks(double pitch, double roll, double yaw, double throttle);
    /// A GPS fix (HIL_GPS): horizontal position and velocity for Position mode.
    void gps(const HilGps &g);
    /// Estimated horizontal velocity, m/s north and east.
    double velocityNorthMps() const { return m_velN; }
    double velocityEastMps() const { return m_velE; }
    bool landing() const { return m_landing; }
    double targetAltitudeM() const { return m_targetM; }
    /// Estimated height above the ground it armed on, m (up positive).
    double altitudeM() const { return m_altM; }
    double climbRateMps() const { return m_climbMps; }
    Quaternion attitude() const { return m_q; }
    void reset();

    /// PX4's allocation for the airframe: motor thrusts (N, motors 1..4) that give a total
    /// thrust (N, along body −z) and body torques (N·m, FRD), by inverting the effectiveness
    /// of each rotor as PX4 defines it: torque = position × thrust + KM × thrust about −z... with
    /// thrust along −z, i.e. roll −y·T, pitch +x·T, yaw +KM·T.
    static std::array<double, 4> mix(const QuadParams &p, double totalThrustN,
                                     const Vector3 &torqueNm);

private:
    void estimate(const HilSensor &s, double dtS);

    QuadParams m_p;
    bool m_started = false;
    bool m_armed = false;
    std::uint64_t m_firstUsec = 0;
    std::uint64_t m_lastUsec = 0;
    Quaternion m_q;
    double m_baroRefM = 0.0;
    int m_baroSamples = 0;
    double m_altM = 0.0;
    double m_climbMps = 0.0;
    double m_climbIntegral = 0.0;
    double m_yawRefRad = 0.0;
    double m_targetM = 0.0;
    bool m_readyToArm = false;
    bool m_autoArmed = false;
    bool m_landing = false;
    double m_landedS = 0.0;
    StickMode m_stickMode = StickMode::Off;
    double m_stickPitch = 0, m_stickRoll = 0, m_stickYaw = 0, m_stickThrottle = 0.5;
    bool m_stickClimbing = false;
    bool m_gpsValid = false;
    double m_lat0Rad = 0, m_lon0Rad = 0;
    double m_posN = 0, m_posE = 0, m_velN = 0, m_velE = 0;
    bool m_holdingPos = false;
    double m_holdN = 0, m_holdE = 0;
};

} // namespace hil::mavlink
