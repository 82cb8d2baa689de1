#include "rflysim/rflysimlink.h"
#include "core/hostlookup.h"
#include "rflysim/logging.h"

#include <QJsonArray>
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
    pollSensors(); // every request is due: none was sent yet
    return true;
}

void RflySimLink::close()
{
    delete m_staleTimer;
    m_staleTimer = nullptr;
    delete m_stateSocket;
    m_stateSocket = nullptr;
    // The channels stay, without sockets: the final counters still list each sensor.
    for (const auto &ch : m_channels) {
        delete ch->socket;
        ch->socket = nullptr;
        ch->reassembler.reset();
    }
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

// The state socket here; each sensor's reply socket in bindSensorChannels (rflysimsensors.cpp).
bool RflySimLink::bindSockets(QString *error)
{
    const bool multicast =
        m_config.multicast == RflySimLinkConfig::Multicast::On ||
        (m_config.multicast == RflySimLinkConfig::Multicast::Auto && !isLocalAddress(m_target));
    m_stateSocket = new QUdpSocket(this);
    m_stateSocket->setProxy(QNetworkProxy::NoProxy); // a simulator on the LAN: no proxy lookup
    m_stateSocket->setReadBufferSize(4 * 1024 * 1024);
    // RflySim3D on this machine (or the stand-in) needs loopback only; a remote one, or a
    // multicast group (which a socket bound to 127.0.0.1 never sees), all.
    const QHostAddress any = m_target.isLoopback() && !multicast
                                 ? QHostAddress(QHostAddress::LocalHost)
                                 : QHostAddress(QHostAddress::AnyIPv4);
    if (!m_stateSocket->bind(any, m_config.statePort,
                             QAbstractSocket::ShareAddress | QAbstractSocket::ReuseAddressHint)) {
        *error = QStringLiteral("rflysim: cannot bind state port %1: %2")
                     .arg(m_config.statePort)
                     .arg(m_stateSocket->errorString());
        m_bindProblem = {QString::number(m_config.statePort), m_stateSocket->errorString()};
        return false;
    }
    m_multicastJoined.clear();
    if (multicast)
        joinStateGroup();
    connect(m_stateSocket, &QUdpSocket::readyRead, this, &RflySimLink::readState);
    m_boundStatePort = m_stateSocket->localPort();
    if (!bindSensorChannels(error))
        return false;
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
        raiseEvent(QStringLiteral("rflysim.state_group_not_joined"), Severity::Info,
                   QStringLiteral("cannot join %1 for gimbal state: %2")
                       .arg(kStateGroup.toString(), m_stateSocket->errorString()),
                   {kStateGroup.toString(), m_stateSocket->errorString()});
        return false;
    }
    m_multicastJoined =
        kStateGroup.toString() + (via.isValid() ? QStringLiteral(" on ") + via.name() : QString());
    qCInfo(lcRflysim) << "gimbal state: joined" << m_multicastJoined;
    return true;
}

void RflySimLink::publishEndpoints()
{
    QJsonArray sensorPorts;
    for (const auto &ch : m_channels)
        sensorPorts.append(ch->port);
    setEndpoints({{"host", m_target.toString()},
                  {"request_port", m_targetPort},
                  {"window", m_config.window},
                  {"state_port", m_boundStatePort.load()},
                  {"sensor_port", m_boundSensorPort.load()},
                  {"sensor_ports", sensorPorts},
                  {"state_multicast",
                   m_multicastJoined.isEmpty() ? QStringLiteral("off") : m_multicastJoined}});
}

void RflySimLink::reconfigure(const RflySimLinkConfig &config)
{
    const QVector<VisionSensorReq> oldSensors = m_config.sensors;
    bool rebind = config.statePort != m_config.statePort ||
                  config.sensorPort != m_config.sensorPort ||
                  config.multicast != m_config.multicast;
    const bool wasLoopback = m_target.isLoopback();
    const bool wasLocal = isLocalAddress(m_target);
    m_config = config;
    if (m_config.sensors.isEmpty())
        m_config.sensors = RflySimLinkConfig::defaultSensors();
    bool sensorsChanged = m_config.sensors.size() != oldSensors.size();
    for (int i = 0; !sensorsChanged && i < oldSensors.size(); ++i)
        sensorsChanged = m_config.sensors[i].encode() != oldSensors[i].encode();
    QString error;
    if (!resolveTarget(&error)) {
        raiseEvent(QStringLiteral("rflysim.host_unresolved"), Severity::Warning, error,
                   {m_config.host});
        return;
    }
    // loopback-only vs all interfaces; multicast joined or not
    rebind = rebind || m_target.isLoopback() != wasLoopback || isLocalAddress(m_target) != wasLocal;
    if (rebind || sensorsChanged) {
        // New sockets, new watches: every request goes out again as a first request.
        delete m_stateSocket;
        m_stateSocket = nullptr;
        closeSensorChannels();
        if (!bindSockets(&error)) {
            raiseEvent(QStringLiteral("rflysim.port_not_bound"), Severity::Warning, error,
                       m_bindProblem);
            return;
        }
        pollSensors();
        return;
    }
    publishEndpoints();
    resendSensorRequests(); // the same sensors, maybe another peer: ask it now
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
    for (const auto &ch : m_channels)
        sendSensorRequest(*ch);
}

GimbalRequest RflySimLink::gimbalBase() const
{
    // A gimbal command is a whole request for the gimbal camera: it names that camera's port,
    // so that RflySim3D, which updates the sensor of that SeqID, keeps sending where it did.
    VisionSensorReq base;
    quint16 port = m_boundSensorPort.load();
    for (const auto &ch : m_channels)
        if (ch->req.typeId == rfly::TypeGimbalCamera) {
            base = ch->req;
            port = ch->port;
            break;
        }
    base.setDestination(static_cast<rfly::SendMode>(base.sendProtocol[0]), m_replyIpv4, port);
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

void RflySimLink::checkStale()
{
    if (state() == LinkState::Up && m_clock.elapsed() - m_lastStateMs > m_config.staleMs) {
        ++m_n.stale;
        setState(LinkState::Down); // raises the event "link down"
    }
    pollSensors();
}

QJsonObject RflySimLink::collectCounters() const
{
    FrameReassembler::Counters r = m_n.retired;
    for (const auto &ch : m_channels) {
        const FrameReassembler::Counters &c = ch->reassembler.counters();
        r.framesCompleted += c.framesCompleted;
        r.framesLost += c.framesLost;
        r.malformed += c.malformed;
        r.duplicates += c.duplicates;
    }
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
            {"focal_cmd_mm", m_focalCmdMm},
            {"sensors", sensorCounters()},
            {"sensor_requests_resent", num(m_n.sensorRequestsResent)}};
}

} // namespace hil
