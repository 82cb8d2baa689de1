#pragma once
// Quaternion, Euler and frame helpers. Pure functions, any thread.
// Euler angles are aerospace ZYX (yaw about down, then pitch, then roll), rad.
// Frame changes for ROS-style consumers: NED↔ENU world, FRD↔FLU body.

#include "model/types.h"

namespace hil {

struct EulerAngles
{
    double roll = 0.0;  ///< rad
    double pitch = 0.0; ///< rad
    double yaw = 0.0;   ///< rad, 0 = north, positive towards east
};

Quaternion multiply(const Quaternion &a, const Quaternion &b);
Quaternion conjugate(const Quaternion &q);
Quaternion normalized(const Quaternion &q);
/// Rotates v by q: q * v * q⁻¹ (body FRD → world NED for an attitude quaternion).
Vector3 rotate(const Quaternion &q, const Vector3 &v);
/// Rotates v by q⁻¹ (world NED → body FRD for an attitude quaternion).
Vector3 rotateInverse(const Quaternion &q, const Vector3 &v);

Quaternion fromEuler(const EulerAngles &e);
EulerAngles toEuler(const Quaternion &q);
/// Rotation by angle (rad) about a unit axis.
Quaternion fromAxisAngle(const Vector3 &unitAxis, double angleRad);

/// Shortest angular distance between two attitudes, rad (0..π).
double angleBetween(const Quaternion &a, const Quaternion &b);

// World frame: NED (north, east, down) ↔ ENU (east, north, up). The map is its own inverse.
Vector3 nedToEnu(const Vector3 &ned);
Vector3 enuToNed(const Vector3 &enu);
// Body frame: FRD (forward, right, down) ↔ FLU (forward, left, up). Its own inverse too.
Vector3 frdToFlu(const Vector3 &frd);
Vector3 fluToFrd(const Vector3 &flu);
/// Attitude body FRD→world NED  ↔  attitude body FLU→world ENU (the ROS convention).
Quaternion nedFrdToEnuFlu(const Quaternion &q);
Quaternion enuFluToNedFrd(const Quaternion &q);

constexpr double kPi = 3.14159265358979323846;
constexpr double kGravityMps2 = 9.80665;
constexpr double degToRad(double deg)
{
    return deg * kPi / 180.0;
}
constexpr double radToDeg(double rad)
{
    return rad * 180.0 / kPi;
}
/// Wraps an angle to (-π, π].
double wrapPi(double rad);

} // namespace hil
