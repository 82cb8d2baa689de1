#pragma once
// WGS-84 geodesy: geodetic ↔ ECEF, and local NED offsets ↔ geodetic around a home point.
// Exact (closed-form ECEF, iterated latitude), not a flat-earth approximation: good to well under
// a centimetre at 10 km from home. Pure functions, any thread. Angles in degrees, lengths in m,
// altitude above the WGS-84 ellipsoid.

#include "model/types.h"

namespace hil {

struct GeoPoint
{
    double latitudeDeg = 0.0;
    double longitudeDeg = 0.0;
    double altitudeM = 0.0;
};

Vector3 geodeticToEcef(const GeoPoint &p);
GeoPoint ecefToGeodetic(const Vector3 &ecef);

/// Local tangent-plane frame at a home point.
class LocalFrame
{
public:
    explicit LocalFrame(const GeoPoint &home = {});
    const GeoPoint &home() const { return m_home; }
    /// NED offset from home (m) → geodetic position.
    GeoPoint toGeodetic(const Vector3 &ned) const;
    /// Geodetic position → NED offset from home (m).
    Vector3 toNed(const GeoPoint &p) const;

private:
    GeoPoint m_home;
    Vector3 m_homeEcef;
    double m_sinLat, m_cosLat, m_sinLon, m_cosLon;
};

/// The default home when none is given: RealFlight has no geodetic position, so the program
/// places its origin at a fixed, documented point (Zurich airport threshold 14, 432 m).
constexpr GeoPoint kDefaultHome{47.458, 8.548, 432.0};

} // namespace hil
