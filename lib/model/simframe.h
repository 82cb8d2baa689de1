#pragma once
// SimFrame: one simulator frame as it travels through the Station, from the simulator link
// (RealFlight, or replay) to the motion platform, PX4, the recorder and the UI.
// Holds the AeroSim VehicleState plus the simulator-only values that are not part of it.
// A plain value, copied across threads through queued signals.

#include "model/tsan.h"
#include "model/types.h"

#include <QMetaType>
#include <QString>
#include <array>

namespace hil {

/// Values RealFlight reports beyond the kinematic state; NaN where the simulator gave none.
/// Where SimFrame's acceleration and specific force come from (decided at the simulator edge).
enum class AccelSource {
    Simulator = 0,          ///< the simulator's own values (in flight)
    AtRest = 1,             ///< held still (waiting to launch, resetting): a = 0, f = −g up
    VelocityDerivative = 2, ///< on the ground: filtered d/dt of the world velocity
};

struct SimExtras
{
    double airspeedMps = 0.0;
    double groundspeedMps = 0.0;
    double altitudeAslM = 0.0;
    double altitudeAglM = 0.0;
    Vector3 windNedMps;
    Vector3 specificForceFrdMps2{0.0, 0.0, -9.80665}; ///< accelerometer reading, body FRD
    /// The simulator's raw values as it reported them (kept for the session files even when
    /// they were not used: RealFlight reports free fall while waiting to launch, and a wrong
    /// world acceleration on the ground).
    Vector3 rawAccelNedMps2;
    Vector3 rawSpecificForceFrdMps2{0.0, 0.0, -9.80665};
    AccelSource accelSource = AccelSource::Simulator;
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
    VehicleState vehicle;         ///< NED/FRD, SI, position relative to the latched origin
    double latitudeDeg = 0.0;     ///< WGS-84, from the home point + NED offset
    double longitudeDeg = 0.0;
    double altitudeM = 0.0; ///< metres above the WGS-84 ellipsoid
    SimExtras extras;
    bool stale = false; ///< physics stalled or paused: consumers must not trust motion
    std::uint32_t sequence = 0;
    HIL_TSAN_MARK; // last: queued across threads (lib/model/tsan.h)
};

/// The 12 RealFlight servo channels as the Station routes them (PX4 actuators → RealFlight).
/// values 0..1; selectedMask: bit i set = channel i is driven by us (RealFlight's
/// m-selectedChannels; 0 = the operator's transmitter drives everything).
struct ChannelFrame
{
    std::array<double, 12> values{0.5, 0.5, 0.0, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5};
    std::uint32_t selectedMask = 0;
    std::int64_t monotonicNs = 0; ///< host steady clock when produced, ns
    HIL_TSAN_MARK;                // last: queued across threads (lib/model/tsan.h)
};

} // namespace hil

Q_DECLARE_METATYPE(hil::SimFrame)
Q_DECLARE_METATYPE(hil::ChannelFrame)
