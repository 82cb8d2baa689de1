#pragma once
// FrameConverter: a parsed RealFlight reply → SimFrame (NED/FRD, SI), and the one place that
// decides which acceleration leaves the program. Its own concept beside the codec: it keeps state
// (the NED origin, the derivative filters) across replies, where the codec is stateless. Not
// thread-safe: one converter per reply stream (the FlightAxis link's thread); time is RealFlight's
// physics time, s.

#include "flightaxis/returndata.h"
#include "model/geodesy.h"
#include "model/simframe.h"

namespace hil::flightaxis {

/// RealFlight reply → SimFrame. Keeps the NED origin, latched at the first frame and again after
/// relatch() (RealFlight restarted or reset); lat/lon/alt come from the home point (RealFlight has
/// no geodetic position) plus the NED offset from that origin.
///
/// Accelerations are decided HERE, once, from RealFlight's aircraft status, so that neither the
/// motion platform nor PX4 ever sees a physically impossible value (the motion and PX4 links do
/// not know RealFlight). Real captures show RealFlight reporting free fall (world AZ = +9.84,
/// body AZ = +0.04) while an aircraft waits to launch, and world AZ = +1.53 on the ground with
/// every velocity below 1 mm/s. So:
///   - waiting to launch / resetting (status contains WAITINGTOLAUNCH or RESET): at rest —
///     acceleration 0, specific force R⁻¹·(0, 0, −g) (FRD z = −9.81 when level), angular
///     acceleration 0; the derivative filters restart;
///   - touching the ground: acceleration = the velocity derivative, low-passed (τ 50 ms; 0 on
///     the first sample), specific force R⁻¹·(a − g_ned) — never the raw world value;
///   - in flight: RealFlight's own world acceleration and body specific force.
/// angular_acceleration is the low-passed (τ 50 ms) derivative of the body rates. The raw
/// RealFlight values stay in extras.rawAccelNedMps2 / rawSpecificForceFrdMps2 (session files)
/// and extras.accelSource says which rule applied.
class FrameConverter
{
public:
    static constexpr double kDerivativeTauS = 0.05;
    explicit FrameConverter(const GeoPoint &home = kDefaultHome);
    void relatch()
    {
        m_haveOrigin = false;
        m_havePrev = false;
    }
    bool hasOrigin() const { return m_haveOrigin; }
    /// Origin in RealFlight-derived NED (north = Y, east = X, down = -altitudeASL), m.
    Vector3 origin() const { return m_origin; }
    /// Fills everything but monotonicNs, stale and sequence (the link's business).
    SimFrame convert(const ReturnData &r);

private:
    LocalFrame m_frame;
    Vector3 m_origin;
    bool m_haveOrigin = false;
    // Derivative filters (physics time based).
    bool m_havePrev = false;
    double m_prevTimeS = 0.0;
    Vector3 m_prevVelocity, m_prevRates;
    Vector3 m_accelFiltered, m_angAccelFiltered;
};

} // namespace hil::flightaxis
