#include "core/worker.h"
#include "core/logging.h"
#include "model/tsan.h"
#include "platform/platform.h"

#include <QMutexLocker>
#include <QTimer>

namespace hil {

const char *linkStateName(LinkState s)
{
    switch (s) {
    case LinkState::Stopped:
        return "stopped";
    case LinkState::Connecting:
        return "connecting";
    case LinkState::Up:
        return "up";
    case LinkState::Down:
        return "down";
    case LinkState::Stopping:
        return "stopping";
    }
    return "?";
}

Worker::Worker(const QString &name, QObject *parent) : QObject(parent), m_name(name)
{
    qRegisterMetaType<hil::LinkState>();
    qRegisterMetaType<hil::Event>();
}

Worker::~Worker() = default;

QJsonObject Worker::counters() const
{
    QMutexLocker lock(&m_mutex);
    return m_counters;
}

std::any Worker::healthSnapshot() const
{
    QMutexLocker lock(&m_mutex);
    return m_health;
}

QJsonObject Worker::endpoints() const
{
    QMutexLocker lock(&m_mutex);
    return m_endpoints;
}

QString Worker::errorString() const
{
    QMutexLocker lock(&m_mutex);
    return m_error;
}

bool Worker::start()
{
    // Called through WorkerHost's BlockingQueuedConnection (Qt's semaphore): what the caller did
    // before is visible here, and what start() did is visible to the caller once it returns.
    HIL_TSAN_ACQUIRE(this);
    struct Release
    {
        Worker *w;
        ~Release() { HIL_TSAN_RELEASE(w); }
    } release{this};
    if (m_latencyCritical) {
        const platform::LoopTuning t = platform::tuneLoopThread();
        m_tuned = true;
        qCInfo(lcStation).noquote() << m_name << "thread tuned:" << t.key << t.value;
        QMutexLocker lock(&m_mutex);
        m_tuningKey = t.key;
        m_tuningValue = t.value;
        m_endpoints.insert(m_tuningKey, m_tuningValue);
    }
    QString error;
    if (!open(&error)) {
        QMutexLocker lock(&m_mutex);
        m_error = error.isEmpty() ? QStringLiteral("%1: cannot start").arg(m_name) : error;
        return false;
    }
    m_publishTimer = new QTimer(this);
    m_publishTimer->setInterval(100);
    connect(m_publishTimer, &QTimer::timeout, this, &Worker::publishCounters);
    m_publishTimer->start();
    publishCounters();
    return true;
}

void Worker::stop()
{
    HIL_TSAN_ACQUIRE(this); // BlockingQueuedConnection from WorkerHost::stop, as start()
    struct Release
    {
        Worker *w;
        ~Release() { HIL_TSAN_RELEASE(w); }
    } release{this};
    if (m_publishTimer) {
        m_publishTimer->stop();
        delete m_publishTimer;
        m_publishTimer = nullptr;
    }
    close();
    if (m_tuned) { // the thread may be reused (a link started again): give back the timer
        platform::releaseLoopThread();
        m_tuned = false;
    }
    publishCounters();
    setState(LinkState::Stopped);
}

void Worker::setEndpoints(const QJsonObject &endpoints)
{
    QMutexLocker lock(&m_mutex);
    m_endpoints = endpoints;
    if (!m_tuningKey.isEmpty())
        m_endpoints.insert(m_tuningKey, m_tuningValue);
}

void Worker::raiseEvent(const QString &id, Severity severity, const QString &text)
{
    raiseEvent(id, severity, text, QStringList());
}

void Worker::raiseEvent(const QString &id, Severity severity, const QString &text,
                        const QStringList &args)
{
    if (severity == Severity::Error)
        qCWarning(lcStation).noquote() << m_name << id << text;
    else
        qCInfo(lcStation).noquote() << m_name << id << text;
    emit eventRaised(Event{m_name, id, severity, text, args});
}

void Worker::setState(LinkState s)
{
    const LinkState old = m_state.exchange(s);
    if (old == s)
        return;
    emit stateChanged(s);
    // A link that was up and is now down is a warning; the raiser adds an Error of its own
    // when the loss touches rider safety (e.g. raven.link_silent).
    const bool lost = s == LinkState::Down;
    raiseEvent(m_name + (lost ? QStringLiteral(".link_down") : QStringLiteral(".link_state")),
               lost ? Severity::Warning : Severity::Info,
               QStringLiteral("link %1").arg(QLatin1String(linkStateName(s))),
               {QLatin1String(linkStateName(s))});
}

void Worker::publishCounters()
{
    QJsonObject c = collectCounters();
    std::any h = collectHealth();
    QMutexLocker lock(&m_mutex);
    m_counters = std::move(c);
    m_health = std::move(h);
}

} // namespace hil
