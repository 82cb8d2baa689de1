#pragma once
// RflySim3D's VisionSensorReq (the `2H1I14H28f` request RflySim3D reads) and the gimbal state that
// comes back in the same layout. Pure codec: bytes in, values out; any thread.
//
// Two wire forms, both little-endian and packed:
//   - 148 bytes `2H1I14H28f`: the gimbal form (VisionSensorReqNew), with a u32 control bitmask
//     after SeqID. Requests carry checksum 12345; gimbal state on port 20006 carries 12346.
//   - 144 bytes `16H28f`: every other sensor (no bitmask), checksum 12345.
// Units on the wire are RflySim's: CameraFOV and SensorAngEular in degrees (as in RflySim's
// Config.json), SensorPosXYZ in metres, gimbal rates in rad/s. The values in VisionSensorReq are
// the wire values; GimbalRequest/GimbalState convert to SI (rad, rad/s) at this edge.

#include "model/tsan.h"
#include "model/types.h"

#include <QByteArray>
#include <QMetaType>
#include <array>
#include <cstdint>
#include <optional>

namespace hil {

namespace rfly {
constexpr std::uint16_t kRequestChecksum = 12345;
constexpr std::uint16_t kGimbalStateChecksum = 12346;
constexpr int kGimbalReqSize = 148; ///< `2H1I14H28f`
constexpr int kSensorReqSize = 144; ///< `16H28f`
constexpr std::uint16_t kDefaultStatePort = 20006;
constexpr std::uint16_t kDefaultSensorPort = 9999;
constexpr std::uint16_t kRequestPortBase = 20010; ///< + RflySim3D window id

/// Sensor TypeIDs as RflySim3D numbers them.
enum SensorType : std::uint16_t {
    TypeRgbCamera = 1,
    TypeDepthCamera = 2,
    TypeGrayCamera = 3,
    TypeSegmentation = 4,
    TypeFisheye = 8,
    TypeGimbalCamera = 9,
    TypeLidarLocal = 20,
    TypeLidarGlobal = 21,
    TypeLivox = 22,
    TypeMid360 = 23,
    TypeInfraredGray = 40,
    TypeInfraredColor = 41,
};

/// SendProtocol[0]: how RflySim3D delivers the data.
enum SendMode : std::uint16_t {
    SendSharedMemory = 0,
    SendUdpJpeg = 1, ///< UDP, JPEG-compressed images
    SendUdpRaw = 2,  ///< UDP, raw pixels
    SendUdpJpegAlt = 3,
};

/// Gimbal control bitmask (RflySim3D's table of bits and otherParams). Use GimbalRequest's setters,
/// not these directly.
enum GimbalMask : std::uint32_t {
    MaskFocalLength = 1u << 4,  ///< otherParams[0]
    MaskCenter = 1u << 5,       ///< otherParams[1]
    MaskRate = 1u << 6,         ///< otherParams[2] pitch, [3] yaw, rad/s
    MaskOpticalZoom = 1u << 7,  ///< otherParams[4]
    MaskTrackTarget = 1u << 8,  ///< otherParams[5] (shared with MaskZoomBase)
    MaskRanging = 1u << 9,      ///< otherParams[6]
    MaskLightSource = 1u << 10, ///< otherParams[7]
    MaskAiBoxSelect = 1u << 11, ///< otherParams[8], pixel in [9], [10]
    MaskZoomBase = 1u << 13,    ///< otherParams[5] (shared with MaskTrackTarget)
};
} // namespace rfly

/// VisionSensorReq as on the wire (see the header comment for units). `bitmask` exists only in
/// the 148-byte form; encode144() leaves it out.
struct VisionSensorReq
{
    std::uint16_t checksum = rfly::kRequestChecksum;
    std::uint16_t seqId = 0;
    std::uint32_t bitmask = 0;
    std::uint16_t typeId = rfly::TypeGimbalCamera;
    std::uint16_t targetCopter = 1;
    std::uint16_t targetMountType = 0;
    std::uint16_t dataWidth = 0;
    std::uint16_t dataHeight = 0;
    std::uint16_t dataCheckFreq = 0;
    std::array<std::uint16_t, 8> sendProtocol{}; ///< [0] mode, [1..4] IPv4, [5] UDP port
    float cameraFovDeg = 90.0f;
    std::array<float, 3> sensorPosXyzM{};
    float eulerOrQuat = 0.0f;                 ///< > 0.5: SensorAngQuat is used
    std::array<float, 3> sensorAngEulerDeg{}; ///< roll, pitch, yaw
    std::array<float, 4> sensorAngQuat{};
    std::array<float, 16> otherParams{};

