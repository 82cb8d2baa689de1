#include "rflysim/rflysimlink.h"
#include "core/hostlookup.h"
#include "rflysim/logging.h"

#include <QJsonObject>
#include <QNetworkInterface>
#include <QNetworkProxy>
#include <QTimer>
#include <QUdpSocket>
#include <QtMath>
#include <cmath>

namespace hil {

namespace {
constexpr int kMaxDatagram = 65536;
/// The group RflySim3D publishes gimbal state to (besides unicast to 20006).
const QHostAddress kStateGroup(QStringLiteral("224.0.0.10"));
constexpr std::uint16_t TypeDepthCloud = 7; ///< depth camera sent as a point cloud

bool isLocalAddress(const QHostAddress &a)
{
    return a.isLoopback() || QNetworkInterface::allAddresses().contains(a);
}

bool registerTypes()
{
    qRegisterMetaType<hil::GimbalState>();
    qRegisterMetaType<hil::PointCloud>();
    qRegisterMetaType<hil::ImageFrame>();
    qRegisterMetaType<hil::RangefinderReading>();
    qRegisterMetaType<hil::RflySimLinkConfig>();
    return true;
}
} // namespace

QVector<VisionSensorReq> RflySimLinkConfig::defaultSensors()
{
    VisionSensorReq cam;
    cam.typeId = rfly::TypeGimbalCamera;
    cam.seqId = 0;
    cam.targetCopter = 1;
    cam.dataWidth = 640;
    cam.dataHeight = 480;
    cam.dataCheckFreq = 30;
    cam.cameraFovDeg = 90.0f;
    cam.sendProtocol[0] = rfly::SendUdpJpeg;
    return {cam};
}

RflySimLink::RflySimLink(const RflySimLinkConfig &config, QObject *parent)
    : Worker(QStringLiteral("rflysim"), parent), m_config(config)
{
    static const bool registered = registerTypes();
    Q_UNUSED(registered)
    if (m_config.sensors.isEmpty())
        m_config.sensors = RflySimLinkConfig::defaultSensors();
}

RflySimLink::~RflySimLink() = default;

bool RflySimLink::open(QString *error)
{
    m_clock.start();
    m_rxBuffer.resize(kMaxDatagram);
    if (!resolveTarget(error) || !bindSockets(error))
        return false;
    m_staleTimer = new QTimer(this);
    m_staleTimer->setInterval(100);
    connect(m_staleTimer, &QTimer::timeout, this, &RflySimLink::checkStale);
    m_staleTimer->start();
    setState(LinkState::Connecting);
    resendSensorRequests();
    return true;
}

void RflySimLink::close()
{
    delete m_staleTimer;
    m_staleTimer = nullptr;
    delete m_stateSocket;
    m_stateSocket = nullptr;
    delete m_sensorSocket;
    m_sensorSocket = nullptr;
    m_reassembler.reset();
}

bool RflySimLink::resolveTarget(QString *error)
{
    const QHostAddress addr = resolveHostIPv4(m_config.host);
    if (addr.isNull()) {
        *error = QStringLiteral("rflysim: cannot resolve host '%1'").arg(m_config.host);
        return false;
    }
    m_target = addr;
    m_targetPort = m_config.requestPort
                       ? m_config.requestPort
                       : static_cast<quint16>(rfly::kRequestPortBase + m_config.window);
    // The address RflySim3D should send sensor data to: given, loopback, or ours towards it.
    QHostAddress reply(m_config.replyAddress);
    if (reply.isNull() && addr.isLoopback())
        reply = QHostAddress(QHostAddress::LocalHost);
    if (reply.isNull()) {
        QUdpSocket probe;
        probe.connectToHost(addr, m_targetPort);
        if (probe.waitForConnected(200))
            reply = probe.localAddress();
    }
    m_replyIpv4 = reply.isNull() ? 0x7f000001u : reply.toIPv4Address();
    return true;
}

bool RflySimLink::bindSockets(QString *error)
{
    const bool multicast =
        m_config.multicast == RflySimLinkConfig::Multicast::On ||
        (m_config.multicast == RflySimLinkConfig::Multicast::Auto && !isLocalAddress(m_target));
    auto bind = [&](QUdpSocket *&s, quint16 port, const char *what, bool shared) {
        s = new QUdpSocket(this);
        s->setProxy(QNetworkProxy::NoProxy);   // a simulator on the LAN: no system proxy lookup
        s->setReadBufferSize(4 * 1024 * 1024); // a LiDAR frame arrives as a burst of datagrams
        // RflySim3D on this machine (or the stand-in) needs loopback only; a remote one, or a
        // multicast group (which a socket bound to 127.0.0.1 never sees), all.
        const QHostAddress any = m_target.isLoopback() && !(shared && multicast)
                                     ? QHostAddress(QHostAddress::LocalHost)
                                     : QHostAddress(QHostAddress::AnyIPv4);
        const auto mode = shared ? QAbstractSocket::ShareAddress | QAbstractSocket::ReuseAddressHint
                                 : QAbstractSocket::DefaultForPlatform;
        if (!s->bind(any, port, mode)) {
            *error = QStringLiteral("rflysim: cannot bind %1 port %2: %3")
                         .arg(QLatin1String(what))
                         .arg(port)
                         .arg(s->errorString());
            return false;
        }
        return true;
    };
    if (!bind(m_stateSocket, m_config.statePort, "state", true) ||
        !bind(m_sensorSocket, m_config.sensorPort, "sensor", false))
        return false;
    m_multicastJoined.clear();
    if (multicast)
        joinStateGroup();
    connect(m_stateSocket, &QUdpSocket::readyRead, this, &RflySimLink::readState);
    connect(m_sensorSocket, &QUdpSocket::readyRead, this, &RflySimLink::readSensors);
    m_boundStatePort = m_stateSocket->localPort();
    m_boundSensorPort = m_sensorSocket->localPort();
    publishEndpoints();
    return true;
}

// Joins the state group on the interface that holds our address towards RflySim3D (loopback
// for 127.0.0.1), or the system's default one when none does. A failure costs only the
// multicast copy: unicast state still arrives, so it is an event, not an error.
bool RflySimLink::joinStateGroup()
{
    QNetworkInterface via;
    const QHostAddress ours(m_replyIpv4);
    for (const QNetworkInterface &i : QNetworkInterface::allInterfaces())
        for (const QNetworkAddressEntry &e : i.addressEntries())
            if (e.ip() == ours)
                via = i;
    const bool ok = via.isValid() ? m_stateSocket->joinMulticastGroup(kStateGroup, via)
                                  : m_stateSocket->joinMulticastGroup(kStateGroup);
    if (!ok) {
        raiseEvent(QStringLiteral("cannot join %1 for gimbal state: %2")
                       .arg(kStateGroup.toString(), m_stateSocket->errorString()));
        return false;
    }
    m_multicastJoined =
        kStateGroup.toString() + (via.isValid() ? QStringLiteral(" on ") + via.name() : QString());
    qCInfo(lcRflysim) << "gimbal state: joined" << m_multicastJoined;
    return true;
}

void RflySimLink::publishEndpoints()
{
    setEndpoints({{"host", m_target.toString()},
                  {"request_port", m_targetPort},
                  {"window", m_config.window},
                  {"state_port", m_boundStatePort.load()},
                  {"sensor_port", m_boundSensorPort.load()},
                  {"state_multicast",
                   m_multicastJoined.isEmpty() ? QStringLiteral("off") : m_multicastJoined}});
}

void RflySimLink::reconfigure(const RflySimLinkConfig &config)
{
    bool rebind = config.statePort != m_config.statePort ||
                  config.sensorPort != m_config.sensorPort ||
                  config.multicast != m_config.multicast;
    const bool wasLoopback = m_target.isLoopback();
    const bool wasLocal = isLocalAddress(m_target);
    m_config = config;
    if (m_config.sensors.isEmpty())
        m_config.sensors = RflySimLinkConfig::defaultSensors();
    QString error;
    if (!resolveTarget(&error)) {
        raiseEvent(error);
        return;
    }
    // loopback-only vs all interfaces; multicast joined or not
    rebind = rebind || m_target.isLoopback() != wasLoopback || isLocalAddress(m_target) != wasLocal;
    if (rebind) {
        delete m_stateSocket;
        delete m_sensorSocket;
        m_stateSocket = m_sensorSocket = nullptr;
        if (!bindSockets(&error)) {
            raiseEvent(error);
            return;
        }
    }
    publishEndpoints();
    resendSensorRequests();
}

void RflySimLink::setRequestTarget(const QString &host, quint16 port)
{
    RflySimLinkConfig c = m_config;
    c.host = host;
    c.requestPort = port;
    reconfigure(c);
}

void RflySimLink::resendSensorRequests()
{
    if (!m_stateSocket)
        return;
    m_lastRequestMs = m_clock.elapsed();
    for (VisionSensorReq req : qAsConst(m_config.sensors)) {
        const auto mode = static_cast<rfly::SendMode>(req.sendProtocol[0]);
        req.setDestination(mode == rfly::SendSharedMemory ? rfly::SendUdpRaw : mode, m_replyIpv4,
                           m_boundSensorPort.load());
        req.checksum = rfly::kRequestChecksum;
        sendDatagram(req.encode());
    }
}

GimbalRequest RflySimLink::gimbalBase() const
{
    VisionSensorReq base;
    for (const VisionSensorReq &r : m_config.sensors)
        if (r.typeId == rfly::TypeGimbalCamera) {
            base = r;
            break;
        }
    base.setDestination(static_cast<rfly::SendMode>(base.sendProtocol[0]), m_replyIpv4,
                        m_boundSensorPort.load());
    const double fov = commandedFovDeg();
    if (fov > 0.0)
        base.cameraFovDeg = static_cast<float>(fov);
    GimbalRequest g(base);
    g.clearControls();
    g.setAngles(0.0, m_pitchCmdRad, m_yawCmdRad);
    return g;
}

void RflySimLink::sendGimbal(const GimbalRequest &request)
{
    sendDatagram(request.encode());
}

void RflySimLink::sendDatagram(const QByteArray &bytes)
{
    if (!m_stateSocket)
        return;
    if (m_stateSocket->writeDatagram(bytes, m_target, m_targetPort) == bytes.size()) {
        ++m_n.requestsSent;
        return;
    }
    if (m_n.sendErrors++ == 0)
        qCWarning(lcRflysim) << "cannot send request:" << m_stateSocket->errorString();
}

void RflySimLink::setGimbalAngles(double pitchRad, double yawRad)
{
    m_pitchCmdRad = pitchRad;
    m_yawCmdRad = yawRad;
    sendGimbal(gimbalBase());
}

void RflySimLink::setGimbalRates(double pitchRateRadPs, double yawRateRadPs)
{
    sendGimbal(gimbalBase().setRates(pitchRateRadPs, yawRateRadPs));
}

void RflySimLink::setZoom(int zoomStep)
{
    sendGimbal(gimbalBase().setOpticalZoom(zoomStep));
}
void RflySimLink::setZoomBase(double zoomBase)
{
    sendGimbal(gimbalBase().setZoomBase(zoomBase));
}
void RflySimLink::setFocalLength(double mm)
{
    m_focalCmdMm = mm > 0.0 ? mm : 0.0;
    sendGimbal(gimbalBase().setFocalLength(mm));
}

double RflySimLink::commandedFovDeg() const
{
    if (m_focalCmdMm > 0.0 && m_sensorWidthMm > 0.0)
        return qRadiansToDegrees(2.0 * std::atan(m_sensorWidthMm / (2.0 * m_focalCmdMm)));
    return m_reportedFovDeg; // 0 (none yet): the configured request's value stays
}

void RflySimLink::center()
{
    m_pitchCmdRad = m_yawCmdRad = 0.0;
    sendGimbal(gimbalBase().setCentering(true));
}

void RflySimLink::trackTarget(int copterId)
{
    sendGimbal(gimbalBase().setTrackTarget(copterId));
}
void RflySimLink::setRanging(bool enable)
{
    sendGimbal(gimbalBase().setRanging(enable));
}

void RflySimLink::setLightSource(int source)
{
    sendGimbal(gimbalBase().setLightSource(static_cast<LightSource>(qBound(0, source, 2))));
}

void RflySimLink::aiBoxSelectAll()
{
    sendGimbal(gimbalBase().setAiBoxSelectAll());
}
void RflySimLink::aiBoxSelectAt(int x, int y)
{
    sendGimbal(gimbalBase().setAiBoxSelectAt(x, y));
}

void RflySimLink::readState()
{
    while (m_stateSocket && m_stateSocket->hasPendingDatagrams()) {
        const qint64 n = m_stateSocket->readDatagram(m_rxBuffer.data(), kMaxDatagram);
        if (n < 0)
            break;
        const int size = static_cast<int>(n);
        const StatePacketKind kind = classifyStatePacket(m_rxBuffer.constData(), size);
        if (kind == StatePacketKind::Unknown) {
            ++m_n.unknownPackets;
            if (!m_loggedBadState) {
                m_loggedBadState = true;
                qCInfo(lcRflysim) << "ignoring unknown state-port packet of" << size << "bytes";
            }
            continue;
        }
        if (kind != StatePacketKind::GimbalState) {
            ++m_n.otherStatePackets;
            continue;
        }
        auto state = decodeGimbalState(m_rxBuffer.constData(), size);
        if (!state)
            continue;
        state->monotonicNs = m_clock.nsecsElapsed();
        const double fovDeg = qRadiansToDegrees(state->fovRad);
        if (fovDeg > 0.0 && fovDeg < 180.0) {
            m_reportedFovDeg = fovDeg;
            if (m_sensorWidthMm <= 0.0 && state->focalLengthMm > 0.0)
                m_sensorWidthMm = 2.0 * state->focalLengthMm * std::tan(state->fovRad / 2.0);
        }
        ++m_n.statesReceived;
        m_lastStateMs = m_clock.elapsed();
        if (this->state() != LinkState::Up)
            setState(LinkState::Up);
        emit gimbalState(*state);
    }
}

void RflySimLink::readSensors()
{
    while (m_sensorSocket && m_sensorSocket->hasPendingDatagrams()) {
        quint16 senderPort = 0;
        const qint64 n =
            m_sensorSocket->readDatagram(m_rxBuffer.data(), kMaxDatagram, nullptr, &senderPort);
        if (n < 0)
            break;
        const auto r = m_reassembler.addPacket(m_rxBuffer.constData(), static_cast<int>(n),
                                               senderPort, m_clock.elapsed());
        if (r == FrameReassembler::Result::Malformed && !m_loggedBadSensor) {
            m_loggedBadSensor = true;
            qCWarning(lcRflysim) << "dropping malformed sensor packet of" << n << "bytes";
        }
        if (r == FrameReassembler::Result::Completed)
            for (const SensorFrame &f : m_reassembler.takeCompleted())
                deliver(f);
    }
}

void RflySimLink::deliver(const SensorFrame &frame)
{
    const char *p = frame.payload.constData();
    const int size = static_cast<int>(frame.payload.size());
    if (deliverImage(frame))
        return;
    if (auto r = decodeRangefinder(p, size)) {
        r->timeStampS = frame.timeStampS;
        ++m_n.rangefinderFrames;
        emit rangefinderReading(*r);
        return;
    }
    PointCloud cloud;
    const auto layout = pointCloudLayout(p, size, true);
    float rangeM = m_config.lidarInt16RangeM;
    bool assumed = false;
    if (layout == PointCloud::Encoding::Int16 || layout == PointCloud::Encoding::DepthInt16) {
        const auto requested = requestedInt16Range(*layout);
        assumed = !requested;
        rangeM = requested.value_or(rangeM);
    }
    if (layout && decodePointCloudInto(p, size, rangeM, true, &cloud)) {
        cloud.rangeAssumed = assumed;
        if (assumed) {
            ++m_n.lidarRangeAssumed;
            if (!m_loggedRangeAssumed) {
                m_loggedRangeAssumed = true;
                qCInfo(lcRflysim)
                    << "int16 point cloud from a sensor we did not request (or more than"
                       " one with different ranges): scaled by the assumed range"
                    << rangeM << "m";
            }
        }
        cloud.frameId = frame.frameId;
        cloud.timeStampS = frame.timeStampS;
        ++m_n.lidarFrames;
        emit lidarFrame(cloud);
        return;
    }
    ++m_n.undecodedFrames;
    if (!m_loggedUndecoded) {
        m_loggedUndecoded = true;
        qCInfo(lcRflysim) << "a completed sensor frame of" << size << "bytes matches no sensor";
    }
}

// The range of the compressed sensor of this kind that we requested ourselves; nullopt when
// none did, or several did with different ranges (the frame does not say which sent it).
std::optional<float> RflySimLink::requestedInt16Range(PointCloud::Encoding layout) const
{
    std::optional<float> range;
    for (const VisionSensorReq &r : m_config.sensors) {
        const bool kind = layout == PointCloud::Encoding::DepthInt16
                              ? r.typeId == TypeDepthCloud
                              : r.typeId >= rfly::TypeLidarLocal && r.typeId <= rfly::TypeMid360;
        if (!kind || r.sendProtocol[0] != rfly::SendUdpJpeg || !(r.otherParams[0] > 0.0f))
            continue;
        if (range && *range != r.otherParams[0])
            return std::nullopt;
        range = r.otherParams[0];
    }
    return range;
}

// Images carry no header of their own: a JPEG is recognised by its magic, a raw image by a size
// that matches a requested camera's width × height × bytes per pixel.
bool RflySimLink::deliverImage(const SensorFrame &frame)
{
    std::optional<ImageFrame> img;
    quint16 typeId = rfly::TypeGimbalCamera;
    if (isJpeg(frame.payload.constData(), static_cast<int>(frame.payload.size()))) {
        img = decodeJpegImage(frame.payload);
    } else {
        for (const VisionSensorReq &r : qAsConst(m_config.sensors)) {
            const auto fmt = rawFormatForType(r.typeId);
            if (fmt && (img = decodeRawImage(frame.payload, r.dataWidth, r.dataHeight, *fmt))) {
                typeId = r.typeId;
                break;
            }
        }
    }
    if (!img)
        return false;
    img->typeId = typeId;
    img->frameId = frame.frameId;
    img->timeStampS = frame.timeStampS;
    ++m_n.imageFrames;
    emit imageFrame(*img);
    return true;
}

void RflySimLink::checkStale()
{
    m_reassembler.expire(m_clock.elapsed());
    if (state() == LinkState::Up && m_clock.elapsed() - m_lastStateMs > m_config.staleMs) {
        ++m_n.stale;
        setState(LinkState::Down); // raises the event "link down"
    }
    if (state() != LinkState::Up && m_clock.elapsed() - m_lastRequestMs >= kRerequestMs)
        resendSensorRequests();
}

QJsonObject RflySimLink::collectCounters() const
{
    const auto &r = m_reassembler.counters();
    auto num = [](quint64 v) { return static_cast<double>(v); };
    return {{"gimbal_requests_sent", num(m_n.requestsSent)},
            {"gimbal_states_received", num(m_n.statesReceived)},
            {"sensor_frames_completed", num(r.framesCompleted)},
            {"sensor_frames_lost", num(r.framesLost)},
            {"packets_dropped", num(r.malformed + r.duplicates)},
            {"duplicate_packets", num(r.duplicates)},
            {"malformed_packets", num(r.malformed)},
            {"unknown_packets", num(m_n.unknownPackets)},
            {"other_state_packets", num(m_n.otherStatePackets)},
            {"lidar_frames", num(m_n.lidarFrames)},
            {"image_frames", num(m_n.imageFrames)},
            {"rangefinder_frames", num(m_n.rangefinderFrames)},
            {"undecoded_frames", num(m_n.undecodedFrames)},
            {"lidar_frames_range_assumed", num(m_n.lidarRangeAssumed)},
            {"send_errors", num(m_n.sendErrors)},
            {"stale", num(m_n.stale)},
            {"fov_cmd_deg", commandedFovDeg()},
            {"focal_cmd_mm", m_focalCmdMm}};
}

} // namespace hil
