#pragma once
// The AeroSim data types (docs/aerosim-types.md), the program's internal vocabulary.
// Conventions everywhere inside the program: SI units (m, m/s, m/s², rad, rad/s, Pa, s),
// world frame NED (north, east, down), body frame FRD (forward, right, down),
// quaternions stored w, x, y, z and rotating body vectors into the world frame.
// Plain values: copyable, no Qt, usable from any thread.

#include <cstdint>
#include <vector>

namespace hil {

/// A 3-vector of doubles; the frame and unit are given by the field that holds it.
struct Vector3
{
    double x = 0.0;
    double y = 0.0;
    double z = 0.0;

    constexpr Vector3 operator+(const Vector3 &o) const { return {x + o.x, y + o.y, z + o.z}; }
    constexpr Vector3 operator-(const Vector3 &o) const { return {x - o.x, y - o.y, z - o.z}; }
    constexpr Vector3 operator-() const { return {-x, -y, -z}; }
    constexpr Vector3 operator*(double s) const { return {x * s, y * s, z * s}; }
    constexpr Vector3 operator/(double s) const { return {x / s, y / s, z / s}; }
    Vector3 &operator+=(const Vector3 &o)
    {
        x += o.x;
        y += o.y;
        z += o.z;
        return *this;
    }
    Vector3 &operator-=(const Vector3 &o)
    {
        x -= o.x;
        y -= o.y;
        z -= o.z;
        return *this;
    }
    constexpr bool operator==(const Vector3 &o) const { return x == o.x && y == o.y && z == o.z; }
    constexpr bool operator!=(const Vector3 &o) const { return !(*this == o); }
    constexpr double dot(const Vector3 &o) const { return x * o.x + y * o.y + z * o.z; }
    constexpr Vector3 cross(const Vector3 &o) const
    {
        return {y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x};
    }
    double norm() const;
};

/// Unit quaternion w, x, y, z (Hamilton convention). As an attitude it rotates FRD body
/// vectors into the NED world: v_ned = q * v_frd * q⁻¹.
struct Quaternion
{
    double w = 1.0;
    double x = 0.0;
    double y = 0.0;
    double z = 0.0;

    constexpr bool operator==(const Quaternion &o) const
    {
        return w == o.w && x == o.x && y == o.y && z == o.z;
    }
    constexpr bool operator!=(const Quaternion &o) const { return !(*this == o); }
};

/// Simulation time: whole seconds and nanoseconds beyond them (nanosec < 1e9).
struct TimeStamp
{
    std::int32_t sec = 0;
    std::uint32_t nanosec = 0;

    static TimeStamp fromSeconds(double seconds);
    double toSeconds() const { return sec + nanosec * 1e-9; }
    constexpr bool operator==(const TimeStamp &o) const
    {
        return sec == o.sec && nanosec == o.nanosec;
    }
    constexpr bool operator<(const TimeStamp &o) const
    {
        return sec < o.sec || (sec == o.sec && nanosec < o.nanosec);
    }
};

/// Position (m, NED, relative to the session origin) and attitude (body FRD → world NED).
struct Pose
{
    Vector3 position;
    Quaternion orientation;
};

/// Generic actor information.
struct ActorState
{
    Pose pose;
};

/// The vehicle's kinematic state. velocity m/s and acceleration m/s² in world NED (AeroSim);
/// angular_velocity rad/s and angular_acceleration rad/s² in body FRD.
struct VehicleState
{
    ActorState state;
    Vector3 velocity;
    Vector3 angular_velocity;
    Vector3 acceleration;
    Vector3 angular_acceleration;
};

/// Input to a flight controller: normalised commands (-1..1 or 0..1 as the AeroSim types name them,
/// docs/aerosim-types.md).
struct FlightControlCommand
{
    std::vector<double> power_cmd; ///< 0..1 per thrust device
    double roll_cmd = 0.0;         ///< -1..1
    double pitch_cmd = 0.0;        ///< -1..1
    double yaw_cmd = 0.0;          ///< -1..1
    double thrust_tilt_cmd = 0.0;  ///< 0..1
    double flap_cmd = 0.0;         ///< 0..1
    double speedbrake_cmd = 0.0;   ///< 0..1
    double landing_gear_cmd = 0.0; ///< 0 stowed .. 1 extended
    double wheel_steer_cmd = 0.0;  ///< -1 left .. 1 right
    double wheel_brake_cmd = 0.0;  ///< 0 off .. 1 full
};

/// Effector-level commands (angles in rad, throttles 0..1), one entry per device.
struct AircraftEffectorCommand
{
    std::vector<double> throttle_cmd;
    std::vector<double> aileron_cmd_angle_rad;
    std::vector<double> elevator_cmd_angle_rad;
    std::vector<double> rudder_cmd_angle_rad;
    std::vector<double> thrust_tilt_cmd_angle_rad;
    std::vector<double> flap_cmd_angle_rad;
    std::vector<double> speedbrake_cmd_angle_rad;
    std::vector<double> landing_gear_cmd;
    std::vector<double> wheel_steer_cmd_angle_rad;
    std::vector<double> wheel_brake_cmd;
};

} // namespace hil
