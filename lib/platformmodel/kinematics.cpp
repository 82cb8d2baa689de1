#include "platformmodel/kinematics.h"

#include "model/rotation.h"

#include <cmath>

namespace hil::platformmodel {

Matrix3 seatToBase(const Pose &pose)
{
    const double cr = std::cos(pose.rollRad), sr = std::sin(pose.rollRad);
    const double cp = std::cos(pose.pitchRad), sp = std::sin(pose.pitchRad);
    const double cy = std::cos(pose.yawRad), sy = std::sin(pose.yawRad);
    // Rz·Ry·Rx written out.
    return {{{cy * cp, cy * sp * sr - sy * cr, cy * sp * cr + sy * sr},
             {sy * cp, sy * sp * sr + cy * cr, sy * sp * cr - cy * sr},
             {-sp, cp * sr, cp * cr}}};
}

Vector3 multiply(const Matrix3 &m, const Vector3 &v)
{
    return {m[0][0] * v.x + m[0][1] * v.y + m[0][2] * v.z,
            m[1][0] * v.x + m[1][1] * v.y + m[1][2] * v.z,
            m[2][0] * v.x + m[2][1] * v.y + m[2][2] * v.z};
}

Vector3 multiplyTransposed(const Matrix3 &m, const Vector3 &v)
{
    return {m[0][0] * v.x + m[1][0] * v.y + m[2][0] * v.z,
            m[0][1] * v.x + m[1][1] * v.y + m[2][1] * v.z,
            m[0][2] * v.x + m[1][2] * v.y + m[2][2] * v.z};
}

std::array<double, 6> actuatorLengths(const Geometry &geometry, const Pose &pose)
{
    return actuatorLengths(geometry, pose, seatToBase(pose));
}

std::array<double, 6> actuatorLengths(const Geometry &geometry, const Pose &pose, const Matrix3 &r)
{
    const Vector3 t{pose.surgeM, pose.swayM, geometry.neutralHeightM + pose.heaveM};
    std::array<double, 6> out{};
    for (int i = 0; i < 6; ++i)
        out[i] = (t + multiply(r, geometry.seatJointsM[i]) - geometry.baseJointsM[i]).norm();
    return out;
}

std::array<bool, 6> strokeFlags(const std::array<double, 6> &lengthsM, double minM, double maxM)
{
    constexpr double kOnEndM = 1e-6;
    std::array<bool, 6> out{};
    for (int i = 0; i < 6; ++i)
        out[i] = !(lengthsM[i] > minM + kOnEndM && lengthsM[i] < maxM - kOnEndM); // NaN flags
    return out;
}

Geometry defaultGeometry()
{
    constexpr double kBaseRadiusM = 0.6;
    constexpr double kSeatRadiusM = 0.4;
    constexpr double kHalfPairDeg = 15.0;
    const auto onCircle = [](double radius, double deg) {
        return Vector3{radius * std::cos(degToRad(deg)), radius * std::sin(degToRad(deg)), 0.0};
    };
    Geometry g;
    for (int k = 0; k < 3; ++k) {
        const double c = 120.0 * k;
        g.baseJointsM[2 * k] = onCircle(kBaseRadiusM, c + kHalfPairDeg);
        g.seatJointsM[2 * k] = onCircle(kSeatRadiusM, c + 60.0 - kHalfPairDeg);
        g.baseJointsM[2 * k + 1] = onCircle(kBaseRadiusM, c + 120.0 - kHalfPairDeg);
        g.seatJointsM[2 * k + 1] = onCircle(kSeatRadiusM, c + 60.0 + kHalfPairDeg);
    }
    g.neutralHeightM = 0.5;
    return g;
}

} // namespace hil::platformmodel
