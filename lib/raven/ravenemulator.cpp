#include "raven/ravenemulator.h"
#include "raven/logging.h"

#include <QJsonArray>
#include <QMutexLocker>
#include <QNetworkProxy>
#include <QTimer>
#include <QUdpSocket>
#include <algorithm>
#include <cmath>

namespace hil {

using namespace raven;

namespace {
constexpr double kStrokeM = RavenEmulator::kStrokeM;
constexpr double kStrokeRad = RavenEmulator::kStrokeRad;
constexpr double kPi = 3.14159265358979323846;
} // namespace

RavenEmulator::RavenEmulator(quint16 port, QObject *parent)
    : Worker(QStringLiteral("emulator.raven"), parent), m_requestedPort(port)
{
}

RavenEmulator::~RavenEmulator() = default;

void RavenEmulator::setMotorOk(int motor, bool ok)
{
    if (motor < 0 || motor > 5)
        return;
    if (ok)
        m_motorOkMask.fetch_or(1u << motor);
    else
        m_motorOkMask.fetch_and(~(1u << motor));
}

void RavenEmulator::setAxisReversed(int axis, bool on)
{
    if (axis < 0 || axis > 5)
        return;
    if (on)
        m_reversedMask.fetch_or(1u << axis);
    else
        m_reversedMask.fetch_and(~(1u << axis));
}

bool RavenEmulator::setAxisOrderForTest(const std::array<int, 6> &order)
{
    std::uint32_t seen = 0, packed = 0;
    for (std::size_t k = 0; k < 6; ++k) {
        if (order[k] < 0 || order[k] > 5 || ((seen >> order[k]) & 1u))
            return false;
        seen |= 1u << order[k];
        packed |= std::uint32_t(order[k]) << (4 * k);
    }
    m_axisOrder = packed;
    return true;
}

void RavenEmulator::setWashoutForTest(double seatS)
{
    m_seatS = seatS;
}

std::vector<RavenEmulator::CueRecord> RavenEmulator::cueHistory() const
{
    QMutexLocker lock(&m_historyMutex);
    return m_history;
}

std::array<double, 3> RavenEmulator::feltForceMps2() const
{
    QMutexLocker lock(&m_historyMutex);
    return m_felt;
}

std::array<double, 6> RavenEmulator::pose() const
{
    QMutexLocker lock(&m_historyMutex);
    return m_poseShown;
}

bool RavenEmulator::open(QString *error)
{
    m_socket = new QUdpSocket(this);
    m_socket->setProxy(QNetworkProxy::NoProxy); // 127.0.0.1: no system proxy lookup
    if (!m_socket->bind(QHostAddress::LocalHost, m_requestedPort)) {
        *error = QStringLiteral("emulator.raven: cannot bind 127.0.0.1:%1: %2")
                     .arg(m_requestedPort)
                     .arg(m_socket->errorString());
        delete m_socket;
        m_socket = nullptr;
        return false;
    }
    m_port = m_socket->localPort();
    connect(m_socket, &QUdpSocket::readyRead, this, &RavenEmulator::onReadyRead);
    m_flushTimer = new QTimer(this);
    m_flushTimer->setSingleShot(true);
    m_flushTimer->setInterval(5);
    connect(m_flushTimer, &QTimer::timeout, this, &RavenEmulator::flush);
    m_clock.start();
    setEndpoints({{"port", int(m_port)}});
    setState(LinkState::Up);
    return true;
}

void RavenEmulator::close()
{
    flush();
    delete m_flushTimer;
    m_flushTimer = nullptr;
    delete m_socket;
    m_socket = nullptr;
}

void RavenEmulator::onReadyRead()
{
    while (m_socket && m_socket->hasPendingDatagrams()) {
        QByteArray buf(int(std::max<qint64>(m_socket->pendingDatagramSize(), 1)),
                       Qt::Uninitialized);
        QHostAddress from;
        quint16 fromPort = 0;
        const qint64 n = m_socket->readDatagram(buf.data(), buf.size(), &from, &fromPort);
        if (n <= 0)
            continue;
        m_decoder.feed(buf.constData(), std::size_t(n),
                       [&](const Frame &f) { handle(f, from, fromPort); });
    }
}

void RavenEmulator::advance()
{
    const std::int64_t now = m_clock.nsecsElapsed();
    const double elapsed = double(now - m_lastAdvanceNs) * 1e-9;
    std::int64_t t = m_lastAdvanceNs;
    m_lastAdvanceNs = now;
    if (m_lastCueNs >= 0 && now - m_lastCueNs > 100'000'000 + m_responseDelayNs.load()) {
        m_cueAccel.fill(0.0); // cues stopped: the seat washes out
        m_delayed.clear();
    }
    const double forced = m_forceTempC.exchange(-1000.0);
    if (forced > -1000.0)
        m_heat.setTemperatureC(forced);

    // Cues that arrived at least the response delay ago reach the seat now, each at its due
    // time: the seat is integrated up to it with the cue before.
    while (!m_delayed.empty() && m_delayed.front().dueNs <= now) {
        const DelayedCue c = m_delayed.front();
        m_delayed.pop_front();
        if (c.dueNs > t) {
            integrate(std::min(0.1, double(c.dueNs - t) * 1e-9));
            t = c.dueNs;
        }
        m_cueAccel = c.accel;
    }
    integrate(std::min(0.1, double(now - t) * 1e-9));
    {
        QMutexLocker lock(&m_historyMutex);
        m_poseShown = m_pos;
    }
    // The actuators heat with what the seat's motion demands of them (CUEING), hold its weight
    // while it moves to the washout targets (LOADING) and carry no current otherwise. The model
    // steps exactly over any interval, so it takes the whole time since the last frame: the
    // actuators keep cooling while the platform hears nothing.
    m_heat.setOverheatThresholdC(m_overheatC);
    m_heat.step(elapsed, m_mode == ModeCueing ? m_cueAccel : std::array<double, 6>{},
                m_mode == ModeCueing || m_mode == ModeLoading);
    if (m_heat.forceLimited())
        m_forceLimitedS += elapsed;
    const int thermal = m_heat.thermal();
    const double hottest = m_heat.hottestC();
    if (thermal != m_thermal) {
        m_thermal = thermal;
        raiseEvent(thermal ? QStringLiteral("emulator.raven.overheat")
                           : QStringLiteral("emulator.raven.thermal_normal"),
                   thermal ? Severity::Error : Severity::Info,
                   thermal ? QStringLiteral("OVERHEAT PROTECTION (%1 °C)").arg(hottest, 0, 'f', 1)
                           : QStringLiteral("thermal NORMAL again"),
                   thermal ? QStringList{QString::number(hottest, 'f', 0)} : QStringList());
    }
}

void RavenEmulator::integrate(double dt)
{
    if (dt <= 0.0)
        return;
    for (std::size_t i = 0; i < 6; ++i) {
        const double stroke = i < 3 ? kStrokeM : kStrokeRad;
        if (m_mode == ModeCueing) {
            // Semi-implicit Euler in ≤ 2 ms steps (stable for ω·h ≪ 1 at any frame spacing).
            const double w = 1.0 / m_seatS;
            const int n = std::max(1, int(std::ceil(dt / 0.002)));
            const double h = dt / n;
            for (int k = 0; k < n; ++k) {
                m_vel[i] +=
                    (m_cueAccel[i] - 2.0 * w * m_vel[i] - w * w * (m_pos[i] - m_washout[i])) * h;
                m_pos[i] += m_vel[i] * h;
            }
        } else if (m_mode == ModeLoading) {
            m_vel[i] = 0.0;
            const double step = (i < 3 ? 0.05 : 0.1) * dt; // m/s, rad/s towards the targets
            m_pos[i] += std::clamp(m_washout[i] - m_pos[i], -step, step);
        } else if (m_mode == ModeLevelBrake && i >= 3) {
            m_vel[i] = 0.0;
            m_pos[i] -= std::clamp(m_pos[i], -0.1 * dt, 0.1 * dt); // level out
        } else {
            m_vel[i] = 0.0;
        }
        if (std::abs(m_pos[i]) > stroke) { // the end stop: the seat stops there
            m_pos[i] = std::clamp(m_pos[i], -stroke, stroke);
            m_vel[i] = 0.0;
        }
    }
}

void RavenEmulator::applyCue(const Frame &f)
{
    const auto &p = f.payload;
    m_lastCueNs = m_clock.nsecsElapsed();
    const double g = kDefaultGravityMmps2 / 1000.0;
    // The six acceleration words as this platform reads them (its own order, SeatDof), in SI:
    // a translational DoF takes its word as mm/s², a rotational one as deg/s².
    const std::uint32_t order = m_axisOrder.load();
    std::array<double, 6> read{};
    for (std::size_t k = 0; k < 6 && k < p.size(); ++k) {
        const std::size_t dof = (order >> (4 * k)) & 0xFu;
        read[dof] = dof <= SeatHeave ? p[k] / 1000.0 : p[k] * kPi / 180.0;
    }
    // What the rider feels. Frame 5 is specific force already. Frames 21/85 are kinematic: the
    // platform tilts the seat by the cued angles and gravity, seen from the tilted seat, adds
    // to it. Seat axes x fwd, y left, z up; R = Ry(pitch)·Rx(roll) takes seat to ground, so
    // gravity in the seat is Rᵀ·(0, 0, −g) = (g·sin p, −g·sin r·cos p, −g·cos r·cos p).
    std::array<double, 3> felt{read[SeatSurge], read[SeatSway], read[SeatHeave]};
    if (f.id != IdAccel) {
        const double r = p[6] / 1000.0 * kPi / 180.0;
        const double pt = p[7] / 1000.0 * kPi / 180.0;
        const double gg = f.id == IdAccelAttitudeGravity && p[8] > 0 ? p[8] / 1000.0 : g;
        const std::array<double, 3> gravSeat{gg * std::sin(pt), -gg * std::sin(r) * std::cos(pt),
                                             -gg * std::cos(r) * std::cos(pt)};
        for (std::size_t i = 0; i < 3; ++i)
            felt[i] -= gravSeat[i];
    }
    {
        QMutexLocker lock(&m_historyMutex);
        m_felt = felt;
        CueRecord rec;
        rec.ns = m_lastCueNs;
        rec.id = f.id;
        for (std::size_t i = 0; i < rec.words.size() && i < p.size(); ++i)
            rec.words[i] = p[i];
        rec.feltMps2 = felt;
        if (m_history.size() >= 20000)
            m_history.erase(m_history.begin(), m_history.begin() + 5000);
        m_history.push_back(rec);
    }
    std::array<double, 6> accel = read;
    if (f.id == IdAccel)
        accel[SeatHeave] -= g; // frame 5 carries gravity: the seat moves with the rest
    const std::uint32_t reversed = m_reversedMask.load();
    for (std::size_t i = 0; i < 6; ++i)
        if ((reversed >> i) & 1u)
            accel[i] = -accel[i]; // wired backwards: the seat moves against the cue
    const std::int64_t delay = m_responseDelayNs.load();
    if (delay <= 0 && m_delayed.empty())
        m_cueAccel = accel;
    else
        m_delayed.push_back({m_lastCueNs + delay, accel});
}

std::uint32_t RavenEmulator::status() const
{
    std::array<bool, 6> ok{};
    const std::uint32_t mask = m_motorOkMask.load();
    for (int m = 0; m < 6; ++m)
        ok[std::size_t(m)] = (mask >> m) & 1u;
    return encodeStatus(m_mode, m_thermal, ok);
}

QByteArray RavenEmulator::reply(const Frame &f)
{
    std::int32_t w[8] = {};
    auto pose = [&] {
        for (std::size_t i = 0; i < 3; ++i) {
            w[i] = positionToUm(m_pos[i], nullptr);
            w[i + 3] = angleToMdeg(m_pos[i + 3], nullptr);
        }
    };
    const auto timestampUs = std::int32_t(std::uint32_t(m_clock.nsecsElapsed() / 1000));
    switch (f.id) {
    case IdAccel:
    case IdAccelAttitude:
    case IdAccelAttitudeGravity:
    case IdWashout:
        pose();
        w[6] = std::int32_t(status());
        return encodeFrame(f.id, w, 7);
    case IdModeRequest: {
        w[0] = std::int32_t(status());
        return encodeFrame(f.id, w, 1);
    }
    case IdForces:
        for (std::size_t i = 0; i < 6; ++i) // the guide gives no unit: N here
            w[i] = std::int32_t(std::lround(m_heat.forcesN()[i]));
        w[6] = std::int32_t(status());
        return encodeFrame(f.id, w, 7);
    case IdTemperatures:
        for (std::size_t i = 0; i < 6; ++i)
            w[i] = std::int32_t(std::lround(m_heat.temperaturesC()[i]));
        w[6] = std::int32_t(status());
        return encodeFrame(f.id, w, 7);
    case IdPower: {
        std::int32_t total = 0;
        for (std::size_t i = 0; i < 6; ++i) {
            w[i] = std::int32_t(std::lround(m_heat.powerW()[i])); // the model's copper loss
            total += w[i];
        }
        w[6] = total;
        w[7] = std::int32_t(status());
        return encodeFrame(f.id, w, 8);
    }
    case IdFirmware: {
        const std::int32_t fw[7] = {1, 0, 7, 2023, 3, 14, std::int32_t(0x1234abcd)};
        std::copy(fw, fw + 7, w);
        w[7] = std::int32_t(status());
        return encodeFrame(f.id, w, 8);
    }
    case IdDofPositions:
        pose();
        w[6] = timestampUs;
        w[7] = std::int32_t(status());
        return encodeFrame(f.id, w, 8);
    case IdActuatorPositions:
    case IdActuatorTargets:
    case IdCommandedForces:
        for (std::size_t i = 0; i < 6; ++i) // a crude leg model: mid-stroke + heave ± roll/pitch
            w[i] = positionToUm(0.2 + m_pos[2] + ((i % 2) ? 0.3 : -0.3) * m_pos[3] +
                                    (i < 3 ? 0.3 : -0.3) * m_pos[4],
                                nullptr);
        w[6] = timestampUs;
        w[7] = std::int32_t(status());
        return encodeFrame(f.id, w, 8);
    default:
        return {};
    }
}

void RavenEmulator::handle(const Frame &f, const QHostAddress &from, quint16 fromPort)
{
    ++m_framesReceived;
    advance();
    switch (f.id) {
    case IdAccel:
    case IdAccelAttitude:
    case IdAccelAttitudeGravity:
        applyCue(f);
        break;
    case IdWashout:
        for (std::size_t i = 0; i < 6; ++i)
            m_washout[i] = i < 3 ? umToM(f.payload[i]) : mdegToRad(f.payload[i]);
        break;
    case IdModeRequest:
        if (f.payload[0] >= ModeOff && f.payload[0] <= ModeCueing && f.payload[0] != m_mode) {
            m_mode = f.payload[0];
            m_modeShown = m_mode;
            ++m_modeChanges;
            raiseEvent(QStringLiteral("emulator.raven.mode"), Severity::Info,
                       QStringLiteral("mode %1").arg(modeName(m_mode)), {QString::number(m_mode)});
        }
        break;
    default:
        break;
    }
    if (m_silent)
        return;
    QByteArray r = reply(f);
    if (r.isEmpty())
        return;
    const int every = m_corruptEvery;
    if (every > 0 && ++m_replyCount % std::uint64_t(every) == 0)
        r[r.size() - 1] = char(r.back() ^ 0x5A);
    queueReply(r, from, fromPort);
}

void RavenEmulator::queueReply(QByteArray bytes, const QHostAddress &to, quint16 toPort)
{
    if (!m_pending.isEmpty() && (to != m_pendingTo || toPort != m_pendingPort))
        flush();
    m_pendingTo = to;
    m_pendingPort = toPort;
    m_pending += bytes;
    if (!m_merge || m_pending.size() > 400)
        flush();
    else if (!m_flushTimer->isActive())
        m_flushTimer->start();
}

void RavenEmulator::flush()
{
    if (m_pending.isEmpty() || !m_socket)
        return;
    if (m_split && m_pending.size() > 1) {
        const int cut =
            m_pending.size() / 2 + 1; // inside a frame, never on a boundary of 7-byte replies
        sendDatagram(m_pending.left(cut));
        sendDatagram(m_pending.mid(cut));
    } else {
        sendDatagram(m_pending);
    }
    m_pending.clear();
}

void RavenEmulator::sendDatagram(const QByteArray &b)
{
    if (m_socket->writeDatagram(b, m_pendingTo, m_pendingPort) == b.size())
        ++m_repliesSent;
}

QJsonObject RavenEmulator::collectCounters() const
{
    QJsonArray temps;
    for (double t : m_heat.temperaturesC())
        temps.append(std::round(t * 10.0) / 10.0);
    return {{"frames_received", double(m_framesReceived)},
            {"datagrams_sent", double(m_repliesSent)},
            {"crc_errors", double(m_decoder.crcErrors())},
            {"bytes_discarded", double(m_decoder.bytesDiscarded())},
            {"mode", modeName(m_mode)},
            {"mode_changes", double(m_modeChanges)},
            {"thermal", thermalName(m_thermal)},
            {"status_word", double(status())},
            {"felt_force_mps2", QJsonArray{m_felt[0], m_felt[1], m_felt[2]}},
            {"force_limited_s", std::round(m_forceLimitedS * 10.0) / 10.0},
            {"temperatures_c", temps}};
}

} // namespace hil
