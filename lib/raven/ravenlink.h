#pragma once
// RavenLink: the motion-platform link (worker "raven"). Lives in its own worker thread; the UDP
// socket and the 10 ms safety timer are created in open(). It sends one cue frame per new
// simulator state (onSimFrame, queued from the simulator link's thread), polls the platform,
// decodes its replies into PlatformSample signals and enforces RiderSafety (watchdog ramps,
// STOP, operator-only mode changes). The mode it reports is the platform's status word, never
// the mode it asked for.
//
// Units: SimFrame SI in, platform units on the wire (see cueing.h for the sign table).
// Counters (docs/cli-and-session.md, links.raven): frames_sent, frames_received, crc_errors,
// bytes_discarded, clamped, status_word, mode, thermal, motors_ok, rtt_ms_p50, watchdog_trips, plus
// link_up, cue_gain, stopped, sim_fresh, unknown_ids, mode_requests, send_errors, frame,
// listen_port, firmware, temperatures_c, axis_hold, axis_check_passed, and the loop guard's
// loop_guard (the problem's name, "none" when not holding), loop_guard_figure,
// loop_guard_threshold, loop_guard_axis, loop_guard_healthy_s, loop_guard_episodes,
// end_stop_episodes, implausible_frames, px4_loop_reports, cue_frames_zeroed.
//
// The commissioning procedures are classes of their own that the link drives on its 10 ms tick
// and feeds every reported pose: the axis check (axisTest, axischeckrun.h: a test cue judged on
// all six DoFs; a crossing holds the simulator's cues for this platform address, kept in the
// AxisCheckStore) and the transport delay (startTransportDelay, transportdelayrun.h,
// docs/transport-delay.md; counter transport_delay: {state idle|running|done|refused|stopped,
// steps (done), steps_asked, median_ms, max_ms, samples_ms, reason, axis, amplitude}). Their
// frames still go out through the link (testcuehost.h), recorded in cues.csv with their origin.

#include "core/transportdelayresult.h"
#include "core/worker.h"
#include "model/motionstatus.h"
#include "model/pilot.h"
#include "model/simframe.h"
#include "raven/axischeckrun.h"
#include "raven/cueing.h"
#include "raven/cuesample.h"
#include "raven/omctrun.h"
#include "raven/platformmeasurementrun.h"
#include "raven/platformsample.h"
#include "raven/ridersafety.h"
#include "raven/testcuehost.h"
#include "raven/transportdelayrun.h"

#include <QHash>
#include <QHostAddress>
#include <QJsonObject>
#include <array>
#include <atomic>
#include <deque>
#include <optional>
#include <vector>

class QUdpSocket;
class QTimer;

