// Linux side of the platform layer (platform.h).
#include "platform/platform.h"

#include <QDir>
#include <QSocketNotifier>
#include <QThread>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace hil::platform {

namespace {

// Threads other than the main one run Qt's own poll() loop instead of GLib's main loop (Qt reads
// QT_NO_THREADED_GLIB when each thread's event dispatcher is made). GLib's loop writes its eventfd
// whenever a socket notifier is added, removed or toggled, even from its own thread: with one TCP
// connection per RealFlight request that was ~5 self-wake-ups and ~8 extra system calls per
// exchange (issue 22: 26 -> 18 system calls, docs/measured.md). The main thread keeps
// GLib's loop, which desktop integrations (GTK's file dialogs) need. Set before main(), while the
// process has one thread: setenv() beside a running getenv() is a race. A value set outside wins.
void preferQtEventLoopInThreads()
{
    if (qEnvironmentVariableIsEmpty("QT_NO_THREADED_GLIB"))
        qputenv("QT_NO_THREADED_GLIB", "1");
}
Q_CONSTRUCTOR_FUNCTION(preferQtEventLoopInThreads)

// glibc (Debian 12's 2.36) has no wrapper for sched_getattr/sched_setattr: the layout is the
// kernel's struct sched_attr (include/uapi/linux/sched/types.h), fields up to sched_util_max.
struct SchedAttr
{
    std::uint32_t size;
    std::uint32_t policy;
    std::uint64_t flags;
    std::int32_t nice;
    std::uint32_t priority;
    std::uint64_t runtimeNs; ///< SCHED_OTHER since 6.12: the requested slice
    std::uint64_t deadlineNs;
    std::uint64_t periodNs;
    std::uint32_t utilMin;
    std::uint32_t utilMax;
};
static_assert(sizeof(SchedAttr) == 56, "struct sched_attr, version 1");

constexpr std::uint32_t kSchedOther = 0; // SCHED_OTHER / SCHED_NORMAL

bool getAttr(SchedAttr *a)
{
    std::memset(a, 0, sizeof *a);
    return ::syscall(SYS_sched_getattr, 0, a, unsigned(sizeof *a), 0u) == 0;
}

// Linux's EEVDF scheduler (6.6+) lets a thread woken by a queued frame preempt a running one only
// when its virtual deadline is earlier; a short slice (sched_attr.sched_runtime, 0.1-100 ms,
// honoured for SCHED_OTHER since 6.12) brings it earlier. No privilege needed, nice and policy
// kept (no real-time class: a runaway link thread cannot starve the machine). Older kernels
// accept and ignore it; sched_getattr() then reads back 0.
std::uint32_t requestSlice(std::uint32_t sliceUs)
{
    SchedAttr a;
    if (!getAttr(&a) || a.policy != kSchedOther)
        return 0; // another class chosen from outside (chrt): leave it alone
    a.size = sizeof a;
    a.flags = 0;
    a.runtimeNs = std::uint64_t(sliceUs) * 1000u; // nice (read above) is kept
    if (::syscall(SYS_sched_setattr, 0, &a, 0u) != 0)
        return 0;
    SchedAttr back;
    if (!getAttr(&back))
        return 0;
    return std::uint32_t(back.runtimeNs / 1000u);
}

// Self-pipe: the handler only writes one byte, which is all a signal handler may safely do.
int g_pipe[2] = {-1, -1};

void onSignal(int sig)
{
    const unsigned char b = static_cast<unsigned char>(sig);
    [[maybe_unused]] const ssize_t n = ::write(g_pipe[0], &b, 1);
}

} // namespace

QString name()
{
    return QStringLiteral("linux");
}

bool windowNiceApplies()
{
    return true;
}

QString exitRequestText()
{
    return QStringLiteral("SIGINT/SIGTERM");
}

QString loopTuningKey()
{
    return QStringLiteral("sched_slice_us");
}

LoopTuning tuneLoopThread()
{
    return {loopTuningKey(), int(requestSlice(kLoopSliceUs))};
}

void releaseLoopThread() {}

int lowerWindowThread(int nice)
{
    const auto tid = static_cast<id_t>(::syscall(SYS_gettid)); // PRIO_PROCESS + a tid: one thread
    ::setpriority(PRIO_PROCESS, tid, nice); // refused (EACCES) when lowering: read back below
    errno = 0;
    const int now = ::getpriority(PRIO_PROCESS, tid);
    return errno == 0 ? now : 0;
}

void attachParentConsole() {}

qint64 processId()
{
    return qint64(::getpid());
}

QString instanceServerName(qint64 pid)
{
    return QDir(instanceDirectory()).filePath(QStringLiteral("%1.sock").arg(pid));
}

bool processAlive(qint64 pid)
{
    return pid > 0 && (::kill(pid_t(pid), 0) == 0 || errno == EPERM);
}

struct ExitSignals::Private
{
    QSocketNotifier *notifier = nullptr;
};

ExitSignals::ExitSignals(QObject *parent) : QObject(parent), d(new Private)
{
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, g_pipe) != 0)
        return;
    d->notifier = new QSocketNotifier(g_pipe[1], QSocketNotifier::Read, this);
    connect(d->notifier, &QSocketNotifier::activated, this, [this] {
        unsigned char b = 0;
        if (::read(g_pipe[1], &b, 1) != 1)
            return;
        if (b == SIGUSR1)
            emit stopRequested();
        else
            emit terminationRequested();
    });
    struct sigaction sa = {};
    sa.sa_handler = onSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGUSR1, &sa, nullptr);
}

ExitSignals::~ExitSignals()
{
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGUSR1, SIG_DFL);
    delete d->notifier;
    ::close(g_pipe[0]);
    ::close(g_pipe[1]);
    g_pipe[0] = g_pipe[1] = -1;
    delete d;
}

void ExitSignals::notifyParked() {}

bool ExitSignals::simulate(int ctrlType)
{
    ::raise(ctrlType == 0 ? SIGINT : ctrlType < 0 ? SIGUSR1 : SIGTERM);
    return true;
}

// Linux has no Windows firewall; nftables/iptables are set up by whoever set up the rig, and
// what they let through is not read here.
FirewallReport firewallForUdpPort(quint16 localPort, const QHostAddress &peer)
{
    FirewallReport r;
    r.facts.applicable = false;
    r.facts.port = localPort;
    r.facts.peer = peer;
    r.verdict = decideFirewall(r.facts);
    return r;
}

} // namespace hil::platform
