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
// Stabilized, Manual), each retried until answered: the result is accepted, denied with PX4's
// reason (the warning PX4 sent with the refusal), or timed out. Once PX4 is heard the link reads
// COM_RC_IN_MODE and publishes whether PX4 takes MANUAL_CONTROL from a ground station
// (Px4Status::rcInMode, px4::rcInModeVerdict()).
//
// Pre-arm state: SYS_STATUS's MAV_SYS_STATUS_PREARM_CHECK bit (present and healthy: ok; present
// and not healthy: failing; not present: unknown) with the latest ≤ 5 distinct reasons PX4 gave
// in STATUSTEXT ("Preflight Fail: ...", "Arming denied: ...", PX4's health_and_arming_checks and
// commander), cleared when the checks pass: counters "prearm": {"ok": bool or null, "reasons"}.
//
// Its parts, plain classes in the link's thread that it owns and drives: CommandClient (the
// commands, COMMAND_LONG retried until COMMAND_ACK, with PX4's reason for a refusal,
// mavlink/commandclient.h), ParameterClient (the parameter protocol and the rig check's
// parameters, mavlink/parameterclient.h), ManualControlSender (the pilot's sticks as
// MANUAL_CONTROL, the pilot's buttons as commands, mavlink/manualcontrol.h) and UnattendedTakeoff
// (mavlink/unattendedtakeoff.h).
//
// Events (ids for code and tests; the English texts are for people and events.log): the
// link's own are "px4gcs.<what>" — opened, px4_heard, armed/disarmed, mode, landed_state,
// rc_in_mode (Info; Warning when PX4 would ignore the sticks); px4_silent, bad_datagram
// (Warning); its parts' are listed with them. PX4's own words, STATUSTEXT, are "px4.statustext"
// with PX4's severity (px4::statusTextSeverity(), mavlink/px4names.h).
//
// On PX4's serial link (HITL, `--px4 serial:...`): no UDP socket. The PX4 link owns the port and
// hands this link PX4's frames for it (deliver()); what this link sends leaves through
// frameToSend for the PX4 link to write (config.viaPx4Link). Everything else is the same.
//
// Recording (mavlink.tlog): over UDP every frame both ways goes out through mavlinkFrame, those of
// messages the codec does not know too; over PX4's serial port the PX4 link records them instead.
//
// Thread: its own worker thread; status(), lastResult() and param() are thread-safe snapshots;
// the command slots are called queued (QMetaObject::invokeMethod). Units: SI; altitudes in
// metres.

#include "core/worker.h"
#include "mavlink/codec.h"
#include "mavlink/commandclient.h"
#include "mavlink/manualcontrol.h"
#include "mavlink/mavlinkdemux.h"
#include "mavlink/messages.h"
#include "mavlink/parameterclient.h"
#include "mavlink/px4names.h"
#include "mavlink/unattendedtakeoff.h"
#include "model/pilot.h"

#include <QElapsedTimer>
#include <QHash>
#include <QHostAddress>
#include <QMutex>
#include <QStringList>
#include <array>
#include <cmath>

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

/// What the rig check judges PX4's ground-station side by (GcsLink::health()): the rig check's
/// parameter read and the pre-arm checks, copied with the link's counters (10 Hz).
struct Px4GcsHealth
{
    ParameterClient::RigParams params;
    int prearmOk = -1;         ///< Px4Status::prearmOk: −1 not reported, 0 failing, 1 passing
    QStringList prearmReasons; ///< PX4's latest reasons, the latest last
    /// MANUAL_CONTROL from the pilot's controls, with PX4's COM_RC_IN_MODE as it answered.
    PilotForwardingState forwarding;
};

