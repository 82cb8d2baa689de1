#pragma once
// QuadHoverController: the PX4 stand-in's "autopilot" — a small estimator and controller that
// flies a quadrotor X from HIL_SENSOR readings alone: gyro integration with a gentle accelerometer
// levelling, baro altitude blended with vertical acceleration, attitude hold (level, heading at
// arming) and altitude hold at targetAltitudeM above the ground it armed on. No position hold:
// it hovers, it does not navigate. Pure (no clock; time comes from time_usec), any thread.
//
// The vehicle convention it assumes (agreed with the FlightAxis emulator's quad): outputs 0..3
// are throttles 0..1 of a PX4 "quadrotor x": 0 front-right (CCW), 1 rear-left (CCW),
// 2 front-left (CW), 3 rear-right (CW); arms at 45°, 0.25 m; 1.5 kg; 8 N per motor, linear in
// throttle (hover ≈ 0.46); a CCW rotor adds +0.05 N·m per N of thrust of yaw torque (NED +z).

#include "mavlink/messages.h"
#include "model/types.h"

#include <array>

namespace hil::mavlink {

struct QuadParams
{
    double massKg = 1.5;
    double maxThrustN = 8.0;           ///< per motor at throttle 1
    double armLengthM = 0.25;          ///< centre to motor, arms at 45°
    double yawTorquePerThrustM = 0.05; ///< N·m of reaction torque per N of thrust
    Vector3 inertiaKgm2{0.03, 0.03, 0.05};
    double targetAltitudeM = 10.0;     ///< above the armed-on ground
    double armDelayS = 0.5;            ///< sensor time spent calibrating the baro before arming
};

class QuadHoverController
{
public:
    explicit QuadHoverController(const QuadParams &params = {});

    /// One sensor sample in, four throttles 0..1 out (all 0 while disarmed).
    std::array<float, 4> update(const HilSensor &s);
    bool armed() const { return m_armed; }
    /// Estimated height above the ground it armed on, m (up positive).
    double altitudeM() const { return m_altM; }
    double climbRateMps() const { return m_climbMps; }
    Quaternion attitude() const { return m_q; }
    void reset();

    /// Motor thrusts (N, quad-x order) giving a total thrust (N, along body −z) and body torques
    /// (N·m, FRD); the inverse of the convention's force/torque model.
    static std::array<double, 4> mix(const QuadParams &p, double totalThrustN, const Vector3 &torqueNm);
    /// The forward model: total thrust (N) and torques (N·m, FRD) of four motor thrusts.
    static void forces(const QuadParams &p, const std::array<double, 4> &thrustN, double *totalN,
                       Vector3 *torqueNm);

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
};

} // namespace hil::mavlink
