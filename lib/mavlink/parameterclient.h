#pragma once
// ParameterClient: the ground station link's side of the MAVLink parameter protocol with PX4 (the
// part QGroundControl's ParameterManager plays). request() reads one parameter by name
// (PARAM_REQUEST_READ → PARAM_VALUE), set() writes one (PARAM_SET → PARAM_VALUE), each resent
// every retryMs until answered, attempts times in all, then timed out; the answer comes through
// Link::paramDone (GcsLink's paramFinished) and param(). A PARAM_VALUE nobody asked for (PX4
// announcing a change, or the answer to a resend already settled) updates what is known.
//
// The rig check (commissioning): requestRig() (re)reads rigParamNames() — SYS_HITL,
// SYS_AUTOSTART, COM_RC_IN_MODE, and on PX4's serial link (HITL) SYS_USB_AUTO — with the same
// retries; counters "params" holds each one PX4 answered in this read (numbers), and once none is
// pending any that were not answered are named in "params_missing".
// Why SYS_USB_AUTO and not a MAV_x_RATE for the USB port's data rate (docs/px4-parameters.md):
// PX4 streams HIL_ACTUATOR_CONTROLS on a MAVLink instance only when its data rate is above
// 5000 B/s (Mavlink::set_hil_enabled, PX4 src/modules/mavlink/mavlink_main.cpp). The USB
// instance is started by PX4's cdcacm_autostart driver ("mavlink start -d /dev/ttyACM0 -m
// MAV_USB_MODE", no -r) and Mavlink::task_main gives a /dev/ttyACM instance without -r a fixed
// 800000 B/s: no parameter holds that rate. MAV_x_RATE (default 1200 B/s on instance 0) applies
// only to the instances MAV_x_CONFIG puts on a TELEM port or Ethernet. What a parameter decides is
// whether MAVLink runs on USB at all: SYS_USB_AUTO 0 none, 1 once a HEARTBEAT arrives, 2 always
// (PX4's default). Hence counters "usb_mavlink" (serial link only): rate_bps 800000 or 0,
// hil_min_rate_bps 5000, ok (null while SYS_USB_AUTO is unknown).
//
// Counters: params_requested, params_received, params_rejected, params_timed_out, and the rig
// check's above. Events (the link's, "px4gcs.<what>"): param_received (Info), param_rejected,
// param_timed_out (Warning).
//
// Thread: a plain part of GcsLink, living in the link's thread and driven from it (tick() on the
// link's timer, received() for each PARAM_VALUE); param() is thread-safe. Units: ms; values as
// PX4 holds them (integers decoded from PX4's bytewise form).

#include "core/event.h"
#include "mavlink/messages.h"

#include <QJsonObject>
#include <QMap>
#include <QMutex>
#include <QString>
#include <QStringList>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>

namespace hil {

/// One parameter's latest exchange with PX4. Plain value.
struct Px4Param
{
    enum class State { None, Pending, Received, Rejected, TimedOut };
    QString name;
    State state = State::None;   ///< None: never asked
    double value = std::nan(""); ///< as PX4 holds it (integers decoded from PX4's bytewise form)
    int type = 0;                ///< MAV_PARAM_TYPE as PX4 sent it (6 INT32, 9 REAL32)
    QString text;                ///< one line: "1", "timed out (no answer after 3 attempts)", ...
    quint64 serial = 0;          ///< grows with every request
};

class ParameterClient
{
public:
    /// What the client uses of the link that owns it (GcsLink; a test can stand in). Called in
    /// the link's thread.
    class Link
    {
    public:
        /// The link's clock (ms, steady).
        virtual qint64 elapsedMs() const = 0;
        /// PX4's system id as heard, 1 before: the target of what is sent.
        virtual std::uint8_t targetSystem() const = 0;
        virtual void sendToPx4(const mavlink::ParamRequestRead &m) = 0;
        virtual void sendToPx4(const mavlink::ParamSet &m) = 0;
        /// One of the link's events (Worker::raiseEvent).
        virtual void raise(const QString &id, Severity severity, const QString &text,
                           const QStringList &args) = 0;
        /// A read or write finished (state: Px4Param::State).
        virtual void paramDone(const QString &name, int state, double value, int type,
                               const QString &text) = 0;

