#pragma once
// WorkerHost: owns one Worker and the named QThread it runs on. Used from the thread that
// created it (the main thread). start()/stop() block until the worker has opened/closed in its
// own thread; the worker is deleted in its thread when that thread finishes.

#include "core/worker.h"

#include <QThread>
#include <memory>

namespace hil {

class WorkerHost
{
public:
    /// Takes ownership of worker (which must have no parent).
    explicit WorkerHost(Worker *worker);
    ~WorkerHost();
    WorkerHost(const WorkerHost &) = delete;
    WorkerHost &operator=(const WorkerHost &) = delete;

    Worker *worker() const { return m_worker; }
    /// Starts the thread and the worker; false with *error when the worker cannot open.
    bool start(QString *error);
    /// Stops the worker (clean shutdown in its thread) and the thread. Idempotent.
    void stop();
    /// The worker's final counters, kept after stop() for the last session.json.
    QJsonObject finalCounters() const { return m_final; }
    /// The worker's last endpoints (ports actually bound), kept after stop() as well.
    QJsonObject finalEndpoints() const { return m_finalEndpoints; }

private:
    Worker *m_worker;
    QThread m_thread;
    bool m_running = false;
    QJsonObject m_final;
    QJsonObject m_finalEndpoints;
};

} // namespace hil
