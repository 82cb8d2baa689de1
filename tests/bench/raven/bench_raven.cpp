// bench_raven: the RavenAPI stream decoder's throughput, and the cue latency from a SimFrame
// emitted on another thread (queued signal, as the simulator link does) to the cue datagram
// arriving at a receiving socket on 127.0.0.1.
#include "../benchutil.h"
#include "core/workerhost.h"
#include "raven/ravencodec.h"
#include "raven/ravenlink.h"

#include <QCoreApplication>
#include <QObject>
#include <arpa/inet.h>
#include <atomic>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace hil;

class SimSource : public QObject
{
    Q_OBJECT
signals:
    void frameReady(const hil::SimFrame &frame);
};

namespace {

void benchDecode()
{
    using namespace raven;
    QByteArray stream;
    std::int32_t w[8] = {100, -200, 300000, 4000, -5000, 6000, 123456, 0xFC3};
    while (stream.size() < 1 << 20) {
        stream += encodeFrame(IdDofPositions, w, 8);
        stream += encodeFrame(IdAccelAttitude, w, 7);
        stream += encodeFrame(IdModeRequest, w + 7, 1);
    }
    StreamDecoder d(Direction::ToApp);
    std::uint64_t frames = 0;
    auto sink = [&](const Frame &f) { frames += f.words; };
    const double start = bench::nowNs();
    double end = start;
    std::uint64_t bytes = 0;
    while (end - start < 1.0e9) {
        for (int off = 0; off < stream.size(); off += 1400) { // datagram-sized pieces, frames split
            const int n = std::min(1400, int(stream.size()) - off);
            d.feed(stream.constData() + off, std::size_t(n), sink);
        }
        bytes += std::uint64_t(stream.size());
        end = bench::nowNs();
    }
    if (d.crcErrors() != 0 || frames == 0)
        std::fprintf(stderr, "decoder bench: unexpected errors\n");
    bench::report("raven_decode_mbps", double(bytes) / ((end - start) * 1e-9) / 1e6, "MB/s");
}

void benchCueLatency()
{
    const int fd = ::socket(AF_INET, SOCK_DGRAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr);
    socklen_t len = sizeof addr;
    ::getsockname(fd, reinterpret_cast<sockaddr *>(&addr), &len);
    timeval tv{0, 100000};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);

    std::atomic<bool> running{true};
    std::atomic<int> cues{0};
    std::atomic<double> lastArrivalNs{0.0};
    std::thread receiver([&] {
        char buf[256];
        while (running) {
            const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
            const double t = bench::nowNs();
            if (n == 39 && std::uint8_t(buf[5]) == 21) { // a frame-21 cue (polls are 7 bytes)
                lastArrivalNs = t;
                ++cues;
            }
        }
    });

    RavenLinkConfig cfg;
    cfg.host = QStringLiteral("127.0.0.1");
    cfg.port = ntohs(addr.sin_port);
    cfg.listenPort = 0;
    auto *link = new RavenLink(cfg);
    WorkerHost host(link);
    QString err;
    if (!host.start(&err)) {
        std::fprintf(stderr, "%s\n", qPrintable(err));
        return;
    }
    SimSource source;
    QObject::connect(&source, &SimSource::frameReady, link, &RavenLink::onSimFrame,
                     Qt::QueuedConnection);

    std::vector<double> latUs;
    SimFrame f;
    for (std::uint32_t seq = 1; seq <= 2000; ++seq) {
        f.sequence = seq;
        f.physicsTimeS = seq * 0.0025;
        f.vehicle.acceleration = {1.0, 0.5, -0.2};
        const int before = cues.load();
        const double t0 = bench::nowNs();
        emit source.frameReady(f);
        while (cues.load() == before && bench::nowNs() - t0 < 50e6)
            std::this_thread::yield();
        if (cues.load() != before)
            latUs.push_back((lastArrivalNs.load() - t0) / 1000.0);
        while (bench::nowNs() - t0 < 2.5e6) // 400 Hz: under the 500 Hz pacing cap
            std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    host.stop();
    running = false;
    receiver.join();
    ::close(fd);
    bench::report("raven_cue_latency_us_p50", bench::percentile(latUs, 50), "us");
    bench::report("raven_cue_latency_us_p99", bench::percentile(latUs, 99), "us");
    bench::report("raven_cue_frames_measured", double(latUs.size()), "frames");
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    benchDecode();
    benchCueLatency();
    return 0;
}

#include "bench_raven.moc"