    /// The 148-byte `2H1I14H28f` form (gimbal requests and gimbal state).
    QByteArray encode148() const;
    /// The 144-byte `16H28f` form (other sensors; no bitmask).
    QByteArray encode144() const;
    /// The form RflySim expects for this sensor: 148 bytes for the gimbal camera, else 144.
    QByteArray encode() const;
    /// Parses either form by size; nullopt for any other size. Checksum is not checked here.
    static std::optional<VisionSensorReq> decode(const char *data, int size);

    /// SendProtocol: where RflySim3D should send the data (IPv4 as a.b.c.d, port).
    void setDestination(rfly::SendMode mode, std::uint32_t ipv4, std::uint16_t port);
    std::uint16_t destinationPort() const { return sendProtocol[5]; }
    std::uint32_t destinationIpv4() const;
};

enum class LightSource { Rgb = 0, ThermalHeatmap = 1, InfraredGray = 2 };

/// One gimbal command built on a VisionSensorReq (148-byte form). Each named setter sets its
/// bitmask bit and otherParams slot(s), so call sites never touch raw indices. Angles are rad
/// and rad/s here; the wire gets degrees (angles) and rad/s (rates).
///
/// Surprise in RflySim's table: zoom base (bit 13) and tracking target (bit 8) share
/// otherParams[5]; setting one clears the other's bit so a request never means both.
class GimbalRequest
{
public:
    explicit GimbalRequest(const VisionSensorReq &base = {});

    const VisionSensorReq &req() const { return m_req; }
    VisionSensorReq &req() { return m_req; }
    QByteArray encode() const { return m_req.encode148(); }

    /// Clears every control bit (keeps angles, FOV and the rest).
    GimbalRequest &clearControls();
    /// Commanded attitude through SensorAngEular (rad in, degrees on the wire).
    GimbalRequest &setAngles(double rollRad, double pitchRad, double yawRad);
    GimbalRequest &setFocalLength(double focalLengthMm);
    GimbalRequest &setCentering(bool center);
    GimbalRequest &setRates(double pitchRateRadPs, double yawRateRadPs);
    GimbalRequest &setOpticalZoom(int zoomStep);
    GimbalRequest &setZoomBase(double zoomBase); ///< RflySim accepts (4, 1000)
    GimbalRequest &setTrackTarget(int copterId);
    GimbalRequest &setRanging(bool enable);
    GimbalRequest &setLightSource(LightSource source);
    GimbalRequest &setAiBoxSelectAll();
    GimbalRequest &setAiBoxSelectAt(int pixelX, int pixelY);

private:
    VisionSensorReq m_req;
};

/// Gimbal state as RflySim3D reports it on port 20006 (148 bytes, checksum 12346), in SI.
struct GimbalState
{
    std::uint16_t seqId = 0;
    std::uint16_t typeId = 0;
    std::uint16_t targetCopter = 0;
    double rollRad = 0.0, pitchRad = 0.0, yawRad = 0.0; ///< from SensorAngEular (degrees on wire)
    Quaternion attitude;        ///< SensorAngQuat (w, x, y, z), meaningful when quatValid
    bool quatValid = false;     ///< EularOrQuat > 0.5
    double focalLengthMm = 0.0; ///< otherParams[0]
    double pitchRateRadPs = 0.0, yawRateRadPs = 0.0; ///< otherParams[1], [2]
    double fxPx = 0.0, fyPx = 0.0;              ///< focal length in pixels, otherParams[3], [4]
    double pixelWidth = 0.0, pixelHeight = 0.0; ///< otherParams[5], [6], as RflySim reports
    double laserRangeM = 0.0;                   ///< otherParams[7]
    double fovRad = 0.0;                        ///< CameraFOV (degrees on the wire)
    std::int64_t monotonicNs = 0;               ///< host steady clock at arrival (set by the link)
    HIL_TSAN_MARK;                              // last: queued across threads (lib/model/tsan.h)
};

/// Packet kinds seen on port 20006, told apart by length and checksum (RflySim's UE4CtrlAPI).
enum class StatePacketKind {
    GimbalState, ///< 148 B, 12346
    CameraData,  ///< 56 or 72 B, 1234567891
    CopterData,  ///< 64 or 80 B, 1234567891
    ObjectData,  ///< 96 or 112 B, 1234567891
    CrashData,   ///< 160 B, 1234567897
    Unknown,
};
StatePacketKind classifyStatePacket(const char *data, int size);

/// Decodes a gimbal state packet; nullopt unless 148 bytes with checksum 12346.
std::optional<GimbalState> decodeGimbalState(const char *data, int size);
/// The inverse, for the emulator and tests: a state as RflySim3D would send it.
QByteArray encodeGimbalState(const GimbalState &state);

} // namespace hil

Q_DECLARE_METATYPE(hil::GimbalState)
