#pragma once
// Station: builds the links and emulators the options name, gives each its own thread, routes
// frames between them (queued connections between worker threads: never through the GUI
// thread), runs the session recorder and composes session.json.
// Lives in the main thread; start() and stop() are called there. snapshot() is thread-safe.

#include "station/options.h"
#include "station/worker.h"

#include <QDateTime>
#include <QJsonObject>
#include <QMutex>
#include <QObject>
#include <atomic>
#include <memory>
#include <vector>

namespace hil {

class WorkerHost;
class SessionRecorder;
class TelemetryHub;

class Station : public QObject
{
    Q_OBJECT
public:
    explicit Station(const StationOptions &options, QObject *parent = nullptr);
    ~Station() override;

    /// Starts the recorder, the emulators, then the links. False with *error (one line) when
    /// something cannot be set up; everything already started is stopped again.
    bool start(QString *error);
    /// Stops links (clean goodbyes), then emulators, then writes the last session.json.
    void stop();
    bool isRunning() const { return m_running; }

    const StationOptions &options() const { return m_options; }
    QString sessionFolder() const { return m_folder; }
    /// The whole session.json object. Thread-safe.
    QJsonObject snapshot() const;
    /// A running worker by name (`flightaxis`, `emulator.raven`, ...), or nullptr. The pointer is
    /// valid until stop(); use it only through queued calls and its thread-safe getters.
    Worker *worker(const QString &name) const;

    // --- telemetry ---
    /// The ring buffers links push plotted values into and the window reads. Lives as long as
    /// the Station; thread-safe (see telemetry/telemetryhub.h).
    TelemetryHub *telemetry() const { return m_telemetry.get(); }

    /// The default session folder: <app-data>/sessions/<yyyyMMdd-HHmmss>.
    static QString defaultSessionFolder();

signals:
    /// Every worker's events, delivered in the Station's (main) thread for the window.
    void eventRaised(const QString &worker, const QString &text);

private:
    enum class Role { Emulator, Link };
    bool launch(Worker *worker, Role role, QString *error);
    bool startEmulators(QString *error);
    bool startLinks(QString *error);
    void stopRole(Role role);

    StationOptions m_options;
    QString m_folder;
    QDateTime m_startedUtc;
    std::atomic<bool> m_running{false};

    struct Entry
    {
        Role role;
        QString name;
        std::unique_ptr<WorkerHost> host;
    };
    mutable QMutex m_mutex; // guards m_entries against snapshot() from the recorder thread
    std::vector<Entry> m_entries;
    std::unique_ptr<WorkerHost> m_recorderHost;
    SessionRecorder *m_recorder = nullptr;
    // --- telemetry ---
    std::unique_ptr<TelemetryHub> m_telemetry;
};

} // namespace hil
