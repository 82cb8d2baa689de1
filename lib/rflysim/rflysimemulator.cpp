#include "rflysim/rflysimemulator.h"
#include "rflysim/logging.h"
#include "rflysim/reassembler.h"

#include <QDateTime>
#include <QJsonObject>
#include <QNetworkProxy>
#include <QTimer>
#include <QUdpSocket>
#include <algorithm>
#include <cmath>

namespace hil {

using namespace rfly;

namespace {
constexpr double kDeg = M_PI / 180.0;
constexpr double kPitchMinRad = -90.0 * kDeg, kPitchMaxRad = 30.0 * kDeg;
constexpr double kCameraHeightM = 10.0; ///< the emulated gimbal's height over flat ground
constexpr double kLidarHeightM = 2.0;
constexpr double kLidarRangeM = 100.0;

double wrapPi(double a)
{
    return std::remainder(a, 2.0 * M_PI);
}

// Moves value towards target by at most maxStep; returns the step taken.
double approach(double &value, double target, double maxStep)
{
    const double step = std::clamp(target - value, -maxStep, maxStep);
    value += step;
    return step;
}

// A ray from the LiDAR (FLU, kLidarHeightM over the ground) against the ground plane and an
// axis-aligned box; the nearest hit within range, seg 1 for the box, 0 for the ground.
bool castRay(double dx, double dy, double dz, CloudPoint *hit)
{
    double best = kLidarRangeM;
    float seg = -1;
    if (dz < 0) {
        const double t = kLidarHeightM / -dz;
        if (t < best) {
            best = t;
            seg = 0;
        }
    }
    // The box: x 8..10 m, y -1..1 m, z from the ground to 1 m above the sensor.
    const double lo[3] = {8.0, -1.0, -kLidarHeightM}, hi[3] = {10.0, 1.0, 1.0};
    const double d[3] = {dx, dy, dz};
    double tmin = 0.0, tmax = best;
    bool inside = true;
    for (int a = 0; a < 3 && inside; ++a) {
        if (std::abs(d[a]) < 1e-12) {
            inside = 0.0 >= lo[a] && 0.0 <= hi[a];
            continue;
        }
        double t1 = lo[a] / d[a], t2 = hi[a] / d[a];
        if (t1 > t2)
            std::swap(t1, t2);
        tmin = std::max(tmin, t1);
        tmax = std::min(tmax, t2);
        inside = tmin <= tmax;
    }
    if (inside && tmin > 0.0 && tmin < best) {
        best = tmin;
        seg = 1;
    }
    if (seg < 0)
        return false;
    *hit = {static_cast<float>(dx * best), static_cast<float>(dy * best),
            static_cast<float>(dz * best), seg};
    return true;
}
} // namespace

RflySimEmulator::RflySimEmulator(const RflySimEmulatorConfig &config, QObject *parent)
    : Worker(QStringLiteral("emulator.rflysim"), parent), m_config(config)
{
}

RflySimEmulator::~RflySimEmulator() = default;

PointCloud RflySimEmulator::sceneCloud()
{
    // 16 rows from -15° to +15°, 0.5° azimuth steps: a Velodyne-like scan.
    PointCloud c;
    c.copterId = 1;
    c.axisType = 0;
    c.pose = {0.0f, 0.0f, static_cast<float>(-kLidarHeightM), 0.0f, 0.0f, 0.0f};
    for (int row = 0; row < 16; ++row) {
        const double el = (-15.0 + 2.0 * row) * kDeg;
        for (int az = 0; az < 720; ++az) {
            const double a = az * 0.5 * kDeg;
            CloudPoint p;
            if (castRay(std::cos(el) * std::cos(a), std::cos(el) * std::sin(a), std::sin(el), &p))
                c.points.push_back(p);
        }
    }
    return c;
}

QVector<VisionSensorReq> RflySimEmulator::servedSensors()
{
    VisionSensorReq cam;
    cam.typeId = TypeGimbalCamera;
    cam.dataWidth = 160;
    cam.dataHeight = 120;
    cam.dataCheckFreq = 5;
    cam.sendProtocol[0] = SendUdpRaw;
    VisionSensorReq lidar;
    lidar.typeId = TypeLidarLocal;
    lidar.seqId = 1;
    lidar.dataCheckFreq = 10;
    lidar.sendProtocol[0] = SendUdpRaw;
    return {cam, lidar};
}

bool RflySimEmulator::open(QString *error)
{
    m_requestSocket = new QUdpSocket(this);
    m_requestSocket->setProxy(QNetworkProxy::NoProxy); // 127.0.0.1: no system proxy lookup
    if (!m_requestSocket->bind(QHostAddress::LocalHost, m_config.requestPort)) {
        *error = QStringLiteral("emulator.rflysim: cannot bind port %1: %2")
                     .arg(m_config.requestPort)
                     .arg(m_requestSocket->errorString());
        return false;
    }
    m_boundRequestPort = m_requestSocket->localPort();
    connect(m_requestSocket, &QUdpSocket::readyRead, this, &RflySimEmulator::readRequests);
    for (Stream *s : {&m_lidar, &m_camera}) {
        s->socket = new QUdpSocket(this);
        s->socket->setProxy(QNetworkProxy::NoProxy); // 127.0.0.1: no system proxy lookup
        s->socket->bind(QHostAddress::LocalHost, 0);
    }
    m_startS = QDateTime::currentMSecsSinceEpoch() / 1000.0;

    auto timer = [this](int hz, void (RflySimEmulator::*slot)()) {
        auto *t = new QTimer(this);
        t->setTimerType(Qt::PreciseTimer);
        t->setInterval(1000 / std::max(1, hz));
        connect(t, &QTimer::timeout, this, slot);
        t->start();
        return t;
    };
    m_stateTimer = timer(m_config.stateHz, &RflySimEmulator::stepGimbal);
    m_lidarTimer = timer(m_config.lidarHz, &RflySimEmulator::sendLidar);
    m_imageTimer = timer(m_config.imageHz, &RflySimEmulator::sendImage);
    setEndpoints({{"request_port", m_boundRequestPort.load()}, {"state_port", m_config.statePort}});
    setState(LinkState::Up);
    return true;
}

void RflySimEmulator::close()
{
    for (QTimer **t : {&m_stateTimer, &m_lidarTimer, &m_imageTimer}) {
        delete *t;
        *t = nullptr;
    }
    delete m_requestSocket;
    m_requestSocket = nullptr;
    for (Stream *s : {&m_lidar, &m_camera}) {
        delete s->socket;
        s->socket = nullptr;
    }
}

void RflySimEmulator::setImpairments(bool lose, bool reorder, bool duplicate)
{
    m_config.lose = lose;
    m_config.reorder = reorder;
    m_config.duplicate = duplicate;
    // args: each impairment on (1) or off (0)
    raiseEvent(QStringLiteral("emulator.rflysim.impairments"), Severity::Info,
               QStringLiteral("impairments: lose %1, reorder %2, duplicate %3")
                   .arg(lose)
                   .arg(reorder)
                   .arg(duplicate),
               {QString::number(int(lose)), QString::number(int(reorder)),
                QString::number(int(duplicate))});
}

void RflySimEmulator::setStatePort(quint16 port)
{
    m_config.statePort = port;
    setEndpoints({{"request_port", m_boundRequestPort.load()}, {"state_port", port}});
}

void RflySimEmulator::readRequests()
{
    QByteArray buf(65536, Qt::Uninitialized);
    while (m_requestSocket && m_requestSocket->hasPendingDatagrams()) {
        quint16 port = 0;
        const qint64 n = m_requestSocket->readDatagram(buf.data(), buf.size(), nullptr, &port);
        if (n < 0)
            break;
        const auto req = VisionSensorReq::decode(buf.constData(), static_cast<int>(n));
        if (!req || req->checksum != kRequestChecksum) {
            if (m_n.badRequests++ == 0)
                qCInfo(lcRflysim) << "emulator: ignoring a datagram of" << n << "bytes";
            continue;
        }
        ++m_n.requests;
        m_replyPort = port;
        apply(*req);
    }
}

void RflySimEmulator::apply(const VisionSensorReq &req)
{
    const auto &op = req.otherParams;
    const bool command = req.bitmask != 0; // a gimbal command, not a sensor request
    if (req.typeId >= TypeLidarLocal && req.typeId <= TypeMid360) {
        m_lidar.req = req;
        m_lidar.port = req.destinationPort();
        ++m_n.sensorsMade;
        // As RflySim3D: a compressed request (SendProtocol[0] = 1) gets the int16 layout scaled
        // by the request's own range (otherParams[0]); the configured range when it has none.
        PointCloud scene = sceneCloud();
        const bool int16 = m_config.int16Lidar || req.sendProtocol[0] == SendUdpJpeg;
        scene.encoding = int16 ? PointCloud::Encoding::Int16 : PointCloud::Encoding::Float32;
        m_lidarPayload = encodePointCloud(scene, req.otherParams[0] > 0.0f ? req.otherParams[0]
                                                                           : m_config.int16RangeM);
        return;
    }
    if (rawFormatForType(req.typeId) && !(command && m_config.sensorsOnRequestOnly)) {
        m_camera.req = req;
        m_camera.port = req.destinationPort();
        ++m_n.sensorsMade;
    }
    if (req.typeId != TypeGimbalCamera)
        return;
    ++m_n.gimbalRequests;
    m_g.seen = true;
    m_g.made = m_g.made || !command;
    m_g.lastRequestFovDeg = req.cameraFovDeg;
    if (!m_g.focalCommanded && req.cameraFovDeg > 0)
        m_g.fovDeg = req.cameraFovDeg;
    const std::uint32_t m = req.bitmask;
    if (m == 0) { // plain request: the attitude in SensorAngEular is the command
        m_g.rateMode = false;
        m_g.pitchCmdRad = std::clamp(req.sensorAngEulerDeg[1] * kDeg, kPitchMinRad, kPitchMaxRad);
        m_g.yawCmdRad = wrapPi(req.sensorAngEulerDeg[2] * kDeg);
    }
    if (m & MaskCenter && op[1] > 0.5f) {
        m_g.rateMode = false;
        m_g.pitchCmdRad = m_g.yawCmdRad = 0.0;
    }
    if (m & MaskRate) {
        m_g.rateMode = true;
        m_g.pitchRateCmd = op[2];
        m_g.yawRateCmd = op[3];
    }
    if (m & MaskFocalLength && op[0] > 0.0f) {
        // The stand-in camera is a pinhole on a sensor 9.0 mm wide: the width at which its
        // starting 4.5 mm lens sees the 90° that RflySim's default camera request asks for
        // (2 · 4.5 mm · tan 45° = 9 mm). Its own constant, not the link's latched width, so a test
        // of "FOV follows the focal length" is not the link agreeing with itself.
        constexpr double kSensorWidthMm = 9.0;
        m_g.focalLengthMm = op[0];
        m_g.focalCommanded = true;
        m_g.fovDeg = 2.0 * std::atan(kSensorWidthMm / (2.0 * m_g.focalLengthMm)) / kDeg;
    }
    if (m & MaskOpticalZoom)
        m_g.zoom = static_cast<int>(op[4]);
    if (m & MaskTrackTarget)
        m_g.trackTarget = static_cast<int>(op[5]);
    if (m & MaskRanging)
        m_g.ranging = op[6] > 0.5f;
    if (m & MaskLightSource)
        m_g.light = static_cast<int>(op[7]);
}

void RflySimEmulator::stepGimbal()
{
    const double dt = 1.0 / std::max(1, m_config.stateHz);
    const double maxStep = m_config.maxRateRadPs * dt;
    const double pitch0 = m_g.pitchRad, yaw0 = m_g.yawRad;
    if (m_g.rateMode) {
        m_g.pitchRad =
            std::clamp(m_g.pitchRad + std::clamp(m_g.pitchRateCmd * dt, -maxStep, maxStep),
                       kPitchMinRad, kPitchMaxRad);
        m_g.yawRad = wrapPi(m_g.yawRad + std::clamp(m_g.yawRateCmd * dt, -maxStep, maxStep));
    } else {
        approach(m_g.pitchRad, m_g.pitchCmdRad, maxStep);
        double yaw = m_g.yawRad;
        approach(yaw, m_g.yawRad + wrapPi(m_g.yawCmdRad - m_g.yawRad), maxStep);
        m_g.yawRad = wrapPi(yaw);
    }
    m_g.pitchRate = (m_g.pitchRad - pitch0) / dt;
    m_g.yawRate = wrapPi(m_g.yawRad - yaw0) / dt;
    ++m_ticks;
    sendState();
}

void RflySimEmulator::sendState()
{
    const quint16 port = m_config.statePort ? m_config.statePort : m_replyPort;
    if (!port || !m_requestSocket || (m_config.sensorsOnRequestOnly && !m_g.made))
        return;
    GimbalState s;
    s.typeId = TypeGimbalCamera;
    s.targetCopter = 1;
    s.pitchRad = m_g.pitchRad;
    s.yawRad = m_g.yawRad;
    s.pitchRateRadPs = m_g.pitchRate;
    s.yawRateRadPs = m_g.yawRate;
    s.focalLengthMm = m_g.focalLengthMm;
    s.fovRad = m_g.fovDeg * kDeg;
    const int w = m_camera.req.dataWidth ? m_camera.req.dataWidth : 160;
    const int h = m_camera.req.dataHeight ? m_camera.req.dataHeight : 120;
    s.fxPx = s.fyPx = (w / 2.0) / std::tan(s.fovRad / 2.0);
    s.pixelWidth = w;
    s.pixelHeight = h;
    if (m_g.ranging && m_g.pitchRad < -1.0 * kDeg)
        s.laserRangeM = kCameraHeightM / std::sin(-m_g.pitchRad);
    if (m_requestSocket->writeDatagram(encodeGimbalState(s), QHostAddress::LocalHost, port) > 0)
        ++m_n.states;
}

void RflySimEmulator::sendLidar()
{
    if (!m_lidar.port)
        return;
    sendFrame(m_lidar, m_lidarPayload);
    ++m_n.lidarFrames;
}

void RflySimEmulator::sendImage()
{
    if (!m_camera.port)
        return;
    sendFrame(m_camera, renderImage(m_camera.req));
    ++m_n.imageFrames;
}

// A test card: a grey gradient with a bright cross whose position follows the gimbal.
QByteArray RflySimEmulator::renderImage(const VisionSensorReq &req) const
{
    const int w = std::clamp<int>(req.dataWidth ? req.dataWidth : 160, 16, 640);
    const int h = std::clamp<int>(req.dataHeight ? req.dataHeight : 120, 16, 480);
    const ImageFrame::Format fmt = rawFormatForType(req.typeId).value_or(ImageFrame::Format::Bgr8);
    const int bpp = ImageFrame::bytesPerPixel(fmt);
    QByteArray img(w * h * bpp, Qt::Uninitialized);
    const int cx = static_cast<int>((0.5 + wrapPi(m_g.yawRad) / (2 * M_PI)) * w) % w;
    const int cy = std::clamp(static_cast<int>((0.5 - m_g.pitchRad / M_PI) * h), 0, h - 1);
    char *p = img.data();
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const bool cross = std::abs(x - cx) < 2 || std::abs(y - cy) < 2;
            const auto v = static_cast<unsigned char>(cross ? 255 : (x * 200 / w + y * 55 / h));
            for (int c = 0; c < bpp; ++c)
                *p++ = static_cast<char>(bpp == 3 && c == 0 && !cross ? 255 - v : v);
        }
    return img;
}

