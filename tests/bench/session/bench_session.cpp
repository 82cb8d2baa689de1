// bench_session: session_rows_per_s — records per second through the public recorder API with
// state.csv, platform.csv and mavlink.tlog all written (one state row, one platform row and one
// MAVLink frame per step), until they are on disk; replay_seek_ms — a seek (index lookup, read,
// parse, frameReady) in a 1-hour 250 Hz session the bench generates in a temporary folder.
#include "../benchutil.h"
#include "core/workerhost.h"
#include "session/sessionformat.h"
#include "session/sessionrecorder.h"
#include "session/sessionreplay.h"

#include <QCoreApplication>
#include <QFile>
#include <QTemporaryDir>
#include <cmath>
#include <random>
#include <thread>

using namespace hil;

namespace {

SimFrame sampleFrame(double t, std::uint32_t seq)
{
    const auto r4 = [](double v) { return std::round(v * 1e4) / 1e4; }; // 0.1 mm, 0.1 mrad
    SimFrame f;
    f.physicsTimeS = t;
    f.sequence = seq;
    f.vehicle.state.pose.position = {r4(100 * std::sin(t / 30)), r4(100 * std::cos(t / 30)),
                                     r4(-50 - std::sin(t))};
    const double yaw = r4(t / 30);
    f.vehicle.state.pose.orientation = {r4(std::cos(yaw / 2)), 0.0, 0.0, r4(std::sin(yaw / 2))};
    f.vehicle.velocity = {r4(10 * std::cos(t / 30)), r4(-10 * std::sin(t / 30)), r4(-std::cos(t))};
    f.vehicle.acceleration = {r4(std::sin(t)), r4(std::cos(t)), r4(std::sin(2 * t))};
    f.vehicle.angular_velocity = {r4(0.1 * std::sin(t)), r4(0.05 * std::cos(t)), r4(1.0 / 30)};
    f.latitudeDeg = 47.458 + r4(t) * 1e-6;
    f.longitudeDeg = 8.548;
    f.altitudeM = r4(482 + std::sin(t));
    f.extras.airspeedMps = r4(10 + std::sin(t));
    return f;
}

void benchRecording()
{
    QTemporaryDir dir;
    auto *rec = new SessionRecorder(dir.path(), [] { return QJsonObject{}; });
    WorkerHost host(rec);
    host.start(nullptr);
    const QByteArray mav = QByteArray::fromHex("FD09000000010100000000000100020C810303D981");
    PlatformRow row;
    row.messageId = 21;
    row.statusWord = 0xFC3;
    row.decodeStatus();
    const double start = bench::nowNs();
    std::uint32_t steps = 0;
    while (bench::nowNs() - start < 1.5e9) {
        for (int k = 0; k < 100; ++k, ++steps) {
            rec->recordState(sampleFrame(steps * 0.001, steps), ChannelFrame{});
            rec->recordPlatform(row);
            rec->recordMavlink(mav, 1'700'000'000'000'000LL + steps);
        }
        while (rec->pendingRecords() > 40000) // the bench measures the disk side: never drop
            std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    QMetaObject::invokeMethod(rec, "flushNow", Qt::BlockingQueuedConnection);
    const double seconds = (bench::nowNs() - start) * 1e-9;
    host.stop();
    const QJsonObject c = host.report().counters;
    const double written =
        c["state_rows"].toDouble() + c["platform_rows"].toDouble() + c["mavlink_frames"].toDouble();
    std::printf("# %u steps in %.2f s, dropped %lld, state.csv %lld bytes\n", steps, seconds,
                static_cast<long long>(c["records_dropped"].toDouble()),
                static_cast<long long>(QFile(dir.filePath("state.csv")).size()));
    bench::report("session_rows_per_s", written / seconds, "rows/s");
    bench::report("session_state_rows_per_s", c["state_rows"].toDouble() / seconds, "rows/s");
}

void benchSeek()
{
    QTemporaryDir dir;
    const int rows = 3600 * 250;
    {
        QFile f(dir.filePath("state.csv"));
        f.open(QIODevice::WriteOnly);
        f.write(stateCsvHeader());
        QByteArray buf;
        for (int i = 0; i < rows; ++i) {
            appendStateRow(buf, sampleFrame(i * 0.004, static_cast<std::uint32_t>(i)),
                           ChannelFrame{}, i * 0.004);
            if (buf.size() > (4 << 20)) {
                f.write(buf);
                buf.clear();
            }
        }
        f.write(buf);
        std::printf("# 1-hour session: %d rows, %.0f MB\n", rows, f.size() / 1e6);
    }
    auto *replay = new SessionReplay();
    WorkerHost host(replay);
    host.start(nullptr);
    int frames = 0;
    QObject::connect(
        replay, &SessionReplay::frameReady, replay, [&frames](const SimFrame &) { ++frames; },
        Qt::DirectConnection);
    double t0 = bench::nowNs();
    bool ok = false;
    QMetaObject::invokeMethod(replay, "load", Qt::BlockingQueuedConnection, Q_RETURN_ARG(bool, ok),
                              Q_ARG(QString, dir.path()));
    bench::report("replay_index_ms", (bench::nowNs() - t0) * 1e-6, "ms");
    std::mt19937 rng(42);
    std::uniform_real_distribution<double> at(0.0, 3600.0);
    std::vector<double> ms;
    for (int i = 0; i < 300; ++i) {
        t0 = bench::nowNs();
        QMetaObject::invokeMethod(replay, "seek", Qt::BlockingQueuedConnection,
                                  Q_ARG(double, at(rng)));
        ms.push_back((bench::nowNs() - t0) * 1e-6);
    }
    host.stop();
    std::printf("# %d seeks, %d frames shown, loaded %d\n", static_cast<int>(ms.size()), frames,
                ok);
    bench::report("replay_seek_ms", bench::percentile(ms, 50), "ms");
    bench::report("replay_seek_p99_ms", bench::percentile(ms, 99), "ms");
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    benchRecording();
    benchSeek();
    return 0;
}
