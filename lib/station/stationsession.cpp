#include "station/stationsession.h"
#include "core/post.h"
#include "core/workerhost.h"
#include "model/tsan.h"
#include "platform/platform.h"
#include "session/sessionrecorder.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QMutexLocker>
#include <QStandardPaths>

namespace hil {

StationSession::StationSession(const StationOptions &options, const LinkRegistry &registry,
                               QObject *parent)
    : QObject(parent), m_options(options), m_registry(registry)
{
    // A folder given is used as it is (a later run may add to it); the default one is this
    // program's alone, also beside another started in the same second.
    m_folder = options.logDir.isEmpty() ? SessionRecorder::claimFolder(defaultSessionFolder())
                                        : QDir(options.logDir).absolutePath();
}

StationSession::~StationSession()
{
    stop();
}

QString StationSession::defaultSessionFolder()
{
    const QString base = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
    return QDir(base).filePath(
        QStringLiteral("sessions/") +
        QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
}

bool StationSession::start(std::function<QJsonObject()> snapshot, QString *error)
{
    QString reason;
    if (!SessionRecorder::prepareFolder(folder(), &reason)) {
        if (error)
            *error = QStringLiteral("session folder %1: %2").arg(folder(), reason);
        return false;
    }
    m_startedUtc = QDateTime::currentDateTimeUtc();
    auto *recorder = new SessionRecorder(folder(), std::move(snapshot));
    connect(recorder, &Worker::eventRaised, this, &StationSession::eventRaised);
    connect(recorder, &SessionRecorder::folderChanged, this, [this](const QString &f) {
        {
            QMutexLocker lock(&m_mutex);
            m_folder = f;
        }
        emit sessionFolderChanged(f);
    }); // queued: the recorder lives in its own thread
    {
        QMutexLocker lock(&m_mutex);
        m_recorder = recorder;
    }
    m_recorderHost = std::make_unique<WorkerHost>(recorder);
    if (!m_recorderHost->start(error)) {
        m_recorderHost.reset();
        QMutexLocker lock(&m_mutex);
        m_recorder = nullptr;
        return false;
    }
    return true;
}

void StationSession::stop()
{
    if (!m_recorderHost)
        return;
    log(QStringLiteral("session ended"));
    {
        QMutexLocker lock(&m_mutex); // recorderCounters() must not see it die
        m_recorder = nullptr;
    }
    m_recorderHost.reset(); // writes the final session.json in its thread
}

void StationSession::log(const QString &text)
{
    if (m_recorder)
        postTo(m_recorder,
               [r = m_recorder, text] { r->appendEvent(QStringLiteral("station"), text); });
}

void StationSession::wireEvents(Worker *worker)
{
    SessionRecorder *rec = m_recorder;
    if (!rec)
        return;
    connect(worker, &Worker::eventRaised, rec, tsanSlot([rec](const Event &e) {
                rec->appendEvent(e.source, e.text);
            })); // TSan: queued
}

QString StationSession::folder() const
{
    QMutexLocker lock(&m_mutex);
    return m_folder;
}

QString StationSession::nextSessionFolder() const
{
    // Beside the folder the operator chose (--log-dir), else among the default ones.
    if (m_options.logDir.isEmpty())
        return defaultSessionFolder();
    const QFileInfo current(folder());
    return current.dir().filePath(
        current.fileName() + QLatin1Char('-') +
        QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
}

void StationSession::startNewSession(const QString &newFolder)
{
    if (!m_recorder)
        return;
    const QString target = newFolder.isEmpty() ? nextSessionFolder() : newFolder;
    postTo(m_recorder, [rec = m_recorder, target] { rec->startNewSession(target); });
}

QJsonObject StationSession::recorderCounters() const
{
    QMutexLocker lock(&m_mutex);
    return m_recorder ? m_recorder->counters() : QJsonObject();
}

QJsonObject StationSession::counterSchema() const
{
    // What each link's counters mean (name -> unit, kind), from the descriptors: readers of
    // session.json need not know the links.
    QJsonObject schema;
    for (const LinkDescriptor &d : m_registry.all()) {
        QJsonObject counters;
        for (const CounterSpec &c : d.counters)
            counters.insert(c.name, QJsonObject{{"unit", c.unit},
                                                {"kind", QLatin1String(counterKindName(c.kind))}});
        schema.insert(d.name, counters);
    }
    return schema;
}

QJsonObject StationSession::compose(const QJsonObject &links, const QJsonObject &emulators,
                                    bool running) const
{
    const QJsonObject home{{"latitude_deg", m_options.home.latitudeDeg},
                           {"longitude_deg", m_options.home.longitudeDeg},
                           {"altitude_m", m_options.home.altitudeM}};
    return {{"program", QStringLiteral("hilstation")},
            {"version", QStringLiteral(HIL_VERSION)},
            {"platform", platform::name()},
            {"started_utc", m_startedUtc.toString(Qt::ISODateWithMs)},
            {"updated_utc", QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
            {"running", running},
            {"command_line", QJsonArray::fromStringList(m_options.arguments)},
            {"headless", m_options.headless},
            {"folder", folder()},
            {"home", home},
            {"emulate", QJsonArray::fromStringList(m_options.emulate)},
            {"links", links},
            {"emulators", emulators},
            {"counter_schema", counterSchema()}};
}

} // namespace hil
