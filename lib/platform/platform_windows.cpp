// Windows side of the platform layer (platform.h). Built by `make windows` (MinGW-w64) and tested
// under Wine; what Wine cannot show (the scheduler, the timer period's effect, a real logoff) is
// in docs/windows-build.md.
#include "platform/platform.h"

#include <QAbstractNativeEventFilter>
#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QEventLoop>
#include <QThread>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>

#include <windows.h>
// windows.h first: timeapi.h needs its types.
#include <timeapi.h>

namespace hil::platform {

namespace {

// Windows ends a process whose console is closed (or at logoff/shutdown) about 5 s after the
// event, whatever its handler does: the ramp (≤ 1 s) and LEVEL BRAKE (≤ 2 s) fit, with room.
constexpr auto kParkWait = std::chrono::milliseconds(4500);

std::mutex g_mutex;
std::condition_variable g_parkedChanged;
bool g_parked = false;             // guarded by g_mutex
ExitSignals *g_instance = nullptr; // guarded by g_mutex
thread_local bool t_timerPeriodHeld = false;

// Qt's regular expressions run on PCRE2's JIT. A match that outgrows PCRE2's default JIT stack
// gets a stack of its thread's own, which Qt frees when that thread ends; in this MinGW-w64 build
// that free crashed (an access violation inside pcre2_jit_stack_free, seen under Wine as the
// measurement dialog's analysis thread ended: the faulting instruction reads the freed stack's
// bounds for VirtualFree). PCRE2's interpreter needs no such stack. The program's patterns are few
// and short (lab settings, signal names, command-line checks); Qt's own (file name filters)
// likewise. Set before main(), while the process has one thread; Qt reads it once, at the first
// pattern it optimises. A value set outside wins.
void interpretRegularExpressions()
{
    if (qEnvironmentVariableIsEmpty("QT_ENABLE_REGEXP_JIT"))
        qputenv("QT_ENABLE_REGEXP_JIT", "0");
}
Q_CONSTRUCTOR_FUNCTION(interpretRegularExpressions)

void requestTermination(ExitSignals *to)
{
    QMetaObject::invokeMethod(
        to, [to] { emit to->terminationRequested(); }, Qt::QueuedConnection);
}

// Runs in a thread the system starts for the event. For a closed console, logoff and shutdown
// the process ends when this returns: so it waits for the park (notifyParked()).
BOOL WINAPI consoleHandler(DWORD type)
{
    std::unique_lock<std::mutex> lock(g_mutex);
    if (!g_instance)
        return FALSE; // the default handler: end the process
    requestTermination(g_instance);
    g_parkedChanged.wait_for(lock, kParkWait, [] { return g_parked; });
    (void)type;
    return TRUE;
}

// A GUI-subsystem process gets logoff and shutdown as window messages, not console events.
// WM_QUERYENDSESSION: agree, and start parking at once. WM_ENDSESSION (wParam TRUE: the session
// does end): Windows may end the process as soon as this returns, so the event loop runs here
// until the platform is parked and the program has quit its main loop.
class SessionEndFilter : public QAbstractNativeEventFilter
{
public:
    explicit SessionEndFilter(ExitSignals *signals_) : m_signals(signals_) {}

