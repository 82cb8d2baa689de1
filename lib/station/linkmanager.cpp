#include "station/linkmanager.h"
#include "core/workerhost.h"
#include "session/sessionreplay.h"

#include <QMutexLocker>
#include <QTimer>

namespace hil {

namespace {

/// Builds a link (no I/O). Links that carry the closed loop's frames or channels get short
/// scheduler slices on their thread (platform/platform.h): the cue and HIL_SENSOR wait behind
/// the window's redraw otherwise.
Worker *buildLink(const LinkDescriptor &d, const LinkContext &ctx, QString *why)
{
    Worker *link = d.makeLink(ctx, why);
    if (link)
        link->setLatencyCritical(
            !d.observer && (d.simFramesOut || d.simFramesIn || d.channelsOut || d.channelsIn));
    return link;
}

QString emulatorName(const QString &link)
{
    return QStringLiteral("emulator.") + link;
}

} // namespace

LinkManager::LinkManager(const StationOptions &options, const LinkRegistry &registry,
                         QObject *parent)
    : QObject(parent), m_options(options), m_registry(registry)
{
}

LinkManager::~LinkManager()
{
    stopAll();
}

void LinkManager::setHooks(std::function<void()> route, std::function<void()> unroute,
                           std::function<void(Worker *)> wire)
{
    m_route = std::move(route);
    m_unroute = std::move(unroute);
    m_wire = std::move(wire);
}

bool LinkManager::launch(Worker *worker, Role role, const LinkDescriptor *descriptor,
                         QString *error)
{
    if (m_wire)
        m_wire(worker);
    auto host = std::make_unique<WorkerHost>(worker);
    const QString name = worker->name();
    if (!host->start(error))
        return false;
    addEntry(role, name, descriptor, std::move(host));
    return true;
}

void LinkManager::addEntry(Role role, const QString &name, const LinkDescriptor *descriptor,
                           std::unique_ptr<WorkerHost> host)
{
    QMutexLocker lock(&m_mutex);
    // A restarted worker replaces its stopped entry (whose last counters session.json showed).
    for (auto it = m_entries.begin(); it != m_entries.end(); ++it)
        if (it->name == name) {
            m_entries.erase(it);
            break;
        }
    m_entries.push_back({role, name, descriptor, std::move(host)});
}

LinkContext LinkManager::context(const LinkDescriptor &d, const Endpoint *address) const
{
    LinkContext ctx{m_options.links, m_options.home, address, nullptr, {}, false};
    ctx.emulator = worker(emulatorName(d.name));
    ctx.worker = [this](const QString &name) { return worker(name); };
    ctx.emulated = m_options.emulates(d.name);
    return ctx;
}

bool LinkManager::startAtLaunch(QString *error)
{
    m_active = true;
    // Stand-ins start before the links, so that the links can be pointed at the ports the
    // stand-ins actually bound; a stand-in that connects to its link starts after it.
    for (const LinkDescriptor &d : m_registry.all())
        if (d.hasEmulator() && !d.emulatorAfterLink && m_options.emulates(d.name) &&
            !launchEmulator(d, error))
            return false;
    for (const LinkDescriptor &d : m_registry.all()) {
        if (!d.companionOf.isEmpty())
            continue;
        const LinkContext ctx = context(d, nullptr);
        // Started at launch when its address option is given or its stand-in runs.
        if (!ctx.options.has(d.addressOption) && !ctx.emulated)
            continue;
        if (!launchLink(d, nullptr, error))
            return false;
        if (d.hasEmulator() && d.emulatorAfterLink && ctx.emulated && !launchEmulator(d, error))
            return false;
        // Companions run whenever this link does (after its stand-in: they may need its ports).
        for (const LinkDescriptor *c : companionsOf(d.name))
            if (!launchLink(*c, nullptr, error))
                return false;
    }
    return true;
}

bool LinkManager::launchEmulator(const LinkDescriptor &d, QString *error)
{
    QString why;
    Worker *emulator = d.makeEmulator(context(d, nullptr), &why);
    if (!emulator) {
        *error = why;
        return false;
    }
    return launch(emulator, Role::Emulator, &d, error);
}

bool LinkManager::launchLink(const LinkDescriptor &d, const Endpoint *address, QString *error)
{
    const LinkContext ctx = context(d, address);
    QString why;
    Worker *link = buildLink(d, ctx, &why);
    if (!link) {
        *error = why;
        return false;
    }
    if (!launch(link, Role::Link, &d, error))
        return false;
    if (d.linkStarted)
        d.linkStarted(link, ctx.addressGiven() ? nullptr : ctx.emulator);
    return true;
}

bool LinkManager::startLink(const QString &name, const Endpoint &address, QString *error)
{
    QString dummy;
    QString *err = error ? error : &dummy;
    if (!m_active) {
        *err = tr("%1: the station is not running").arg(name);
        return false;
    }
    const LinkDescriptor *d = m_registry.find(name);
    if (!d) {
        *err = tr("no link named %1").arg(name);
        return false;
    }
    stopWorker(name); // a restart with a new address
    bool ok = launchLink(*d, &address, err);
    // Its companions run whenever it does, started after it (as at launch).
    for (const LinkDescriptor *c : companionsOf(name))
        if (ok && !worker(c->name))
            ok = launchLink(*c, nullptr, err);
    route();
    emit linksChanged();
    return ok;
}

void LinkManager::connectLink(const QString &name, const Endpoint &address)
{
    const LinkDescriptor *d = m_registry.find(name);
    if (!m_active || !d) {
        emit linkStartFailed(name, !d ? tr("no link named %1").arg(name)
                                      : tr("%1: the station is not running").arg(name));
        return;
    }
    if (isLinkOpening(name))
        return;
    if (isLinkStopping(name)) {
        // Refused rather than queued: a Connect the operator cannot see waiting would bring a
        // link (perhaps the platform's) back later by itself.
        emit linkStartFailed(
            name, tr("%1 is still stopping; connect again once it shows stopped").arg(name));
        return;
    }
    stopWorker(name); // a restart with a new address (the window offers Connect only when stopped)
    route();
    // Building the worker does no I/O; opening it (name lookup, bind) happens in its thread.
    Opening opening{d, address, nullptr};
    const LinkContext ctx = context(*d, &opening.address);
    QString why;
    Worker *link = buildLink(*d, ctx, &why);
    if (!link) {
        emit linkStartFailed(name, why);
        return;
    }
    if (m_wire)
        m_wire(link);
    opening.host = std::make_unique<WorkerHost>(link);
    WorkerHost *host = opening.host.get();
    {
        QMutexLocker lock(&m_mutex);
        m_opening[name] = std::move(opening);
    }
    host->startAsync(
        this, [this, name](bool ok, const QString &error) { finishOpening(name, ok, error); });
    emit linksChanged(); // the state light shows "connecting"
}

void LinkManager::finishOpening(const QString &name, bool ok, const QString &error)
{
    Opening opening;
    {
        QMutexLocker lock(&m_mutex);
        auto it = m_opening.find(name);
        if (it == m_opening.end())
            return; // stopAll() took it over
        opening = std::move(it->second);
        m_opening.erase(it);
    }
    if (!ok || !m_active) {
        opening.host.reset(); // a failed host is spent; after stopAll() it closes here
        if (!ok)
            emit linkStartFailed(name, error);
        emit linksChanged();
        return;
    }
    Worker *link = opening.host->worker();
    addEntry(Role::Link, name, opening.descriptor, std::move(opening.host));
    const LinkDescriptor &d = *opening.descriptor;
    if (d.linkStarted)
        d.linkStarted(link, opening.address.host.isEmpty() ? worker(emulatorName(name)) : nullptr);
    route();
    emit linksChanged();
    // Its companions run whenever it does (stopLink() stopped them with it): opened the same way,
    // after it, so that they hang on this new link (HITL's ground-station link on a new port).
    for (const LinkDescriptor *c : companionsOf(name))
        if (!worker(c->name) && !isLinkOpening(c->name))
            connectLink(c->name, Endpoint{});
}

std::vector<const LinkDescriptor *> LinkManager::companionsOf(const QString &name) const
{
    std::vector<const LinkDescriptor *> companions;
    for (const LinkDescriptor &c : m_registry.all())
        if (c.companionOf == name)
            companions.push_back(&c);
    return companions;
}

bool LinkManager::isLinkOpening(const QString &name) const
{
    QMutexLocker lock(&m_mutex);
    return m_opening.count(name) != 0;
}

bool LinkManager::startEmulator(const QString &name, QString *error)
{
    QString dummy;
    QString *err = error ? error : &dummy;
    if (!m_active) {
        *err = tr("%1: the station is not running").arg(name);
        return false;
    }
    if (isEmulatorRunning(name))
        return true;
    const LinkDescriptor *d = m_registry.find(name);
    if (!d || !d->hasEmulator()) {
        *err = tr("no emulator named %1").arg(name);
        return false;
    }
    const bool ok = launchEmulator(*d, err);
    emit linksChanged();
    return ok;
}

void LinkManager::stopEmulator(const QString &name)
{
    stopWorker(emulatorName(name));
    emit linksChanged();
}

bool LinkManager::isEmulatorRunning(const QString &name) const
{
    return worker(emulatorName(name)) != nullptr;
}

std::optional<LinkState> LinkManager::linkState(const QString &workerName) const
{
    QMutexLocker lock(&m_mutex);
    if (m_opening.count(workerName) != 0)
        return LinkState::Connecting;
    for (const Entry &e : m_entries)
        if (e.name == workerName) {
            if (e.stopping)
                return LinkState::Stopping;
            if (const auto state = e.host->liveState())
                return state;
        }
    return std::nullopt;
}

Worker *LinkManager::worker(const QString &name) const
{
    QMutexLocker lock(&m_mutex);
    for (const Entry &e : m_entries)
        if (e.name == name)
            return e.stopping ? nullptr : e.host->worker();
    return nullptr;
}

void LinkManager::stopWorker(const QString &workerName)
{
    // Disconnect the routing first: nothing may call into a link while it closes. The caller
    // routes again after the stop, which no longer sees it (its host's worker is gone).
    // Stand-ins are never routed: their peers reach them through sockets.
    bool routed = false;
    {
        QMutexLocker lock(&m_mutex);
        for (const Entry &e : m_entries)
            routed =
                routed || (e.name == workerName && e.role != Role::Emulator && e.host->worker());
    }
    if (routed && m_unroute)
        m_unroute();
    // No lock across the stop (a link's close may take its time): report() reads the host's
    // own thread-safe report, and only this thread changes m_entries.
    std::vector<WorkerHost *> hosts;
    {
        QMutexLocker lock(&m_mutex);
        for (Entry &e : m_entries)
            if (e.name == workerName) {
                if (e.host->worker() == m_replay)
                    m_replay = nullptr;
                hosts.push_back(e.host.get());
            }
    }
    // A link stopLink() is stopping is finished here, waiting (the synchronous API: command
    // line, tests); the window never gets here for it (Connect is refused while it stops).
    const auto stopping = m_stopping.find(workerName);
    if (stopping != m_stopping.end()) {
        QObject::disconnect(stopping->second.parked);
        m_stopping.erase(stopping);
    }
    for (WorkerHost *host : hosts)
        host->stop(); // keeps the final counters for session.json
    {
        QMutexLocker lock(&m_mutex);
        for (Entry &e : m_entries)
            if (e.name == workerName)
                e.stopping = false;
    }
}

bool LinkManager::launchReplay(SessionReplay *replay, QString *error)
{
    if (!m_active) {
        delete replay;
        *error = tr("replay: the station is not running");
        return false;
    }
    if (!launch(replay, Role::Replay, nullptr, error)) {
        route();
        return false;
    }
    m_replay = replay;
    route();
    return true;
}

void LinkManager::stopReplayWorker()
{
    if (!m_replay)
        return;
    m_replay->cancelLoad(); // thread-safe: a load stops at its next chunk, then the stop runs
    stopWorker(QStringLiteral("replay"));
    {
        QMutexLocker lock(&m_mutex); // the replay is no link: no entry is kept for session.json
        for (auto it = m_entries.begin(); it != m_entries.end(); ++it)
            if (it->name == QLatin1String("replay")) {
                m_entries.erase(it);
                break;
            }
    }
    route();
}

std::vector<RunningLink> LinkManager::routedLinks() const
{
    std::vector<RunningLink> running;
    QMutexLocker lock(&m_mutex);
    for (const Entry &e : m_entries)
        if (e.role == Role::Link && e.descriptor && !e.stopping && e.host->worker())
            running.push_back({e.host->worker(), e.descriptor});
    return running;
}

std::pair<Worker *, const LinkDescriptor *> LinkManager::motion() const
{
    QMutexLocker lock(&m_mutex);
    for (const Entry &e : m_entries)
        if (e.role == Role::Link && e.descriptor && e.descriptor->motion && !e.stopping &&
            e.host->worker())
            return {e.host->worker(), e.descriptor};
    return {nullptr, nullptr};
}

std::pair<WorkerHost *, const LinkDescriptor *> LinkManager::motionHost() const
{
    // Main thread: the entries' hosts change only here. A running link wins over one stopping.
    QMutexLocker lock(&m_mutex);
    std::pair<WorkerHost *, const LinkDescriptor *> found{nullptr, nullptr};
    for (const Entry &e : m_entries)
        if (e.role == Role::Link && e.descriptor && e.descriptor->motion &&
            (e.host->worker() || e.host->isStopping() || e.stopping) &&
            (!found.first || !e.stopping))
            found = {e.host.get(), e.descriptor};
    return found;
}

void LinkManager::stopRole(Role role)
{
    // Reverse start order; the entries (with their final counters) stay for the last
    // session.json. No lock across the stops: report() (recorder thread) reads each host's
    // thread-safe report, which never reaches a worker being deleted.
    std::vector<WorkerHost *> hosts;
    {
        QMutexLocker lock(&m_mutex);
        for (auto it = m_entries.rbegin(); it != m_entries.rend(); ++it)
            if (it->role == role)
                hosts.push_back(it->host.get());
    }
    for (WorkerHost *host : hosts)
        host->stop();
}

void LinkManager::stopAll()
{
    m_active = false;
    // Links still opening: their start has been queued; wait for it and close them (exit only).
    std::map<QString, Opening> opening;
    {
        QMutexLocker lock(&m_mutex);
        opening.swap(m_opening);
    }
    opening.clear(); // ~WorkerHost waits for the pending start, then stops the worker
    // Links stopLink() is stopping: their hosts' stop() below waits for a queued close, or
    // closes one still parking (the exit path parked the platform before this).
    for (auto &[name, st] : m_stopping)
        QObject::disconnect(st.parked);
    m_stopping.clear();
    if (m_unroute)
        m_unroute();
    if (m_replay)
        m_replay->cancelLoad(); // an exit does not wait for a replay's file to be read
    stopRole(Role::Replay);
    stopRole(Role::Link); // links first: their goodbyes still reach live stand-ins
    stopRole(Role::Emulator);
}

void LinkManager::clear()
{
    QMutexLocker lock(&m_mutex);
    m_entries.clear();
    m_replay = nullptr; // died with its thread
}

void LinkManager::report(QJsonObject *links, QJsonObject *emulators) const
{
    QMutexLocker lock(&m_mutex);
    for (const Entry &e : m_entries) {
        if (e.role == Role::Replay)
            continue;
        const WorkerHost::Report r = e.host->report();
        QJsonObject o = r.counters;
        const LinkState state = !r.live      ? LinkState::Stopped
                                : e.stopping ? LinkState::Stopping
                                             : r.state;
        o.insert(QStringLiteral("state"), QLatin1String(linkStateName(state)));
        o.insert(QStringLiteral("endpoints"), r.endpoints);
        // A stopped link is connected to nothing: what it was at the end is kept apart.
        if (!r.live && o.contains(QLatin1String("connected"))) {
            o.insert(QStringLiteral("connected_at_stop"), o.value(QLatin1String("connected")));
            o.insert(QStringLiteral("connected"), false);
        }
        (e.role == Role::Link ? *links : *emulators).insert(e.name, o);
    }
}

} // namespace hil
