// RflySim sensor path: reassembly throughput (60,000-byte datagrams into 1.6 MB frames) and the
// decode time of a 100,000-point LiDAR frame (float32 and int16 forms).
#include "../benchutil.h"
#include "rflysim/payloads.h"
#include "rflysim/reassembler.h"

#include <QByteArray>
#include <cstring>
#include <vector>

using namespace hil;

namespace {
PointCloud cloudOf(int n, PointCloud::Encoding enc)
{
    PointCloud c;
    c.encoding = enc;
    c.points.resize(size_t(n));
    for (int i = 0; i < n; ++i)
        c.points[size_t(i)] = {float(i % 100) * 0.5f, float(i % 37) - 18.0f, -2.0f + float(i % 7),
                               float(i % 3)};
    return c;
}

std::vector<QByteArray> datagramsOf(const QByteArray &payload)
{
    const int n = int((payload.size() + rfly::kChunkBytes - 1) / rfly::kChunkBytes);
    std::vector<QByteArray> out;
    for (int i = 0; i < n; ++i) {
        const int bytes =
            std::min<int>(rfly::kChunkBytes, int(payload.size()) - i * rfly::kChunkBytes);
        QByteArray d(rfly::kHeader32Size + bytes, Qt::Uninitialized);
        SensorPacketHeader h{
            rfly::kHeader32Size, rfly::kHeader32Checksum, int(d.size()), i, n, 0, 0, 0.0};
        writeSensorHeader(d.data(), h);
        std::memcpy(d.data() + rfly::kHeader32Size, payload.constData() + i * rfly::kChunkBytes,
                    size_t(bytes));
        out.push_back(d);
    }
    return out;
}
} // namespace

int main()
{
    // Reassembly: a 100,000-point float32 LiDAR frame (1.6 MB, 27 datagrams) again and again.
    const QByteArray frame =
        encodePointCloud(cloudOf(100000, PointCloud::Encoding::Float32), 100.0f);
    std::vector<QByteArray> datagrams = datagramsOf(frame);
    FrameReassembler r;
    std::int32_t frameId = 0;
    std::size_t delivered = 0;
    const double nsPerFrame = bench::nsPerCall(
        [&] {
            ++frameId;
            for (QByteArray &d : datagrams) {
                std::memcpy(d.data() + 16, &frameId, 4); // little-endian host
                r.addPacket(d.constData(), int(d.size()), 1, 0);
            }
            for (const SensorFrame &f : r.takeCompleted())
                delivered += size_t(f.payload.size());
        },
        1.5);
    if (delivered == 0 || r.counters().framesLost != 0)
        return 1;
    bench::report("rflysim_reassembly_mbps", double(frame.size()) / (nsPerFrame * 1e-9) / 1e6,
                  "MB/s");

    PointCloud out;
    const double usF32 =
        bench::nsPerCall(
            [&] { decodePointCloudInto(frame.constData(), int(frame.size()), 100.0f, true, &out); },
            1.0) /
        1000.0;
    if (out.points.size() != 100000)
        return 1;
    bench::report("rflysim_lidar_decode_us", usF32, "us");

    const QByteArray i16 = encodePointCloud(cloudOf(100000, PointCloud::Encoding::Int16), 100.0f);
    const double usI16 =
        bench::nsPerCall(
            [&] { decodePointCloudInto(i16.constData(), int(i16.size()), 100.0f, true, &out); },
            1.0) /
        1000.0;
    bench::report("rflysim_lidar_int16_decode_us", usI16, "us");
    return 0;
}