namespace hil {

struct RavenLinkConfig
{
    QString host = QStringLiteral("10.0.0.2");
    quint16 port = 9200;       ///< platform's listening port
    quint16 listenPort = 9201; ///< our reply port; 0 = any free port
    raven::CueingSettings cueing;
    raven::SafetySettings safety;
    /// INI file of the axis check results (axischeckstore.h); empty = the store's default.
    QString axisCheckStore;
    /// The transport delay measurement's step (axis, amplitude, timing).
    raven::TransportDelaySettings transportDelay;
};

/// The link's typed snapshot (RavenLink::health()): a copy of its own state taken
/// with its counters (10 Hz), in the link's thread. The rig check judges the platform by it; the
/// descriptor's motion status and the procedures' results are read from it, never from the
/// counters' JSON by key.
struct RavenHealth
{
    quint64 framesReceived = 0; ///< the platform's replies since the link started
    bool haveStatus = false;    ///< a status word has come (the fields below are its)
    std::uint32_t statusWord = 0;
    int thermal = 0;                ///< the status word's thermal bits: 0 normal, 1 overheat
    std::array<bool, 6> motorsOk{}; ///< motor 1..6 OK (all false before a status word)
    std::array<double, 6> temperaturesC{};
    QString firmware; ///< "1.0 rev 7" as the platform reported it; empty: not reported
    /// The axis check of this platform address as stored; nullopt before the link opened (the
    /// two flags then say what is known).
    std::optional<raven::AxisCheckStore::Status> axisCheck;
    bool axisHeld = false, axisCheckPassed = false;
    int cueFrame = 0;             ///< the cue frame sent: 5, 21 or 85
    bool pilotStopMapped = false; ///< the pilot's device has a button mapped to STOP
    /// The rider's safety as the window shows it; reportedMode as the snapshot was taken (the
    /// descriptor reads the link's atomic for a fresher one).
    MotionStatus motion;
    TransportDelayResult transportDelay;
    PlatformMeasurementResult platformMeasurement, omct;
};

class RavenLink : public Worker, private raven::TestCueHost
{
    Q_OBJECT
public:
    explicit RavenLink(const RavenLinkConfig &config, QObject *parent = nullptr);
    ~RavenLink() override;

public slots:
    /// A new simulator state (queued from the simulator link). Cues one frame when paced; a
    /// physically impossible frame makes no cue (the last plausible one stays).
    void onSimFrame(const hil::SimFrame &frame);
    /// The PX4 link's loop counters (queued from its thread), for the loop guard.
    void onLoopHealth(const hil::LoopHealth &health);
    /// The pilot's mapped controls, queued straight from the input link's thread (never through
    /// the main thread): a button mapped to STOP is the toolbar's STOP (cues to zero, LEVEL
    /// BRAKE, latched), and the enabling button gates the cues (ridersafety.h). No other mode is
    /// ever requested from here.
    void onPilot(const hil::PilotControls &controls);
    /// Operator: request a platform mode (0 OFF, 1 LEVEL BRAKE, 2 LOADING, 3 CUEING).
    void requestMode(int mode);
    /// Operator STOP: cues to neutral at once and the configured stop mode (LEVEL BRAKE) requested.
    void emergencyStop();
    /// Exit path: cues ramp to neutral (≤ 1 s), LEVEL BRAKE requested if the platform is in
    /// LOADING/CUEING, up to 2 s for the status word to show it; then parked() — in this
    /// thread, without blocking it. Safe to call more than once (parked() once).
    void park();
    /// Commissioning axis check: one small test cue on `axis` (0..5: surge, sway, heave, roll,
    /// pitch, yaw; platform frame, positive as in cueing.h's table) of `amplitude` (m/s² or
    /// rad/s²), ramped in and out over `durationS`, through the axis's invert setting. Only while
    /// the platform shows CUEING and STOP is not latched; simulator cues are held meanwhile; STOP
    /// cancels it. When another DoF moves most, the cue is ramped out at once (over durationS/4)
    /// and the axis hold starts. axisTestFinished() reports the outcome.
    void axisTest(int axis, double amplitude, double durationS);
    /// Commissioning transport delay (Part 60 Appendix A, Attachment 2: control input to motion
    /// response, the aircraft model bypassed): `steps` steps of the configured test cue
    /// (RavenLinkConfig::transportDelay; heave 0.5 m/s² by default) at the cueing input, each
    /// from neutral cues, the onset found in the pose replies, ramped back to neutral between
    /// steps; the simulator's cues are held meanwhile and ramp in again after. Only while the
    /// platform shows CUEING, STOP is not latched, the enabling button (when one is configured)
    /// is held, no axis check runs and this address is not
    /// held by a failed axis check (the link's hold or the AxisCheckStore's): otherwise refused,
    /// the reason in counter transport_delay.reason and event raven.transport_delay_refused.
    /// STOP, park(), the enabling button's release or the platform leaving CUEING stop it at once
    /// (state "stopped"); so does a step the seat does not answer within timeoutS. The seat
    /// moves: an empty seat or the operator's confirmation is the caller's business.
    void startTransportDelay(int steps = 20);
    /// Commissioning platform measurement (platformmeasurementrun.h): a multisine on each DoF in
    /// turn, seat empty, for the identification. The transport delay's rules (testCueRefusal)
    /// and the same stops; counter platform_measurement (PlatformMeasurementResult::toJson()).
    void startPlatformMeasurement(const hil::PlatformMeasurementSettings &settings);
    /// Commissioning OMCT measured (omctrun.h): the aircraft's motion on each input axis in
    /// turn through this link's cueing, seat empty. The same rules and stops as the platform
    /// measurement; counter omct (PlatformMeasurementResult::toJson()).
    void startOmct(const hil::OmctMeasurementSettings &settings);
    /// Operator: washout targets (frame 170), platform frame, m and rad; clamped, warned.
    void setWashoutTargets(double surgeM, double swayM, double heaveM, double rollRad,
                           double pitchRad, double yawRad);
    void setCueingSettings(const hil::raven::CueingSettings &settings);

signals:
    /// One per valid platform reply, in arrival order.
    void platformSample(const hil::PlatformSample &sample);
    /// One per cue frame (5, 21, 85) the socket took, in send order, in this thread just after
    /// the send (cues.csv): a connected slot must not block (the recorder's queue does not).
    void cueSent(const hil::CueSample &sample);
    /// park() finished: ok = LEVEL BRAKE shown (or no mode change was needed); text says which.
    void parked(bool ok, const QString &text);
    /// outcome: raven::AxisOutcome as int. poseChange: the extreme change on `axis` (m or rad,
    /// platform frame). movedAxis: the DoF that moved most above its noise, -1 none.
    void axisTestFinished(int axis, int outcome, double poseChange, int movedAxis);

public:
    /// The mode the platform's status word shows now (0..3), -1 before any reply. Any thread.
    int reportedMode() const { return m_reportedMode.load(); }
    /// The platform's thermal bits from its last status word (0 normal, else overheat
    /// protection), -1 before the first. Thread-safe; the window reads this, not the English
    /// counter.
    int reportedThermal() const { return m_reportedThermal.load(); }
    /// Simulator cues held at neutral by the axis check; the axes of the crossing (-1 unknown).
    /// Thread-safe.
    bool axisHeld() const { return m_axisCheck.held(); }
    int axisHoldAxis() const { return m_axisCheck.heldAxis(); }
    int axisHoldMoved() const { return m_axisCheck.movedAxis(); }
    /// Every axis of this platform address has passed the axis check. Thread-safe.
    bool axisCheckPassed() const { return m_axisCheck.passed(); }
    /// The rig check's figures, refreshed with counters(). Thread-safe, never waits.
    RavenHealth health() const { return healthAs<RavenHealth>(); }

protected:
    bool open(QString *error) override;
    void close() override;
    QJsonObject collectCounters() const override;
    std::any collectHealth() const override;

private:
    QString firmwareText() const; ///< "major.minor rev n" (counter firmware)
    void onReadyRead();
    void onTick();
    /// False when the socket did not take it (counted in send_errors).
    bool send(const QByteArray &frame);
    void sendCue(std::int64_t nowNs);
    /// Sends a cue frame and reports it (cueSent): cueGain as encoded (0..1), masterScaled: the
    /// master gain was applied (false for a test cue).
    void sendCueFrame(const QByteArray &frame, double cueGain, bool masterScaled,
                      raven::CueOrigin origin);
    void sendDue(std::int64_t nowNs);
    void handleFrame(const raven::Frame &f, std::int64_t nowNs);
    void flushSafetyEvents();
    static std::int64_t nowNs();

