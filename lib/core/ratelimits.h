#pragma once
// RateLimits: the one table of how fast a healthy rig's links run, read by the rig check (its
// verdicts) and the window's rig strip (the colour of each link's live rate), so the two never
// disagree. A link declares which of these its health is read from (LinkDescriptor::liveRate);
// nothing here names a link. Rates in events per second of the named counter.

namespace hil {

struct RateLimit
{
    const char *counter = nullptr; ///< the link's counter (a Throughput kind) the rate is of
    double goodAtLeast = 0.0;      ///< at or above: healthy (the rig check passes)
    double lowAtLeast = 0.0;       ///< at or above, below goodAtLeast: low (it warns); below: bad

    enum class Level { Good, Low, Bad };
    Level level(double perSecond) const
    {
        return perSecond >= goodAtLeast  ? Level::Good
               : perSecond >= lowAtLeast ? Level::Low
                                         : Level::Bad;
    }
};

namespace ratelimits {
/// RealFlight's exchanges: it steps its physics per exchange; a real rig runs at 250 Hz.
inline constexpr RateLimit kFlightAxisExchanges{"exchanges", 200.0, 100.0};
/// PX4's answered lockstep steps (one per simulator state).
inline constexpr RateLimit kPx4LockstepSteps{"answered_steps", 200.0, 50.0};
/// The motion platform's replies (status and pose polls, 20 Hz and more): one a second or none.
inline constexpr RateLimit kPlatformReplies{"frames_received", 1.0, 1.0};
/// RflySim's gimbal states; a quiet gimbal only warns.
inline constexpr RateLimit kGimbalStates{"gimbal_states_received", 0.5, 0.0};
} // namespace ratelimits

} // namespace hil
