#pragma once
// GcsLink: a ground station's MAVLink link to PX4 (the role QGroundControl plays), worker
// "px4gcs". UDP: binds 127.0.0.1 on an ephemeral port (or a given one), sends our HEARTBEAT as a
// GCS (type 6 MAV_TYPE_GCS, autopilot 8 INVALID) once a second to PX4's GCS port, and PX4 answers
// to the address it last heard from. PX4 SITL instance i listens on UDP 18570 + i.
//
// Decodes HEARTBEAT (armed = base_mode bit 7, PX4 custom_mode main/sub mode by name),
// EXTENDED_SYS_STATE (landed state), SYS_STATUS (battery, sensor health), GPS_RAW_INT (fix,
// satellites), GLOBAL_POSITION_INT (altitude above home, home altitude), STATUSTEXT (an event
// with its severity), COMMAND_ACK and PARAM_VALUE. Sends COMMAND_LONG (arm/disarm 400, takeoff 22,
// land 21, return 20, DO_SET_MODE 176 with PX4's custom modes Hold, Position, Altitude,
// Stabilized, Manual), each retried
// until answered: the result is accepted, denied with PX4's reason (the warning PX4 sent with
// the refusal), or timed out.
//
// The pilot's sticks (pilotIn, PilotControls from the input link): while the latest controls
// are active, MANUAL_CONTROL goes to PX4 every manualControlIntervalMs (50 Hz) and at once when
// they change, in PX4's receiver's conventions (x pitch forward +, y roll right +, r yaw right +,
// each ±1000; z throttle 0..1000, 500 = centre; buttons 0: the buttons act through commands).
// Controls with active=false (device lost, samples stale) stop it at once — the last stick is
// never repeated — with one event, and PX4's own manual-control-loss failsafe takes over. So does
// silence: no controls for pilotStaleMs (the input link stopped, its thread stalled). Newly
// pressed PilotAction bits become the commands below (PilotStop is the motion link's).
//
// Parameters (MAVLink parameter protocol): requestParam() reads one by name (PARAM_REQUEST_READ
// → PARAM_VALUE), setParam() writes one (PARAM_SET → PARAM_VALUE), each retried like a command,
// answered asynchronously (paramFinished, param()). Once PX4 is heard the link reads
// COM_RC_IN_MODE and publishes whether PX4 takes MANUAL_CONTROL from a ground station
// (Px4Status::rcInMode, px4::rcInModeVerdict()).
//
// The rig check (commissioning): requestRigParams() (re)reads rigParamNames() — SYS_HITL,
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
// Pre-arm state: SYS_STATUS's MAV_SYS_STATUS_PREARM_CHECK bit (present and healthy: ok; present
// and not healthy: failing; not present: unknown) with the latest ≤ 5 distinct reasons PX4 gave
// in STATUSTEXT ("Preflight Fail: ...", "Arming denied: ...", PX4's health_and_arming_checks and
// commander), cleared when the checks pass: counters "prearm": {"ok": bool or null, "reasons"}.
//
// Unattended take-off (takeoffAltitudeM set, `--px4-takeoff ALT`): once PX4 reports ready
// (heartbeat, pre-arm checks passing where PX4 reports them, 3-D GPS fix and a home altitude)
// it arms, then takes off to that height above home — once per run.
//
// Events (ids for code and tests; the English texts are for people and events.log): the
// link's own are "px4gcs.<what>" — opened, px4_heard, armed/disarmed, mode, landed_state,
// command_accepted, auto_takeoff, manual_control_started, manual_control_stopped, pilot_action,
// param_received, rc_in_mode (Info; rc_in_mode Warning when PX4 would ignore the sticks);
// px4_silent, command_denied, command_timed_out, bad_datagram, auto_takeoff_given_up,
// param_timed_out, param_rejected, bad_pilot_input (Warning). PX4's own words, STATUSTEXT, are
// "px4.statustext" with PX4's severity (px4::statusTextSeverity(), mavlink/px4names.h).
//
// On PX4's serial link (HITL, `--px4 serial:...`): no UDP socket. The PX4 link owns the port and
// hands this link PX4's frames for it (deliver()); what this link sends leaves through
// frameToSend for the PX4 link to write (config.viaPx4Link). Everything else is the same.
//
// Recording (mavlink.tlog): over UDP every frame both ways goes out through mavlinkFrame, those of
// messages the codec does not know too; over PX4's serial port the PX4 link records them instead.
//
// Thread: its own worker thread; status() and lastResult() are thread-safe snapshots; the
// command slots are called queued (QMetaObject::invokeMethod). Units: SI, degrees for modes'
// angles none; altitudes in metres.

