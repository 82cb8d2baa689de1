#include "rflysim/sensorwatch.h"

#include <algorithm>
#include <cmath>

namespace hil {

SensorWatch::SensorWatch(double rateHz, qint64 nowMs) : m_lastFrameMs(nowMs)
{
    const double rate = rateHz > 0.0 ? rateHz : kDefaultRateHz;
    m_silenceMs = std::max<qint64>(kMinSilenceMs, std::llround(3000.0 / rate));
}

qint64 SensorWatch::backoffMs() const
{
    if (m_unanswered <= 0)
        return 0;
    // 500, 1000, 2000, ... ms, capped: the shift stops growing long before it could overflow.
    const qint64 step = kRetryMs << std::min(m_unanswered - 1, 16);
    return std::min(step, m_silenceMs);
}

bool SensorWatch::requestDue(qint64 nowMs, bool peerQuiet) const
{
    if (m_requests == 0)
        return true;
    const qint64 sinceRequest = nowMs - m_lastRequestMs;
    if (peerQuiet && nowMs - m_lastFrameMs >= kQuietMs && sinceRequest >= kRetryMs)
        return true;
    return m_state != State::Streaming && sinceRequest >= backoffMs();
}

void SensorWatch::requestSent(qint64 nowMs)
{
    ++m_requests;
    ++m_unanswered;
    m_lastRequestMs = nowMs;
}

bool SensorWatch::frameArrived(qint64 nowMs)
{
    ++m_frames;
    m_lastFrameMs = nowMs;
    m_unanswered = 0;
    if (m_state == State::Streaming)
        return false;
    m_state = State::Streaming;
    return true;
}

bool SensorWatch::poll(qint64 nowMs)
{
    if (m_state != State::Streaming || nowMs - m_lastFrameMs <= m_silenceMs)
        return false;
    m_state = State::Silent;
    m_unanswered = 0; // the first re-request goes out at once
    return true;
}

const char *SensorWatch::stateName(State s)
{
    switch (s) {
    case State::Requested:
        return "requested";
    case State::Streaming:
        return "streaming";
    case State::Silent:
        return "silent";
    }
    return "requested";
}

} // namespace hil
