#pragma once
// StreamRouter: connects producers to consumers by the streams the link descriptors declare
// (core/linkdescriptor.h), never by pairs of names — SimFrames (simulator → platform, PX4),
// channels (PX4 → simulator), the pilot's controls (→ the motion and ground-station links, and
// → the simulator only while no channels producer runs), platform samples, events and counter
// snapshots (→ a publisher link) —, and feeds every SimFrame and channel frame into the session
// recorder (state.csv) and the telemetry hub (the plots). The replay's frames go to the plots, and
// into the rider's link only when the rider's safety path allows it
// (StopAndPark::setReplayIntoMotion).
//
// Thread: route()/unroute()/deliverEvent() in the main thread; the connections it makes join two
// worker threads (frames never pass through the main thread); deliverCounters() and
// lastChannels() from any thread. Owns no worker: it holds connections and consumer lists, which
// route() rebuilds from scratch after every change of the running set (no duplicates).

#include "core/linkdescriptor.h"
#include "core/worker.h"
#include "model/simframe.h"

#include <QJsonObject>
#include <QMutex>
#include <QObject>
#include <QPointer>
#include <functional>
#include <vector>

namespace hil {

class SessionRecorder;
class SessionReplay;
class TelemetryHub;

class StreamRouter : public QObject
{
    Q_OBJECT
public:
    using Source = RunningLink;

    explicit StreamRouter(TelemetryHub *hub, QObject *parent = nullptr);
    /// The session's recorder (state.csv and the links' own files), or nullptr.
    void setRecorder(SessionRecorder *recorder);

    /// Drops the previous routing, then connects every running link by its declared streams.
    /// replay: the running replay or nullptr; replayIntoMotion: its frames replace the live
    /// simulator's for links that move the rider.
    void route(const std::vector<Source> &links, SessionReplay *replay, bool replayIntoMotion);
    void unroute();

    /// An event (of a worker or the station) to every eventsIn consumer. Main thread.
    void deliverEvent(const Event &event);
    /// A session.json object to every countersIn consumer. Any thread.
    void deliverCounters(const QJsonObject &snapshot);

    /// Who applies a STOP asked from outside (a link's stopRequestsOut): the Station's
    /// StopAndPark::remoteStop. `answer` may be called later (main thread); it reaches the link
    /// only while the link is still routed.
    using RemoteStop = std::function<void(const QString &requester,
                                          std::function<void(bool ok, int mode, QString why)>)>;
    void setRemoteStop(RemoteStop handler) { m_remoteStop = std::move(handler); }

    /// The channels last sent to the simulator (state.csv's columns). Any thread.
    ChannelFrame lastChannels() const;

private:
    void track(const QMetaObject::Connection &c) { m_routes.push_back(c); }

    TelemetryHub *m_hub;
    SessionRecorder *m_recorder = nullptr;
    std::vector<QMetaObject::Connection> m_routes; ///< everything route() made
    /// Each link's connections to the recorder. Kept across unroute(): a link closing still
    /// records what it does as it closes (the platform link's last, neutral cue frame); dropped
    /// by the first route() that no longer has the link, or with the recorder.
    struct Recording
    {
        QPointer<Worker> worker;
        std::vector<QMetaObject::Connection> connections;
    };
    std::vector<Recording> m_recordings;
    std::vector<Source> m_eventConsumers; ///< main thread
    std::vector<Source> m_stopSources;    ///< main thread: links taking remote STOPs
    RemoteStop m_remoteStop;
    mutable QMutex m_countersMutex;
    std::vector<Source> m_counterConsumers; ///< guarded by m_countersMutex
    mutable QMutex m_channelsMutex;
    ChannelFrame m_lastChannels; ///< guarded by m_channelsMutex
};

} // namespace hil
