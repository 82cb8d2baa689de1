// Test helper process for tst_recorder_crash: records at 1 kHz through the public API and tells
// its parent, on stdout, the physics time of every state row it handed over ("T <s>") and every
// recorder event ("E <text>"). Killed with SIGKILL by the parent, or, in "fsize" mode, runs under
// a small file size limit (RLIMIT_FSIZE, SIGXFSZ ignored), lifts it, and exits normally. With
// "trickle", once the recorder says "recording interrupted" the limit grows by 8 KiB (a little
// room freed), and until it is lifted only one record of each kind is handed over every 100 ms:
// small writes that fit in that room, as on a nearly full disk, while a tick at the full rate
// (tens of KiB) would not.
//   session_child <folder> run
//   session_child <folder> fsize <limit-bytes> <limited-ms> <total-ms> [trickle]
#include "core/workerhost.h"
#include "session/sessionrecorder.h"

#include <QCoreApplication>
#include <QTimer>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <sys/resource.h>
#include <thread>
#include <unistd.h>

using namespace hil;

namespace {
void say(const QByteArray &line)
{
    const QByteArray l = line + '\n';
    (void)!::write(1, l.constData(), static_cast<size_t>(l.size())); // unbuffered: survives SIGKILL
}

void setFileLimit(rlim_t bytes)
{
    rlimit lim{};
    getrlimit(RLIMIT_FSIZE, &lim);
    lim.rlim_cur = bytes;
    setrlimit(RLIMIT_FSIZE, &lim);
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 3)
        return 2;
    const bool fsize = args[2] == "fsize";
    const int limitedMs = fsize ? args.value(4).toInt() : 0;
    const int totalMs = fsize ? args.value(5).toInt() : 60000;
    const bool trickle = fsize && args.value(6) == "trickle";
    const rlim_t limit = fsize ? static_cast<rlim_t>(args.value(3).toLongLong()) : 0;
    std::atomic<bool> interrupted{false};

    auto *rec = new SessionRecorder(args[1], [] {
        return QJsonObject{{"program", "session_child"}};
    });
    QObject::connect(
        rec, &Worker::eventRaised, &app,
        [&interrupted, trickle, limit](const hil::Event &e) {
            if (e.text.startsWith(QLatin1String("recording interrupted")) && !interrupted) {
                if (trickle)
                    setFileLimit(limit + 8192); // before the recorder's next tick reopens
                interrupted = true;
            }
            say("E " + e.text.toUtf8());
        },
        Qt::DirectConnection);
    if (fsize) {
        std::signal(SIGXFSZ, SIG_IGN);
        setFileLimit(limit);
    }
    WorkerHost host(rec);
    if (!host.start(nullptr))
        return 3;

    std::atomic<bool> run{true};
    std::thread producer([&] {
        using clock = std::chrono::steady_clock;
        const auto start = clock::now();
        auto next = start;
        bool lifted = false;
        for (std::uint32_t i = 0; run; ++i) {
            next += std::chrono::milliseconds(1);
            std::this_thread::sleep_until(next);
            const double t = std::chrono::duration<double>(clock::now() - start).count();
            if (fsize && !lifted && t * 1000 > limitedMs) {
                setFileLimit(RLIM_INFINITY); // the "disk" has room again
                lifted = true;
                say("L");
            }
            if (trickle && interrupted && !lifted && i % 100 != 0)
                continue;
            SimFrame f;
            f.physicsTimeS = t;
            f.sequence = i;
            f.vehicle.velocity = {t, 2.0 * t, 0.5};
            rec->recordState(f, ChannelFrame{});
            if (i % 10 == 0 || (trickle && interrupted && !lifted)) {
                PlatformRow row;
                row.messageId = 21;
                row.statusWord = 0xFC3;
                row.decodeStatus();
                rec->recordPlatform(row);
            }
            if (i % 4 == 0 || (trickle && interrupted && !lifted))
                rec->recordMavlink(QByteArray::fromHex("FD090000000101000000000001"
                                                       "00020C810303D981"),
                                   0);
            say("T " + QByteArray::number(t, 'f', 6));
        }
    });
    QTimer::singleShot(totalMs, &app, &QCoreApplication::quit);
    const int rc = app.exec();
    run = false;
    producer.join();
    host.stop();
    say("X");
    return rc;
}
