#include "station/station.h"
#include "session/sessionrecorder.h"
#include "station/logging.h"
#include "station/workerhost.h"
#include "telemetry/telemetryhub.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonArray>
#include <QMutexLocker>
#include <QStandardPaths>

namespace hil {

Station::Station(const StationOptions &options, QObject *parent)
    : QObject(parent), m_options(options)
{
    m_telemetry = std::make_unique<TelemetryHub>(); // --- telemetry ---
    m_folder = options.logDir.isEmpty() ? defaultSessionFolder() : QDir(options.logDir).absolutePath();
}

Station::~Station() { stop(); }

QString Station::defaultSessionFolder()
{
    const QString base = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return QDir(base).filePath(QStringLiteral("sessions/") +
                               QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
}

bool Station::start(QString *error)
{
    if (m_running)
        return true;
    m_startedUtc = QDateTime::currentDateTimeUtc();
    m_running = true; // before the recorder's first write, which reports it
    m_recorder = new SessionRecorder(m_folder, [this] { return snapshot(); });
    connect(m_recorder, &Worker::eventRaised, this, &Station::eventRaised);
    m_recorderHost = std::make_unique<WorkerHost>(m_recorder);
    if (!m_recorderHost->start(error)) {
        m_recorderHost.reset();
        m_recorder = nullptr;
        m_running = false;
        return false;
    }
    if (!startEmulators(error) || !startLinks(error)) {
        stop();
        return false;
    }
    QMetaObject::invokeMethod(m_recorder, "appendEvent", Qt::QueuedConnection,
                              Q_ARG(QString, QStringLiteral("station")),
                              Q_ARG(QString, QStringLiteral("session started")));
    return true;
}

bool Station::launch(Worker *worker, Role role, QString *error)
{
    connect(worker, &Worker::eventRaised, m_recorder, &SessionRecorder::appendEvent);
    connect(worker, &Worker::eventRaised, this, &Station::eventRaised);
    auto host = std::make_unique<WorkerHost>(worker);
    const QString name = worker->name();
    if (!host->start(error))
        return false;
    QMutexLocker lock(&m_mutex);
    m_entries.push_back({role, name, std::move(host)});
    return true;
}

bool Station::startEmulators(QString *)
{
    // The emulators land with their link issues; each is a Worker started here, before the
    // links, so that the links can be pointed at the ports the emulators actually bound.
    return true;
}

bool Station::startLinks(QString *)
{
    return true;
}

void Station::stopRole(Role role)
{
    // Stop in reverse start order; keep the entries (with their final counters) for the last
    // session.json. The lock keeps snapshot() (recorder thread) off a worker being deleted.
    QMutexLocker lock(&m_mutex);
    for (auto it = m_entries.rbegin(); it != m_entries.rend(); ++it)
        if (it->role == role)
            it->host->stop();
}

void Station::stop()
{
    if (!m_running)
        return;
    m_running = false;
    stopRole(Role::Link);     // links first: their goodbyes still reach live emulators
    stopRole(Role::Emulator);
    if (m_recorder)
        QMetaObject::invokeMethod(m_recorder, "appendEvent", Qt::QueuedConnection,
                                  Q_ARG(QString, QStringLiteral("station")),
                                  Q_ARG(QString, QStringLiteral("session ended")));
    m_recorderHost.reset(); // writes the final session.json in its thread
    m_recorder = nullptr;
    QMutexLocker lock(&m_mutex);
    m_entries.clear();
}

Worker *Station::worker(const QString &name) const
{
    QMutexLocker lock(&m_mutex);
    for (const Entry &e : m_entries)
        if (e.name == name)
            return e.host->worker();
    return nullptr;
}

QJsonObject Station::snapshot() const
{
    QJsonObject links, emulators;
    {
        QMutexLocker lock(&m_mutex);
        for (const Entry &e : m_entries) {
            Worker *w = e.host->worker();
            QJsonObject o = w ? w->counters() : e.host->finalCounters();
            if (w) {
                o.insert(QStringLiteral("state"), QLatin1String(linkStateName(w->state())));
                o.insert(QStringLiteral("endpoints"), w->endpoints());
            } else {
                o.insert(QStringLiteral("state"), QStringLiteral("stopped"));
            }
            (e.role == Role::Link ? links : emulators).insert(e.name, o);
        }
    }
    const QJsonObject home{{"latitude_deg", m_options.home.latitudeDeg},
                           {"longitude_deg", m_options.home.longitudeDeg},
                           {"altitude_m", m_options.home.altitudeM}};
    return {{"program", QStringLiteral("hilstation")},
            {"version", QStringLiteral(HIL_VERSION)},
            {"started_utc", m_startedUtc.toString(Qt::ISODateWithMs)},
            {"updated_utc", QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
            {"running", m_running.load()},
            {"command_line", QJsonArray::fromStringList(m_options.arguments)},
            {"headless", m_options.headless},
            {"folder", m_folder},
            {"home", home},
            {"emulate", QJsonArray::fromStringList(m_options.emulate)},
            {"links", links},
            {"emulators", emulators}};
}

} // namespace hil
