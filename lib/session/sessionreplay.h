#pragma once
// SessionReplay: plays a recorded session (folder / state.csv) or a QGroundControl .tlog as
// hil::SimFrame with the recorded timing, so the Station routes it into the same consumers as
// the FlightAxis link (plots, panels, the motion platform under its own safety). A Worker named
// "replay", living on its own thread; control it through queued calls to its slots.
//
// Timing: frame i is due at anchorWall + (media_i - anchorMedia) / speed on the host steady
// clock, served by a precise single-shot timer re-armed for the next due frame; when late
// (16× on a 1 kHz file) at most 256 frames go out per wake-up, none skipped; when the thread
// was held up for more than 100 ms the timeline slides instead (counter "resyncs"), so that a
// stall never turns into a burst of frames.
// Emitted frames carry the recorded physicsTimeS and monotonicNs = the moment of emission.
// The session's pilot sticks (pilot.csv) go out as pilotReady() with the frame at or after
// their media time, each stamped (sampleNs) back from the moment of emission by its distance
// to that frame, so they keep their spacing; the Station routes them to the plots only.
//
// Loading (load()) indexes the whole file in this thread: an hour at 250 Hz is ~300 MB. It
// reports loadProgress() at most 20 times a second and ends in loaded() or loadFailed();
// cancelLoad(), callable from any thread, stops it between two 4 MB chunks. Slots queued
// behind a load (play, seek, speed) run after it.

#include "core/worker.h"
#include "session/replaysource.h"

#include <QObject>
#include <QStringList>
#include <atomic>
#include <functional>
#include <memory>
#include <thread>

class QTimer;

namespace hil {

class SessionReplay : public Worker
{
    Q_OBJECT
public:
    static constexpr double kMinSpeed = 0.25;
    static constexpr double kMaxSpeed = 16.0;

    /// path: loaded in open() when not empty (start() then fails when it cannot be read).
    explicit SessionReplay(const QString &path = {}, QObject *parent = nullptr);
    ~SessionReplay() override;

    /// Any thread: the load running now (or the next one, if none runs) stops at its next
    /// chunk and fails with cancelled = true. The Station calls it before stopping the worker.
    void cancelLoad() { m_cancelLoad.store(true); }

public slots:
    /// Opens and indexes a session folder, state.csv or .tlog; paused at its start. Emits
    /// loadProgress() while it reads, then loaded(); false, loadFailed() and an event when
    /// unusable or cancelled (the previous source, if any, stays).
    bool load(const QString &path);
    void play();
    void pause();
    /// Clamped to 0.25..16; takes effect at once, from the current position.
    void setSpeed(double speed);
    /// Jumps to media time timeS (clamped to the source); when paused, emits the frame there.
    void seek(double timeS);
    void setLoop(bool loop);

signals:
    void frameReady(const hil::SimFrame &frame);
    /// A recorded pilot sample (device strings empty; "replay" as its device id).
    void pilotReady(const hil::PilotControls &controls);
    void loaded(const QString &path, double startS, double endS, int frames);
    /// While load() reads: bytes indexed of total, at most every 50 ms.
    void loadProgress(qint64 done, qint64 total);
    /// load() ended without a source: error (one line, English) or cancelled (cancelLoad()).
    void loadFailed(const QString &path, const QString &error, bool cancelled);
    /// The media time now: while playing at most 10 times a second, and after every seek.
    void positionChanged(double timeS);
    void playingChanged(bool playing);
    /// The end was reached with loop off (playback paused there).
    void finished();

protected:
    bool open(QString *error) override;
    void close() override;
    QJsonObject collectCounters() const override;

private:
    void tick();
    void anchor(double mediaS);
    qint64 dueNs(int i) const;
    double mediaNow() const;
    void emitFrame(int i);
    void setPlaying(bool playing);
    void reportPosition(double timeS, bool force);

    QString m_initialPath;
    std::unique_ptr<ReplaySource> m_source;
    QTimer *m_timer = nullptr;
    bool m_playing = false;
    bool m_loop = false;
    double m_speed = 1.0;
    int m_next = 0;           ///< index of the next frame to emit
    int m_pilotNext = 0;      ///< index of the next pilot sample to emit
    qint64 m_lastPilotNs = 0; ///< sampleNs of the last one emitted (never steps back)
    quint64 m_pilotEmitted = 0;
    double m_positionS = 0.0; ///< media time while paused
    double m_anchorMediaS = 0.0;
    qint64 m_anchorWallNs = 0;
    qint64 m_lastPositionNs = 0;
    std::uint32_t m_sequence = 0;
    quint64 m_emitted = 0;
    quint64 m_unreadable = 0;
    quint64 m_seeks = 0;
    quint64 m_loops = 0;
    quint64 m_resyncs = 0;
    std::atomic<bool> m_cancelLoad{false};
};

/// What a long export reports and how it stops early; both optional.
struct ExportControl
{
    /// 0..1 of the whole job (reading the source's index counts as the first 5 %: it took
    /// ~4 % of a 1-hour export), after every 4 MB read and every 4,096 rows; the exporter's
    /// thread, not rate-limited.
    std::function<void(double fraction)> progress;
    /// Read between chunks and every 4,096 rows; set: the export stops, writes nothing.
    const std::atomic<bool> *cancel = nullptr;
};

/// Writes rows of source (folder, state.csv or .tlog) with media time in [fromS, toS] to outPath
/// as CSV: time_s first, then the given columns (state.csv names; empty = all) in that order.
/// Returns the rows written, or -1 with *error (unknown column, unreadable source, unwritable
/// output, cancelled). Written through QSaveFile: outPath is replaced only by a complete
/// export; a failed or cancelled one leaves no file and an existing file untouched. Pure
/// file-to-file function, any thread.
qint64 exportCsv(const QString &source, const QString &outPath, double fromS, double toS,
                 const QStringList &columns, QString *error, const ExportControl &control = {});

/// exportCsv() in a thread of its own, for the window: start() returns at once; progress() at
/// most every 50 ms and one finished() follow in the thread that owns the job. Destroying the
/// job cancels the export and waits for its thread (a few ms: it stops between rows).
class CsvExportJob : public QObject
{
    Q_OBJECT
public:
    CsvExportJob(const QString &source, const QString &outPath, double fromS, double toS,
                 const QStringList &columns, QObject *parent = nullptr);
    ~CsvExportJob() override;
    void start();
    /// Any thread: the export stops at its next check and finishes with cancelled = true.
    void cancel() { m_cancel.store(true); }
    bool isRunning() const { return m_thread.joinable() && !m_done; }
    QString outPath() const { return m_out; }

signals:
    void progress(double fraction);
    /// rows >= 0: written and committed; else error (one line, English) or cancelled.
    void finished(qint64 rows, const QString &error, bool cancelled);

private:
    const QString m_source, m_out;
    const double m_from, m_to;
    const QStringList m_columns;
    std::atomic<bool> m_cancel{false};
    bool m_done = false; ///< owner's thread: finished() was emitted
    std::thread m_thread;
};

} // namespace hil
