#pragma once
// Inverse kinematics of a six-actuator platform (a Gough–Stewart "hexapod" seat mover): the
// actuator lengths a pose needs. Pure functions of plain values, any thread. Units: metres and
// radians, in the platform frame of docs/protocols/ravenapi.md.
//
// FRAMES AND SIGNS (docs/platform-model.md, "Kinematics")
// The platform frame is right-handed: x forward, y LEFT, z up. The platform's own angles are
// right-handed rotations about those axes, so no sign needs mapping:
//   roll  + about +x: y turns towards z, the left side rises   = "right side down"  (the guide)
//   pitch + about +y: z turns towards x, x towards −z          = "nose down"        (the guide)
//   yaw   + about +z: x turns towards y                        = "nose left"        (the guide)
// The seat's attitude is R = Rz(yaw)·Ry(pitch)·Rx(roll) with the textbook right-handed matrices
// (roll first, in the seat's own axes), carrying seat-frame vectors into the base frame.
// Worked example, pitch +10°: the seat point 0.4 m ahead of the centre, (0.4, 0, 0), goes to
// Ry(10°)·(0.4, 0, 0) = (0.4·cos 10°, 0, −0.4·sin 10°) = (0.3939, 0, −0.0695): 69.5 mm lower,
// nose down, as the guide's "pitch = nose dive" says. The same for roll +10°: the left point
// (0, 0.4, 0) goes to (0, 0.3939, +0.0695), the left side up, the right side down.
//
// GEOMETRY
// Base joints b_i lie in the base frame (origin on the floor under the seat centre); seat joints
// p_i in the seat frame, whose origin (the rotation centre of the pose) is at height
// neutralHeightM above the base origin when the pose is neutral. An actuator's length is the
// distance between its two joint centres:
//     L_i = | t + R·p_i − b_i |,   t = (surge, sway, neutralHeightM + heave).
// The poses the platform reports are "measured from the centre rest position where every actuator
// is at half stroke" (the guide): the neutral pose is mid-stroke on every actuator.

#include "model/types.h"

#include <array>

namespace hil::platformmodel {

/// A platform pose relative to neutral, platform frame: metres and radians, signs as above.
struct Pose
{
    double surgeM = 0.0;
    double swayM = 0.0;
    double heaveM = 0.0;
    double rollRad = 0.0;
    double pitchRad = 0.0;
    double yawRad = 0.0;

    std::array<double, 6> toArray() const
    {
        return {surgeM, swayM, heaveM, rollRad, pitchRad, yawRad};
    }
    static Pose fromArray(const std::array<double, 6> &v)
    {
        return {v[0], v[1], v[2], v[3], v[4], v[5]};
    }
};

/// Joint centres of the six actuators; actuator i runs from baseJointsM[i] to seatJointsM[i].
struct Geometry
{
    std::array<Vector3, 6> baseJointsM{}; ///< base frame, m
    std::array<Vector3, 6> seatJointsM{}; ///< seat frame (origin = rotation centre), m
    double neutralHeightM = 0.5;          ///< seat origin above base origin at neutral, m
    /// ASSUMPTION: the rider's head (the vestibular organs) in the seat frame, m: 0.8 m above
    /// the seat origin, over it. The specific force there has the rotation's lever arm in it.
    Vector3 headM{0.0, 0.0, 0.8};
};

using Matrix3 = std::array<std::array<double, 3>, 3>;

/// R = Rz(yaw)·Ry(pitch)·Rx(roll): seat-frame vectors into the base frame.
Matrix3 seatToBase(const Pose &pose);
Vector3 multiply(const Matrix3 &m, const Vector3 &v);
Vector3 multiplyTransposed(const Matrix3 &m, const Vector3 &v);

/// Joint-to-joint length of each actuator for the pose (m).
std::array<double, 6> actuatorLengths(const Geometry &geometry, const Pose &pose);
/// The same with the pose's seatToBase() already at hand.
std::array<double, 6> actuatorLengths(const Geometry &geometry, const Pose &pose,
                                      const Matrix3 &seatToBaseOfPose);

/// True where a length is outside [minM, maxM] or on its end (within 1 µm).
std::array<bool, 6> strokeFlags(const std::array<double, 6> &lengthsM, double minM, double maxM);

/// ASSUMPTION (Iris publishes neither geometry nor stroke): a typical seat mover. Base joints on
/// a 0.6 m circle in pairs 30° apart centred at 0°, 120°, 240° (0° = forward, counter-clockwise
/// seen from above, i.e. towards the left); seat joints on a 0.4 m circle in pairs 30° apart
/// centred at 60°, 180°, 300°; seat origin 0.5 m above the base. Actuator 2k runs from the base
/// joint at 120k + 15° to the seat joint at 120k + 45°, actuator 2k + 1 from 120k + 105° to
/// 120k + 75° (k = 0, 1, 2): actuators 0 and 1 are front-left, 5 front-right. Neutral length
/// 0.5952 m for all six.
Geometry defaultGeometry();

/// ASSUMPTION: 150 mm stroke centred on the default geometry's neutral length.
inline constexpr double kDefaultStrokeM = 0.150;

} // namespace hil::platformmodel
