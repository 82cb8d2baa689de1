#include "lab/labwatcher.h"
#include "core/post.h"
#include "lab/labconnection.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QMutexLocker>
#include <chrono>
#include <cmath>

namespace hil::lab {

namespace {
std::int64_t steadyNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}
double number(const QJsonValue &v)
{
    return v.isDouble() ? v.toDouble() : std::numeric_limits<double>::quiet_NaN();
}
} // namespace

LabWatcher::LabWatcher(const LabConfig &config)
    : Worker(QStringLiteral("labwatch")), m_config(config),
      m_tag(config.rig + QLatin1Char('-') + QString::number(QCoreApplication::applicationPid())),
      m_lab(new LabConnection(clientConfig(config, m_tag), handlers(), this))
{
}

LabWatcher::~LabWatcher() = default;

LabConfig LabWatcher::clientConfig(LabConfig config, const QString &tag)
{
    config.announce = false;
    config.clientId = QStringLiteral("hil-watch-") + tag;
    return config;
}

MqttCallbacks LabWatcher::handlers()
{
    MqttCallbacks cb;
    cb.connected = [this] { onConnected(); };
    cb.connectFailed = [this](const QString &why) { onDown(why, false); };
    cb.connectionLost = [this](const QString &why) { onDown(why, true); };
    cb.message = [this](const QString &t, const QByteArray &p, const QByteArray &,
                        const QByteArray &c, bool) { onMessage(t, p, c); };
    return cb;
}

bool LabWatcher::open(QString *error)
{
    if (!m_lab->create(error))
        return false;
    setEndpoints(QJsonObject{{"broker", m_config.broker.text()}});
    setState(LinkState::Connecting);
    m_lab->connectNow();
    return true;
}

void LabWatcher::close()
{
    m_lab->stop(QString(), QByteArray(), 1000);
    setState(LinkState::Stopped);
}

void LabWatcher::onConnected()
{
    QString error;
    for (const char *leaf :
         {"online", "state", "platform", "links", "event", "session", "rigcheck"})
        m_lab->session()->subscribe(QStringLiteral("hil/v1/+/") + QLatin1String(leaf),
                                    leaf[0] == 's' ? 0 : 1, &error);
    m_lab->session()->subscribe(QStringLiteral("hil/v1/+/cmd/reply/") + m_tag, 1, &error);
    setState(LinkState::Up);
}

void LabWatcher::onDown(const QString &why, bool lost)
{
    if (lost)
        raiseEvent(QStringLiteral("lab.watch_lost"), Severity::Warning,
                   QStringLiteral("lab: lost the broker %1 (%2); reconnecting")
                       .arg(m_config.broker.text(), why),
                   {m_config.broker.text(), why});
    setState(lost ? LinkState::Down : LinkState::Connecting);
}

