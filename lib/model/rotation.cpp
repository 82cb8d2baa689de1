#include "model/rotation.h"

#include <algorithm>
#include <cmath>

namespace hil {

double Vector3::norm() const
{
    return std::sqrt(x * x + y * y + z * z);
}

Quaternion multiply(const Quaternion &a, const Quaternion &b)
{
    return {a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
            a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
            a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w};
}

Quaternion conjugate(const Quaternion &q)
{
    return {q.w, -q.x, -q.y, -q.z};
}

Quaternion normalized(const Quaternion &q)
{
    const double n = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
    if (!(n > 0.0) || !std::isfinite(n))
        return {};
    return {q.w / n, q.x / n, q.y / n, q.z / n};
}

Vector3 rotate(const Quaternion &q, const Vector3 &v)
{
    // v' = v + 2w(u×v) + 2u×(u×v), u = vector part: cheaper than two products.
    const Vector3 u{q.x, q.y, q.z};
    const Vector3 t = u.cross(v) * 2.0;
    return v + t * q.w + u.cross(t);
}

Vector3 rotateInverse(const Quaternion &q, const Vector3 &v)
{
    return rotate(conjugate(q), v);
}

Quaternion fromEuler(const EulerAngles &e)
{
    const double cr = std::cos(e.roll / 2), sr = std::sin(e.roll / 2);
    const double cp = std::cos(e.pitch / 2), sp = std::sin(e.pitch / 2);
    const double cy = std::cos(e.yaw / 2), sy = std::sin(e.yaw / 2);
    return {cr * cp * cy + sr * sp * sy, sr * cp * cy - cr * sp * sy, cr * sp * cy + sr * cp * sy,
            cr * cp * sy - sr * sp * cy};
}

EulerAngles toEuler(const Quaternion &qIn)
{
    const Quaternion q = normalized(qIn);
    EulerAngles e;
    e.roll = std::atan2(2 * (q.w * q.x + q.y * q.z), 1 - 2 * (q.x * q.x + q.y * q.y));
    // Clamp: rounding can push the sine a hair past ±1 at ±90° pitch.
    e.pitch = std::asin(std::clamp(2 * (q.w * q.y - q.z * q.x), -1.0, 1.0));
    e.yaw = std::atan2(2 * (q.w * q.z + q.x * q.y), 1 - 2 * (q.y * q.y + q.z * q.z));
    return e;
}

Quaternion fromAxisAngle(const Vector3 &a, double angle)
{
    const double s = std::sin(angle / 2);
    return {std::cos(angle / 2), a.x * s, a.y * s, a.z * s};
}

double angleBetween(const Quaternion &a, const Quaternion &b)
{
    const Quaternion d = multiply(conjugate(normalized(a)), normalized(b));
    return 2 * std::acos(std::clamp(std::fabs(d.w), 0.0, 1.0));
}

Vector3 nedToEnu(const Vector3 &v)
{
    return {v.y, v.x, -v.z};
}
Vector3 enuToNed(const Vector3 &v)
{
    return {v.y, v.x, -v.z};
}
Vector3 frdToFlu(const Vector3 &v)
{
    return {v.x, -v.y, -v.z};
}
Vector3 fluToFrd(const Vector3 &v)
{
    return {v.x, -v.y, -v.z};
}

namespace {
// NED→ENU is the rotation by π about (1,1,0)/√2; FRD→FLU is π about the x axis.
constexpr double kHalfSqrt2 = 0.70710678118654752440;
constexpr Quaternion kNedToEnu{0.0, kHalfSqrt2, kHalfSqrt2, 0.0};
constexpr Quaternion kFluToFrd{0.0, 1.0, 0.0, 0.0};
} // namespace

Quaternion nedFrdToEnuFlu(const Quaternion &q)
{
    // v_enu = R(ned→enu) · q · R(flu→frd) · v_flu
    return normalized(multiply(multiply(kNedToEnu, q), kFluToFrd));
}

Quaternion enuFluToNedFrd(const Quaternion &q)
{
    // Both fixed rotations are half turns, hence their own inverses.
    return normalized(multiply(multiply(kNedToEnu, q), kFluToFrd));
}

double wrapPi(double a)
{
    a = std::fmod(a + kPi, 2 * kPi);
    if (a <= 0)
        a += 2 * kPi;
    return a - kPi;
}

TimeStamp TimeStamp::fromSeconds(double seconds)
{
    double whole = std::floor(seconds);
    auto ns = static_cast<std::int64_t>(std::llround((seconds - whole) * 1e9));
    if (ns >= 1000000000) {
        ns -= 1000000000;
        whole += 1;
    }
    return {static_cast<std::int32_t>(whole), static_cast<std::uint32_t>(ns)};
}

} // namespace hil
