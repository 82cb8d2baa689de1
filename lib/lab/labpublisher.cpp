#include "lab/labpublisher.h"
#include "lab/labconnection.h"
#include "lab/labmessages.h"
#include "lab/logging.h"

#include <QJsonDocument>
#include <QTimer>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

namespace hil::lab {

namespace {
/// QoS-1 events on the wire at once; the rest wait in the queue.
constexpr int kMaxInFlight = 64;
/// The platform topic's rate (Hz): the instructor reads mode and thermal, not a control loop.
constexpr int kPlatformIntervalMs = 100;
/// State and platform messages handed to Paho and not yet written to the socket: beyond this
/// (a broker or network that does not keep up) new ones are dropped and counted instead of
/// piling up in Paho's queue: ~1 s of state at the default rate.
constexpr int kMaxUnwritten = 64;
enum Refusal { Malformed = 0, ForeignReplyTopic = 1, Unexpected = 2 };
} // namespace

LabPublisher::LabPublisher(const LabConfig &config)
    : Worker(QStringLiteral("lab")), m_config(config),
      m_lab(new LabConnection(config, handlers(), this)),
      m_cueGain(std::numeric_limits<double>::quiet_NaN())
{
}

LabPublisher::~LabPublisher() = default;

MqttCallbacks LabPublisher::handlers()
{
    MqttCallbacks cb;
    cb.connected = [this] { onConnected(); };
    cb.connectFailed = [this](const QString &why) { onConnectFailed(why); };
    cb.connectionLost = [this](const QString &why) { onConnectionLost(why); };
    cb.message = [this](const QString &t, const QByteArray &p, const QByteArray &r,
                        const QByteArray &c, bool hasR) { onCommand(t, p, r, c, hasR); };
    cb.delivered = [this](quint64 seq, bool ok) { onEventAcked(seq, ok); };
    return cb;
}

bool LabPublisher::open(QString *error)
{
    if (!m_lab->create(error))
        return false;

    setEndpoints(QJsonObject{{"broker", m_config.broker.text()}, {"rig", m_config.rig}});
    if (m_config.broker.plaintextOffHost())
        raiseEvent(QStringLiteral("lab.plaintext"), Severity::Warning,
                   QStringLiteral("the lab broker %1 is reached without TLS: user name, password "
                                  "and STOP travel in clear text")
                       .arg(m_config.broker.text()),
                   {m_config.broker.text()});

    m_stateTimer = new QTimer(this);
    m_stateTimer->setTimerType(Qt::PreciseTimer);
    m_stateTimer->setInterval(std::max(1, int(std::lround(1000.0 / m_config.stateRateHz))));
    connect(m_stateTimer, &QTimer::timeout, this, &LabPublisher::publishState);
    m_stateTimer->start();
    m_platformTimer = new QTimer(this);
    m_platformTimer->setInterval(kPlatformIntervalMs);
    connect(m_platformTimer, &QTimer::timeout, this, &LabPublisher::publishPlatform);
    m_platformTimer->start();
    m_flushTimer = new QTimer(this);
    m_flushTimer->setSingleShot(true);
    m_flushTimer->setInterval(200);
    connect(m_flushTimer, &QTimer::timeout, this, &LabPublisher::flushEvents);

    setState(LinkState::Connecting);
    m_lab->connectNow(); // returns at once: the broker's answer comes back as onConnected() or
                         // onConnectFailed(), in this thread
    return true;
}

void LabPublisher::close()
{
    m_lab->stop(topic(m_config.rig, QStringLiteral("online")),
                onlineMessage(m_config.rig, false, QStringLiteral("exit"), unixNowS()), 2000);
    setState(LinkState::Stopped);
}

void LabPublisher::onConnected()
{
    m_everConnected = true;
    m_lastFailure.clear();
    ++m_connects;
    QString error;
    if (!m_lab->session()->subscribe(topic(m_config.rig, QStringLiteral("cmd/stop")), 1, &error))
        qCWarning(lcLab).noquote() << "lab: cannot subscribe to cmd/stop:" << error;
    publishRetained(QStringLiteral("online"),
                    onlineMessage(m_config.rig, true, QString(), unixNowS()));
    if (!m_sessionPayload.isEmpty())
        publishRetained(QStringLiteral("session"), m_sessionPayload);
    if (!m_snapshot.isEmpty())
        publishRetained(QStringLiteral("links"), linksMessage(m_snapshot, unixNowS()));
    if (!m_rigCheckPayload.isEmpty())
        publishRetained(QStringLiteral("rigcheck"), m_rigCheckPayload);
    for (PendingEvent &e : m_events)
        e.inFlight = false; // anything of the last connection not acknowledged goes again
    setState(LinkState::Up);
    raiseEvent(
        QStringLiteral("lab.connected"), Severity::Info,
        QStringLiteral("lab: connected to %1 as rig %2").arg(m_config.broker.text(), m_config.rig),
        {m_config.broker.text(), m_config.rig});
    flushEvents();
}

void LabPublisher::onConnectFailed(const QString &why)
{
    ++m_connectFailures;
    if (why != m_lastFailure) { // an event per new reason, not per retry
        m_lastFailure = why;
        raiseEvent(QStringLiteral("lab.connect_failed"), Severity::Warning,
                   QStringLiteral("lab: cannot connect to %1 (%2); retrying")
                       .arg(m_config.broker.text(), why),
                   {m_config.broker.text(), why});
    }
    setState(m_everConnected ? LinkState::Down : LinkState::Connecting);
}

void LabPublisher::onConnectionLost(const QString &why)
{
    ++m_connectionsLost;
    m_unwritten = 0; // what Paho still held of the old connection is gone with it
    for (PendingEvent &e : m_events)
        e.inFlight = false;
    setState(LinkState::Down);
    raiseEvent(QStringLiteral("lab.connection_lost"), Severity::Warning,
               QStringLiteral("lab: lost the broker %1 (%2); reconnecting")
                   .arg(m_config.broker.text(), why),
               {m_config.broker.text(), why});
}

void LabPublisher::onSimFrame(const SimFrame &frame)
{
    tsanArrived(frame);
    if (m_frameNew && !m_lab->isConnected())
        ++m_stateDropped; // the previous frame never left: the broker is away
    m_frame = frame;
    m_frameNew = true;
}

void LabPublisher::onPilot(const PilotControls &controls)
{
    tsanArrived(controls);
    m_pilot = controls; // rides on the next state message: the sticks alone publish nothing
}

void LabPublisher::publishState()
{
    if (!m_frameNew)
        return;
    if (!m_lab->isConnected())
        return; // counted in onSimFrame when the next frame replaces it
    m_frameNew = false;
    // The frame's arrival on the Unix clock: now minus its age on the steady clock.
    const double age =
        std::max<double>(0.0, (std::chrono::duration_cast<std::chrono::nanoseconds>(
                                   std::chrono::steady_clock::now().time_since_epoch())
                                   .count() -
                               m_frame.monotonicNs) *
                                  1e-9);
    QString error;
    if (m_unwritten >= kMaxUnwritten) {
        ++m_stateDropped;
        return;
    }
    if (m_lab->session()->publish(topic(m_config.rig, QStringLiteral("state")),
                                  stateMessage(m_config.rig, m_frame, unixNowS() - age,
                                               m_pilot.active ? pilotJson(m_pilot) : QJsonObject()),
                                  0, false, MqttSession::kWrittenSeq, &error)) {
        ++m_statePublished;
        ++m_unwritten;
    } else {
        ++m_stateDropped;
    }
}

void LabPublisher::onPlatform(const QJsonObject &sample)
{
    m_platform = mergePlatformReply(m_platform, sample);
    m_platformNew = true;
}

void LabPublisher::publishPlatform()
{
    if (!m_platformNew || !m_lab->isConnected() || m_unwritten >= kMaxUnwritten)
        return; // newest wins: the next tick sends the sample then current
    m_platformNew = false;
    QString error;
    if (m_lab->session()->publish(topic(m_config.rig, QStringLiteral("platform")),
                                  platformMessage(m_platform, m_cueGain, unixNowS()), 0, false,
                                  MqttSession::kWrittenSeq, &error)) {
        ++m_platformPublished;
        ++m_unwritten;
    }
}

void LabPublisher::onCounters(const QJsonObject &snapshot)
{
    m_snapshot = snapshot;
    const QJsonValue gain = snapshot.value(QLatin1String("links"))
                                .toObject()
                                .value(QLatin1String("raven"))
                                .toObject()
                                .value(QLatin1String("cue_gain"));
    m_cueGain = gain.isDouble() ? gain.toDouble() : std::numeric_limits<double>::quiet_NaN();
    const QByteArray session = sessionMessage(snapshot, m_config.rig);
    const bool sessionChanged = session != m_sessionPayload;
    m_sessionPayload = session;
    if (!m_lab->isConnected())
        return;
    if (sessionChanged)
        publishRetained(QStringLiteral("session"), session);
    publishRetained(QStringLiteral("links"), linksMessage(snapshot, unixNowS()));
    ++m_linksPublished;
}

void LabPublisher::publishRigCheck(const QJsonObject &summary)
{
    QJsonObject message = summary;
    message.insert(QStringLiteral("rig"), m_config.rig);
    m_rigCheckPayload = QJsonDocument(message).toJson(QJsonDocument::Compact);
    if (m_lab->isConnected())
        publishRetained(QStringLiteral("rigcheck"), m_rigCheckPayload);
}

void LabPublisher::publishRetained(const QString &leaf, const QByteArray &payload)
{
    QString error;
    if (!m_lab->session()->publish(topic(m_config.rig, leaf), payload, 1, true, 0, &error))
        ++m_publishErrors;
}

void LabPublisher::onEvent(const Event &event)
{
    tsanArrived(event);
    m_events.push_back({m_nextSeq++, eventMessage(event, unixNowS())});
    // Bounded: the oldest waiting event goes first (one on the wire is left to its answer).
    while (int(m_events.size()) > m_config.eventBuffer) {
        auto it = std::find_if(m_events.begin(), m_events.end(),
                               [](const PendingEvent &e) { return !e.inFlight; });
        if (it == m_events.end())
            break;
        m_events.erase(it);
        ++m_eventsDropped;
    }
    flushEvents();
}

void LabPublisher::flushEvents()
{
    if (!m_lab->isConnected())
        return;
    int inFlight = 0;
    for (const PendingEvent &e : m_events)
        inFlight += e.inFlight ? 1 : 0;
    const QString t = topic(m_config.rig, QStringLiteral("event"));
    for (PendingEvent &e : m_events) {
        if (inFlight >= kMaxInFlight)
            break;
        if (e.inFlight)
            continue;
        QString error;
        if (!m_lab->session()->publish(t, e.payload, 1, false, e.seq, &error)) {
            ++m_publishErrors;
            m_flushTimer->start(); // Paho's own queue is full or the line just went: later
            break;
        }
        e.inFlight = true;
        ++inFlight;
    }
}

void LabPublisher::onEventAcked(quint64 seq, bool ok)
{
    if (seq == MqttSession::kWrittenSeq) { // a state or platform message left (or was lost)
        m_unwritten = std::max(0, m_unwritten - 1);
        return;
    }
    auto it = std::find_if(m_events.begin(), m_events.end(),
                           [seq](const PendingEvent &e) { return e.seq == seq; });
    if (it == m_events.end())
        return; // dropped meanwhile, or a duplicate's answer
    if (ok) {
        m_events.erase(it);
        ++m_eventsPublished;
        flushEvents();
    } else {
        it->inFlight = false; // sent again on the next flush or connection
        if (m_lab->isConnected())
            m_flushTimer->start();
    }
}

void LabPublisher::refuseCommand(int kind, const QString &why)
{
    ++m_commandsRefused;
    if (m_refusalLogged[kind])
        return;
    m_refusalLogged[kind] = true;
    raiseEvent(QStringLiteral("lab.command_refused"), Severity::Warning,
               QStringLiteral("lab: command refused (%1); further ones are counted only").arg(why),
               {why});
}

void LabPublisher::onCommand(const QString &t, const QByteArray &payload,
                             const QByteArray &responseTopic, const QByteArray &correlation,
                             bool hasResponseTopic)
{
    ++m_commandsReceived;
    if (t != topic(m_config.rig, QStringLiteral("cmd/stop")))
        return refuseCommand(Unexpected, QStringLiteral("a message on %1").arg(t));
    // The payload is empty or a JSON object (an optional "by": who asked, for events.log).
    QString requester;
    if (!payload.trimmed().isEmpty()) {
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(payload, &pe);
        if (pe.error != QJsonParseError::NoError || !doc.isObject())
            return refuseCommand(Malformed,
                                 QStringLiteral("cmd/stop payload is not a JSON object"));
        requester = doc.object().value(QLatin1String("by")).toString().left(64);
    }
    const QString reply = QString::fromUtf8(responseTopic);
    if (hasResponseTopic && !isReplyTopicOf(m_config.rig, reply))
        return refuseCommand(ForeignReplyTopic,
                             QStringLiteral("reply topic outside %1")
                                 .arg(topic(m_config.rig, QStringLiteral("cmd/reply/"))));
    const quint64 id = m_nextRequest++;
    ++m_stopsRequested;
    if (hasResponseTopic)
        m_replies.insert(id, {responseTopic, correlation});
    else
        ++m_stopsWithoutReply; // a STOP is never dropped for want of an address to answer
    emit stopRequested(id, requester);
}

void LabPublisher::answerStop(quint64 id, bool ok, int mode, const QString &why)
{
    const auto it = m_replies.constFind(id);
    if (it == m_replies.constEnd())
        return;
    const PendingReply r = it.value();
    m_replies.erase(it);
    QString error;
    if (m_lab->isConnected() &&
        m_lab->session()->publishReply(QString::fromUtf8(r.topic), stopReply(ok, mode, why),
                                       r.correlation, &error))
        ++m_repliesSent;
    else
        ++m_publishErrors;
}

QJsonObject LabPublisher::collectCounters() const
{
    qint64 waiting = 0;
    for (const PendingEvent &e : m_events)
        waiting += e.inFlight ? 0 : 1;
    return {{"connected", m_lab->isConnected()},
            {"connects", qint64(m_connects)},
            {"connect_failures", qint64(m_connectFailures)},
            {"connections_lost", qint64(m_connectionsLost)},
            {"backoff_s", m_lab->backoffS()},
            {"state_published", qint64(m_statePublished)},
            {"state_dropped", qint64(m_stateDropped)},
            {"unwritten", m_unwritten},
            {"platform_published", qint64(m_platformPublished)},
            {"links_published", qint64(m_linksPublished)},
            {"events_published", qint64(m_eventsPublished)},
            {"events_queued", waiting},
            {"events_dropped", qint64(m_eventsDropped)},
            {"publish_errors", qint64(m_publishErrors)},
            {"commands_received", qint64(m_commandsReceived)},
            {"commands_refused", qint64(m_commandsRefused)},
            {"stops_requested", qint64(m_stopsRequested)},
            {"stops_without_reply", qint64(m_stopsWithoutReply)},
            {"replies_sent", qint64(m_repliesSent)}};
}

} // namespace hil::lab
