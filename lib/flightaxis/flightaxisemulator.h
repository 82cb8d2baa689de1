#pragma once
// FlightAxisEmulator: a stand-in for RealFlight's FlightAxis Link server, for tests and
// `--emulate flightaxis`. A hil::Worker named "emulator.flightaxis", living in its own thread.
//
// A real HTTP server on 127.0.0.1 (port 0 = any free one; the bound one is in endpoints() as
// {"port": N} and port()). One request per connection, the XML shapes of the captured replies,
// HTTP 500 SOAP faults for calls in the wrong order, physics time starting at 72263 s. Behind it a
// QuadModel driven by channels 0..3 (motor throttles 0..1; a channel whose m-selectedChannels bit
// is clear is at 0, i.e. the idle transmitter), reported in RealFlight's frames: X east, Y north,
// altitude ASL, quaternion (W, X, Y, Z) = NED (w, y, x, -z), yaw rate negated, world
// velocity/acceleration (U, V, W) = NED, body acceleration = specific force FRD.
//
// Physics stepping, like RealFlight's: the physics runs on its own, in real time, in frames of a
// fixed length (framePeriodS(): 4 ms, 250 Hz, by default), whatever the client asks. 4 ms because
// RealFlight produces a frame about every 4 ms and PX4's HIL step is 4 ms: at 250 exchanges/s
// each reply is one new frame and one PX4 step, a slower client samples every n-th frame of the
// same physics. The frames lie on a grid of wall time (m_clock); each is one QuadModel::step()
// (1 ms sub-steps) with the channels in force when it is computed. A timer of one frame period
// computes the frames that are due, and so does every request before it is handled, so an
// ExchangeData reply carries the latest frame at that moment (its physics time is that frame's
// time, advancing in whole frames) and the request's channels drive the frames after it. Behind
// by more than 0.5 s (the thread held up), the missing time is skipped, not replayed.
//
// RealFlight's transmitter: every ExchangeData reply reports a scripted transmitter in
// m-previousInputsState/m-channelValues-0to1 (laid out as in the Evolution capture), whatever the
// request overrides, as RealFlight reports its controller (docs/protocols/flightaxis.md). At rest
// it is an idle transmitter (sticks centred, throttle channel 3 at 0); setTransmitter() moves it.
// It drives nothing: the model's unselected channels stay at 0 (the model's channels are motor
// throttles, not a transmitter's sticks).
//
// Misbehaviour for tests: the setters below are thread-safe and act on the next `count`
// ExchangeData replies.

#include "core/worker.h"
#include "flightaxis/flightaxiscodec.h"
#include "flightaxis/quadmodel.h"

#include <QElapsedTimer>
#include <algorithm>
#include <atomic>
#include <memory>
#include <unordered_map>
#include <vector>

class QTcpServer;
class QTcpSocket;
class QTimer;

namespace hil {

namespace flightaxis {
class HttpMessageReader;
}

class FlightAxisEmulator : public Worker
{
    Q_OBJECT
public:
    static constexpr double kStartPhysicsTimeS = 72263.0;
    /// RealFlight-frame position of the emulated field (as in the captured reply), m.
    static constexpr double kBaseXM = 5575.68, kBaseYM = 1715.96, kBaseAltitudeAslM = 1127.37;
    /// RealFlight's bad accelerations, as in the real captures: waiting to launch it reports
    /// free fall (world AZ = g + 0.04, body AZ = +0.04); on the ground a world AZ offset of
    /// +1.53 m/s² while standing still. The stand-in reports them the same way.
    static constexpr double kWaitingWorldAzExtraMps2 = 0.0377, kWaitingBodyAzMps2 = 0.0442;
    static constexpr double kGroundWorldAzOffsetMps2 = 1.5337;

    explicit FlightAxisEmulator(quint16 port = 0, QObject *parent = nullptr);
    ~FlightAxisEmulator() override;

    /// The bound TCP port (0 before start). Thread-safe.
    quint16 port() const { return m_port.load(); }

    // Misbehaviour switches, thread-safe.
    void delayReplies(int delayMs, int count = 1);
    void closeMidReply(int count = 1);
    void replyGarbage(int count = 1);
    void oversizeContentLength(int count = 1);
    /// RealFlight restarted: physics time jumps back, the controller is no longer injected, the
    /// vehicle is back on the ground.
    void restart() { m_restartPending = true; }
    /// RealFlight paused (a menu open, "Pause Physics When in Background" with its window behind
    /// another): it goes on answering at its frame rate, with the physics time standing still.
    void setPhysicsPaused(bool paused) { m_physicsPaused = paused; }

