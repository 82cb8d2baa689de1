#pragma once
// RflySimLink: the station's side of RflySim3D's gimbal and vision sensors (UDP).
// A hil::Worker living in its own thread ("rflysim"):
//   - gives each configured sensor a reply socket of its own (sensorPort, sensorPort + 1, ... in
//     the order configured; any free ports when sensorPort is 0) and sends its VisionSensorReq,
//     naming that port in SendProtocol, to host:20010+window, or to requestPort when one is
//     configured (emulator, tests). Sensor datagrams carry no SeqID or TypeID: the port is what
//     tells which sensor a frame belongs to;
//   - a request is confirmed only by frames of that sensor (SensorWatch, sensorwatch.h), never by
//     gimbal state: it is sent again until the sensor's first frame arrives, and again when its
//     frames stop (states `requested`, `streaming`, `silent`; one event per change);
//   - sends gimbal commands on the operator slots below (angles in rad, rates in rad/s);
//   - listens for gimbal state on statePort (default 20006), reassembles each sensor's frames and
//     decodes them (LiDAR, depth cloud, rangefinder, images) into the signals below;
//   - the state socket shares its port (SO_REUSEADDR: RflySim's own Python tools bind 20006 the
//     same way, and neither locks the other out) and, when RflySim3D is on another machine (or
//     multicast is On), joins 224.0.0.10 on the interface towards it, where RflySim3D also
//     publishes the state. Caveat: on Linux a *unicast* datagram to a shared port reaches only
//     one of the sockets; the multicast copy reaches all of them;
//   - int16 LiDAR (RflySim's compressed layout) is scaled by the range (otherParams[0]) of the
//     request whose port it came to; a frame that request does not explain (another tool sent it
//     there) is scaled by lidarInt16RangeM and marked rangeAssumed (counted, logged once);
//   - no gimbal state for staleMs → link Down (one event), Up again with the next state.
// Requests go out from the state socket, so a peer that answers to the sender reaches it.
// The sensor side (reply sockets, watches, decoding) is in rflysimsensors.cpp.

#include "core/worker.h"
#include "rflysim/payloads.h"
#include "rflysim/reassembler.h"
#include "rflysim/sensorwatch.h"
#include "rflysim/visionreq.h"

#include <QElapsedTimer>
#include <QHostAddress>
#include <QJsonArray>
#include <QList>
#include <QVector>
#include <memory>
#include <vector>

class QUdpSocket;
class QTimer;

namespace hil {

struct RflySimLinkConfig
{
    QString host;            ///< RflySim3D host (address or name)
    int window = 0;          ///< RflySim3D window id: requests go to 20010 + window
    quint16 requestPort = 0; ///< overrides 20010 + window when non-zero (emulator, tests)
    quint16 statePort = rfly::kDefaultStatePort; ///< 0 = any free port
    /// The first sensor's reply port; the i-th sensor gets sensorPort + i. 0 = any free ports.
    quint16 sensorPort = rfly::kDefaultSensorPort;
    QString replyAddress;             ///< IPv4 written into SendProtocol; empty = ours towards host
    QVector<VisionSensorReq> sensors; ///< empty = defaultSensors()
    int staleMs = 500;
    float lidarInt16RangeM = 100.0f; ///< m: int16 LiDAR scale when no request of ours gives one
    enum class Multicast { Auto, On, Off };
    Multicast multicast = Multicast::Auto; ///< join 224.0.0.10: Auto = when host is not local

    /// The gimbal camera (TypeID 9, 148-byte form, SeqID 0, 640×480 JPEG over UDP).
    static QVector<VisionSensorReq> defaultSensors();
};

/// What the rig check judges RflySim by (RflySimLink::health()): copied with the link's counters
/// (10 Hz), in the link's thread.
struct RflySimHealth
{
    quint64 gimbalStatesReceived = 0; ///< since the link started
    struct Sensor
    {
        int typeId = 0;
        int port = 0; ///< its reply port, bound
        SensorWatch::State state = SensorWatch::State::Requested;
    };
    QList<Sensor> sensors; ///< every requested sensor, in the configuration's order
};

class RflySimLink : public Worker
{
    Q_OBJECT
public:
    explicit RflySimLink(const RflySimLinkConfig &config, QObject *parent = nullptr);
    ~RflySimLink() override;

