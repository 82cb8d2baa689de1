// LinkManager's asynchronous stop of links (linkmanager.h; main thread): the Links panel's
// Disconnect and the window's close. A link is taken out of the routing at once, a motion link
// parks first (ramp to neutral, LEVEL BRAKE; 4 s at most), then its worker closes and is deleted
// in its own thread; a link's companions stop with it and are deleted before it
// (closeStopping waits), and linksStopped() follows the last. The synchronous stops (stopWorker,
// stopAll: command line, exit) are in linkmanager.cpp.
#include "core/workerhost.h"
#include "station/linkmanager.h"

#include <QMutexLocker>
#include <QTimer>

namespace hil {

bool LinkManager::isLinkStopping(const QString &name) const
{
    return m_stopping.count(name) != 0;
}

void LinkManager::stopLink(const QString &name)
{
    if (isLinkStopping(name))
        return;
    // Its companions stop with it, first (the HITL ground-station link hangs on the PX4 link's
    // serial port): the two are wired to each other across their threads, and a link is deleted
    // only after the companions wired to it are (closeStopping waits), never both at once.
    QStringList names;
    for (const LinkDescriptor *c : companionsOf(name))
        if (!isLinkStopping(c->name))
            names << c->name;
    names << name;
    struct Found
    {
        QString name;
        WorkerHost *host;
        const LinkDescriptor *descriptor;
    };
    std::vector<Found> stopping;
    {
        QMutexLocker lock(&m_mutex);
        for (const QString &n : names)
            for (Entry &e : m_entries)
                if (e.name == n && e.role == Role::Link && e.host->worker()) {
                    e.stopping = true; // worker(n) is nullptr from here on
                    stopping.push_back({n, e.host.get(), e.descriptor});
                }
    }
    if (stopping.empty()) {
        emit linksChanged();
        return;
    }
    // Nothing may call into a stopping link: the routing goes first, then the panels drop
    // their pointers (linksChanged is delivered directly, in this thread) before the worker
    // can be deleted in its own.
    route();
    emit linksChanged();
    for (const Found &f : stopping)
        beginStopping(f.name, f.host, f.descriptor);
}

void LinkManager::beginStopping(const QString &name, WorkerHost *host, const LinkDescriptor *d)
{
    Stopping st{host, d, {}, {}, false, false, ++m_stopSeq};
    const quint64 seq = st.seq;
    Worker *link = nullptr;
    host->withWorker([&link](Worker *w) { link = w; }); // still running: the park needs it
    if (d && d->motion && link && !m_exitParked) {
        // Disconnecting the platform's link is an exit for the rider: ramp to neutral and park
        // in LEVEL BRAKE (in the link's thread, whose event loop also takes a STOP meanwhile),
        // then close.
        st.parked = d->motion->onParked(link, this, [this, name, seq](bool ok, const QString &t) {
            linkParked(name, seq, ok, t);
        });
        m_stopping.emplace(name, std::move(st));
        d->motion->park(link);
        QTimer::singleShot(4000, this, [this, name, seq] {
            linkParked(name, seq, false, QStringLiteral("the motion link did not answer"));
        });
        return;
    }
    m_stopping.emplace(name, std::move(st));
    closeStopping(name);
}

void LinkManager::linkParked(const QString &name, quint64 seq, bool ok, const QString &text)
{
    auto it = m_stopping.find(name);
    if (it == m_stopping.end() || it->second.seq != seq || it->second.park.done)
        return;
    Stopping &st = it->second;
    QObject::disconnect(st.parked);
    st.park = {true, ok, text};
    emit motionLinkParked(ok, text); // an exit may be waiting for this very park
    closeStopping(name);
}

bool LinkManager::companionStopping(const QString &name) const
{
    for (const auto &[other, st] : m_stopping)
        if (st.descriptor && st.descriptor->companionOf == name)
            return true;
    return false;
}

void LinkManager::closeStopping(const QString &name)
{
    Stopping &st = m_stopping.at(name);
    if (companionStopping(name)) {
        st.waitsForCompanions = true; // finishStopping() of the last companion closes it
        return;
    }
    st.waitsForCompanions = false;
    st.closing = true;
    const quint64 seq = st.seq;
    st.host->stopAsync(this, [this, name, seq] { finishStopping(name, seq); });
}

void LinkManager::finishStopping(const QString &name, quint64 seq)
{
    auto it = m_stopping.find(name);
    if (it == m_stopping.end() || it->second.seq != seq)
        return; // stopAll() or a synchronous restart took it over
    WorkerHost *host = it->second.host;
    const QString principal =
        it->second.descriptor ? it->second.descriptor->companionOf : QString();
    m_stopping.erase(it);
    if (!principal.isEmpty() && !companionStopping(principal)) {
        const auto waiting = m_stopping.find(principal);
        if (waiting != m_stopping.end() && waiting->second.waitsForCompanions)
            closeStopping(principal);
    }
    {
        QMutexLocker lock(&m_mutex);
        for (Entry &e : m_entries)
            if (e.host.get() == host)
                e.stopping = false; // its report keeps the final counters for session.json
    }
    emit linksChanged();
    if (m_stoppingAll && m_stopping.empty()) {
        m_stoppingAll = false;
        emit linksStopped();
    }
}

void LinkManager::stopLinksAsync()
{
    // After the exit park: a motion link that parked is not parked again (stopLink() skips it).
    // One that could not (no answer) is parked once more on its way out: at worst 4 s more,
    // with the window open and STOP reachable.
    QStringList running;
    {
        QMutexLocker lock(&m_mutex);
        for (auto it = m_entries.rbegin(); it != m_entries.rend(); ++it) // reverse start order
            if (it->role == Role::Link && !it->stopping && it->host->worker())
                running << it->name;
    }
    m_stoppingAll = true;
    for (const QString &name : running)
        stopLink(name);
    if (m_stopping.empty()) {
        m_stoppingAll = false;
        QTimer::singleShot(0, this, &LinkManager::linksStopped);
    }
}

std::optional<LinkManager::Park> LinkManager::stoppingMotionPark() const
{
    for (const auto &[name, st] : m_stopping)
        if (st.descriptor && st.descriptor->motion)
            return st.park;
    return std::nullopt;
}

} // namespace hil
