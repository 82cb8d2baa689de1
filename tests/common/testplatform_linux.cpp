#include "testplatform.h"

#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

namespace hil::testplatform {

QString loopTuningKey()
{
    return QStringLiteral("sched_slice_us");
}

int expectedLoopTuning()
{
    utsname u{};
    int major = 0, minor = 0;
    if (::uname(&u) != 0 || std::sscanf(u.release, "%d.%d", &major, &minor) != 2)
        return -1;
    return (major > 6 || (major == 6 && minor >= 12)) ? 100 : 0;
}

int currentThreadPriority()
{
    const auto tid = static_cast<id_t>(::syscall(SYS_gettid));
    errno = 0;
    const int nice = ::getpriority(PRIO_PROCESS, tid);
    return errno == 0 ? nice : -100;
}

int expectedWindowThreadPriority(int nice)
{
    return nice;
}

namespace {
// The nice value the test program was started with (a suite run under `nice` has 10), read
// before main(): later the window's thread lowers its own, which the loop threads must not take.
int niceAtStart()
{
    errno = 0;
    const int nice = ::getpriority(PRIO_PROCESS, 0);
    return errno == 0 ? nice : 0;
}
const int kNiceAtStart = niceAtStart();
} // namespace

int expectedLoopThreadPriority()
{
    return kNiceAtStart; // the loop keeps the program's own nice value
}

const char *expectedThreadDispatcher()
{
    return "QEventDispatcherUNIX";
}

QString userDataFolder(const QString &xdgDataHome)
{
    return xdgDataHome;
}

QString executableDir()
{
    return QFileInfo(QFile::symLinkTarget(QStringLiteral("/proc/self/exe"))).absolutePath();
}

QString executableSuffix()
{
    return QString();
}

QString childProgramName()
{
    return QStringLiteral("hilstation");
}

bool isWindows()
{
    return false;
}

bool hasPosixSignals()
{
    return true;
}

bool sendSignal(qint64 pid, Signal signal)
{
    return pid > 0 && ::kill(pid_t(pid), signal == Signal::Stop ? SIGUSR1 : SIGTERM) == 0;
}

} // namespace hil::testplatform
