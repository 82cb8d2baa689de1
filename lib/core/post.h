#pragma once
// postTo(target, f): run f in target's thread, later (QMetaObject::invokeMethod, queued). Any
// thread. The one way this code queues a functor into another thread, because the hand-over has
// to be visible to ThreadSanitizer: Qt allocates the functor's slot object here and calls and
// frees it in the target's thread, ordered by its posted-event lock, which TSan cannot see in
// Debian's Qt. tsanSlot (model/tsan.h) says so; without TSan it is the plain functor.

#include "model/tsan.h"

#include <QMetaObject>
#include <QObject>

#include <utility>

namespace hil {

template <class F> bool postTo(QObject *target, F &&f)
{
    return QMetaObject::invokeMethod(target, tsanSlot(std::forward<F>(f)), Qt::QueuedConnection);
}

/// runIn(target, f): run f in target's thread and wait for it to return (BlockingQueuedConnection:
/// never from target's own thread, never from the GUI thread in the application; tests and
/// set-up code). f may read and write the caller's locals: Qt's semaphore orders the two threads,
/// and the release/acquire pairs below say so to TSan.
template <class F> void runIn(QObject *target, F &&f)
{
    [[maybe_unused]] char order = 0;
    HIL_TSAN_RELEASE(&order);
    QMetaObject::invokeMethod(target, tsanSlot([&order, &f] {
                                  HIL_TSAN_ACQUIRE(&order);
                                  f();
                                  HIL_TSAN_RELEASE(&order);
                              }),
                              Qt::BlockingQueuedConnection);
    HIL_TSAN_ACQUIRE(&order);
}

} // namespace hil
