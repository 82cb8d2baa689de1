#pragma once
// Decoders for reassembled RflySim sensor frames (the payload after the packet header): LiDAR
// and depth point clouds, the laser rangefinder, and images. Pure; any thread.
// Images stay plain bytes here (hilcore has no QtGui): raw pixels with their format, or the
// JPEG stream as received; ui/rflysimimage.h turns either into a QImage.

#include "model/tsan.h"
#include <QByteArray>
#include <QMetaType>
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace hil {

struct CloudPoint
{
    float x = 0, y = 0, z = 0; ///< metres, in the frame RflySim names by axis type
    float seg = 0;             ///< segmentation label (specific scenes only)
};

/// A LiDAR or depth-camera point cloud. Frames: TypeID 20/22/23 FLU body, 21 world.
/// RflySim sends two layouts, told apart by point count and byte length together:
///   - float32 (the documented one): i32 copter id, i32 axis type, f32 pose[6], i32 count
///     (36 bytes), then f32 x, y, z, seg (16 B a point), or f32 x, y, z for a depth cloud (12 B);
///   - int16 (what RflySim3D sends for a compressed sensor, SendProtocol[0] = 1, and what its own
///     Python reader expects): f32 pose[6], i32 count (28 bytes: no copter id, no axis type),
///     then i16 x, y, z, seg (8 B a point), or i16 x, y, z for a TypeID 7 depth cloud (6 B).
///     A coordinate is value / 32767 × the range in that sensor's request (otherParams[0]).
struct PointCloud
{
    enum class Encoding { Float32, Int16, DepthFloat32, DepthInt16 };
    std::int32_t copterId = 0;
    std::int32_t axisType = 0;   ///< 0 local, 1 world (0 for the int16 layout, which lacks it)
    std::array<float, 6> pose{}; ///< x, y, z (m), roll, pitch, yaw (rad) of the odometry
    Encoding encoding = Encoding::Float32;
    std::vector<CloudPoint> points; ///< int16 layout: seg is the raw i16 label, not scaled
    std::int32_t frameId = 0;
    double timeStampS = 0.0;   ///< RflySim3D's time stamp from the packet header
    float rangeM = 0.0f;       ///< int16 layouts: the range the values were scaled by; 0 for float
    bool rangeAssumed = false; ///< int16 layouts: rangeM is a configured default, not the sensor's
    HIL_TSAN_MARK;             // last data member: queued across threads (lib/model/tsan.h)

    bool isInt16() const { return encoding == Encoding::Int16 || encoding == Encoding::DepthInt16; }
};

/// Laser rangefinder (RflySim3D's laser sensor): 56 bytes after the header.
struct RangefinderReading
{
    float distanceM = 0;
    std::int32_t copterId = 0;
    std::array<float, 3> rayStart{};
    std::array<float, 3> angEuler{};
    std::array<float, 3> impactPoint{};
    std::array<float, 3> boxOrigin{};
    double timeStampS = 0.0;
    HIL_TSAN_MARK; // last: queued across threads (lib/model/tsan.h)
};

/// An image as received: raw pixels (row-major, no padding) or compressed JPEG bytes.
struct ImageFrame
{
    enum class Format { Bgr8, Mono8, Mono16, Jpeg };
    int width = 0; ///< pixels; for JPEG read from its SOF marker (0 when not found)
    int height = 0;
    Format format = Format::Bgr8;
    QByteArray bytes;
    std::uint16_t typeId = 0;
    std::int32_t frameId = 0;
    double timeStampS = 0.0;
    HIL_TSAN_MARK; // last data member: queued across threads (lib/model/tsan.h)

    static int bytesPerPixel(Format f)
    {
        return f == Format::Bgr8 ? 3 : f == Format::Mono16 ? 2 : 1;
    }
};

namespace rfly {
constexpr int kCloudPreambleBytes = 36; ///< float32 layout: copter id, axis type, pose[6], count
constexpr int kInt16CloudPreambleBytes = 28; ///< int16 layout: pose[6], point count
constexpr int kRangefinderBytes = 56;
constexpr int kMaxCloudPoints = 4 * 1024 * 1024;
} // namespace rfly

/// The layout of a point-cloud payload, from its size and the count where each layout keeps it:
/// 36 + n×16 (float32 x,y,z,seg), 28 + n×8 (int16 x,y,z,seg); with allowDepth also 36 + n×12
/// (float32 depth cloud) and 28 + n×6 (int16 depth cloud). nullopt for any other size.
std::optional<PointCloud::Encoding> pointCloudLayout(const char *data, int size,
                                                     bool allowDepth = true);
/// Decodes either layout; int16 values are scaled by int16RangeM / 32767 (rangeM is set to it).
std::optional<PointCloud> decodePointCloud(const char *data, int size, float int16RangeM,
                                           bool allowDepth = true);
/// Decodes into an existing cloud (reusing its point storage). False when the size fits no form.
bool decodePointCloudInto(const char *data, int size, float int16RangeM, bool allowDepth,
                          PointCloud *out);
std::optional<RangefinderReading> decodeRangefinder(const char *data, int size);

/// The pixel format RflySim uses for a camera TypeID; nullopt for non-images.
std::optional<ImageFrame::Format> rawFormatForType(std::uint16_t typeId);
/// A raw image of the given size; nullopt when bytes do not match width × height × bpp.
std::optional<ImageFrame> decodeRawImage(const QByteArray &bytes, int width, int height,
                                         ImageFrame::Format format);
bool isJpeg(const char *data, int size);
/// A JPEG image: bytes kept compressed, width/height from the SOF marker when present.
std::optional<ImageFrame> decodeJpegImage(const QByteArray &bytes);

/// Encoder for the emulator and tests: the layout follows cloud.encoding (int16 ones quantised
/// with int16RangeM, clamped to ±32767).
QByteArray encodePointCloud(const PointCloud &cloud, float int16RangeM);

} // namespace hil

Q_DECLARE_METATYPE(hil::PointCloud)
Q_DECLARE_METATYPE(hil::ImageFrame)
Q_DECLARE_METATYPE(hil::RangefinderReading)
