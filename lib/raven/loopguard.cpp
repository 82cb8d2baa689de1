#include "raven/loopguard.h"

#include <algorithm>
#include <cmath>

namespace hil::raven {

namespace {
constexpr double kGuardNsPerS = 1e9;
std::int64_t guardNs(double s)
{
    return std::int64_t(s * kGuardNsPerS);
}
bool allFinite(const Vector3 &v)
{
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}
} // namespace

const char *loopProblemName(LoopProblem p)
{
    switch (p) {
    case LoopProblem::None:
        return "none";
    case LoopProblem::SlowFrames:
        return "slow_frames";
    case LoopProblem::SlowSimulation:
        return "slow_simulation";
    case LoopProblem::LockstepTimeouts:
        return "lockstep_timeouts";
    case LoopProblem::FramesLost:
        return "frames_lost";
    case LoopProblem::Implausible:
        return "implausible";
    case LoopProblem::EndStops:
        return "end_stops";
    case LoopProblem::LimitReversal:
        return "limit_reversal";
    }
    return "none";
}

LoopProblem loopProblemFromName(const QString &name)
{
    for (int p = int(LoopProblem::SlowFrames); p <= int(LoopProblem::LimitReversal); ++p)
        if (name == QLatin1String(loopProblemName(LoopProblem(p))))
            return LoopProblem(p);
    return LoopProblem::None;
}

bool LoopGuard::impossible(const SimFrame &f, const LoopGuardSettings &s, double *bad,
                           double *limit)
{
    const Vector3 &force = f.extras.specificForceFrdMps2;
    const Vector3 &rates = f.vehicle.angular_velocity;
    *bad = 0.0;
    *limit = 0.0;
    if (!allFinite(force) || !allFinite(rates) || !std::isfinite(f.physicsTimeS)) {
        *bad = std::nan("");
        return true;
    }
    if (force.norm() > s.maxSpecificForceMps2) {
        *bad = force.norm();
        *limit = s.maxSpecificForceMps2;
        return true;
    }
    if (rates.norm() > s.maxRateRadps) {
        *bad = rates.norm();
        *limit = s.maxRateRadps;
        return true;
    }
    return false;
}

bool LoopGuard::onSimFrame(const SimFrame &f, std::int64_t nowNs, std::int64_t staleAfterNs)
{
    double bad = 0.0, limit = 0.0;
    const bool impossible = LoopGuard::impossible(f, m_s, &bad, &limit);
    if (impossible) {
        m_badSeen = true;
        m_badFrameNs = nowNs;
        m_badValue = bad;
        m_badLimit = limit;
    }

    // A gap the watchdog calls stale, a stalled frame, or physics going back (a reset) starts
    // the simulator window over.
    if (m_frames.empty() || f.stale || nowNs - m_frames.back().ns > staleAfterNs ||
        f.physicsTimeS < m_frames.back().physicsS) {
        m_frames.clear();
        m_flowSinceNs = nowNs;
    }
    const bool fresh = m_frames.empty() || f.physicsTimeS > m_frames.back().physicsS;
    const double multiplier =
        f.extras.physicsSpeedMultiplier > 0.0 && std::isfinite(f.extras.physicsSpeedMultiplier)
            ? f.extras.physicsSpeedMultiplier
            : 1.0;
    if (!f.stale)
        m_frames.push_back(FrameRec{nowNs, f.physicsTimeS, multiplier, fresh});
    const std::int64_t keep = guardNs(m_s.windowS);
    while (m_frames.size() > 1 && nowNs - m_frames[1].ns >= keep)
        m_frames.pop_front();
    return !impossible;
}

void LoopGuard::onLoopHealth(const LoopHealth &h, std::int64_t nowNs)
{
    if (!m_health.empty() && (h.lockstepTimeouts < m_health.back().lockstepTimeouts ||
                              h.simFrames < m_health.back().simFrames))
        m_health.clear(); // the PX4 link started again
    LoopHealth r = h;
    r.monotonicNs = nowNs;
    m_health.push_back(r);
    const std::int64_t keep = guardNs(m_s.windowS);
    while (m_health.size() > 1 && nowNs - m_health[1].monotonicNs >= keep)
        m_health.pop_front();
}

void LoopGuard::onPose(const std::array<double, 6> &pose, std::int64_t nowNs)
{
    unsigned mask = 0;
    for (std::size_t i = 0; i < 6; ++i) {
        const double reach = m_s.reach[i];
        if (!(reach > 0.0) || !std::isfinite(pose[i]))
            continue;
        const double share = pose[i] / reach;
        if (std::abs(share) >= m_s.atLimitFraction)
            mask |= 1u << i;
        if (share >= m_s.reversalFraction || share <= -m_s.reversalFraction) {
            const bool positive = share > 0.0;
            std::int64_t &here = positive ? m_posLimitNs[i] : m_negLimitNs[i];
            const std::int64_t there = positive ? m_negLimitNs[i] : m_posLimitNs[i];
            if (there > 0 && here < there && nowNs - there < guardNs(m_s.minReversalS)) {
                m_reversal = true;
                m_reversalAxis = int(i);
                m_reversalS = double(nowNs - there) / kGuardNsPerS;
                m_reversalNs = nowNs;
            }
            here = nowNs;
        }
    }
    m_poses.push_back(PoseRec{nowNs, mask});
    const std::int64_t keep = guardNs(m_s.endStopWindowS);
    while (m_poses.size() > 1 && nowNs - m_poses.front().ns > keep)
        m_poses.pop_front();
}

LoopProblem LoopGuard::check(std::int64_t nowNs, double *figure, double *threshold, int *axis)
{
    *axis = -1;
    const std::int64_t window = guardNs(m_s.windowS);
    if (m_badSeen && nowNs - m_badFrameNs < window) {
        *figure = m_badValue;
        *threshold = m_badLimit;
        return LoopProblem::Implausible;
    }
    // Platform at its end stops: what the rider is going through right now comes first.
    if (m_reversal && nowNs - m_reversalNs < guardNs(m_s.endStopWindowS)) {
        *figure = m_reversalS;
        *threshold = m_s.minReversalS;
        *axis = m_reversalAxis;
        return LoopProblem::LimitReversal;
    }
    if (m_poses.size() >= 10 &&
        m_poses.back().ns - m_poses.front().ns >= guardNs(m_s.endStopWindowS) / 2) {
        std::array<int, 6> at{};
        for (const PoseRec &p : m_poses)
            for (int i = 0; i < 6; ++i)
                at[std::size_t(i)] += (p.atLimit >> i) & 1u;
        const auto worst = std::max_element(at.begin(), at.end());
        const double share = double(*worst) / double(m_poses.size());
        if (share > m_s.maxEndStopShare) {
            *figure = share;
            *threshold = m_s.maxEndStopShare;
            *axis = int(worst - at.begin());
            return LoopProblem::EndStops;
        }
    }
    // The simulation: only over a full window of continuous frames.
    if (!m_frames.empty() && nowNs - m_frames.back().ns <= window &&
        nowNs - m_flowSinceNs >= window && m_frames.back().ns - m_frames.front().ns > 0) {
        const double spanS = double(m_frames.back().ns - m_frames.front().ns) / kGuardNsPerS;
        const auto fresh = std::count_if(m_frames.begin() + 1, m_frames.end(),
                                         [](const FrameRec &r) { return r.fresh; });
        const double rate = double(fresh) / spanS;
        if (rate < m_s.minFrameRateHz) {
            *figure = rate;
            *threshold = m_s.minFrameRateHz;
            return LoopProblem::SlowFrames;
        }
        const double ratio = (m_frames.back().physicsS - m_frames.front().physicsS) / spanS /
                             m_frames.back().multiplier;
        if (ratio < m_s.minSpeedRatio) {
            *figure = ratio;
            *threshold = m_s.minSpeedRatio;
            return LoopProblem::SlowSimulation;
        }
    }
    if (m_health.size() >= 2 && nowNs - m_health.back().monotonicNs <= window) {
        const LoopHealth &a = m_health.front(), &b = m_health.back();
        const auto timeouts = b.lockstepTimeouts - a.lockstepTimeouts;
        if (timeouts > std::uint64_t(m_s.maxLockstepTimeouts)) {
            *figure = double(timeouts);
            *threshold = double(m_s.maxLockstepTimeouts);
            return LoopProblem::LockstepTimeouts;
        }
        const auto frames = b.simFrames - a.simFrames;
        const auto lost = b.simFramesLost - a.simFramesLost;
        if (frames >= 10 && double(lost) > m_s.maxLostShare * double(frames)) {
            *figure = double(lost) / double(frames);
            *threshold = m_s.maxLostShare;
            return LoopProblem::FramesLost;
        }
    }
    return LoopProblem::None;
}

bool LoopGuard::tick(std::int64_t nowNs)
{
    double figure = 0.0, threshold = 0.0;
    int axis = -1;
    const LoopProblem p = check(nowNs, &figure, &threshold, &axis);
    m_problemNow = p != LoopProblem::None;
    if (m_problemNow) {
        m_healthySinceNs = nowNs;
        m_problem = p;
        m_figure = figure;
        m_threshold = threshold;
        m_axis = axis;
        if (!m_holding) {
            m_holding = true;
            ++m_episodes;
            if (p == LoopProblem::EndStops || p == LoopProblem::LimitReversal)
                ++m_endStopEpisodes;
            return true;
        }
        return false;
    }
    if (m_holding && nowNs - m_healthySinceNs >= guardNs(m_s.healthyForS)) {
        m_holding = false;
        return true;
    }
    return false;
}

double LoopGuard::healthyS(std::int64_t nowNs) const
{
    return m_problemNow ? 0.0 : std::max(0.0, double(nowNs - m_healthySinceNs) / kGuardNsPerS);
}

} // namespace hil::raven