#include "core/worker.h"
#include "mavlink/codec.h"
#include "mavlink/mavlinkdemux.h"
#include "mavlink/messages.h"
#include "mavlink/px4names.h"
#include "model/pilot.h"

#include <QElapsedTimer>
#include <QHash>
#include <QHostAddress>
#include <QMutex>
#include <QStringList>
#include <array>
#include <cmath>
#include <map>

class QTimer;
class QUdpSocket;

namespace hil {

struct GcsLinkConfig
{
    QString host = QStringLiteral("127.0.0.1");
    quint16 port = 18570;      ///< PX4's GCS MAVLink port (18570 + instance)
    quint16 localPort = 0;     ///< 0: an ephemeral port
    std::uint8_t sysId = 255;  ///< a ground station's usual system id
    std::uint8_t compId = 190; ///< MAV_COMP_ID_MISSIONPLANNER
    int heartbeatIntervalMs = 1000;
    int commandRetryMs = 1000;              ///< resend a command unanswered this long...
    int commandAttempts = 3;                ///< ...this many times in all, then: timed out
    int peerSilentMs = 3000;                ///< no heartbeat this long: PX4 gone
    double takeoffAltitudeM = std::nan(""); ///< finite: arm and take off once ready
    int manualControlIntervalMs = 20;       ///< MANUAL_CONTROL period while the sticks are live
    /// No PilotControls this long while active: the input link stopped or stalls (it sends every
    /// reading, ≥ 50 Hz): stop as for active=false. 0: never.
    int pilotStaleMs = 500;
    int paramRetryMs = 1000;  ///< resend an unanswered parameter read/write...
    int paramAttempts = 3;    ///< ...this many times in all, then: timed out
    bool readRcInMode = true; ///< read COM_RC_IN_MODE once PX4 is heard
    /// true: no socket; frames come through deliver() and go out through frameToSend (PX4 on a
    /// serial port the PX4 link owns).
    bool viaPx4Link = false;
};

/// PX4 as its GCS stream shows it. Plain value.
struct Px4Status
{
    bool connected = false; ///< a heartbeat within peerSilentMs
    std::uint8_t systemId = 0;
    bool armed = false;
    std::uint8_t baseMode = 0;
    std::uint32_t customMode = 0;
    std::uint8_t systemStatus = 0; ///< MAV_STATE
    QString mode;                  ///< e.g. "Position", "Takeoff", "Hold"
    int landedState = 0;           ///< MAV_LANDED_STATE
    double batteryVoltageV = std::nan("");
    int batteryRemainingPct = -1;
    std::uint32_t sensorsPresent = 0, sensorsEnabled = 0, sensorsHealth = 0;
    int gpsFixType = 0;
    int satellites = -1;
    double relativeAltitudeM = std::nan(""); ///< above home
    double homeAltitudeAmslM = std::nan("");
    /// COM_RC_IN_MODE as PX4 answered it, −1 before; and the one-line verdict
    /// (px4::rcInModeVerdict()), empty before.
    int rcInMode = -1;
    QString rcInModeVerdict;
    bool manualControlActive = false; ///< MANUAL_CONTROL is being sent
    QStringList statusTexts;          ///< the latest last, at most kMaxTexts, "severity: text"
    static constexpr int kMaxTexts = 20;
    /// SYS_STATUS's pre-arm check bit: −1 not reported (no SYS_STATUS yet, or the bit not
    /// present), 0 failing, 1 passing.
    int prearmOk = -1;
    /// PX4's latest distinct pre-flight/pre-arm failure texts, the latest last, at most
    /// kMaxPrearmReasons; cleared when the checks pass.
    QStringList prearmReasons;
    static constexpr int kMaxPrearmReasons = 5;
};

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

class GcsLink : public Worker
{
    Q_OBJECT
public:
    enum class Result { Pending, Accepted, Denied, TimedOut };
    struct CommandOutcome
    {
        int command = 0;
        Result result = Result::Pending;
        int mavResult = -1; ///< MAV_RESULT as PX4 sent it
        QString text;       ///< one line for the window: "accepted", "denied: <reason>", ...
        quint64 serial = 0; ///< which sending this is (grows with every sendCommand)
    };

