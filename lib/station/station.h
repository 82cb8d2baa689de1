#pragma once
// Station: the orchestration of one HIL Station run, and the one object the window, the headless
// runner and the tests talk to. It owns the rooms and says in which order they start and stop:
//   StationSession  the session folder, the recorder, session.json      (stationsession.h)
//   LinkManager     which links and stand-ins run, their lifecycle       (linkmanager.h)
//   ReplayControl   the replay source's load                             (replaycontrol.h)
//   StreamRouter    routing by the streams the descriptors declare       (streamrouter.h)
//   StopAndPark     the rider's safety path: STOP, exit park, replay switch (stopandpark.h;
//                   the link's side is lib/raven/ridersafety.h)
// It knows no protocol: every link is a LinkDescriptor of the registry (lib/links/). Its API
// forwards to the rooms, so callers need not know which room holds what.
// Lives in the main thread; start() and stop() are called there. snapshot() is thread-safe.

#include "core/linkdescriptor.h"
#include "core/worker.h"
#include "model/simframe.h"
#include "station/linkmanager.h"
#include "station/options.h"
#include "station/replaycontrol.h"
#include "station/stationsession.h"
#include "station/stopandpark.h"
#include "station/streamrouter.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace hil {

class WorkerHost;
class SessionRecorder;
class TelemetryHub;
class SessionReplay;

class Station : public QObject
{
    Q_OBJECT
public:
    /// With the built-in links (lib/links/builtin.cpp).
    explicit Station(const StationOptions &options, QObject *parent = nullptr);
    /// With another registry (tests add a link of their own); it must outlive the Station.
    Station(const StationOptions &options, const LinkRegistry &registry, QObject *parent = nullptr);
    ~Station() override;

    /// Starts the recorder, the emulators, then the links. False with *error (one line) when
    /// something cannot be set up; everything already started is stopped again.
    bool start(QString *error);
    /// Stops links (clean goodbyes), then emulators, then writes the last session.json.
    void stop();
    bool isRunning() const { return m_running; }

    const StationOptions &options() const { return m_options; }
    const LinkRegistry &registry() const { return m_registry; }
    QString sessionFolder() const { return m_session->folder(); }
    /// The whole session.json object. Thread-safe.
    QJsonObject snapshot() const;
    /// session.json "counter_schema": per link, each counter's unit and kind (descriptors).
    QJsonObject counterSchema() const { return m_session->counterSchema(); }
    /// A running worker by name (`flightaxis`, `emulator.raven`, ...), or nullptr. The pointer is
    /// valid until stop(); use it only through queued calls and its thread-safe getters.
    Worker *worker(const QString &name) const { return m_links->worker(name); }

    /// The rooms, for code that works with one of them (tests, the lab link).
    LinkManager &links() { return *m_links; }
    StopAndPark &safety() { return *m_safety; }
    StreamRouter &router() { return *m_router; }
    StationSession &session() { return *m_session; }

    /// The ring buffers links push plotted values into and the window reads. Lives as long as
    /// the Station; thread-safe (see telemetry/telemetryhub.h).
    TelemetryHub *telemetry() const { return m_telemetry.get(); }

    /// The default session folder: <app-data>/sessions/<yyyyMMdd-HHmmss>.
    static QString defaultSessionFolder() { return StationSession::defaultSessionFolder(); }

