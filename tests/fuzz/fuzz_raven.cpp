// Fuzzes the RavenAPI stream decoder in both directions, fed whole and split across datagrams,
// and the conversion of each decoded platform frame into a PlatformSample.
// Property: the same frames come out whatever the split; the buffer never exceeds its capacity.

#include "fuzzcommon.h"
#include "raven/platformsample.h"
#include "raven/ravencodec.h"

#include <vector>

using namespace hil::raven;

static std::vector<Frame> decode(Direction dir, const std::uint8_t *data, std::size_t size,
                                 bool split)
{
    StreamDecoder dec(dir);
    std::vector<Frame> out;
    auto onFrame = [&](const Frame &f) {
        hil::fuzz::check(f.words >= 0 && f.words <= kMaxPayloadWords, "frame words out of range");
        out.push_back(f);
    };
    if (split) {
        hil::fuzz::forChunks(data, size, [&](const std::uint8_t *p, std::size_t n) {
            dec.feed(reinterpret_cast<const char *>(p), n, onFrame);
            hil::fuzz::check(dec.buffered() <= StreamDecoder::kCapacity, "buffer over capacity");
        });
    } else {
        dec.feed(reinterpret_cast<const char *>(data), size, onFrame);
    }
    return out;
}

static bool sameFrames(const std::vector<Frame> &a, const std::vector<Frame> &b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].id != b[i].id || a[i].words != b[i].words || a[i].payload != b[i].payload)
            return false;
    return true;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    for (Direction dir : {Direction::ToApp, Direction::ToPlatform}) {
        const auto whole = decode(dir, data, size, false);
        const auto split = decode(dir, data, size, true);
        hil::fuzz::check(sameFrames(whole, split), "frames differ between whole and split feeds");
        if (dir == Direction::ToApp) {
            for (const Frame &f : whole) {
                const hil::PlatformSample s = hil::sampleFromFrame(f, 0);
                (void)modeName(s.status.mode);
                (void)thermalName(s.status.thermal);
            }
        }
    }
    return 0;
}
