#include "station/streamrouter.h"

#include "core/post.h"
#include "links/registration.h"
#include "model/loophealth.h"
#include "model/pilot.h"
#include "model/tsan.h"
#include "session/sessionrecorder.h"
#include "session/sessionreplay.h"
#include "telemetry/telemetryhub.h"

#include <QMutexLocker>
#include <algorithm>

namespace hil {

namespace {

template <class T>
using StreamOut =
    std::function<QMetaObject::Connection(Worker *, QObject *, Sink<T>, Qt::ConnectionType)>;
template <class T> using StreamIn = std::function<void(Worker *, const T &)>;

/// One stream from one link to another, when the one declares it out and the other in: `out` and
/// `in` name the stream's two members of LinkDescriptor, so that every stream is wired alike.
template <class T>
void wireStream(const Track &track, const RunningLink &from, const RunningLink &to,
                StreamOut<T> LinkDescriptor::*out, StreamIn<T> LinkDescriptor::*in,
                Qt::ConnectionType type)
{
    if (!(from.d->*out) || !(to.d->*in))
        return;
    auto sink = to.d->*in;
    Worker *consumer = to.worker;
    track((from.d->*out)(
        from.worker, consumer, [sink, consumer](const T &v) { sink(consumer, v); }, type));
}

} // namespace

StreamRouter::StreamRouter(TelemetryHub *hub, QObject *parent) : QObject(parent), m_hub(hub) {}

void StreamRouter::setRecorder(SessionRecorder *recorder)
{
    if (recorder == m_recorder)
        return;
    for (const Recording &r : m_recordings)
        for (const QMetaObject::Connection &c : r.connections)
            QObject::disconnect(c);
    m_recordings.clear();
    m_recorder = recorder;
}

void StreamRouter::unroute()
{
    for (const QMetaObject::Connection &c : m_routes)
        QObject::disconnect(c);
    m_routes.clear();
    m_eventConsumers.clear();
    m_stopSources.clear();
    QMutexLocker lock(&m_countersMutex);
    m_counterConsumers.clear();
}

void StreamRouter::route(const std::vector<Source> &running, SessionReplay *replay,
                         bool replayIntoMotion)
{
    unroute();
    // A link no longer running stops recording now, after its close (see m_recordings).
    for (auto it = m_recordings.begin(); it != m_recordings.end();) {
        const bool still =
            it->worker && std::any_of(running.begin(), running.end(), [&](const Source &s) {
                return s.worker == it->worker.data();
            });
        if (still) {
            ++it;
            continue;
        }
        for (const QMetaObject::Connection &c : it->connections)
            QObject::disconnect(c);
        it = m_recordings.erase(it);
    }
    // The recorder's record*() calls and the hub's push*() are non-blocking and thread-safe: they
    // run directly in the producing link's thread.
    SessionRecorder *rec = m_recorder;
    TelemetryHub *hub = m_hub;
    const Track tracker = [this](const QMetaObject::Connection &c) { track(c); };
    const bool replayCues = replay && replayIntoMotion; // one source of cues at a time
    // One source of channels at a time: a link taking channels is fed by an autopilot (PX4)
    // whenever one runs, and by the pilot's controls only while none does.
    const auto autopilotFeeds = [&running](const Source &to) {
        if (!to.d->channelsIn)
            return false;
        for (const Source &from : running)
            if (from.worker != to.worker && from.d->channelsOut)
                return true;
        return false;
    };

    // Order matters: a signal calls its connections in the order they were made, and the
    // recorder's and the hub's slots run in the producing thread (the hub can wait on a series
    // lock the window holds while it copies a plot). The consumers' queued deliveries are made
    // first, so the next link is woken before the producer does its book-keeping: made last,
    // they put the window's snapshot on the cue's path (bench_e2e p99 4.7 ms against 1.6 ms).
    for (const Source &from : running) {
        for (const Source &to : running) {
            if (to.worker == from.worker)
                continue;
            using D = LinkDescriptor;
            if (!(to.d->movesRider && replayCues))
                wireStream(tracker, from, to, &D::simFramesOut, &D::simFramesIn,
                           Qt::QueuedConnection);
            wireStream(tracker, from, to, &D::channelsOut, &D::channelsIn, Qt::DirectConnection);
            wireStream(tracker, from, to, &D::platformSamplesOut, &D::platformSamplesIn,
                       Qt::QueuedConnection);
            wireStream(tracker, from, to, &D::loopHealthOut, &D::loopHealthIn,
                       Qt::QueuedConnection);
            wireStream(tracker, from, to, &D::transmitterOut, &D::transmitterIn,
                       Qt::QueuedConnection);
            if (!autopilotFeeds(to))
                wireStream(tracker, from, to, &D::pilotOut, &D::pilotIn, Qt::QueuedConnection);
        }
        if (from.d->simFramesOut) {
            // state.csv and the plots: a row per simulator frame, with the channels last sent.
            if (rec)
                track(from.d->simFramesOut(
                    from.worker, rec,
                    [this, rec](const SimFrame &f) { rec->recordState(f, lastChannels()); },
                    Qt::DirectConnection));
            track(from.d->simFramesOut(
                from.worker, hub,
                [hub, period = links::periodProbe(hub, from.d->name)](const SimFrame &f) mutable {
                    hub->push(f);
                    period(f.monotonicNs);
                },
                Qt::DirectConnection));
        }
        if (from.d->channelsOut)
            track(from.d->channelsOut(
                from.worker, this,
                [this](const ChannelFrame &c) {
                    QMutexLocker lock(&m_channelsMutex);
                    m_lastChannels = c;
                },
                Qt::DirectConnection));
        if (from.d->record && rec) {
            const bool recorded =
                std::any_of(m_recordings.begin(), m_recordings.end(),
                            [&](const Recording &r) { return r.worker == from.worker; });
            if (!recorded) {
                m_recordings.push_back({from.worker, {}});
                // Used only during record() (it connects at once), before the vector grows.
                std::vector<QMetaObject::Connection> *into = &m_recordings.back().connections;
                from.d->record(from.worker, rec,
                               [into](const QMetaObject::Connection &c) { into->push_back(c); });
            }
        }
        if (from.d->telemetry)
            from.d->telemetry(from.worker, hub, tracker);
        if (from.d->eventsIn)
            m_eventConsumers.push_back(from);
        if (from.d->stopRequestsOut && from.d->stopAnswered && m_remoteStop) {
            m_stopSources.push_back(from);
            Worker *link = from.worker;
            const LinkDescriptor *d = from.d;
            track(d->stopRequestsOut(
                link, this, [this, link, d](quint64 id, const QString &requester) {
                    m_remoteStop(requester, [this, link, d, id](bool ok, int mode, QString why) {
                        // Answered later: only to a link that is still routed (route() runs
                        // before any link is deleted).
                        for (const Source &s : m_stopSources)
                            if (s.worker == link) {
                                d->stopAnswered(link, id, ok, mode, why);
                                return;
                            }
                    });
                }));
        }
        if (from.d->countersIn) {
            QMutexLocker lock(&m_countersMutex);
            m_counterConsumers.push_back(from);
        }
    }
    for (const Source &to : running)
        if (to.d->autopilotFed)
            to.d->autopilotFed(to.worker, autopilotFeeds(to));
    // Replayed frames go to the plots; into the rider's link only when the operator chose so
    // (then instead of the live simulator's), through the link's own safety (watchdog, ramps).
    if (replay) {
        track(connect(replay, &SessionReplay::frameReady, hub,
                      tsanSlot([hub](const SimFrame &f) { hub->push(f); }), Qt::DirectConnection));
        // The recorded sticks: to the plots only, never to a link (PX4, the platform).
        track(connect(replay, &SessionReplay::pilotReady, hub,
                      tsanSlot([hub](const PilotControls &c) { hub->push(c); }),
                      Qt::DirectConnection));
        if (replayCues)
            for (const Source &to : running)
                if (to.d->movesRider && to.d->simFramesIn) {
                    auto in = to.d->simFramesIn;
                    Worker *consumer = to.worker;
                    track(connect(replay, &SessionReplay::frameReady, consumer,
                                  tsanSlot([in, consumer](const SimFrame &f) { in(consumer, f); }),
                                  Qt::QueuedConnection));
                }
    }
}

void StreamRouter::deliverEvent(const Event &event)
{
    // Queued into the consumer's thread: a deleted consumer's pending calls are dropped with it,
    // and route() runs before any link is deleted.
    for (const Source &to : m_eventConsumers) {
        auto in = to.d->eventsIn;
        Worker *consumer = to.worker;
        postTo(consumer, [in, consumer, event] { in(consumer, event); });
    }
}

void StreamRouter::deliverCounters(const QJsonObject &snapshot)
{
    QMutexLocker lock(&m_countersMutex); // held across the posts: unroute() waits for them
    for (const Source &to : m_counterConsumers) {
        auto in = to.d->countersIn;
        Worker *consumer = to.worker;
        postTo(consumer, [in, consumer, snapshot] { in(consumer, snapshot); });
    }
}

ChannelFrame StreamRouter::lastChannels() const
{
    QMutexLocker lock(&m_channelsMutex);
    return m_lastChannels;
}

} // namespace hil
