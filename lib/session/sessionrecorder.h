#pragma once
// SessionRecorder: writes the session folder on its own worker thread ("session").
//   state.csv     — a row per simulator frame (+ the channels sent), sessionformat.h columns;
//   platform.csv  — a row per motion-platform reply;
//   pilot.csv     — a row per sample of the pilot's controls (sessionformat.h: every read of the
//                   device with its own time; only the header when no device is flown);
//   cues.csv      — a row per cue frame the motion link sent (cuescsv.h: its words, gains and
//                   send time; only the header when no platform link runs);
//   mavlink.tlog  — every MAVLink frame of the links that record one (PX4's HIL and ground-station
//                   links), sent and received, [u64 BE UNIX µs][frame as on the wire], in time
//                   order (a time < 1 s earlier than the one queued before is raised to it);
//   events.log    — one line per event, "ISO-8601-UTC<TAB>worker<TAB>text";
//   session.json  — the Station's snapshot plus a "recorder" object with this recorder's
//                   counters, at start, every 500 ms and on stop, through QSaveFile.
//
// recordState/recordPlatform/recordPilot/recordCue/recordMavlink are thread-safe and never block on
// I/O: they append to a bounded queue under a mutex held for a copy only. When the queue is full
// the record is counted in records_dropped and thrown away. The recorder thread drains the queue
// every 100 ms (sooner when it fills past half), formats the rows and writes each file with one
// unbuffered write: after a SIGKILL at most ~100 ms plus one write is lost, and only the last line
// can be partial.
//
// Failures (disk full, folder not writable, folder deleted): one event per outage, counted in
// write_errors; the records that could not be written count as dropped; every tick retries —
// the folder is re-created, the files reopened (a partial row left by a failed write is cut
// off first, a new file gets its header) and an event says recording resumed.
//
// Data files are truncated when a session (or startNewSession) opens them; events.log appends.

#include "core/worker.h"
#include "model/pilot.h"
#include "model/simframe.h"
#include "session/records.h"

#include <QByteArray>
#include <QDateTime>
#include <QFile>
#include <QMutex>
#include <array>
#include <atomic>
#include <functional>
#include <memory>
#include <vector>

class QTimer;

namespace hil {

class SessionRecorder : public Worker
{
    Q_OBJECT
public:
    /// snapshot: returns the whole session.json object; called on this worker's thread, so it
    /// must be thread-safe (Station::snapshot is). queueCapacity: records held at most between
    /// two drains (all kinds together).
    SessionRecorder(const QString &folder, std::function<QJsonObject()> snapshot,
                    int queueCapacity = 65536);
    ~SessionRecorder() override;

    /// Creates `folder` (and its parents) and proves a file can be written in it, before any
    /// link starts: false with `reason` (the system's words, e.g. "No such file or directory")
    /// when not. Synchronous file-system calls: call it before the event loop runs.
    static bool prepareFolder(const QString &folder, QString *reason);

    /// A new session's folder, made empty for this process alone: `wanted`, or when another
    /// program started in the same second made it already, `wanted`-2, -3, ... (made with one
    /// mkdir each, which fails on a folder that exists: two programs never share one). `wanted`
    /// unchanged when its parent cannot be made (prepareFolder then says why). Synchronous.
    static QString claimFolder(const QString &wanted);

    /// The folder being written. Thread-safe.
    QString folder() const;

    /// Thread-safe, non-blocking: one state.csv row.
    void recordState(const hil::SimFrame &frame, const hil::ChannelFrame &channels);
    /// Thread-safe, non-blocking: one platform.csv row (row.mode etc. as given; call
    /// row.decodeStatus() first if only the status word is set).
    void recordPlatform(const hil::PlatformRow &row);
    /// Thread-safe, non-blocking: one pilot.csv row (the sample's own sampleNs is its time; the
    /// device's name and id are not recorded: events.log and session.json hold them).
    void recordPilot(const hil::PilotControls &controls);
    /// Thread-safe, non-blocking: one cues.csv row (row.monotonicNs: when it was sent). Called
    /// in the motion link's thread for every frame it sends: a copy under the queue's lock, no
    /// formatting there (the SI values are made on this recorder's thread).
    void recordCue(const hil::CueRow &row);
    /// Thread-safe, non-blocking: one frame as on the wire, sent or received, at unixUs
    /// (0 = now).
    void recordMavlink(const QByteArray &wire, qint64 unixUs);

