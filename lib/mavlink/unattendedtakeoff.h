#pragma once
// UnattendedTakeoff: arms PX4 and takes off without an operator (`--px4-takeoff ALT`, the
// link's takeoffAltitudeM). Once PX4 reports ready (heartbeat, pre-arm checks passing where PX4
// reports them, 3-D GPS fix and a home altitude) it arms, then takes off to that height above
// home — once per run. A refused or unanswered arm or take-off waits kRetryMs and starts again
// from the readiness check; after kMaxAttempts arming attempts it gives up with one event.
//
// Events (the link's, "px4gcs.<what>"): auto_takeoff (Info), auto_takeoff_given_up (Warning).
//
// Thread: a plain part of GcsLink, living in the link's thread and stepped on its tick. Units:
// metres, ms.

#include "core/event.h"

#include <QString>
#include <QStringList>

namespace hil {

struct Px4Status;

class UnattendedTakeoff
{
public:
    /// A command's latest outcome as the take-off sees it.
    enum class Outcome { Pending, Accepted, Failed };

    /// What the take-off uses of the link that owns it (GcsLink; a test can stand in). Called in
    /// the link's thread.
    class Link
    {
    public:
        /// The link's clock (ms, steady).
        virtual qint64 elapsedMs() const = 0;
        virtual Px4Status px4Status() const = 0;
        /// The latest outcome of a MAV_CMD sent (Pending while in flight or never sent).
        virtual Outcome commandOutcome(int command) const = 0;
        virtual void arm(bool on) = 0;
        virtual void takeoff(double heightM) = 0;
        /// One of the link's events (Worker::raiseEvent).
        virtual void raise(const QString &id, Severity severity, const QString &text,
                           const QStringList &args) = 0;

    protected:
        ~Link() = default;
    };

    static constexpr int kRetryMs = 2000, kMaxAttempts = 10;

    /// altitudeM: the height above home; not finite: no unattended take-off.
    UnattendedTakeoff(Link &link, double altitudeM);

    /// The link opened: wait for PX4 to be ready (when a height is set).
    void start();
    /// One step, on the link's tick.
    void tick();

private:
    enum class State { Off, WaitReady, Arming, TakingOff, Done };
    Link &m_link;
    const double m_altitudeM;
    State m_state = State::Off;
    qint64 m_nextMs = 0;
    int m_attempts = 0;
};

} // namespace hil
