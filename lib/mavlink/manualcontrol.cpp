#include "mavlink/manualcontrol.h"
#include "model/clock.h"

#include <QTimer>
#include <algorithm>
#include <cmath>

namespace hil {

using namespace mavlink;

namespace {
constexpr int kHzWindowMs = 1000; // manual_control_hz: sends counted over this long

std::int16_t stickValue(double v, double lo, double hi)
{
    return std::int16_t(std::lround(std::clamp(v, lo, hi) * 1000.0));
}
} // namespace

ManualControlSender::ManualControlSender(Link &link, int intervalMs, int pilotStaleMs,
                                         double takeoffAltitudeM)
    : m_link(link), m_intervalMs(intervalMs), m_pilotStaleMs(pilotStaleMs),
      m_takeoffAltitudeM(takeoffAltitudeM)
{
}

void ManualControlSender::open(QObject *timerParent)
{
    m_timer = new QTimer(timerParent);
    m_timer->setTimerType(Qt::PreciseTimer);
    m_timer->setInterval(std::max(1, m_intervalMs));
    QObject::connect(m_timer, &QTimer::timeout, m_timer, [this] { send(false); });
    m_open = true;
}

void ManualControlSender::close()
{
    if (m_active)
        stop(QStringLiteral("link closed"), {QStringLiteral("link_closed")});
    delete m_timer;
    m_timer = nullptr;
    m_open = false;
}

void ManualControlSender::pilotControls(const PilotControls &c)
{
    m_lastPilotMs = m_link.elapsedMs();
    const bool finite = std::isfinite(c.pitch) && std::isfinite(c.roll) && std::isfinite(c.yaw) &&
                        std::isfinite(c.throttle);
    if (c.active && !finite) {
        // A broken mapping: never fly on it; treated like a lost device.
        if (++m_badPilot == 1)
            m_link.raise(QStringLiteral("px4gcs.bad_pilot_input"), Severity::Warning,
                         QStringLiteral("pilot controls with a non-finite axis from %1: not sent "
                                        "(counted in bad_pilot_input)")
                             .arg(c.deviceName),
                         {c.deviceName});
        m_pilot = c;
        m_pilot.active = false;
        if (m_active)
            stop(QStringLiteral("non-finite controls"), {QStringLiteral("not_finite")});
        return;
    }
    m_pilot = c;
    if (!c.active) {
        if (m_active)
            stop(QStringLiteral("pilot controls inactive (device lost or stale)"),
                 {QStringLiteral("inactive")});
        return;
    }
    if (c.pressed != 0)
        pilotActions(c.pressed);
    send(true);
}

void ManualControlSender::send(bool fresh)
{
    if (!m_open || !m_pilot.active)
        return;
    const qint64 silentMs = m_link.elapsedMs() - m_lastPilotMs;
    if (!fresh && m_pilotStaleMs > 0 && silentMs > m_pilotStaleMs) {
        m_pilot.active = false;
        if (m_active)
            stop(QStringLiteral("no pilot controls for %1 ms (the input link stopped?)")
                     .arg(silentMs),
                 {QStringLiteral("stale"), QString::number(double(silentMs) / 1000.0, 'f', 1)});
        return;
    }
    ManualControl m;
    m.x = stickValue(m_pilot.pitch, -1, 1);
    m.y = stickValue(m_pilot.roll, -1, 1);
    m.z = stickValue(m_pilot.throttle, 0, 1);
    m.r = stickValue(m_pilot.yaw, -1, 1);
    m.target = m_link.targetSystem();
    const bool changed = !m_active || m.x != m_last.x || m.y != m_last.y || m.z != m_last.z ||
                         m.r != m_last.r || m.target != m_last.target;
    if (fresh && !changed)
        return; // the same sticks: the steady period sends them
    m_link.sendToPx4(m);
    ++m_sent;
    m_last = m;
    if (fresh) {
        m_link.manualControlWritten(m_pilot.sampleNs, steadyNowNs());
        // The next one a whole period after this one; a periodic send leaves the timer alone
        // (restarting it there would add the handler's delay to every period).
        m_timer->start();
    }
    if (!m_active) {
        m_active = true;
        m_link.manualControlActive(true);
        const QString hz = QString::number(1000 / std::max(1, m_intervalMs));
        m_link.raise(
            QStringLiteral("px4gcs.manual_control_started"), Severity::Info,
            QStringLiteral("MANUAL_CONTROL to PX4 at %1 Hz from %2")
                .arg(hz, m_pilot.deviceName.isEmpty() ? QStringLiteral("the pilot's controls")
                                                      : m_pilot.deviceName),
            m_pilot.deviceName.isEmpty() ? QStringList{hz} : QStringList{hz, m_pilot.deviceName});
    }
}

void ManualControlSender::stop(const QString &why, const QStringList &reason)
{
    if (m_timer)
        m_timer->stop();
    m_active = false;
    ++m_stops;
    m_link.manualControlActive(false);
    m_link.raise(QStringLiteral("px4gcs.manual_control_stopped"), Severity::Info,
                 QStringLiteral("MANUAL_CONTROL stopped: %1; PX4's manual-control-loss failsafe "
                                "decides")
                     .arg(why),
                 reason);
}

void ManualControlSender::pilotActions(std::uint32_t pressed)
{
    struct Action
    {
        std::uint32_t bit;
        const char *name;
        void (Link::*fn)();
    };
    static const Action kActions[] = {
        {PilotLand, "land", &Link::land},
        {PilotReturn, "return", &Link::returnToLaunch},
        {PilotHold, "hold", &Link::hold},
        {PilotModePosition, "Position mode", &Link::position},
        {PilotModeAltitude, "Altitude mode", &Link::altitude},
        {PilotModeStabilized, "Stabilized mode", &Link::stabilized},
        {PilotModeManual, "Manual mode", &Link::manual},
    };
    // The names are the Pilot panel's for the mapped buttons: the window shows them translated.
    auto note = [this](const char *name) {
        ++m_pilotActions;
        m_link.raise(QStringLiteral("px4gcs.pilot_action"), Severity::Info,
                     QStringLiteral("pilot's button: %1").arg(QLatin1String(name)),
                     {QLatin1String(name)});
    };
    // Disarm before arm: both at once (a mapping error) must not leave the motors running.
    if (pressed & PilotDisarm) {
        note("disarm");
        m_link.arm(false);
    } else if (pressed & PilotArm) {
        note("arm");
        m_link.arm(true);
    }
    if (pressed & PilotTakeoff) {
        note("take off");
        m_link.takeoff(std::isfinite(m_takeoffAltitudeM) ? m_takeoffAltitudeM : std::nan(""));
    }
    for (const Action &a : kActions)
        if (pressed & a.bit) {
            note(a.name);
            (m_link.*a.fn)();
        }
}

void ManualControlSender::tick()
{
    const qint64 now = m_link.elapsedMs();
    if (now - m_rateWindowMs >= kHzWindowMs) {
        m_hz = double(m_sent - m_rateWindowSent) * 1000.0 / double(now - m_rateWindowMs);
        m_rateWindowMs = now;
        m_rateWindowSent = m_sent;
    }
}

PilotForwardingState ManualControlSender::forwarding() const
{
    PilotForwardingState st;
    st.active = m_active;
    st.hz = std::round(m_hz * 10) / 10;
    st.sent = m_sent;
    return st;
}

void ManualControlSender::addCounters(QJsonObject &c) const
{
    const PilotForwardingState f = forwarding(); // the same figures the window reads
    c.insert(QStringLiteral("manual_control_active"), f.active);
    c.insert(QStringLiteral("manual_control_sent"), f.sent);
    c.insert(QStringLiteral("manual_control_hz"), f.hz);
    c.insert(QStringLiteral("manual_control_stops"), m_stops);
    c.insert(QStringLiteral("pilot_actions"), m_pilotActions);
    c.insert(QStringLiteral("bad_pilot_input"), m_badPilot);
}

} // namespace hil
