// bench_soak: the whole Station with --emulate all at full rate (RealFlight stand-in at 250 Hz,
// PX4 lockstep, platform cueing, RflySim camera + LiDAR, session recording to a temp folder) for
// a long run, reporting resident memory, open file descriptors and threads after a warm-up and
// at the end (docs/README.md, fault recovery: flat after warm-up), plus the work done so that a
// stalled run shows.
//
//   bench_soak [seconds]   total run time, default 6 (so `make bench` stays short);
//                          `make soak` passes SOAK_SECONDS (default 600).
// The warm-up is 10 s (shorter runs use a third of the time).

#include "../benchutil.h"

#include "station/station.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTimer>

using namespace hil;

namespace {

struct Resources
{
    double rssKb = 0;
    int fds = 0;
    int threads = 0;
};

double statusField(const QByteArray &status, const char *key)
{
    for (const QByteArray &line : status.split('\n'))
        if (line.startsWith(key))
            return line.mid(qsizetype(qstrlen(key))).trimmed().split(' ').value(0).toDouble();
    return 0;
}

Resources sample()
{
    Resources r;
    QFile f(QStringLiteral("/proc/self/status"));
    if (f.open(QIODevice::ReadOnly)) {
        const QByteArray s = f.readAll();
        r.rssKb = statusField(s, "VmRSS:");
        r.threads = int(statusField(s, "Threads:"));
    }
    r.fds = int(QDir(QStringLiteral("/proc/self/fd"))
                    .entryList(QDir::NoDotAndDotDot | QDir::AllEntries | QDir::System)
                    .size());
    return r;
}

double counter(const Station &s, const char *link, const char *key)
{
    const Worker *w = s.worker(QLatin1String(link));
    return w ? w->counters().value(QLatin1String(key)).toDouble() : 0.0;
}

void spin(qint64 ms)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const double totalS = argc > 1 ? std::max(3.0, QByteArray(argv[1]).toDouble()) : 6.0;
    const double warmupS = std::min(10.0, totalS / 3.0);

    QTemporaryDir dir;
    StationOptions opt;
    opt.headless = true;
    opt.emulate = emulatorNames();
    opt.logDir = dir.path();
    Station station(opt);
    QString error;
    if (!station.start(&error)) {
        std::fprintf(stderr, "bench_soak: %s\n", qPrintable(error));
        return 1;
    }

    spin(qint64(warmupS * 1000));
    const Resources start = sample();
    const double ex0 = counter(station, "flightaxis", "exchanges");
    const double px0 = counter(station, "px4", "hil_sensor_sent");
    std::printf("soak: warm-up %.0f s done, running %.0f s more\n", warmupS, totalS - warmupS);
    std::fflush(stdout);

    Resources peak = start;
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < qint64((totalS - warmupS) * 1000)) {
        spin(1000);
        const Resources r = sample();
        peak.rssKb = std::max(peak.rssKb, r.rssKb);
        peak.fds = std::max(peak.fds, r.fds);
        peak.threads = std::max(peak.threads, r.threads);
    }
    const Resources end = sample();
    const double runS = t.elapsed() / 1000.0;
    const double exchangesPerS = (counter(station, "flightaxis", "exchanges") - ex0) / runS;
    const double sensorsPerS = (counter(station, "px4", "hil_sensor_sent") - px0) / runS;
    const double trips = counter(station, "raven", "watchdog_trips");
    station.stop();

    bench::report("soak_seconds", totalS, "s");
    bench::report("soak_rss_start_kb", start.rssKb, "kB");
    bench::report("soak_rss_end_kb", end.rssKb, "kB");
    bench::report("soak_rss_peak_kb", peak.rssKb, "kB");
    bench::report("soak_fds_start", start.fds, "fds");
    bench::report("soak_fds_end", end.fds, "fds");
    bench::report("soak_threads_start", start.threads, "threads");
    bench::report("soak_threads_end", end.threads, "threads");
    bench::report("soak_flightaxis_exchanges_per_s", exchangesPerS, "1/s");
    bench::report("soak_px4_hil_sensor_per_s", sensorsPerS, "1/s");
    bench::report("soak_raven_watchdog_trips", trips, "trips");
    return 0;
}
