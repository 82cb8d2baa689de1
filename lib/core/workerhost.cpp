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
        m_thread.quit(); // the worker never opened: nothing to close
        m_thread.wait();
        m_worker = nullptr;
        return false;
    }
    m_running = true;
    return true;
}

void WorkerHost::stop()
{
    if (!m_running)
        return;
    m_running = false;
    QMetaObject::invokeMethod(m_worker, "stop", Qt::BlockingQueuedConnection);
    m_final = m_worker->counters();
    m_finalEndpoints = m_worker->endpoints();
    m_thread.quit();
    m_thread.wait();
    m_worker = nullptr;
}

} // namespace hil
