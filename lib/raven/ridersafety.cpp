#include "raven/ridersafety.h"

#include <algorithm>
#include <cmath>

namespace hil::raven {

namespace {
constexpr std::int64_t kModeRetryNs = 100'000'000;
constexpr std::int64_t kModeRetryForNs = 1'000'000'000;
constexpr const char *kAxisNames[6] = {"surge", "sway", "heave", "roll", "pitch", "yaw"};
} // namespace

WashoutCheck checkWashout(const std::array<double, 6> &t, std::uint64_t *clamps)
{
    WashoutCheck r;
    for (int i = 0; i < 6; ++i) {
        std::uint64_t c = 0;
        r.words[std::size_t(i)] = i < 3 ? positionToUm(t[std::size_t(i)], &c) : angleToMdeg(t[std::size_t(i)], &c);
        if (c) {
            r.warnings << QStringLiteral("washout %1 target clamped to the platform limit")
                              .arg(QLatin1String(kAxisNames[i]));
            if (clamps)
                *clamps += c;
        }
    }
    if (r.words[0] != 0 || r.words[1] != 0)
        r.warnings << QStringLiteral("non-zero surge/sway washout targets: excess power and actuator "
                                     "heat, not recommended by the vendor");
    return r;
}

void RiderSafety::onSimFrame(const SimFrame &f, std::int64_t nowNs)
{
    // Trust the producer's arrival stamp only when it is in the recent past of our clock.
    const std::int64_t age = nowNs - f.monotonicNs;
    m_lastSimNs = (f.monotonicNs > 0 && age >= 0 && age < 60'000'000'000LL) ? f.monotonicNs : nowNs;
    m_haveSim = true;
    m_lastSimStale = f.stale;
    tick(nowNs);
}

void RiderSafety::onPlatformReply(const StatusWord &st, std::uint16_t id, std::int64_t nowNs)
{
    m_lastReplyNs = nowNs;
    if (m_link != Link::Up) {
        m_events << (m_link == Link::NeverAnswered ? QStringLiteral("platform answered")
                                                   : QStringLiteral("platform answering again"));
        m_link = Link::Up;
        if (!m_unattendedDone && m_s.unattendedMode >= 0) {
            m_unattendedDone = true;
            m_events << QStringLiteral("requesting unattended mode %1 (--raven-mode)").arg(modeName(m_s.unattendedMode));
            requestMode(m_s.unattendedMode, nowNs);
        }
    }
    if (id == IdFirmware)
        m_firmwareKnown = true;
    if (st.mode != m_platformMode)
        m_events << QStringLiteral("platform mode %1").arg(modeName(st.mode));
    if (st.thermal != m_platformThermal)
        m_events << QStringLiteral("platform thermal mode %1").arg(thermalName(st.thermal));
    for (int m = 0; m < 6; ++m)
        if (st.motorOk[std::size_t(m)] != m_motorOk[std::size_t(m)])
            m_events << QStringLiteral("motor %1 %2").arg(m).arg(st.motorOk[std::size_t(m)] ? "OK" : "NOT OK");
    m_platformMode = st.mode;
    m_platformThermal = st.thermal;
    m_motorOk = st.motorOk;
    if (m_pendingMode >= 0 && st.mode == m_pendingMode)
        m_pendingMode = -1; // in force: stop repeating
}

void RiderSafety::tick(std::int64_t nowNs)
{
    const double dtS = m_ticked ? std::max<double>(0.0, double(nowNs - m_lastTickNs) * 1e-9) : 0.0;
    m_ticked = true;
    m_lastTickNs = nowNs;

    const bool fresh = m_haveSim && !m_lastSimStale && nowNs - m_lastSimNs <= m_s.staleAfterNs;
    if (fresh != m_fresh) {
        m_fresh = fresh;
        if (fresh) {
            m_everFresh = true;
            m_events << QStringLiteral("simulator state fresh: cues ramping in over %1 s").arg(m_s.rampUpS);
        } else if (m_everFresh) {
            ++m_trips;
            m_events << (m_lastSimStale ? QStringLiteral("watchdog: simulator stalled/paused, cues ramping to zero")
                                        : QStringLiteral("watchdog: simulator state older than %1 ms, cues ramping to zero")
                                              .arg(m_s.staleAfterNs / 1'000'000));
        }
    }
    const double target = (m_fresh && !m_stopLatched) ? 1.0 : 0.0;
    if (m_gain < target)
        m_gain = m_s.rampUpS > 0.0 ? std::min(target, m_gain + dtS / m_s.rampUpS) : target;
    else if (m_gain > target)
        m_gain = m_s.rampDownS > 0.0 ? std::max(target, m_gain - dtS / m_s.rampDownS) : target;

    if (m_link == Link::Up && nowNs - m_lastReplyNs > m_s.silentNs) {
        m_link = Link::Silent;
        m_events << QStringLiteral("platform silent for %1 ms: link down, still listening").arg(m_s.silentNs / 1'000'000);
    }
    if (m_pendingMode >= 0 && nowNs > m_pendingUntilNs) {
        m_events << QStringLiteral("platform did not take mode %1 within 1 s (shows %2)")
                        .arg(modeName(m_pendingMode), m_platformMode < 0 ? QStringLiteral("nothing") : modeName(m_platformMode));
        m_pendingMode = -1;
    }
}

bool RiderSafety::operatorMode(int mode, std::int64_t nowNs)
{
    if (mode < ModeOff || mode > ModeCueing)
        return false;
    if (m_stopLatched)
        m_events << QStringLiteral("STOP released by operator");
    m_stopLatched = false;
    m_events << QStringLiteral("operator requests mode %1").arg(modeName(mode));
    requestMode(mode, nowNs);
    return true;
}

void RiderSafety::emergencyStop(std::int64_t nowNs)
{
    m_stopLatched = true;
    m_gain = 0.0;
    m_events << QStringLiteral("STOP: cues zeroed, requesting %1").arg(modeName(m_s.stopMode));
    requestMode(m_s.stopMode, nowNs);
}

void RiderSafety::requestMode(int mode, std::int64_t nowNs)
{
    m_pendingMode = mode;
    m_pendingNextNs = nowNs;
    m_pendingUntilNs = nowNs + kModeRetryForNs;
}

bool RiderSafety::pollDue(std::int64_t &next, double hz, std::int64_t nowNs)
{
    if (hz <= 0.0 || nowNs < next)
        return false;
    const auto period = std::int64_t(1e9 / hz);
    next = (nowNs - next > period) ? nowNs + period : next + period; // no burst after a stall
    return true;
}

std::vector<QByteArray> RiderSafety::dueFrames(std::int64_t nowNs)
{
    std::vector<QByteArray> out;
    if (m_pendingMode >= 0 && nowNs >= m_pendingNextNs) {
        out.push_back(encodeModeRequest(m_pendingMode));
        ++m_modeRequestsSent;
        m_pendingNextNs = nowNs + kModeRetryNs;
    }
    if (pollDue(m_nextDofPollNs, m_s.dofPollHz, nowNs))
        out.push_back(encodeRequest(IdDofPositions));
    if (pollDue(m_nextSlowPollNs, m_s.slowPollHz, nowNs)) {
        out.push_back(encodeRequest(IdTemperatures));
        out.push_back(encodeRequest(IdPower));
        if (!m_firmwareKnown)
            out.push_back(encodeRequest(IdFirmware));
    }
    return out;
}

QStringList RiderSafety::takeEvents()
{
    QStringList e;
    e.swap(m_events);
    return e;
}

} // namespace hil::raven
