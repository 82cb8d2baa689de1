#include "raven/transportdelay.h"

#include <algorithm>
#include <cmath>

namespace hil::raven {

void TransportDelayEstimator::reset()
{
    m_before.clear();
    m_stepped = false;
    m_stepNs = 0;
    m_a = m_b = m_sigma = m_threshold = 0.0;
    m_last.reset();
    m_crossing.reset();
    m_crossingNs = 0;
    m_onset.reset();
}

double TransportDelayEstimator::deviation(const Sample &s) const
{
    return std::abs(s.v - (m_a + m_b * double(s.ns - m_stepNs) * 1e-9));
}

bool TransportDelayEstimator::setStep(std::int64_t stepNs)
{
    while (!m_before.empty() && m_before.front().ns < stepNs - kBaselineNs)
        m_before.pop_front();
    m_stepNs = stepNs;
    const std::size_t n = m_before.size();
    if (n < 3)
        return false;
    // Least squares line through the baseline, time in s relative to the step.
    double st = 0.0, sv = 0.0;
    for (const Sample &s : m_before) {
        st += double(s.ns - stepNs) * 1e-9;
        sv += s.v;
    }
    const double mt = st / double(n), mv = sv / double(n);
    double stt = 0.0, stv = 0.0;
    for (const Sample &s : m_before) {
        const double dt = double(s.ns - stepNs) * 1e-9 - mt;
        stt += dt * dt;
        stv += dt * (s.v - mv);
    }
    m_b = stt > 0.0 ? stv / stt : 0.0;
    m_a = mv - m_b * mt;
    double ss = 0.0;
    for (const Sample &s : m_before) {
        const double r = deviation(s);
        ss += r * r;
    }
    m_sigma = std::sqrt(ss / double(n > 2 ? n - 2 : 1));
    m_threshold = std::max(kNoiseFactor * m_sigma, m_floor);
    m_last = m_before.back();
    m_stepped = true;
    return true;
}

void TransportDelayEstimator::addSample(std::int64_t timeNs, double value)
{
    const Sample s{timeNs, value};
    if (!m_stepped) {
        m_before.push_back(s);
        while (m_before.size() > 2 && m_before.front().ns < timeNs - 2 * kBaselineNs)
            m_before.pop_front();
        return;
    }
    if (m_onset || timeNs <= m_stepNs)
        return;
    const double d = deviation(s);
    if (!m_crossing) {
        if (d > m_threshold) {
            m_crossing = s;
            // The threshold crossed between the last sample and this one (never before the step).
            const Sample prev = m_last ? *m_last : s;
            const double d0 = std::min(deviation(prev), m_threshold);
            const double f = d > d0 ? (m_threshold - d0) / (d - d0) : 1.0;
            const std::int64_t t = prev.ns + std::int64_t(std::llround(f * double(s.ns - prev.ns)));
            m_crossingNs = std::clamp(t, m_stepNs, s.ns);
        } else {
            m_last = s;
        }
        return;
    }
    // The sample after the crossing: back to where the response started, along its shape.
    if (timeNs - m_crossing->ns < kMinSpacingNs)
        return;
    const double d1 = deviation(*m_crossing);
    std::int64_t onset = m_crossingNs;
    const bool accel = m_shape == Shape::Acceleration;
    const double y1 = accel ? std::sqrt(d1) : d1;
    const double y2 = accel ? std::sqrt(d) : d;
    if (y2 > y1 && s.ns > m_crossing->ns) {
        const double back = y1 * double(s.ns - m_crossing->ns) / (y2 - y1);
        onset =
            std::clamp(m_crossing->ns - std::int64_t(std::llround(back)), m_stepNs, m_crossingNs);
    }
    m_onset = onset;
}

double TransportDelayEstimator::baselineDrift(std::int64_t nowNs) const
{
    double st = 0.0, sv = 0.0;
    int n = 0;
    for (const Sample &s : m_before) {
        if (s.ns < nowNs - kBaselineNs)
            continue;
        st += double(s.ns - nowNs) * 1e-9;
        sv += s.v;
        ++n;
    }
    if (n < 3)
        return -1.0;
    const double mt = st / n, mv = sv / n;
    double stt = 0.0, stv = 0.0;
    for (const Sample &s : m_before) {
        if (s.ns < nowNs - kBaselineNs)
            continue;
        const double dt = double(s.ns - nowNs) * 1e-9 - mt;
        stt += dt * dt;
        stv += dt * (s.v - mv);
    }
    return stt > 0.0 ? std::abs(stv / stt) * double(kBaselineNs) * 1e-9 : 0.0;
}

std::optional<std::int64_t> TransportDelayEstimator::onsetSoFarNs() const
{
    if (m_onset)
        return m_onset;
    if (m_crossing)
        return m_crossingNs;
    return std::nullopt;
}

std::optional<double> TransportDelayEstimator::delayMs() const
{
    if (!m_onset)
        return std::nullopt;
    return double(*m_onset - m_stepNs) * 1e-6;
}

} // namespace hil::raven
