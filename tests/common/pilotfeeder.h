#pragma once
// PilotFeeder: the input link's side of the pilot stream for tests without a device. Like the
// input link it sends the controls again at its reading rate while they are active (the ground-
// station link takes a silence as the input link gone), and an inactive one once.
#include "model/clock.h"
#include "model/pilot.h"

#include <QTimer>
#include <functional>

/// A pilot's sticks as the input link would map them, stamped now.
inline hil::PilotControls sticks(double pitch, double roll, double yaw, double throttle,
                                 bool active = true)
{
    hil::PilotControls c;
    c.active = active;
    c.pitch = pitch;
    c.roll = roll;
    c.yaw = yaw;
    c.throttle = throttle;
    c.deviceName = QStringLiteral("test sticks");
    c.sampleNs = hil::steadyNowNs();
    return c;
}

class PilotFeeder
{
public:
    /// `deliver` hands one PilotControls to the link (directly, or queued into its thread).
    explicit PilotFeeder(std::function<void(const hil::PilotControls &)> deliver, int periodMs = 20)
        : m_deliver(std::move(deliver))
    {
        m_timer.setInterval(periodMs);
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            hil::PilotControls c = m_latest;
            c.pressed = 0; // a press is one sample's
            c.sampleNs = hil::steadyNowNs();
            c.sequence = ++m_sequence;
            m_deliver(c);
        });
    }

    /// Sends these controls now and, while active, again every period.
    void set(hil::PilotControls c)
    {
        c.sampleNs = hil::steadyNowNs();
        c.sequence = ++m_sequence;
        m_latest = c;
        m_deliver(c);
        if (c.active)
            m_timer.start();
        else
            m_timer.stop();
    }
    void set(double pitch, double roll, double yaw, double throttle, bool active = true)
    {
        set(sticks(pitch, roll, yaw, throttle, active));
    }
    /// Stops repeating without an inactive sample (the input link gone silent).
    void silence() { m_timer.stop(); }

private:
    std::function<void(const hil::PilotControls &)> m_deliver;
    QTimer m_timer;
    hil::PilotControls m_latest;
    std::uint64_t m_sequence = 0;
};
