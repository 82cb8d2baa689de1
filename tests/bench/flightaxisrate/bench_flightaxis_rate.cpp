// The FlightAxis exchange rate between FlightAxisLink and the RealFlight stand-in
// (FlightAxisEmulator), each in a thread of its own as in `hilstation --emulate flightaxis`, and
// the cost of one TCP connect + close on 127.0.0.1 (FlightAxis makes one connection per exchange).
// Built for Linux and Windows: `make windows-test` runs both builds and prints them side by side
// (Wine's figures are Wine's, not Windows'). Prints BENCH lines, never judges them.
//
//   bench_flightaxis_rate [--seconds S] [--period-ms P] [--label L]   link and stand-in here
//   bench_flightaxis_rate --serve PORT [--seconds S] [--period-ms P]  the stand-in only
//   bench_flightaxis_rate --link PORT [--seconds S] [--label L]       the link only
// --period-ms is the stand-in's frame period (default 4 ms, RealFlight's ~250 Hz; 0 = as fast
// as asked). --timers also prints the period of a 4 ms coarse and precise QTimer. The link's thread
// is tuned as the program tunes it (platform::tuneLoopThread: on Windows the 1 ms system timer
// while it runs); --untuned leaves it as any other thread. Figures are printed from the main
// thread; the link's and the stand-in's threads are their WorkerHosts'.
#include "../benchutil.h"
#include "core/workerhost.h"
#include "flightaxis/flightaxisemulator.h"
#include "flightaxis/flightaxislink.h"
#include "platform/platform.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QNetworkProxy>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>
#include <cstdio>
#include <memory>
#include <string>

using namespace hil;

namespace {

void spin(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, Qt::PreciseTimer, &loop, &QEventLoop::quit);
    loop.exec();
}

double counter(const WorkerHost &host, const char *key)
{
    return host.report().counters.value(QLatin1String(key)).toDouble();
}

/// Median µs of a blocking connect + abort against the port (the part of an exchange that is
/// neither HTTP nor the stand-in's pacing).
double connectUs(quint16 port, int count)
{
    std::vector<double> us;
    for (int i = 0; i < count; ++i) {
        QTcpSocket s;
        s.setProxy(QNetworkProxy::NoProxy);
        const double t0 = bench::nowNs();
        s.connectToHost(QStringLiteral("127.0.0.1"), port);
        if (!s.waitForConnected(1000))
            continue; // a SYN dropped now and then: the stand-in's accept queue was full
        us.push_back((bench::nowNs() - t0) / 1000.0);
        s.abort();
    }
    return bench::percentile(us, 50);
}

/// The mean period of a repeating 4 ms QTimer of this type over ~0.3 s, ms. Windows serves a
/// CoarseTimer from the system tick (15.6 ms unless a program asked for 1 ms), a PreciseTimer
/// from a multimedia timer; Wine serves both from Linux's clock.
double timerPeriodMs(Qt::TimerType type)
{
    QTimer timer;
    timer.setTimerType(type);
    timer.setInterval(4);
    int ticks = 0;
    QObject::connect(&timer, &QTimer::timeout, [&ticks] { ++ticks; });
    const double t0 = bench::nowNs();
    timer.start();
    spin(300);
    timer.stop();
    return ticks > 0 ? (bench::nowNs() - t0) / 1e6 / ticks : 0.0;
}

void reportTimers(const std::string &label)
{
    // spin() itself waits on a PreciseTimer: the probes measure the timer under test only.
    bench::report(("timer_4ms_coarse_ms_" + label).c_str(), timerPeriodMs(Qt::CoarseTimer), "ms");
    bench::report(("timer_4ms_precise_ms_" + label).c_str(), timerPeriodMs(Qt::PreciseTimer), "ms");
    platform::tuneLoopThread(); // Windows: the 1 ms system timer, as while a link runs
    bench::report(("timer_4ms_coarse_tuned_ms_" + label).c_str(), timerPeriodMs(Qt::CoarseTimer),
                  "ms");
    platform::releaseLoopThread();
}

/// Runs the link against the port for `seconds` after it is up; prints its rate.
bool runLink(quint16 port, double seconds, const std::string &label, bool tune)
{
    FlightAxisConfig config;
    config.port = port;
    auto *link = new FlightAxisLink(config);
    link->setLatencyCritical(tune); // as LinkManager does for a closed-loop link
    WorkerHost host(link);
    QString error;
    if (!host.start(&error)) {
        std::fprintf(stderr, "link: %s\n", qPrintable(error));
        return false;
    }
    QElapsedTimer wait;
    wait.start();
    while (counter(host, "exchanges") < 1 && wait.elapsed() < 5000)
        spin(20);
    if (counter(host, "exchanges") < 1) {
        std::fprintf(stderr, "link: no exchange within 5 s\n");
        return false;
    }
    const double n0 = counter(host, "exchanges"), t0 = bench::nowNs();
    spin(int(seconds * 1000));
    // counters() is refreshed at 10 Hz: a report older than 100 ms would undercount slightly.
    const double n1 = counter(host, "exchanges"), t1 = bench::nowNs();
    const double timeouts = counter(host, "timeouts");
    host.stop();
    const double rate = (n1 - n0) / ((t1 - t0) * 1e-9);
    bench::report(("flightaxis_exchanges_" + label).c_str(), rate, "/s");
    bench::report(("flightaxis_exchange_ms_" + label).c_str(), rate > 0 ? 1000.0 / rate : 0, "ms");
    if (timeouts > 0)
        bench::report(("flightaxis_timeouts_" + label).c_str(), timeouts, "count");
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    double seconds = 2.0, periodMs = FlightAxisEmulator::kDefaultFramePeriodMs;
    int serve = -1, linkPort = -1;
    std::string label = "here";
    // --untuned: the link's thread as any other (no 1 ms system timer on Windows)
    const bool tune = !QCoreApplication::arguments().contains(QLatin1String("--untuned"));
    const QStringList args = app.arguments();
    for (int i = 1; i + 1 < args.size(); ++i) {
        const QString &a = args[i];
        const QString v = args[i + 1];
        if (a == QLatin1String("--seconds"))
            seconds = v.toDouble();
        else if (a == QLatin1String("--period-ms"))
            periodMs = v.toDouble();
        else if (a == QLatin1String("--serve"))
            serve = v.toInt();
        else if (a == QLatin1String("--link"))
            linkPort = v.toInt();
        else if (a == QLatin1String("--label"))
            label = v.toStdString();
        else
            continue;
        ++i;
    }

    if (linkPort > 0)
        return runLink(quint16(linkPort), seconds, label, tune) ? 0 : 1;

    auto *emulator = new FlightAxisEmulator(serve > 0 ? quint16(serve) : 0);
    emulator->setFramePeriodMs(periodMs);
    WorkerHost standIn(emulator);
    QString error;
    if (!standIn.start(&error)) {
        std::fprintf(stderr, "stand-in: %s\n", qPrintable(error));
        return 1;
    }
    const quint16 port = emulator->port();
    if (serve >= 0) { // the stand-in for another program's link: serve until the time is up
        std::printf("serving on %u\n", unsigned(port));
        std::fflush(stdout);
        spin(int(seconds * 1000));
        standIn.stop();
        return 0;
    }
    if (app.arguments().contains(QLatin1String("--timers")))
        reportTimers(label);
    bench::report(("flightaxis_connect_us_" + label).c_str(), connectUs(port, 50), "us");
    const bool ok = runLink(port, seconds, label, tune);
    standIn.stop();
    return ok ? 0 : 1;
}
