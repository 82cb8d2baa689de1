#include "lab/labconnection.h"
#include "core/post.h"

#include <QMutex>
#include <QMutexLocker>
#include <QTimer>
#include <algorithm>
#include <cmath>

namespace hil::lab {

/// Paho's threads reach the connection only through this: a pointer behind a lock that stop()
/// clears before the connection goes away. A post that got in first is dropped with the
/// connection (Qt deletes a deleted object's pending calls).
struct LabConnection::Bridge
{
    QMutex mutex;
    LabConnection *target = nullptr;

    /// f(LabConnection *) runs later in the connection's thread.
    template <class F> void post(F f)
    {
        QMutexLocker lock(&mutex);
        if (target)
            postTo(target, [c = target, f = std::move(f)] { f(c); });
    }
};

LabConnection::LabConnection(const LabConfig &config, MqttCallbacks handlers, QObject *parent)
    : QObject(parent), m_config(config), m_handlers(std::move(handlers)),
      m_bridge(std::make_shared<Bridge>()), m_reconnectTimer(new QTimer(this))
{
    m_reconnectTimer->setSingleShot(true);
    connect(m_reconnectTimer, &QTimer::timeout, this, &LabConnection::connectNow);
}

LabConnection::~LabConnection()
{
    QMutexLocker lock(&m_bridge->mutex);
    m_bridge->target = nullptr;
}

bool LabConnection::create(QString *error)
{
    QByteArray password;
    if (!m_config.passwordFile.isEmpty() &&
        !readPasswordFile(m_config.passwordFile, &password, error))
        return false;
    {
        QMutexLocker lock(&m_bridge->mutex);
        m_bridge->target = this;
    }
    std::shared_ptr<Bridge> bridge = m_bridge;
    MqttCallbacks cb;
    cb.connected = [bridge] { bridge->post([](LabConnection *c) { c->onConnected(); }); };
    cb.connectFailed = [bridge](const QString &why) {
        bridge->post([why](LabConnection *c) { c->onConnectFailed(why); });
    };
    cb.connectionLost = [bridge](const QString &why) {
        bridge->post([why](LabConnection *c) { c->onConnectionLost(why); });
    };
    cb.message = [bridge](const QString &t, const QByteArray &p, const QByteArray &r,
                          const QByteArray &c, bool hasR) {
        bridge->post([t, p, r, c, hasR](LabConnection *l) {
            if (l->m_session && l->m_handlers.message)
                l->m_handlers.message(t, p, r, c, hasR);
        });
    };
    cb.delivered = [bridge](quint64 seq, bool ok) {
        bridge->post([seq, ok](LabConnection *c) {
            if (c->m_session && c->m_handlers.delivered)
                c->m_handlers.delivered(seq, ok);
        });
    };
    m_session = std::make_unique<MqttSession>(m_config, password, std::move(cb));
    m_connected = m_connecting = false;
    m_attempt = 0;
    m_backoffS = 0.0;
    if (!m_session->create(error)) {
        stop(QString(), QByteArray(), 0);
        return false;
    }
    return true;
}

void LabConnection::stop(const QString &lastTopic, const QByteArray &lastWords, int timeoutMs)
{
    if (m_session)
        m_session->disconnect(lastTopic, lastWords, timeoutMs);
    {
        QMutexLocker lock(&m_bridge->mutex);
        m_bridge->target = nullptr;
    }
    m_session.reset();
    m_reconnectTimer->stop();
    m_connected = m_connecting = false;
}

void LabConnection::connectNow()
{
    if (m_connected || m_connecting || !m_session)
        return;
    QString error;
    m_connecting = true;
    if (!m_session->connect(&error))
        onConnectFailed(error);
}

void LabConnection::scheduleReconnect()
{
    // 0.25 s, 0.5 s, 1 s ... capped: a broker back after a restart is found within the cap.
    m_backoffS = std::min(m_config.backoffMaxS, 0.25 * std::pow(2.0, std::min(m_attempt, 16)));
    ++m_attempt;
    m_reconnectTimer->start(int(std::lround(m_backoffS * 1000.0)));
}

void LabConnection::onConnected()
{
    if (!m_session)
        return; // posted before stop()
    m_connecting = false;
    m_connected = true;
    m_attempt = 0;
    m_backoffS = 0.0;
    m_handlers.connected();
}

void LabConnection::onConnectFailed(const QString &why)
{
    if (!m_session)
        return;
    m_connecting = false;
    m_handlers.connectFailed(why);
    scheduleReconnect();
}

void LabConnection::onConnectionLost(const QString &why)
{
    if (!m_connected)
        return; // Paho reports a server DISCONNECT twice (handler and lost connection)
    m_connected = false;
    m_handlers.connectionLost(why);
    scheduleReconnect();
}

} // namespace hil::lab
