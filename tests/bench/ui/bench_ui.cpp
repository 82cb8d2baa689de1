// The operator window's plotting cost, offscreen at 1920x1080:
//   plot_replot_ms      median and p99 of one PlotsPanel::replotNow() (copy the visible window
//                       out of the hub, decimate, replot) for 12 signals at 250 Hz with 10 minutes
//                       buffered and the whole 10 minutes visible (the worst window);
//   plot_replot_cpu_ms  the GUI thread's CPU time for the same replot (load-independent);
//   gui_thread_cpu_pct  the GUI thread's CPU time (CLOCK_THREAD_CPUTIME_ID) over wall time while
//                       the window's own 30 Hz timer plots 12 live signals (30 s window) that a
//                       feeder thread pushes at 250 Hz;
//   rig_strip_refresh_us median and p99 of one refresh of the rig strip beside STOP, with every
//                       stand-in running (the motion status and four links' counter snapshots),
//                       and rig_strip_refresh_cpu_us the GUI thread's CPU for it. The strip
//                       refreshes at 5 Hz.
#include "../../gui/common/feeder.h"
#include "../benchutil.h"
#include "station/station.h"
#include "ui/mainwindow.h"
#include "ui/panels/plotspanel.h"
#include "ui/rigstrip.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>
#include <time.h>

namespace {

const char *const kSignals[12] = {"position/n",         "position/e",         "position/d",
                                  "velocity/n",         "velocity/e",         "velocity/d",
                                  "attitude/roll",      "attitude/pitch",     "attitude/yaw",
                                  "angular_velocity/f", "angular_velocity/r", "angular_velocity/d"};

hil::PlotsPanel *setUpPlots(hil::MainWindow &w, double windowS)
{
    auto *plots = qobject_cast<hil::PlotsPanel *>(w.panel(QStringLiteral("plotsPanel")));
    plots->setPlotCount(4);
    for (int p = 0; p < 4; ++p) {
        for (const QString &name : plots->signalsOf(p))
            plots->setSignal(p, name, false);
        for (int k = 0; k < 3; ++k)
            plots->setSignal(p, QLatin1String(kSignals[p * 3 + k]), true);
    }
    plots->setWindowSeconds(windowS);
    return plots;
}

} // namespace

int main(int argc, char *argv[])
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QTemporaryDir dir;
    hil::StationOptions o;
    o.logDir = dir.path();

    { // replot cost with 10 minutes buffered
        hil::Station station(o);
        station.start(nullptr);
        hiltest::TelemetryFeeder history(station.telemetry(), 600.0);
        history.start();
        while (!history.historyDone())
            QThread::msleep(10);
        history.stop();
        hil::MainWindow w(&station);
        w.resize(1920, 1080);
        w.resetLayout();
        w.show();
        if (!QTest::qWaitForWindowExposed(&w))
            return 1;
        hil::PlotsPanel *plots = setUpPlots(w, 0);
        plots->replotNow();     // live: sets the time axis to the whole buffer
        plots->setPaused(true); // then the window's timer stays out of the measurement
        std::vector<double> ms, copyMs, cpuMs;
        for (int i = 0; i < 120; ++i) {
            const double t0 = bench::nowNs(), c0 = bench::threadCpuS();
            plots->replotNow();
            ms.push_back((bench::nowNs() - t0) * 1e-6);
            cpuMs.push_back((bench::threadCpuS() - c0) * 1e3);
            copyMs.push_back(plots->lastCopyMs());
        }
        bench::report("plot_replot_ms_median", bench::percentile(ms, 50), "ms");
        bench::report("plot_replot_ms_p99", bench::percentile(ms, 99), "ms");
        // CPU time of the GUI thread per replot: the same work, without the other processes'
        // share of a busy machine that the wall-clock figures above include.
        bench::report("plot_replot_cpu_ms_median", bench::percentile(cpuMs, 50), "ms");
        bench::report("plot_copy_ms_median", bench::percentile(copyMs, 50), "ms");
        bench::report("plot_points_drawn", plots->pointCount(), "points");
        station.stop();
    }
    { // GUI thread load while plotting live at 30 fps
        hil::Station station(o);
        station.start(nullptr);
        hiltest::TelemetryFeeder feeder(station.telemetry(), 30.0);
        feeder.start();
        while (!feeder.historyDone())
            QThread::msleep(10);
        hil::MainWindow w(&station);
        w.resize(1920, 1080);
        w.resetLayout();
        w.show();
        if (!QTest::qWaitForWindowExposed(&w))
            return 1;
        setUpPlots(w, 30);
        QTest::qWait(500); // warm-up
        const double cpu0 = bench::threadCpuS();
        QElapsedTimer wall;
        wall.start();
        QTest::qWait(3000);
        const double cpu = bench::threadCpuS() - cpu0;
        bench::report("gui_thread_cpu_pct", 100.0 * cpu / (wall.nsecsElapsed() * 1e-9), "%");
        feeder.stop();
        station.stop();
    }
    { // the rig strip with every stand-in running
        hil::StationOptions all = o;
        all.emulate = {QStringLiteral("flightaxis"), QStringLiteral("raven"), QStringLiteral("px4"),
                       QStringLiteral("rflysim")};
        hil::Station station(all);
        if (!station.start(nullptr))
            return 1;
        hil::MainWindow w(&station);
        w.resize(1280, 720);
        w.resetLayout();
        w.show();
        if (!QTest::qWaitForWindowExposed(&w))
            return 1;
        QTest::qWait(1500); // links up, rates known
        std::vector<double> us, cpuUs;
        for (int i = 0; i < 200; ++i) {
            const double t0 = bench::nowNs(), c0 = bench::threadCpuS();
            w.rigStrip()->refresh();
            us.push_back((bench::nowNs() - t0) * 1e-3);
            cpuUs.push_back((bench::threadCpuS() - c0) * 1e6);
            QTest::qWait(5);
        }
        bench::report("rig_strip_refresh_us_median", bench::percentile(us, 50), "us");
        bench::report("rig_strip_refresh_us_p99", bench::percentile(us, 99), "us");
        bench::report("rig_strip_refresh_cpu_us_median", bench::percentile(cpuUs, 50), "us");
        station.stop();
    }
    return 0;
}
