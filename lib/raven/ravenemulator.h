#pragma once
// RavenEmulator: a stand-in motion platform (worker "emulator.raven") on 127.0.0.1, built from
// the same codec. Lives in its own worker thread; the socket is created in open(). It answers
// every valid frame as the platform does (to the sender's address and port), keeps a mode state
// machine (mode changes only on a 682 request), runs a simple washout (each DoF a critically
// damped second-order seat that the cue accelerates and that springs back to the washout target,
// ω = 7 rad/s, within a stroke limit: a sustained acceleration holds the seat at a/ω² — 0.5 g of
// a steady 30° turn at 0.115 m of the 0.15 m stroke — and an end stop is reached only by cues
// the seat cannot render), and heats its six actuators with the
// force the cued motion demands of them (ActuatorThermal: minutes of time constant, bounded steady
// state), tripping OVERHEAT PROTECTION only under sustained heavy load.
//
// Test switches (thread-safe, any thread): a motor marked not-OK, replies merged into one
// datagram, replies split across two datagrams, every Nth reply with a corrupted CRC, silence,
// an axis wired backwards (it moves against its cue, as a miswired installation would), and the
// six cue words read in another order (setAxisOrderForTest: a platform configured or programmed
// like Iris's C# sample, which packs frame 5 as surge, sway, roll, heave), and a response delay
// (setResponseDelayMs: the seat takes a cue only that long after it arrived, as a platform with
// that transport delay would; replies still answer every frame at once, with the delayed seat).
// The order is the stand-in's own (SeatDof below), deliberately not the link's table or the
// codec's layout.
//
// Frame: the vendor's right-handed avatar frame, x forward, y LEFT, z up; roll positive = right
// side down, pitch positive = nose down. For frames 21/85 it projects gravity Mantis-like from the
// cued roll/pitch angles — written here on its own from rotation matrices, deliberately not from
// the link's cueing table — and reports the specific force the rider feels (feltForceMps2):
// seat orientation R = Ry(pitch)·Rx(roll), gravity in the seat = Rᵀ·(0, 0, −g), felt = a − that.
// Every received cue is kept (cueHistory, last 20,000) so tests can check ramps and steps.
// Units: SI inside; temperatures °C; positions answered in µm/mdeg.

#include "core/worker.h"
#include "raven/actuatorthermal.h"
#include "raven/ravencodec.h"

#include <QElapsedTimer>
#include <QHostAddress>
#include <QMutex>
#include <algorithm>
#include <array>
#include <atomic>
#include <deque>
#include <vector>

class QUdpSocket;
class QTimer;

namespace hil {

class RavenEmulator : public Worker
{
    Q_OBJECT
public:
    explicit RavenEmulator(quint16 port = 0, QObject *parent = nullptr);
    ~RavenEmulator() override;

    // --- switches, thread-safe ---
    void setMotorOk(int motor, bool ok);
    /// Replies are held and sent several per datagram (flushed every 5 ms).
    void setMergeReplies(bool on) { m_merge = on; }
    /// Each reply datagram goes out as two datagrams, cut inside a frame.
    void setSplitReplies(bool on) { m_split = on; }
    /// Every nth reply gets a wrong CRC byte; 0 = off.
    void setCorruptEvery(int n) { m_corruptEvery = n; }
    /// Stops answering (the platform "goes away") while on.
    void setSilent(bool on) { m_silent = on; }
    /// Forces every actuator temperature (°C) now; the load heats or cools from there.
    void setTemperatureC(double c) { m_forceTempC = c; }
    void setOverheatThresholdC(double c) { m_overheatC = c; }

    /// Axis 0..5 (surge, sway, heave, roll, pitch, yaw) moves against its cue while on.
    void setAxisReversed(int axis, bool on);
    /// The seat answers each cue frame ms after it arrived (cue → dynamics); 0 = at once (the
    /// default). Replies keep answering every frame when it arrives, reporting the seat as the
    /// delayed cues moved it. Negative values count as 0. Thread-safe.
    void setResponseDelayMs(double ms)
    {
        m_responseDelayNs = std::int64_t(std::max(0.0, ms) * 1e6);
    }

