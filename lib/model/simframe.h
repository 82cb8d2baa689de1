#pragma once
// SimFrame: one simulator frame as it travels through the Station, from the simulator link
// (RealFlight, or replay) to the motion platform, PX4, the recorder and the UI.
// Holds the AeroSim VehicleState plus the simulator-only values that are not part of it.
// A plain value, copied across threads through queued signals.

#include "model/types.h"

#include <QMetaType>
#include <QString>
#include <array>

namespace hil {

/// Values RealFlight reports beyond the kinematic state; NaN where the simulator gave none.
struct SimExtras
{
    double airspeedMps = 0.0;
    double groundspeedMps = 0.0;
    double altitudeAslM = 0.0;
    double altitudeAglM = 0.0;
    Vector3 windNedMps;
    Vector3 specificForceFrdMps2{0.0, 0.0, -9.80665}; ///< accelerometer reading, body FRD
    double propRpm = 0.0;
    double heliMainRotorRpm = 0.0;
    double batteryVoltageV = 0.0;
    double batteryCurrentA = 0.0;
    double batteryRemainingMah = 0.0;
    double fuelRemainingOz = 0.0;
    double physicsSpeedMultiplier = 1.0;
    bool touchingGround = false;
    bool locked = false;
    bool lostComponents = false;
    bool engineRunning = false;
    bool controllerActive = false;
    QString aircraftStatus; ///< e.g. "CAS-FLYING"
};

struct SimFrame
{
    double physicsTimeS = 0.0; ///< simulator physics time, s (doubles: ~72,000 s in real captures)
    std::int64_t monotonicNs = 0; ///< host steady clock when the frame arrived, ns
    VehicleState vehicle;      ///< NED/FRD, SI, position relative to the latched origin
    double latitudeDeg = 0.0;  ///< WGS-84, from the home point + NED offset
    double longitudeDeg = 0.0;
    double altitudeM = 0.0;    ///< metres above the WGS-84 ellipsoid
    SimExtras extras;
    bool stale = false;        ///< physics stalled or paused: consumers must not trust motion
    std::uint32_t sequence = 0;
};

/// The 12 RealFlight servo channels as the Station routes them (PX4 actuators → RealFlight).
/// values 0..1; selectedMask: bit i set = channel i is driven by us (RealFlight's
/// m-selectedChannels; 0 = the operator's transmitter drives everything).
struct ChannelFrame
{
    std::array<double, 12> values{0.5, 0.5, 0.0, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5};
    std::uint32_t selectedMask = 0;
    std::int64_t monotonicNs = 0; ///< host steady clock when produced, ns
};

} // namespace hil

Q_DECLARE_METATYPE(hil::SimFrame)
Q_DECLARE_METATYPE(hil::ChannelFrame)
