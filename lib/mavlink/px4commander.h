#pragma once
// Px4Commander: the PX4 stand-in's commander, what PX4 decides on a ground station's word (the
// part PX4's commander and its parameters play). It holds the flight mode (PX4's custom main and
// sub mode, Hold at boot), arming, home, the sticks and their loss failsafe, the pre-arm state
// and the parameters that steer them; it flies through the stand-in's QuadHoverController. The
// stand-in (Px4Emulator) hands it every frame from the ground station and sends what it answers.
//
// Commands: COMMAND_LONG arm/disarm, takeoff, land, return (lands here) and DO_SET_MODE (Hold,
// Position, Altitude, Stabilized, Manual; anything else is denied) answered with COMMAND_ACK, a
// refusal preceded by a STATUSTEXT with the reason, as PX4 does.
//
// Sticks, like PX4: MANUAL_CONTROL (target 0 or 1) flies it in Position, Altitude, Stabilized
// and Manual (flown as Stabilized) — QuadHoverController's stick modes — when COM_RC_IN_MODE lets
// a ground station's sticks in (not 0 RC only, not 4 disabled: the stand-in has no RC). Those
// modes are refused without fresh sticks ("no manual control input"). Manual-control loss as
// PX4 with its default parameters: no MANUAL_CONTROL for COM_RC_LOSS_T (0.5 s) after sticks were
// seen while armed, outside the modes COM_RCL_EXCEPT excludes (bit 1 Hold) and outside Return/
// Land, is a Hold for COM_FAIL_ACT_T (5 s; sticks back in that time restore the pilot's mode),
// then NAV_RCL_ACT's action — 2 Return (PX4's default; the stand-in lands where it is), 1 Hold,
// 3 Land — each with PX4's STATUSTEXT ("Failsafe activated: entering Hold for 5 seconds", then
// "Failsafe activated"). COM_RC_LOSS_T is wall time, as in PX4 (Link::elapsedMs()).
//
// Parameters: PARAM_REQUEST_READ by name or index and PARAM_SET answered with PARAM_VALUE for a
// few of PX4's (COM_RC_IN_MODE 1 as PX4's SITL start script sets it, COM_RC_LOSS_T, NAV_RCL_ACT,
// COM_RCL_EXCEPT, COM_FAIL_ACT_T, SYS_HITL, SYS_AUTOSTART, MIS_TAKEOFF_ALT), integers bytewise as
// PX4 sends them; an unknown name gets no answer (the asker times out). On a board (serial mode)
// also SYS_USB_AUTO 2 (PX4's default: MAVLink on USB). setParam() changes, adds or (NaN) removes
// one.
//
// Pre-arm: prearmFailing() while setPrearmFailure() has a reason: PX4's "Preflight Fail:
// <reason>" STATUSTEXT (critical) goes out at once and before each refused arming, and arming is
// denied ("Arming denied: resolve health failures first").
//
// Counters: gcs_commands, manual_control_received, manual_control_ignored, manual_control_last
// (x, y, z, r as received), manual_control_losses, param_answers. Events (the stand-in's,
// "emulator.px4.<what>"): armed, disarmed (by the ground station), param_set,
// manual_control_lost (Info).
//
// Thread: a plain part of Px4Emulator, living in the stand-in's thread and driven from it.
// Units: metres, ms; sticks as MANUAL_CONTROL has them (±1000, throttle 0..1000).

#include "core/event.h"
#include "mavlink/codec.h"
#include "mavlink/messages.h"

#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>
#include <array>
#include <cstdint>
#include <utility>

namespace hil {

namespace mavlink {
class QuadHoverController;
}

class Px4Commander
{
public:
    /// What the commander uses of the stand-in that owns it (Px4Emulator). Called in the
    /// stand-in's thread.
    class Link
    {
    public:
        /// Wall time since the stand-in opened (ms, steady).
        virtual qint64 elapsedMs() const = 0;
        /// The latest HIL_GPS's altitude above mean sea level (m): home when it arms.
        virtual double gpsAltitudeAmslM() const = 0;
        /// To the ground station (whoever sent last, or the serial port).
        virtual void sendToGcs(const mavlink::CommandAck &m) = 0;
        virtual void sendToGcs(const mavlink::ParamValue &m) = 0;
        virtual void sendToGcs(const mavlink::StatusText &m) = 0;
        /// One of the stand-in's events (Worker::raiseEvent).
        virtual void raise(const QString &id, Severity severity, const QString &text,
                           const QStringList &args) = 0;

    protected:
        ~Link() = default;
    };

    /// board: the stand-in plays a board on a serial port (HITL), whose parameters differ.
    Px4Commander(Link &link, mavlink::QuadHoverController &controller, bool board);

    /// A frame from the ground station: COMMAND_LONG, MANUAL_CONTROL, PARAM_REQUEST_READ and
    /// PARAM_SET are answered or acted on, the rest ignored.
    void handle(const mavlink::Frame &f);
    /// Before each sensor step: the sticks' loss failsafe.
    void checkManualLoss();
    /// The controller armed or disarmed by itself (autoArm's arming, a landing's disarm).
    /// autoTakeoff: it arms to take off (the Takeoff mode shown).
    void armedChanged(bool armed, bool autoTakeoff);
    /// On the status tick: disarmed, the mode goes back to Hold (PX4's mode at boot).
    void statusTick();

    /// HEARTBEAT's custom_mode: main mode << 16 | sub mode << 24.
    std::uint32_t customMode() const;
    /// Home's altitude above mean sea level (m), latched when it armed.
    double homeAmslM() const { return m_homeAmslM; }
    bool prearmFailing() const { return !m_prearmFailure.isEmpty(); }

    /// Sets (adds) a parameter as PX4 would hold it (an integral value as INT32, else REAL32, or
    /// the type it has); NaN removes it, so reads of it go unanswered.
    void setParam(const QString &name, double value);
    /// A pre-arm check failing with this reason (empty: passing again).
    void setPrearmFailure(const QString &reason);

    void addCounters(QJsonObject &c) const;

private:
    void handleCommand(const mavlink::CommandLong &c);
    void sendParam(const QString &name);
    void manualLossAction();
    bool sticksFresh() const;
    void applyStickMode();
    void statusText(int severity, const QString &text);

    Link &m_link;
    mavlink::QuadHoverController &m_controller;
    struct Param
    {
        double value;
        std::uint8_t type; // MAV_PARAM_TYPE
    };
    QMap<QString, Param> m_params;
    int m_mainMode = 4, m_subMode = 3; // PX4 custom mode shown: Auto/Hold at boot
    double m_homeAmslM = 0.0;
    QString m_prearmFailure;          // set: the pre-arm checks fail with this reason
    qint64 m_lastSticksMs = -1000000; // the latest MANUAL_CONTROL
    bool m_sticksSeenArmed = false;   // sticks seen while armed: their loss is a failsafe
    qint64 m_lossAtMs = -1;           // in the failsafe's Hold since, −1 not
    std::pair<int, int> m_modeBeforeLoss{4, 3};
    std::array<int, 4> m_lastSticks{}; // the latest MANUAL_CONTROL's x, y, z, r
    qint64 m_gcsCommands = 0, m_manualReceived = 0, m_manualIgnored = 0, m_paramAnswers = 0,
           m_manualLosses = 0;
};

} // namespace hil
