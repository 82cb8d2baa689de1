#pragma once
// WorkerHost: owns one Worker and the named QThread it runs on. Used from the thread that
// created it (the main thread). start()/stop() block until the worker has opened/closed in its
// own thread; startAsync() does not: the window uses it, so that a slow open (a name lookup, a
// peer that does not answer) never stalls the GUI thread. The worker is deleted in its thread
// when that thread finishes.

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
    /// Starts the thread and queues the worker's start into it; returns at once. `done` runs in
    /// `context`'s thread once the worker has opened (or failed, with the reason); after a
    /// failure the host is spent. Not called when `context` is gone by then.
    void startAsync(QObject *context, std::function<void(bool ok, const QString &error)> done);
    /// After startAsync(): blocks until the worker's start has run (for an exit that cannot wait
    /// for the event loop); true when it opened. Main thread.
    bool waitStarted();
    /// Stops the worker (clean shutdown in its thread) and the thread. Idempotent.
    void stop();

private:
    void startFailed();

    void forgetWorker(); ///< main thread: m_worker = nullptr under m_mutex, before the thread ends

    mutable QMutex m_mutex; ///< guards the pointer's end and the finals against report()
    Worker *m_worker;
    std::atomic<int> m_asyncResult{-1}; ///< -1 pending, 0 failed, 1 opened (startAsync)
    QSemaphore m_started;
    bool m_waited = false; ///< main thread: m_started acquired once
    std::shared_ptr<int> m_alive = std::make_shared<int>(0);
    QThread m_thread;
    std::atomic<bool> m_running{false};
    QJsonObject m_final;
    QJsonObject m_finalEndpoints;
};

} // namespace hil
