#include "model/geodesy.h"

#include <cmath>

namespace hil {

namespace {
constexpr double kA = 6378137.0;           // WGS-84 semi-major axis, m
constexpr double kF = 1.0 / 298.257223563; // flattening
constexpr double kE2 = kF * (2.0 - kF);    // first eccentricity squared
constexpr double kDeg = 3.14159265358979323846 / 180.0;
} // namespace

Vector3 geodeticToEcef(const GeoPoint &p)
{
    const double lat = p.latitudeDeg * kDeg, lon = p.longitudeDeg * kDeg;
    const double s = std::sin(lat), c = std::cos(lat);
    const double n = kA / std::sqrt(1.0 - kE2 * s * s);
    return {(n + p.altitudeM) * c * std::cos(lon), (n + p.altitudeM) * c * std::sin(lon),
            (n * (1.0 - kE2) + p.altitudeM) * s};
}

GeoPoint ecefToGeodetic(const Vector3 &e)
{
    const double lon = std::atan2(e.y, e.x);
    const double p = std::hypot(e.x, e.y);
    // Fixed-point iteration on latitude; converges to 1e-15 rad in a handful of steps anywhere
    // but within metres of the earth's centre.
    double lat = std::atan2(e.z, p * (1.0 - kE2));
    double alt = 0.0;
    for (int i = 0; i < 10; ++i) {
        const double s = std::sin(lat);
        const double n = kA / std::sqrt(1.0 - kE2 * s * s);
        alt = p / std::cos(lat) - n;
        const double next = std::atan2(e.z, p * (1.0 - kE2 * n / (n + alt)));
        const bool done = std::fabs(next - lat) < 1e-14;
        lat = next;
        if (done)
            break;
    }
    const double s = std::sin(lat);
    const double n = kA / std::sqrt(1.0 - kE2 * s * s);
    // Near the poles cos(lat) → 0: take the altitude from z instead.
    alt = std::fabs(std::cos(lat)) > 1e-6 ? p / std::cos(lat) - n
                                          : std::fabs(e.z) / std::fabs(s) - n * (1.0 - kE2);
    return {lat / kDeg, lon / kDeg, alt};
}

LocalFrame::LocalFrame(const GeoPoint &home)
    : m_home(home), m_homeEcef(geodeticToEcef(home)), m_sinLat(std::sin(home.latitudeDeg * kDeg)),
      m_cosLat(std::cos(home.latitudeDeg * kDeg)), m_sinLon(std::sin(home.longitudeDeg * kDeg)),
      m_cosLon(std::cos(home.longitudeDeg * kDeg))
{
}

GeoPoint LocalFrame::toGeodetic(const Vector3 &ned) const
{
    // ECEF delta = Rᵀ · ned, with R the ECEF→NED rotation at home.
    const double n = ned.x, e = ned.y, d = ned.z;
    const Vector3 delta{-m_sinLat * m_cosLon * n - m_sinLon * e - m_cosLat * m_cosLon * d,
                        -m_sinLat * m_sinLon * n + m_cosLon * e - m_cosLat * m_sinLon * d,
                        m_cosLat * n - m_sinLat * d};
    return ecefToGeodetic(m_homeEcef + delta);
}

Vector3 LocalFrame::toNed(const GeoPoint &p) const
{
    const Vector3 d = geodeticToEcef(p) - m_homeEcef;
    return {-m_sinLat * m_cosLon * d.x - m_sinLat * m_sinLon * d.y + m_cosLat * d.z,
            -m_sinLon * d.x + m_cosLon * d.y,
            -m_cosLat * m_cosLon * d.x - m_cosLat * m_sinLon * d.y - m_sinLat * d.z};
}

} // namespace hil
