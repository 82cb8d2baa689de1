#pragma once
// The ReturnData schema: which m-aircraftState element fills which AircraftState member, in the
// order RealFlight sends them, and the names of the elements outside that table. One table for
// both ends — the reply parser (returndata.cpp) and the emulator's reply writer
// (flightaxiscodec.cpp) — so that they can never disagree on a name. Internal to the module;
// constants only, any thread.

#include "flightaxis/returndata.h"

#include <QLatin1String>

namespace hil::flightaxis {

struct Field
{
    QLatin1String name;
    double AircraftState::*number;
    bool AircraftState::*flag;
};

// In the order RealFlight sends them (the lookup tries the next expected one first).
inline const Field kFields[] = {
    {QLatin1String("m-currentPhysicsTime-SEC"), &AircraftState::physicsTimeS, nullptr},
    {QLatin1String("m-currentPhysicsSpeedMultiplier"), &AircraftState::physicsSpeedMultiplier,
     nullptr},
    {QLatin1String("m-airspeed-MPS"), &AircraftState::airspeedMps, nullptr},
    {QLatin1String("m-altitudeASL-MTR"), &AircraftState::altitudeAslM, nullptr},
    {QLatin1String("m-altitudeAGL-MTR"), &AircraftState::altitudeAglM, nullptr},
    {QLatin1String("m-groundspeed-MPS"), &AircraftState::groundspeedMps, nullptr},
    {QLatin1String("m-pitchRate-DEGpSEC"), &AircraftState::pitchRateDegps, nullptr},
    {QLatin1String("m-rollRate-DEGpSEC"), &AircraftState::rollRateDegps, nullptr},
    {QLatin1String("m-yawRate-DEGpSEC"), &AircraftState::yawRateDegps, nullptr},
    {QLatin1String("m-azimuth-DEG"), &AircraftState::azimuthDeg, nullptr},
    {QLatin1String("m-inclination-DEG"), &AircraftState::inclinationDeg, nullptr},
    {QLatin1String("m-roll-DEG"), &AircraftState::rollDeg, nullptr},
    {QLatin1String("m-orientationQuaternion-X"), &AircraftState::quatX, nullptr},
    {QLatin1String("m-orientationQuaternion-Y"), &AircraftState::quatY, nullptr},
    {QLatin1String("m-orientationQuaternion-Z"), &AircraftState::quatZ, nullptr},
    {QLatin1String("m-orientationQuaternion-W"), &AircraftState::quatW, nullptr},
    {QLatin1String("m-aircraftPositionX-MTR"), &AircraftState::positionXM, nullptr},
    {QLatin1String("m-aircraftPositionY-MTR"), &AircraftState::positionYM, nullptr},
    {QLatin1String("m-velocityWorldU-MPS"), &AircraftState::velocityWorldUMps, nullptr},
    {QLatin1String("m-velocityWorldV-MPS"), &AircraftState::velocityWorldVMps, nullptr},
    {QLatin1String("m-velocityWorldW-MPS"), &AircraftState::velocityWorldWMps, nullptr},
    {QLatin1String("m-velocityBodyU-MPS"), &AircraftState::velocityBodyUMps, nullptr},
    {QLatin1String("m-velocityBodyV-MPS"), &AircraftState::velocityBodyVMps, nullptr},
    {QLatin1String("m-velocityBodyW-MPS"), &AircraftState::velocityBodyWMps, nullptr},
    {QLatin1String("m-accelerationWorldAX-MPS2"), &AircraftState::accelWorldXMps2, nullptr},
    {QLatin1String("m-accelerationWorldAY-MPS2"), &AircraftState::accelWorldYMps2, nullptr},
    {QLatin1String("m-accelerationWorldAZ-MPS2"), &AircraftState::accelWorldZMps2, nullptr},
    {QLatin1String("m-accelerationBodyAX-MPS2"), &AircraftState::accelBodyXMps2, nullptr},
    {QLatin1String("m-accelerationBodyAY-MPS2"), &AircraftState::accelBodyYMps2, nullptr},
    {QLatin1String("m-accelerationBodyAZ-MPS2"), &AircraftState::accelBodyZMps2, nullptr},
    {QLatin1String("m-windX-MPS"), &AircraftState::windXMps, nullptr},
    {QLatin1String("m-windY-MPS"), &AircraftState::windYMps, nullptr},
    {QLatin1String("m-windZ-MPS"), &AircraftState::windZMps, nullptr},
    {QLatin1String("m-propRPM"), &AircraftState::propRpm, nullptr},
    {QLatin1String("m-heliMainRotorRPM"), &AircraftState::heliMainRotorRpm, nullptr},
    {QLatin1String("m-batteryVoltage-VOLTS"), &AircraftState::batteryVoltageV, nullptr},
    {QLatin1String("m-batteryCurrentDraw-AMPS"), &AircraftState::batteryCurrentA, nullptr},
    {QLatin1String("m-batteryRemainingCapacity-MAH"), &AircraftState::batteryRemainingMah, nullptr},
    {QLatin1String("m-fuelRemaining-OZ"), &AircraftState::fuelRemainingOz, nullptr},
    {QLatin1String("m-isLocked"), nullptr, &AircraftState::isLocked},
    {QLatin1String("m-hasLostComponents"), nullptr, &AircraftState::hasLostComponents},
    {QLatin1String("m-anEngineIsRunning"), nullptr, &AircraftState::engineRunning},
    {QLatin1String("m-isTouchingGround"), nullptr, &AircraftState::touchingGround},
    {QLatin1String("m-flightAxisControllerIsActive"), nullptr, &AircraftState::controllerActive},
};
constexpr int kFieldCount = int(sizeof kFields / sizeof kFields[0]);

inline const QLatin1String kStatusName("m-currentAircraftStatus");
inline const QLatin1String kSelectedName("m-selectedChannels");
inline const QLatin1String kInputsName("m-channelValues-0to1");
inline const QLatin1String kResetName("m-resetButtonHasBeenPressed");

} // namespace hil::flightaxis