    bool nativeEventFilter(const QByteArray &type, void *message, qintptr *result) override
    {
        if (type != "windows_generic_MSG")
            return false;
        const MSG *msg = static_cast<const MSG *>(message);
        if (msg->message == WM_QUERYENDSESSION) {
            requestTermination(m_signals);
            *result = TRUE;
            return true;
        }
        if (msg->message == WM_ENDSESSION && msg->wParam) {
            requestTermination(m_signals);
            QEventLoop loop; // ends with the application's own quit() (exitParked) or the wait
            QDeadlineTimer deadline(
                std::chrono::duration_cast<std::chrono::milliseconds>(kParkWait));
            while (!deadline.hasExpired()) {
                {
                    std::lock_guard<std::mutex> lock(g_mutex);
                    if (g_parked)
                        break;
                }
                if (QCoreApplication::closingDown())
                    break;
                loop.processEvents(QEventLoop::AllEvents, 50);
            }
            *result = 0;
            return true;
        }
        return false;
    }

private:
    ExitSignals *m_signals;
};

} // namespace

QString name()
{
    return QStringLiteral("windows");
}

bool windowNiceApplies()
{
    return false;
}

QString exitRequestText()
{
    return QStringLiteral("Ctrl+C or its console closing");
}

QString loopTuningKey()
{
    return QStringLiteral("thread_priority");
}

LoopTuning tuneLoopThread()
{
    // Highest, not time-critical: a time-critical thread that spins would starve RealFlight and
    // RflySim on the same PC. The system timer at 1 ms so a 4 ms period is not rounded to 15.6.
    QThread::currentThread()->setPriority(QThread::HighestPriority);
    if (!t_timerPeriodHeld && timeBeginPeriod(1) == TIMERR_NOERROR)
        t_timerPeriodHeld = true;
    return {loopTuningKey(), GetThreadPriority(GetCurrentThread())};
}

void releaseLoopThread()
{
    if (t_timerPeriodHeld) {
        timeEndPeriod(1);
        t_timerPeriodHeld = false;
    }
}

int lowerWindowThread(int)
{
    return 0;
}

void attachParentConsole()
{
    // Redirected (a pipe, a file): the handles are there already, leave them.
    const HANDLE out = GetStdHandle(STD_OUTPUT_HANDLE);
    if (out == nullptr || out == INVALID_HANDLE_VALUE) {
        if (!AttachConsole(ATTACH_PARENT_PROCESS))
            return; // started from Explorer: no console to write to
        std::freopen("CONOUT$", "w", stdout);
        std::freopen("CONOUT$", "w", stderr);
    }
    // Qt on Windows sends its log (every event line of --headless) to the debugger, not to
    // stderr, when the process has no console window of its own: a script's `2> log.txt` from a
    // service or a scheduled task, a parent's pipe (QProcess), all got nothing. Wherever stderr
    // leads somewhere, the log goes there, as on Linux.
    const HANDLE err = GetStdHandle(STD_ERROR_HANDLE);
    if (err != nullptr && err != INVALID_HANDLE_VALUE)
        qputenv("QT_FORCE_STDERR_LOGGING", "1");
}

qint64 processId()
{
    return qint64(GetCurrentProcessId());
}

QString instanceServerName(qint64 pid)
{
    // Named pipes are per machine: the user's name keeps two users' instances apart.
    return QStringLiteral("hilstation-%1-%2").arg(qEnvironmentVariable("USERNAME")).arg(pid);
}

bool processAlive(qint64 pid)
{
    const HANDLE h = OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, FALSE, DWORD(pid));
    if (!h)
        return GetLastError() == ERROR_ACCESS_DENIED; // someone else's: alive
    DWORD code = 0;
    const bool alive = GetExitCodeProcess(h, &code) && code == STILL_ACTIVE;
    CloseHandle(h);
    return alive;
}

struct ExitSignals::Private
{
    SessionEndFilter *filter = nullptr;
};

ExitSignals::ExitSignals(QObject *parent) : QObject(parent), d(new Private)
{
    {
        std::lock_guard<std::mutex> lock(g_mutex);
        g_instance = this;
        g_parked = false;
    }
    SetConsoleCtrlHandler(consoleHandler, TRUE);
    if (QCoreApplication::instance()) {
        d->filter = new SessionEndFilter(this);
        QCoreApplication::instance()->installNativeEventFilter(d->filter);
    }
}

ExitSignals::~ExitSignals()
{
    SetConsoleCtrlHandler(consoleHandler, FALSE);
    if (d->filter && QCoreApplication::instance())
        QCoreApplication::instance()->removeNativeEventFilter(d->filter);
    delete d->filter;
    {
        std::lock_guard<std::mutex> lock(g_mutex);
        g_instance = nullptr;
        g_parked = true; // a handler still waiting lets the process end now
    }
    g_parkedChanged.notify_all();
    delete d;
}

void ExitSignals::notifyParked()
{
    {
        std::lock_guard<std::mutex> lock(g_mutex);
        g_parked = true;
    }
    g_parkedChanged.notify_all();
}

bool ExitSignals::simulate(int ctrlType)
{
    return consoleHandler(DWORD(ctrlType)) == TRUE;
}

} // namespace hil::platform
