#include "core/workerhost.h"

namespace hil {

WorkerHost::WorkerHost(Worker *worker) : m_worker(worker)
{
    m_thread.setObjectName(QStringLiteral("hil-") + worker->name());
    worker->moveToThread(&m_thread);
    // Qt sends deferred deletes after `finished`, in the finished thread: the worker and its
    // sockets die where they lived.
    QObject::connect(&m_thread, &QThread::finished, worker, &QObject::deleteLater);
}

WorkerHost::~WorkerHost()
{
    if (m_thread.isRunning() && !m_running && m_worker)
        waitStarted(); // an asynchronous start still pending: let it finish, then close it
    stop();
    delete m_worker; // non-null only when never started: no thread to delete it in
}

bool WorkerHost::start(QString *error)
{
    m_thread.start();
    bool ok = false;
    QMetaObject::invokeMethod(m_worker, "start", Qt::BlockingQueuedConnection,
                              Q_RETURN_ARG(bool, ok));
    if (!ok) {
        if (error)
            *error = m_worker->errorString();
        forgetWorker();
        m_thread.quit(); // the worker never opened: nothing to close
        m_thread.wait();
        return false;
    }
    m_running = true;
    return true;
}

void WorkerHost::startAsync(QObject *context,
                            std::function<void(bool ok, const QString &error)> done)
{
    m_thread.start();
    Worker *w = m_worker;
    std::weak_ptr<int> alive = m_alive; // the host may be gone when `done` gets its turn
    QMetaObject::invokeMethod(
        w,
        [this, w, context, alive, done = std::move(done)] {
            const bool ok = w->start(); // in the worker's thread
            const QString error = ok ? QString() : w->errorString();
            m_asyncResult = ok ? 1 : 0;
            m_started.release();
            QMetaObject::invokeMethod(
                context,
                [this, alive, ok, error, done] {
                    if (alive.expired())
                        return;
                    if (ok)
                        m_running = true;
                    else
                        startFailed();
                    done(ok, error);
                },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

bool WorkerHost::waitStarted()
{
    // The worker thread's last touch of this host is the release: after the acquire, the result
    // is final and the host may be destroyed.
    if (!m_waited && m_worker) {
        m_started.acquire();
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
    m_thread.quit(); // the worker never opened: nothing to close
    m_thread.wait(); // an idle thread: returns at once
}

void WorkerHost::forgetWorker()
{
    QMutexLocker lock(&m_mutex);
    m_worker = nullptr;
}

WorkerHost::Report WorkerHost::report() const
{
    QMutexLocker lock(&m_mutex); // the worker is deleted only after forgetWorker()
    Report r;
    if (m_worker && m_running) {
        r.live = true;
        r.state = m_worker->state();
        r.counters = m_worker->counters();
        r.endpoints = m_worker->endpoints();
    } else {
        r.counters = m_final;
        r.endpoints = m_finalEndpoints;
    }
    return r;
}

std::optional<LinkState> WorkerHost::liveState() const
{
    QMutexLocker lock(&m_mutex);
    if (m_worker && m_running)
        return m_worker->state();
    return std::nullopt;
}

void WorkerHost::stop()
{
    if (!m_running)
        return;
    QMetaObject::invokeMethod(m_worker, "stop", Qt::BlockingQueuedConnection);
    {
        QMutexLocker lock(&m_mutex);
        m_final = m_worker->counters();
        m_finalEndpoints = m_worker->endpoints();
        m_running = false;
        m_worker = nullptr; // report() no longer reaches it: it dies with its thread below
    }
    m_thread.quit();
    m_thread.wait();
}

} // namespace hil
