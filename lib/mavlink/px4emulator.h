#pragma once
// Px4Emulator: a PX4 stand-in for `--emulate px4` and the tests. Connects to the HilLink like
// PX4 SITL does (TCP client; HEARTBEAT + COMMAND_LONG 511 in one write), waits for sensors and
// answers every HIL_SENSOR (id 0) with one HIL_ACTUATOR_CONTROLS (lockstep flag, time_usec of
// the sensor, mode 128|1 once armed) computed by QuadHoverController: by default (autoArm) it
// arms after 0.5 s of sensor time, takes off to 10 m and hovers. Reconnects with backoff (0.25 s
// doubling to 2 s) when the station is not there or goes away. setStalled(true) makes it stop
// answering (tests).
//
// Ground-station side, like PX4's GCS MAVLink instance: UDP on 127.0.0.1:gcsPort (0 = any free
// port, in endpoints() as "gcs_port"), answering whoever sent to it last. Twice a second
// HEARTBEAT (quadrotor, PX4, armed bit, PX4 custom mode), SYS_STATUS (battery, sensors, pre-arm
// check), EXTENDED_SYS_STATE, GPS_RAW_INT, ATTITUDE (the controller's estimate) and
// GLOBAL_POSITION_INT (the latest HIL_GPS's latitude and longitude); COMMAND_LONG arm/disarm,
// takeoff, land, return (lands here) and DO_SET_MODE (Hold, Position, Altitude, Stabilized,
// Manual; anything else is denied) answered with COMMAND_ACK, a refusal preceded by a STATUSTEXT
// with the reason, as PX4 does.
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
// "Failsafe activated").
// Parameters: PARAM_REQUEST_READ by name and PARAM_SET answered with PARAM_VALUE for a few of
// PX4's (COM_RC_IN_MODE 1 as PX4's SITL start script sets it, COM_RC_LOSS_T, NAV_RCL_ACT,
// COM_RCL_EXCEPT, COM_FAIL_ACT_T, SYS_HITL, SYS_AUTOSTART, MIS_TAKEOFF_ALT), integers bytewise as
// PX4 sends
// them; an unknown name gets no answer (the asker times out). In serial mode also SYS_USB_AUTO 2
// (PX4's default: MAVLink on USB). setParamForTest() changes, adds or (NaN) removes one.
// Pre-arm: SYS_STATUS's pre-arm bit is healthy once the controller is ready and GPS was seen,
// unless setPrearmFailureForTest() set a reason: then the bit fails, PX4's "Preflight Fail:
// <reason>" STATUSTEXT (critical) goes out at once and before each refused arming, and arming is
// denied ("Arming denied: resolve health failures first").
//
// Serial mode (serialPath set; tests on a pseudo-terminal pair): like a board running PX4's
// HITL configuration on USB. One port carries everything: the HIL messages and the ground
// station's (heartbeats, status, COMMAND_LONG/ACK), no UDP. Its answers are stamped with its own
// clock (µs since it opened) and their flags mark outputs 0-3 as motors (0x0F), as PX4's HITL
// stream does, not the lockstep flag. A port that fails (the pty's other end gone) is opened
// again every 250 ms; the vehicle's state survives (a board powered on its own).
//
// Lives in its own worker thread (hil::Worker); socket and timers are created in open().

#include "core/worker.h"
#include "mavlink/codec.h"
#include "mavlink/quadcontroller.h"

class QSerialPort;
class QTcpSocket;
class QTimer;
class QUdpSocket;

#include <QElapsedTimer>
#include <QHostAddress>
#include <QMap>
#include <array>

