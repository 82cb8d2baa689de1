#pragma once
// SensorWatch: is one requested RflySim sensor really streaming, and is its request due again?
// Sensor datagrams name no sensor (seed 004's header has no SeqID or TypeID), so the link gives
// each requested sensor a reply port of its own and only frames of that sensor's kind arriving
// there confirm it. Gimbal state confirms nothing: another tool may have made the gimbal, or the
// state comes by multicast, while RflySim3D never received our request.
//
//   requested ──first frame──▶ streaming ──no frame for silenceMs──▶ silent ──frame──▶ streaming
//
// - requested / silent: the request is due again after a back-off, 500 ms after the first
//   unanswered one and doubling up to silenceMs (bounded, in case a RflySim3D made a sensor per
//   request; docs/protocols/rflysim.md, "Repeated requests"). Entering silent makes it due at once.
// - silenceMs = max(2000, 3 frame periods of the requested rate); the rate is DataCheckFreq in Hz,
//   RflySim3D's default 30 Hz when 0.
// - peerQuiet (the caller's hint: no gimbal state either, so RflySim3D itself looks gone): a
//   sensor without a frame for kQuietMs is re-requested every kRetryMs, whatever its state. This
//   is how a restarted RflySim3D gets its requests within a second, before silenceMs has passed.
//
// Pure: the caller passes its monotonic clock (ms) and does the sending; no sockets. Lives in the
// link's thread (not thread-safe).

#include <QtGlobal>

namespace hil {

class SensorWatch
{
public:
    enum class State { Requested, Streaming, Silent };
    static constexpr qint64 kRetryMs = 500;        ///< first back-off step, and the peerQuiet pace
    static constexpr qint64 kQuietMs = 500;        ///< peerQuiet: no frame for this long
    static constexpr qint64 kMinSilenceMs = 2000;  ///< silenceMs is never shorter
    static constexpr double kDefaultRateHz = 30.0; ///< RflySim3D's rate for DataCheckFreq 0

    /// rateHz: the rate the request asks for (DataCheckFreq); <= 0 means RflySim3D's default.
    /// nowMs: when the watch starts (no request sent yet: requestDue() is true at once).
    SensorWatch(double rateHz, qint64 nowMs);

    /// Whether the request should go out now (never sent yet, the back-off elapsed while
    /// requested or silent, or peerQuiet and this sensor quiet too; see the header comment).
    bool requestDue(qint64 nowMs, bool peerQuiet) const;
    /// The request went out at nowMs.
    void requestSent(qint64 nowMs);
    /// A frame of this sensor arrived. True when the state changed (to streaming).
    bool frameArrived(qint64 nowMs);
    /// Checks for silence. True when the state changed (streaming → silent).
    bool poll(qint64 nowMs);

    State state() const { return m_state; }
    quint64 frames() const { return m_frames; }
    quint64 requests() const { return m_requests; }
    qint64 silenceMs() const { return m_silenceMs; }
    /// The back-off before the next re-send in the requested/silent state (0: due now).
    qint64 backoffMs() const;

    /// "requested", "streaming", "silent": the words session.json uses.
    static const char *stateName(State s);

private:
    State m_state = State::Requested;
    qint64 m_silenceMs;
    qint64 m_lastFrameMs; ///< the start, until a frame arrives
    qint64 m_lastRequestMs = 0;
    quint64 m_frames = 0, m_requests = 0;
    int m_unanswered = 0; ///< requests since the last frame (or since silence began)
};

} // namespace hil