    explicit GcsLink(const GcsLinkConfig &config = {}, QObject *parent = nullptr);
    ~GcsLink() override;

    /// Thread-safe snapshots.
    Px4Status status() const;
    /// The latest outcome of a command (Pending while in flight); command 0 if never sent.
    CommandOutcome lastResult(int command) const;
    /// A parameter's latest read or write (State::None when never asked). Thread-safe.
    Px4Param param(const QString &name) const;
    /// The bound local UDP port (0 before start). Thread-safe.
    quint16 localPort() const { return m_boundPort.load(); }

    /// The parameters requestRigParams() reads: SYS_HITL, SYS_AUTOSTART, COM_RC_IN_MODE; on PX4's
    /// serial link (viaPx4Link, HITL) also SYS_USB_AUTO.
    static QStringList rigParamNames(bool serialLink);
    /// PX4's USB MAVLink instance's data rate, fixed in PX4 (B/s), and what HIL streaming needs:
    /// more than kHilMinRateBps (Mavlink::set_hil_enabled). See the header comment.
    static constexpr int kUsbMavlinkRateBps = 800000, kHilMinRateBps = 5000;
    /// True when STATUSTEXT is PX4 naming a pre-flight/pre-arm failure ("Preflight Fail: ...",
    /// "Arming denied: ...", any case).
    static bool isPrearmFailureText(const QString &text);

    /// Reads the rig check's parameters (rigParamNames()) again, each retried like
    /// requestParam(); results in counters "params" / "params_missing". In the link's thread:
    /// call it through hil::postTo from any other.
    Q_INVOKABLE void requestRigParams();

    // The MAV_CMD numbers sent here (their names and PX4's modes: mavlink/px4names.h).
    static constexpr int kCmdArm = px4::kCmdArm, kCmdTakeoff = px4::kCmdTakeoff,
                         kCmdLand = px4::kCmdLand, kCmdReturn = px4::kCmdReturn,
                         kCmdSetMode = px4::kCmdSetMode;

public slots:
    void arm(bool on);
    /// Climbs to heightM above home (sent as an altitude above mean sea level once home is known;
    /// before that PX4's own take-off altitude).
    void takeoff(double heightM);
    void land();
    void returnToLaunch();
    void hold();
    void position();
    void altitude();
    void stabilized();
    void manual();
    /// pilotIn: the pilot's latest controls (queued from the input link's thread).
    void pilotControls(const hil::PilotControls &controls);
    /// Reads one parameter by name (≤ 16 characters); the answer comes as paramFinished.
    void requestParam(const QString &name);
    /// Writes one parameter (type: MAV_PARAM_TYPE, PX4 uses 6 INT32 and 9 REAL32); answered
    /// with the value PX4 then holds (Rejected when it kept another).
    void setParam(const QString &name, double value, int type);
    /// Any COMMAND_LONG (seven params), retried and answered like the ones above.
    void sendCommand(int command, const std::array<float, 7> &params);
    /// viaPx4Link: one frame from PX4 (queued from the PX4 link's thread).
    void deliver(const hil::mavlink::MavlinkPacket &packet);

signals:
    /// A command finished (accepted, denied, timed out). Queued to other threads.
    void commandFinished(int command, int result, const QString &text);
    /// A STATUSTEXT from PX4.
    void statusTextReceived(int severity, const QString &text);
    /// viaPx4Link: a frame for PX4, for the PX4 link to write to the port.
    void frameToSend(const hil::mavlink::MavlinkPacket &packet);
    /// A parameter read or write finished (state: Px4Param::State). Queued to other threads.
    void paramFinished(const QString &name, int state, double value, int type, const QString &text);
    /// A MANUAL_CONTROL for new controls left: their sample time and the time just after the
    /// write, steady clock ns (model/clock.h). For measurements; emitted in the link's thread.
    void manualControlSent(qint64 sampleNs, qint64 sentNs);
    /// UDP only (not viaPx4Link, where the PX4 link records the port): every frame received from
    /// PX4 (those the codec does not know too) and every frame sent, as on the wire, with the
    /// UNIX time in µs (received: when the datagram was read), for mavlink.tlog. Emitted in the
    /// link's thread, and only while something is connected to it.
    void mavlinkFrame(const QByteArray &wire, qint64 unixUs);

protected:
    bool open(QString *error) override;
    void close() override;
    QJsonObject collectCounters() const override;

private:
    struct Pending
    {
        std::array<float, 7> params{};
        int attempts = 0;
        qint64 sentMs = 0;
        bool acked = false; ///< non-accepted ACK received, waiting briefly for PX4's reason
        qint64 ackedMs = 0;
        int mavResult = -1;
    };
    void onReadyRead();
    void parse(const char *data, std::size_t n);
    bool recording() const;
    void onTick();
    void handle(const mavlink::Frame &f);
    void transmit(int command, Pending &p);
    void finish(int command, Result r, int mavResult, const QString &reason);
    void autoTakeoff();
    void sendManualControl(bool fresh);
    /// why: for events.log; reason: the event's args, a reason word first (link_closed,
    /// not_finite, inactive, stale + seconds) that picks the window's sentence.
    void stopManualControl(const QString &why, const QStringList &reason);
    void pilotActions(std::uint32_t pressed);
    void setMode(int main, int sub);
    struct ParamPending
    {
        bool write = false;
        double value = 0;
        std::uint8_t type = 0;
        int attempts = 0;
        qint64 sentMs = 0;
    };
    void transmitParam(const QString &name, ParamPending &p);
    /// eventArgs: the event's args (C locale), as the catalogue's entry for the state expects.
    void finishParam(const QString &name, Px4Param::State state, double value, int type,
                     const QString &text, const QStringList &eventArgs);
    void onParamValue(const mavlink::ParamValue &v);
    template <typename M> void send(const M &msg);

