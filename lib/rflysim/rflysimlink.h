#pragma once
// RflySimLink: the station's side of RflySim3D's gimbal and vision sensors (UDP).
// A hil::Worker living in its own thread ("rflysim"):
//   - on start, and whenever the configuration changes, sends each configured sensor request
//     (a VisionSensorReq naming our sensor port in SendProtocol) to host:20010+window, or to
//     requestPort when one is configured (emulator, tests);
//   - sends gimbal commands on the operator slots below (angles in rad, rates in rad/s);
//   - listens for gimbal state on statePort (default 20006) and sensor datagrams on sensorPort
//     (default 9999), reassembles frames and decodes them (LiDAR, depth cloud, rangefinder,
//     images) into the signals below;
//   - the state socket shares its port (SO_REUSEADDR: RflySim's own Python tools bind 20006 the
//     same way, and neither locks the other out) and, when RflySim3D is on another machine (or
//     multicast is On), joins 224.0.0.10 on the interface towards it, where RflySim3D also
//     publishes the state. Caveat: on Linux a *unicast* datagram to a shared port reaches only
//     one of the sockets; the multicast copy reaches all of them;
//   - int16 LiDAR (RflySim's compressed layout) is scaled by the range (otherParams[0]) of our
//     own request for that kind of sensor; a frame no request of ours explains (another tool
//     asked for it) is scaled by lidarInt16RangeM and marked rangeAssumed (counted, logged once);
//   - no gimbal state for staleMs → link Down (one event), Up again with the next state.
// Requests go out from the state socket, so a peer that answers to the sender reaches it.

#include "core/worker.h"
#include "rflysim/payloads.h"
#include "rflysim/reassembler.h"
#include "rflysim/visionreq.h"

#include <QElapsedTimer>
#include <QHostAddress>
#include <QVector>
#include <optional>

class QUdpSocket;
class QTimer;

namespace hil {

struct RflySimLinkConfig
{
    QString host;            ///< RflySim3D host (address or name)
    int window = 0;          ///< RflySim3D window id: requests go to 20010 + window
    quint16 requestPort = 0; ///< overrides 20010 + window when non-zero (emulator, tests)
    quint16 statePort = rfly::kDefaultStatePort;   ///< 0 = any free port
    quint16 sensorPort = rfly::kDefaultSensorPort; ///< 0 = any free port
    QString replyAddress;             ///< IPv4 written into SendProtocol; empty = ours towards host
    QVector<VisionSensorReq> sensors; ///< empty = defaultSensors()
    int staleMs = 500;
    float lidarInt16RangeM = 100.0f; ///< m: int16 LiDAR scale when no request of ours gives one
    enum class Multicast { Auto, On, Off };
    Multicast multicast = Multicast::Auto; ///< join 224.0.0.10: Auto = when host is not local

    /// The gimbal camera (TypeID 9, 148-byte form, SeqID 0, 640×480 JPEG over UDP).
    static QVector<VisionSensorReq> defaultSensors();
};

class RflySimLink : public Worker
{
    Q_OBJECT
public:
    explicit RflySimLink(const RflySimLinkConfig &config, QObject *parent = nullptr);
    ~RflySimLink() override;

    /// The ports actually bound (after start). Thread-safe through endpoints() as well.
    quint16 boundStatePort() const { return m_boundStatePort.load(); }
    quint16 boundSensorPort() const { return m_boundSensorPort.load(); }

public slots:
    /// New configuration: rebinds when ports changed, then re-sends the sensor requests.
    void reconfigure(const hil::RflySimLinkConfig &config);
    /// Points the requests at another host/port (e.g. an emulator started later) and re-sends.
    void setRequestTarget(const QString &host, quint16 port);
    void resendSensorRequests();

    void setGimbalAngles(double pitchRad, double yawRad);
    void setGimbalRates(double pitchRateRadPs, double yawRateRadPs);
    void setZoom(int zoomStep);
    void setZoomBase(double zoomBase);
    void setFocalLength(double focalLengthMm);
    void center();
    void trackTarget(int copterId);
    void setRanging(bool enable);
    void setLightSource(int source); ///< 0 RGB, 1 thermal heatmap, 2 infrared grey
    void aiBoxSelectAll();
    void aiBoxSelectAt(int pixelX, int pixelY);

signals:
    void gimbalState(const hil::GimbalState &state);
    void lidarFrame(const hil::PointCloud &cloud);
    void imageFrame(const hil::ImageFrame &image);
    void rangefinderReading(const hil::RangefinderReading &reading);

protected:
    bool open(QString *error) override;
    void close() override;
    QJsonObject collectCounters() const override;

private:
    bool bindSockets(QString *error);
    bool joinStateGroup();
    std::optional<float> requestedInt16Range(PointCloud::Encoding layout) const;
    bool resolveTarget(QString *error);
    void readState();
    void readSensors();
    void deliver(const SensorFrame &frame);
    bool deliverImage(const SensorFrame &frame);
    void checkStale();
    void sendGimbal(const GimbalRequest &request);
    void sendDatagram(const QByteArray &bytes);
    GimbalRequest gimbalBase() const;
    void publishEndpoints();

    RflySimLinkConfig m_config;
    QUdpSocket *m_stateSocket = nullptr;
    QUdpSocket *m_sensorSocket = nullptr;
    QTimer *m_staleTimer = nullptr;
    QHostAddress m_target;
    quint16 m_targetPort = 0;
    quint32 m_replyIpv4 = 0x7f000001;
    std::atomic<quint16> m_boundStatePort{0};
    std::atomic<quint16> m_boundSensorPort{0};
    QByteArray m_rxBuffer;
    FrameReassembler m_reassembler;
    QElapsedTimer m_clock;
    qint64 m_lastStateMs = -1;
    /// When the sensor requests last went out (m_clock ms). While no gimbal state arrives they
    /// are repeated every kRerequestMs: a restarted RflySim3D has forgotten them and would
    /// otherwise never send again (found by the fault suite).
    qint64 m_lastRequestMs = 0;
    static constexpr qint64 kRerequestMs = 500;
    double m_pitchCmdRad = 0.0, m_yawCmdRad = 0.0;
    // CameraFOV in every gimbal request: the FOV the panel commands, never a fixed default.
    // Before the operator sets a focal length it is the camera's own reported FOV (the first
    // command then changes nothing the panel does not show); after, the FOV of the commanded focal
    // length on the camera's sensor, whose width is latched from its first report
    // (w = 2·f·tan(FOV/2)). Without any report yet, the configured request's FOV.
    double m_focalCmdMm = 0.0;     ///< 0 = the operator has not set one
    double m_reportedFovDeg = 0.0; ///< the camera's last report, 0 = none
    double m_sensorWidthMm =
        0.0; ///< from the camera's first report with focal length and FOV, 0 = unknown
    double commandedFovDeg() const; ///< what CameraFOV carries now (see above), degrees
    bool m_loggedBadState = false, m_loggedBadSensor = false, m_loggedUndecoded = false;
    bool m_loggedRangeAssumed = false;
    QString m_multicastJoined; ///< "224.0.0.10 on <interface>", or empty

    struct Counters
    {
        quint64 requestsSent = 0, statesReceived = 0, otherStatePackets = 0, unknownPackets = 0;
        quint64 sendErrors = 0, stale = 0, lidarFrames = 0, imageFrames = 0, rangefinderFrames = 0;
        quint64 undecodedFrames = 0, lidarRangeAssumed = 0;
    } m_n;
};

} // namespace hil

Q_DECLARE_METATYPE(hil::RflySimLinkConfig)
