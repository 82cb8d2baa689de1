#pragma once
// The host's monotonic clock, in ns: the one clock every `monotonicNs` field in the program is
// stamped with (SimFrame, ChannelFrame, PlatformSample, session rows, telemetry), so that values
// from different links line up.
#include <chrono>
#include <cstdint>

namespace hil {

inline std::int64_t steadyNowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

} // namespace hil