namespace hil {

struct Px4EmulatorConfig
{
    QString host = QStringLiteral("127.0.0.1");
    quint16 port = 4560;
    mavlink::QuadParams quad;
    quint16 gcsPort = 0;
    QString serialPath; ///< set: serial mode (HITL), host/port/gcsPort unused
    qint32 baud = 921600;
    /// Tests: each HIL_SENSOR is answered this much later, as over a slow loopback (under Wine a
    /// round trip between the stand-in and the link takes ~5 ms; on Linux ~0.1 ms).
    int answerDelayMs = 0;
};

class Px4Emulator : public Worker
{
    Q_OBJECT
public:
    explicit Px4Emulator(const Px4EmulatorConfig &config = {}, QObject *parent = nullptr);
    ~Px4Emulator() override;

public slots:
    /// true: keep reading but stop answering sensors (a hung PX4).
    void setStalled(bool stalled);

public:
    /// Tests: sets (adds) a parameter as PX4 would hold it (an integral value as INT32, else
    /// REAL32, or the type it has); NaN removes it, so reads of it go unanswered. Thread-safe:
    /// applied in the stand-in's thread.
    void setParamForTest(const QString &name, double value);
    /// Tests: a pre-arm check failing with this reason (empty: passing again). Thread-safe.
    void setPrearmFailureForTest(const QString &reason);

protected:
    bool open(QString *error) override;
    void close() override;
    QJsonObject collectCounters() const override;

private:
    void connectNow();
    void openSerial();
    void onSerialError(int error);
    void writeLink(const QByteArray &bytes);
    void handleLinkFrame(const mavlink::Frame &f);
    void onConnected();
    void onDisconnected();
    void onReadyRead();
    void scheduleReconnect();
    void answer(const mavlink::HilSensor &s);
    void onGcsReadyRead();
    void onGcsTick();
    void handleCommand(const mavlink::CommandLong &c);
    /// A ground station's frame (UDP, or the serial port in HITL).
    void handleGcsFrame(const mavlink::Frame &f);
    void sendParam(const QString &name);
    void checkManualLoss();
    void manualLossAction();
    bool sticksFresh() const;
    void applyStickMode();
    void gcsStatusText(int severity, const QString &text);
    template <typename M> void gcsSend(const M &msg);
    std::uint32_t customMode() const;

    Px4EmulatorConfig m_config;
    QTcpSocket *m_socket = nullptr;
    QSerialPort *m_serial = nullptr;
    QElapsedTimer m_boardClock; // serial mode: the time base of its answers
    QTimer *m_retry = nullptr;
    mavlink::StreamParser m_parser;
    mavlink::QuadHoverController m_controller;
    QUdpSocket *m_gcs = nullptr;
    QTimer *m_gcsTick = nullptr;
    QHostAddress m_gcsPeer;
    quint16 m_gcsPeerPort = 0;
    mavlink::StreamParser m_gcsParser;
    std::uint8_t m_gcsSeq = 0;
    int m_mainMode = 4, m_subMode = 3; // PX4 custom mode shown: Auto/Hold at boot
    bool m_gpsSeen = false;
    double m_homeAmslM = 0.0;
    double m_lastGpsAmslM = 0.0;
    std::int32_t m_lastGpsLatE7 = 0, m_lastGpsLonE7 = 0; // the latest HIL_GPS fix
    qint64 m_gcsCommands = 0;
    std::uint8_t m_seq = 0;
    int m_backoffMs = 250;
    bool m_connected = false;
    bool m_stalled = false;
    bool m_closing = false;
    quint64 m_connection = 0; // counts connections: a delayed answer goes to its own only
    struct Param
    {
        double value;
        std::uint8_t type; // MAV_PARAM_TYPE
    };
    QMap<QString, Param> m_params;
    QString m_prearmFailure;          // set: the pre-arm checks fail with this reason
    QElapsedTimer m_wall;             // manual-control freshness (PX4's COM_RC_LOSS_T is wall time)
    qint64 m_lastSticksMs = -1000000; // the latest MANUAL_CONTROL
    bool m_sticksSeenArmed = false;   // sticks seen while armed: their loss is a failsafe
    qint64 m_lossAtMs = -1;           // in the failsafe's Hold since, −1 not
    std::pair<int, int> m_modeBeforeLoss{4, 3};
    std::array<int, 4> m_lastSticks{}; // the latest MANUAL_CONTROL's x, y, z, r
    qint64 m_manualReceived = 0, m_manualIgnored = 0, m_paramAnswers = 0, m_manualLosses = 0;
    qint64 m_sensorsReceived = 0, m_actuatorsSent = 0, m_reconnects = 0, m_gpsReceived = 0;
};

} // namespace hil
