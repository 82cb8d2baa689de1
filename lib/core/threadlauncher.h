#pragma once
// ThreadLauncher: a thread whose one job is to start every WorkerHost's thread (links, stand-ins,
// the recorder, a replay), so that they take their scheduling from it and not from the thread
// that asked.
//
// Why: on Linux a thread inherits the nice value of the thread that creates it, and an
// unprivileged thread can raise its nice value but never lower it again. The window's thread runs
// at a higher nice value (app/main.cpp, --window-nice) so that its redraws yield to the loop; a
// link the operator connects from the Links panel would be started by that thread and would
// inherit it. Started from here instead, it runs at the nice value the program started with.
//
// One per program, created by main() before it lowers the window's priority and destroyed after
// the Station (every WorkerHost). Without one (tests, headless) threads start where they are asked.
// Thread: the launcher's own QThread; launch() from any thread.

#include <QObject>
#include <QThread>

#include <functional>

namespace hil {

class ThreadLauncher
{
public:
    ThreadLauncher();  ///< main thread; starts the launcher's thread
    ~ThreadLauncher(); ///< main thread; ends its thread (every launch has been waited for)
    ThreadLauncher(const ThreadLauncher &) = delete;
    ThreadLauncher &operator=(const ThreadLauncher &) = delete;

    /// The launcher while one exists, else nullptr.
    static ThreadLauncher *instance();

    /// Starts `thread` and then runs `then`, both in the launcher's thread when there is a
    /// launcher (later: queued), else at once in the calling thread. `then` is where the caller
    /// queues its first call into the new thread: run after the whole of QThread::start() in the
    /// same thread, it orders everything start() wrote before anything the new thread's objects
    /// report back (which ThreadSanitizer checks). `thread` must outlive the call: its owner waits
    /// for something `then` causes (WorkerHost::waitStarted).
    static void launch(QThread &thread, std::function<void()> then);
    /// Like launch(), but returns once the thread has been started: for WorkerHost::start(),
    /// which blocks anyway (set-up, tests); the launcher is idle, so the wait is the start itself.
    static void launchAndWait(QThread &thread);

private:
    QThread m_thread;
    QObject *m_context; ///< lives in m_thread (deleted there): the target of the queued starts
};

} // namespace hil
