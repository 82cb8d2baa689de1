#pragma once
// RingSeries: one named time series in a bounded ring (time s, value in SI units). Not
// thread-safe by itself: TelemetryHub guards each one with its own mutex.
//
// Storage grows by doubling up to the capacity (the warm-up), then wraps: no allocation per sample
// afterwards. Times are kept non-decreasing (a sample older than the last one is stamped with the
// last time) so that a time window is found by binary search.

#include <cstddef>
#include <vector>

namespace hil {

struct TelemetryPoint
{
    double t = 0.0; ///< s on the hub's clock
    double v = 0.0; ///< SI value
};

class RingSeries
{
public:
    explicit RingSeries(std::size_t capacity);

    void append(double t, double v);
    std::size_t size() const { return m_count; }
    std::size_t capacity() const { return m_capacity; }
    /// i-th oldest sample, 0 <= i < size().
    const TelemetryPoint &at(std::size_t i) const
    {
        const std::size_t k = m_head + i;
        return m_data[k < m_data.size() ? k : k - m_data.size()];
    }
    /// Index of the first sample with t >= time (size() when none).
    std::size_t lowerBound(double time) const;

    /// Samples with t in [t0, t1] plus one on each side (so lines reach the edges), reduced to at
    /// most about 2 * buckets points by keeping each bucket's min and max in time order.
    /// Appends to *out (which keeps its capacity between calls).
    void decimate(double t0, double t1, int buckets, std::vector<TelemetryPoint> *out) const;

private:
    std::vector<TelemetryPoint> m_data;
    std::size_t m_capacity;
    std::size_t m_head = 0; ///< index of the oldest sample once wrapped
    std::size_t m_count = 0;
};

} // namespace hil
