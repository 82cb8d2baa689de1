#pragma once
// The FlightAxis Link codec (docs/protocols/flightaxis.md): SOAP requests as RealFlight expects
// them, the ReturnData and SOAP-fault replies as values, and the conversion of a reply into a
// SimFrame (NED/FRD, SI). Pure: bytes in, values out; no sockets, clocks or event loop; any thread.
// Also the server side (request parsing, reply building) used by the emulator, so that both ends
// are tested against each other and against the captured fixtures.

#include "model/geodesy.h"
#include "model/simframe.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <QStringList>
#include <array>
#include <cstdint>

namespace hil::flightaxis {

enum class Method { Restore, Reset, Inject, ExchangeData };
/// The SOAP action name ("RestoreOriginalControllerDevice", ...).
const char *methodName(Method m);
/// Parses an action name; false for an unknown one.
bool methodFromName(QByteArrayView name, Method *out);

/// A complete HTTP request (headers + SOAP envelope) for Restore, Reset or Inject.
QByteArray buildRequest(Method m);
/// A complete ExchangeData request: mask = m-selectedChannels, values clamped to 0..1, four
/// decimals with a '.' in any locale.
QByteArray buildExchangeData(const std::array<double, 12> &values, std::uint32_t mask);

/// m-aircraftState as RealFlight reports it: RealFlight's own frames and units (X east, Y north,
/// degrees, deg/s). Doubles everywhere: physics time is ~72,000 s in real captures.
struct AircraftState
{
    double physicsTimeS = 0, physicsSpeedMultiplier = 1;
    double airspeedMps = 0, altitudeAslM = 0, altitudeAglM = 0, groundspeedMps = 0;
    double pitchRateDegps = 0, rollRateDegps = 0, yawRateDegps = 0;
    double azimuthDeg = 0, inclinationDeg = 0, rollDeg = 0;
    double quatX = 0, quatY = 0, quatZ = 0, quatW = 1;
    double positionXM = 0, positionYM = 0;
    double velocityWorldUMps = 0, velocityWorldVMps = 0, velocityWorldWMps = 0;
    double velocityBodyUMps = 0, velocityBodyVMps = 0, velocityBodyWMps = 0;
    double accelWorldXMps2 = 0, accelWorldYMps2 = 0, accelWorldZMps2 = 0;
    double accelBodyXMps2 = 0, accelBodyYMps2 = 0, accelBodyZMps2 = 0;
    double windXMps = 0, windYMps = 0, windZMps = 0;
    double propRpm = 0, heliMainRotorRpm = 0;
    double batteryVoltageV = 0, batteryCurrentA = 0, batteryRemainingMah = 0, fuelRemainingOz = 0;
    bool isLocked = false, hasLostComponents = false, engineRunning = false;
    bool touchingGround = false, controllerActive = false;
    QString status; ///< m-currentAircraftStatus, e.g. "CAS-FLYING"
};

/// One ExchangeData reply.
struct ReturnData
{
    AircraftState state;
    int selectedChannels = 0;        ///< m-previousInputsState (-1 or 255 in captures)
    std::array<double, 12> inputs{}; ///< the operator's transmitter inputs, 0..1
    int inputCount = 0;              ///< 8 (RealFlight 8) or 12 (Evolution)
    bool resetButtonPressed = false; ///< m-notifications/m-resetButtonHasBeenPressed
    QStringList missing;             ///< element names absent from the reply (empty = complete)
};

struct SoapFault
{
    QString faultString;
    QString detail;
};

/// Parses a ReturnData body. False with *error when it is not XML or has no ReturnData; a reply
/// lacking some fields still parses (true) and lists them in out->missing.
bool parseReturnData(QByteArrayView xml, ReturnData *out, QString *error);
/// Parses a SOAP fault body (faultstring + detail). False when there is no Fault element.
bool parseFault(QByteArrayView xml, SoapFault *out);

/// What a fault means to the link.
enum class FaultKind { Other, NotInstantiated, AlreadyInjected, NothingToRestore };
FaultKind classifyFault(const SoapFault &f);

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

// --- the server side (the emulator) ---

/// Parses an ExchangeData request body: m-selectedChannels and up to 12 items. False if absent.
bool parseExchangeRequest(QByteArrayView xml, std::uint32_t *mask, std::array<double, 12> *values);
/// A ReturnData body shaped like the Evolution capture (12 inputs unless inputCount == 8).
QByteArray buildReturnDataBody(const ReturnData &r);
/// "<Method>Response" body, as RealFlight answers Restore/Reset/Inject.
QByteArray buildMethodResponseBody(Method m);
QByteArray buildFaultBody(const SoapFault &f);
/// An HTTP/1.1 response (200 or 500) around a body.
QByteArray buildHttpReply(int statusCode, const QByteArray &body);

} // namespace hil::flightaxis
