#include "mavlink/unattendedtakeoff.h"
#include "mavlink/gcslink.h"
#include "mavlink/px4names.h"

#include <cmath>

namespace hil {

UnattendedTakeoff::UnattendedTakeoff(Link &link, double altitudeM)
    : m_link(link), m_altitudeM(altitudeM)
{
}

void UnattendedTakeoff::start()
{
    if (std::isfinite(m_altitudeM))
        m_state = State::WaitReady;
}

void UnattendedTakeoff::tick()
{
    if (m_state == State::Off || m_state == State::Done)
        return;
    const qint64 now = m_link.elapsedMs();
    switch (m_state) {
    case State::WaitReady: {
        const Px4Status s = m_link.px4Status();
        // Pre-arm checks: passing, or not reported (prearmOk −1).
        if (!s.connected || now < m_nextMs || s.prearmOk == 0 || s.gpsFixType < 3 ||
            !std::isfinite(s.homeAltitudeAmslM))
            return;
        if (++m_attempts > kMaxAttempts) {
            m_link.raise(
                QStringLiteral("px4gcs.auto_takeoff_given_up"), Severity::Warning,
                QStringLiteral("unattended take-off given up after %1 attempts").arg(kMaxAttempts),
                {QString::number(kMaxAttempts)});
            m_state = State::Done;
            return;
        }
        m_link.raise(QStringLiteral("px4gcs.auto_takeoff"), Severity::Info,
                     QStringLiteral("PX4 ready: arming for a take-off to %1 m").arg(m_altitudeM),
                     {QString::number(m_altitudeM, 'g', 4)});
        m_state = State::Arming;
        m_link.arm(true);
        return;
    }
    case State::Arming:
    case State::TakingOff: {
        const bool arming = m_state == State::Arming;
        const Outcome r = m_link.commandOutcome(arming ? px4::kCmdArm : px4::kCmdTakeoff);
        if (r == Outcome::Accepted) {
            m_state = arming ? State::TakingOff : State::Done;
            if (arming)
                m_link.takeoff(m_altitudeM);
        } else if (r != Outcome::Pending) {
            m_state = State::WaitReady; // not ready after all: try again a little later
            m_nextMs = now + kRetryMs;
        }
        return;
    }
    default:
        return;
    }
}

} // namespace hil
