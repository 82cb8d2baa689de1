#pragma once
// RiderSafety: the rider-protection rules of the motion link as a pure state machine. No clock
// of its own: every call takes `nowNs` (any monotonic clock, ns), so tests drive it with a fake
// clock. Lives in the RavenLink's thread. Produces decisions (cue gain, frames to send, mode
// requests) and events; the link only carries them out.
//
// Rules (docs/protocols/ravenapi.md, "Modes" and "Rider safety"):
//  - Never requests a mode on its own: modes come from operatorMode()/emergencyStop(), or the
//    configured unattended mode, requested once after the platform first answers. A request is
//    repeated every 100 ms until the status word shows it or 1 s passes (UDP may lose it).
//  - Watchdog: simulator state older than staleAfterNs, or SimFrame.stale → cue gain ramps to 0
//    within rampDownS; fresh again → ramps back to 1 over rampUpS. Starts at 0 (ramps in).
//  - Platform silent for silentNs → link down (event); replies bring it back up.
//  - STOP: gain 0 at once, latched until the operator requests a mode; requests stopMode.
//  - Park (every exit path): gain ramps to 0 within rampDownS (≤ 1 s), then LEVEL BRAKE is
//    requested — only when the platform reports LOADING or CUEING, since asking an OFF platform
//    for LEVEL BRAKE would be a mode change nobody asked for — and parkState() tells when the
//    status word shows it, or that parkTimeoutNs (2 s) passed without it.
//  - Polling: 65535 at dofPollHz, 10922 and 10923 at slowPollHz, 3780 until it answers.
//  - Axis hold (the axis check found the platform reading the axes in another order, or the
//    last check of this address did): gain ramps to 0 within rampDownS and stays there, so
//    simulator cues go out as neutral while the link runs on and the mode is left as it is
//    (CUEING is not refused); released, it ramps back in over rampUpS. One event per change.
//  - Enabling (dead-man) button, when the pilot's input configures one: cues pass only while it
//    is held; released (or its device lost), the gain ramps to 0 within rampDownS; released for
//    longer than enablingStopAfterS while the platform shows CUEING, it is a STOP (the same,
//    latched). It never requests CUEING or any other mode, and holding it again only lets the
//    gain ramp back in over rampUpS. One event per release, one per STOP it causes.
//  - Loop guard (loopguard.h): a degraded loop (slowed simulation, lockstep timeouts, lost or
//    impossible frames, a platform driven between its end stops) ramps the gain to 0 within
//    rampDownS, the same way, and lets it ramp back in only after guard.healthyForS without a
//    problem. One event when an episode starts (raven.loop_degraded), one when it ends.

#include "core/event.h"
#include "model/simframe.h"
#include "raven/loopguard.h"
#include "raven/ravencodec.h"

#include <QList>

#include <QStringList>
#include <array>
#include <cstdint>
#include <vector>

namespace hil::raven {

struct SafetySettings
{
    std::int64_t staleAfterNs = 100'000'000;
    double rampDownS = 1.0;
    double rampUpS = 2.0;
    std::int64_t silentNs = 500'000'000;
    int stopMode = ModeLevelBrake; ///< LEVEL BRAKE holds the rider level; OFF only damps
    int unattendedMode = -1;       ///< --raven-mode, -1 = none
    std::int64_t parkTimeoutNs = 2'000'000'000; ///< exit: wait this long for LEVEL BRAKE
    double dofPollHz = 20.0;
    double slowPollHz = 1.0;
    /// The enabling button released this long (with the platform in CUEING): STOP.
    double enablingStopAfterS = 2.0;
    LoopGuardSettings guard;
};

/// Washout targets (frame 170) after the limit check, with warnings for the operator.
struct WashoutCheck
{
    std::array<std::int32_t, 6> words{}; ///< µm, µm, µm, mdeg, mdeg, mdeg
    QStringList warnings;
    /// Each warning's event args (raven.washout_warning): the DoF number of a clamped target;
    /// none for the surge/sway warning.
    QList<QStringList> warningArgs;
};
/// targets: surge, sway, heave (m), roll, pitch, yaw (rad), platform frame.
WashoutCheck checkWashout(const std::array<double, 6> &targets, std::uint64_t *clamps);

/// What holds the cue gain at (or ramping to) 0, as bits (cues.csv's `holds`): any bit set and
/// the gain ramps down, none and it ramps up.
enum GainHold : std::uint32_t {
    HoldStop = 1,      ///< STOP latched
    HoldStale = 2,     ///< simulator state not fresh (watchdog)
    HoldLoopGuard = 4, ///< the loop guard holds
    HoldEnabling = 8,  ///< the enabling button released (or its device lost)
    HoldAxis = 16,     ///< a failed axis check holds simulator cues at neutral
    HoldPark = 32,     ///< the exit park runs
};

class RiderSafety
{
public:
    enum class Link { NeverAnswered, Up, Silent };

    explicit RiderSafety(const SafetySettings &s = {}) : m_s(s), m_guard(s.guard) {}
    void setSettings(const SafetySettings &s)
    {
        m_s = s;
        m_guard.setSettings(s.guard);
    }
    const SafetySettings &settings() const { return m_s; }

