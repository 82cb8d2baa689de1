#pragma once
// HilLink: the simulator side of PX4's HIL/SITL MAVLink session (docs/protocols/mavlink-px4.md).
// Listens on TCP (default 127.0.0.1:4560), accepts one PX4, feeds it HIL_SENSOR / HIL_GPS /
// HIL_STATE_QUATERNION synthesised from the latest simulator frame, and turns its
// HIL_ACTUATOR_CONTROLS into RealFlight channels.
//
// Lives in its own worker thread (hil::Worker); the socket, server and timers are created in
// open(). Other threads talk to it through the onSimFrame slot and its signals.
//
// Stepping: one step = one HIL_SENSOR (id 0) with time_usec exactly stepIntervalUs (4 ms, PX4's
// 250 Hz) after the previous, plus HIL_GPS at 10 Hz and HIL_STATE_QUATERNION at 50 Hz of that
// clock. PX4's clock is that time_usec: it answers a step with HIL_ACTUATOR_CONTROLS only when
// the step made its controllers run, and it runs them at most at its gyro rate (400 Hz), which
// is why a step is never shorter than 4 ms (shorter, interpolated steps went unanswered).
//  - Without SimFrames (or none for 0.5 s) an internal clock steps at the step rate, using the
//    latest frame (or a vehicle at rest at home).
//  - With SimFrames, RealFlight's uneven physics (4-8 ms a frame) maps onto PX4's grid: a
//    frame is n = max(1, round(Δ / 4 ms)) steps, the last carrying the frame itself and the
//    others interpolated from the previous frame. Every frame reaches PX4; PX4's clock stays
//    within ±2 ms of physics (ahead by at most kMaxLeadUs when frames come faster than 250 Hz).
//    Interpolated steps still queued when the next frame arrives (a peer answering more slowly
//    than 250 steps/s) are skipped, not sent late (interpolated_skipped).
//  - Freewheel until PX4's first HIL_ACTUATOR_CONTROLS; once one arrives with the lockstep flag,
//    exactly one HIL_SENSOR is in flight: the next waits for PX4's answer to it (same
//    time_usec), at most lockstepTimeoutMs (then lockstep_timeouts counts and stepping goes on:
//    a two-sided wait would deadlock). A stall is one event, its end another after kRecoverSteps
//    answered steps in a row ("recovered after N timeouts").
// Events (ids, "px4.<what>"): listening, connected, heartbeat, armed/disarmed,
// actuators_lockstep/actuators_free_running, actuator_map, lockstep_recovered (Info);
// lockstep_stall, disconnected, peer_replaced, connection_refused (Warning).
// time_usec: µs, starts above 0, strictly increasing for the whole session, also across
// simulator resets (an offset re-anchors the physics time) and PX4 reconnects.
//
// Serial mode (config.serial.path set, `--px4 serial:PATH[:BAUD]`): PX4 HITL on a board's USB
// port instead of SITL on TCP. HITL is not lockstep: the board runs on its own clock and stamps
// sensors with it, so every step goes out at the simulator's pace (one HIL_SENSOR per SimFrame,
// none interpolated; the internal clock without frames) and never waits; the answers' flags are
// ignored (in PX4's HITL stream they mark motor outputs, and bit 0 would read as our lockstep
// flag). The port is shared with the ground station: frames for it (mavlink/mavlinkdemux.h) leave
// through gcsFrameReceived, and sendGcsFrame writes the ground station's frames between steps.
// With config.forward (`--px4-forward HOST:PORT`) the board's byte stream is also sent, as read,
// to that UDP address and what comes back is written to the board between steps, as jMAVSim and
// Gazebo do for QGroundControl in HITL (px4.forwarding, Info).
// Port faults: px4.serial_opened (Info); px4.serial_missing, px4.serial_permission,
// px4.serial_locked, px4.serial_error, px4.serial_lost (Warning), each once until the port opens.

#include "core/linkoptions.h"
#include "core/worker.h"
#include "mavlink/actuatormap.h"
#include "mavlink/codec.h"
#include "mavlink/mavlinkdemux.h"
#include "mavlink/sensorsynth.h"
#include "model/geodesy.h"
#include "model/loophealth.h"
#include "model/simframe.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QHostAddress>
#include <array>
#include <deque>

class QTcpServer;
class QTcpSocket;
class QTimer;
class QUdpSocket;

namespace hil::platform {
struct SerialPortProblem;
}
namespace hil::mavlink {
class SerialTransport;
}

