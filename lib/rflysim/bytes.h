#pragma once
// Little-endian field readers/writers for the RflySim codecs. Byte by byte on purpose: the wire
// layouts are packed and little-endian whatever the host, so no struct is ever memcpy'd.
// Callers check bounds before calling; these helpers do not.

#include <cstdint>
#include <cstring>

namespace hil::rfly {

inline void putU16(char *p, std::uint16_t v)
{
    p[0] = static_cast<char>(v & 0xff);
    p[1] = static_cast<char>(v >> 8);
}
inline void putU32(char *p, std::uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        p[i] = static_cast<char>((v >> (8 * i)) & 0xff);
}
inline void putF32(char *p, float v)
{
    std::uint32_t u;
    std::memcpy(&u, &v, 4);
    putU32(p, u);
}
inline void putF64(char *p, double v)
{
    std::uint64_t u;
    std::memcpy(&u, &v, 8);
    putU32(p, static_cast<std::uint32_t>(u));
    putU32(p + 4, static_cast<std::uint32_t>(u >> 32));
}

inline std::uint16_t getU16(const char *p)
{
    const auto *b = reinterpret_cast<const unsigned char *>(p);
    return static_cast<std::uint16_t>(b[0] | (b[1] << 8));
}
inline std::uint32_t getU32(const char *p)
{
    const auto *b = reinterpret_cast<const unsigned char *>(p);
    return static_cast<std::uint32_t>(b[0]) | (static_cast<std::uint32_t>(b[1]) << 8) |
           (static_cast<std::uint32_t>(b[2]) << 16) | (static_cast<std::uint32_t>(b[3]) << 24);
}
inline std::int32_t getI32(const char *p)
{
    return static_cast<std::int32_t>(getU32(p));
}
inline std::int16_t getI16(const char *p)
{
    return static_cast<std::int16_t>(getU16(p));
}
inline float getF32(const char *p)
{
    const std::uint32_t u = getU32(p);
    float v;
    std::memcpy(&v, &u, 4);
    return v;
}
inline double getF64(const char *p)
{
    const std::uint64_t u = getU32(p) | (static_cast<std::uint64_t>(getU32(p + 4)) << 32);
    double v;
    std::memcpy(&v, &u, 8);
    return v;
}

} // namespace hil::rfly
