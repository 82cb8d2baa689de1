// Fuzzes the RflySim receive paths: port-20006 state packets (classification, gimbal state,
// VisionSensorReq), the sensor datagram reassembler (the input cut into datagrams by 2-byte
// length prefixes, from up to two sources, with a clock that advances), and the payload decoders
// (point clouds, rangefinder, JPEG, raw images) on completed frames and on the raw bytes.

#include "fuzzcommon.h"
#include "rflysim/payloads.h"
#include "rflysim/reassembler.h"
#include "rflysim/visionreq.h"

using namespace hil;

static void decodePayload(const QByteArray &p, std::uint16_t typeHint)
{
    const int n = int(p.size());
    (void)decodeRangefinder(p.constData(), n);
    PointCloud cloud;
    if (decodePointCloudInto(p.constData(), n, 50.0f, true, &cloud))
        hil::fuzz::check(int(cloud.points.size()) <= rfly::kMaxCloudPoints, "cloud over bound");
    (void)decodePointCloud(p.constData(), n, 10.0f, false);
    if (isJpeg(p.constData(), n))
        (void)decodeJpegImage(p);
    if (auto fmt = rawFormatForType(typeHint)) {
        // Dimensions from the payload's own first bytes, as a hostile request would set them.
        const int w = n >= 2 ? std::uint8_t(p[0]) + 1 : 1;
        const int h = n >= 2 ? std::uint8_t(p[1]) + 1 : 1;
        (void)decodeRawImage(p, w, h, *fmt);
        (void)decodeRawImage(p, 65535, 65535, *fmt);
    }
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const char *bytes = reinterpret_cast<const char *>(data);
    const int n = int(size);

    (void)classifyStatePacket(bytes, n);
    if (auto st = decodeGimbalState(bytes, n))
        (void)encodeGimbalState(*st);
    if (auto req = VisionSensorReq::decode(bytes, n)) {
        (void)req->encode();
        (void)req->destinationIpv4();
    }
    (void)parseSensorHeader(bytes, n);
    decodePayload(QByteArray(bytes, n), size ? data[0] : 1);

    // Datagram mode: [u16 len LE][len bytes] ... ; the top bit of len picks source 1.
    FrameReassembler::Limits lim;
    lim.maxFrameBytes = 256 * 1024; // small, so that the limits themselves get exercised
    lim.maxParts = 64;
    FrameReassembler re(lim);
    std::int64_t nowMs = 0;
    std::size_t pos = 0;
    while (pos + 2 <= size) {
        const std::uint16_t raw = std::uint16_t(data[pos] | (data[pos + 1] << 8));
        pos += 2;
        const std::size_t len = std::min<std::size_t>(raw & 0x7fff, size - pos);
        re.addPacket(bytes + pos, int(len), raw >> 15, nowMs);
        pos += len;
        nowMs += 100;
        if ((raw & 0xff) == 0x55)
            re.expire(nowMs);
        hil::fuzz::check(re.framesInFlight() <= lim.maxFramesInFlight, "too many frames in flight");
        for (const SensorFrame &f : re.takeCompleted()) {
            hil::fuzz::check(f.payload.size() <= lim.maxFrameBytes, "frame over maxFrameBytes");
            decodePayload(f.payload, std::uint16_t(f.frameId & 0xff));
        }
    }
    return 0;
}