    /// Records waiting in the queue now. Thread-safe.
    int pendingRecords() const;
    /// Records dropped so far (queue full or not writable). Thread-safe.
    quint64 droppedRecords() const { return m_dropped.load(); }

public slots:
    void appendEvent(const QString &worker, const QString &text);
    /// Writes session.json now.
    void writeSession();
    /// Drains the queue and writes every file now (also runs on the 100 ms tick).
    void flushNow();
    /// "New session": finishes the current folder (last rows, events, and a session.json that
    /// says it is over: "running" false, "continued_in" the new folder) and goes on in `folder`
    /// (claimed: "-2", "-3", ... added when another program has it) with fresh files and
    /// counters. Emits folderChanged.
    void startNewSession(const QString &folder);

signals:
    void folderChanged(const QString &folder);

protected:
    bool open(QString *error) override;
    void close() override;
    QJsonObject collectCounters() const override;

private:
    struct Sink
    {
        const char *fileName;
        QByteArray header; ///< empty for binary files
        QFile file;
        QByteArray buffer;
        qint64 bufferRecords = 0;
        qint64 rows = 0;      ///< records written in this session
        qint64 goodSize = 0;  ///< bytes known to be complete rows
        bool started = false; ///< opened once in this session (then reopen appends)
        bool failing = false; ///< a write failed, and the file has not got past it yet
        qint64 failedAt = 0;  ///< goodSize when the last write failed
        qint64 resumeAt = 0;  ///< the size that write could not reach: past it, the cause is gone
        int quietTicks = 0;   ///< ticks in a row without records to write
    };
    struct StateItem
    {
        SimFrame frame;
        ChannelFrame channels;
        qint64 enqueueNs;
    };
    struct PlatformItem
    {
        PlatformRow row;
        qint64 enqueueNs;
    };
    struct PilotItem
    {
        PilotControls controls; ///< without the device's strings: nothing shared across threads
        qint64 enqueueNs;
    };
    struct CueItem
    {
        CueRow row;
        qint64 enqueueNs;
    };
    struct MavItem
    {
        QByteArray wire;
        qint64 unixUs;
    };
    struct Queue
    {
        std::vector<StateItem> states;
        std::vector<PlatformItem> platform;
        std::vector<MavItem> mavlink;
        std::vector<PilotItem> pilot;
        std::vector<CueItem> cues;
    };

    bool admit();    ///< under m_queueMutex: room for one more record?
    void admitted(); ///< after the push, outside the lock: asks for an early drain if needed
    double hostSeconds(qint64 monotonicNs, qint64 enqueueNs) const;
    bool checkFolder();
    bool openFiles();
    bool openSink(Sink &sink);
    void closeFiles();
    void writeSinks();
    void resetSession();
    void reportWriteProblem(const QString &what);
    void writeEventLine(const QString &worker, const QString &text);
    /// session.json; with continuedIn, the folder's last: "running" false and where it goes on.
    void writeSessionFile(const QString &continuedIn);

    mutable QMutex m_folderMutex;
    QString m_folder;
    std::function<QJsonObject()> m_snapshot;
    const int m_capacity;

    mutable QMutex m_queueMutex;
    Queue m_queue;
    int m_queued = 0;
    int m_queuePeak = 0;
    qint64 m_lastMavlinkUs = 0; ///< the latest time queued for mavlink.tlog: times never step back
    Queue m_spare;              // swapped with m_queue on drain: keeps the vectors' capacity
    std::atomic<bool> m_drainRequested{false};
    std::atomic<quint64> m_dropped{0};

    std::array<std::unique_ptr<Sink>, 5> m_sinks; // state, platform, mavlink, pilot, cues
    QFile m_events;
    bool m_filesOpen = false;
    QTimer *m_tick = nullptr;
    QTimer *m_sessionTimer = nullptr;
    qint64 m_epochNs = 0; // steady clock at session start: host_time_s = 0
    QDateTime m_startedUtc;

    quint64 m_sessionWrites = 0;
    quint64 m_eventLines = 0;
    quint64 m_writeErrors = 0;
    quint64 m_folderRecreated = 0;
    quint64 m_droppedAtOutageStart = 0;
    bool m_outage = false;
    bool m_wroteThisTick = false; // proves the folder writable again after an outage
    QString m_outageReason;
};

} // namespace hil
