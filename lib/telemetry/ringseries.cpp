#include "telemetry/ringseries.h"

#include <algorithm>
#include <cmath>

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
        ++end;   // and one after it
    const std::size_t n = end - first;
    buckets = std::max(buckets, 1);
    if (n <= static_cast<std::size_t>(2 * buckets) + 2) {
        for (std::size_t i = first; i < end; ++i)
            out->push_back(at(i));
        return;
    }
    // Min/max per time bucket: every spike survives, the line keeps its envelope.
    const double width = (t1 - t0) / buckets;
    std::size_t i = first;
    while (i < end) {
        const TelemetryPoint &p = at(i);
        const double bucket = width > 0 ? std::floor((p.t - t0) / width) : 0.0;
        const double bucketEnd = t0 + (bucket + 1.0) * width;
        std::size_t iMin = i, iMax = i;
        std::size_t j = i + 1;
        for (; j < end; ++j) {
            const TelemetryPoint &q = at(j);
            if (q.t >= bucketEnd && width > 0)
                break;
            if (q.v < at(iMin).v)
                iMin = j;
            if (q.v > at(iMax).v)
                iMax = j;
        }
        if (iMin == iMax) {
            out->push_back(at(iMin));
        } else {
            out->push_back(at(std::min(iMin, iMax)));
            out->push_back(at(std::max(iMin, iMax)));
        }
        i = j;
    }
}

} // namespace hil
