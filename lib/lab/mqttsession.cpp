#include "lab/mqttsession.h"
#include "lab/labmessages.h"

#include <mqtt/async_client.h>

#include <QCoreApplication>

namespace hil::lab {

namespace {

/// Paho's action listener as two functions (Paho calls it on its threads).
class Listener : public mqtt::iaction_listener
{
public:
    std::function<void(const mqtt::token &)> ok, failed;

private:
    void on_success(const mqtt::token &t) override
    {
        if (ok)
            ok(t);
    }
    void on_failure(const mqtt::token &t) override
    {
        if (failed)
            failed(t);
    }
};

QString why(const mqtt::token &t)
{
    return QStringLiteral("Paho return code %1, reason code %2")
        .arg(t.get_return_code())
        .arg(int(t.get_reason_code()));
}

std::string str(const QString &s)
{
    return s.toStdString();
}

} // namespace

struct MqttSession::Impl
{
    LabConfig config;
    QByteArray password;
    MqttCallbacks cb;
    std::unique_ptr<mqtt::async_client> client;
    mqtt::connect_options options;
    Listener connectListener, deliveryListener, quietListener;
};

MqttSession::MqttSession(const LabConfig &config, const QByteArray &password,
                         MqttCallbacks callbacks)
    : d(std::make_unique<Impl>())
{
    d->config = config;
    d->password = password;
    d->cb = std::move(callbacks);
}

MqttSession::~MqttSession()
{
    if (!d->client)
        return;
    // No callback may run into a half-destroyed session (they hold references into d).
    try {
        d->client->disable_callbacks();
    } catch (const mqtt::exception &) {
        // Paho refuses while a connect is in flight (MQTTASYNC_FAILURE; a lab view closed before
        // a silent broker answered): out of this destructor that exception ended the program.
        // Destroying the client now, while the listeners and callbacks in d still exist, ends
        // the attempt; what it still reports reaches a bridge whose target is already cleared.
    }
    d->client.reset();
}

bool MqttSession::create(QString *error)
{
    try {
        // The client id is the rig's: a restarted rig takes over its own old session at once
        // instead of waiting for the broker to time the dead one out.
        d->client = std::make_unique<mqtt::async_client>(
            str(d->config.broker.pahoUri()),
            str(d->config.clientId.isEmpty() ? QStringLiteral("hil-") + d->config.rig
                                             : d->config.clientId),
            mqtt::create_options(MQTTVERSION_5), nullptr);
    } catch (const mqtt::exception &e) {
        *error = QStringLiteral("lab: cannot make an MQTT client: %1")
                     .arg(QString::fromStdString(e.what()));
        return false;
    }
    mqtt::connect_options_builder b;
    b.mqtt_version(MQTTVERSION_5)
        .clean_start(true)
        .keep_alive_interval(std::chrono::seconds(d->config.keepAliveS))
        .automatic_reconnect(false);
    // The Last Will: the broker publishes it when this client's connection ends without a
    // DISCONNECT (a crash, kill -9, a cable pulled, keep-alive expiry of a frozen process).
    if (d->config.announce) {
        const QByteArray will = onlineMessage(d->config.rig, false, QStringLiteral("lost"), 0.0);
        b.will(mqtt::message(str(topic(d->config.rig, QStringLiteral("online"))), will.constData(),
                             size_t(will.size()), 1, true));
    }
    if (!d->config.user.isEmpty())
        b.user_name(str(d->config.user));
    if (!d->password.isEmpty())
        b.password(mqtt::binary_ref(d->password.constData(), size_t(d->password.size())));
    if (d->config.broker.tls) {
        mqtt::ssl_options_builder ssl;
        if (!d->config.caFile.isEmpty())
            ssl.trust_store(str(d->config.caFile));
        if (!d->config.certFile.isEmpty())
            ssl.key_store(str(d->config.certFile));
        if (!d->config.keyFile.isEmpty())
            ssl.private_key(str(d->config.keyFile));
        ssl.enable_server_cert_auth(true).verify(true);
        b.ssl(ssl.finalize());
    }
    d->options = b.finalize();
    d->options.set_connect_timeout(5);

    MqttCallbacks &cb = d->cb;
    d->connectListener.ok = [&cb](const mqtt::token &) { cb.connected(); };
    d->connectListener.failed = [&cb](const mqtt::token &t) { cb.connectFailed(why(t)); };
    d->deliveryListener.ok = [&cb](const mqtt::token &t) {
        cb.delivered(quint64(reinterpret_cast<quintptr>(t.get_user_context())), true);
    };
    d->deliveryListener.failed = [&cb](const mqtt::token &t) {
        cb.delivered(quint64(reinterpret_cast<quintptr>(t.get_user_context())), false);
    };
    d->client->set_connection_lost_handler([&cb](const std::string &cause) {
        cb.connectionLost(cause.empty() ? QStringLiteral("connection lost")
                                        : QString::fromStdString(cause));
    });
    d->client->set_disconnected_handler([&cb](const mqtt::properties &, mqtt::ReasonCode reason) {
        cb.connectionLost(
            QStringLiteral("the broker disconnected (reason code %1)").arg(int(reason)));
    });
    d->client->set_message_callback([&cb](mqtt::const_message_ptr msg) {
        const mqtt::properties &props = msg->get_properties();
        const bool hasResponse = props.contains(mqtt::property::RESPONSE_TOPIC);
        QByteArray response, correlation;
        if (hasResponse) {
            const std::string r = mqtt::get<std::string>(props, mqtt::property::RESPONSE_TOPIC);
            response = QByteArray(r.data(), int(r.size()));
        }
        if (props.contains(mqtt::property::CORRELATION_DATA)) {
            const std::string c = mqtt::get<std::string>(props, mqtt::property::CORRELATION_DATA);
            correlation = QByteArray(c.data(), int(c.size()));
        }
        const mqtt::binary_ref &payload = msg->get_payload_ref();
        cb.message(QString::fromStdString(msg->get_topic()),
                   payload.empty() ? QByteArray() : QByteArray(payload.data(), int(payload.size())),
                   response, correlation, hasResponse);
    });
    return true;
}

bool MqttSession::connect(QString *error)
{
    try {
        d->client->connect(d->options, nullptr, d->connectListener);
        return true;
    } catch (const mqtt::exception &e) {
        *error = QString::fromStdString(e.what());
        return false;
    }
}

bool MqttSession::publish(const QString &t, const QByteArray &payload, int qos, bool retained,
                          quint64 seq, QString *error)
{
    try {
        auto msg =
            mqtt::make_message(str(t), payload.constData(), size_t(payload.size()), qos, retained);
        if (seq != 0)
            d->client->publish(msg, reinterpret_cast<void *>(quintptr(seq)), d->deliveryListener);
        else
            d->client->publish(msg);
        return true;
    } catch (const mqtt::exception &e) {
        *error = QString::fromStdString(e.what());
        return false;
    }
}

bool MqttSession::publishReply(const QString &t, const QByteArray &payload,
                               const QByteArray &correlation, QString *error)
{
    try {
        auto msg = std::make_shared<mqtt::message>(str(t), payload.constData(),
                                                   size_t(payload.size()), 1, false);
        if (!correlation.isEmpty())
            msg->set_properties(
                mqtt::properties{{mqtt::property::CORRELATION_DATA,
                                  mqtt::string_ref(std::string(correlation.constData(),
                                                               size_t(correlation.size())))}});
        d->client->publish(msg);
        return true;
    } catch (const mqtt::exception &e) {
        *error = QString::fromStdString(e.what());
        return false;
    }
}

bool MqttSession::publishRequest(const QString &t, const QByteArray &payload,
                                 const QString &responseTopic, const QByteArray &correlation,
                                 QString *error)
{
    try {
        auto msg = std::make_shared<mqtt::message>(str(t), payload.constData(),
                                                   size_t(payload.size()), 1, false);
        mqtt::properties props;
        props.add({mqtt::property::RESPONSE_TOPIC, str(responseTopic)});
        props.add(
            {mqtt::property::CORRELATION_DATA,
             mqtt::string_ref(std::string(correlation.constData(), size_t(correlation.size())))});
        msg->set_properties(props);
        d->client->publish(msg);
        return true;
    } catch (const mqtt::exception &e) {
        *error = QString::fromStdString(e.what());
        return false;
    }
}

bool MqttSession::subscribe(const QString &filter, int qos, QString *error)
{
    try {
        d->client->subscribe(str(filter), qos);
        return true;
    } catch (const mqtt::exception &e) {
        *error = QString::fromStdString(e.what());
        return false;
    }
}

void MqttSession::disconnect(const QString &lastTopic, const QByteArray &lastWords, int timeoutMs)
{
    if (!d->client)
        return;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    try {
        if (d->client->is_connected() && !lastTopic.isEmpty()) {
            auto msg = mqtt::make_message(str(lastTopic), lastWords.constData(),
                                          size_t(lastWords.size()), 1, true);
            d->client->publish(msg)->wait_for(std::chrono::milliseconds(timeoutMs / 2));
        }
        if (d->client->is_connected()) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                deadline - std::chrono::steady_clock::now());
            d->client->disconnect(int(std::max<long long>(100, left.count())))
                ->wait_for(std::max(std::chrono::milliseconds(100), left));
        }
    } catch (const mqtt::exception &) {
        // Already gone: the broker has or will send the Last Will, which says the same.
    }
}

} // namespace hil::lab
