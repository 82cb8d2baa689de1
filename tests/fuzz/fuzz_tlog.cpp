// Fuzzes the .tlog reader: record splitting by the MAVLink frames' own lengths, frame decoding
// (CRC, v2 truncation), TlogStateBuilder folding, and ReplaySource on the input as a .tlog file.

#include "replayfile.h"
#include "session/tlog.h"

using namespace hil;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArrayView all(reinterpret_cast<const char *>(data), qsizetype(size));
    TlogStateBuilder builder;
    qsizetype pos = 0;
    while (all.size() - pos >= 9) {
        const QByteArrayView rest = all.sliced(pos + 8);
        const int len = mavlinkFrameLength(rest);
        if (len < 0) {
            ++pos;
            continue;
        }
        if (len == 0 || len > rest.size())
            break;
        fuzz::check(len <= 280, "frame length over the MAVLink maximum");
        MavMessage msg;
        const MavDecode r = decodeMavlinkFrame(rest.first(len), &msg);
        if (r == MavDecode::Ok || r == MavDecode::Unchecked) {
            SimFrame frame;
            builder.apply(msg, double(pos) * 1e-3, &frame);
        }
        pos += 8 + len;
    }
    (void)mavlinkCrc(all);
    fuzz::replayFile(data, size, ".tlog");
    return 0;
}
