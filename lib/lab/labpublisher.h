#pragma once
// LabPublisher: the lab link (docs/lab.md). It publishes this station on an MQTT 5 broker under
// hil/v1/<rig>/ — online (retained, with the Last Will), state (newest frame at --lab-rate, with
// the pilot's newest sticks),
// platform (10 Hz), links (retained, 2 Hz), event (QoS 1), session (retained), rigcheck (retained,
// the last rig check's verdicts) — and takes one
// command from it, cmd/stop, which it hands to the Station as stopRequested() and answers on the
// requester's reply topic once the Station calls answerStop().
//
// Thread: a Worker on its own thread (hil-lab). Its broker connection (LabConnection, one
// client for publishing and the cmd/stop subscription) brings Paho's callbacks into this thread
// and reconnects on its own, so all the state below is touched by this thread alone.
// Nothing here waits on the network except close() (at most ~2 s: online=false, then DISCONNECT).
// Inputs arrive queued (onSimFrame, onPlatform, onEvent, onCounters) and never block: state and
// platform are newest-wins (a frame not yet published is replaced, not queued), events sit in a
// bounded queue (eventBuffer, oldest dropped and counted) until the broker acknowledges them, so
// events raised while the broker is away are delivered after it comes back.
//
// Units: rates in Hz, times in seconds (Unix time on the wire), counts are messages.

#include "core/worker.h"
#include "lab/labconfig.h"
#include "model/pilot.h"
#include "model/simframe.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <cstdint>
#include <deque>

class QTimer;

namespace hil::lab {

class LabConnection;
struct MqttCallbacks;

class LabPublisher : public Worker
{
    Q_OBJECT
public:
    explicit LabPublisher(const LabConfig &config);
    ~LabPublisher() override;

    const LabConfig &config() const { return m_config; }

    // Inputs, in this thread (queued by the Station's routing).
    void onSimFrame(const SimFrame &frame);
    /// The pilot's controls (every sample, ~333 Hz: only the newest is kept). The state message
    /// carries the newest active one; after an inactive one (device lost) it carries none.
    void onPilot(const PilotControls &controls);
    /// A platform reply as plain values (mode, status word, motors, thermal, pose).
    void onPlatform(const QJsonObject &sample);
    void onEvent(const Event &event);
    /// session.json's object (2 Hz): links, counter schema, session folder.
    void onCounters(const QJsonObject &snapshot);
    /// The Station's answer to stopRequested(id): published on that request's reply topic.
    void answerStop(quint64 id, bool ok, int mode, const QString &why);
    /// A rig check's verdicts (rigcheck/rigcheckrun.h): published retained on rigcheck, kept and
    /// published again on every (re)connection, so the instructor sees the last one with its age.
    Q_INVOKABLE void publishRigCheck(const QJsonObject &summary);

signals:
    /// An authorised cmd/stop arrived (requester: the payload's "by", may be empty). The Station
    /// applies its one STOP and calls answerStop(id, ...).
    void stopRequested(quint64 id, const QString &requester);

protected:
    bool open(QString *error) override;
    void close() override;
    QJsonObject collectCounters() const override;

private:
    /// The connection's handlers (LabConnection calls them in this thread).
    MqttCallbacks handlers();
    void onConnected();
    void onConnectFailed(const QString &why);
    void onConnectionLost(const QString &why);
    void onCommand(const QString &topic, const QByteArray &payload, const QByteArray &responseTopic,
                   const QByteArray &correlation, bool hasResponseTopic);
    void onEventAcked(quint64 seq, bool ok);

    void publishState();
    void publishPlatform();
    void publishRetained(const QString &leaf, const QByteArray &payload);
    void flushEvents();
    /// Counted, and logged the first time only (a flood never floods the log).
    void refuseCommand(int kind, const QString &why);

    const LabConfig m_config;
    LabConnection *const m_lab; ///< a child: it moves to this worker's thread with it
    QTimer *m_stateTimer = nullptr, *m_platformTimer = nullptr, *m_flushTimer = nullptr;
    bool m_everConnected = false;
    QString m_lastFailure; ///< the failure reported last (an event per change, not per retry)

    SimFrame m_frame;
    bool m_frameNew = false;
    PilotControls m_pilot; ///< the newest; m_pilot.active false: no device
    QJsonObject m_platform;
    bool m_platformNew = false;
    double m_cueGain;
    QJsonObject m_snapshot;
    QByteArray m_sessionPayload;  ///< last published (retained) session message
    QByteArray m_rigCheckPayload; ///< the last rig check's message (retained), empty before one

    struct PendingEvent
    {
        quint64 seq;
        QByteArray payload;
        bool inFlight = false;
    };
    std::deque<PendingEvent> m_events;
    quint64 m_nextSeq = 1;

    struct PendingReply
    {
        QByteArray topic, correlation;
    };
    QHash<quint64, PendingReply> m_replies;
    quint64 m_nextRequest = 1;
    bool m_refusalLogged[3] = {false, false, false};

    // Counters (docs/lab.md, "Counters").
    quint64 m_connects = 0, m_connectFailures = 0, m_connectionsLost = 0;
    quint64 m_statePublished = 0, m_stateDropped = 0, m_platformPublished = 0;
    quint64 m_linksPublished = 0, m_eventsPublished = 0, m_eventsDropped = 0;
    quint64 m_publishErrors = 0, m_commandsReceived = 0, m_commandsRefused = 0;
    quint64 m_stopsRequested = 0, m_repliesSent = 0, m_stopsWithoutReply = 0;
    int m_unwritten = 0; ///< QoS-0 messages handed to Paho, not yet written (bounded)
};

} // namespace hil::lab
