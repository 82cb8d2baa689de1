// The input link's costs, with an SDL virtual gamepad (no hardware), over kSeconds:
//   input_period_p50_ms / _p99_ms / _max_ms   time between consecutive samples (their stamps)
//   input_rate_hz                              samples per second of their own stamps
//   input_to_consumer_p50_us / _p99_us         a sample's stamp to its PilotControls delivered,
//                                              queued, in another thread (this one)
//   input_thread_cpu_pct                       the link thread's CPU time, % of one core
// Prints figures, asserts nothing.
#include "../benchutil.h"
#include "core/post.h"
#include "core/workerhost.h"
#include "input/pilotlink.h"
#include "model/clock.h"

#include <QCoreApplication>
#include <QTimer>
#include <cstdio>
#include <ctime>

using namespace hil;

namespace {
constexpr int kSeconds = 10;

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    input::PilotLinkConfig c;
    c.joystickName = QStringLiteral("bench pad");
    c.allowVirtual = true;
    auto *link = new input::PilotLink(c);
    std::vector<double> latencyUs, periodsMs;
    std::int64_t lastNs = 0;
    bool measuring = false;
    QObject::connect(link, &input::PilotLink::pilotControls, &app,
                     tsanSlot([&](const PilotControls &p) {
                         if (!measuring || !p.active)
                             return;
                         latencyUs.push_back(double(steadyNowNs() - p.sampleNs) * 1e-3);
                         if (lastNs != 0)
                             periodsMs.push_back(double(p.sampleNs - lastNs) * 1e-6);
                         lastNs = p.sampleNs;
                     }),
                     Qt::QueuedConnection);
    WorkerHost host(link);
    QString error;
    if (!host.start(&error)) {
        std::fprintf(stderr, "bench_input: %s\n", qPrintable(error));
        return 1;
    }
    int id = -1;
    runIn(link, [&] { id = link->attachVirtual(QStringLiteral("bench pad"), 6, 15, true); });
    if (id < 0) {
        std::fprintf(stderr, "bench_input: no virtual joystick\n");
        return 1;
    }
    // The sticks move a little every 10 ms, as a hand does.
    QTimer wiggle;
    int step = 0;
    QObject::connect(&wiggle, &QTimer::timeout, [&] {
        const double v = ((step++ % 50) - 25) / 25.0;
        postTo(link, [link, id, v] { link->setVirtualAxis(id, 2, v); });
    });
    wiggle.start(10);
    double cpu0 = 0.0, cpu1 = 0.0, wall0 = 0.0, wall1 = 0.0;
    QTimer::singleShot(500, [&] { // settle
        runIn(link, [&] { cpu0 = bench::threadCpuS(); });
        wall0 = bench::nowNs();
        measuring = true;
    });
    QTimer::singleShot(500 + kSeconds * 1000, [&] {
        measuring = false;
        runIn(link, [&] { cpu1 = bench::threadCpuS(); });
        wall1 = bench::nowNs();
        app.quit();
    });
    app.exec();
    wiggle.stop();
    host.stop();
    const double seconds = (wall1 - wall0) * 1e-9;
    bench::report("input_period_p50_ms", bench::percentile(periodsMs, 50), "ms");
    bench::report("input_period_p99_ms", bench::percentile(periodsMs, 99), "ms");
    bench::report("input_period_max_ms", bench::percentile(periodsMs, 100), "ms");
    double stampSpanS = 0.0;
    for (double p : periodsMs)
        stampSpanS += p * 1e-3;
    bench::report("input_rate_hz", stampSpanS > 0 ? double(periodsMs.size()) / stampSpanS : 0.0,
                  "Hz");
    bench::report("input_to_consumer_p50_us", bench::percentile(latencyUs, 50), "us");
    bench::report("input_to_consumer_p99_us", bench::percentile(latencyUs, 99), "us");
    bench::report("input_thread_cpu_pct", seconds > 0 ? 100.0 * (cpu1 - cpu0) / seconds : 0.0, "%");
    return 0;
}
