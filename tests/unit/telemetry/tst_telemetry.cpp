// TelemetryHub and its rings: wrap-around, time windows, min/max decimation that keeps spikes,
// SimFrame expansion in SI, concurrent producers against a reading consumer.
#include "model/rotation.h"
#include "telemetry/ringseries.h"
#include "telemetry/telemetryhub.h"

#include <QThread>
#include <QtTest>
#include <atomic>
#include <cmath>
#include <random>
#include <thread>

using hil::RingSeries;
using hil::TelemetryHub;
using hil::TelemetryPoint;

class TestTelemetry : public QObject
{
    Q_OBJECT
private slots:
    void ringWrapsKeepingNewest();
    void ringClampsBackwardTime();
    void ringWindowIncludesEdgeNeighbours();
    void decimationKeepsSpikesAndBoundsSize();
    void blockSummariesMatchSampleScan();
    void declareIsIdempotentAndBounded();
    void simFrameExpandsInSi();
    void latestValuesAndSpan();
    void concurrentProducers();
};

void TestTelemetry::ringWrapsKeepingNewest()
{
    RingSeries r(5);
    for (int i = 0; i < 12; ++i)
        r.append(i, i * 10.0);
    QCOMPARE(r.size(), std::size_t(5));
    QCOMPARE(r.at(0).t, 7.0);
    QCOMPARE(r.at(4).v, 110.0);
    QCOMPARE(r.lowerBound(9.5), std::size_t(3));
    QCOMPARE(r.lowerBound(100), std::size_t(5));
}

void TestTelemetry::ringClampsBackwardTime()
{
    RingSeries r(8);
    r.append(2.0, 1);
    r.append(1.0, 2); // older than the last one: stamped with the last time
    r.append(qQNaN(), 3);
    QCOMPARE(r.at(1).t, 2.0);
    QCOMPARE(r.at(2).t, 2.0);
    QCOMPARE(r.at(2).v, 3.0);
}

void TestTelemetry::ringWindowIncludesEdgeNeighbours()
{
    RingSeries r(100);
    for (int i = 0; i < 100; ++i)
        r.append(i * 0.1, i);
    std::vector<TelemetryPoint> out;
    r.decimate(2.05, 2.95, 1000, &out);
    // samples 2.1 .. 2.9 plus 2.0 before and 3.0 after
    QCOMPARE(out.size(), std::size_t(11));
    QCOMPARE(out.front().v, 20.0);
    QCOMPARE(out.back().v, 30.0);
    out.clear();
    r.decimate(50, 60, 100, &out); // after the data: only the last sample as the left neighbour
    QCOMPARE(out.size(), std::size_t(1));
}

void TestTelemetry::decimationKeepsSpikesAndBoundsSize()
{
    RingSeries r(200000);
    for (int i = 0; i < 150000; ++i)
        r.append(i / 250.0, std::sin(i * 0.001));
    r.append(150000 / 250.0, 0); // keep the time base regular around the spikes
    // two single-sample spikes in the middle
    RingSeries s(200000);
    for (int i = 0; i < 150000; ++i)
        s.append(i / 250.0, i == 70001 ? 99.0 : (i == 90001 ? -77.0 : 0.0));
    std::vector<TelemetryPoint> out;
    s.decimate(0, 600, 1920, &out);
    QVERIFY(out.size() <= 2 * 1920 + 4);
    QVERIFY(out.size() > 1920);
    double mx = 0, mn = 0;
    for (size_t i = 0; i < out.size(); ++i) {
        mx = std::max(mx, out[i].v);
        mn = std::min(mn, out[i].v);
        if (i > 0)
            QVERIFY(out[i].t >= out[i - 1].t); // still in time order
    }
    QCOMPARE(mx, 99.0);
    QCOMPARE(mn, -77.0);
}

