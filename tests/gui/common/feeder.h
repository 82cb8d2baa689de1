#pragma once
// TelemetryFeeder: a test thread that plays a link: it fills the hub with 'historyS' seconds of a
// circling, banking flight at 250 Hz, then keeps pushing live frames (and a loop-period
// distribution) until stopped. Used by the GUI tests and the UI benchmark.
#include "model/rotation.h"
#include "telemetry/telemetryhub.h"

#include <atomic>
#include <chrono>
#include <cmath>
#include <random>
#include <thread>

namespace hiltest {

class TelemetryFeeder
{
public:
    TelemetryFeeder(hil::TelemetryHub *hub, double historyS, double rateHz = 250.0)
        : m_hub(hub), m_historyS(historyS), m_rateHz(rateHz)
    {
    }
    ~TelemetryFeeder() { stop(); }

    // std::thread, not QThread: its join is one TSan sees (QThread::wait is Qt's own lock).
    void start()
    {
        m_thread = std::thread([this] { run(); });
    }
    void stop()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
    }
    /// Frames pushed so far (history included).
    long frames() const { return m_frames.load(); }
    bool historyDone() const { return m_historyDone.load(); }

    static hil::SimFrame frameAt(double t)
    {
        hil::SimFrame f;
        const double w = 2 * hil::kPi / 40.0; // one circle in 40 s
        f.physicsTimeS = t;
        f.vehicle.state.pose.position = {60 * std::cos(w * t), 60 * std::sin(w * t),
                                         -40 - 6 * std::sin(0.31 * t)};
        f.vehicle.velocity = {-60 * w * std::sin(w * t), 60 * w * std::cos(w * t),
                              -6 * 0.31 * std::cos(0.31 * t)};
        f.vehicle.acceleration = {-60 * w * w * std::cos(w * t), -60 * w * w * std::sin(w * t),
                                  0.6 * std::sin(0.31 * t)};
        const double roll = 0.35 + 0.05 * std::sin(2.1 * t), pitch = 0.04 * std::sin(0.31 * t + 1);
        f.vehicle.state.pose.orientation =
            hil::fromEuler({roll, pitch, hil::wrapPi(w * t + hil::kPi / 2)});
        f.vehicle.angular_velocity = {0.1 * std::cos(2.1 * t), 0.01, w};
        f.extras.airspeedMps = 60 * w + 0.5 * std::sin(0.7 * t);
        f.extras.groundspeedMps = 60 * w;
        f.extras.altitudeAglM = 40 + 6 * std::sin(0.31 * t);
        f.extras.batteryVoltageV = 16.6 - 0.002 * t;
        return f;
    }

private:
    static std::int64_t nowNs()
    {
        return std::chrono::duration_cast<std::chrono::nanoseconds>(
                   std::chrono::steady_clock::now().time_since_epoch())
            .count();
    }
    void push(std::int64_t ns, double t, double periodMs)
    {
        hil::SimFrame f = frameAt(t);
        f.monotonicNs = ns;
        m_hub->push(f);
        m_hub->pushValue(m_periodId, m_hub->fromMonotonicNs(ns), periodMs);
        ++m_frames;
    }
    void run()
    {
        m_periodId = m_hub->declare(QStringLiteral("flightaxis/period_ms"), QStringLiteral("ms"),
                                    hil::TelemetryHub::Kind::Distribution);
        std::mt19937 rng(7);
        std::normal_distribution<double> jitter(0.0, 0.15);
        const double periodS = 1.0 / m_rateHz;
        const std::int64_t start = nowNs();
        const long history = static_cast<long>(m_historyS * m_rateHz);
        for (long i = 0; i < history && !m_stop; ++i) {
            const double t = i * periodS;
            push(start - static_cast<std::int64_t>((m_historyS - t) * 1e9), t,
                 periodS * 1e3 + jitter(rng));
        }
        m_historyDone = true;
        double t = m_historyS;
        std::int64_t last = nowNs();
        while (!m_stop) {
            std::this_thread::sleep_for(
                std::chrono::microseconds(static_cast<long>(periodS * 1e6)));
            const std::int64_t ns = nowNs();
            t += periodS;
            push(ns, t, (ns - last) * 1e-6);
            last = ns;
        }
    }

    hil::TelemetryHub *m_hub;
    double m_historyS;
    double m_rateHz;
    int m_periodId = -1;
    std::thread m_thread;
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_historyDone{false};
    std::atomic<long> m_frames{0};
};

} // namespace hiltest