    /// A simulator state arrived (frame arrival time: f.monotonicNs when plausible, else nowNs).
    /// False when the frame is physically impossible (loopguard.h): make no cue of it.
    bool onSimFrame(const SimFrame &f, std::int64_t nowNs);
    /// The PX4 link's loop counters (lockstep timeouts, frames lost), for the loop guard.
    void onLoopHealth(const LoopHealth &h, std::int64_t nowNs);
    /// The platform's reported pose (platform frame, m and rad), for the end-stop guard.
    void onPose(const std::array<double, 6> &pose, std::int64_t nowNs);
    /// A valid platform frame arrived carrying this status word.
    void onPlatformReply(const StatusWord &status, std::uint16_t id, std::int64_t nowNs);
    /// Advances ramps, watchdog and link liveness to nowNs.
    void tick(std::int64_t nowNs);

    /// Operator asks for a mode; clears a STOP latch. False for an invalid mode.
    bool operatorMode(int mode, std::int64_t nowNs);
    /// STOP: cues to zero now, stop mode requested.
    void emergencyStop(std::int64_t nowNs);
    /// The pilot's input: whether its device is present (active) and, while an enabling button
    /// is configured on it, whether that button is held. A device lost after configuring one
    /// counts as released.
    void onPilot(bool active, bool enablingConfigured, bool enablingHeld, std::int64_t nowNs);
    bool enablingConfigured() const { return m_enablingConfigured; }
    bool enablingHeld() const { return m_enablingHeld; }
    /// Exit: ramp cues to neutral, then LEVEL BRAKE (see the rules above). Idempotent.
    void beginPark(std::int64_t nowNs);
    enum class Park { None, Ramping, Waiting, Parked, TimedOut, NotNeeded };
    Park parkState() const { return m_park; }

    /// Frames due now (mode requests, polls), in send order. Call after tick().
    std::vector<QByteArray> dueFrames(std::int64_t nowNs);
    /// Events since the last call (one per state change), typed: id "raven.<what>" and the
    /// severity (safety events are errors); the link fills in the source.
    QList<hil::Event> takeEvents();

    /// After the link has fed the platform something other than the simulator (the axis check's
    /// test cue), the simulator's cues come back from neutral over rampUpS, as after a watchdog
    /// trip, never as a step.
    void rampInAgain() { m_gain = 0.0; }
    /// Holds simulator cues at neutral (on) or lets them ramp in again (off); axis: the test
    /// cue's DoF that crossed, moved: the DoF that moved instead (0..5, -1 unknown).
    void setAxisHold(bool on, int axis = -1, int moved = -1);
    bool axisHeld() const { return m_axisHold; }
    double cueGain() const { return m_gain; }
    /// GainHold bits in force as of the last tick (0: the gain ramps to, or stays at, 1).
    std::uint32_t gainHolds() const;
    bool simFresh() const { return m_fresh; }
    bool stopped() const { return m_stopLatched; }
    Link link() const { return m_link; }
    std::uint64_t watchdogTrips() const { return m_trips; }
    const LoopGuard &loopGuard() const { return m_guard; }
    std::uint64_t modeRequests() const { return m_modeRequestsSent; }
    /// The mode the platform reports (status word), -1 before the first reply.
    int platformMode() const { return m_platformMode; }
    /// The mode last asked of the platform (operator, STOP, unattended, park), -1 none yet.
    int requestedMode() const { return m_requestedMode; }

private:
    void requestMode(int mode, std::int64_t nowNs);
    bool pollDue(std::int64_t &next, double hz, std::int64_t nowNs);

    SafetySettings m_s;
    double m_gain = 0.0;
    std::int64_t m_lastTickNs = 0;
    bool m_ticked = false;
    std::int64_t m_lastSimNs = 0;
    bool m_haveSim = false;
    bool m_lastSimStale = false;
    bool m_fresh = false;
    bool m_everFresh = false;
    bool m_stopLatched = false;
    bool m_axisHold = false;
    bool m_enablingConfigured = false;
    bool m_enablingHeld = false;
    std::int64_t m_enablingReleasedNs = 0;
    std::uint64_t m_trips = 0;
    LoopGuard m_guard;
    void guardEvent();

    Link m_link = Link::NeverAnswered;
    std::int64_t m_lastReplyNs = 0;
    int m_platformMode = -1;
    int m_platformThermal = 0;
    std::array<bool, 6> m_motorOk{true, true, true, true, true, true};
    bool m_unattendedDone = false;
    bool m_firmwareKnown = false;

    int m_pendingMode = -1;
    int m_requestedMode = -1;
    std::int64_t m_pendingUntilNs = 0;
    std::int64_t m_pendingNextNs = 0;
    std::uint64_t m_modeRequestsSent = 0;

    Park m_park = Park::None;
    std::int64_t m_parkWaitUntilNs = 0;
    std::int64_t m_nextDofPollNs = 0;
    std::int64_t m_nextSlowPollNs = 0;
    /// args: the text's variable parts in the C locale (a mode as its number), see core/event.h.
    void event(const char *id, hil::Severity severity, const QString &text,
               const QStringList &args = {});
    QList<hil::Event> m_events;
};

} // namespace hil::raven
