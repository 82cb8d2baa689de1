#pragma once
// Station: builds the links and emulators the options name, gives each its own thread, routes
// frames between them (queued connections between worker threads: never through the GUI
// thread), runs the session recorder and composes session.json. It knows no protocol: every
// link is a LinkDescriptor of the registry (lib/links/), and the routing follows the streams the
// descriptors declare (SimFrames, channels), not pairs of names.
// Lives in the main thread; start() and stop() are called there. snapshot() is thread-safe.
//
// Rider safety lives here as commands, not as pointers a panel keeps: emergencyStop() reaches
// whatever motion link runs *now* (started from the command line, the Links panel, reconnected)
// and cuts replay out of the motion link; parkForExit() is what every exit path runs before
// stop() (cues ramped to neutral, LEVEL BRAKE, parked(), then the sockets close).

#include "core/linkdescriptor.h"
#include "core/worker.h"
#include "model/simframe.h"
#include "station/options.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QMutex>
#include <QObject>
#include <atomic>
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
    QString sessionFolder() const;
    /// The whole session.json object. Thread-safe.
    QJsonObject snapshot() const;
    /// session.json "counter_schema": per link, each counter's unit and kind (descriptors).
    QJsonObject counterSchema() const;
    /// A running worker by name (`flightaxis`, `emulator.raven`, ...), or nullptr. The pointer is
    /// valid until stop(); use it only through queued calls and its thread-safe getters.
    Worker *worker(const QString &name) const;

    /// The ring buffers links push plotted values into and the window reads. Lives as long as
    /// the Station; thread-safe (see telemetry/telemetryhub.h).
    TelemetryHub *telemetry() const { return m_telemetry.get(); }

    /// The default session folder: <app-data>/sessions/<yyyyMMdd-HHmmss>.
    static QString defaultSessionFolder();

    // Runtime control (main thread, while running).
    // Links by their registry name; emulators by their link's name ("raven" runs
    // "emulator.raven"). Starting replaces a stopped entry of the same name (session.json keeps
    // a stopped worker's last counters until then); the routing is rebuilt after every change.
    /// address: the peer (for px4 the listen address); an empty host means the default: the
    /// running built-in emulator, else the command line's address. False with *error.
    bool startLink(const QString &name, const Endpoint &address, QString *error);
    /// Disconnect, for the window: returns at once. The routing to and from the link is removed
    /// and linksChanged() emitted before anything else (worker(name) is nullptr from then on:
    /// panels drop their pointers); linkState() says Stopping while a motion link parks (cues
    /// ramped to neutral, LEVEL BRAKE when LOADING/CUEING, at most 4 s) and the worker closes
    /// in its own thread; then linksChanged() again and session.json keeps its final counters.
    /// STOP still reaches a stopping motion link. A link already stopping is left alone.
    void stopLink(const QString &name);
    /// A link is being stopped by stopLink().
    bool isLinkStopping(const QString &name) const;
    /// startLink for the window: returns at once, the link opens in its own thread (a name
    /// lookup or a slow peer never stalls the caller). Meanwhile linkState() says Connecting;
    /// then linksChanged(), or linkStartFailed() with the reason. A second call for a link
    /// still opening is ignored; a call for a link still stopping is refused (linkStartFailed:
    /// connect again once it shows stopped; the window disables Connect meanwhile).
    void connectLink(const QString &name, const Endpoint &address);
    /// A link is being opened by connectLink().
    bool isLinkOpening(const QString &name) const;
    bool startEmulator(const QString &name, QString *error);
    void stopEmulator(const QString &name);
    /// The state of a link or emulator by worker name, typed for the window: std::nullopt when it
    /// is not running (never started, or stopped). Thread-safe.
    std::optional<LinkState> linkState(const QString &workerName) const;
    /// The link / emulator of that name is running now.
    bool isLinkRunning(const QString &name) const;
    bool isEmulatorRunning(const QString &name) const;

    /// Starts a SessionReplay worker ("replay", its own thread, paused at the start) on a
    /// session folder, state.csv or .tlog; replaces a running replay (cancelling its load).
    /// Returns at once: the file is read in the replay's thread (an hour is ~300 MB), reported
    /// by replayLoadProgress(), then replayLoaded() or replayLoadFailed() — after a failure the
    /// worker is gone. False with *error only when the worker cannot be started at all.
    /// Its frames feed the telemetry hub, and the motion link only after
    /// setReplayIntoMotion(true).
    bool startReplay(const QString &path, QString *error);
    /// Stops the replay; a load in progress is cancelled first (it stops within one 4 MB
    /// chunk, then the worker closes: the caller waits that long) and replayLoadFailed(path,
    /// {}, true) follows. The Replay panel's Cancel is this.
    void stopReplay();
    /// A replay started and still reading its file.
    bool isReplayLoading() const { return m_replay && m_replayLoading; }
    /// The running replay (queued calls to its slots), else nullptr; valid until stopReplay().
    SessionReplay *replay() const { return m_replay; }
    /// Routes replay frames into the motion link instead of the live simulator's (the caller
    /// has asked the operator to confirm). The link's watchdog, ramps and STOP apply unchanged.
    void setReplayIntoMotion(bool on);
    bool replayIntoMotion() const { return m_replayIntoMotion; }

    // Session.
    /// Finishes the session folder and goes on in a new default one (queued to the recorder).
    void startNewSession();
    /// The recorder's counters (records_dropped, write_errors, ...), {} when not running.
    /// Thread-safe.
    QJsonObject recorderCounters() const;

    /// The running link that moves a person (its descriptor has `motion`), else nullptr. Use
    /// it through queued calls and its thread-safe getters; valid until it stops.
    Worker *motionLink() const;
    /// A motion link runs or is still stopping: STOP has somewhere to go. Main thread.
    bool hasMotionLink() const;

    // Rider safety.
    /// STOP, the one command (toolbar, panels, Esc, dialogs, SIGUSR1): replay stops feeding the
    /// motion link, and the motion link running now zeroes its cues and requests LEVEL BRAKE,
    /// latched until the operator picks a mode. Never blocks (queued into the link's thread).
    void emergencyStop();
    /// The platform mode the motion link's status word shows now (0 OFF .. 3 CUEING), -1 when
    /// no link runs or the platform never answered (a stopping link still counts). Main thread.
    int platformMode() const;
    /// Exit path, asynchronous: the motion link ramps cues to neutral (≤ 1 s), requests LEVEL
    /// BRAKE when the platform is LOADING/CUEING and waits ≤ 2 s for it; exitParked() follows
    /// (at once without a motion link; after 4 s whatever happens). The outcome is written to
    /// events.log. Call stop() only after exitParked(). Idempotent.
    void parkForExit();
    bool isParking() const { return m_parking; }
    /// Window exit, after exitParked(): every running link stops as stopLink() does (the
    /// motion link without a second park), none waited for; linksStopped() follows once none
    /// runs or stops (at once when none does). stop() then has only the stand-ins and the
    /// recorder left to close. Main thread.
    void stopLinksAsync();
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
    enum class Role { Emulator, Link, Replay };
    bool launch(Worker *worker, Role role, const LinkDescriptor *descriptor, QString *error);
    /// The worker's events go to events.log (recorder) and to eventRaised (the window).
    void wireEvents(Worker *worker);
    /// Adds a started worker, replacing a stopped entry of the same name.
    void addEntry(Role role, const QString &name, const LinkDescriptor *descriptor,
                  std::unique_ptr<WorkerHost> host);
    bool startEmulators(QString *error);
    bool startLinks(QString *error);
    /// One emulator / link of the registry, built from the options (address: nullptr = default).
    bool launchEmulator(const LinkDescriptor &d, QString *error);
    bool launchLink(const LinkDescriptor &d, const Endpoint *address, QString *error);
    LinkContext context(const LinkDescriptor &d, const Endpoint *address) const;
    void stopRole(Role role);
    /// Stops one worker (keeping its entry for session.json) after dropping the routing.
    void stopWorker(const QString &workerName);
    /// (Re)connects producers to consumers by the declared streams (SimFrames: simulator →
    /// platform, PX4; channels: PX4 → simulator; replay → hub [→ the rider's link]), the
    /// recorder and the telemetry hub. Drops the previous routing first, so it may run after
    /// every start/stop without duplicating connections.
    void route();
    void unroute();
    void track(const QMetaObject::Connection &c) { m_routes.push_back(c); }
    /// The channels last sent to the simulator (for state.csv). Any thread.
    ChannelFrame lastChannels() const;
    /// The running motion link and its descriptor, or {nullptr, nullptr}. Main thread.
    std::pair<Worker *, const LinkDescriptor *> motion() const;
    /// The motion link's host, running or stopping (STOP, the platform's mode), or nullptr.
    std::pair<WorkerHost *, const LinkDescriptor *> motionHost() const;

    StationOptions m_options;
    const LinkRegistry &m_registry;
    QString m_folder;
    QDateTime m_startedUtc;
    std::atomic<bool> m_running{false};

    struct Entry
    {
        Role role;
        QString name;
        const LinkDescriptor *descriptor; ///< nullptr for the replay
        std::unique_ptr<WorkerHost> host;
        /// stopLink() runs: not routed, not returned by worker(); STOP still reaches it.
        bool stopping = false;
    };
    mutable QMutex m_mutex; // guards m_entries against snapshot() from the recorder thread
    std::vector<Entry> m_entries;
    std::unique_ptr<WorkerHost> m_recorderHost;
    SessionRecorder *m_recorder = nullptr;
    mutable QMutex m_channelsMutex;
    ChannelFrame m_lastChannels; ///< guarded by m_channelsMutex

    std::unique_ptr<TelemetryHub> m_telemetry;
    SessionReplay *m_replay = nullptr; ///< owned by its WorkerHost in m_entries
    bool m_replayLoading = false;      ///< m_replay's load has not ended yet
    QString m_replayPath;
    /// Counts startReplay() calls: a load's queued outcome counts only for the replay it came
    /// from (a pointer could be reused by the next replay's allocation).
    quint64 m_replayGeneration = 0;
    bool m_replayIntoMotion = false;
    bool m_parking = false;
    bool m_parkDone = false;
    bool m_parkOk = false;
    QString m_parkText;
    void finishPark(bool ok, const QString &text);
    void logStationEvent(const QString &text);
    std::vector<QMetaObject::Connection> m_routes; ///< everything route() made
    QList<TimedEvent> m_recentEvents;              ///< main thread, capped at 500
    /// Links being opened by connectLink(): name -> its host until its start has run.
    struct Opening
    {
        const LinkDescriptor *descriptor;
        Endpoint address;
        std::unique_ptr<WorkerHost> host;
    };
    std::map<QString, Opening> m_opening; ///< guarded by m_mutex (linkState() reads it)
    void finishOpening(const QString &name, bool ok, const QString &error);
    /// Links being stopped by stopLink() (main thread only): the motion link's park first.
    struct Stopping
    {
        WorkerHost *host; ///< owned by its entry in m_entries
        const LinkDescriptor *descriptor;
        QMetaObject::Connection parked;
        bool parkDone = false;
        bool parkOk = true;
        QString parkText;
        bool closing = false; ///< the worker's close has been queued
        quint64 seq = 0;      ///< tells a late callback of an earlier stop from this one
    };
    quint64 m_stopSeq = 0;
    bool m_stoppingAll = false; ///< stopLinksAsync() waits for m_stopping to empty
    std::map<QString, Stopping> m_stopping;
    void linkParked(const QString &name, quint64 seq, bool ok, const QString &text);
    void closeStopping(const QString &name);
    void finishStopping(const QString &name, quint64 seq);
};

} // namespace hil
