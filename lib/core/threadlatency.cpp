#include "core/threadlatency.h"

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace {

// glibc (Debian 12's 2.36) has no wrapper for these two calls: the layout is the kernel's
// struct sched_attr (include/uapi/linux/sched/types.h), fields up to sched_util_max (size 56).
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

} // namespace

namespace hil {

std::uint32_t requestThreadSlice(std::uint32_t sliceUs)
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

int setThreadNice(int nice)
{
    const auto tid = static_cast<id_t>(::syscall(SYS_gettid)); // PRIO_PROCESS + a tid: one thread
    ::setpriority(PRIO_PROCESS, tid, nice); // refused (EACCES) when lowering: read back below
    errno = 0;
    const int now = ::getpriority(PRIO_PROCESS, tid);
    return errno == 0 ? now : 0;
}

} // namespace hil

#else

namespace hil {
std::uint32_t requestThreadSlice(std::uint32_t)
{
    return 0;
}
int setThreadNice(int)
{
    return 0;
}
} // namespace hil

#endif