    // Runtime control (main thread, while running).
    // Links by their registry name; emulators by their link's name (link L's stand-in
    // runs as "emulator.L"). Starting replaces a stopped entry of the same name (session.json keeps
    // a stopped worker's last counters until then); the routing is rebuilt after every change.
    /// address: the peer (for px4 the listen address); an empty host means the default: the
    /// running built-in emulator, else the command line's address. False with *error.
    bool startLink(const QString &name, const Endpoint &address, QString *error)
    {
        return m_links->startLink(name, address, error);
    }
    /// Disconnect, for the window: returns at once. The routing to and from the link is removed
    /// and linksChanged() emitted before anything else (worker(name) is nullptr from then on:
    /// panels drop their pointers); linkState() says Stopping while a motion link parks (cues
    /// ramped to neutral, LEVEL BRAKE when LOADING/CUEING, at most 4 s) and the worker closes
    /// in its own thread; then linksChanged() again and session.json keeps its final counters.
    /// STOP still reaches a stopping motion link. A link already stopping is left alone.
    void stopLink(const QString &name) { m_links->stopLink(name); }
    /// A link is being stopped by stopLink().
    bool isLinkStopping(const QString &name) const { return m_links->isLinkStopping(name); }
    /// startLink for the window: returns at once, the link opens in its own thread (a name
    /// lookup or a slow peer never stalls the caller). Meanwhile linkState() says Connecting;
    /// then linksChanged(), or linkStartFailed() with the reason. A second call for a link
    /// still opening is ignored; a call for a link still stopping is refused (linkStartFailed:
    /// connect again once it shows stopped; the window disables Connect meanwhile).
    void connectLink(const QString &name, const Endpoint &address)
    {
        m_links->connectLink(name, address);
    }
    /// A link is being opened by connectLink().
    bool isLinkOpening(const QString &name) const { return m_links->isLinkOpening(name); }
    bool startEmulator(const QString &name, QString *error)
    {
        return m_links->startEmulator(name, error);
    }
    void stopEmulator(const QString &name) { m_links->stopEmulator(name); }
    /// The state of a link or emulator by worker name, typed for the window: std::nullopt when it
    /// is not running (never started, or stopped). Thread-safe.
    std::optional<LinkState> linkState(const QString &workerName) const
    {
        return m_links->linkState(workerName);
    }
    /// The link / emulator of that name is running now.
    bool isLinkRunning(const QString &name) const { return m_links->isLinkRunning(name); }
    bool isEmulatorRunning(const QString &name) const { return m_links->isEmulatorRunning(name); }

    /// Starts a SessionReplay worker ("replay", its own thread, paused at the start) on a
    /// session folder, state.csv or .tlog; replaces a running replay (cancelling its load).
    /// Returns at once: the file is read in the replay's thread (an hour is ~300 MB), reported
    /// by replayLoadProgress(), then replayLoaded() or replayLoadFailed() — after a failure the
    /// worker is gone. False with *error only when the worker cannot be started at all.
    /// Its frames feed the telemetry hub, and the motion link only after
    /// setReplayIntoMotion(true).
    bool startReplay(const QString &path, QString *error)
    {
        return m_replay->startReplay(path, error);
    }
    /// Stops the replay; a load in progress is cancelled first (it stops within one 4 MB
    /// chunk, then the worker closes: the caller waits that long) and replayLoadFailed(path,
    /// {}, true) follows. The Replay panel's Cancel is this.
    void stopReplay() { m_replay->stopReplay(); }
    /// A replay started and still reading its file.
    bool isReplayLoading() const { return m_replay->isReplayLoading(); }
    /// The running replay (queued calls to its slots), else nullptr; valid until stopReplay().
    SessionReplay *replay() const { return m_links->replay(); }
    /// Routes replay frames into the motion link instead of the live simulator's (the caller
    /// has asked the operator to confirm). The link's watchdog, ramps and STOP apply unchanged.
    void setReplayIntoMotion(bool on) { m_safety->setReplayIntoMotion(on); }
    bool replayIntoMotion() const { return m_safety->replayIntoMotion(); }

    // Session.
    /// Where File → New session would record (nothing is made): beside a --log-dir folder, else
    /// a new default one.
    QString nextSessionFolder() const { return m_session->nextSessionFolder(); }
    /// Finishes the session folder (its session.json: "running" false) and goes on in newFolder
    /// (empty: nextSessionFolder()), queued to the recorder; sessionFolderChanged() follows.
    void startNewSession(const QString &newFolder = {}) { m_session->startNewSession(newFolder); }
    /// The recorder's counters (records_dropped, write_errors, ...), {} when not running.
    /// Thread-safe.
    QJsonObject recorderCounters() const { return m_session->recorderCounters(); }

    /// The running link that moves a person (its descriptor has `motion`), else nullptr. Use
    /// it through queued calls and its thread-safe getters; valid until it stops.
    Worker *motionLink() const { return m_links->motion().first; }
    /// The first running link (registry order) whose descriptor has what `declares` asks for
    /// (`[](const LinkDescriptor &d) { return bool(d.pilotOut); }`), else nullptr: links are found
    /// by their capabilities, never by name. Main thread; the same validity as worker().
    Worker *linkThat(const std::function<bool(const LinkDescriptor &)> &declares) const
    {
        for (const LinkDescriptor &d : m_registry.all())
            if (declares(d))
                if (Worker *w = worker(d.name))
                    return w;
        return nullptr;
    }
    /// The same with its descriptor, to call what it declares; {nullptr, nullptr} when none runs.
    RunningLink runningThat(const std::function<bool(const LinkDescriptor &)> &declares) const
    {
        for (const LinkDescriptor &d : m_registry.all())
            if (declares(d))
                if (Worker *w = worker(d.name))
                    return {w, &d};
        return {nullptr, nullptr};
    }
    /// A motion link runs or is still stopping: STOP has somewhere to go. Main thread.
    bool hasMotionLink() const { return m_safety->hasMotionLink(); }

