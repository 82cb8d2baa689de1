#include "core/workerhost.h"
#include "core/post.h"
#include "core/threadlauncher.h"
#include "model/tsan.h"

namespace hil {

WorkerHost::WorkerHost(Worker *worker) : m_worker(worker)
{
    m_thread.setObjectName(QStringLiteral("hil-") + worker->name());
    worker->moveToThread(&m_thread);
    // `finished` is emitted in the ending thread itself (direct: its context is the host's
    // QThread, which lives in the main thread): the worker and its sockets die where they lived,
    // and whoever waits for this thread or gets stopAsync()'s `done` knows the worker is gone —
    // a companion link wired to this one (HITL's ground-station link) is deleted before the link
    // it hangs on, never at the same time in two threads.
    QObject::connect(
        &m_thread, &QThread::finished, &m_thread,
        // tsanSlot: the connection (this functor) dies with m_thread, in the main thread.
        tsanSlot([this, worker] {
            HIL_TSAN_ACQUIRE(worker); // released before QThread::quit() ended this thread
            delete worker;
            std::function<void()> after = std::move(m_afterDelete);
            m_afterDelete = nullptr;
            // This thread's last touch of the host: QThread::wait() in stop() acquires;
            // stopAsync()'s `done` (posted by `after`) is ordered by postTo.
            HIL_TSAN_RELEASE(this);
            if (after)
                after();
        }),
        Qt::DirectConnection);
}

WorkerHost::~WorkerHost()
{
    if (m_startQueued && !m_running && m_worker)
        waitStarted(); // an asynchronous start still pending: let it finish, then close it
    stop();
    delete m_worker; // non-null only when never started: no thread to delete it in
}

bool WorkerHost::start(QString *error)
{
    ThreadLauncher::launchAndWait(m_thread);
    bool ok = false;
    // `ok` is set in the functor, not through Q_RETURN_ARG: Qt would write it after start()
    // returned, past the last point where the worker thread can order it for TSan.
    runIn(m_worker, [this, &ok] { ok = m_worker->start(); });
    if (!ok) {
        if (error)
            *error = m_worker->errorString();
        forgetWorker();
        m_thread.quit(); // the worker never opened: nothing to close
        m_thread.wait();
        HIL_TSAN_ACQUIRE(this); // its deletion in that thread came before (ctor)
        return false;
    }
    m_running = true;
    return true;
}

void WorkerHost::startAsync(QObject *context,
                            std::function<void(bool ok, const QString &error)> done)
{
    m_startQueued = true;
    Worker *w = m_worker;
    std::weak_ptr<int> alive = m_alive; // the host may be gone when `done` gets its turn
    // The thread is started by the launcher (if any), which then queues the worker's open into it.
    // `this` stays valid until then: ~WorkerHost waits for m_started, released after the open.
    ThreadLauncher::launch(m_thread, [this, w, context, alive, done = std::move(done)] {
        postTo(w, [this, w, context, alive, done] { // in the worker's thread
            const bool ok = w->start();
            const QString error = ok ? QString() : w->errorString();
            m_asyncResult = ok ? 1 : 0;
            HIL_TSAN_RELEASE(&m_started); // QSemaphore: waitStarted() acquires after acquire()
            m_started.release();
            postTo(context, [this, alive, ok, error, done] {
                if (alive.expired())
                    return;
                if (ok)
                    m_running = true;
                else
                    startFailed();
                done(ok, error);
            });
        });
    });
}

bool WorkerHost::waitStarted()
{
    // The worker thread's last touch of this host is the release: after the acquire, the result
    // is final and the host may be destroyed.
    if (!m_waited && m_worker) {
        m_started.acquire();
        HIL_TSAN_ACQUIRE(&m_started); // released by the worker thread before its release()
        m_waited = true;
    }
    if (m_asyncResult.load() == 1 && m_worker)
        m_running = true; // the queued `done` may not have run yet: stop() must still close it
    else if (m_asyncResult.load() == 0 && m_worker)
        startFailed();
    return m_running;
}

void WorkerHost::startFailed()
{
    if (!m_worker)
        return;
    forgetWorker();
    m_thread.quit();        // the worker never opened: nothing to close
    m_thread.wait();        // an idle thread: returns at once
    HIL_TSAN_ACQUIRE(this); // the worker's deletion there came before (ctor)
}

void WorkerHost::forgetWorker()
{
    QMutexLocker lock(&m_mutex);
    HIL_TSAN_RELEASE(m_worker); // deleted in its thread after quit() (see the constructor)
    m_worker = nullptr;
}

WorkerHost::Report WorkerHost::report() const
{
    QMutexLocker lock(&m_mutex); // the worker is deleted only after forgetWorker()
    Report r;
    if (Worker *w = m_worker && m_running ? m_worker : m_closing) {
        r.live = true;
        r.state = m_closing ? LinkState::Stopping : w->state();
        r.counters = w->counters();
        r.endpoints = w->endpoints();
    } else {
        r.counters = m_final;
        r.endpoints = m_finalEndpoints;
    }
    return r;
}

std::optional<LinkState> WorkerHost::liveState() const
{
    QMutexLocker lock(&m_mutex);
    if (m_closing)
        return LinkState::Stopping;
    if (m_worker && m_running)
        return m_worker->state();
    return std::nullopt;
}

bool WorkerHost::isStopping() const
{
    QMutexLocker lock(&m_mutex);
    return m_closing != nullptr;
}

bool WorkerHost::withWorker(const std::function<void(Worker *)> &fn) const
{
    QMutexLocker lock(&m_mutex); // the worker thread clears m_closing under it before the delete
    Worker *w = m_worker && m_running ? m_worker : m_closing;
    if (!w)
        return false;
    fn(w);
    return true;
}

void WorkerHost::stopAsync(QObject *context, std::function<void()> done)
{
    if (!m_running)
        return;
    Worker *w = m_worker;
    {
        QMutexLocker lock(&m_mutex);
        m_closing = w;
        m_worker = nullptr; // worker() callers see it gone at once; withWorker() still reaches it
        m_running = false;
    }
    m_stopQueued = true;
    std::weak_ptr<int> alive = m_alive;
    // Run by the worker's thread after the worker's deletion (see the constructor).
    m_afterDelete = [context, alive, done = std::move(done)] {
        postTo(context, [alive, done] { // into `context`'s thread with its captures
            if (!alive.expired())
                done();
        });
    };
    QMetaObject::invokeMethod(
        w, tsanSlot([this, w] { // queued with its captures
            w->stop();          // in the worker's thread: the close may take its time here
            {
                QMutexLocker lock(&m_mutex);
                m_final = w->counters();
                m_finalEndpoints = w->endpoints();
                m_closing = nullptr; // from here on nothing reaches the worker: it dies below
            }
            // Whatever is still queued for the worker (a late STOP) is dropped with it: the
            // close above was its last word to the peer.
            // The host outlives the thread: its owner waits for it (stop(), ~WorkerHost) before
            // destroying the host.
            HIL_TSAN_RELEASE(w); // the worker is deleted in its thread after quit() (ctor)
            m_thread.quit();
        }),
        Qt::QueuedConnection);
}

void WorkerHost::stop()
{
    if (m_stopQueued) {
        m_thread.wait();        // the queued stop closes the worker and ends the thread (exit only)
        HIL_TSAN_ACQUIRE(this); // the worker thread's last touch of this host came before
        return;
    }
    if (!m_running)
        return;
    runIn(m_worker, [this] { m_worker->stop(); });
    {
        QMutexLocker lock(&m_mutex);
        m_final = m_worker->counters();
        m_finalEndpoints = m_worker->endpoints();
        m_running = false;
        HIL_TSAN_RELEASE(m_worker); // the worker is deleted in its thread after quit() (ctor)
        m_worker = nullptr;         // report() no longer reaches it: it dies with its thread below
    }
    m_thread.quit();
    m_thread.wait();
    HIL_TSAN_ACQUIRE(this); // the worker's deletion in its thread came before (ctor)
}

} // namespace hil
