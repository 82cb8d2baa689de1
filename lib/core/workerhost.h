#pragma once
// WorkerHost: owns one Worker and the named QThread it runs on. Used from the thread that
// created it (the main thread). start()/stop() block until the worker has opened/closed in its
// own thread; startAsync()/stopAsync() do not: the window uses them, so that a slow open (a name
// lookup, a peer that does not answer) or a slow close (RealFlight's transmitter restore) never
// stalls the GUI thread. The worker is deleted in its thread when that thread finishes.
//
// While an asynchronous stop runs, worker() is already nullptr (nobody may start a new call into
// a closing worker), but withWorker() still reaches it until its close has finished: the one
// caller that must, STOP, gets to the motion link in every state.

#include "core/worker.h"

#include <QMutex>
#include <QSemaphore>
#include <QThread>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace hil {

class WorkerHost
{
public:
    /// Takes ownership of worker (which must have no parent).
    explicit WorkerHost(Worker *worker);
    ~WorkerHost();
    WorkerHost(const WorkerHost &) = delete;
    WorkerHost &operator=(const WorkerHost &) = delete;

    /// The worker while it runs (and while it opens), else nullptr. Main thread: the pointer is
    /// valid until stop() there; other threads use report() / liveState().
    Worker *worker() const { return m_worker; }
    /// Thread-safe: the running worker's counters and endpoints, or the final ones after stop()
    /// (live = false). Never blocks on a start or stop in progress, only on this host's lock.
    struct Report
    {
        bool live = false;
        LinkState state = LinkState::Stopped;
        QJsonObject counters, endpoints;
    };
    Report report() const;
    /// Thread-safe: the running worker's state, std::nullopt when it does not run.
    std::optional<LinkState> liveState() const;
    /// Starts the thread and the worker; false with *error when the worker cannot open.
    bool start(QString *error);
    /// Starts the thread (through the ThreadLauncher when there is one: the link threads keep
    /// the program's scheduling, not the window's) and queues the worker's start into it;
    /// returns at once. `done` runs in
    /// `context`'s thread once the worker has opened (or failed, with the reason); after a
    /// failure the host is spent. Not called when `context` is gone by then.
    void startAsync(QObject *context, std::function<void(bool ok, const QString &error)> done);
    /// After startAsync(): blocks until the worker's start has run (for an exit that cannot wait
    /// for the event loop); true when it opened. Main thread.
    bool waitStarted();
    /// Stops the worker (clean shutdown in its thread) and the thread. Idempotent. After
    /// stopAsync() it waits for that stop to end (exit paths only).
    void stop();
    /// Queues the worker's stop into its thread and returns at once: worker() is nullptr from
    /// now on, liveState() says Stopping, report() stays live until the close has run and then
    /// keeps the final counters. `done` runs in `context`'s thread once the worker has closed
    /// and been deleted (in its own thread, which is ending). Not called when the host or
    /// `context` is gone by then. Main thread; no-op when not running.
    void stopAsync(QObject *context, std::function<void()> done);
    /// An asynchronous stop has been queued and has not finished yet. Thread-safe.
    bool isStopping() const;
    /// Thread-safe: calls fn(worker) under this host's lock while the worker runs or closes
    /// (after stopAsync(), until its close has finished); false when there is none. fn must not
    /// block: a queued call into the worker or an atomic store (STOP).
    bool withWorker(const std::function<void(Worker *)> &fn) const;

private:
    void startFailed();

    void forgetWorker(); ///< main thread: m_worker = nullptr under m_mutex, before the thread ends

    mutable QMutex m_mutex; ///< guards the pointer's end and the finals against report()
    Worker *m_worker;
    std::atomic<int> m_asyncResult{-1}; ///< -1 pending, 0 failed, 1 opened (startAsync)
    QSemaphore m_started;
    bool m_waited = false;      ///< main thread: m_started acquired once
    bool m_startQueued = false; ///< main thread: startAsync() was called
    std::shared_ptr<int> m_alive = std::make_shared<int>(0);
    QThread m_thread;
    std::atomic<bool> m_running{false};
    QJsonObject m_final;
    QJsonObject m_finalEndpoints;
    Worker *m_closing = nullptr; ///< guarded by m_mutex: the worker while stopAsync() closes it
    /// Set by stopAsync() before its close is queued; run by the worker's thread after the
    /// worker's deletion, as that thread's last use of this host.
    std::function<void()> m_afterDelete;
    bool m_stopQueued = false; ///< main thread: stopAsync() was called
};

} // namespace hil