    // Rider safety.
    /// STOP, the one command (toolbar, panels, Esc, dialogs, SIGUSR1): replay stops feeding the
    /// motion link, and the motion link running now zeroes its cues and requests LEVEL BRAKE,
    /// latched until the operator picks a mode. Never blocks (queued into the link's thread).
    void emergencyStop() { m_safety->emergencyStop(); }
    /// The platform mode the motion link's status word shows now (0 OFF .. 3 CUEING), -1 when
    /// no link runs or the platform never answered (a stopping link still counts). Main thread.
    int platformMode() const { return m_safety->platformMode(); }
    /// The motion link's rider-side status (mode reported and requested, STOP latch, loop guard,
    /// gains, enabling button), typed; std::nullopt when no motion link runs. Main thread.
    std::optional<MotionStatus> motionStatus() const { return m_safety->motionStatus(); }
    /// Exit path, asynchronous: the motion link ramps cues to neutral (≤ 1 s), requests LEVEL
    /// BRAKE when the platform is LOADING/CUEING and waits ≤ 2 s for it; exitParked() follows
    /// (at once without a motion link; after 4 s whatever happens). The outcome is written to
    /// events.log. Call stop() only after exitParked(). Idempotent.
    void parkForExit() { m_safety->parkForExit(); }
    bool isParking() const { return m_safety->isParking(); }
    /// Window exit, after exitParked(): every running link stops as stopLink() does (the
    /// motion link without a second park), none waited for; linksStopped() follows once none
    /// runs or stops (at once when none does). stop() then has only the stand-ins and the
    /// recorder left to close. Main thread.
    void stopLinksAsync() { m_links->stopLinksAsync(); }
    /// The last 500 events of this run, typed (id, args), with their UTC time: a window opened
    /// after the links started shows them in its language without reading events.log (a file,
    /// English only). Main thread.
    struct TimedEvent
    {
        QDateTime utc;
        Event event;
    };
    QList<TimedEvent> recentEvents() const { return m_recentEvents; }
    /// An event of the station itself (or the window): events.log and eventRaised(). Main thread.
    void raiseStationEvent(const QString &id, hil::Severity severity, const QString &text);
    /// The same, with args. Main thread.
    void raiseStationEvent(const hil::Event &event);

signals:
    /// Every worker's events (typed: id, severity), delivered in the main thread for the window.
    void eventRaised(const hil::Event &event);
    /// parkForExit() is done: ok = LEVEL BRAKE shown or nothing needed; text for the operator.
    void exitParked(bool ok, const QString &text);
    /// stopLinksAsync() is done: no link runs or stops any more (main thread).
    void linksStopped();
    /// connectLink() could not open the link (error: one line for the operator). Main thread.
    void linkStartFailed(const QString &name, const QString &error);
    /// A link, emulator or the replay was started or stopped (main thread).
    void linksChanged();
    /// A replay worker was started, before it loads its file: connect to its signals here
    /// (direct connection from the main thread) so that loaded() is not missed.
    void replayReady(hil::SessionReplay *replay);
    /// The replay's load: bytes read of total, at most 20 times a second (main thread).
    void replayLoadProgress(qint64 done, qint64 total);
    /// The replay has its file indexed and waits, paused at the start (main thread).
    void replayLoaded(const QString &path);
    /// The replay could not load path (error: one line) or its load was cancelled
    /// (stopReplay() / a new startReplay()); the replay worker is gone (main thread).
    void replayLoadFailed(const QString &path, const QString &error, bool cancelled);
    /// Replay into the motion platform was switched on or off (by the operator, or by STOP from
    /// anywhere: toolbar, dialogs, SIGUSR1). Main thread.
    void replayIntoMotionChanged(bool on);
    /// The recorder went on in a new folder (main thread).
    void sessionFolderChanged(const QString &folder);

private:
    /// Rebuilds the routing from the running links, the replay and the replay switch.
    void route();

    StationOptions m_options;
    const LinkRegistry &m_registry;
    std::atomic<bool> m_running{false};
    std::unique_ptr<TelemetryHub> m_telemetry;
    std::unique_ptr<StationSession> m_session;
    std::unique_ptr<StreamRouter> m_router;
    std::unique_ptr<LinkManager> m_links;
    std::unique_ptr<ReplayControl> m_replay;
    std::unique_ptr<StopAndPark> m_safety;
    QList<TimedEvent> m_recentEvents; ///< main thread, capped at 500
};

} // namespace hil
