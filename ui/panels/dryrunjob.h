#pragma once
// DryRunJob: one piece of the Dry run panel's work (loading a recording, a preview run, a
// settings search) on a thread of its own, so that the GUI thread never waits for it. The work
// function runs in that thread and returns the continuation that the job then runs in its
// owner's (the GUI) thread, followed by finished(). cancel() sets a flag the work may poll.
// Destroying the job cancels it and joins its thread (at most one preview or one evaluation of
// a search: tens of milliseconds); queued continuations die with it, undelivered (the pattern of
// CsvExportJob, lib/session/sessionreplay.h). Owner's thread only, except post() and the flag.

#include <QObject>
#include <atomic>
#include <functional>
#include <thread>

namespace hil {

class DryRunJob : public QObject
{
    Q_OBJECT
public:
    /// Runs in the job's thread; returns what to do in the owner's thread afterwards.
    using Work = std::function<std::function<void()>(DryRunJob &job)>;

    explicit DryRunJob(Work work, QObject *parent = nullptr);
    ~DryRunJob() override;
    void start();
    void cancel() { m_cancel.store(true); }
    bool cancelled() const { return m_cancel.load(); }
    bool isRunning() const { return m_started && !m_done; }
    /// From the work: run f in the owner's thread, later (progress).
    void post(std::function<void()> f);

signals:
    void finished();

private:
    Work m_work;
    std::atomic<bool> m_cancel{false};
    bool m_started = false, m_done = false; ///< owner's thread
    std::thread m_thread;
};

} // namespace hil