class GcsLink : public Worker,
                private CommandClient::Link,
                private ParameterClient::Link,
                private ManualControlSender::Link,
                private UnattendedTakeoff::Link
{
    Q_OBJECT
public:
    using Result = CommandClient::Result;
    using CommandOutcome = CommandClient::CommandOutcome;

    explicit GcsLink(const GcsLinkConfig &config = {}, QObject *parent = nullptr);
    ~GcsLink() override;

    /// Thread-safe snapshots.
    Px4Status status() const;
    /// The rig check's figures, refreshed with counters(). Never waits.
    Px4GcsHealth health() const { return healthAs<Px4GcsHealth>(); }
    /// The latest outcome of a command (Pending while in flight); command 0 if never sent.
    CommandOutcome lastResult(int command) const;
    /// A parameter's latest read or write (State::None when never asked). Thread-safe.
    Px4Param param(const QString &name) const;
    /// The bound local UDP port (0 before start). Thread-safe.
    quint16 localPort() const { return m_boundPort.load(); }

    /// True when STATUSTEXT is PX4 naming a pre-flight/pre-arm failure ("Preflight Fail: ...",
    /// "Arming denied: ...", any case).
    static bool isPrearmFailureText(const QString &text);

    /// Reads the rig check's parameters (ParameterClient::rigParamNames()) again, each retried
    /// like requestParam(); results in counters "params" / "params_missing". In the link's
    /// thread: call it through hil::postTo from any other.
    Q_INVOKABLE void requestRigParams();

    // The MAV_CMD numbers sent here (their names and PX4's modes: mavlink/px4names.h).
    static constexpr int kCmdArm = px4::kCmdArm, kCmdTakeoff = px4::kCmdTakeoff,
                         kCmdLand = px4::kCmdLand, kCmdReturn = px4::kCmdReturn,
                         kCmdSetMode = px4::kCmdSetMode;

public slots:
    void arm(bool on) override;
    /// Climbs to heightM above home (sent as an altitude above mean sea level once home is known;
    /// before that PX4's own take-off altitude).
    void takeoff(double heightM) override;
    void land() override;
    void returnToLaunch() override;
    void hold() override;
    void position() override;
    void altitude() override;
    void stabilized() override;
    void manual() override;
    /// pilotIn: the pilot's latest controls (queued from the input link's thread); see
    /// ManualControlSender.
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
    std::any collectHealth() const override;

private:
    /// UDP: the peer resolved, the local port bound, its datagrams read by onReadyRead().
    bool openSocket(QString *error);
    void onReadyRead();
    void parse(const char *data, std::size_t n);
    bool recording() const;
    void onTick();
    void handle(const mavlink::Frame &f);
    void setMode(int main, int sub);
    /// COM_RC_IN_MODE heard: Px4Status::rcInMode and its verdict, an event when that changed.
    void onRcInMode(double value);
    template <typename M> void send(const M &msg);

    // What the parts use of the link (their Link interfaces).
    qint64 elapsedMs() const override;
    std::uint8_t targetSystem() const override;
    void sendToPx4(const mavlink::CommandLong &m) override;
    void sendToPx4(const mavlink::ParamRequestRead &m) override;
    void sendToPx4(const mavlink::ParamSet &m) override;
    void sendToPx4(const mavlink::ManualControl &m) override;
    void raise(const QString &id, Severity severity, const QString &text,
               const QStringList &args) override;
    void commandDone(int command, int result, const QString &text) override;
    void paramDone(const QString &name, int state, double value, int type,
                   const QString &text) override;
    void manualControlActive(bool active) override;
    void manualControlWritten(qint64 sampleNs, qint64 sentNs) override;
    Px4Status px4Status() const override;
    UnattendedTakeoff::Outcome commandOutcome(int command) const override;

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
    QHash<int, QString> m_chunks; // STATUSTEXT chunks by id, until the last one

    mutable QMutex m_mutex; // guards m_status
    Px4Status m_status;

    // The parts (their Link is this link).
    CommandClient m_commands;
    ParameterClient m_params;
    ManualControlSender m_manual;
    UnattendedTakeoff m_takeoff;

    qint64 m_sent = 0, m_received = 0, m_heartbeats = 0, m_statusTexts = 0, m_badDatagrams = 0;
};

} // namespace hil

Q_DECLARE_METATYPE(hil::Px4Status)
