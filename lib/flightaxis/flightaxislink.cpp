#include "flightaxis/flightaxislink.h"
#include "flightaxis/logging.h"
#include "model/clock.h"

#include <QMetaMethod>
#include <QMutexLocker>
#include <QTimer>
#include <algorithm>
#include <cmath>

namespace hil {

using flightaxis::Method;
using flightaxis::RequestTransport;

namespace {
constexpr qint64 kSecondNs = 1000000000;
} // namespace

FlightAxisLink::FlightAxisLink(const FlightAxisConfig &config, QObject *parent)
    : Worker(QStringLiteral("flightaxis"), parent), m_config(config), m_converter(config.home),
      m_transport(*this, {config.host, config.port, config.spareSocket, config.timeoutMs}),
      m_pilotMap(config.pilotChannels)
{
    qRegisterMetaType<hil::SimFrame>();
    qRegisterMetaType<hil::ChannelFrame>();
    qRegisterMetaType<hil::PilotSample>();
    qRegisterMetaType<hil::PilotControls>();
    qRegisterMetaType<hil::PilotChannelMap>();
    m_channels.values[2] = 0.0; // throttle 0, sticks neutral (ChannelFrame's default)
    m_channels.selectedMask = 0;
}

FlightAxisLink::~FlightAxisLink() = default;

void FlightAxisLink::setChannels(const ChannelFrame &channels)
{
    tsanArrived(channels); // TSan: may be invoked queued, the frame copied by Qt in the sender
    QMutexLocker lock(&m_channelMutex);
    m_channels = channels;
}

void FlightAxisLink::setPilot(const PilotControls &controls)
{
    tsanArrived(controls); // queued from the input link's thread
    const qint64 now = steadyNowNs();
    QMutexLocker lock(&m_channelMutex);
    m_pilot = controls;
    m_pilotArrivedNs = now;
}

void FlightAxisLink::setAutopilotFed(bool fed)
{
    QMutexLocker lock(&m_channelMutex);
    if (m_autopilotFed && !fed) {
        // The autopilot's link stops after it was unrouted, so its own goodbye (mask 0) never
        // arrives here: drop its last outputs now rather than fly them on.
        m_channels.selectedMask = 0;
    }
    m_autopilotFed = fed;
}

void FlightAxisLink::setPilotChannels(const PilotChannelMap &map)
{
    {
        QMutexLocker lock(&m_channelMutex);
        m_pilotMap = map;
    }
    publishEndpoints();
}

PilotChannelMap FlightAxisLink::pilotChannels() const
{
    QMutexLocker lock(&m_channelMutex);
    return m_pilotMap;
}

QString FlightAxisLink::channelSource() const
{
    QMutexLocker lock(&m_channelMutex);
    switch (m_source) {
    case Source::Autopilot:
        return QStringLiteral("autopilot");
    case Source::Pilot:
        return QStringLiteral("pilot");
    case Source::None:
        break;
    }
    return QStringLiteral("none");
}

PilotChannelsState FlightAxisLink::pilotChannelsState() const
{
    QMutexLocker lock(&m_channelMutex);
    PilotChannelsState st;
    st.source = m_source == Source::Pilot       ? PilotChannelsState::Source::Pilot
                : m_source == Source::Autopilot ? PilotChannelsState::Source::Autopilot
                                                : PilotChannelsState::Source::Simulator;
    st.pilotExchanges = qint64(m_pilotExchanges);
    return st;
}

void FlightAxisLink::publishEndpoints()
{
    // setEndpoints is thread-safe: a panel's setPilotChannels may call this from its own thread.
    setEndpoints({{"host", m_config.host},
                  {"port", int(m_config.port)},
                  {"pilot_channels", pilotChannels().toString()}});
}

QByteArray FlightAxisLink::exchangeRequest()
{
    const qint64 now = steadyNowNs();
    QByteArray request;
    Source source = Source::None;
    Source previous = Source::None;
    QString map;
    {
        QMutexLocker lock(&m_channelMutex);
        // One source at a time: the autopilot while it is routed here, else the pilot's device
        // (never RealFlight's own controller: it flies RealFlight already).
        const bool pilot = !m_autopilotFed && m_pilot.active && m_pilotMap.injectsAny() &&
                           m_pilot.deviceId != QLatin1String(kTransmitterId) &&
                           now - m_pilotArrivedNs <= qint64(kPilotStaleMs) * 1000000;
        if (pilot) {
            const ChannelFrame c = m_pilotMap.apply(m_pilot);
            request = flightaxis::buildExchangeData(c.values, c.selectedMask);
            source = Source::Pilot;
            ++m_pilotExchanges;
        } else {
            request = flightaxis::buildExchangeData(m_channels.values, m_channels.selectedMask);
            source = m_channels.selectedMask != 0 ? Source::Autopilot : Source::None;
        }
        previous = m_source;
        m_source = source;
        if (source == Source::Pilot && previous != Source::Pilot)
            map = m_pilotMap.toString();
    }
    if (source == Source::Pilot && previous != Source::Pilot)
        raiseEvent(QStringLiteral("flightaxis.pilot_channels"), Severity::Info,
                   QStringLiteral("RealFlight flown from the pilot's device (%1)").arg(map), {map});
    else if (previous == Source::Pilot && source != Source::Pilot)
        raiseEvent(QStringLiteral("flightaxis.pilot_channels_end"), Severity::Info,
                   QStringLiteral("RealFlight no longer flown from the pilot's device"));
    return request;
}

bool FlightAxisLink::open(QString *error)
{
    if (m_config.host.isEmpty() || m_config.port == 0) {
        *error = QStringLiteral("flightaxis: no RealFlight address");
        return false;
    }
    m_transport.open(this);
    m_next = new QTimer(this);
    m_next->setSingleShot(true);
    // A rate limit's waits and a re-inject's (kReinjectMinIntervalMs) are a few ms: Windows
    // serves a coarse timer from the 15.6 ms system tick.
    m_next->setTimerType(Qt::PreciseTimer);
    connect(m_next, &QTimer::timeout, this, &FlightAxisLink::sendNext);
    publishEndpoints();
    setState(LinkState::Connecting);
    m_phase = Phase::Restore;
    QTimer::singleShot(0, this, &FlightAxisLink::sendNext);
    return true;
}

// ---------------------------------------------------------------------------------------------
// Requests

void FlightAxisLink::sendNext()
{
    if (m_closing || m_transport.busy() || !m_transport.resolveHost())
        return;
    switch (m_phase) {
    case Phase::Restore:
        startRequest(Method::Restore, flightaxis::buildRequest(Method::Restore));
        break;
    case Phase::Reset:
        startRequest(Method::Reset, flightaxis::buildRequest(Method::Reset));
        break;
    case Phase::Inject:
        if (m_injectedOnce)
            ++m_reinjects;
        m_injectedOnce = true;
        m_sinceInject.start();
        startRequest(Method::Inject, flightaxis::buildRequest(Method::Inject));
        break;
    case Phase::Exchange:
        if (m_config.maxExchangeRateHz > 0) {
            // An even cadence: each request is due one interval after the previous one was,
            // so that waits rounded up to whole ms do not lower the rate; after a longer gap
            // (RealFlight slower than the limit, a re-inject) the cadence starts again.
            const qint64 interval = qint64(1e9 / m_config.maxExchangeRateHz);
            const qint64 now = steadyNowNs();
            m_exchangeDueNs =
                now - m_exchangeDueNs < interval ? m_exchangeDueNs + interval : now + interval;
        }
        startRequest(Method::ExchangeData, exchangeRequest());
        break;
    }
}

void FlightAxisLink::startRequest(Method method, const QByteArray &bytes)
{
    m_inFlight = method;
    m_transport.start(bytes);
}

void FlightAxisLink::hostResolved()
{
    sendNext();
}

void FlightAxisLink::requestFailed(RequestTransport::Failure kind, const QString &why)
{
    switch (kind) {
    case RequestTransport::Failure::Absent:
        fail(Failure::Absent, why);
        return;
    case RequestTransport::Failure::Closed:
        fail(Failure::Closed, why);
        return;
    case RequestTransport::Failure::Timeout:
        ++m_timeouts;
        // RealFlight accepted but did not answer (hung, or a half-open connection): the data has
        // stopped, so the link is Down until an exchange succeeds again (markUp). Found by the
        // fault suite: before, the link stayed Up for as long as RealFlight hung.
        if (state() == LinkState::Up)
            setState(LinkState::Down);
        fail(Failure::Timeout, why);
        return;
    }
}

void FlightAxisLink::scheduleNext(int delayMs)
{
    if (m_closing)
        return;
    if (delayMs <= 0)
        sendNext();
    else
        m_next->start(delayMs);
}

// ---------------------------------------------------------------------------------------------
// Replies

void FlightAxisLink::replyReceived()
{
    const flightaxis::HttpMessageReader &reader = m_transport.reader();
    if (reader.status() == flightaxis::HttpMessageReader::Status::Error) {
        const bool oversize = reader.errorString().contains(QLatin1String("limit"));
        fail(oversize ? Failure::Oversize : Failure::Garbage, reader.errorString());
        return;
    }
    const int code = reader.statusCode();
    const QByteArrayView body = reader.body();
    if (code == 500) {
        handleFault(body);
        return;
    }
    if (code != 200) {
        fail(Failure::Garbage, QStringLiteral("HTTP status %1").arg(code));
        return;
    }
    switch (m_inFlight) {
    case Method::Restore:
        m_phase = m_config.resetOnStart ? Phase::Reset : Phase::Inject;
        break;
    case Method::Reset:
        m_phase = Phase::Inject;
        break;
    case Method::Inject:
        m_phase = Phase::Exchange;
        break;
    case Method::ExchangeData:
        handleExchangeReply(body);
        return;
    }
    markUp();
    sendNext();
}

void FlightAxisLink::handleFault(QByteArrayView body)
{
    flightaxis::SoapFault f;
    if (!flightaxis::parseFault(body, &f)) {
        fail(Failure::Garbage, QStringLiteral("HTTP 500 without a SOAP fault"));
        return;
    }
    const auto kind = flightaxis::classifyFault(f);
    // The expected ones: nothing to restore yet, or a controller already injected.
    if (m_inFlight == Method::Restore && kind == flightaxis::FaultKind::NothingToRestore) {
        m_phase = m_config.resetOnStart ? Phase::Reset : Phase::Inject;
        markUp();
        sendNext();
        return;
    }
    if (m_inFlight == Method::Inject && kind == flightaxis::FaultKind::AlreadyInjected) {
        m_phase = Phase::Exchange;
        markUp();
        sendNext();
        return;
    }
    ++m_soapFaults;
    const QString text =
        QStringLiteral("%1 fault: %2 (%3)")
            .arg(QLatin1String(flightaxis::methodName(m_inFlight)), f.faultString, f.detail);
    if (kind == flightaxis::FaultKind::NotInstantiated) {
        ++m_faults;
        markUp(); // RealFlight answers: it is there
        requestInject(text);
        return;
    }
    fail(Failure::Fault, text);
}

void FlightAxisLink::handleExchangeReply(QByteArrayView body)
{
    QString error;
    if (!flightaxis::parseReturnData(body, &m_reply, &error)) {
        ++m_parseErrors;
        fail(Failure::Garbage, error);
        return;
    }
    const qint64 now = steadyNowNs();
    ++m_exchanges;
    m_recent.push_back(now);
    while (!m_recent.empty() && now - m_recent.front() > kSecondNs)
        m_recent.pop_front();
    markUp();
    if (!m_reply.missing.isEmpty()) {
        if (m_incompleteFrames++ == 0)
            raiseEvent(
                QStringLiteral("flightaxis.reply_incomplete"), Severity::Info,
                QStringLiteral("reply lacks %1").arg(m_reply.missing.join(QLatin1String(", "))),
                {m_reply.missing.join(QLatin1String(", "))});
    }
    checkTime(m_reply, now);
    m_controllerActive = m_reply.state.controllerActive;

    SimFrame frame = m_converter.convert(m_reply);
    frame.monotonicNs = now;
    frame.stale = m_stalled;
    frame.sequence = ++m_sequence;
    emit frameReady(frame);
    emitTransmitter(now);

    if (!m_reply.state.controllerActive)
        requestInject(QStringLiteral("controller inactive"));
    else if (m_reply.resetButtonPressed)
        requestInject(QStringLiteral("reset button pressed"));
    else
        nextExchange();
}

void FlightAxisLink::emitTransmitter(qint64 nowNs)
{
    const flightaxis::ReturnData &r = m_reply;
    const std::uint64_t sequence = ++m_transmitterSequence;
    if (r.inputCount == 0) {
        if (m_transmitterMissing++ == 0)
            raiseEvent(QStringLiteral("flightaxis.no_controller_channels"), Severity::Info,
                       QStringLiteral("RealFlight's reply carries no controller channels: no "
                                      "transmitter sample from such replies"));
        return;
    }
    if (r.badInputs > 0) {
        // No sample rather than a guessed stick: a NaN read as centre would be half throttle.
        if (m_transmitterBad++ == 0)
            raiseEvent(QStringLiteral("flightaxis.bad_controller_channels"), Severity::Info,
                       QStringLiteral("RealFlight's controller channels: %1 of %2 not a number; "
                                      "such replies give no transmitter sample")
                           .arg(r.badInputs)
                           .arg(r.inputCount),
                       {QString::number(r.badInputs), QString::number(r.inputCount)});
        return;
    }
    ++m_transmitterSamples;
    m_transmitterChannels = r.inputCount;
    // Up to ~500 replies a second: no vector built while nobody listens.
    static const QMetaMethod signal = QMetaMethod::fromSignal(&FlightAxisLink::transmitterSample);
    if (!isSignalConnected(signal))
        return;
    static const QString id = QLatin1String(kTransmitterId),
                         name = QStringLiteral("RealFlight controller");
    PilotSample s;
    s.deviceId = id; // shared, not a string made per sample
    s.name = name;
    s.axes.resize(std::size_t(r.inputCount));
    for (int i = 0; i < r.inputCount; ++i)
        s.axes[std::size_t(i)] = 2.0 * std::clamp(r.inputs[std::size_t(i)], 0.0, 1.0) - 1.0;
    s.monotonicNs = nowNs;
    s.sequence = sequence;
    emit transmitterSample(s);
}

void FlightAxisLink::nextExchange()
{
    const qint64 waitNs = m_config.maxExchangeRateHz > 0 ? m_exchangeDueNs - steadyNowNs() : 0;
    if (waitNs <= 0)
        sendNext();
    else
        scheduleNext(int((waitNs + 999999) / 1000000));
}

void FlightAxisLink::checkTime(const flightaxis::ReturnData &r, qint64 nowNs)
{
    const double t = r.state.physicsTimeS;
    if (!m_haveTime) {
        m_haveTime = true;
        m_lastPhysicsS = t;
        m_lastProgressNs = nowNs;
    } else {
        const double dt = t - m_lastPhysicsS;
        if (dt < 0) {
            ++m_timeResets;
            m_converter.relatch();
            raiseEvent(QStringLiteral("flightaxis.physics_time_reset"), Severity::Info,
                       QStringLiteral("physics time went back %1 s → %2 s: RealFlight restarted "
                                      "or reset, origin re-latched")
                           .arg(m_lastPhysicsS, 0, 'f', 3)
                           .arg(t, 0, 'f', 3),
                       {QString::number(m_lastPhysicsS, 'f', 1), QString::number(t, 'f', 1)});
        } else if (dt >= kGlitchMinS && dt <= kGlitchMaxS) {
            ++m_glitches;
        }
        if (dt != 0) {
            m_lastProgressNs = nowNs;
            if (m_stalled) {
                m_stalled = false;
                raiseEvent(QStringLiteral("flightaxis.physics_running"), Severity::Info,
                           QStringLiteral("physics running again"));
            }
        } else if (!m_stalled && nowNs - m_lastProgressNs > qint64(kStallMs) * 1000000) {
            m_stalled = true;
            ++m_stalls;
            raiseEvent(
                QStringLiteral("flightaxis.physics_stalled"), Severity::Info,
                QStringLiteral("physics stalled (no progress for %1 ms): frames marked stale")
                    .arg(kStallMs),
                {QString::number(kStallMs)});
        }
        m_lastPhysicsS = t;
    }
    const double speed = r.state.physicsSpeedMultiplier;
    if (std::abs(speed - m_speed) > 1e-6) {
        m_speed = speed;
        raiseEvent(QStringLiteral("flightaxis.speed"), Severity::Info,
                   QStringLiteral("physics speed multiplier %1").arg(speed),
                   {QString::number(speed, 'g', 3)});
    }
}

void FlightAxisLink::requestInject(const QString &why)
{
    m_phase = Phase::Inject;
    const qint64 sinceMs =
        m_sinceInject.isValid() ? m_sinceInject.elapsed() : kReinjectMinIntervalMs;
    if (m_lastFailure != Failure::Fault) {
        qCInfo(lcFlightAxis).noquote() << "re-inject:" << why;
        m_lastFailure = Failure::Fault; // one log line until an exchange succeeds again
    }
    scheduleNext(sinceMs >= kReinjectMinIntervalMs ? 0 : int(kReinjectMinIntervalMs - sinceMs));
}

void FlightAxisLink::markUp()
{
    m_consecutiveFailures = 0;
    m_backoffMs = kBackoffMinMs;
    if (m_inFlight == Method::ExchangeData)
        m_lastFailure = Failure::None;
    if (state() != LinkState::Up) {
        if (m_everUp)
            ++m_reconnects;
        m_everUp = true;
        setState(LinkState::Up);
    }
}

void FlightAxisLink::fail(Failure kind, const QString &why)
{
    if (kind == Failure::Absent) {
        ++m_connectFailures;
        if (state() == LinkState::Up) {
            qCWarning(lcFlightAxis).noquote() << "RealFlight gone:" << why;
            setState(LinkState::Down);
        } else if (m_lastFailure != Failure::Absent) {
            qCInfo(lcFlightAxis).noquote() << "RealFlight not answering:" << why;
        }
        m_lastFailure = kind;
        // It may come back as a new RealFlight: start over (Restore → Inject).
        m_phase = Phase::Restore;
        m_haveTime = false;
        m_transport.lookUpAgain();
        const int delay = m_backoffMs;
        m_backoffMs = qMin(kBackoffMaxMs, m_backoffMs * 2);
        scheduleNext(delay);
        return;
    }
    ++m_faults;
    if (kind != m_lastFailure) {
        // args: RealFlight's name of the request and why (its fault text or ours), as they came
        const QString method = QLatin1String(flightaxis::methodName(m_inFlight));
        raiseEvent(QStringLiteral("flightaxis.request_failed"), Severity::Info,
                   QStringLiteral("%1 failed: %2").arg(method, why), {method, why});
        m_lastFailure = kind;
    }
    // A bad reply: the loop goes on; a peer that keeps failing is retried more slowly.
    ++m_consecutiveFailures;
    if (m_inFlight == Method::Inject)
        m_phase = Phase::Inject;
    const int delay = m_consecutiveFailures <= 2
                          ? 0
                          : qMin(kBackoffMaxMs, kBackoffMinMs * (m_consecutiveFailures - 2));
    scheduleNext(delay);
}

// ---------------------------------------------------------------------------------------------
// Shutdown and counters

void FlightAxisLink::close()
{
    m_closing = true;
    if (m_next)
        m_next->stop();
    m_transport.close();
    if (m_everUp && state() == LinkState::Up) {
        // Give the operator the transmitter back: mask 0, then restore the original controller.
        std::array<double, 12> values;
        {
            QMutexLocker lock(&m_channelMutex);
            values = m_channels.values;
        }
        const bool a =
            m_transport.blockingRequest(flightaxis::buildExchangeData(values, 0), kShutdownWaitMs);
        const bool b =
            m_transport.blockingRequest(flightaxis::buildRequest(Method::Restore), kShutdownWaitMs);
        raiseEvent(a && b ? QStringLiteral("flightaxis.controller_restored")
                          : QStringLiteral("flightaxis.controller_not_restored"),
                   Severity::Info,
                   a && b ? QStringLiteral("controller restored to the transmitter")
                          : QStringLiteral(
                                "could not restore the transmitter (RealFlight not answering)"));
    }
    delete m_next;
    m_next = nullptr;
}

QJsonObject FlightAxisLink::collectCounters() const
{
    const qint64 now = steadyNowNs();
    int recent = 0;
    for (auto it = m_recent.rbegin(); it != m_recent.rend() && now - *it <= kSecondNs; ++it)
        ++recent;
    return {{"exchanges", double(m_exchanges)},
            {"faults", double(m_faults)},
            {"reconnects", double(m_reconnects)},
            {"reinjects", double(m_reinjects)},
            {"rate_hz", double(recent)},
            {"last_physics_time_s", m_lastPhysicsS},
            {"controller_active", m_controllerActive},
            {"glitches", double(m_glitches)},
            // beyond the documented list (docs/cli-and-session.md)
            {"stalled", m_stalled},
            {"stalls", double(m_stalls)},
            {"speed_multiplier", m_speed},
            {"timeouts", double(m_timeouts)},
            {"parse_errors", double(m_parseErrors)},
            {"soap_faults", double(m_soapFaults)},
            {"time_resets", double(m_timeResets)},
            {"incomplete_frames", double(m_incompleteFrames)},
            {"connect_failures", double(m_connectFailures)},
            {"transmitter_samples", double(m_transmitterSamples)},
            {"transmitter_missing", double(m_transmitterMissing)},
            {"transmitter_bad", double(m_transmitterBad)},
            {"transmitter_channels", m_transmitterChannels},
            {"channel_source", channelSource()},
            {"pilot_exchanges", double(m_pilotExchanges)}};
}

std::any FlightAxisLink::collectHealth() const
{
    FlightAxisHealth h;
    h.exchanges = m_exchanges;
    h.lastPhysicsTimeS = m_lastPhysicsS;
    h.speedMultiplier = m_speed;
    h.stalls = m_stalls;
    h.controllerActive = m_controllerActive;
    h.transmitterChannels = m_transmitterChannels;
    h.transmitterSamples = m_transmitterSamples;
    return h;
}

} // namespace hil
