// The lab's costs, against a private Mosquitto on 127.0.0.1 (tests/common/labbroker.h):
//   lab_publish_us       what one state message costs the rig's lab thread: the payload
//                        composed (AeroSim envelope, JSON) and handed to Paho (QoS 0); median
//                        and p99 of 5,000.
//   lab_rigs_watched     32 simulated rigs x 50 Hz (one bench publisher, 1,600 state messages/s)
//                        into one instructor window (offscreen) for 10 s: the rigs it shows;
//   lab_gui_cpu_pct      the window's (GUI) thread CPU time over those 10 s, % of one core;
//   lab_publish_to_screen_p95_ms  the age of each rig's newest state when a refresh shows it
//                        (publish time "t" to the end of the 10 Hz refresh; the refresh period
//                        is part of it).
#include "../../common/labbroker.h"
#include "../benchutil.h"
#include "lab/labmessages.h"
#include "lab/mqttsession.h"
#include "ui/lab/instructorwindow.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>
#include <atomic>
#include <cmath>
#include <ctime>
#include <thread>

using namespace hil;

namespace {
lab::LabConfig plainConfig(const LabBroker &broker, const QString &rig)
{
    lab::LabConfig c;
    QString why;
    lab::parseBrokerUrl(QStringLiteral("mqtt://127.0.0.1:%1").arg(broker.port), &c.broker, &why);
    c.rig = rig;
    c.announce = false;
    return c;
}

/// A connected session (blocking wait: the benchmark's own thread, never a window's).
std::unique_ptr<lab::MqttSession> connected(const lab::LabConfig &c)
{
    auto up = std::make_shared<std::atomic<bool>>(false);
    lab::MqttCallbacks cb;
    cb.connected = [up] { *up = true; };
    cb.connectFailed = [](const QString &) {};
    cb.connectionLost = [](const QString &) {};
    cb.message = [](const QString &, const QByteArray &, const QByteArray &, const QByteArray &,
                    bool) {};
    cb.delivered = [](quint64, bool) {};
    auto s = std::make_unique<lab::MqttSession>(c, QByteArray(), cb);
    QString error;
    if (!s->create(&error) || !s->connect(&error))
        return nullptr;
    for (int i = 0; i < 500 && !*up; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return *up ? std::move(s) : nullptr;
}
} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    LabBroker broker;
    broker.open = true;
    if (!broker.setUp() || !broker.start()) {
        std::fprintf(stderr, "bench_lab: %s\n", qPrintable(broker.lastError));
        return 1;
    }

    // --- lab_publish_us
    {
        auto s = connected(plainConfig(broker, QStringLiteral("bench")));
        if (!s) {
            std::fprintf(stderr, "bench_lab: cannot connect\n");
            return 1;
        }
        SimFrame f;
        f.physicsTimeS = 100.0;
        f.vehicle.state.pose.position = {10.0, 5.0, -30.0};
        const QString t = lab::topic(QStringLiteral("bench"), QStringLiteral("state"));
        std::vector<double> us;
        QString error;
        for (int i = 0; i < 5000; ++i) {
            f.physicsTimeS += 0.004;
            const double t0 = bench::nowNs();
            s->publish(t, lab::stateMessage(QStringLiteral("bench"), f, lab::unixNowS()), 0, false,
                       0, &error);
            us.push_back((bench::nowNs() - t0) * 1e-3);
            std::this_thread::sleep_for(std::chrono::microseconds(200));
        }
        bench::report("lab_publish_us_p50", bench::percentile(us, 50), "us");
        bench::report("lab_publish_us_p99", bench::percentile(us, 99), "us");
        s->disconnect(QString(), QByteArray(), 1000);
    }

    // --- lab_rigs_watched: 32 rigs x 50 Hz from a thread of the benchmark
    constexpr int kRigs = 32;
    std::atomic<bool> run{true};
    std::thread publisher([&] {
        auto s = connected(plainConfig(broker, QStringLiteral("benchpub")));
        if (!s)
            return;
        QString error;
        for (int r = 0; r < kRigs; ++r) // online, retained: the window's tiles
            s->publish(lab::topic(QStringLiteral("rig%1").arg(r, 2, 10, QLatin1Char('0')),
                                  QStringLiteral("online")),
                       lab::onlineMessage(QStringLiteral("r"), true, {}, lab::unixNowS()), 1, true,
                       0, &error);
        SimFrame f;
        long tick = 0;
        auto next = std::chrono::steady_clock::now();
        while (run) {
            next += std::chrono::milliseconds(20);
            ++tick;
            for (int r = 0; r < kRigs; ++r) {
                const QString rig = QStringLiteral("rig%1").arg(r, 2, 10, QLatin1Char('0'));
                f.altitudeM = 100.0 + r + 0.1 * double(tick); // every tile's text changes
                f.extras.airspeedMps = 15.0 + 0.1 * double(tick % 50);
                s->publish(lab::topic(rig, QStringLiteral("state")),
                           lab::stateMessage(rig, f, lab::unixNowS()), 0, false, 0, &error);
            }
            std::this_thread::sleep_until(next);
        }
        s->disconnect(QString(), QByteArray(), 1000);
    });

    lab::LabConfig watch = plainConfig(broker, QStringLiteral("instructor"));
    InstructorWindow window(watch);
    window.show();
    std::vector<double> ages;
    QHash<QString, double> lastShown;
    bool measuring = false;
    QObject::connect(
        &window, &InstructorWindow::refreshed, &window, [&](const QList<lab::RigView> &rigs) {
            if (!measuring)
                return;
            const double now = lab::unixNowS();
            for (const lab::RigView &v : rigs)
                if (std::isfinite(v.lastStateT) && lastShown.value(v.rig) != v.lastStateT) {
                    lastShown[v.rig] = v.lastStateT;
                    ages.push_back((now - v.lastStateT) * 1e3);
                }
        });
    double cpu0 = 0;
    QElapsedTimer wall;
    QTimer::singleShot(3000, &window, [&] { // warm-up: every tile made
        measuring = true;
        cpu0 = bench::threadCpuS();
        wall.start();
    });
    QTimer::singleShot(13000, &app, [&] { app.quit(); });
    app.exec();
    const double cpuPct = (bench::threadCpuS() - cpu0) / (wall.elapsed() * 1e-3) * 100.0;
    run = false;
    publisher.join();
    bench::report("lab_rigs_watched", window.tileCount(), "rigs");
    bench::report("lab_gui_cpu_pct", cpuPct, "%");
    bench::report("lab_publish_to_screen_p95_ms", bench::percentile(ages, 95), "ms");
    bench::report("lab_publish_to_screen_p50_ms", bench::percentile(ages, 50), "ms");
    return 0;
}
