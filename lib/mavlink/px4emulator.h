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
// GLOBAL_POSITION_INT (the latest HIL_GPS's latitude and longitude). What it answers to the
// ground station's frames — COMMAND_LONG, MANUAL_CONTROL and its loss failsafe, the parameters —
// is its commander's (Px4Commander, mavlink/px4commander.h), which also holds the mode shown.
// Pre-arm: SYS_STATUS's pre-arm bit is healthy once the controller is ready and GPS was seen,
// unless setPrearmFailureForTest() set a reason (the commander then refuses to arm).
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
#include "mavlink/px4commander.h"
#include "mavlink/quadcontroller.h"

class QSerialPort;
class QTcpSocket;
class QTimer;
class QUdpSocket;

#include <QElapsedTimer>
#include <QHostAddress>

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

class Px4Emulator : public Worker, private Px4Commander::Link
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
    template <typename M> void gcsSend(const M &msg);

    // What the commander uses of the stand-in (Px4Commander::Link).
    qint64 elapsedMs() const override;
    double gpsAltitudeAmslM() const override;
    void sendToGcs(const mavlink::CommandAck &m) override;
    void sendToGcs(const mavlink::ParamValue &m) override;
    void sendToGcs(const mavlink::StatusText &m) override;
    void raise(const QString &id, Severity severity, const QString &text,
               const QStringList &args) override;

    Px4EmulatorConfig m_config;
    QTcpSocket *m_socket = nullptr;
    QSerialPort *m_serial = nullptr;
    QElapsedTimer m_boardClock; // serial mode: the time base of its answers
    QTimer *m_retry = nullptr;
    mavlink::StreamParser m_parser;
    mavlink::QuadHoverController m_controller;
    Px4Commander m_commander; // flies m_controller
    QUdpSocket *m_gcs = nullptr;
    QTimer *m_gcsTick = nullptr;
    QHostAddress m_gcsPeer;
    quint16 m_gcsPeerPort = 0;
    mavlink::StreamParser m_gcsParser;
    std::uint8_t m_gcsSeq = 0;
    bool m_gpsSeen = false;
    double m_lastGpsAmslM = 0.0;
    std::int32_t m_lastGpsLatE7 = 0, m_lastGpsLonE7 = 0; // the latest HIL_GPS fix
    std::uint8_t m_seq = 0;
    int m_backoffMs = 250;
    bool m_connected = false;
    bool m_stalled = false;
    bool m_closing = false;
    quint64 m_connection = 0; // counts connections: a delayed answer goes to its own only
    QElapsedTimer m_wall;     // manual-control freshness (PX4's COM_RC_LOSS_T is wall time)
    qint64 m_sensorsReceived = 0, m_actuatorsSent = 0, m_reconnects = 0, m_gpsReceived = 0;
};

} // namespace hil