    // The test-cue procedures' side of the link (testcuehost.h).
    raven::RiderSafety &safety() override { return m_safety; }
    void sendTestCue(int axis, double amplitude, double k, raven::CueOrigin origin) override;
    void sendSimulatorCue(double gain, raven::CueOrigin origin) override;
    const raven::CueingSettings &cueingSettings() const override { return m_cueing.settings(); }
    void sendCue(const raven::Cue &cue, double gain, raven::CueOrigin origin) override;
    double simulatorGain() const override { return m_haveCue ? m_lastSentGain : 0.0; }
    int cueFrameId() const override { return m_cueing.settings().frameId; }
    int thermalBits() const override { return m_haveStatus ? m_status.thermal : 0; }
    /// A test-cue procedure runs (the simulator's cues are held meanwhile).
    bool testCueRunning() const
    {
        return m_axisCheck.active() || m_transportDelay.active() || m_measurement.active() ||
               m_omct.active();
    }
    // The procedures' events are the link's (one name, so that the event catalogue's scan of
    // the sources finds every raise).
    using Worker::raiseEvent;
    void raiseEvent(const QString &id, Severity severity, const QString &text,
                    const QStringList &args) override
    {
        Worker::raiseEvent(id, severity, text, args);
    }

    RavenLinkConfig m_config;
    QHostAddress m_peer;
    QUdpSocket *m_socket = nullptr;
    quint16 m_listenPort = 0;
    QTimer *m_tick = nullptr;

    raven::MotionCueing m_cueing;
    raven::RiderSafety m_safety;
    raven::StreamDecoder m_decoder{raven::Direction::ToApp};
    raven::Cue m_lastCue;
    bool m_haveCue = false;
    double m_lastSentGain = 0.0;

    std::uint64_t m_framesSent = 0;
    std::uint64_t m_framesReceived = 0;
    std::uint64_t m_clamped = 0;
    std::uint64_t m_sendErrors = 0;
    std::uint64_t m_cueFramesZeroed = 0; ///< cue frames sent with cue gain 0 (neutral)
    std::uint64_t m_implausibleFrames = 0;
    std::uint64_t m_loopReports = 0; ///< LoopHealth reports from the PX4 link
    std::uint64_t m_pilotStops = 0;  ///< STOPs from a mapped button
    bool m_pilotPresent = false;     ///< the pilot's device, as its last controls said
    bool m_pilotStopMapped = false;
    QString m_pilotDevice;
    bool m_haveStatus = false;
    std::atomic<int> m_reportedMode{-1};
    std::atomic<int> m_reportedThermal{-1};
    bool m_parkAnnounced = false;
    QString m_address; ///< "<host>:<port>", the axis check store's key
    raven::AxisCheckRun m_axisCheck;
    raven::TransportDelayRun m_transportDelay;
    raven::PlatformMeasurementRun m_measurement;
    raven::OmctRun m_omct;
    raven::StatusWord m_status;
    std::array<std::int32_t, 7> m_firmware{};
    bool m_haveFirmware = false;
    std::array<double, 6> m_temperaturesC{};

    QHash<quint16, std::int64_t> m_outstanding; ///< send time of the oldest unanswered frame per id
    std::deque<double> m_rttMs;                 ///< last 256 round trips
};

} // namespace hil

Q_DECLARE_METATYPE(hil::raven::CueingSettings)
