#pragma once
// LabConnection: one lab client's connection to the broker, as both ends of the lab use it (the
// rig's LabPublisher and the instructor's LabWatcher; one client carries a link's publishing and
// its subscriptions, as PlotJuggler's MQTT plugin does): the MqttSession made from the LabConfig
// with the password read from its file, Paho's callbacks brought into the owner's thread, and the
// reconnection — a capped backoff owned here, so that a broker not up when the station starts is
// found too (Paho's own reconnect is off, mqttsession.h).
//
// Thread: made, used and destroyed in its owner's thread (a Worker's). Paho's callbacks only copy
// what they are given and post it into that thread through a bridge that stop() cuts before
// anything goes away, so the owner's handlers run in its thread and the state here is touched by
// that thread alone. Nothing here waits on the network except stop().
//
// Units: times in seconds (backoffS), timeouts in milliseconds.

#include "lab/labconfig.h"
#include "lab/mqttsession.h"

#include <QObject>
#include <memory>

class QTimer;

namespace hil::lab {

class LabConnection : public QObject
{
public:
    /// handlers: called in the owner's thread after this connection's own bookkeeping.
    /// connected: up (the reconnection delays start again from the first); connectFailed: an
    /// attempt failed, the next one is scheduled; connectionLost: an established connection went
    /// (reported once, although Paho reports a server's DISCONNECT twice), reconnecting; message,
    /// delivered: as MqttSession reports them (delivered may be left empty).
    LabConnection(const LabConfig &config, MqttCallbacks handlers, QObject *parent = nullptr);
    ~LabConnection() override;

    /// Reads the password file and makes the client (no network yet); again after stop() for a
    /// new start. False with *error.
    bool create(QString *error);
    /// Starts an attempt unless connected or one is in flight; returns at once. A failure comes
    /// back through connectFailed (at once when Paho refuses to start it).
    void connectNow();
    /// Exit path: MqttSession::disconnect(lastTopic, lastWords, timeoutMs) (empty lastTopic: no
    /// last words), then no handler runs any more and the client is gone.
    void stop(const QString &lastTopic, const QByteArray &lastWords, int timeoutMs);

    bool isConnected() const { return m_connected; }
    /// The wait before the next attempt, s; 0 while connected.
    double backoffS() const { return m_backoffS; }
    /// Publishing and subscribing (see MqttSession); null before create() and after stop().
    MqttSession *session() const { return m_session.get(); }

private:
    struct Bridge;
    void onConnected();
    void onConnectFailed(const QString &why);
    void onConnectionLost(const QString &why);
    void scheduleReconnect();

    const LabConfig m_config;
    const MqttCallbacks m_handlers;
    std::shared_ptr<Bridge> m_bridge;
    std::unique_ptr<MqttSession> m_session;
    QTimer *const m_reconnectTimer;
    bool m_connected = false, m_connecting = false;
    int m_attempt = 0;
    double m_backoffS = 0.0;
};

} // namespace hil::lab