    /// The physics' frame period, and the pace of the ExchangeData replies, like RealFlight, which
    /// produces a frame about every 4 ms (~250 Hz) and answers once per frame: a reply is held
    /// until a frame newer than the previous reply's is there. 0 answers as fast as asked (the
    /// latest frame, which may be the one sent before; for tests that need speed) with the
    /// physics in frames of kDefaultFramePeriodMs. A new period applies from the next frame on.
    /// Thread-safe.
    void setFramePeriodMs(double ms) { m_framePeriodS = std::max(0.0, ms) / 1000.0; }
    static constexpr double kDefaultFramePeriodMs = 4.0;
    /// Physics frames not computed after a hold-up longer than this are skipped, not replayed.
    static constexpr double kMaxCatchUpS = 0.5;

    /// The transmitter the replies report from now on: 0..12 channel values, 0..1 each (the
    /// reply carries exactly these, also 8 or none). Thread-safe: applied queued in the stand-in's
    /// thread, so a reply carries one call's values whole.
    void setTransmitter(std::vector<double> values0to1);
    /// The idle transmitter: sticks centred, throttle (channel 3) at 0, the rest centred.
    static std::vector<double> idleTransmitter();

    /// What the last ExchangeData request carried, as the stand-in parsed it (for tests).
    struct ReceivedChannels
    {
        std::uint32_t mask = 0; ///< m-selectedChannels
        std::array<double, 12> values{};
        quint64 exchanges = 0; ///< ExchangeData requests parsed so far
    };
    /// Thread-safe.
    ReceivedChannels receivedChannels() const;

    /// Snapshot of the model (for tests); thread-safe.
    QuadModel::State modelState() const;
    bool injected() const { return m_injected.load(); }

protected:
    bool open(QString *error) override;
    void close() override;
    QJsonObject collectCounters() const override;

private:
    void onNewConnection();
    void onReadyRead(QTcpSocket *socket);
    void process(QTcpSocket *socket, const flightaxis::HttpMessageReader &reader);
    void processWhenNewer(QTcpSocket *socket,
                          std::shared_ptr<flightaxis::HttpMessageReader> reader);
    QByteArray handleRequest(const flightaxis::HttpMessageReader &request, bool *isExchange);
    QByteArray fault(const char *faultString, const char *detail);
    /// Computes the physics frames due by now, with the channels in force.
    void advancePhysics();
    double framePeriodS() const;
    void applyRestart();
    double physicsTimeS() const;
    flightaxis::ReturnData returnData() const;
    void send(QTcpSocket *socket, const QByteArray &reply, bool misbehave);

    const quint16 m_requestedPort;
    std::atomic<double> m_framePeriodS{kDefaultFramePeriodMs / 1000.0};
    double m_lastReplyFrameS = -1.0; // m_clock time of the frame the last ExchangeData carried
    QTcpServer *m_server = nullptr;
    QTimer *m_tick = nullptr; // computes the frames due between requests
    std::unordered_map<QTcpSocket *, flightaxis::HttpMessageReader *> m_readers;
    std::atomic<quint16> m_port{0};

    QuadModel m_model;
    mutable QMutex m_modelMutex; // m_model is read by modelState() from other threads
    QElapsedTimer m_clock;       // wall time since the (re)start of the physics
    double m_timeBaseS = kStartPhysicsTimeS;
    double m_frameS = 0; // m_clock time of the latest physics frame, s
    std::array<double, 12> m_values{0.5, 0.5, 0.0, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5};
    std::uint32_t m_mask = 0;
    mutable QMutex m_receivedMutex;
    ReceivedChannels m_received;                           // guarded by m_receivedMutex
    std::vector<double> m_transmitter = idleTransmitter(); // the stand-in's thread only

    std::atomic<bool> m_injected{false};
    std::atomic<bool> m_restartPending{false};
    std::atomic<bool> m_physicsPaused{false};
    std::atomic<int> m_delayMs{0}, m_delayCount{0}, m_closeCount{0}, m_garbageCount{0},
        m_oversizeCount{0};

    quint64 m_connections = 0, m_requests = 0, m_exchanges = 0, m_faultsSent = 0,
            m_misbehaviours = 0, m_restarts = 0;
};

} // namespace hil
