#pragma once
// LinkManager: which workers run and their lifecycle — the links and built-in stand-ins the
// options name, started in order at launch (stand-ins first, so links point at the ports they
// really bound), started, connected (asynchronously, for the window), stopped (synchronously, or
// asynchronously with the motion link's park first, companions with and before their link:
// linkstopping.cpp) one at a time, and the replay source. Modelled
// on QGroundControl's split of LinkManager (what runs) from what the traffic means: it routes
// nothing (StreamRouter) and decides no safety (StopAndPark); it only tells its owner, through the
// two routing hooks, when the running set changes, and keeps every stopped entry's last counters
// for session.json.
//
// Thread: lives in the main thread; every call there, except worker(), linkState(), report() and
// motion(), which are thread-safe (session.json is composed in the recorder's thread). Owns the
// WorkerHosts (and through them the workers, each on its own thread).

#include "core/linkdescriptor.h"
#include "core/worker.h"
#include "station/options.h"

#include <QJsonObject>
#include <QMutex>
#include <QObject>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace hil {

class WorkerHost;
class SessionReplay;

class LinkManager : public QObject
{
    Q_OBJECT
public:
    LinkManager(const StationOptions &options, const LinkRegistry &registry,
                QObject *parent = nullptr);
    ~LinkManager() override;

    /// route: rebuild the routing from routedLinks() (after every change of the running set);
    /// unroute: drop it (before a routed worker stops: nothing may call into a closing link);
    /// wire: every worker built, before it starts (its events to the session and the window).
    void setHooks(std::function<void()> route, std::function<void()> unroute,
                  std::function<void(Worker *)> wire);

    /// Opens for business (start*/connect* refuse before), then the stand-ins and the links the
    /// options name, companions after their link. False with *error; the caller then stopAll()s.
    bool startAtLaunch(QString *error);
    /// Closes everything, waiting: links still opening, links stopping, the replay, the links
    /// (reverse start order, their goodbyes still reach live stand-ins), then the stand-ins.
    /// Entries stay with their final counters for the last session.json until clear().
    void stopAll();
    void clear();
    bool isActive() const { return m_active; }

    // Runtime control, by registry name; stand-ins by their link's name (link L's stand-in
    // runs as "emulator.L"). Starting replaces a stopped entry of the same name.
    /// Synchronous start (command line, tests). An empty host means the running stand-in, else
    /// the command line's address.
    bool startLink(const QString &name, const Endpoint &address, QString *error);
    /// Asynchronous start (window): linksChanged() now (state Connecting), then linksChanged()
    /// or linkStartFailed(). Ignored while the link opens; refused while it stops.
    void connectLink(const QString &name, const Endpoint &address);
    bool isLinkOpening(const QString &name) const;
    /// Asynchronous stop (window): unrouted and linksChanged() at once (worker(name) is nullptr
    /// from then on); a motion link parks first (≤ 4 s), then the worker closes in its thread and
    /// linksChanged() follows. STOP still reaches it meanwhile (motionHost()).
    void stopLink(const QString &name);
    bool isLinkStopping(const QString &name) const;
    /// Every running link as stopLink() does; linksStopped() once none runs or stops.
    void stopLinksAsync();
    bool startEmulator(const QString &name, QString *error);
    void stopEmulator(const QString &name);
    bool isLinkRunning(const QString &name) const { return worker(name) != nullptr; }
    bool isEmulatorRunning(const QString &name) const;
    /// Typed state of a worker by name; std::nullopt when not running. Thread-safe.
    std::optional<LinkState> linkState(const QString &workerName) const;
    /// A running worker by name, else nullptr (also while it stops). Thread-safe.
    Worker *worker(const QString &name) const;

    // The replay source's worker ("replay", not a link: no session.json entry); its load is
    // ReplayControl's. launchReplay takes ownership of replay (deleted when it cannot start).
    bool launchReplay(SessionReplay *replay, QString *error);
    /// Cancels its load, stops it (waiting) and drops its entry; re-routes.
    void stopReplayWorker();
    SessionReplay *replay() const { return m_replay; }
    /// linksChanged() for a change made by a room beside this one (the replay's start).
    void announce() { emit linksChanged(); }