// The same min/max decimation done the slow way, sample by sample.
static std::vector<TelemetryPoint> referenceDecimate(const RingSeries &r, double t0, double t1,
                                                     int buckets)
{
    std::vector<TelemetryPoint> out;
    std::size_t first = r.lowerBound(t0), end = r.lowerBound(t1);
    if (end < r.size() && r.at(end).t <= t1)
        ++end;
    if (first > 0)
        --first;
    if (end < r.size())
        ++end;
    if (end - first <= static_cast<std::size_t>(2 * buckets) + 2) {
        for (std::size_t i = first; i < end; ++i)
            out.push_back(r.at(i));
        return out;
    }
    const double inv = buckets / (t1 - t0);
    std::size_t i = first;
    while (i < end) {
        const double x0 = (r.at(i).t - t0) * inv;
        const long b = x0 < 0 ? -1 : long(x0);
        std::size_t iMn = i, iMx = i, j = i + 1;
        for (; j < end; ++j) {
            const double x = (r.at(j).t - t0) * inv;
            if ((x < 0 ? -1 : long(x)) != b)
                break;
            if (r.at(j).v < r.at(iMn).v)
                iMn = j;
            if (r.at(j).v > r.at(iMx).v)
                iMx = j;
        }
        out.push_back(r.at(std::min(iMn, iMx)));
        if (iMn != iMx)
            out.push_back(r.at(std::max(iMn, iMx)));
        i = j;
    }
    return out;
}

void TestTelemetry::blockSummariesMatchSampleScan()
{
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> noise(-1, 1);
    // capacity not a multiple of the block size; stop at several fill levels (growing, wrapped)
    RingSeries r(10000 + 37);
    int pushed = 0;
    for (int target : {3000, 10037, 12345, 31000}) {
        for (; pushed < target; ++pushed)
            r.append(pushed * 0.004 + (pushed % 7 == 0 ? 0.001 : 0.0),
                     std::sin(pushed * 0.01) + 0.2 * noise(rng));
        const double tEnd = (pushed - 1) * 0.004;
        for (const auto &w :
             {std::pair<double, int>{tEnd, 100}, {tEnd, 1500}, {10.0, 300}, {3.3, 37}}) {
            const double t0 = tEnd - w.first, t1 = tEnd - 0.5;
            std::vector<TelemetryPoint> fast;
            r.decimate(t0, t1, w.second, &fast);
            const std::vector<TelemetryPoint> slow = referenceDecimate(r, t0, t1, w.second);
            QCOMPARE(fast.size(), slow.size());
            for (std::size_t i = 0; i < fast.size(); ++i) {
                QCOMPARE(fast[i].t, slow[i].t);
                QCOMPARE(fast[i].v, slow[i].v);
            }
        }
    }
}

void TestTelemetry::declareIsIdempotentAndBounded()
{
    TelemetryHub hub(100);
    const int base = hub.seriesCount(); // the SimFrame series
    QVERIFY(base > 20);
    const int a = hub.declare("raven/heave_cmd", "m");
    QCOMPARE(hub.declare("raven/heave_cmd"), a);
    QCOMPARE(hub.find("raven/heave_cmd"), a);
    QCOMPARE(hub.info(a).unit, QString("m"));
    const int d = hub.declare("flightaxis/period_ms", "ms", TelemetryHub::Kind::Distribution);
    QCOMPARE(hub.info(d).kind, TelemetryHub::Kind::Distribution);
    for (int i = hub.seriesCount(); i < TelemetryHub::kMaxSeries; ++i)
        QVERIFY(hub.declare(QString("x/%1").arg(i)) >= 0);
    QCOMPARE(hub.declare("one/too/many"), -1);
    hub.pushValue(-1, 0, 0); // ignored, no crash
    hub.pushValue("one/too/many", 0, 0);
    QCOMPARE(hub.seriesCount(), TelemetryHub::kMaxSeries);
    std::vector<TelemetryPoint> out;
    QVERIFY(!hub.snapshot(9999, 0, 1, 10, &out));
}