void LabWatcher::onMessage(const QString &t, const QByteArray &payload,
                           const QByteArray &correlation)
{
    ++m_messages;
    // hil/v1/<rig>/<leaf...>
    const QStringList parts = t.split(QLatin1Char('/'));
    if (parts.size() < 4 || !isValidRigName(parts[2])) {
        ++m_malformed;
        return;
    }
    const QString rig = parts[2];
    const QString leaf = parts.mid(3).join(QLatin1Char('/'));
    const QJsonObject o = QJsonDocument::fromJson(payload).object();
    if (o.isEmpty()) {
        // An empty retained message clears a topic (a rig removed by hand): forget that rig.
        if (payload.isEmpty() && leaf == QLatin1String("online")) {
            QMutexLocker lock(&m_mutex);
            m_rigs.remove(rig);
        } else {
            ++m_malformed;
        }
        return;
    }
    const std::int64_t now = steadyNs();
    QMutexLocker lock(&m_mutex);
    RigView &v = m_rigs[rig];
    v.rig = rig;
    if (leaf == QLatin1String("state")) {
        const QJsonObject hil = o.value(QLatin1String("hil")).toObject();
        v.altitudeM = number(hil.value(QLatin1String("altitude_m")));
        v.airspeedMps = number(hil.value(QLatin1String("airspeed_mps")));
        v.lastStateT = number(o.value(QLatin1String("t")));
        ++v.stateMessages;
        v.lastStateRxNs = now;
        if (rig == m_selected && std::isfinite(v.lastStateT)) {
            m_history.push_back({v.lastStateT, v.altitudeM, v.airspeedMps});
            if (int(m_history.size()) > kHistory)
                m_history.pop_front();
        }
        lock.unlock();
        if (m_stateProbe)
            m_stateProbe(rig, number(o.value(QLatin1String("t"))));
    } else if (leaf == QLatin1String("online")) {
        v.online = o.value(QLatin1String("online")).toBool();
        v.offlineReason = v.online ? QString() : o.value(QLatin1String("reason")).toString();
    } else if (leaf == QLatin1String("platform")) {
        v.mode = o.value(QLatin1String("mode")).toString();
        v.modeId = o.value(QLatin1String("mode_id")).toInt(-1);
        v.thermal = o.value(QLatin1String("thermal")).toString();
    } else if (leaf == QLatin1String("links")) {
        v.linkStates.clear();
        const QJsonObject links = o.value(QLatin1String("links")).toObject();
        for (auto it = links.begin(); it != links.end(); ++it)
            v.linkStates.insert(it.key(),
                                it.value().toObject().value(QLatin1String("state")).toString());
    } else if (leaf == QLatin1String("rigcheck")) {
        v.rigCheckVerdict = o.value(QLatin1String("verdict")).toString();
        v.rigCheckFails = o.value(QLatin1String("fails")).toInt();
        v.rigCheckWarnings = o.value(QLatin1String("warnings")).toInt();
        v.rigCheckTimeS = number(o.value(QLatin1String("time")));
    } else if (leaf == QLatin1String("event")) {
        v.lastEventText = o.value(QLatin1String("text")).toString();
        v.lastEventSeverity = o.value(QLatin1String("severity")).toString();
    } else if (leaf.startsWith(QLatin1String("cmd/reply/"))) {
        if (m_pendingStops.take(correlation) != rig)
            return; // not ours, or answered already
        ++m_answers;
        v.stopAnswer =
            o.value(QLatin1String("ok")).toBool()
                ? QStringLiteral("stopped: %1").arg(o.value(QLatin1String("mode")).toString())
                : QStringLiteral("not stopped: %1").arg(o.value(QLatin1String("error")).toString());
    }
}

void LabWatcher::setSelected(const QString &rig)
{
    QMutexLocker lock(&m_mutex);
    if (rig == m_selected)
        return;
    m_selected = rig;
    m_history.clear();
}

QString LabWatcher::selected() const
{
    QMutexLocker lock(&m_mutex);
    return m_selected;
}

std::vector<LabWatcher::Sample> LabWatcher::history() const
{
    QMutexLocker lock(&m_mutex);
    return {m_history.begin(), m_history.end()};
}

QList<RigView> LabWatcher::rigs() const
{
    QMutexLocker lock(&m_mutex);
    return m_rigs.values();
}

void LabWatcher::requestStop(const QString &rig)
{
    postTo(this, [this, rig] { sendStop(rig); });
}

void LabWatcher::sendStop(const QString &rig)
{
    if (!isValidRigName(rig))
        return;
    const QByteArray correlation = m_tag.toUtf8() + '-' + QByteArray::number(m_nextStop++);
    QString error;
    const bool sent =
        m_lab->isConnected() &&
        m_lab->session()->publishRequest(
            topic(rig, QStringLiteral("cmd/stop")),
            QJsonDocument(QJsonObject{{"by", m_config.rig}}).toJson(QJsonDocument::Compact),
            topic(rig, QStringLiteral("cmd/reply/") + m_tag), correlation, &error);
    QMutexLocker lock(&m_mutex);
    RigView &v = m_rigs[rig];
    v.rig = rig;
    if (sent) {
        ++m_stopsSent;
        m_pendingStops.insert(correlation, rig);
        v.stopAnswer = QStringLiteral("pending");
    } else {
        v.stopAnswer = QStringLiteral("not sent: the broker is not connected");
    }
}

QJsonObject LabWatcher::collectCounters() const
{
    QMutexLocker lock(&m_mutex);
    return {{"connected", m_lab->isConnected()}, {"rigs", m_rigs.size()},
            {"messages", qint64(m_messages)},    {"malformed", qint64(m_malformed)},
            {"stops_sent", qint64(m_stopsSent)}, {"answers", qint64(m_answers)}};
}

} // namespace hil::lab
