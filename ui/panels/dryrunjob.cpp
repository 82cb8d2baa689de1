#include "ui/panels/dryrunjob.h"
#include "core/post.h"

namespace hil {

DryRunJob::DryRunJob(Work work, QObject *parent) : QObject(parent), m_work(std::move(work)) {}

DryRunJob::~DryRunJob()
{
    cancel();
    if (m_thread.joinable())
        m_thread.join();
}

void DryRunJob::start()
{
    if (m_started)
        return;
    m_started = true;
    m_thread = std::thread([this] {
        std::function<void()> then = m_work(*this);
        postTo(this, [this, then] {
            if (then)
                then();
            m_done = true;
            emit finished();
        });
    });
}

void DryRunJob::post(std::function<void()> f)
{
    postTo(this, std::move(f));
}

} // namespace hil
