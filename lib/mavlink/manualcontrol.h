#pragma once
// ManualControlSender: the pilot's sticks and buttons to PX4 (the part QGroundControl's Joystick
// plays). pilotControls() takes the input link's PilotControls: while the latest controls are
// active, MANUAL_CONTROL goes to PX4 every intervalMs (50 Hz) and at once when they change, in
// PX4's receiver's conventions (x pitch forward +, y roll right +, r yaw right +, each ±1000;
// z throttle 0..1000, 500 = centre; buttons 0: the buttons act through commands). Controls with
// active=false (device lost, samples stale) stop it at once — the last stick is never repeated —
// with one event, and PX4's own manual-control-loss failsafe takes over. So does silence: no
// controls for pilotStaleMs (the input link stopped, its thread stalled). Controls with a
// non-finite axis are never sent (counted in bad_pilot_input, one event) and stop it as well.
//
// Newly pressed PilotAction bits become the link's commands (PilotStop is the motion link's):
// disarm before arm (both at once, a mapping error, must not leave the motors running), take off
// (to the unattended take-off's height when one is set, else PX4's own), land, return, hold and
// the modes Position, Altitude, Stabilized, Manual, each with a pilot_action event.
//
// Counters: manual_control_active, manual_control_sent, manual_control_hz, manual_control_stops,
// pilot_actions, bad_pilot_input. Events (the link's, "px4gcs.<what>"): manual_control_started,
// manual_control_stopped, pilot_action (Info); bad_pilot_input (Warning).
//
// Thread: a plain part of GcsLink, living in the link's thread and driven from it (its period
// timer is created there by open()). Units: the controls as model/pilot.h has them (axes −1..1,
// throttle 0..1); ms; sample times steady-clock ns (model/clock.h).

#include "core/event.h"
#include "mavlink/messages.h"
#include "model/pilot.h"
#include "model/pilotchannels.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <cstdint>

class QObject;
class QTimer;

namespace hil {

class ManualControlSender
{
public:
    /// What the sender uses of the link that owns it (GcsLink; a test can stand in). Called in
    /// the link's thread.
    class Link
    {
    public:
        /// The link's clock (ms, steady).
        virtual qint64 elapsedMs() const = 0;
        /// PX4's system id as heard, 1 before: the target of what is sent.
        virtual std::uint8_t targetSystem() const = 0;
        virtual void sendToPx4(const mavlink::ManualControl &m) = 0;
        /// One of the link's events (Worker::raiseEvent).
        virtual void raise(const QString &id, Severity severity, const QString &text,
                           const QStringList &args) = 0;
        /// MANUAL_CONTROL started (true) or stopped being sent.
        virtual void manualControlActive(bool active) = 0;
        /// A MANUAL_CONTROL for new controls left: their sample time and the time just after the
        /// write (steady-clock ns).
        virtual void manualControlWritten(qint64 sampleNs, qint64 sentNs) = 0;
        // The commands the pilot's buttons give.
        virtual void arm(bool on) = 0;
        /// heightM above home; NaN: PX4's own take-off altitude.
        virtual void takeoff(double heightM) = 0;
        virtual void land() = 0;
        virtual void returnToLaunch() = 0;
        virtual void hold() = 0;
        virtual void position() = 0;
        virtual void altitude() = 0;
        virtual void stabilized() = 0;
        virtual void manual() = 0;

    protected:
        ~Link() = default;
    };

    /// takeoffAltitudeM: the take-off button's height above home (NaN: PX4's own).
    ManualControlSender(Link &link, int intervalMs, int pilotStaleMs, double takeoffAltitudeM);

    /// The link opened: sending may start; timerParent owns the period timer (the link's
    /// thread).
    void open(QObject *timerParent);
    /// The link closes: stops sending (with its event when it was on), drops the timer.
    void close();
    /// The pilot's latest controls.
    void pilotControls(const PilotControls &c);
    /// On the link's tick: manual_control_hz.
    void tick();
    void addCounters(QJsonObject &c) const;
    /// How forwarding goes, typed (stickInputMode left to the link, which knows PX4's answer).
    PilotForwardingState forwarding() const;

private:
    void send(bool fresh);
    /// why: for events.log; reason: the event's args, a reason word first (link_closed,
    /// not_finite, inactive, stale + seconds) that picks the window's sentence.
    void stop(const QString &why, const QStringList &reason);
    void pilotActions(std::uint32_t pressed);

    Link &m_link;
    const int m_intervalMs, m_pilotStaleMs;
    const double m_takeoffAltitudeM;
    bool m_open = false;
    // The latest controls, whether MANUAL_CONTROL is being sent, its timer.
    PilotControls m_pilot;
    qint64 m_lastPilotMs = 0;
    bool m_active = false;
    QTimer *m_timer = nullptr;
    mavlink::ManualControl m_last;
    qint64 m_sent = 0, m_stops = 0, m_pilotActions = 0, m_badPilot = 0;
    qint64 m_rateWindowMs = 0, m_rateWindowSent = 0;
    double m_hz = 0;
};

} // namespace hil