namespace hil {

struct HilLinkConfig
{
    QString host = QStringLiteral("127.0.0.1");
    quint16 port = 4560;          ///< 0 = any free port (see endpoints())
    GeoPoint home = kDefaultHome; ///< where the vehicle rests before any SimFrame
    int stepIntervalUs = 4000;    ///< 250 Hz, what PX4 expects
    int lockstepTimeoutMs = 20;   ///< bounded wait for PX4's actuators
    /// false: in lockstep the next step goes out as soon as PX4 answers (tests, benchmarks)
    /// instead of at the step rate of the wall clock.
    bool realTime = true;
    int gpsIntervalUs = 100000;  ///< 10 Hz
    int stateIntervalUs = 20000; ///< 50 Hz
    mavlink::ActuatorMap actuators = mavlink::ActuatorMap::quadX();
    mavlink::SensorConfig sensors;
    mavlink::SigningConfig signing;
    std::uint8_t sysId = 1; ///< our MAVLink system/component id on this link
    std::uint8_t compId = 51;
    /// A path: serial mode, HITL (see the header comment); empty: TCP, SITL.
    SerialPortSpec serial{QString(), SerialPortSpec::kDefaultBaud};
    bool hitl() const { return !serial.path.isEmpty(); }
    /// Serial mode: every byte from the board also goes to this UDP address, and datagrams
    /// coming back are written to the board (QGroundControl beside us); host empty: off.
    Endpoint forward;
};

/// What the rig check judges PX4's lockstep by (HilLink::health()): copied with the link's
/// counters (10 Hz). Counts since the link started.
struct Px4HilHealth
{
    qint64 answeredSteps = 0;    ///< lockstep steps PX4 answered
    qint64 lockstepTimeouts = 0; ///< steps PX4 did not answer within lockstepTimeoutMs
    qint64 lateAnswers = 0;      ///< answers that came after their step timed out
    /// How answers are matched to their step: by HIL_ACTUATOR_CONTROLS' time_usec, or (a PX4
    /// that does not echo the step's time) by order. Unknown: no snapshot.
    enum class Matching { Unknown, TimeUsec, Order };
    Matching matching = Matching::Unknown;
    bool hitl = false; ///< a board on a serial port (HITL), else SITL over TCP
};

class HilLink : public Worker
{
    Q_OBJECT
public:
    explicit HilLink(const HilLinkConfig &config = {}, QObject *parent = nullptr);
    ~HilLink() override;

    /// The rig check's figures, refreshed with counters(). Thread-safe, never waits.
    Px4HilHealth health() const { return healthAs<Px4HilHealth>(); }

public slots:
    /// The latest simulator frame (queued from the simulator link's thread).
    void onSimFrame(const hil::SimFrame &frame);
    /// The operator's channel mapping (UI). Call queued: it runs in the link's thread, so the
    /// next HIL_ACTUATOR_CONTROLS (and the next safe values) use it.
    void setActuatorMap(const hil::mavlink::ActuatorMap &map);
    /// Serial mode: a ground-station frame to write to PX4 (queued from the GCS link's thread);
    /// dropped while the port is closed (the GCS link retries its commands).
    void sendGcsFrame(const hil::mavlink::MavlinkPacket &packet);

signals:
    /// RealFlight channels, one per HIL_ACTUATOR_CONTROLS (and safe values with mask 0 when PX4
    /// goes away).
    void channelsReady(const hil::ChannelFrame &channels);
    /// Every MAVLink frame sent or received, as on the wire, with the UNIX time in µs (tlog).
    void mavlinkFrame(const QByteArray &wire, qint64 unixUs);
    /// Serial mode: a frame from PX4 for the ground station (mavlink/mavlinkdemux.h).
    void gcsFrameReceived(const hil::mavlink::MavlinkPacket &packet);
    /// Every kLoopHealthMs: lockstep timeouts and simulator frames lost so far, for the motion
    /// link's loop guard (raven/loopguard.h).
    void loopHealth(const hil::LoopHealth &health);

protected:
    bool open(QString *error) override;
    void close() override;
    QJsonObject collectCounters() const override;
    std::any collectHealth() const override;

private:
    /// Stamps the host time and emits channelsReady.
    void emitChannels(ChannelFrame channels);
    bool listen(QString *error);
    bool openForward(QString *error);
    void onForwardReadyRead();
    void onSerialOpened();
    void onSerialLost(const QString &why);
    void onSerialOpenFailed(const platform::SerialPortProblem &problem);
    bool peerUp() const;
    void onNewConnection();
    void onReadyRead();
    void onDisconnected();
    void onTick();
    void onLockstepTimeout();
    void handleFrame(const mavlink::Frame &f);
    void handleActuators(const mavlink::HilActuatorControls &a);
    void afterRelease();
    void noteAnswered();
    /// Whether this answer releases the step in flight; decides, once per connection, whether
    /// the peer echoes our time stamps (see handleActuators).
    bool answersStepInFlight(std::uint64_t answerUsec);
    bool simDriven() const;
    void stepInternal();
    void pump();
    void sendStep(const SimFrame &f, std::uint64_t timeUsec);
    template <typename M> void append(const M &msg);
    SimFrame restingFrame() const;
    void resetSession();

    static qint64 nowUnixUs();
    static constexpr qint64 kMaxWriteBacklog = 1 << 20; ///< bytes queued for PX4, then skip

