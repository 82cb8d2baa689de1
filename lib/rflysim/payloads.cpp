#include "rflysim/payloads.h"
#include "rflysim/bytes.h"

#include <algorithm>
#include <cmath>

namespace hil {

using namespace rfly;

namespace {
constexpr float kInt16Full = 32767.0f;

void readPreamble(const char *p, PointCloud *out)
{
    out->copterId = getI32(p);
    out->axisType = getI32(p + 4);
    for (int i = 0; i < 6; ++i)
        out->pose[static_cast<size_t>(i)] = getF32(p + 8 + 4 * i);
}
} // namespace

bool decodePointCloudInto(const char *data, int size, float int16RangeM, bool allowDepth,
                          PointCloud *out)
{
    if (size < kCloudPreambleBytes)
        return false;
    const std::int32_t n = getI32(data + 32);
    if (n < 0 || n > kMaxCloudPoints)
        return false;
    const std::int64_t body = size - kCloudPreambleBytes;
    PointCloud::Encoding enc;
    if (body == std::int64_t(n) * 16)
        enc = PointCloud::Encoding::Float32;
    else if (body == std::int64_t(n) * 8)
        enc = PointCloud::Encoding::Int16;
    else if (allowDepth && body == std::int64_t(n) * 12)
        enc = PointCloud::Encoding::DepthFloat32;
    else
        return false;
    readPreamble(data, out);
    out->encoding = enc;
    out->points.resize(static_cast<size_t>(n));
    const char *p = data + kCloudPreambleBytes;
    CloudPoint *pt = out->points.data();
    switch (enc) {
    case PointCloud::Encoding::Float32:
        for (std::int32_t i = 0; i < n; ++i, p += 16, ++pt)
            *pt = {getF32(p), getF32(p + 4), getF32(p + 8), getF32(p + 12)};
        break;
    case PointCloud::Encoding::Int16: {
        const float scale = int16RangeM / kInt16Full;
        for (std::int32_t i = 0; i < n; ++i, p += 8, ++pt)
            *pt = {getI16(p) * scale, getI16(p + 2) * scale, getI16(p + 4) * scale,
                   static_cast<float>(getI16(p + 6))};
        break;
    }
    case PointCloud::Encoding::DepthFloat32:
        for (std::int32_t i = 0; i < n; ++i, p += 12, ++pt)
            *pt = {getF32(p), getF32(p + 4), getF32(p + 8), 0.0f};
        break;
    }
    return true;
}

std::optional<PointCloud> decodePointCloud(const char *data, int size, float int16RangeM,
                                           bool allowDepth)
{
    PointCloud c;
    if (!decodePointCloudInto(data, size, int16RangeM, allowDepth, &c))
        return std::nullopt;
    return c;
}

QByteArray encodePointCloud(const PointCloud &c, float int16RangeM)
{
    const int stride = c.encoding == PointCloud::Encoding::Float32 ? 16
                       : c.encoding == PointCloud::Encoding::Int16 ? 8 : 12;
    const int n = static_cast<int>(c.points.size());
    QByteArray out(kCloudPreambleBytes + n * stride, '\0');
    char *p = out.data();
    putU32(p, static_cast<std::uint32_t>(c.copterId));
    putU32(p + 4, static_cast<std::uint32_t>(c.axisType));
    for (int i = 0; i < 6; ++i)
        putF32(p + 8 + 4 * i, c.pose[static_cast<size_t>(i)]);
    putU32(p + 32, static_cast<std::uint32_t>(n));
    p += kCloudPreambleBytes;
    const float toInt = kInt16Full / int16RangeM;
    auto q = [&](float v) {
        return static_cast<std::uint16_t>(static_cast<std::int16_t>(
            std::lround(std::clamp(v * toInt, -kInt16Full, kInt16Full))));
    };
    for (const CloudPoint &pt : c.points) {
        if (stride == 8) {
            putU16(p, q(pt.x));
            putU16(p + 2, q(pt.y));
            putU16(p + 4, q(pt.z));
            putU16(p + 6, static_cast<std::uint16_t>(static_cast<std::int16_t>(pt.seg)));
        } else {
            putF32(p, pt.x);
            putF32(p + 4, pt.y);
            putF32(p + 8, pt.z);
            if (stride == 16)
                putF32(p + 12, pt.seg);
        }
        p += stride;
    }
    return out;
}

std::optional<RangefinderReading> decodeRangefinder(const char *p, int size)
{
    if (size != kRangefinderBytes)
        return std::nullopt;
    RangefinderReading r;
    r.distanceM = getF32(p);
    r.copterId = getI32(p + 4);
    auto vec = [&](int at, std::array<float, 3> &v) {
        for (int i = 0; i < 3; ++i)
            v[static_cast<size_t>(i)] = getF32(p + at + 4 * i);
    };
    vec(8, r.rayStart);
    vec(20, r.angEuler);
    vec(32, r.impactPoint);
    vec(44, r.boxOrigin);
    return r;
}

std::optional<ImageFrame::Format> rawFormatForType(std::uint16_t typeId)
{
    switch (typeId) {
    case 1: case 4: case 8: case 9: case 41: return ImageFrame::Format::Bgr8;
    case 2: return ImageFrame::Format::Mono16;
    case 3: case 40: return ImageFrame::Format::Mono8;
    default: return std::nullopt;
    }
}

std::optional<ImageFrame> decodeRawImage(const QByteArray &bytes, int width, int height,
                                         ImageFrame::Format format)
{
    if (format == ImageFrame::Format::Jpeg || width <= 0 || height <= 0 ||
        std::int64_t(width) * height * ImageFrame::bytesPerPixel(format) != bytes.size())
        return std::nullopt;
    ImageFrame f;
    f.width = width;
    f.height = height;
    f.format = format;
    f.bytes = bytes; // shared, not copied
    return f;
}

bool isJpeg(const char *data, int size)
{
    return size >= 4 && static_cast<unsigned char>(data[0]) == 0xFF &&
           static_cast<unsigned char>(data[1]) == 0xD8 && static_cast<unsigned char>(data[2]) == 0xFF;
}

std::optional<ImageFrame> decodeJpegImage(const QByteArray &bytes)
{
    const char *p = bytes.constData();
    const int size = static_cast<int>(bytes.size());
    if (!isJpeg(p, size))
        return std::nullopt;
    ImageFrame f;
    f.format = ImageFrame::Format::Jpeg;
    f.bytes = bytes;
    // Walk the marker segments up to a start-of-frame (SOF0..SOF15 except DHT/JPG/DAC).
    int i = 2;
    while (i + 4 <= size && static_cast<unsigned char>(p[i]) == 0xFF) {
        const unsigned marker = static_cast<unsigned char>(p[i + 1]);
        const int len = (static_cast<unsigned char>(p[i + 2]) << 8) | static_cast<unsigned char>(p[i + 3]);
        const bool sof = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 &&
                         marker != 0xCC;
        if (sof && i + 9 <= size) {
            f.height = (static_cast<unsigned char>(p[i + 5]) << 8) | static_cast<unsigned char>(p[i + 6]);
            f.width = (static_cast<unsigned char>(p[i + 7]) << 8) | static_cast<unsigned char>(p[i + 8]);
            break;
        }
        if (marker == 0xDA || len < 2)
            break;
        i += 2 + len;
    }
    return f;
}

} // namespace hil
