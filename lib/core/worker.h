#pragma once
// Worker: the base of everything that owns sockets or files and runs on a thread of its own —
// links, built-in emulators, the session recorder. A WorkerHost (workerhost.h) gives each one a
// named QThread; start() and stop() run in that thread, so sockets and timers are created, used
// and destroyed where they live (Qt forbids anything else).
//
// Other threads see a worker only through:
//   - counters() / endpoints() / state(): thread-safe snapshots (mutex), refreshed at 10 Hz and on
//     stop from collectCounters(), which runs in the worker's thread;
//   - healthSnapshot(): the typed health a link offers beside its counters (collectHealth()),
//     refreshed with them, in the same step and under the same lock;
//   - signals (queued across threads) and QMetaObject::invokeMethod into its slots.

#include "core/event.h"

#include <QJsonObject>
#include <QMutex>
#include <QObject>
#include <QString>
#include <any>
#include <atomic>

class QTimer;

namespace hil {

enum class LinkState {
    Stopped,    ///< not started, or shut down
    Connecting, ///< waiting for the peer / retrying with backoff
    Up,         ///< peer answering
    Down,       ///< peer was up and went silent or away; still retrying/listening
    /// Being stopped without the caller waiting (WorkerHost::stopAsync, Station::stopLink): a
    /// motion link parks, then the worker closes. Reported by the host/Station, never set by a
    /// worker itself.
    Stopping,
};
const char *linkStateName(LinkState s);

class Worker : public QObject
{
    Q_OBJECT
public:
    /// name: the key in session.json (`flightaxis`, `raven`, ...) and in events.log.
    explicit Worker(const QString &name, QObject *parent = nullptr);
    ~Worker() override;

    QString name() const { return m_name; }
    /// Counters as docs/cli-and-session.md names them. Thread-safe.
    QJsonObject counters() const;
    /// Resolved local and peer addresses (e.g. {"listen_port": 9201}). Thread-safe.
    QJsonObject endpoints() const;
    /// The typed health collectHealth() gave at the last refresh (a link's own type, e.g.
    /// FlightAxisHealth; empty when it offers none). Thread-safe: a copy under the counters'
    /// lock, never waiting on the worker's thread. Links wrap it in a typed accessor (health()).
    std::any healthSnapshot() const;
    LinkState state() const { return m_state.load(); }
    /// Why start() failed; meaningful after it returned false. Thread-safe.
    QString errorString() const;
    /// Marks a worker on the closed loop (simulator frames or actuator channels): its thread is
    /// tuned when it starts and released when it stops (platform::tuneLoopThread: a short
    /// scheduler slice on Linux, highest priority and a 1 ms timer on Windows) and its endpoints()
    /// carry what was granted ("sched_slice_us" or "thread_priority"). Before start().
    void setLatencyCritical(bool on) { m_latencyCritical = on; }

public slots:
    /// In the worker's thread: opens sockets/files. False (with errorString()) when the link
    /// cannot be set up at all (port in use, host unresolvable): the program exits with status 3.
    bool start();
    /// In the worker's thread: clean shutdown (goodbye messages, sockets closed), final counters.
    void stop();

signals:
    /// A notable event (typed: id + severity, see event.h): goes to events.log and the window.
    void eventRaised(const hil::Event &event);
    void stateChanged(hil::LinkState state);

protected:
    virtual bool open(QString *error) = 0;
    virtual void close() = 0;
    /// In the worker's thread: the current counters.
    virtual QJsonObject collectCounters() const = 0;
    /// In the worker's thread, right after collectCounters() (the same instant): the typed
    /// health decisions are read from (the rig check), or empty.
    virtual std::any collectHealth() const { return {}; }
    /// healthSnapshot() as T; a default T before the first refresh.
    template <class T> T healthAs() const
    {
        const std::any h = healthSnapshot();
        const T *t = std::any_cast<T>(&h);
        return t ? *t : T{};
    }

    void setEndpoints(const QJsonObject &endpoints);
    /// Logs and emits an event. Call once per state change, never per frame. id: a stable
    /// "<source>.<what>" key; severity: Error for anything that touches rider safety.
    void raiseEvent(const QString &id, Severity severity, const QString &text);
    /// The same with the text's variable parts (C locale) for the window's translated sentence.
    void raiseEvent(const QString &id, Severity severity, const QString &text,
                    const QStringList &args);
    /// Changes the link state; emits stateChanged and, when it changed, an event.
    void setState(LinkState s);
    /// Refreshes the counter snapshot now (it also refreshes by itself at 10 Hz).
    void publishCounters();

private:
    const QString m_name;
    mutable QMutex m_mutex;
    QJsonObject m_counters;
    std::any m_health; ///< guarded by m_mutex, refreshed with m_counters
    QJsonObject m_endpoints;
    QString m_error;
    std::atomic<LinkState> m_state{LinkState::Stopped};
    QTimer *m_publishTimer = nullptr;
    bool m_latencyCritical = false;
    QString m_tuningKey; ///< guarded by m_mutex; empty: never tuned
    int m_tuningValue = 0;
    bool m_tuned = false; ///< the worker's thread only
};

} // namespace hil

Q_DECLARE_METATYPE(hil::LinkState)