    /// What StreamRouter routes: running links (not stopping), with their descriptors.
    std::vector<RunningLink> routedLinks() const;

    /// The running motion link (descriptor has `motion`), else {nullptr, nullptr}. Thread-safe.
    std::pair<Worker *, const LinkDescriptor *> motion() const;
    /// The motion link's host, running or stopping (STOP still reaches it). Main thread.
    std::pair<WorkerHost *, const LinkDescriptor *> motionHost() const;
    /// A motion link being stopped by stopLink() and how its park went (done == false: still
    /// parking), for the exit path. Main thread.
    struct Park
    {
        bool done = false;
        bool ok = true;
        QString text;
    };
    std::optional<Park> stoppingMotionPark() const;
    /// The exit path parked the platform: a later stopLink() closes without parking again.
    void setExitParked(bool ok) { m_exitParked = ok; }

    /// Every entry's counters, state and endpoints (session.json "links", "emulators").
    /// Thread-safe.
    void report(QJsonObject *links, QJsonObject *emulators) const;

signals:
    void linksChanged();
    void linkStartFailed(const QString &name, const QString &error);
    void linksStopped();
    /// A motion link stopped by stopLink() has parked (or gave up: ok false). Main thread.
    void motionLinkParked(bool ok, const QString &text);

private:
    enum class Role { Emulator, Link, Replay };
    bool launch(Worker *worker, Role role, const LinkDescriptor *descriptor, QString *error);
    void addEntry(Role role, const QString &name, const LinkDescriptor *descriptor,
                  std::unique_ptr<WorkerHost> host);
    bool launchEmulator(const LinkDescriptor &d, QString *error);
    bool launchLink(const LinkDescriptor &d, const Endpoint *address, QString *error);
    LinkContext context(const LinkDescriptor &d, const Endpoint *address) const;
    void stopRole(Role role);
    /// Stops one worker, waiting (keeping its entry for session.json), after the routing.
    void stopWorker(const QString &workerName);
    void finishOpening(const QString &name, bool ok, const QString &error);
    void linkParked(const QString &name, quint64 seq, bool ok, const QString &text);
    void closeStopping(const QString &name);
    void finishStopping(const QString &name, quint64 seq);
    void route() const
    {
        if (m_route)
            m_route();
    }

    const StationOptions &m_options;
    const LinkRegistry &m_registry;
    std::function<void()> m_route, m_unroute;
    std::function<void(Worker *)> m_wire;
    bool m_active = false;
    bool m_exitParked = false;

    struct Entry
    {
        Role role;
        QString name;
        const LinkDescriptor *descriptor; ///< nullptr for the replay
        std::unique_ptr<WorkerHost> host;
        /// stopLink() runs: not routed, not returned by worker(); STOP still reaches it.
        bool stopping = false;
    };
    mutable QMutex m_mutex; ///< guards m_entries and m_opening against the recorder's thread
    std::vector<Entry> m_entries;
    /// Links being opened by connectLink(): name -> its host until its start has run.
    struct Opening
    {
        const LinkDescriptor *descriptor;
        Endpoint address;
        std::unique_ptr<WorkerHost> host;
    };
    std::map<QString, Opening> m_opening;
    /// Links being stopped by stopLink() (main thread only): the motion link's park first.
    struct Stopping
    {
        WorkerHost *host; ///< owned by its entry in m_entries
        const LinkDescriptor *descriptor;
        QMetaObject::Connection parked;
        Park park;
        bool closing = false; ///< the worker's close has been queued
        /// Ready to close but a companion of it is still closing: closed when that one is.
        bool waitsForCompanions = false;
        quint64 seq = 0; ///< tells a late callback of an earlier stop from this one
    };
    /// The links declared companionOf `name` (registry order): started after it, stopped with it.
    std::vector<const LinkDescriptor *> companionsOf(const QString &name) const;
    bool companionStopping(const QString &name) const;
    void beginStopping(const QString &name, WorkerHost *host, const LinkDescriptor *d);
    quint64 m_stopSeq = 0;
    bool m_stoppingAll = false; ///< stopLinksAsync() waits for m_stopping to empty
    std::map<QString, Stopping> m_stopping;

    SessionReplay *m_replay = nullptr; ///< owned by its WorkerHost in m_entries
};

} // namespace hil
