// MAVLink benchmarks: stream decoding throughput, HIL_SENSOR encoding cost, the lockstep
// rate of the HilLink against an instant-reply PX4 peer over loopback (PX4 needs 250 steps/s),
// and the pilot's path through the ground-station link: from a PilotControls' sample time to
// its MANUAL_CONTROL having left the socket (the time after writeDatagram), the controls queued
// from this thread into the link's own as the input link's are, with the steady send period.
#include "../benchutil.h"
#include "core/workerhost.h"
#include "mavlink/gcslink.h"
#include "mavlink/hillink.h"
#include "mavlink/messages.h"
#include "model/clock.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QMutex>
#include <QTcpSocket>
#include <QUdpSocket>

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
void benchManualControl(QCoreApplication &app)
{
    QUdpSocket px4; // PX4's GCS port: counts what arrives
    px4.bind(QHostAddress::LocalHost, 0);
    GcsLinkConfig cfg;
    cfg.port = px4.localPort();
    cfg.readRcInMode = false;
    auto *link = new GcsLink(cfg);
    QMutex mutex;
    std::vector<double> latencyUs;
    QObject::connect(
        link, &GcsLink::manualControlSent, link,
        [&](qint64 sampleNs, qint64 sentNs) {
            QMutexLocker lock(&mutex);
            latencyUs.push_back(double(sentNs - sampleNs) / 1000.0);
        },
        Qt::DirectConnection);
    WorkerHost host(link);
    QString error;
    if (!host.start(&error)) {
        std::printf("cannot start the ground-station link: %s\n", qPrintable(error));
        return;
    }
    long received = 0;
    QObject::connect(&px4, &QUdpSocket::readyRead, [&] {
        while (px4.hasPendingDatagrams()) {
            QByteArray d(int(px4.pendingDatagramSize()), '\0');
            px4.readDatagram(d.data(), d.size());
            received += std::uint8_t(d.at(7)) == ManualControl::kId;
        }
    });
    auto feed = [link](double pitch) {
        PilotControls c;
        c.active = true;
        c.pitch = pitch;
        c.throttle = 0.5;
        c.sampleNs = steadyNowNs();
        QMetaObject::invokeMethod(
            link, [link, c] { link->pilotControls(c); }, Qt::QueuedConnection);
    };
    // Sticks moving: every new sample differs, so each goes out at once (an input device at
    // 250 Hz).
    QElapsedTimer t;
    t.start();
    int i = 0;
    while (t.elapsed() < 3000) {
        feed(std::sin(++i * 0.01));
        const qint64 next = i * 4;
        while (t.elapsed() < next)
            app.processEvents(QEventLoop::AllEvents, 1);
    }
    // Sticks still (the same reading every 10 ms, as an input link sends them): the link's own
    // period.
    auto still = [&](qint64 untilMs) {
        while (t.elapsed() < untilMs) {
            feed(0.0);
            const qint64 next = t.elapsed() + 10;
            while (t.elapsed() < next)
                app.processEvents(QEventLoop::AllEvents, 1);
        }
    };
    still(3300);
    const long before = received;
    const qint64 from = t.elapsed();
    still(from + 2000);
    const double seconds = double(t.elapsed() - from) / 1000.0;
    const double hz = double(received - before) / seconds;
    host.stop();
    QMutexLocker lock(&mutex);
    bench::report("manual_control_sample_to_socket_p50_us", bench::percentile(latencyUs, 50), "us");
    bench::report("manual_control_sample_to_socket_p99_us", bench::percentile(latencyUs, 99), "us");
    bench::report("manual_control_samples", double(latencyUs.size()), "1");
    bench::report("manual_control_period_ms", hz > 0 ? 1000.0 / hz : -1.0, "ms");
    bench::report("manual_control_rate_hz", hz, "Hz");
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    benchDecode();
    benchEncode();
    benchLockstep(app);
    benchManualControl(app);
    return 0;
}
