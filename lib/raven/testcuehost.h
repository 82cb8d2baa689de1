#pragma once
// TestCueHost: what a test-cue procedure (the axis check, the transport delay, the platform
// measurement, the measured OMCT; axischeckrun.h, transportdelayrun.h, platformmeasurementrun.h,
// omctrun.h) needs of the motion link that drives it. The procedures decide what to
// send and when; the link owns the socket, the cueing and the rider's safety, and every frame
// still goes out through it (cues.csv records each with its origin). Link thread only.
//
// Units: amplitudes in m/s² (surge, sway, heave) or rad/s² (roll, pitch, yaw), platform frame;
// gains 0..1; times in ns of the link's monotonic clock.

#include "core/event.h"
#include "raven/cueing.h"
#include "raven/cuesample.h"

#include <QString>
#include <QStringList>
#include <cstdint>

namespace hil::raven {

class RiderSafety;

class TestCueHost
{
public:
    /// The rider's safety state: mode, STOP latch, enabling button, axis hold, the ramp-in.
    virtual RiderSafety &safety() = 0;
    /// Sends the neutral cue plus `amplitude · k` on `axis` (through the axis's invert setting),
    /// the master gain not applied: a test cue is the same size on every rig.
    virtual void sendTestCue(int axis, double amplitude, double k, CueOrigin origin) = 0;
    /// Sends the simulator's last cue at `gain` (the master gain applied): the ramp that hands
    /// the seat from the simulator to a procedure.
    virtual void sendSimulatorCue(double gain, CueOrigin origin) = 0;
    /// The cueing settings in use (the measured OMCT sends the aircraft's motion through a
    /// cueing of its own made with them: the simulator's filters keep their state).
    virtual const CueingSettings &cueingSettings() const = 0;
    /// Sends `cue` (a MotionCueing's output) as the simulator's cues go: its deviation from
    /// neutral scaled by `gain` (0..1) and the master gain.
    virtual void sendCue(const Cue &cue, double gain, CueOrigin origin) = 0;
    /// The gain the simulator's cue last went out with; 0 when none was sent.
    virtual double simulatorGain() const = 0;
    /// The cue frame's id in use (5, 21, 85): the axis check store keeps results per frame.
    virtual int cueFrameId() const = 0;
    /// The thermal bits of the platform's last status word (0: normal).
    virtual int thermalBits() const = 0;
    /// An event of the link (id, severity, English text, the text's variable parts).
    virtual void raiseEvent(const QString &id, Severity severity, const QString &text,
                            const QStringList &args) = 0;

protected:
    ~TestCueHost() = default;
};

/// Why a procedure that moves the seat may not start now. One rule for every procedure (the
/// transport delay, the platform measurement): no other test cue running, STOP not latched, the
/// platform showing CUEING, the enabling button held where one is configured, and the address
/// not held by a failed axis check (the link's hold or the store's: `addressHeld`).
struct TestCueRefusal
{
    QString reason; ///< English, for events.log and the result
    QString id;     ///< busy, stop, mode, enabling, axis_hold; empty: it may start
    bool refused() const { return !id.isEmpty(); }
};
TestCueRefusal testCueRefusal(const RiderSafety &safety, bool otherTestCue, bool addressHeld);

} // namespace hil::raven
