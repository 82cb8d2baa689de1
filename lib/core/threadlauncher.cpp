#include "core/threadlauncher.h"
#include "core/post.h"

#include <QAtomicPointer>

namespace hil {

namespace {
QAtomicPointer<ThreadLauncher> g_launcher;
}

ThreadLauncher::ThreadLauncher() : m_context(new QObject)
{
    m_thread.setObjectName(QStringLiteral("hil-launcher"));
    m_context->moveToThread(&m_thread);
    // Qt sends deferred deletes after `finished`, in the finished thread.
    QObject::connect(&m_thread, &QThread::finished, m_context, &QObject::deleteLater);
    m_thread.start();
    g_launcher.storeRelease(this);
}

ThreadLauncher::~ThreadLauncher()
{
    g_launcher.storeRelease(nullptr);
    // Every WorkerHost has waited for its start by now (they die before the launcher): nothing
    // is queued here any more, so quitting cannot drop a start.
    m_thread.quit();
    m_thread.wait();
}

ThreadLauncher *ThreadLauncher::instance()
{
    return g_launcher.loadAcquire();
}

void ThreadLauncher::launch(QThread &thread, std::function<void()> then)
{
    ThreadLauncher *l = instance();
    if (!l || QThread::currentThread() == &l->m_thread) {
        thread.start();
        then();
        return;
    }
    postTo(l->m_context, [&thread, then = std::move(then)] {
        thread.start();
        then();
    });
}

void ThreadLauncher::launchAndWait(QThread &thread)
{
    ThreadLauncher *l = instance();
    if (!l || QThread::currentThread() == &l->m_thread) {
        thread.start();
        return;
    }
    runIn(l->m_context, [&thread] { thread.start(); });
}

} // namespace hil
