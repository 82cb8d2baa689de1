#pragma once
// Station: builds the links and emulators the options name, gives each its own thread, routes
// frames between them (queued connections between worker threads: never through the GUI
// thread), runs the session recorder and composes session.json.
// Lives in the main thread; start() and stop() are called there. snapshot() is thread-safe.

#include "model/simframe.h"
#include "session/records.h"
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
struct PlatformSample;
// --- raven ---
class RavenLink;
// --- raven ---
// --- flightaxis ---
class FlightAxisLink;
class FlightAxisEmulator;
// --- end flightaxis ---
// --- px4 ---
class HilLink;
// --- px4 ---
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

    // --- raven ---
    /// The motion-platform link while running, else nullptr. For connecting the simulator
    /// link's frameReady(const hil::SimFrame &) to RavenLink::onSimFrame (queued) and the UI's
    /// operator actions; valid until stop().
    RavenLink *ravenLink() const { return m_raven; }
    // --- raven ---

signals:
    /// Every worker's events, delivered in the Station's (main) thread for the window.
    void eventRaised(const QString &worker, const QString &text);

private:
    enum class Role { Emulator, Link };
    bool launch(Worker *worker, Role role, QString *error);
    bool startEmulators(QString *error);
    bool startLinks(QString *error);
    void stopRole(Role role);
    /// Connects producers to consumers once every link runs (simulator → platform, PX4;
    /// PX4 actuators → simulator channels).
    void route();
    void routeTelemetry();
    /// The channels last sent to the simulator (for state.csv). Any thread.
    ChannelFrame lastChannels() const;
    static PlatformRow platformRow(const PlatformSample &sample);

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
    mutable QMutex m_channelsMutex;
    ChannelFrame m_lastChannels; ///< guarded by m_channelsMutex

    // --- raven ---
    RavenLink *m_raven = nullptr;   ///< owned by its WorkerHost in m_entries
    quint16 m_ravenEmulatorPort = 0; ///< the port the built-in platform bound, 0 = none
    // --- raven ---
    // --- flightaxis ---
    // Running between start() and stop(); owned by their WorkerHosts. Connect to
    // FlightAxisLink::frameReady / setChannels with queued connections.
    FlightAxisLink *m_flightAxisLink = nullptr;
    FlightAxisEmulator *m_flightAxisEmulator = nullptr;
    // --- end flightaxis ---
    // --- px4 ---
    /// The PX4 HIL link while running, for routing (SimFrames in via onSimFrame, channelsReady
    /// out to the simulator link). Lives in its own thread: queued connections only.
    HilLink *m_px4 = nullptr;
    // --- px4 ---
    // --- telemetry ---
    std::unique_ptr<TelemetryHub> m_telemetry;
};

} // namespace hil
