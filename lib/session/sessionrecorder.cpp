#include "session/sessionrecorder.h"
#include "station/logging.h"

#include <QDateTime>
#include <QDir>
#include <QJsonDocument>
#include <QSaveFile>
#include <QTimer>

namespace hil {

SessionRecorder::SessionRecorder(const QString &folder, std::function<QJsonObject()> snapshot)
    : Worker(QStringLiteral("session")), m_folder(folder), m_snapshot(std::move(snapshot))
{
}

SessionRecorder::~SessionRecorder() = default;

bool SessionRecorder::open(QString *)
{
    setEndpoints({{"folder", m_folder}});
    ensureFolder();
    writeSession();
    m_timer = new QTimer(this);
    m_timer->setInterval(500);
    connect(m_timer, &QTimer::timeout, this, &SessionRecorder::writeSession);
    m_timer->start();
    return true;
}

void SessionRecorder::close()
{
    delete m_timer;
    m_timer = nullptr;
    writeSession();
    m_events.close();
}

QJsonObject SessionRecorder::collectCounters() const
{
    return {{"session_writes", static_cast<qint64>(m_sessionWrites)},
            {"event_lines", static_cast<qint64>(m_eventLines)},
            {"write_errors", static_cast<qint64>(m_writeErrors)}};
}

bool SessionRecorder::ensureFolder()
{
    if (m_events.isOpen() && QDir(m_folder).exists())
        return true;
    m_events.close();
    if (!QDir().mkpath(m_folder)) {
        reportWriteProblem(QStringLiteral("cannot create session folder %1").arg(m_folder));
        return false;
    }
    m_events.setFileName(QDir(m_folder).filePath(QStringLiteral("events.log")));
    if (!m_events.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Text)) {
        reportWriteProblem(QStringLiteral("cannot open %1: %2").arg(m_events.fileName(), m_events.errorString()));
        return false;
    }
    if (m_problemReported) {
        m_problemReported = false;
        appendEvent(name(), QStringLiteral("session folder writable again"));
    }
    return true;
}

void SessionRecorder::reportWriteProblem(const QString &what)
{
    ++m_writeErrors;
    if (m_problemReported)
        return; // once per outage, not once per tick
    m_problemReported = true;
    qCWarning(lcSession).noquote() << what;
    emit eventRaised(name(), what);
}

void SessionRecorder::appendEvent(const QString &worker, const QString &text)
{
    if (!ensureFolder())
        return;
    const QString line = QStringLiteral("%1\t%2\t%3\n")
                             .arg(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs), worker, text);
    const QByteArray bytes = line.toUtf8();
    if (m_events.write(bytes) != bytes.size() || !m_events.flush()) {
        reportWriteProblem(QStringLiteral("cannot write events.log: %1").arg(m_events.errorString()));
        m_events.close();
        return;
    }
    ++m_eventLines;
}

void SessionRecorder::writeSession()
{
    if (!ensureFolder())
        return;
    QSaveFile file(QDir(m_folder).filePath(QStringLiteral("session.json")));
    if (!file.open(QIODevice::WriteOnly)) {
        reportWriteProblem(QStringLiteral("cannot write session.json: %1").arg(file.errorString()));
        return;
    }
    file.write(QJsonDocument(m_snapshot()).toJson(QJsonDocument::Indented));
    if (!file.commit()) {
        reportWriteProblem(QStringLiteral("cannot write session.json: %1").arg(file.errorString()));
        return;
    }
    ++m_sessionWrites;
}

} // namespace hil