    HilLinkConfig m_config;
    QTcpServer *m_server = nullptr;
    QTcpSocket *m_socket = nullptr;
    mavlink::SerialTransport *m_serial = nullptr; ///< serial mode only
    QUdpSocket *m_forward = nullptr;              ///< serial mode with config.forward
    QHostAddress m_forwardTo;
    QTimer *m_tick = nullptr;
    QTimer *m_wait = nullptr;
    mavlink::StreamParser m_parser;
    mavlink::SensorSynth m_synth;
    QByteArray m_out; // one write per step
    std::vector<QByteArray> m_sentFrames;
    std::uint8_t m_seq = 0;

    // time
    std::uint64_t m_lastTimeUsec = 0; // last time_usec scheduled (sent or queued)
    std::uint64_t m_lastSentUsec = 0; // last time_usec sent (counter last_time_usec)
    bool m_hilGpsDue = true;          // first step of a connection sends GPS and state
    bool m_hilStateDue = true;
    std::uint64_t m_signTimestamp = 0; // signing time stamp, strictly increasing
    bool m_wantWire = false;           // mavlinkFrame has a receiver (tlog)
    std::uint64_t m_lastGpsUsec = 0;
    std::uint64_t m_lastStateUsec = 0;
    std::int64_t m_simOffsetUs = 0; // physics µs + offset = time_usec
    bool m_simAnchored = false;
    std::int64_t m_unixAtZeroUs = 0; // UNIX µs at time_usec 0, for HIL_GPS
    QElapsedTimer m_wall;
    qint64 m_lastHeartbeatMs = -1000000;
    /// m_wall time of the current peer's last valid frame (or of its connect). A peer silent for
    /// kPeerSilentMs is given up when another connection arrives: a PX4 that died without
    /// closing (half-open TCP) must not keep its restarted self out of the port.
    qint64 m_lastPeerFrameMs = 0;
    static constexpr qint64 kPeerSilentMs = 1000;

    // frames
    SimFrame m_latest;
    bool m_haveFrame = false;
    qint64 m_lastFrameWallMs = -1000000;
    SimFrame m_prevSim;
    struct Sample
    {
        std::uint64_t timeUsec;
        SimFrame frame;
        bool simFrame; ///< this step carries a RealFlight frame (not an interpolated one)
    };
    std::deque<Sample> m_queue;

    // PX4 session
    bool m_lockstep = false;
    bool m_awaiting = false;
    std::uint64_t m_awaitUsec = 0; // time_usec of the step in flight
    /// How answers are matched to steps in this connection: by their time_usec (PX4 SITL echoes
    /// the sensor's) until kUnmatchedToSwitch answers in a row match none of the last
    /// kRecentSteps sent; then by order (the first answer after a send answers it), for good.
    bool m_orderMatching = false;
    int m_unmatchedRun = 0;
    static constexpr int kRecentSteps = 8;
    static constexpr int kUnmatchedToSwitch = 3;
    std::array<std::uint64_t, kRecentSteps> m_recentSent{};
    int m_recentNext = 0;
    /// Order matching is first in, first out: a step whose wait timed out is still owed its
    /// answer (for kOwedFactor lockstep timeouts); the next answer pays the oldest debt. Wall ms
    /// of each timeout, at most kRecentSteps. Empty under stamp matching.
    std::deque<qint64> m_owed;
    static constexpr int kOwedFactor = 5;
    /// An answer paid a debt during the current wait: if the wait times out all the same, that
    /// answer was the step's own and the step owes nothing (HilLink::answersStepInFlight).
    bool m_paidInWait = false;
    bool m_actuatorsFlowing = false;
    bool m_armed = false;
    bool m_heartbeatSeen = false;
    bool m_stallReported = false;
    bool m_connectedAtClose = false;

    // counters
    qint64 m_hilSensorSent = 0, m_hilGpsSent = 0, m_hilStateSent = 0, m_actuatorReceived = 0;
    QTimer *m_healthTimer = nullptr;
    static constexpr int kLoopHealthMs = 200;
    void emitLoopHealth();
    qint64 m_lockstepTimeouts = 0, m_connections = 0, m_refused = 0, m_simFrames = 0;
    qint64 m_samplesDropped = 0, m_backlogSkips = 0;
    qint64 m_gcsFramesIn = 0, m_gcsFramesOut = 0, m_gcsFramesDropped = 0; // serial mode
    qint64 m_forwardedBytes = 0, m_forwardDatagramsIn = 0;
    qint64 m_simFramesConnected = 0, m_simFramesStepped = 0, m_framesDropped = 0,
           m_simFramesRepeated = 0;
    qint64 m_interpolatedSteps = 0, m_interpolatedSkipped = 0, m_answeredSteps = 0,
           m_lateAnswers = 0;
    qint64 m_stallTimeouts = 0, m_answeredSinceTimeout = 0;
    qint64 m_rateSteps = 0, m_rateWindowStartMs = 0;
    double m_lockstepHz = 0.0;
};

} // namespace hil
