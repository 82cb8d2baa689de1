#pragma once
// ReplayControl: the replay source's load, for the window — starts a SessionReplay worker
// (through LinkManager, paused at the start) on a session folder, state.csv or .tlog, follows its
// load (progress, loaded, failed or cancelled) and stops it. The file is read in the replay's own
// thread (an hour is ~300 MB): nothing here waits for it, except stopReplay(), which waits for the
// load to stop at its next 4 MB chunk. Whether replayed frames reach the motion platform is not
// decided here: that is the rider's safety path (StopAndPark::setReplayIntoMotion).
//
// Thread: main thread only.

#include <QObject>
#include <QString>

namespace hil {

class LinkManager;
class SessionReplay;

class ReplayControl : public QObject
{
    Q_OBJECT
public:
    explicit ReplayControl(LinkManager &links, QObject *parent = nullptr);

    /// Replaces a running replay (cancelling its load). Returns at once; replayReady(), then
    /// replayLoadProgress()..., then replayLoaded() or replayLoadFailed() (the worker is gone
    /// after a failure). False with *error only when the worker cannot be started at all.
    bool startReplay(const QString &path, QString *error);
    /// Stops the replay; a load in progress is cancelled and replayLoadFailed(path, {}, true)
    /// follows. The Replay panel's Cancel is this.
    void stopReplay();
    bool isReplayLoading() const;

signals:
    /// Before the load starts: connect to the replay's signals here (direct, main thread).
    void replayReady(hil::SessionReplay *replay);
    void replayLoadProgress(qint64 done, qint64 total); ///< ≤ 20 per second
    void replayLoaded(const QString &path);
    void replayLoadFailed(const QString &path, const QString &error, bool cancelled);

private:
    LinkManager &m_links;
    bool m_loading = false; ///< the running replay's load has not ended yet
    QString m_path;
    /// Counts startReplay() calls: a load's queued outcome counts only for the replay it came
    /// from (a pointer could be reused by the next replay's allocation).
    quint64 m_generation = 0;
};

} // namespace hil