    protected:
        ~Link() = default;
    };

    /// serialLink: PX4's serial link (HITL), whose rig check reads SYS_USB_AUTO too.
    ParameterClient(Link &link, int retryMs, int attempts, bool serialLink);

    /// COM_RC_IN_MODE: whether PX4 takes MANUAL_CONTROL from a ground station.
    static const QString kRcInMode;

    /// The parameters requestRig() reads: SYS_HITL, SYS_AUTOSTART, COM_RC_IN_MODE; on PX4's
    /// serial link (HITL) also SYS_USB_AUTO.
    static QStringList rigParamNames(bool serialLink);
    /// PX4's USB MAVLink instance's data rate, fixed in PX4 (B/s), and what HIL streaming needs:
    /// more than kHilMinRateBps (Mavlink::set_hil_enabled). See the header comment.
    static constexpr int kUsbMavlinkRateBps = 800000, kHilMinRateBps = 5000;

    /// A parameter's latest read or write (State::None when never asked). Thread-safe.
    Px4Param param(const QString &name) const;

    /// Reads one parameter by name (≤ 16 ASCII characters).
    void request(const QString &name);
    /// Writes one parameter (type: MAV_PARAM_TYPE, PX4 uses 6 INT32 and 9 REAL32); answered
    /// with the value PX4 then holds (Rejected when it kept another).
    void set(const QString &name, double value, int type);
    /// Reads the rig check's parameters (rigParamNames()) again.
    void requestRig();

    /// A PARAM_VALUE from PX4; returns its name and value.
    struct Value
    {
        QString name;
        double value = 0;
    };
    Value received(const mavlink::ParamValue &v);
    /// Resends the unanswered, gives up after the last attempt.
    void tick();
    /// The link closed: whatever is pending is not answered.
    void close();

    /// The rig check's parameters as counters "params", "params_missing" and "usb_mavlink"
    /// hold them (see the header comment), typed. The link's thread.
    struct RigParams
    {
        bool read = false;              ///< requestRig() ran (else the rest is empty)
        QMap<QString, double> answered; ///< by name, as PX4 holds them, in the latest read
        QStringList missing;            ///< not answered, once none of the read is pending
        struct UsbMavlink
        {
            std::optional<int> rateBps; ///< kUsbMavlinkRateBps or 0; nullopt: unknown
            int hilMinRateBps = kHilMinRateBps;
            std::optional<bool> ok; ///< HIL streams on USB; nullopt while SYS_USB_AUTO unknown
        };
        std::optional<UsbMavlink> usb; ///< PX4's serial link only
    };
    RigParams rigParams() const;
    /// Adds this client's counters (see the header comment).
    void addCounters(QJsonObject &c) const;

private:
    struct Pending
    {
        bool write = false;
        double value = 0;
        std::uint8_t type = 0;
        int attempts = 0;
        qint64 sentMs = 0;
    };
    void start(const QString &name, const Pending &p, const QString &text);
    void transmit(const QString &name, Pending &p);
    /// eventArgs: the event's args (C locale), as the catalogue's entry for the state expects.
    void finish(const QString &name, Px4Param::State state, double value, int type,
                const QString &text, const QStringList &eventArgs);

    Link &m_link;
    const int m_retryMs, m_attempts;
    const bool m_serialLink;
    std::map<QString, Pending> m_pending;
    mutable QMutex m_mutex;               // guards m_params
    std::map<QString, Px4Param> m_params; // guarded by m_mutex
    quint64 m_serial = 0;
    QStringList m_rigParams; // the latest rig read's names
    quint64 m_rigSerial = 0; // m_serial before that read: answers to it are newer
    qint64 m_requested = 0, m_received = 0, m_timedOut = 0, m_rejected = 0;
};

} // namespace hil
