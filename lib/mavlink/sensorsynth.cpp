#include "mavlink/sensorsynth.h"
#include "model/rotation.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hil::mavlink {

namespace {
constexpr double kSeaLevelPressurePa = 101325.0;
constexpr double kSeaLevelTemperatureK = 288.15;
constexpr double kLapseRateKpm = 0.0065;
constexpr double kGasConstant = 287.05287;                                     // J/(kg·K), dry air
constexpr double kIsaExponent = kGravityMps2 / (kGasConstant * kLapseRateKpm); // ≈ 5.2559
constexpr double kSeaLevelDensity = 1.225;

template <typename T> T saturate(double v)
{
    const double lo = std::numeric_limits<T>::min(), hi = std::numeric_limits<T>::max();
    if (!std::isfinite(v))
        return 0;
    return static_cast<T>(std::lround(std::clamp(v, lo, hi)));
}

std::int32_t degE7(double deg)
{
    return saturate<std::int32_t>(deg * 1e7);
}

double densityKgpm3(double altitudeM)
{
    return SensorSynth::isaPressurePa(altitudeM) /
           (kGasConstant * SensorSynth::isaTemperatureK(altitudeM));
}
} // namespace

SensorSynth::SensorSynth(const SensorConfig &config)
    : m_config(config), m_fieldNed(earthFieldNed(config.earthField)), m_rng(config.seed)
{
}

double SensorSynth::noise(double sigma)
{
    return sigma > 0.0 ? sigma * m_normal(m_rng) : 0.0;
}

double SensorSynth::isaTemperatureK(double altitudeM)
{
    return kSeaLevelTemperatureK - kLapseRateKpm * std::clamp(altitudeM, -1000.0, 11000.0);
}

double SensorSynth::isaPressurePa(double altitudeM)
{
    return kSeaLevelPressurePa *
           std::pow(isaTemperatureK(altitudeM) / kSeaLevelTemperatureK, kIsaExponent);
}

double SensorSynth::pressureAltitudeM(double pressurePa)
{
    return kSeaLevelTemperatureK / kLapseRateKpm *
           (1.0 - std::pow(pressurePa / kSeaLevelPressurePa, 1.0 / kIsaExponent));
}

Vector3 SensorSynth::earthFieldNed(const EarthField &e)
{
    const double dec = degToRad(e.declinationDeg), inc = degToRad(e.inclinationDeg);
    const double horizontal = e.strengthGauss * std::cos(inc);
    return {horizontal * std::cos(dec), horizontal * std::sin(dec),
            e.strengthGauss * std::sin(inc)};
}

double SensorSynth::trueAirspeedMps(const SimFrame &f)
{
    if (std::isfinite(f.extras.airspeedMps))
        return std::max(0.0, f.extras.airspeedMps);
    const Vector3 wind = std::isfinite(f.extras.windNedMps.x) ? f.extras.windNedMps : Vector3{};
    return (f.vehicle.velocity - wind).norm();
}

HilSensor SensorSynth::sensor(const SimFrame &f, std::uint64_t timeUsec)
{
    const SensorNoise &n = m_config.noise;
    const Quaternion &q = f.vehicle.state.pose.orientation;
    HilSensor s;
    s.timeUsec = timeUsec;
    const Vector3 acc = f.extras.specificForceFrdMps2;
    s.xacc = static_cast<float>(acc.x + noise(n.accelMps2));
    s.yacc = static_cast<float>(acc.y + noise(n.accelMps2));
    s.zacc = static_cast<float>(acc.z + noise(n.accelMps2));
    const Vector3 &w = f.vehicle.angular_velocity;
    s.xgyro = static_cast<float>(w.x + noise(n.gyroRadps));
    s.ygyro = static_cast<float>(w.y + noise(n.gyroRadps));
    s.zgyro = static_cast<float>(w.z + noise(n.gyroRadps));
    const Vector3 mag = rotateInverse(q, m_fieldNed);
    s.xmag = static_cast<float>(mag.x + noise(n.magGauss));
    s.ymag = static_cast<float>(mag.y + noise(n.magGauss));
    s.zmag = static_cast<float>(mag.z + noise(n.magGauss));
    const double pressureHpa = isaPressurePa(f.altitudeM) / 100.0 + noise(n.baroHpa);
    s.absPressureHpa = static_cast<float>(pressureHpa);
    // Pressure altitude from the noisy pressure, so baro altitude and pressure agree.
    s.pressureAltM = static_cast<float>(pressureAltitudeM(pressureHpa * 100.0));
    s.temperatureC =
        static_cast<float>(isaTemperatureK(f.altitudeM) - 273.15 + noise(n.temperatureC));
    const double tas = trueAirspeedMps(f);
    const double qPa = 0.5 * densityKgpm3(f.altitudeM) * tas * tas;
    s.diffPressureHpa = static_cast<float>(qPa / 100.0 + noise(n.diffHpa));
    s.fieldsUpdated = HilSensor::kAllFields;
    s.id = 0;
    return s;
}

