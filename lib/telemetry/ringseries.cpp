#include "telemetry/ringseries.h"

#include <algorithm>
#include <limits>

namespace hil {

RingSeries::RingSeries(std::size_t capacity) : m_capacity(std::max<std::size_t>(capacity, 2))
{
    m_data.reserve(std::min<std::size_t>(m_capacity, 1024));
}

void RingSeries::append(double t, double v)
{
    if (m_count > 0) {
        const double last = at(m_count - 1).t;
        if (!(t >= last)) // also catches NaN time
            t = last;
    }
    if (m_data.size() < m_capacity) {
        if (m_data.size() == m_data.capacity())
            m_data.reserve(std::min(m_capacity, m_data.capacity() * 2));
        m_data.push_back({t, v});
        ++m_count;
        return;
    }
    m_data[m_head] = {t, v}; // full: overwrite the oldest
    m_head = m_head + 1 == m_data.size() ? 0 : m_head + 1;
}

std::size_t RingSeries::lowerBound(double time) const
{
    std::size_t lo = 0, hi = m_count;
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (at(mid).t < time)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

void RingSeries::decimate(double t0, double t1, int buckets, std::vector<TelemetryPoint> *out) const
{
    if (m_count == 0 || t1 < t0)
        return;
    std::size_t first = lowerBound(t0);
    std::size_t end = lowerBound(t1);
    if (end < m_count && at(end).t <= t1)
        ++end;
    if (first > 0)
        --first; // one sample before the window
    if (end < m_count)
        ++end; // and one after it
    const std::size_t n = end - first;
    buckets = std::max(buckets, 1);
    if (n <= static_cast<std::size_t>(2 * buckets) + 2) {
        for (std::size_t i = first; i < end; ++i)
            out->push_back(at(i));
        return;
    }
    // Min/max per time bucket: every spike survives, the line keeps its envelope. The ring is
    // walked as its (at most two) contiguous pieces: this loop is the replot's hot spot.
    const double inv = t1 > t0 ? buckets / (t1 - t0) : 0.0;
    long bucket = std::numeric_limits<long>::min();
    TelemetryPoint mn{}, mx{};
    std::size_t iMn = 0, iMx = 0;
    auto flush = [&] {
        if (bucket == std::numeric_limits<long>::min())
            return;
        if (iMn == iMx) {
            out->push_back(mn);
        } else if (iMn < iMx) {
            out->push_back(mn);
            out->push_back(mx);
        } else {
            out->push_back(mx);
            out->push_back(mn);
        }
    };
    std::size_t logical = first;
    while (logical < end) {
        const std::size_t phys = (m_head + logical) % m_data.size();
        const std::size_t run = std::min(end - logical, m_data.size() - phys);
        const TelemetryPoint *p = m_data.data() + phys;
        for (std::size_t k = 0; k < run; ++k, ++logical) {
            const TelemetryPoint &q = p[k];
            const double x = (q.t - t0) * inv;
            const long b = x < 0 ? -1 : static_cast<long>(x);
            if (b != bucket) {
                flush();
                bucket = b;
                mn = mx = q;
                iMn = iMx = logical;
            } else if (q.v < mn.v) {
                mn = q;
                iMn = logical;
            } else if (q.v > mx.v) {
                mx = q;
                iMx = logical;
            }
        }
    }
    flush();
}

} // namespace hil
