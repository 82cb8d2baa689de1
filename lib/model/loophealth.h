#pragma once
// LoopHealth: the PX4 link's view of the simulation loop, for the motion link's loop guard
// (raven/loopguard.h): cumulative counts since the PX4 link started. A plain value, queued from
// the PX4 link's thread to the motion link's about every 200 ms.

#include "model/tsan.h"

#include <QMetaType>
#include <cstdint>

namespace hil {

struct LoopHealth
{
    std::int64_t monotonicNs = 0; ///< host steady clock when counted, ns
    std::uint64_t lockstepTimeouts = 0;
    std::uint64_t simFrames = 0;     ///< simulator frames that reached the PX4 link
    std::uint64_t simFramesLost = 0; ///< of those, dropped or repeated (nothing new for PX4)
    HIL_TSAN_MARK;                   // last: queued across threads (lib/model/tsan.h)
};

} // namespace hil

Q_DECLARE_METATYPE(hil::LoopHealth)
