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

namespace {
int strideOf(PointCloud::Encoding e)
{
    switch (e) {
    case PointCloud::Encoding::Float32:
        return 16;
    case PointCloud::Encoding::Int16:
        return 8;
    case PointCloud::Encoding::DepthFloat32:
        return 12;
    case PointCloud::Encoding::DepthInt16:
        return 6;
    }
    return 16;
}

int preambleOf(PointCloud::Encoding e)
{
    return e == PointCloud::Encoding::Float32 || e == PointCloud::Encoding::DepthFloat32
               ? kCloudPreambleBytes
               : kInt16CloudPreambleBytes;
}

bool fits(const char *data, int size, int preamble, int stride)
{
    if (size < preamble)
        return false;
    const std::int32_t n = getI32(data + preamble - 4);
    return n >= 0 && n <= kMaxCloudPoints &&
           std::int64_t(size) - preamble == std::int64_t(n) * stride;
}
} // namespace

std::optional<PointCloud::Encoding> pointCloudLayout(const char *data, int size, bool allowDepth)
{
    using E = PointCloud::Encoding;
    // Float first: the documented layout. In it, offset 24 is a pose float, whose bits would
    // have to equal exactly (size - 28) / 8 to be mistaken for the int16 count.
    for (E e : {E::Float32, E::DepthFloat32, E::Int16, E::DepthInt16}) {
        const bool depth = e == E::DepthFloat32 || e == E::DepthInt16;
        if ((allowDepth || !depth) && fits(data, size, preambleOf(e), strideOf(e)))
            return e;
    }
    return std::nullopt;
}

bool decodePointCloudInto(const char *data, int size, float int16RangeM, bool allowDepth,
                          PointCloud *out)
{
    const auto layout = pointCloudLayout(data, size, allowDepth);
    if (!layout)
        return false;
    const PointCloud::Encoding enc = *layout;
    const int preamble = preambleOf(enc);
    const std::int32_t n = getI32(data + preamble - 4);
    if (preamble == kCloudPreambleBytes) {
        readPreamble(data, out);
        out->rangeM = 0.0f;
    } else {
        out->copterId = 0;
        out->axisType = 0;
        for (int i = 0; i < 6; ++i)
            out->pose[static_cast<size_t>(i)] = getF32(data + 4 * i);
        out->rangeM = int16RangeM;
    }
    out->rangeAssumed = false;
    out->encoding = enc;
    out->points.resize(static_cast<size_t>(n));
    const char *p = data + preamble;
    CloudPoint *pt = out->points.data();
    const float scale = int16RangeM / kInt16Full;
    switch (enc) {
    case PointCloud::Encoding::Float32:
        for (std::int32_t i = 0; i < n; ++i, p += 16, ++pt)
            *pt = {getF32(p), getF32(p + 4), getF32(p + 8), getF32(p + 12)};
        break;
    case PointCloud::Encoding::Int16:
        for (std::int32_t i = 0; i < n; ++i, p += 8, ++pt)
            *pt = {getI16(p) * scale, getI16(p + 2) * scale, getI16(p + 4) * scale,
                   static_cast<float>(getI16(p + 6))};
        break;
    case PointCloud::Encoding::DepthFloat32:
        for (std::int32_t i = 0; i < n; ++i, p += 12, ++pt)
            *pt = {getF32(p), getF32(p + 4), getF32(p + 8), 0.0f};
        break;
    case PointCloud::Encoding::DepthInt16:
        for (std::int32_t i = 0; i < n; ++i, p += 6, ++pt)
            *pt = {getI16(p) * scale, getI16(p + 2) * scale, getI16(p + 4) * scale, 0.0f};
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
    const int stride = strideOf(c.encoding);
    const int preamble = preambleOf(c.encoding);
    const int n = static_cast<int>(c.points.size());
    QByteArray out(preamble + n * stride, '\0');
    char *p = out.data();
    if (preamble == kCloudPreambleBytes) {
        putU32(p, static_cast<std::uint32_t>(c.copterId));
        putU32(p + 4, static_cast<std::uint32_t>(c.axisType));
        p += 8;
    }
    for (int i = 0; i < 6; ++i)
        putF32(p + 4 * i, c.pose[static_cast<size_t>(i)]);
    putU32(p + 24, static_cast<std::uint32_t>(n));
    p += 28;
    const float toInt = kInt16Full / int16RangeM;
    auto q = [&](float v) {
        return static_cast<std::uint16_t>(
            static_cast<std::int16_t>(std::lround(std::clamp(v * toInt, -kInt16Full, kInt16Full))));
    };
    for (const CloudPoint &pt : c.points) {
        if (c.isInt16()) {
            putU16(p, q(pt.x));
            putU16(p + 2, q(pt.y));
            putU16(p + 4, q(pt.z));
            if (stride == 8)
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
    case 1:
    case 4:
    case 8:
    case 9:
    case 41:
        return ImageFrame::Format::Bgr8;
    case 2:
        return ImageFrame::Format::Mono16;
    case 3:
    case 40:
        return ImageFrame::Format::Mono8;
    default:
        return std::nullopt;
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
           static_cast<unsigned char>(data[1]) == 0xD8 &&
           static_cast<unsigned char>(data[2]) == 0xFF;
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
        const int len =
            (static_cast<unsigned char>(p[i + 2]) << 8) | static_cast<unsigned char>(p[i + 3]);
        const bool sof =
            marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
        if (sof && i + 9 <= size) {
            f.height =
                (static_cast<unsigned char>(p[i + 5]) << 8) | static_cast<unsigned char>(p[i + 6]);
            f.width =
                (static_cast<unsigned char>(p[i + 7]) << 8) | static_cast<unsigned char>(p[i + 8]);
            break;
        }
        if (marker == 0xDA || len < 2)
            break;
        i += 2 + len;
    }
    return f;
}

} // namespace hil
