#pragma once
// Small helpers shared by the benchmarks: a steady clock, the calling thread's CPU time,
// percentiles and the BENCH line format (`BENCH <name> <value> <unit>`) that scripts read.
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <vector>

namespace bench {

inline double nowNs()
{
    return std::chrono::duration<double, std::nano>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

/// The calling thread's on-CPU time (s), user and system.
inline double threadCpuS()
{
    timespec ts{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

/// p in 0..100 over a copy of the samples.
inline double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0.0;
    std::sort(v.begin(), v.end());
    const size_t i = std::min(v.size() - 1, static_cast<size_t>(p / 100.0 * (v.size() - 1) + 0.5));
    return v[i];
}

/// The value with three decimals through std::to_chars: a decimal point whatever the locale
/// (printf's %f writes "1,500" under a German LC_NUMERIC, which scripts reading BENCH lines
/// misparse).
inline void report(const char *name, double value, const char *unit)
{
    char number[64];
    const auto r =
        std::to_chars(number, number + sizeof number, value, std::chars_format::fixed, 3);
    const int len = r.ec == std::errc() ? int(r.ptr - number) : 0;
    std::printf("BENCH %s %.*s %s\n", name, len, number, unit);
    std::fflush(stdout);
}

/// Runs fn() repeatedly for about `seconds` and returns the mean ns per call.
template <typename Fn> double nsPerCall(Fn &&fn, double seconds = 0.5)
{
    long calls = 0;
    const double start = nowNs(), end = start + seconds * 1e9;
    double t = start;
    while (t < end) {
        for (int i = 0; i < 1000; ++i)
            fn();
        calls += 1000;
        t = nowNs();
    }
    return (t - start) / calls;
}

} // namespace bench