void RflySimEmulator::sendFrame(Stream &s, const QByteArray &payload)
{
    const int headerSize = m_config.oldHeader ? kHeader24Size : kHeader32Size;
    const int parts = static_cast<int>((payload.size() + kChunkBytes - 1) / kChunkBytes);
    const qint32 frameId = s.frameId++;
    SensorPacketHeader h;
    h.headerSize = headerSize;
    h.checksum = m_config.oldHeader ? kHeader24Checksum : kHeader32Checksum;
    h.pkgNum = parts;
    h.frameId = frameId;
    h.timeStampS = QDateTime::currentMSecsSinceEpoch() / 1000.0 - m_startS;
    QByteArray datagram;
    for (int k = 0; k < parts; ++k) {
        const int id = m_config.reorder ? parts - 1 - k : k;
        if (m_config.lose && parts > 1 && (frameId % 2) == 1 && id == 1) {
            ++m_n.packetsWithheld;
            continue;
        }
        const int offset = id * kChunkBytes;
        const int bytes = std::min<int>(kChunkBytes, static_cast<int>(payload.size()) - offset);
        h.pkgId = id;
        h.pkgLen = headerSize + bytes;
        datagram.resize(h.pkgLen);
        writeSensorHeader(datagram.data(), h);
        std::copy_n(payload.constData() + offset, bytes, datagram.data() + headerSize);
        for (int copy = 0; copy < (m_config.duplicate ? 2 : 1); ++copy)
            if (s.socket->writeDatagram(datagram, QHostAddress::LocalHost, s.port) > 0)
                ++m_n.packetsSent;
    }
}

QJsonObject RflySimEmulator::collectCounters() const
{
    auto num = [](quint64 v) { return static_cast<double>(v); };
    return {{"requests_received", num(m_n.requests)},
            {"gimbal_requests_received", num(m_n.gimbalRequests)},
            {"bad_requests", num(m_n.badRequests)},
            {"states_sent", num(m_n.states)},
            {"lidar_frames_sent", num(m_n.lidarFrames)},
            {"image_frames_sent", num(m_n.imageFrames)},
            {"packets_sent", num(m_n.packetsSent)},
            {"packets_withheld", num(m_n.packetsWithheld)},
            {"sensors_made", num(m_n.sensorsMade)},
            {"last_request_fov_deg", m_g.lastRequestFovDeg},
            {"lidar_points", static_cast<double>((m_lidarPayload.size() - kCloudPreambleBytes) /
                                                 (m_config.int16Lidar ? 8 : 16))}};
}

} // namespace hil