    GcsLinkConfig m_config;
    QUdpSocket *m_socket = nullptr;
    bool m_open = false; ///< between open() and close(): commands are accepted
    QTimer *m_tick = nullptr;
    QHostAddress m_peer;
    std::atomic<quint16> m_boundPort{0};
    mavlink::StreamParser m_parser;
    qint64 m_recordUs = 0; ///< while a datagram is parsed: its time when recorded, else 0
    QElapsedTimer m_clock;
    qint64 m_lastHeartbeatSentMs = -1000000;
    qint64 m_lastHeartbeatMs = -1000000;
    std::uint8_t m_seq = 0;
    std::map<int, Pending> m_pending;
    QHash<int, QString> m_chunks; // STATUSTEXT chunks by id, until the last one
    QString m_lastWarning;        // latest STATUSTEXT at warning severity or worse
    qint64 m_lastWarningMs = -1000000;

    mutable QMutex m_mutex; // guards m_status and m_results
    Px4Status m_status;
    std::map<int, CommandOutcome> m_results;
    quint64 m_serial = 0;

    enum class Auto { Off, WaitReady, Arming, TakingOff, Done };
    Auto m_auto = Auto::Off;
    qint64 m_autoNextMs = 0;
    int m_autoAttempts = 0;

    // The sticks: the latest controls, whether MANUAL_CONTROL is being sent, its timer.
    PilotControls m_pilot;
    qint64 m_lastPilotMs = 0;
    bool m_manualActive = false;
    QTimer *m_manualTimer = nullptr;
    mavlink::ManualControl m_lastManual;
    std::map<QString, ParamPending> m_paramPending;
    std::map<QString, Px4Param> m_params; // guarded by m_mutex
    QStringList m_rigParams;              // the latest rig read's names (link thread only)
    quint64 m_rigSerial = 0;              // m_serial before that read: answers to it are newer
    qint64 m_manualSent = 0, m_manualStops = 0, m_pilotActions = 0, m_badPilot = 0;
    qint64 m_rateWindowMs = 0, m_rateWindowSent = 0;
    double m_manualHz = 0;
    qint64 m_paramsRequested = 0, m_paramsReceived = 0, m_paramsTimedOut = 0, m_paramsRejected = 0;

    qint64 m_sent = 0, m_received = 0, m_heartbeats = 0, m_statusTexts = 0, m_commandsSent = 0,
           m_acks = 0, m_accepted = 0, m_denied = 0, m_timedOut = 0, m_badDatagrams = 0;
};

} // namespace hil

Q_DECLARE_METATYPE(hil::Px4Status)
