#include "rflysim/visionreq.h"
#include "rflysim/bytes.h"

#include <cmath>

namespace hil {

using namespace rfly;

namespace {
constexpr double kDegPerRad = 180.0 / M_PI;

// The 28 floats shared by both forms, in wire order.
void putFloats(char *p, const VisionSensorReq &r)
{
    int i = 0;
    auto put = [&](float v) { putF32(p + 4 * i++, v); };
    put(r.cameraFovDeg);
    for (float v : r.sensorPosXyzM)
        put(v);
    put(r.eulerOrQuat);
    for (float v : r.sensorAngEulerDeg)
        put(v);
    for (float v : r.sensorAngQuat)
        put(v);
    for (float v : r.otherParams)
        put(v);
}

void getFloats(const char *p, VisionSensorReq &r)
{
    int i = 0;
    auto get = [&]() { return getF32(p + 4 * i++); };
    r.cameraFovDeg = get();
    for (float &v : r.sensorPosXyzM)
        v = get();
    r.eulerOrQuat = get();
    for (float &v : r.sensorAngEulerDeg)
        v = get();
    for (float &v : r.sensorAngQuat)
        v = get();
    for (float &v : r.otherParams)
        v = get();
}

// The 14 u16 from TypeID to SendProtocol[7], in wire order.
void putShorts(char *p, const VisionSensorReq &r)
{
    const std::uint16_t head[6] = {r.typeId,    r.targetCopter, r.targetMountType,
                                   r.dataWidth, r.dataHeight,   r.dataCheckFreq};
    for (int i = 0; i < 6; ++i)
        putU16(p + 2 * i, head[i]);
    for (int i = 0; i < 8; ++i)
        putU16(p + 12 + 2 * i, r.sendProtocol[static_cast<size_t>(i)]);
}

void getShorts(const char *p, VisionSensorReq &r)
{
    r.typeId = getU16(p);
    r.targetCopter = getU16(p + 2);
    r.targetMountType = getU16(p + 4);
    r.dataWidth = getU16(p + 6);
    r.dataHeight = getU16(p + 8);
    r.dataCheckFreq = getU16(p + 10);
    for (int i = 0; i < 8; ++i)
        r.sendProtocol[static_cast<size_t>(i)] = getU16(p + 12 + 2 * i);
}
} // namespace

QByteArray VisionSensorReq::encode148() const
{
    QByteArray out(kGimbalReqSize, '\0');
    char *p = out.data();
    putU16(p, checksum);
    putU16(p + 2, seqId);
    putU32(p + 4, bitmask);
    putShorts(p + 8, *this);
    putFloats(p + 36, *this);
    return out;
}

QByteArray VisionSensorReq::encode144() const
{
    QByteArray out(kSensorReqSize, '\0');
    char *p = out.data();
    putU16(p, checksum);
    putU16(p + 2, seqId);
    putShorts(p + 4, *this);
    putFloats(p + 32, *this);
    return out;
}

QByteArray VisionSensorReq::encode() const
{
    return typeId == TypeGimbalCamera ? encode148() : encode144();
}

std::optional<VisionSensorReq> VisionSensorReq::decode(const char *p, int size)
{
    VisionSensorReq r;
    if (size == kGimbalReqSize) {
        r.checksum = getU16(p);
        r.seqId = getU16(p + 2);
        r.bitmask = getU32(p + 4);
        getShorts(p + 8, r);
        getFloats(p + 36, r);
        return r;
    }
    if (size == kSensorReqSize) {
        r.checksum = getU16(p);
        r.seqId = getU16(p + 2);
        r.bitmask = 0;
        getShorts(p + 4, r);
        getFloats(p + 32, r);
        return r;
    }
    return std::nullopt;
}

void VisionSensorReq::setDestination(SendMode mode, std::uint32_t ipv4, std::uint16_t port)
{
    sendProtocol[0] = mode;
    for (int i = 0; i < 4; ++i)
        sendProtocol[static_cast<size_t>(1 + i)] =
            static_cast<std::uint16_t>((ipv4 >> (24 - 8 * i)) & 0xff);
    sendProtocol[5] = port;
}

std::uint32_t VisionSensorReq::destinationIpv4() const
{
    std::uint32_t ip = 0;
    for (int i = 0; i < 4; ++i)
        ip = (ip << 8) | (sendProtocol[static_cast<size_t>(1 + i)] & 0xff);
    return ip;
}

// --- GimbalRequest --------------------------------------------------------------------------

GimbalRequest::GimbalRequest(const VisionSensorReq &base) : m_req(base)
{
    m_req.checksum = kRequestChecksum;
    m_req.typeId = TypeGimbalCamera;
}

GimbalRequest &GimbalRequest::clearControls()
{
    m_req.bitmask = 0;
    return *this;
}

GimbalRequest &GimbalRequest::setAngles(double rollRad, double pitchRad, double yawRad)
{
    m_req.eulerOrQuat = 0.0f;
    m_req.sensorAngEulerDeg = {static_cast<float>(rollRad * kDegPerRad),
                               static_cast<float>(pitchRad * kDegPerRad),
                               static_cast<float>(yawRad * kDegPerRad)};
    return *this;
}

GimbalRequest &GimbalRequest::setFocalLength(double focalLengthMm)
{
    m_req.bitmask |= MaskFocalLength;
    m_req.otherParams[0] = static_cast<float>(focalLengthMm);
    return *this;
}

GimbalRequest &GimbalRequest::setCentering(bool center)
{
    m_req.bitmask |= MaskCenter;
    m_req.otherParams[1] = center ? 1.0f : 0.0f;
    return *this;
}

GimbalRequest &GimbalRequest::setRates(double pitchRateRadPs, double yawRateRadPs)
{
    m_req.bitmask |= MaskRate;
    m_req.otherParams[2] = static_cast<float>(pitchRateRadPs);
    m_req.otherParams[3] = static_cast<float>(yawRateRadPs);
    return *this;
}

GimbalRequest &GimbalRequest::setOpticalZoom(int zoomStep)
{
    m_req.bitmask |= MaskOpticalZoom;
    m_req.otherParams[4] = static_cast<float>(zoomStep);
    return *this;
}

GimbalRequest &GimbalRequest::setZoomBase(double zoomBase)
{
    m_req.bitmask = (m_req.bitmask & ~static_cast<std::uint32_t>(MaskTrackTarget)) | MaskZoomBase;
    m_req.otherParams[5] = static_cast<float>(zoomBase);
    return *this;
}

GimbalRequest &GimbalRequest::setTrackTarget(int copterId)
{
    m_req.bitmask = (m_req.bitmask & ~static_cast<std::uint32_t>(MaskZoomBase)) | MaskTrackTarget;
    m_req.otherParams[5] = static_cast<float>(copterId);
    return *this;
}

GimbalRequest &GimbalRequest::setRanging(bool enable)
{
    m_req.bitmask |= MaskRanging;
    m_req.otherParams[6] = enable ? 1.0f : 0.0f;
    return *this;
}

GimbalRequest &GimbalRequest::setLightSource(LightSource source)
{
    m_req.bitmask |= MaskLightSource;
    m_req.otherParams[7] = static_cast<float>(static_cast<int>(source));
    return *this;
}

GimbalRequest &GimbalRequest::setAiBoxSelectAll()
{
    m_req.bitmask |= MaskAiBoxSelect;
    m_req.otherParams[8] = 1.0f;
    return *this;
}

GimbalRequest &GimbalRequest::setAiBoxSelectAt(int pixelX, int pixelY)
{
    m_req.bitmask |= MaskAiBoxSelect;
    m_req.otherParams[8] = 2.0f;
    m_req.otherParams[9] = static_cast<float>(pixelX);
    m_req.otherParams[10] = static_cast<float>(pixelY);
    return *this;
}

// --- Gimbal state ---------------------------------------------------------------------------

StatePacketKind classifyStatePacket(const char *data, int size)
{
    if (size < 4)
        return StatePacketKind::Unknown;
    if (size == kGimbalReqSize && getU16(data) == kGimbalStateChecksum)
        return StatePacketKind::GimbalState;
    const std::uint32_t sum = getU32(data);
    if (sum == 1234567891u) {
        switch (size) {
        case 56:
        case 72:
            return StatePacketKind::CameraData;
        case 64:
        case 80:
            return StatePacketKind::CopterData;
        case 96:
        case 112:
            return StatePacketKind::ObjectData;
        default:
            break;
        }
    }
    if (sum == 1234567897u && size == 160)
        return StatePacketKind::CrashData;
    return StatePacketKind::Unknown;
}

std::optional<GimbalState> decodeGimbalState(const char *data, int size)
{
    if (classifyStatePacket(data, size) != StatePacketKind::GimbalState)
        return std::nullopt;
    const auto r = VisionSensorReq::decode(data, size);
    if (!r)
        return std::nullopt;
    GimbalState s;
    s.seqId = r->seqId;
    s.typeId = r->typeId;
    s.targetCopter = r->targetCopter;
    s.rollRad = r->sensorAngEulerDeg[0] / kDegPerRad;
    s.pitchRad = r->sensorAngEulerDeg[1] / kDegPerRad;
    s.yawRad = r->sensorAngEulerDeg[2] / kDegPerRad;
    s.quatValid = r->eulerOrQuat > 0.5f;
    s.attitude = {r->sensorAngQuat[0], r->sensorAngQuat[1], r->sensorAngQuat[2],
                  r->sensorAngQuat[3]};
    s.focalLengthMm = r->otherParams[0];
    s.pitchRateRadPs = r->otherParams[1];
    s.yawRateRadPs = r->otherParams[2];
    s.fxPx = r->otherParams[3];
    s.fyPx = r->otherParams[4];
    s.pixelWidth = r->otherParams[5];
    s.pixelHeight = r->otherParams[6];
    s.laserRangeM = r->otherParams[7];
    s.fovRad = r->cameraFovDeg / kDegPerRad;
    return s;
}

QByteArray encodeGimbalState(const GimbalState &s)
{
    VisionSensorReq r;
    r.checksum = kGimbalStateChecksum;
    r.seqId = s.seqId;
    r.typeId = s.typeId;
    r.targetCopter = s.targetCopter;
    r.sensorAngEulerDeg = {static_cast<float>(s.rollRad * kDegPerRad),
                           static_cast<float>(s.pitchRad * kDegPerRad),
                           static_cast<float>(s.yawRad * kDegPerRad)};
    r.eulerOrQuat = s.quatValid ? 1.0f : 0.0f;
    r.sensorAngQuat = {static_cast<float>(s.attitude.w), static_cast<float>(s.attitude.x),
                       static_cast<float>(s.attitude.y), static_cast<float>(s.attitude.z)};
    r.otherParams[0] = static_cast<float>(s.focalLengthMm);
    r.otherParams[1] = static_cast<float>(s.pitchRateRadPs);
    r.otherParams[2] = static_cast<float>(s.yawRateRadPs);
    r.otherParams[3] = static_cast<float>(s.fxPx);
    r.otherParams[4] = static_cast<float>(s.fyPx);
    r.otherParams[5] = static_cast<float>(s.pixelWidth);
    r.otherParams[6] = static_cast<float>(s.pixelHeight);
    r.otherParams[7] = static_cast<float>(s.laserRangeM);
    r.cameraFovDeg = static_cast<float>(s.fovRad * kDegPerRad);
    return r.encode148();
}

} // namespace hil
