#pragma once
// SessionRecorder: writes the session folder of CLI.md on its own worker thread.
//   session.json — at start, every 500 ms and on stop, through QSaveFile (temporary file +
//                  rename) so that a reader never sees a half-written file;
//   events.log   — one line per event, "ISO-8601-UTC<TAB>worker<TAB>text", flushed per line.
// The folder is created when missing; when it cannot be written the recorder says so once,
// keeps the links running and retries every tick.

#include "station/worker.h"

#include <QFile>
#include <functional>

class QTimer;

namespace hil {

class SessionRecorder : public Worker
{
    Q_OBJECT
public:
    /// snapshot: returns the whole session.json object; called on this worker's thread, so it
    /// must be thread-safe (Station::snapshot is).
    SessionRecorder(const QString &folder, std::function<QJsonObject()> snapshot);
    ~SessionRecorder() override;

    QString folder() const { return m_folder; }

public slots:
    void appendEvent(const QString &worker, const QString &text);
    /// Writes session.json now.
    void writeSession();

protected:
    bool open(QString *error) override;
    void close() override;
    QJsonObject collectCounters() const override;

private:
    bool ensureFolder();
    void reportWriteProblem(const QString &what);

    const QString m_folder;
    std::function<QJsonObject()> m_snapshot;
    QFile m_events;
    QTimer *m_timer = nullptr;
    quint64 m_sessionWrites = 0;
    quint64 m_eventLines = 0;
    quint64 m_writeErrors = 0;
    bool m_problemReported = false;
};

} // namespace hil
