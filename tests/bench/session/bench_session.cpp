// bench_session: session_rows_per_s — records per second through the public recorder API with
// state.csv, platform.csv and mavlink.tlog all written (one state row, one platform row and one
// MAVLink frame per step), until they are on disk; session_tlog_frames_per_s — mavlink.tlog
// alone fed from two threads at once, as PX4's HIL and ground-station links feed it (a 40-byte
// and a 36-byte frame per round), until on disk; replay_seek_ms — a seek (index lookup, read,
// parse, frameReady) in a 1-hour 250 Hz session the bench generates in a temporary folder.
#include "../../common/longsession.h"
#include "../benchutil.h"
#include "core/workerhost.h"
#include "session/sessionformat.h"
#include "session/sessionrecorder.h"
#include "session/sessionreplay.h"

#include <QCoreApplication>
#include <QFile>
#include <QTemporaryDir>
#include <atomic>
#include <cmath>
#include <random>
#include <thread>

using namespace hil;

namespace {

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
            rec->recordState(testing::longSessionFrame(steps * 0.001, steps), ChannelFrame{});
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

void benchTlogTwoThreads()
{
    QTemporaryDir dir;
    auto *rec = new SessionRecorder(dir.path(), [] { return QJsonObject{}; });
    WorkerHost host(rec);
    host.start(nullptr);
    const QByteArray hil(40, '\xFD'), gcs(36, '\xFD');
    std::atomic<bool> stop{false};
    auto feed = [&](const QByteArray &frame) {
        std::uint32_t n = 0;
        while (!stop.load(std::memory_order_relaxed)) {
            for (int k = 0; k < 100; ++k, ++n)
                rec->recordMavlink(frame, 1'700'000'000'000'000LL + n);
            while (rec->pendingRecords() > 40000) // the disk side: never drop
                std::this_thread::sleep_for(std::chrono::microseconds(200));
        }
    };
    const double start = bench::nowNs();
    std::thread a(feed, hil), b(feed, gcs);
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    stop = true;
    a.join();
    b.join();
    QMetaObject::invokeMethod(rec, "flushNow", Qt::BlockingQueuedConnection);
    const double seconds = (bench::nowNs() - start) * 1e-9;
    host.stop();
    const QJsonObject c = host.report().counters;
    std::printf("# tlog: %lld frames in %.2f s, dropped %lld\n",
                static_cast<long long>(c["mavlink_frames"].toDouble()), seconds,
                static_cast<long long>(c["records_dropped"].toDouble()));
    bench::report("session_tlog_frames_per_s", c["mavlink_frames"].toDouble() / seconds,
                  "frames/s");
}

void benchSeek()
{
    QTemporaryDir dir;
    const qint64 bytes = testing::writeLongSession(dir.path()); // one hour at 250 Hz
    std::printf("# 1-hour session: %.0f MB\n", double(bytes) / 1e6);
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
    benchTlogTwoThreads();
    benchSeek();
    return 0;
}
