#pragma once
// ReturnData: RealFlight's answer to ExchangeData as a value (the aircraft's state in RealFlight's
// own frames and units, the operator's transmitter inputs), and its parser. The parser is on the
// hot path (one reply per physics step, 200-1000 a second): a byte scanner for the subset of XML
// RealFlight writes, handing anything else to QXmlStreamReader (which has the last word), both
// applying the same rules. Pure: bytes in, values out; any thread. The element names live in
// returndataschema.h, shared with the emulator's reply writer.

#include <QByteArrayView>
#include <QString>
#include <QStringList>
#include <array>

namespace hil::flightaxis {

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
    int selectedChannels = 0; ///< m-previousInputsState (-1 or 255 in captures)
    /// m-previousInputsState/m-channelValues-0to1: RealFlight's own controller (the transmitter
    /// the operator holds), 0..1 each, whatever channels the request overrides
    /// (docs/protocols/flightaxis.md, "RealFlight's transmitter"). An item that is not a finite
    /// number is NaN here and counted in badInputs.
    std::array<double, 12> inputs{};
    int inputCount = 0;              ///< items kept: 8 (RealFlight 8), 12 (Evolution); at most 12
    int badInputs = 0;               ///< kept items that were not finite numbers
    int extraInputs = 0;             ///< items beyond the 12 kept (ignored)
    bool resetButtonPressed = false; ///< m-notifications/m-resetButtonHasBeenPressed
    QStringList missing;             ///< element names absent from the reply (empty = complete)
};

/// Parses a ReturnData body. False with *error when it is not XML or has no ReturnData; a reply
/// lacking some fields still parses (true) and lists them in out->missing.
bool parseReturnData(QByteArrayView xml, ReturnData *out, QString *error);

} // namespace hil::flightaxis
