#pragma once
// Helpers shared by the fuzz targets: chunking an input the way a socket would deliver it, and a
// check that aborts (a libFuzzer crash) when a decoder property does not hold.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace hil::fuzz {

/// Aborts with a message: libFuzzer records the input as a crash.
inline void check(bool ok, const char *what)
{
    if (!ok) {
        std::fprintf(stderr, "fuzz property violated: %s\n", what);
        std::abort();
    }
}

/// Calls f(ptr, len) over data in chunks whose sizes cycle through 1..maxChunk, seeded by the
/// input's first byte, so that the same bytes also arrive split at many different places.
template <typename F> void forChunks(const std::uint8_t *data, std::size_t size, F f)
{
    const std::size_t maxChunk = size ? 1 + data[0] % 23 : 1;
    std::size_t step = 1, pos = 0;
    while (pos < size) {
        const std::size_t n = step < size - pos ? step : size - pos;
        f(data + pos, n);
        pos += n;
        step = step % maxChunk + 1;
    }
}

} // namespace hil::fuzz
