#pragma once
// The pilot's hands: what an input device reads (PilotSample) and what the program makes of it
// (PilotControls), the two values the pilot streams carry between worker threads
// (core/linkdescriptor.h: transmitterOut/In, pilotOut/In). Plain values, queued across threads.
//
// Conventions (PilotControls) are MANUAL_CONTROL's, as PX4's receiver reads them: stick forward
// is +pitch (nose down), stick right is +roll, rudder right is +yaw, each −1..1; throttle 0..1
// with 0 idle. Times are the host's steady clock (model/clock.h steadyNowNs), ns.

#include "model/tsan.h"

#include <QMetaType>
#include <QString>
#include <cstdint>
#include <vector>

namespace hil {

/// One reading of one device, before any mapping or calibration.
struct PilotSample
{
    QString deviceId;          ///< SDL's joystick GUID (32 hex digits), or "realflight"
    QString name;              ///< the device's own name, for people
    std::vector<double> axes;  ///< raw, −1..1 (RealFlight: 2·v − 1 of its 0..1 channel values)
    std::uint64_t buttons = 0; ///< bit i: button i held
    std::int64_t monotonicNs = 0; ///< when it was read
    std::uint64_t sequence = 0;   ///< per device, from 1
    HIL_TSAN_MARK;                // last: queued across threads (lib/model/tsan.h)
};

/// What a mapped button asks for (bits of PilotControls::actions).
enum PilotAction : std::uint32_t {
    PilotStop = 1u << 0, ///< the platform's STOP: the only platform mode a button may request
    PilotArm = 1u << 1,
    PilotDisarm = 1u << 2,
    PilotTakeoff = 1u << 3,
    PilotLand = 1u << 4,
    PilotReturn = 1u << 5,
    PilotHold = 1u << 6,
    PilotModePosition = 1u << 7,
    PilotModeAltitude = 1u << 8,
    PilotModeStabilized = 1u << 9,
    PilotModeManual = 1u << 10,
};

/// The pilot's controls after mapping, calibration, dead-band and expo.
struct PilotControls
{
    /// A device is selected, present and its samples fresh. false: every consumer stops using
    /// the sticks at once (never repeats the last ones) — PX4's own loss failsafe takes over.
    bool active = false;
    double pitch = 0.0;        ///< −1..1, stick forward +
    double roll = 0.0;         ///< −1..1, stick right +
    double yaw = 0.0;          ///< −1..1, rudder right +
    double throttle = 0.0;     ///< 0..1, 0 idle
    std::uint32_t pressed = 0; ///< PilotAction bits whose button went down with this sample
    std::uint32_t held = 0;    ///< PilotAction bits whose button is held
    std::uint64_t buttons = 0; ///< the device's raw buttons (PilotSample::buttons): bit i held
    bool stopMapped = false;   ///< a button is mapped to STOP on the active device
    /// An enabling (dead-man) button is configured: cues pass only while it is held.
    bool enablingConfigured = false;
    bool enablingHeld = false;
    QString deviceId, deviceName;
    std::int64_t sampleNs = 0; ///< the sample's time (PilotSample::monotonicNs)
    std::uint64_t sequence = 0;
    HIL_TSAN_MARK; // last: queued across threads (lib/model/tsan.h)
};

} // namespace hil

Q_DECLARE_METATYPE(hil::PilotSample)
Q_DECLARE_METATYPE(hil::PilotControls)