void TestTelemetry::simFrameExpandsInSi()
{
    TelemetryHub hub(100);
    hil::SimFrame f;
    f.monotonicNs = std::chrono::duration_cast<std::chrono::nanoseconds>(
                        std::chrono::steady_clock::now().time_since_epoch())
                        .count();
    f.vehicle.state.pose.position = {1, 2, -3};
    f.vehicle.velocity = {4, 5, 6};
    f.vehicle.state.pose.orientation = hil::fromEuler({0.1, -0.2, 1.5});
    f.extras.airspeedMps = 17;
    f.stale = true;
    hub.push(f);
    auto value = [&](const char *name) {
        TelemetryPoint p;
        const int id = hub.find(name);
        return id >= 0 && hub.latest(id, &p) ? p.v : qQNaN();
    };
    QCOMPARE(value("position/n"), 1.0);
    QCOMPARE(value("position/d"), -3.0);
    QCOMPARE(value("velocity/e"), 5.0);
    QVERIFY(std::abs(value("attitude/roll") - 0.1) < 1e-9); // rad, not deg
    QVERIFY(std::abs(value("attitude/pitch") + 0.2) < 1e-9);
    QVERIFY(std::abs(value("attitude/yaw") - 1.5) < 1e-9);
    QCOMPARE(value("extras/airspeed"), 17.0);
    QCOMPARE(value("sim/stale"), 1.0);
    QCOMPARE(hub.info(hub.find("attitude/roll")).unit, QString("rad"));
    TelemetryPoint p;
    QVERIFY(hub.latest(hub.find("position/n"), &p));
    QVERIFY(std::abs(p.t - hub.now()) < 5.0); // on the hub's clock, not the raw ns
}

void TestTelemetry::latestValuesAndSpan()
{
    TelemetryHub hub(16);
    const int id = hub.declare("a");
    const std::uint64_t rev = hub.revision();
    for (int i = 0; i < 40; ++i)
        hub.pushValue(id, 100 + i, i);
    QVERIFY(hub.revision() > rev);
    std::vector<double> v;
    QVERIFY(hub.latestValues(id, 4, &v));
    QCOMPARE(v, (std::vector<double>{36, 37, 38, 39}));
    QVERIFY(hub.latestValues(id, 1000, &v));
    QCOMPARE(v.size(), std::size_t(16)); // capacity bounds it
    double t0 = 0, t1 = 0;
    QVERIFY(hub.timeSpan(&t0, &t1));
    QCOMPARE(t0, 124.0);
    QCOMPARE(t1, 139.0);
}

void TestTelemetry::concurrentProducers()
{
    TelemetryHub hub(5000);
    const int n = 20000;
    auto producer = [&hub, n](const QString &name) {
        const int id = hub.declare(name);
        for (int i = 0; i < n; ++i)
            hub.pushValue(id, i * 0.004, i);
    };
    // std::thread, not QThread: its join is one TSan sees (QThread::wait is Qt's own lock).
    std::atomic<int> running{2};
    std::thread a([&] {
        producer(QStringLiteral("p/a"));
        --running;
    });
    std::thread b([&hub, n, &running] {
        hil::SimFrame f;
        for (int i = 0; i < n; ++i) {
            f.monotonicNs = 0;
            f.vehicle.state.pose.position.x = i;
            hub.push(f);
        }
        --running;
    });
    std::vector<TelemetryPoint> out;
    int reads = 0;
    while (running.load() > 0) {
        for (int id = 0; id < hub.seriesCount(); ++id)
            hub.snapshot(id, -1e9, 1e9, 500, &out);
        ++reads;
    }
    a.join();
    b.join();
    QVERIFY(reads > 0);
    QCOMPARE(hub.sampleCount(hub.find("p/a")), std::size_t(5000));
    TelemetryPoint p;
    QVERIFY(hub.latest(hub.find("p/a"), &p));
    QCOMPARE(p.v, double(n - 1));
    QVERIFY(hub.latest(hub.find("position/n"), &p));
    QCOMPARE(p.v, double(n - 1));
}

QTEST_GUILESS_MAIN(TestTelemetry)
#include "tst_telemetry.moc"
