#pragma once
// ThreadSanitizer annotations (`make tsan`). Any thread; everything here compiles to nothing
// unless built with TSan. In hil_model, the lowest module, because the model's value types that
// cross threads (SimFrame) carry a TsanMark and every other module may include it.
//
// Why: Debian's Qt is not built with TSan, so the ordering its own locks give is invisible to it:
// the posted-event queue behind a queued signal or invokeMethod, BlockingQueuedConnection's
// semaphore, QSemaphore, the reference count that keeps a connected slot alive while it runs.
// Every hand-over of our data through them would be reported as a race.
//
// The rule (docs/architecture.md): HIL_TSAN_RELEASE(addr) just before our data is handed to Qt,
// HIL_TSAN_ACQUIRE(addr) first thing where it arrives, on the same address, each with a comment
// naming the Qt ordering it mirrors. A race between our own threads is never annotated: it is
// fixed. What Qt copies for us is covered by the two helpers below:
//   - TsanMark, the LAST member of a value type queued across threads (HIL_TSAN_MARK): copying
//     the value releases on the copy's mark, after every other member has been copied (members
//     are copied in declaration order), so the copy Qt makes inside a queued emit is ordered
//     before the receiver, which acquires the mark (tsanArrived) before it reads the value;
//   - tsanSlot(f), a connected or invoked functor: the same for the functor Qt moves into its
//     slot object (captures handed to another thread), plus a release after every call and an
//     acquire in its destructor, which is what Qt's slot reference count orders when a
//     connection is cut in one thread while the slot runs in another.

#include <type_traits>
#include <utility>

#if defined(__SANITIZE_THREAD__)
#define HIL_TSAN_ENABLED 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define HIL_TSAN_ENABLED 1
#endif
#endif

#ifdef HIL_TSAN_ENABLED
// The TSan runtime's own entry points (declared here so that no sanitizer header is needed).
extern "C" void __tsan_acquire(void *addr);
extern "C" void __tsan_release(void *addr);
#define HIL_TSAN_ACQUIRE(addr) __tsan_acquire(const_cast<void *>(static_cast<const void *>(addr)))
#define HIL_TSAN_RELEASE(addr) __tsan_release(const_cast<void *>(static_cast<const void *>(addr)))
/// The last member of a value type that Qt copies across threads (see above).
#define HIL_TSAN_MARK ::hil::TsanMark tsanMark
#else
#define HIL_TSAN_ACQUIRE(addr) static_cast<void>(0)
#define HIL_TSAN_RELEASE(addr) static_cast<void>(0)
// Without TSan a declaration that declares nothing, so that `HIL_TSAN_MARK;` is valid in a class.
#define HIL_TSAN_MARK static_assert(true, "")
#endif

namespace hil {

#ifdef HIL_TSAN_ENABLED
struct TsanMark
{
    TsanMark() = default;
    TsanMark(const TsanMark &) { HIL_TSAN_RELEASE(this); }
    TsanMark &operator=(const TsanMark &)
    {
        HIL_TSAN_RELEASE(this);
        return *this;
    }
    // A copy Qt made in another thread may also be destroyed unread (a queued call dropped
    // with its receiver): its destruction is ordered after the copy as a read would be.
    ~TsanMark() { HIL_TSAN_ACQUIRE(this); }
    void arrived() const { HIL_TSAN_ACQUIRE(this); }
};

namespace tsan_detail {
template <class T> auto arrived(const T &v, int) -> decltype(v.tsanMark.arrived(), void())
{
    v.tsanMark.arrived();
}
template <class T> void arrived(const T &, long) {}
} // namespace tsan_detail

/// Where a queued value is received: its copy's members are visible from here on.
template <class T> void tsanArrived(const T &v)
{
    tsan_detail::arrived(v, 0);
}

template <class F> class TsanSlot
{
public:
    explicit TsanSlot(F f) : m_f(std::move(f)) {}
    TsanSlot(const TsanSlot &) = default;
    TsanSlot(TsanSlot &&) = default;
    ~TsanSlot() { m_mark.arrived(); } // Qt deletes the slot object after its last call returned
    // SFINAE on the call (not decltype(auto)): Qt probes how many of a signal's arguments a
    // functor takes.
    template <class... A>
    auto operator()(const A &...args) -> decltype(std::declval<F &>()(args...))
    {
        m_mark.arrived(); // the functor (and queued arguments) were copied in another thread
        (tsanArrived(args), ...);
        struct ReleaseOnReturn
        {
            const TsanMark &mark;
            ~ReleaseOnReturn() { HIL_TSAN_RELEASE(&mark); }
        } release{m_mark};
        return m_f(args...);
    }

private:
    F m_f;
    TsanMark m_mark; // last: released when the functor has been copied or moved
};

template <class F> TsanSlot<std::decay_t<F>> tsanSlot(F &&f)
{
    return TsanSlot<std::decay_t<F>>(std::forward<F>(f));
}
#else
template <class T> void tsanArrived(const T &) {}
template <class F> std::decay_t<F> tsanSlot(F &&f)
{
    return std::forward<F>(f);
}
#endif

} // namespace hil