HilGps SensorSynth::gps(const SimFrame &f, std::uint64_t unixUsec) const
{
    HilGps g;
    g.timeUsec = unixUsec;
    g.latDegE7 = degE7(f.latitudeDeg);
    g.lonDegE7 = degE7(f.longitudeDeg);
    g.altMm = saturate<std::int32_t>(f.altitudeM * 1000.0);
    g.ephCm = m_config.gpsEphCm;
    g.epvCm = m_config.gpsEpvCm;
    const Vector3 &v = f.vehicle.velocity;
    const double groundSpeed = std::hypot(v.x, v.y);
    g.velCmps = saturate<std::uint16_t>(groundSpeed * 100.0);
    g.vnCmps = saturate<std::int16_t>(v.x * 100.0);
    g.veCmps = saturate<std::int16_t>(v.y * 100.0);
    g.vdCmps = saturate<std::int16_t>(v.z * 100.0);
    if (groundSpeed >= 0.2) {
        double cog = radToDeg(std::atan2(v.y, v.x));
        if (cog < 0)
            cog += 360.0;
        g.cogCdeg = static_cast<std::uint16_t>(std::lround(cog * 100.0) % 36000);
    } else {
        g.cogCdeg = 65535; // course undefined at rest
    }
    g.fixType = 3;
    g.satellitesVisible = m_config.gpsSatellites;
    g.id = 0;
    g.yawCdeg = 0;
    return g;
}

HilStateQuaternion SensorSynth::groundTruth(const SimFrame &f, std::uint64_t timeUsec) const
{
    HilStateQuaternion s;
    s.timeUsec = timeUsec;
    const Quaternion q = normalized(f.vehicle.state.pose.orientation);
    s.attitudeQuaternion = {float(q.w), float(q.x), float(q.y), float(q.z)};
    s.rollspeed = static_cast<float>(f.vehicle.angular_velocity.x);
    s.pitchspeed = static_cast<float>(f.vehicle.angular_velocity.y);
    s.yawspeed = static_cast<float>(f.vehicle.angular_velocity.z);
    s.latDegE7 = degE7(f.latitudeDeg);
    s.lonDegE7 = degE7(f.longitudeDeg);
    s.altMm = saturate<std::int32_t>(f.altitudeM * 1000.0);
    s.vxCmps = saturate<std::int16_t>(f.vehicle.velocity.x * 100.0);
    s.vyCmps = saturate<std::int16_t>(f.vehicle.velocity.y * 100.0);
    s.vzCmps = saturate<std::int16_t>(f.vehicle.velocity.z * 100.0);
    const double tas = trueAirspeedMps(f);
    s.trueAirspeedCmps = saturate<std::uint16_t>(tas * 100.0);
    s.indAirspeedCmps = saturate<std::uint16_t>(
        tas * std::sqrt(densityKgpm3(f.altitudeM) / kSeaLevelDensity) * 100.0);
    const Vector3 &a = f.extras.specificForceFrdMps2;
    s.xaccMg = saturate<std::int16_t>(a.x / kGravityMps2 * 1000.0);
    s.yaccMg = saturate<std::int16_t>(a.y / kGravityMps2 * 1000.0);
    s.zaccMg = saturate<std::int16_t>(a.z / kGravityMps2 * 1000.0);
    return s;
}

namespace {
double lerp(double a, double b, double s)
{
    return a + (b - a) * s;
}
Vector3 lerp(const Vector3 &a, const Vector3 &b, double s)
{
    return a + (b - a) * s;
}
} // namespace

SimFrame interpolate(const SimFrame &a, const SimFrame &b, double s)
{
    s = std::clamp(s, 0.0, 1.0);
    SimFrame out = s < 0.5 ? a : b;
    out.physicsTimeS = lerp(a.physicsTimeS, b.physicsTimeS, s);
    out.monotonicNs =
        static_cast<std::int64_t>(lerp(double(a.monotonicNs), double(b.monotonicNs), s));
    const VehicleState &va = a.vehicle, &vb = b.vehicle;
    VehicleState &v = out.vehicle;
    v.state.pose.position = lerp(va.state.pose.position, vb.state.pose.position, s);
    Quaternion qa = va.state.pose.orientation, qb = vb.state.pose.orientation;
    if (qa.w * qb.w + qa.x * qb.x + qa.y * qb.y + qa.z * qb.z < 0) // same hemisphere: short arc
        qb = {-qb.w, -qb.x, -qb.y, -qb.z};
    v.state.pose.orientation = normalized(
        {lerp(qa.w, qb.w, s), lerp(qa.x, qb.x, s), lerp(qa.y, qb.y, s), lerp(qa.z, qb.z, s)});
    v.velocity = lerp(va.velocity, vb.velocity, s);
    v.angular_velocity = lerp(va.angular_velocity, vb.angular_velocity, s);
    v.acceleration = lerp(va.acceleration, vb.acceleration, s);
    v.angular_acceleration = lerp(va.angular_acceleration, vb.angular_acceleration, s);
    out.latitudeDeg = lerp(a.latitudeDeg, b.latitudeDeg, s);
    out.longitudeDeg = lerp(a.longitudeDeg, b.longitudeDeg, s);
    out.altitudeM = lerp(a.altitudeM, b.altitudeM, s);
    out.extras.specificForceFrdMps2 =
        lerp(a.extras.specificForceFrdMps2, b.extras.specificForceFrdMps2, s);
    out.extras.airspeedMps = lerp(a.extras.airspeedMps, b.extras.airspeedMps, s);
    out.extras.groundspeedMps = lerp(a.extras.groundspeedMps, b.extras.groundspeedMps, s);
    out.extras.altitudeAslM = lerp(a.extras.altitudeAslM, b.extras.altitudeAslM, s);
    out.extras.altitudeAglM = lerp(a.extras.altitudeAglM, b.extras.altitudeAglM, s);
    return out;
}

} // namespace hil::mavlink
