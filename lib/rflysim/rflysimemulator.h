#pragma once
// RflySimEmulator: a stand-in for RflySim3D's vision side (`--emulate rflysim`), a hil::Worker
// ("emulator.rflysim") in its own thread, talking UDP on 127.0.0.1 only.
//   - Listens for VisionSensorReq on requestPort (0 = any free port; see boundRequestPort()).
//   - A gimbal that follows commanded angles (SensorAngEular) or rates (bitmask bit 6), limited
//     to maxRateRadPs, reporting state (148 B, checksum 12346) at stateHz to statePort, or, when
//     statePort is 0, to the port the latest request came from.
//   - Sensor streams start when requested, to the port in the request's SendProtocol[5]:
//     a LiDAR (TypeID 20-23) over a ground plane and a box at lidarHz, split into 60,000-byte
//     packets, in the float32 layout, or in RflySim's int16 one when the request asks for
//     compression (SendProtocol[0] = 1) or int16Lidar is set, scaled by the request's
//     otherParams[0] (int16RangeM when that is 0); a camera (image TypeIDs) of raw BGR8/mono pixels
//     at imageHz. Each stream has its own socket (RflySim frame ids are per stream).
//   - A repeated request for a sensor replaces its stream (new port, new parameters): what
//     RflySim's own tools expect of RflySim3D for a repeated SeqID (docs/protocols/rflysim.md,
//     "Repeated requests"). There is one LiDAR stream and one camera stream.
//   - sensorsOnRequestOnly: the stand-in of a RflySim3D that nothing has asked yet. It makes a
//     sensor only from a plain request (a gimbal command, with control bits set, moves the gimbal
//     but makes no camera) and reports no gimbal state before a plain gimbal request made the
//     gimbal camera. Off (the default), a gimbal command also starts the camera stream and state
//     goes to a configured statePort from the start, as before this mode existed.
//   - Impairment switches for tests: lose (one part of every other multi-part frame withheld),
//     reorder (parts sent last first), duplicate (every part sent twice).

#include "core/worker.h"
#include "rflysim/payloads.h"
#include "rflysim/visionreq.h"

#include <QHostAddress>
#include <QVector>
#include <atomic>

class QUdpSocket;
class QTimer;

namespace hil {

struct RflySimEmulatorConfig
{
    quint16 requestPort = 0; ///< 0 = any free port
    quint16 statePort = 0;   ///< 0 = reply to the port the latest request came from
    double maxRateRadPs = 90.0 * M_PI / 180.0;
    int stateHz = 50;
    int lidarHz = 10;
    int imageHz = 5;
    bool int16Lidar = false;    ///< int16 layout even for an uncompressed request
    float int16RangeM = 100.0f; ///< int16 scale when the request's otherParams[0] is 0
    bool oldHeader = false;     ///< the 24-byte header instead of the 32-byte one
    bool lose = false;
    bool reorder = false;
    bool duplicate = false;
    bool sensorsOnRequestOnly = false; ///< see the header comment
};

class RflySimEmulator : public Worker
{
    Q_OBJECT
public:
    explicit RflySimEmulator(const RflySimEmulatorConfig &config = {}, QObject *parent = nullptr);
    ~RflySimEmulator() override;

    quint16 boundRequestPort() const { return m_boundRequestPort.load(); }

    /// The scene the LiDAR sees, in the sensor's FLU frame (m): for tests and the benchmark.
    static PointCloud sceneCloud();
    /// Requests whose frames this stand-in makes at its rates: a small raw gimbal camera
    /// (SeqID 0, 160 × 120 at imageHz 5) and a raw LiDAR (SeqID 1, 10 Hz). For the Station's
    /// --emulate wiring and the tests.
    static QVector<VisionSensorReq> servedSensors();

public slots:
    void setImpairments(bool lose, bool reorder, bool duplicate);
    void setStatePort(quint16 port);

protected:
    bool open(QString *error) override;
    void close() override;
    QJsonObject collectCounters() const override;

private:
    struct Stream
    {
        QUdpSocket *socket = nullptr;
        quint16 port = 0; ///< 0 = not requested yet
        VisionSensorReq req;
        qint32 frameId = 0;
    };
    void readRequests();
    void apply(const VisionSensorReq &req);
    void stepGimbal();
    void sendState();
    void sendLidar();
    void sendImage();
    void sendFrame(Stream &s, const QByteArray &payload);
    QByteArray renderImage(const VisionSensorReq &req) const;

    RflySimEmulatorConfig m_config;
    QUdpSocket *m_requestSocket = nullptr;
    QTimer *m_stateTimer = nullptr, *m_lidarTimer = nullptr, *m_imageTimer = nullptr;
    std::atomic<quint16> m_boundRequestPort{0};
    quint16 m_replyPort = 0;
    Stream m_lidar, m_camera;
    QByteArray m_lidarPayload; ///< the static scene, encoded once per request
    double m_startS = 0.0;
    qint64 m_ticks = 0;

    struct Gimbal
    {
        double pitchRad = 0.0, yawRad = 0.0;
        double pitchCmdRad = 0.0, yawCmdRad = 0.0;
        double pitchRateCmd = 0.0, yawRateCmd = 0.0; ///< rad/s, rate mode
        double pitchRate = 0.0, yawRate = 0.0;       ///< rad/s, as last moved
        bool rateMode = false;
        double focalLengthMm = 4.5;
        double fovDeg = 90.0;
        bool focalCommanded = false; ///< a focal length was set: the FOV follows it, not CameraFOV
        double lastRequestFovDeg =
            0.0; ///< CameraFOV of the last gimbal request (a counter, for tests)
        bool ranging = false;
        int zoom = 0;
        int light = 0;
        int trackTarget = -1;
        bool seen = false; ///< a gimbal request arrived
        bool made = false; ///< a plain gimbal request made the gimbal camera
    } m_g;

    struct Counters
    {
        quint64 requests = 0, gimbalRequests = 0, badRequests = 0, states = 0, lidarFrames = 0;
        quint64 imageFrames = 0, packetsSent = 0, packetsWithheld = 0;
        quint64 sensorsMade = 0; ///< streams made or replaced by a request
    } m_n;
};

} // namespace hil
