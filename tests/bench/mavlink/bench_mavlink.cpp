// MAVLink benchmarks: stream decoding throughput, HIL_SENSOR encoding cost, and the lockstep
// rate of the HilLink against an instant-reply PX4 peer over loopback (PX4 needs 250 steps/s).
#include "../benchutil.h"
#include "core/workerhost.h"
#include "mavlink/hillink.h"
#include "mavlink/messages.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTcpSocket>

using namespace hil;
using namespace hil::mavlink;

namespace {
QByteArray sampleStream()
{
    // A PX4 session's mix: sensor, GPS and state out, actuators in.
    QByteArray s;
    std::uint8_t seq = 0;
    for (int i = 0; i < 2000; ++i) {
        HilSensor hs{std::uint64_t(i) * 4000 + 1,
                     0.1f,
                     -0.2f,
                     -9.8f,
                     0.01f,
                     0.02f,
                     0.03f,
                     0.2f,
                     0.01f,
                     0.4f,
                     963.2f,
                     0.5f,
                     432.1f,
                     12.3f,
                     HilSensor::kAllFields,
                     0};
        s += encodeMessage(hs, FrameHeader{seq++, 1, 51});
        HilActuatorControls a;
        a.timeUsec = hs.timeUsec;
        a.flags = 1;
        a.controls = {0.46f, 0.47f, 0.45f, 0.46f};
        a.mode = 129;
        s += encodeMessage(a, FrameHeader{seq++, 1, 1});
        if (i % 25 == 0)
            s += encodeMessage(HilGps{hs.timeUsec, 474580000, 85480000, 432000, 30, 40, 100, 50, 50,
                                      0, 4500, 3, 10, 0, 0},
                               FrameHeader{seq++, 1, 51});
    }
    return s;
}

void benchDecode()
{
    const QByteArray stream = sampleStream();
    StreamParser parser;
    Frame f;
    long frames = 0;
    double bytes = 0;
    const double start = bench::nowNs();
    while (bench::nowNs() - start < 1e9) {
        for (qsizetype at = 0; at < stream.size(); at += 4096) {
            const qsizetype n = std::min<qsizetype>(4096, stream.size() - at);
            parser.feed(stream.constData() + at, std::size_t(n));
            while (parser.next(&f))
                ++frames;
        }
        bytes += double(stream.size());
    }
    const double s = (bench::nowNs() - start) * 1e-9;
    bench::report("mavlink_decode_mbps", bytes / s / 1e6, "MB/s");
    if (frames == 0 || parser.stats().crcErrors != 0)
        std::printf("decode benchmark broken\n");
}

void benchEncode()
{
    HilSensor hs{4000,   0.1f,  -0.2f,  -9.8f, 0.01f,
                 0.02f,  0.03f, 0.2f,   0.01f, 0.4f,
                 963.2f, 0.5f,  432.1f, 12.3f, HilSensor::kAllFields,
                 0};
    std::uint8_t buf[kMaxFrameLen];
    volatile std::size_t sink = 0;
    const double ns = bench::nsPerCall([&] {
        hs.timeUsec += 4000;
        sink = sink + encodeMessage(hs, FrameHeader{std::uint8_t(hs.timeUsec), 1, 51}, buf);
    });
    bench::report("mavlink_encode_hil_sensor_ns", ns, "ns");
}

void benchLockstep(QCoreApplication &app)
{
    HilLinkConfig cfg;
    cfg.port = 0;
    cfg.realTime = false; // step as soon as the peer answers
    auto *link = new HilLink(cfg);
    WorkerHost host(link);
    QString error;
    if (!host.start(&error)) {
        std::printf("cannot start link: %s\n", qPrintable(error));
        return;
    }
    QTcpSocket peer;
    StreamParser parser;
    long sensors = 0;
    QObject::connect(&peer, &QTcpSocket::readyRead, [&] {
        char buf[8192];
        qint64 n;
        while ((n = peer.read(buf, sizeof buf)) > 0) {
            parser.feed(buf, std::size_t(n));
            Frame f;
            while (parser.next(&f)) {
                if (f.msgId != HilSensor::kId)
                    continue;
                ++sensors;
                HilActuatorControls a;
                a.timeUsec = HilSensor::decode(f.payload.data()).timeUsec;
                a.flags = HilActuatorControls::kFlagLockstep;
                a.mode = 129;
                std::uint8_t out[kMaxFrameLen];
                peer.write(reinterpret_cast<const char *>(out),
                           qint64(encodeMessage(a, FrameHeader{}, out)));
            }
        }
    });
    peer.connectToHost(QHostAddress::LocalHost, quint16(link->endpoints()["listen_port"].toInt()));
    peer.setSocketOption(QAbstractSocket::LowDelayOption, 1);
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 500) // warm up into lockstep
        app.processEvents(QEventLoop::AllEvents, 10);
    const long before = sensors;
    t.restart();
    while (t.elapsed() < 2000)
        app.processEvents(QEventLoop::AllEvents, 10);
    const double hz = double(sensors - before) / (double(t.elapsed()) / 1000.0);
    bench::report("px4_lockstep_hz", hz, "steps/s");
    host.stop();
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    benchDecode();
    benchEncode();
    benchLockstep(app);
    return 0;
}