    /// The ports actually bound (after start). Thread-safe through endpoints() as well.
    quint16 boundStatePort() const { return m_boundStatePort.load(); }
    /// The first sensor's reply port (endpoints(): `sensor_port`; all of them: `sensor_ports`).
    quint16 boundSensorPort() const { return m_boundSensorPort.load(); }
    /// The rig check's figures, refreshed with counters(). Thread-safe, never waits.
    RflySimHealth health() const { return healthAs<RflySimHealth>(); }

public slots:
    /// New configuration: rebinds when ports changed, then re-sends the sensor requests.
    void reconfigure(const hil::RflySimLinkConfig &config);
    /// Points the requests at another host/port (e.g. an emulator started later) and re-sends.
    void setRequestTarget(const QString &host, quint16 port);
    /// Sends every sensor's request now, whatever its state (counted as re-sent).
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
    std::any collectHealth() const override;

private:
    /// One requested sensor: its request, its own reply socket and what arrives there.
    struct SensorChannel
    {
        SensorChannel(const VisionSensorReq &r, qint64 nowMs);
        VisionSensorReq req;          ///< as configured (the destination is filled in on sending)
        QUdpSocket *socket = nullptr; ///< child of the link
        quint16 port = 0;             ///< bound
        FrameReassembler reassembler; ///< frame ids are per sender: one per socket
        SensorWatch watch;
    };
    /// What a completed frame turned out to be.
    enum class FrameKind { None, Image, Cloud, Rangefinder };

    bool bindSockets(QString *error);
    bool bindSensorChannels(QString *error);
    void closeSensorChannels();
    bool joinStateGroup();
    bool resolveTarget(QString *error);
    void readState();
    void readSensors(SensorChannel &ch);
    FrameKind deliver(const SensorChannel &ch, const SensorFrame &frame);
    bool deliverImage(const SensorChannel &ch, const SensorFrame &frame);
    static bool confirms(FrameKind kind, quint16 typeId);
    void sendSensorRequest(SensorChannel &ch);
    void pollSensors();
    void raiseSensorEvent(const SensorChannel &ch);
    QJsonArray sensorCounters() const; ///< session.json's `sensors`
    void checkStale();
    void sendGimbal(const GimbalRequest &request);
    void sendDatagram(const QByteArray &bytes);
    GimbalRequest gimbalBase() const;
    void publishEndpoints();

    RflySimLinkConfig m_config;
    QUdpSocket *m_stateSocket = nullptr;
    std::vector<std::unique_ptr<SensorChannel>> m_channels; ///< one per configured sensor
    QTimer *m_staleTimer = nullptr;
    QHostAddress m_target;
    quint16 m_targetPort = 0;
    quint32 m_replyIpv4 = 0x7f000001;
    std::atomic<quint16> m_boundStatePort{0};
    std::atomic<quint16> m_boundSensorPort{0};
    QByteArray m_rxBuffer;
    QElapsedTimer m_clock;
    qint64 m_lastStateMs = -1;
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
    /// The port that would not bind and why (C locale), set with bindSockets()'s error: the
    /// args of the event a failed reconfigure raises.
    QStringList m_bindProblem;

    struct Counters
    {
        quint64 requestsSent = 0, statesReceived = 0, otherStatePackets = 0, unknownPackets = 0;
        quint64 sendErrors = 0, stale = 0, lidarFrames = 0, imageFrames = 0, rangefinderFrames = 0;
        quint64 undecodedFrames = 0, lidarRangeAssumed = 0;
        quint64 sensorRequestsResent = 0;
        FrameReassembler::Counters retired; ///< of the reassemblers of channels closed since
    } m_n;
};

} // namespace hil

Q_DECLARE_METATYPE(hil::RflySimLinkConfig)
