#include "station/station.h"
#include "links/builtin.h"
#include "model/tsan.h"
#include "session/sessionrecorder.h"
#include "session/sessionreplay.h"
#include "telemetry/telemetryhub.h"

namespace hil {

Station::Station(const StationOptions &options, QObject *parent)
    : Station(options, links::builtinLinks(), parent)
{
}

Station::Station(const StationOptions &options, const LinkRegistry &registry, QObject *parent)
    : QObject(parent), m_options(options), m_registry(registry)
{
    m_telemetry = std::make_unique<TelemetryHub>();
    m_session = std::make_unique<StationSession>(m_options, m_registry);
    m_router = std::make_unique<StreamRouter>(m_telemetry.get());
    m_links = std::make_unique<LinkManager>(m_options, m_registry);
    m_replay = std::make_unique<ReplayControl>(*m_links);
    m_safety = std::make_unique<StopAndPark>(
        *m_links, [this](const Event &e) { raiseStationEvent(e); },
        [this](const QString &text) { m_session->log(text); }, [this] { route(); });

    m_router->setRemoteStop(
        [this](const QString &requester, std::function<void(bool, int, QString)> answer) {
            m_safety->remoteStop(requester, std::move(answer));
        });

    m_links->setHooks([this] { route(); }, [this] { m_router->unroute(); },
                      [this](Worker *worker) {
                          // Its events to events.log (recorder thread) and the window (here).
                          m_session->wireEvents(worker);
                          connect(worker, &Worker::eventRaised, this, &Station::eventRaised);
                      });

    // The rooms' signals are the Station's (callers connect to the Station only).
    connect(m_session.get(), &StationSession::eventRaised, this, &Station::eventRaised);
    connect(m_session.get(), &StationSession::sessionFolderChanged, this,
            &Station::sessionFolderChanged);
    connect(m_links.get(), &LinkManager::linksChanged, this, &Station::linksChanged);
    connect(m_links.get(), &LinkManager::linkStartFailed, this, &Station::linkStartFailed);
    connect(m_links.get(), &LinkManager::linksStopped, this, &Station::linksStopped);
    connect(m_replay.get(), &ReplayControl::replayReady, this, &Station::replayReady);
    connect(m_replay.get(), &ReplayControl::replayLoadProgress, this, &Station::replayLoadProgress);
    connect(m_replay.get(), &ReplayControl::replayLoaded, this, &Station::replayLoaded);
    connect(m_replay.get(), &ReplayControl::replayLoadFailed, this, &Station::replayLoadFailed);
    connect(m_safety.get(), &StopAndPark::exitParked, this, &Station::exitParked);
    connect(m_safety.get(), &StopAndPark::replayIntoMotionChanged, this,
            &Station::replayIntoMotionChanged);

    // Every event reaches eventRaised in this thread (workers' are queued here): keep the last
    // ones, and hand each to the links that consume events (a publisher).
    connect(this, &Station::eventRaised, this, [this](const Event &e) {
        tsanArrived(e); // TSan: the first slot in this thread to read a worker's queued copy
        m_recentEvents.append({QDateTime::currentDateTimeUtc(), e});
        if (m_recentEvents.size() > 500)
            m_recentEvents.removeFirst();
        m_router->deliverEvent(e);
    });
}

Station::~Station()
{
    stop();
}

bool Station::start(QString *error)
{
    if (m_running)
        return true;
    // The folder is checked before any link starts: a session that cannot be recorded is
    // refused, never run silently.
    m_running = true; // before the recorder's first session.json, which reports it
    const bool recording = m_session->start(
        [this] {
            // The recorder's thread, every 500 ms: session.json, and the same object to the
            // links that publish counters.
            const QJsonObject s = snapshot();
            m_router->deliverCounters(s);
            return s;
        },
        error);
    if (!recording) {
        m_running = false;
        return false;
    }
    m_router->setRecorder(m_session->recorder());
    if (!m_links->startAtLaunch(error)) {
        stop();
        return false;
    }
    route();
    m_session->log(QStringLiteral("session started"));
    return true;
}

void Station::stop()
{
    if (!m_running)
        return;
    m_running = false;
    m_links->stopAll(); // unroutes first; links before stand-ins, entries kept for session.json
    m_router->setRecorder(nullptr);
    m_session->stop(); // "session ended", then the last session.json with the final counters
    m_links->clear();
}

void Station::route()
{
    if (m_links->isActive())
        m_router->route(m_links->routedLinks(), m_links->replay(), m_safety->replayIntoMotion());
}

QJsonObject Station::snapshot() const
{
    QJsonObject links, emulators;
    m_links->report(&links, &emulators);
    return m_session->compose(links, emulators, m_running.load());
}

void Station::raiseStationEvent(const QString &id, Severity severity, const QString &text)
{
    raiseStationEvent(Event{QStringLiteral("station"), id, severity, text});
}

void Station::raiseStationEvent(const Event &event)
{
    m_session->log(event.text);
    emit eventRaised(event);
}

} // namespace hil
