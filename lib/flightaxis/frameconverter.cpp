#include "flightaxis/frameconverter.h"
#include "model/rotation.h"

#include <cmath>

namespace hil::flightaxis {

FrameConverter::FrameConverter(const GeoPoint &home) : m_frame(home) {}

SimFrame FrameConverter::convert(const ReturnData &r)
{
    const AircraftState &s = r.state;
    SimFrame f;
    f.physicsTimeS = s.physicsTimeS;
    // RealFlight: X east, Y north, altitude up.
    const Vector3 ned{s.positionYM, s.positionXM, -s.altitudeAslM};
    if (!m_haveOrigin) {
        m_origin = ned;
        m_haveOrigin = true;
    }
    const Vector3 rel = ned - m_origin;
    VehicleState &v = f.vehicle;
    v.state.pose.position = rel;
    const Quaternion q{s.quatW, s.quatY, s.quatX, -s.quatZ};
    const double qn = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
    v.state.pose.orientation =
        qn > 1e-9 ? Quaternion{q.w / qn, q.x / qn, q.y / qn, q.z / qn} : Quaternion{};
    v.velocity = {s.velocityWorldUMps, s.velocityWorldVMps, s.velocityWorldWMps};
    v.angular_velocity = {degToRad(s.rollRateDegps), degToRad(s.pitchRateDegps),
                          degToRad(-s.yawRateDegps)};
    const Vector3 rawAccel{s.accelWorldXMps2, s.accelWorldYMps2, s.accelWorldZMps2};
    const Vector3 rawForce{s.accelBodyXMps2, s.accelBodyYMps2, s.accelBodyZMps2};
    f.extras.rawAccelNedMps2 = rawAccel;
    f.extras.rawSpecificForceFrdMps2 = rawForce;

    // Derivatives on physics time; a first sample, a time jump or a reset restarts them.
    const bool atRest = s.status.contains(QLatin1String("WAITINGTOLAUNCH")) ||
                        s.status.contains(QLatin1String("RESET"));
    const double dt = s.physicsTimeS - m_prevTimeS;
    const bool continuous = m_havePrev && !atRest && dt > 0.0 && dt < 0.5;
    auto lowPass = [dt](const Vector3 &prev, const Vector3 &x) {
        const double k = dt / (kDerivativeTauS + dt);
        return prev + (x - prev) * k;
    };
    if (continuous) {
        m_accelFiltered = lowPass(m_accelFiltered, (v.velocity - m_prevVelocity) / dt);
        m_angAccelFiltered = lowPass(m_angAccelFiltered, (v.angular_velocity - m_prevRates) / dt);
    } else {
        m_accelFiltered = {};
        m_angAccelFiltered = {};
    }
    m_havePrev = !atRest;
    m_prevTimeS = s.physicsTimeS;
    m_prevVelocity = v.velocity;
    m_prevRates = v.angular_velocity;
    v.angular_acceleration = m_angAccelFiltered;
    const Vector3 gravityNed{0.0, 0.0, kGravityMps2};
    const Quaternion &att = v.state.pose.orientation;
    if (atRest) {
        v.acceleration = {};
        f.extras.specificForceFrdMps2 = rotateInverse(att, Vector3{} - gravityNed);
        f.extras.accelSource = AccelSource::AtRest;
    } else if (s.touchingGround) {
        v.acceleration = m_accelFiltered;
        f.extras.specificForceFrdMps2 = rotateInverse(att, m_accelFiltered - gravityNed);
        f.extras.accelSource = AccelSource::VelocityDerivative;
    } else {
        v.acceleration = rawAccel;
        f.extras.specificForceFrdMps2 = rawForce;
        f.extras.accelSource = AccelSource::Simulator;
    }
    const GeoPoint g = m_frame.toGeodetic(rel);
    f.latitudeDeg = g.latitudeDeg;
    f.longitudeDeg = g.longitudeDeg;
    f.altitudeM = g.altitudeM;

    SimExtras &e = f.extras;
    e.airspeedMps = s.airspeedMps;
    e.groundspeedMps = s.groundspeedMps;
    e.altitudeAslM = s.altitudeAslM;
    e.altitudeAglM = s.altitudeAglM;
    e.windNedMps = {s.windYMps, s.windXMps, s.windZMps};
    e.propRpm = s.propRpm;
    e.heliMainRotorRpm = s.heliMainRotorRpm;
    e.batteryVoltageV = s.batteryVoltageV;
    e.batteryCurrentA = s.batteryCurrentA;
    e.batteryRemainingMah = s.batteryRemainingMah;
    e.fuelRemainingOz = s.fuelRemainingOz;
    e.physicsSpeedMultiplier = s.physicsSpeedMultiplier;
    e.touchingGround = s.touchingGround;
    e.locked = s.isLocked;
    e.lostComponents = s.hasLostComponents;
    e.engineRunning = s.engineRunning;
    e.controllerActive = s.controllerActive;
    e.aircraftStatus = s.status;
    return f;
}

} // namespace hil::flightaxis
