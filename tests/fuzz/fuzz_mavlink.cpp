// Fuzzes the MAVLink stream parser (TCP-like: merged, split, garbage) with and without a signing
// key, and every message decoder on each delivered frame.
// Property: the same frames come out whatever the split; buffered() stays within kCapacity.

#include "fuzzcommon.h"
#include "mavlink/messages.h"

#include <vector>

using namespace hil::mavlink;

struct Seen
{
    std::uint32_t msgId;
    std::uint8_t seq, len;
    QByteArray wire;
};

static void decodeAll(const Frame &f)
{
    Heartbeat hb;
    SystemTime st;
    Attitude at;
    GlobalPositionInt gp;
    CommandLong cl;
    CommandAck ca;
    HilActuatorControls hac;
    HilSensor hs;
    HilGps hg;
    HilStateQuaternion hq;
    HilRcInputsRaw rc;
    RcChannels rcc;
    StatusText tx;
    decodeMessage(f, &hb);
    decodeMessage(f, &st);
    decodeMessage(f, &at);
    decodeMessage(f, &gp);
    decodeMessage(f, &cl);
    decodeMessage(f, &ca);
    decodeMessage(f, &hac);
    decodeMessage(f, &hs);
    decodeMessage(f, &hg);
    decodeMessage(f, &hq);
    decodeMessage(f, &rc);
    decodeMessage(f, &rcc);
    if (decodeMessage(f, &tx))
        (void)tx.textString();
}

static std::vector<Seen> parse(const std::uint8_t *data, std::size_t size, bool split, bool signing)
{
    StreamParser parser;
    if (signing) {
        SigningConfig cfg;
        for (std::size_t i = 0; i < cfg.key.size(); ++i)
            cfg.key[i] = std::uint8_t(i * 7 + 1);
        cfg.keySet = true;
        cfg.requireSigned = size > 0 && (data[size - 1] & 1);
        parser.setSigning(cfg);
    }
    std::vector<Seen> out;
    auto drain = [&] {
        Frame f;
        QByteArray wire;
        while (parser.next(&f, &wire)) {
            hil::fuzz::check(wire.size() <= qsizetype(kMaxFrameLen),
                             "frame longer than kMaxFrameLen");
            out.push_back({f.msgId, f.seq, f.payloadLen, wire});
            decodeAll(f);
        }
        hil::fuzz::check(parser.buffered() <= StreamParser::kCapacity, "buffer over capacity");
    };
    if (split) {
        hil::fuzz::forChunks(data, size, [&](const std::uint8_t *p, std::size_t n) {
            parser.feed(reinterpret_cast<const char *>(p), n);
            drain();
        });
    } else {
        parser.feed(reinterpret_cast<const char *>(data), size);
        drain();
    }
    return out;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    for (bool signing : {false, true}) {
        const auto whole = parse(data, size, false, signing);
        const auto split = parse(data, size, true, signing);
        bool same = whole.size() == split.size();
        for (std::size_t i = 0; same && i < whole.size(); ++i)
            same = whole[i].msgId == split[i].msgId && whole[i].wire == split[i].wire;
        hil::fuzz::check(same, "frames differ between whole and split feeds");
    }
    return 0;
}
