#pragma once
// StationSession: the session side of the Station — the session folder (checked writable before
// any link starts: a session that cannot be recorded is refused, never run silently), the
// SessionRecorder on its own thread (state.csv, the links' own files, events.log), and the
// composition of session.json (program, options, every link's and stand-in's counters, the
// counter schema). The recorder rewrites session.json every 500 ms and on stop from its own
// thread through the snapshot function it was given.
//
// Thread: main thread, except folder(), recorderCounters() and compose(), which are thread-safe.
// Owns the recorder's WorkerHost.

#include "core/event.h"
#include "core/linkdescriptor.h"
#include "station/options.h"

#include <QDateTime>
#include <QJsonObject>
#include <QMutex>
#include <QObject>
#include <functional>
#include <memory>

namespace hil {

class SessionRecorder;
class WorkerHost;
class Worker;

class StationSession : public QObject
{
    Q_OBJECT
public:
    StationSession(const StationOptions &options, const LinkRegistry &registry,
                   QObject *parent = nullptr);
    ~StationSession() override;

    /// Prepares the folder and starts the recorder, which calls snapshot (from its thread) for
    /// every session.json. False with *error (one line naming the folder).
    bool start(std::function<QJsonObject()> snapshot, QString *error);
    /// "session ended" in events.log, then the recorder writes the last session.json and closes.
    void stop();
    SessionRecorder *recorder() const { return m_recorder; }

    /// A line of the station's own in events.log (queued to the recorder). Any-thread safe only
    /// from the main thread's point of view: call it there.
    void log(const QString &text);
    /// worker's events go to events.log (queued into the recorder's thread).
    void wireEvents(Worker *worker);

    QString folder() const;
    /// Where a new session would go now: beside the --log-dir folder when one was given
    /// ("<folder>-<yyyyMMdd-HHmmss>"), else a new default folder. Names only: nothing is made.
    QString nextSessionFolder() const;
    /// Finishes this folder (its session.json says "running": false) and goes on in newFolder
    /// (empty: nextSessionFolder()); sessionFolderChanged() follows. Returns at once.
    void startNewSession(const QString &newFolder = {});
    /// The recorder's counters (records_dropped, write_errors, ...), {} when not running.
    QJsonObject recorderCounters() const;
    static QString defaultSessionFolder();

    /// session.json without the recorder's own object: links and emulators as
    /// LinkManager::report() gives them. Thread-safe.
    QJsonObject compose(const QJsonObject &links, const QJsonObject &emulators, bool running) const;
    /// session.json "counter_schema": per link, each counter's unit and kind (descriptors).
    QJsonObject counterSchema() const;

signals:
    void sessionFolderChanged(const QString &folder);
    /// The recorder's own events (recording interrupted / resumed ...), main thread.
    void eventRaised(const hil::Event &event);

private:
    const StationOptions &m_options;
    const LinkRegistry &m_registry;
    QDateTime m_startedUtc;
    mutable QMutex m_mutex; ///< guards m_folder and m_recorder against other threads
    QString m_folder;
    std::unique_ptr<WorkerHost> m_recorderHost;
    SessionRecorder *m_recorder = nullptr;
};

} // namespace hil
