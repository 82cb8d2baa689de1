// BENCH stop_latency_ms p50/p99: from a click on the window's toolbar STOP (a real widget, the
// offscreen platform) to the platform stand-in showing LEVEL BRAKE, through Station →
// RavenLink → UDP on 127.0.0.1 → RavenEmulator. Each round puts the stand-in in CUEING first.
// Target p99 ≤ 300 ms. The clock is read by polling the stand-in's mode every ~0.2 ms.
#include "../benchutil.h"
#include "core/post.h"
#include "platform/platform.h"
#include "raven/ravencodec.h"
#include "raven/ravenemulator.h"
#include "raven/ravenlink.h"
#include "station/station.h"
#include "ui/mainwindow.h"

#include <QApplication>
#include <QDeadlineTimer>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <cstdio>

using namespace hil;

namespace {
bool waitMode(RavenEmulator *emu, int mode, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        if (emu->mode() == mode)
            return true;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 1);
    }
    return false;
}
} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QTemporaryDir dir;
    StationOptions o;
    o.emulate = {QStringLiteral("raven")};
    o.logDir = dir.filePath(QStringLiteral("session"));
    Station station(o);
    QString err;
    if (!station.start(&err)) {
        std::fprintf(stderr, "bench_stop: %s\n", qPrintable(err));
        return 1;
    }
    MainWindow window(&station, nullptr);
    window.show();
    // The window's thread at the program's default nice (as app/main.cpp): STOP is a click on
    // it, and the figure is meant for the window as shipped. HIL_BENCH_GUI_NICE=n overrides.
    if (qEnvironmentVariableIsSet("HIL_BENCH_GUI_NICE"))
        o.windowNice = qEnvironmentVariableIntValue("HIL_BENCH_GUI_NICE");
    bench::report("stop_window_nice",
                  o.windowNice > 0 ? platform::lowerWindowThread(o.windowNice) : 0, "nice");
    auto *emu = qobject_cast<RavenEmulator *>(station.worker(QStringLiteral("emulator.raven")));
    auto *button = window.findChild<QToolButton *>(QStringLiteral("stopButton"));
    auto *link = qobject_cast<RavenLink *>(station.motionLink());
    if (!emu || !button || !link)
        return 1;
    std::vector<double> ms;
    for (int round = 0; round < 40; ++round) {
        hil::postTo(link, [link] { link->requestMode(raven::ModeCueing); });
        if (!waitMode(emu, raven::ModeCueing, 3000))
            return 1;
        QTest::qWait(20);
        const double t0 = bench::nowNs();
        QTest::mouseClick(button, Qt::LeftButton);
        if (!waitMode(emu, raven::ModeLevelBrake, 3000))
            return 1;
        ms.push_back((bench::nowNs() - t0) * 1e-6);
    }
    bench::report("stop_latency_ms_p50", bench::percentile(ms, 50), "ms");
    bench::report("stop_latency_ms_p99", bench::percentile(ms, 99), "ms");
    station.stop();
    return 0;
}
