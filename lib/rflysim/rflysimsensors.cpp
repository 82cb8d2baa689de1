// RflySimLink's sensor side: one reply socket per requested sensor, its reassembly, decoding and
// SensorWatch (requested → streaming → silent), and the requests those watches ask for.
// Runs in the link's thread, like the rest of the link (rflysimlink.cpp).
#include "rflysim/logging.h"
#include "rflysim/rflysimlink.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QNetworkProxy>
#include <QUdpSocket>

namespace hil {

namespace {
constexpr int kMaxDatagram = 65536;
constexpr std::uint16_t TypeDepthCloud = 7; ///< depth camera sent as a point cloud

bool isLidarType(quint16 typeId)
{
    return typeId >= rfly::TypeLidarLocal && typeId <= rfly::TypeMid360;
}

void add(FrameReassembler::Counters &sum, const FrameReassembler::Counters &c)
{
    sum.packetsAccepted += c.packetsAccepted;
    sum.duplicates += c.duplicates;
    sum.malformed += c.malformed;
    sum.framesCompleted += c.framesCompleted;
    sum.framesLost += c.framesLost;
    sum.bytesCompleted += c.bytesCompleted;
}
} // namespace

RflySimLink::SensorChannel::SensorChannel(const VisionSensorReq &r, qint64 nowMs)
    : req(r), watch(r.dataCheckFreq, nowMs)
{
}

bool RflySimLink::bindSensorChannels(QString *error)
{
    // RflySim3D on this machine (or the stand-in) needs loopback only; a remote one, all.
    closeSensorChannels(); // those of a previous run, if any
    const QHostAddress any = m_target.isLoopback() ? QHostAddress(QHostAddress::LocalHost)
                                                   : QHostAddress(QHostAddress::AnyIPv4);
    const qint64 now = m_clock.elapsed();
    for (int i = 0; i < m_config.sensors.size(); ++i) {
        auto ch = std::make_unique<SensorChannel>(m_config.sensors[i], now);
        const int port = m_config.sensorPort ? m_config.sensorPort + i : 0;
        ch->socket = new QUdpSocket(this);
        ch->socket->setProxy(QNetworkProxy::NoProxy);
        ch->socket->setReadBufferSize(4 * 1024 * 1024); // a LiDAR frame is a burst of datagrams
        if (port > 65535 || !ch->socket->bind(any, static_cast<quint16>(port))) {
            *error =
                QStringLiteral("rflysim: cannot bind sensor port %1 (SeqID %2, TypeID %3): %4")
                    .arg(port)
                    .arg(ch->req.seqId)
                    .arg(ch->req.typeId)
                    .arg(port > 65535 ? QStringLiteral("beyond 65535") : ch->socket->errorString());
            m_bindProblem = {QString::number(port), port > 65535 ? QStringLiteral("beyond 65535")
                                                                 : ch->socket->errorString()};
            delete ch->socket;
            return false;
        }
        ch->port = ch->socket->localPort();
        SensorChannel *raw = ch.get(); // the connection dies with the socket, before the channel
        connect(ch->socket, &QUdpSocket::readyRead, this, [this, raw] { readSensors(*raw); });
        m_channels.push_back(std::move(ch));
        raiseSensorEvent(*raw);
    }
    m_boundSensorPort = m_channels.empty() ? quint16(0) : m_channels.front()->port;
    return true;
}

void RflySimLink::closeSensorChannels()
{
    for (const auto &ch : m_channels) {
        ch->reassembler.reset();
        add(m_n.retired, ch->reassembler.counters());
        delete ch->socket;
    }
    m_channels.clear();
}

void RflySimLink::sendSensorRequest(SensorChannel &ch)
{
    if (!m_stateSocket)
        return;
    VisionSensorReq req = ch.req;
    const auto mode = static_cast<rfly::SendMode>(req.sendProtocol[0]);
    req.setDestination(mode == rfly::SendSharedMemory ? rfly::SendUdpRaw : mode, m_replyIpv4,
                       ch.port);
    req.checksum = rfly::kRequestChecksum;
    if (ch.watch.requests() > 0)
        ++m_n.sensorRequestsResent;
    ch.watch.requestSent(m_clock.elapsed());
    sendDatagram(req.encode());
}

// Every 100 ms: lost frames, silence, and the requests that are due. Without gimbal state the
// peer itself looks gone, and quiet sensors are asked again every 500 ms (sensorwatch.h).
void RflySimLink::pollSensors()
{
    const qint64 now = m_clock.elapsed();
    const bool peerQuiet = state() != LinkState::Up;
    for (const auto &ch : m_channels) {
        ch->reassembler.expire(now);
        if (ch->watch.poll(now)) {
            // Its stream ended; a sender that comes back numbers its frames from 0 again.
            ch->reassembler.forgetStreams();
            raiseSensorEvent(*ch);
        }
        if (ch->watch.requestDue(now, peerQuiet))
            sendSensorRequest(*ch);
    }
}

void RflySimLink::raiseSensorEvent(const SensorChannel &ch)
{
    const QStringList args{QString::number(ch.req.seqId), QString::number(ch.req.typeId),
                           QString::number(ch.port)};
    switch (ch.watch.state()) {
    case SensorWatch::State::Requested:
        raiseEvent(QStringLiteral("rflysim.sensor_requested"), Severity::Info,
                   QStringLiteral("requesting sensor SeqID %1 (TypeID %2) on port %3")
                       .arg(args[0], args[1], args[2]),
                   args);
        break;
    case SensorWatch::State::Streaming:
        raiseEvent(QStringLiteral("rflysim.sensor_streaming"), Severity::Info,
                   QStringLiteral("sensor SeqID %1 (TypeID %2) streaming on port %3")
                       .arg(args[0], args[1], args[2]),
                   args);
        break;
    case SensorWatch::State::Silent: {
        // args: the silence in seconds, one decimal (the log keeps its milliseconds)
        const QStringList silent =
            args + QStringList{QString::number(double(ch.watch.silenceMs()) / 1000.0, 'f', 1)};
        raiseEvent(QStringLiteral("rflysim.sensor_silent"), Severity::Warning,
                   QStringLiteral("sensor SeqID %1 (TypeID %2) on port %3: no frame for %4 ms, "
                                  "requesting it again")
                       .arg(args[0], args[1], args[2], QString::number(ch.watch.silenceMs())),
                   silent);
        break;
    }
    }
}

QJsonArray RflySimLink::sensorCounters() const
{
    QJsonArray sensors;
    for (const auto &ch : m_channels)
        sensors.append(QJsonObject{
            {"seq_id", ch->req.seqId},
            {"type_id", ch->req.typeId},
            {"port", ch->port},
            {"state", QLatin1String(SensorWatch::stateName(ch->watch.state()))},
            {"frames", static_cast<double>(ch->watch.frames())},
            {"requests", static_cast<double>(ch->watch.requests())},
        });
    return sensors;
}

std::any RflySimLink::collectHealth() const
{
    RflySimHealth h;
    h.gimbalStatesReceived = m_n.statesReceived;
    for (const auto &ch : m_channels)
        h.sensors << RflySimHealth::Sensor{ch->req.typeId, ch->port, ch->watch.state()};
    return h;
}

void RflySimLink::readSensors(SensorChannel &ch)
{
    while (ch.socket->hasPendingDatagrams()) {
        quint16 senderPort = 0;
        const qint64 n =
            ch.socket->readDatagram(m_rxBuffer.data(), kMaxDatagram, nullptr, &senderPort);
        if (n < 0)
            break;
        const qint64 now = m_clock.elapsed();
        const auto r =
            ch.reassembler.addPacket(m_rxBuffer.constData(), static_cast<int>(n), senderPort, now);
        if (r == FrameReassembler::Result::Malformed && !m_loggedBadSensor) {
            m_loggedBadSensor = true;
            qCWarning(lcRflysim) << "dropping malformed sensor packet of" << n << "bytes";
        }
        if (r != FrameReassembler::Result::Completed)
            continue;
        for (const SensorFrame &f : ch.reassembler.takeCompleted())
            if (confirms(deliver(ch, f), ch.req.typeId) && ch.watch.frameArrived(now))
                raiseSensorEvent(ch);
    }
}

// Whether a frame of this kind confirms a sensor of this TypeID: a camera by an image, a LiDAR or
// depth cloud by a point cloud (another tool may have sent something else to the same port), a
// sensor kind this code does not decode by any decoded frame.
bool RflySimLink::confirms(FrameKind kind, quint16 typeId)
{
    if (kind == FrameKind::None)
        return false;
    if (rawFormatForType(typeId))
        return kind == FrameKind::Image;
    if (isLidarType(typeId) || typeId == TypeDepthCloud)
        return kind == FrameKind::Cloud;
    return true;
}

RflySimLink::FrameKind RflySimLink::deliver(const SensorChannel &ch, const SensorFrame &frame)
{
    const char *p = frame.payload.constData();
    const int size = static_cast<int>(frame.payload.size());
    if (deliverImage(ch, frame))
        return FrameKind::Image;
    if (auto r = decodeRangefinder(p, size)) {
        r->timeStampS = frame.timeStampS;
        ++m_n.rangefinderFrames;
        emit rangefinderReading(*r);
        return FrameKind::Rangefinder;
    }
    PointCloud cloud;
    const auto layout = pointCloudLayout(p, size, true);
    float rangeM = m_config.lidarInt16RangeM;
    bool assumed = false;
    if (layout == PointCloud::Encoding::Int16 || layout == PointCloud::Encoding::DepthInt16) {
        // The request of the port it came to gives the range, if it asked for this compressed kind.
        const VisionSensorReq &q = ch.req;
        const bool kind = layout == PointCloud::Encoding::DepthInt16 ? q.typeId == TypeDepthCloud
                                                                     : isLidarType(q.typeId);
        const bool explains =
            kind && q.sendProtocol[0] == rfly::SendUdpJpeg && q.otherParams[0] > 0.0f;
        assumed = !explains;
        if (explains)
            rangeM = q.otherParams[0];
    }
    if (layout && decodePointCloudInto(p, size, rangeM, true, &cloud)) {
        cloud.rangeAssumed = assumed;
        if (assumed) {
            ++m_n.lidarRangeAssumed;
            if (!m_loggedRangeAssumed) {
                m_loggedRangeAssumed = true;
                qCInfo(lcRflysim) << "int16 point cloud on port" << ch.port
                                  << "that our request there does not explain (another tool's"
                                     " sensor?): scaled by the assumed range"
                                  << rangeM << "m";
            }
        }
        cloud.frameId = frame.frameId;
        cloud.timeStampS = frame.timeStampS;
        ++m_n.lidarFrames;
        emit lidarFrame(cloud);
        return FrameKind::Cloud;
    }
    ++m_n.undecodedFrames;
    if (!m_loggedUndecoded) {
        m_loggedUndecoded = true;
        qCInfo(lcRflysim) << "a completed sensor frame of" << size << "bytes matches no sensor";
    }
    return FrameKind::None;
}

// Images carry no header of their own: a JPEG is recognised by its magic, a raw image by a size
// that matches width × height × bytes per pixel of the request of the port it came to (or, for a
// frame another tool sent there, of another of our requests).
bool RflySimLink::deliverImage(const SensorChannel &ch, const SensorFrame &frame)
{
    std::optional<ImageFrame> img;
    quint16 typeId =
        rawFormatForType(ch.req.typeId) ? ch.req.typeId : quint16(rfly::TypeGimbalCamera);
    if (isJpeg(frame.payload.constData(), static_cast<int>(frame.payload.size()))) {
        img = decodeJpegImage(frame.payload);
    } else {
        auto tryRequest = [&](const VisionSensorReq &r) {
            const auto fmt = rawFormatForType(r.typeId);
            if (fmt && (img = decodeRawImage(frame.payload, r.dataWidth, r.dataHeight, *fmt)))
                typeId = r.typeId;
            return img.has_value();
        };
        if (!tryRequest(ch.req))
            for (const auto &other : m_channels)
                if (other.get() != &ch && tryRequest(other->req))
                    break;
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

} // namespace hil
