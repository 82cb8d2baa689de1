#pragma once
// SensorSynth: turns a simulator frame (SimFrame: NED/FRD, SI) into the sensor messages PX4
// expects in HIL: HIL_SENSOR (IMU, magnetometer, barometer, differential pressure), HIL_GPS and
// HIL_STATE_QUATERNION (ground truth). Pure apart from its seeded noise generator: the same seed
// and the same frames give the same bytes. Used in the HilLink's thread (not shared).
//
// Noise is not decoration: PX4 declares a sensor stale after 100 samples that differ by < 1e-6.
// The geodetic altitude (above the WGS-84 ellipsoid) stands in for MSL altitude (the geoid is
// ignored, ~50 m in Europe): PX4 only needs it consistent between baro and GPS.

#include "mavlink/messages.h"
#include "model/simframe.h"

#include <random>

namespace hil::mavlink {

/// The earth's magnetic field at home. Defaults: Zurich (WMM, about 3.5° E, 63.7° down, 0.48 G).
struct EarthField
{
    double declinationDeg = 3.5;  ///< east of true north
    double inclinationDeg = 63.7; ///< below the horizon
    double strengthGauss = 0.48;
};

/// Standard deviations of the white noise added to each reading (0 disables one).
struct SensorNoise
{
    double accelMps2 = 0.02;
    double gyroRadps = 0.002;
    double magGauss = 0.001;
    double baroHpa = 0.003; ///< ≈ 2.5 cm of altitude
    double diffHpa = 0.0005;
    double temperatureC = 0.01;
};

struct SensorConfig
{
    EarthField earthField;
    SensorNoise noise;
    std::uint32_t seed = 1;
    std::uint16_t gpsEphCm = 30;
    std::uint16_t gpsEpvCm = 40;
    std::uint8_t gpsSatellites = 10;
};

class SensorSynth
{
public:
    explicit SensorSynth(const SensorConfig &config = {});

    /// HIL_SENSOR (id 0) with every field and fields_updated = 0x1FFF; timeUsec = PX4's clock.
    HilSensor sensor(const SimFrame &f, std::uint64_t timeUsec);
    /// HIL_GPS: 3-D fix; time stamp in UNIX µs as PX4 expects.
    HilGps gps(const SimFrame &f, std::uint64_t unixUsec) const;
    /// HIL_STATE_QUATERNION: noise-free ground truth.
    HilStateQuaternion groundTruth(const SimFrame &f, std::uint64_t timeUsec) const;

    const SensorConfig &config() const { return m_config; }

    // The atmosphere and field models, exposed for tests and for the PX4 stand-in.
    /// ISA troposphere: static pressure (Pa) at a geopotential altitude (m).
    static double isaPressurePa(double altitudeM);
    /// ISA troposphere: temperature (K) at an altitude (m).
    static double isaTemperatureK(double altitudeM);
    /// Inverse of isaPressurePa: the pressure altitude (m) of a static pressure (Pa).
    static double pressureAltitudeM(double pressurePa);
    /// Earth field in the world frame, NED, gauss.
    static Vector3 earthFieldNed(const EarthField &e);
    /// True airspeed of a frame: RealFlight's value, or |velocity − wind| when it gave none.
    static double trueAirspeedMps(const SimFrame &f);

private:
    double noise(double sigma);

    SensorConfig m_config;
    Vector3 m_fieldNed;
    std::mt19937 m_rng;
    std::normal_distribution<double> m_normal{0.0, 1.0};
};

/// A frame between a (s = 0) and b (s = 1): positions, velocities, rates, specific force and
/// geodetic position linear, attitude by normalised linear quaternion interpolation on the
/// short arc. Everything else (flags, extras' strings) from the nearer frame.
SimFrame interpolate(const SimFrame &a, const SimFrame &b, double s);

} // namespace hil::mavlink