    /// The stand-in's own DoF numbering: its pose, and the guide's order of the cue words.
    enum SeatDof { SeatSurge, SeatSway, SeatHeave, SeatRoll, SeatPitch, SeatYaw };
    static constexpr std::array<int, 6> kGuideOrder{SeatSurge, SeatSway,  SeatHeave,
                                                    SeatRoll,  SeatPitch, SeatYaw};
    /// How Iris's C# sample packs frame 5: the third word is roll, the fourth heave.
    static constexpr std::array<int, 6> kCSharpSampleOrder{SeatSurge, SeatSway,  SeatRoll,
                                                           SeatHeave, SeatPitch, SeatYaw};
    /// Test only: word k of the six acceleration words of every cue frame (5, 21, 85) is taken
    /// as DoF order[k], in that DoF's unit (mm/s² or deg/s²); frame 5's gravity comes off what it
    /// takes as heave. The angle words of 21/85 are read as before. False, and nothing changes,
    /// unless order is a permutation of 0..5. Thread-safe.
    bool setAxisOrderForTest(const std::array<int, 6> &order);
    /// Test only, before the host starts the emulator: the seat's time constant 1/ω (s; default
    /// 1/7). A test that waits for the seat to settle between cues (the axis check) runs faster
    /// with a faster seat; nothing it checks depends on this number.
    void setWashoutForTest(double seatS);

    /// The seat's travel from neutral: ±15 cm on each translation, ±20° on each rotation.
    static constexpr double kStrokeM = 0.15, kStrokeRad = 0.35;

    int mode() const { return m_modeShown; }
    quint16 port() const { return m_port; }

    /// One cue frame as received (platform words) with the emulator's clock (ns) and the
    /// felt specific force computed from it (m/s², seat frame x fwd, y left, z up).
    struct CueRecord
    {
        std::int64_t ns = 0;
        quint16 id = 0;
        std::array<std::int32_t, 9> words{};
        std::array<double, 3> feltMps2{};
    };
    /// Thread-safe copies.
    std::vector<CueRecord> cueHistory() const;
    std::array<double, 3> feltForceMps2() const;
    /// The reported pose now: surge, sway, heave (m), roll, pitch, yaw (rad). Thread-safe.
    std::array<double, 6> pose() const;

protected:
    bool open(QString *error) override;
    void close() override;
    QJsonObject collectCounters() const override;

private:
    void onReadyRead();
    void handle(const raven::Frame &f, const QHostAddress &from, quint16 fromPort);
    void advance();
    void integrate(double dt);
    void applyCue(const raven::Frame &f);
    QByteArray reply(const raven::Frame &f);
    std::uint32_t status() const;
    void queueReply(QByteArray bytes, const QHostAddress &to, quint16 toPort);
    void flush();
    void sendDatagram(const QByteArray &b);

    quint16 m_requestedPort;
    std::atomic<quint16> m_port{0};
    QUdpSocket *m_socket = nullptr;
    QTimer *m_flushTimer = nullptr;
    raven::StreamDecoder m_decoder{raven::Direction::ToPlatform};

    std::atomic<std::uint32_t> m_motorOkMask{0x3F}; // bit m = motor m OK
    std::atomic<bool> m_merge{false}, m_split{false}, m_silent{false};
    std::atomic<int> m_corruptEvery{0};
    std::atomic<double> m_forceTempC{-1000.0};
    std::atomic<double> m_overheatC{70.0};
    std::atomic<int> m_modeShown{raven::ModeOff};
    std::atomic<std::uint32_t> m_reversedMask{0};
    std::atomic<std::int64_t> m_responseDelayNs{0};
    struct DelayedCue
    {
        std::int64_t dueNs;
        std::array<double, 6> accel;
    };
    std::deque<DelayedCue> m_delayed; ///< cues arrived, not yet taken by the seat (delay > 0)
    std::atomic<std::uint32_t> m_axisOrder{0x543210}; ///< 4 bits per word: the DoF it is read as
    mutable QMutex m_historyMutex;                    // guards m_history, m_felt, m_poseShown
    std::vector<CueRecord> m_history;
    std::array<double, 3> m_felt{0.0, 0.0, 9.80665};
    std::array<double, 6> m_poseShown{};

    int m_mode = raven::ModeOff;
    int m_thermal = 0;
    QElapsedTimer m_clock;
    std::int64_t m_lastAdvanceNs = 0;
    std::int64_t m_lastCueNs = -1;
    std::array<double, 6> m_cueAccel{};     ///< deviation from rest: m/s², rad/s²
    std::array<double, 6> m_pos{}, m_vel{}; ///< m / rad, m/s / rad/s
    std::array<double, 6> m_washout{};      ///< targets from frame 170
    double m_seatS = 1.0 / 7.0;
    raven::ActuatorThermal m_heat;
    double m_forceLimitedS = 0.0; ///< time with a drive at its force limit

    QByteArray m_pending;
    QHostAddress m_pendingTo;
    quint16 m_pendingPort = 0;
    std::uint64_t m_framesReceived = 0, m_repliesSent = 0, m_replyCount = 0, m_modeChanges = 0;
};

} // namespace hil
