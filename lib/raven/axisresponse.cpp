#include "raven/axisresponse.h"

#include <QString>
#include <algorithm>
#include <cmath>

namespace hil::raven {

namespace {
constexpr const char *kDofNames[6] = {"surge", "sway", "heave", "roll", "pitch", "yaw"};
}

const char *dofName(int dof)
{
    return dof >= 0 && dof < 6 ? kDofNames[dof] : "none";
}

int dofFromName(const QString &name)
{
    for (int i = 0; i < 6; ++i)
        if (name == QLatin1String(kDofNames[i]))
            return i;
    return -1;
}

void AxisResponse::addPose(const std::array<double, 6> &pose, std::int64_t nowNs)
{
    m_history.push_back({nowNs, pose});
    // Keep one sample older than the window: a slow poll still leaves a pose to start from.
    while (m_history.size() > 2 && m_history[1].ns < nowNs - kNoiseWindowNs)
        m_history.pop_front();
    if (!m_active)
        return;
    if (!m_haveBaseline) { // no pose before the cue: the first one is the baseline, noise 0
        m_baseline = pose;
        m_haveBaseline = true;
        return;
    }
    for (std::size_t i = 0; i < 6; ++i) {
        const double d = pose[i] - m_baseline[i];
        if (std::abs(d) > std::abs(m_extreme[i]))
            m_extreme[i] = d;
    }
}

void AxisResponse::begin(std::int64_t nowNs)
{
    m_active = true;
    m_extreme.fill(0.0);
    m_haveBaseline = !m_history.empty();
    if (m_haveBaseline)
        m_baseline = m_history.back().pose;
    std::array<double, 6> noise{};
    for (const Sample &s : m_history)
        if (s.ns >= nowNs - kNoiseWindowNs)
            for (std::size_t i = 0; i < 6; ++i)
                noise[i] = std::max(noise[i], std::abs(s.pose[i] - m_baseline[i]));
    for (std::size_t i = 0; i < 6; ++i)
        m_threshold[i] = std::max(kNoiseFactor * noise[i], i < 3 ? kFloorM : kFloorRad);
}

int AxisResponse::leader() const
{
    int best = -1;
    double bestSize = 0.0;
    for (std::size_t i = 0; i < 6; ++i) {
        const double a = std::abs(m_extreme[i]);
        if (a <= m_threshold[i])
            continue;
        const double size = i < 3 ? a : a * kMetresPerRad;
        if (size > bestSize) {
            bestSize = size;
            best = int(i);
        }
    }
    return best;
}

} // namespace hil::raven
