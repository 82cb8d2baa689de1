#pragma once
// CueSample: one cue frame (5, 21, 85) as the RavenLink put it on the wire, for the recorder's
// cues.csv: the frame's words, the gains it was made with and what held them. A plain value; any
// thread (emitted in the link's thread, copied by the recorder there under its queue's lock).
//
// Units: the words as sent (platform units: mm/s², deg/s², mdeg); gains 0..1 (the master gain as
// set, 0..any); time on the program's steady clock (model/clock.h), ns.

#include "model/tsan.h"
#include "raven/ravencodec.h"

#include <QMetaType>
#include <cstdint>

namespace hil {

namespace raven {
/// What made a cue frame (cues.csv's `origin`).
enum class CueOrigin : int {
    Simulator = 0,           ///< the simulator's cue through the cue gain (its ramps included)
    Stop = 1,                ///< the neutral frame a STOP sends at once
    AxisCheck = 2,           ///< the axis check's test cue
    TransportDelay = 3,      ///< the transport delay measurement: its test cue, its ramps
    Closing = 4,             ///< the neutral frame the link sends as it closes
    PlatformMeasurement = 5, ///< the platform measurement's excitation, its ramps
    Omct = 6,                ///< the measured OMCT: the aircraft's motion through the cueing
};
} // namespace raven

struct CueSample
{
    /// Host steady clock once the datagram was handed to the socket, ns.
    std::int64_t monotonicNs = 0;
    raven::Frame frame; ///< id and words exactly as sent
    /// The rider-safety gain the frame was scaled with (ramps, loop guard, STOP: 0), 0..1. A test
    /// cue (axis check, transport delay) is not scaled: 1.
    double cueGain = 0.0;
    /// The cueing's master gain applied to the frame; 1 for a test cue (not applied to it).
    double masterGain = 0.0;
    raven::CueOrigin origin = raven::CueOrigin::Simulator;
    std::uint32_t holds = 0; ///< raven::GainHold bits in force when it was sent
    HIL_TSAN_MARK;           // last: may be queued across threads (lib/model/tsan.h)
};

} // namespace hil

Q_DECLARE_METATYPE(hil::CueSample)
