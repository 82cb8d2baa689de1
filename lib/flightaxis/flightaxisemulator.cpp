#include "flightaxis/flightaxisemulator.h"
#include "core/post.h"
#include "flightaxis/httpmessage.h"
#include "flightaxis/logging.h"
#include "model/rotation.h"

#include <QMutexLocker>
#include <QNetworkProxy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <cmath>

namespace hil {

using flightaxis::HttpMessageReader;
using flightaxis::Method;

FlightAxisEmulator::FlightAxisEmulator(quint16 port, QObject *parent)
    : Worker(QStringLiteral("emulator.flightaxis"), parent), m_requestedPort(port)
{
}

FlightAxisEmulator::~FlightAxisEmulator()
{
    for (auto &entry : m_readers)
        delete entry.second;
}

void FlightAxisEmulator::delayReplies(int delayMs, int count)
{
    m_delayMs = delayMs;
    m_delayCount = count;
}
void FlightAxisEmulator::closeMidReply(int count)
{
    m_closeCount = count;
}
void FlightAxisEmulator::replyGarbage(int count)
{
    m_garbageCount = count;
}
void FlightAxisEmulator::oversizeContentLength(int count)
{
    m_oversizeCount = count;
}

std::vector<double> FlightAxisEmulator::idleTransmitter()
{
    std::vector<double> v(12, 0.5);
    v[2] = 0.0;
    return v;
}

void FlightAxisEmulator::setTransmitter(std::vector<double> values0to1)
{
    if (values0to1.size() > 12)
        values0to1.resize(12);
    postTo(this, [this, v = std::move(values0to1)] { m_transmitter = v; });
}

FlightAxisEmulator::ReceivedChannels FlightAxisEmulator::receivedChannels() const
{
    QMutexLocker lock(&m_receivedMutex);
    return m_received;
}

QuadModel::State FlightAxisEmulator::modelState() const
{
    QMutexLocker lock(&m_modelMutex);
    return m_model.state();
}

bool FlightAxisEmulator::open(QString *error)
{
    m_server = new QTcpServer(this);
    m_server->setProxy(QNetworkProxy::NoProxy); // 127.0.0.1: no system proxy lookup
    if (!m_server->listen(QHostAddress::LocalHost, m_requestedPort)) {
        *error = QStringLiteral("emulator.flightaxis: cannot listen on 127.0.0.1:%1: %2")
                     .arg(m_requestedPort)
                     .arg(m_server->errorString());
        return false;
    }
    m_port = m_server->serverPort();
    connect(m_server, &QTcpServer::newConnection, this, &FlightAxisEmulator::onNewConnection);
    setEndpoints({{"port", int(m_port.load())}});
    m_clock.start();
    m_frameS = 0;
    m_lastReplyFrameS = -1.0;
    // The physics runs between requests too (modelState(), a client gone quiet); PreciseTimer:
    // a coarse one may fire 5 % late, and the frames would come in pairs.
    m_tick = new QTimer(this);
    m_tick->setTimerType(Qt::PreciseTimer);
    m_tick->setInterval(std::max(1, int(std::lround(framePeriodS() * 1000.0)))); // ms
    connect(m_tick, &QTimer::timeout, this, &FlightAxisEmulator::advancePhysics);
    m_tick->start();
    setState(LinkState::Up);
    return true;
}

void FlightAxisEmulator::close()
{
    delete m_tick;
    m_tick = nullptr;
    if (m_server)
        m_server->close();
    for (auto &entry : m_readers) {
        entry.first->disconnect(this);
        entry.first->abort();
        delete entry.second;
    }
    m_readers.clear();
    delete m_server; // its sockets are children of this object, deleted with it
    m_server = nullptr;
}

QJsonObject FlightAxisEmulator::collectCounters() const
{
    const QuadModel::State s = modelState();
    return {{"connections", double(m_connections)},
            {"requests", double(m_requests)},
            {"exchanges", double(m_exchanges)},
            {"faults_sent", double(m_faultsSent)},
            {"misbehaviours", double(m_misbehaviours)},
            {"restarts", double(m_restarts)},
            {"injected", m_injected.load()},
            {"physics_time_s", m_clock.isValid() ? physicsTimeS() : 0.0},
            {"altitude_m", -s.positionNedM.z}};
}

void FlightAxisEmulator::onNewConnection()
{
    while (QTcpSocket *s = m_server->nextPendingConnection()) {
        ++m_connections;
        s->setParent(this);
        s->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        m_readers[s] = new HttpMessageReader;
        connect(s, &QTcpSocket::readyRead, this, [this, s] { onReadyRead(s); });
        connect(s, &QTcpSocket::disconnected, this, [this, s] {
            auto it = m_readers.find(s);
            if (it != m_readers.end()) {
                delete it->second;
                m_readers.erase(it);
            }
            s->deleteLater();
        });
    }
}

void FlightAxisEmulator::onReadyRead(QTcpSocket *socket)
{
    auto it = m_readers.find(socket);
    if (it == m_readers.end())
        return;
    HttpMessageReader *reader = it->second;
    const auto status = reader->feed(socket->readAll());
    if (status == HttpMessageReader::Status::NeedMore)
        return;
    socket->disconnect(this, nullptr); // one request per connection, as RealFlight does
    connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    m_readers.erase(it);
    if (status == HttpMessageReader::Status::Error) {
        qCInfo(lcFlightAxis) << "emulator: bad request:" << reader->errorString();
        delete reader;
        socket->disconnectFromHost();
        return;
    }
    if (m_framePeriodS.load() > 0 && reader->soapAction().contains("ExchangeData")) {
        // Shared, so that the reader dies with the lambda if the client goes away first.
        processWhenNewer(socket, std::shared_ptr<flightaxis::HttpMessageReader>(reader));
        return;
    }
    process(socket, *reader);
    delete reader;
}

void FlightAxisEmulator::processWhenNewer(QTcpSocket *socket,
                                          std::shared_ptr<flightaxis::HttpMessageReader> held)
{
    const double waitS = m_lastReplyFrameS + framePeriodS() - m_clock.nsecsElapsed() * 1e-9;
    if (waitS <= 0) {
        process(socket, *held);
        return;
    }
    // No frame newer than the last reply's yet: answer when there is. Checked again when the
    // timer fires, which may be early (Windows' timers, and Wine's, fire up to a tick early).
    const auto wait = std::chrono::milliseconds(static_cast<int>(std::ceil(waitS * 1000.0)));
    QTimer::singleShot(wait, Qt::PreciseTimer, socket,
                       [this, socket, held] { processWhenNewer(socket, held); });
}

void FlightAxisEmulator::process(QTcpSocket *socket, const flightaxis::HttpMessageReader &reader)
{
    ++m_requests;
    bool isExchange = false;
    const QByteArray reply = handleRequest(reader, &isExchange);
    if (isExchange)
        m_lastReplyFrameS = m_frameS;
    send(socket, reply, isExchange);
}

QByteArray FlightAxisEmulator::fault(const char *faultString, const char *detail)
{
    ++m_faultsSent;
    return flightaxis::buildHttpReply(500,
                                      flightaxis::buildFaultBody({QString::fromLatin1(faultString),
                                                                  QString::fromLatin1(detail)}));
}

QByteArray FlightAxisEmulator::handleRequest(const HttpMessageReader &request, bool *isExchange)
{
    if (m_restartPending.exchange(false))
        applyRestart();
    Method m;
    if (!flightaxis::methodFromName(request.soapAction(), &m))
        return fault("Unknown method", request.soapAction().left(64).constData());
    switch (m) {
    case Method::Restore:
        if (!m_injected)
            return fault("Error restoring controller device",
                         "Pointer to original controller device is null");
        m_injected = false;
        m_mask = 0;
        break;
    case Method::Reset: {
        QMutexLocker lock(&m_modelMutex);
        m_model.reset();
        break;
    }
    case Method::Inject:
        if (m_injected)
            return fault("Error setting new controller interface",
                         "Preexisting controller reference");
        m_injected = true;
        break;
    case Method::ExchangeData: {
        if (!m_injected)
            return fault("Error setting channel values",
                         "RealFlight Link controller has not been instantiated");
        std::uint32_t mask = 0;
        std::array<double, 12> values = m_values;
        if (!flightaxis::parseExchangeRequest(request.body(), &mask, &values))
            return fault("Error setting channel values", "malformed ExchangeData request");
        advancePhysics(); // the frames up to now, with the previous channels
        m_mask = mask;
        m_values = values;
        ++m_exchanges;
        {
            QMutexLocker lock(&m_receivedMutex);
            m_received = {mask, values, m_exchanges};
        }
        *isExchange = true;
        return flightaxis::buildHttpReply(200, flightaxis::buildReturnDataBody(returnData()));
    }
    }
    return flightaxis::buildHttpReply(200, flightaxis::buildMethodResponseBody(m));
}

void FlightAxisEmulator::send(QTcpSocket *socket, const QByteArray &reply, bool misbehave)
{
    auto takeOne = [](std::atomic<int> &count) {
        int c = count.load();
        while (c > 0 && !count.compare_exchange_weak(c, c - 1)) {
        }
        return c > 0;
    };
    if (misbehave) {
        if (takeOne(m_closeCount)) {
            ++m_misbehaviours;
            socket->write(reply.left(reply.size() / 2));
            socket->disconnectFromHost();
            return;
        }
        if (takeOne(m_garbageCount)) {
            ++m_misbehaviours;
            socket->write(flightaxis::buildHttpReply(200, "\x01\x02<<garbage, not XML>>\xff"));
            socket->disconnectFromHost();
            return;
        }
        if (takeOne(m_oversizeCount)) {
            ++m_misbehaviours;
            socket->write(
                "HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nContent-Length: 10000000\r\n\r\n");
            socket->write(reply.mid(reply.indexOf("\r\n\r\n") + 4));
            socket->disconnectFromHost();
            return;
        }
        if (takeOne(m_delayCount)) {
            ++m_misbehaviours;
            QTimer::singleShot(m_delayMs.load(), socket, [socket, reply] {
                socket->write(reply);
                socket->disconnectFromHost();
            });
            return;
        }
    }
    socket->write(reply);
    socket->disconnectFromHost();
}

double FlightAxisEmulator::physicsTimeS() const
{
    return m_timeBaseS + m_frameS;
}

double FlightAxisEmulator::framePeriodS() const
{
    const double p = m_framePeriodS.load();
    return p > 0 ? std::max(p, 1e-4) : kDefaultFramePeriodMs / 1000.0;
}

void FlightAxisEmulator::advancePhysics()
{
    if (!m_clock.isValid())
        return;
    const double period = framePeriodS();
    const double behind = m_clock.nsecsElapsed() * 1e-9 - m_frameS;
    if (behind < period)
        return;
    const auto due = static_cast<std::int64_t>(std::floor(behind / period));
    if (m_physicsPaused) { // frames still pace the replies; the physics time stands
        m_frameS += double(due) * period;
        m_timeBaseS -= double(due) * period;
        return;
    }
    // Held up (a debugger, a starved thread): the physics time still follows the clock, but no
    // more than kMaxCatchUpS of it is computed at once.
    const auto computed = std::min<std::int64_t>(
        due, std::max<std::int64_t>(1, static_cast<std::int64_t>(kMaxCatchUpS / period)));
    std::array<double, 4> throttles{};
    for (int i = 0; i < 4; ++i)
        throttles[i] = (m_mask & (1u << i)) ? m_values[i] : 0.0;
    {
        QMutexLocker lock(&m_modelMutex);
        for (std::int64_t i = 0; i < computed; ++i)
            m_model.step(period, throttles);
    }
    m_frameS += double(due) * period;
}

void FlightAxisEmulator::applyRestart()
{
    ++m_restarts;
    const double before = physicsTimeS();
    m_timeBaseS = std::max(1.0, before - 5.0); // strictly back in time
    m_clock.restart();
    m_frameS = 0;
    m_lastReplyFrameS = -1.0;
    m_injected = false;
    m_mask = 0;
    {
        QMutexLocker lock(&m_modelMutex);
        m_model.reset();
    }
    raiseEvent(QStringLiteral("emulator.flightaxis.restarted"), Severity::Info,
               QStringLiteral("restarted: physics time %1 s → %2 s")
                   .arg(before, 0, 'f', 3)
                   .arg(m_timeBaseS, 0, 'f', 3),
               {QString::number(before, 'f', 1), QString::number(m_timeBaseS, 'f', 1)});
}

flightaxis::ReturnData FlightAxisEmulator::returnData() const
{
    QuadModel::State s;
    {
        QMutexLocker lock(&m_modelMutex);
        s = m_model.state();
    }
    flightaxis::ReturnData r;
    // Not an echo of the request's mask: the captures show -1 (Evolution, 12 channels) and 255
    // (RealFlight 8, 8 channels) whatever the client sent.
    r.selectedChannels = -1;
    r.inputCount = int(m_transmitter.size());
    std::copy(m_transmitter.begin(), m_transmitter.end(), r.inputs.begin());
    flightaxis::AircraftState &a = r.state;
    a.physicsTimeS = physicsTimeS();
    a.physicsSpeedMultiplier = 1.0;
    const Vector3 v = s.velocityNedMps;
    a.airspeedMps = v.norm();
    a.groundspeedMps = std::hypot(v.x, v.y);
    a.altitudeAslM = kBaseAltitudeAslM - s.positionNedM.z;
    a.altitudeAglM = -s.positionNedM.z;
    a.rollRateDegps = radToDeg(s.ratesFrdRps.x);
    a.pitchRateDegps = radToDeg(s.ratesFrdRps.y);
    a.yawRateDegps = -radToDeg(s.ratesFrdRps.z);
    const EulerAngles e = toEuler(s.attitude);
    a.azimuthDeg = -radToDeg(e.yaw);
    a.inclinationDeg = radToDeg(e.pitch);
    a.rollDeg = radToDeg(e.roll);
    a.quatW = s.attitude.w;
    a.quatX = s.attitude.y;
    a.quatY = s.attitude.x;
    a.quatZ = -s.attitude.z;
    a.positionXM = kBaseXM + s.positionNedM.y;
    a.positionYM = kBaseYM + s.positionNedM.x;
    a.velocityWorldUMps = v.x;
    a.velocityWorldVMps = v.y;
    a.velocityWorldWMps = v.z;
    const Vector3 vb = rotateInverse(s.attitude, v);
    a.velocityBodyUMps = vb.x;
    a.velocityBodyVMps = vb.y;
    a.velocityBodyWMps = vb.z;
    a.accelWorldXMps2 = s.accelNedMps2.x;
    a.accelWorldYMps2 = s.accelNedMps2.y;
    a.accelWorldZMps2 = s.accelNedMps2.z;
    a.accelBodyXMps2 = s.specificForceFrdMps2.x;
    a.accelBodyYMps2 = s.specificForceFrdMps2.y;
    a.accelBodyZMps2 = s.specificForceFrdMps2.z;
    a.propRpm = s.propRpm;
    a.heliMainRotorRpm = -1;
    a.batteryVoltageV = s.batteryVoltageV;
    a.batteryCurrentA = s.batteryCurrentA;
    a.batteryRemainingMah = s.batteryRemainingMah;
    a.fuelRemainingOz = -1;
    a.engineRunning = s.propRpm > 1.0;
    a.touchingGround = s.onGround;
    a.controllerActive = m_injected;
    a.status = s.onGround && s.propRpm < 1.0 ? QStringLiteral("CAS-WAITINGTOLAUNCH")
                                             : QStringLiteral("CAS-FLYING");
    // RealFlight's accelerations are wrong in two states, and the stand-in is wrong the same way
    // so that the integration tests meet what the real captures show:
    if (a.status == QLatin1String("CAS-WAITINGTOLAUNCH")) {
        // Waiting to launch: free fall reported while held still (world AZ ≈ +g, body ≈ 0).
        a.accelWorldZMps2 += kGravityMps2 + kWaitingWorldAzExtraMps2;
        const Vector3 up = rotateInverse(s.attitude, Vector3{0.0, 0.0, kGravityMps2});
        a.accelBodyXMps2 += up.x;
        a.accelBodyYMps2 += up.y;
        a.accelBodyZMps2 += up.z + kWaitingBodyAzMps2;
    } else if (s.onGround) {
        // On the ground, flying status: a world AZ offset with every velocity ~0.
        a.accelWorldZMps2 += kGroundWorldAzOffsetMps2;
    }
    return r;
}

} // namespace hil
