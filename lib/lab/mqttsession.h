#pragma once
// MqttSession: the lab link's MQTT 5 client, Eclipse Paho's async client behind a small Qt-free
// surface, so that Paho's headers stay in this module's .cpp and the link's logic (reconnect,
// queues, the STOP rule) reads as plain calls.
//
// Thread: the calls below are made from one thread (the lab link's). The callbacks run on
// Paho's own threads, never on the caller's: they must only copy what they are given and hand
// it on (LabConnection, labconnection.h, posts them into its owner's thread). Paho's automatic
// reconnect is off: LabConnection owns the retry timing (capped backoff, a setting), so it also
// covers a broker that is not up when the station starts, which Paho's reconnect does not.

#include "lab/labconfig.h"

#include <QByteArray>
#include <QString>
#include <functional>
#include <memory>

namespace hil::lab {

struct MqttCallbacks
{
    std::function<void()> connected;
    std::function<void(const QString &why)> connectFailed;
    std::function<void(const QString &why)> connectionLost;
    /// A message on a subscribed topic; responseTopic/correlation from its MQTT 5 properties.
    std::function<void(const QString &topic, const QByteArray &payload,
                       const QByteArray &responseTopic, const QByteArray &correlation,
                       bool hasResponseTopic)>
        message;
    /// The broker acknowledged (ok) or the client gave up on a QoS 1 message published with a
    /// non-zero sequence number.
    std::function<void(quint64 seq, bool ok)> delivered;
};

class MqttSession
{
public:
    MqttSession(const LabConfig &config, const QByteArray &password, MqttCallbacks callbacks);
    ~MqttSession();
    MqttSession(const MqttSession &) = delete;
    MqttSession &operator=(const MqttSession &) = delete;

    /// Makes the client (no network yet). False with *error.
    bool create(QString *error);
    /// Starts a connection attempt and returns at once: connected() or connectFailed() follows.
    bool connect(QString *error);
    /// A seq for QoS 0 messages whose hand-over to the network is to be reported
    /// (delivered(kWrittenSeq, ok) once Paho has written it): the caller bounds what waits.
    static constexpr quint64 kWrittenSeq = ~quint64(0);
    /// QoS 0 or 1. seq != 0: delivered(seq, ok) follows (QoS 1: the broker's PUBACK). False (with
    /// *error) when the client refused it at once (not connected, its queue full).
    bool publish(const QString &topic, const QByteArray &payload, int qos, bool retained,
                 quint64 seq, QString *error);
    /// QoS 1 with MQTT 5 correlation data (the answer to a request).
    bool publishReply(const QString &topic, const QByteArray &payload,
                      const QByteArray &correlation, QString *error);
    /// QoS 1 MQTT 5 request: the response topic and correlation data as properties.
    bool publishRequest(const QString &topic, const QByteArray &payload,
                        const QString &responseTopic, const QByteArray &correlation,
                        QString *error);
    bool subscribe(const QString &topicFilter, int qos, QString *error);
    /// Exit path: publishes `lastWords` (retained, QoS 1) when connected, then a normal
    /// DISCONNECT (the broker does not send the Last Will), waiting at most timeoutMs in all.
    void disconnect(const QString &lastTopic, const QByteArray &lastWords, int timeoutMs);

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace hil::lab
