#include "raven/platformsample.h"

namespace hil {

PlatformSample sampleFromFrame(const raven::Frame &f, std::int64_t monotonicNs)
{
    using namespace raven;
    PlatformSample s;
    s.monotonicNs = monotonicNs;
    s.id = f.id;
    if (f.words <= 0)
        return s;
    s.status = decodeStatus(std::uint32_t(f.payload[std::size_t(f.words - 1)]));
    const auto &p = f.payload;
    switch (f.id) {
    case IdAccel:
    case IdAccelAttitude:
    case IdAccelAttitudeGravity:
    case IdWashout:
    case IdStatus:
    case IdDofPositions:
        s.hasPose = true;
        for (int i = 0; i < 3; ++i) {
            s.positionM[std::size_t(i)] = umToM(p[std::size_t(i)]);
            s.anglesRad[std::size_t(i)] = mdegToRad(p[std::size_t(i + 3)]);
        }
        break;
    case IdTemperatures:
        s.hasTemperatures = true;
        for (int i = 0; i < 6; ++i)
            s.temperaturesC[std::size_t(i)] = p[std::size_t(i)];
        break;
    case IdPower:
        s.hasPower = true;
        for (int i = 0; i < 6; ++i)
            s.powerW[std::size_t(i)] = p[std::size_t(i)];
        s.totalPowerW = p[6];
        break;
    case IdFirmware:
        s.hasFirmware = true;
        for (int i = 0; i < 7; ++i)
            s.firmware[std::size_t(i)] = p[std::size_t(i)];
        break;
    case IdForces:
    case IdActuatorPositions:
    case IdActuatorTargets:
    case IdCommandedForces:
        s.hasActuators = true;
        for (int i = 0; i < 6; ++i)
            s.actuatorValues[std::size_t(i)] = p[std::size_t(i)];
        break;
    default:
        break;
    }
    if (f.words == 8 && f.id != IdPower && f.id != IdFirmware) {
        s.hasTimestamp = true;
        s.platformTimeUs = std::uint32_t(p[6]);
    }
    return s;
}

} // namespace hil
