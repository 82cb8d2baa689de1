#include "station/replaycontrol.h"
#include "core/post.h"
#include "session/sessionreplay.h"
#include "station/linkmanager.h"

namespace hil {

ReplayControl::ReplayControl(LinkManager &links, QObject *parent) : QObject(parent), m_links(links)
{
}

bool ReplayControl::isReplayLoading() const
{
    return m_links.replay() && m_loading;
}

bool ReplayControl::startReplay(const QString &path, QString *error)
{
    QString dummy;
    QString *err = error ? error : &dummy;
    stopReplay();
    auto *replay = new SessionReplay; // loads below, once the window has connected to it
    if (!m_links.launchReplay(replay, err))
        return false;
    m_path = path;
    m_loading = true;
    const quint64 generation = ++m_generation;
    // Queued from the replay's thread; an outcome of an earlier replay is ignored.
    connect(replay, &SessionReplay::loadProgress, this,
            [this, generation](qint64 done, qint64 total) {
                if (generation == m_generation && m_loading)
                    emit replayLoadProgress(done, total);
            });
    connect(replay, &SessionReplay::loaded, this, [this, generation, path] {
        if (generation != m_generation || !m_loading)
            return;
        m_loading = false;
        emit replayLoaded(path);
    });
    connect(replay, &SessionReplay::loadFailed, this,
            [this, generation, path](const QString &, const QString &error, bool cancelled) {
                if (generation != m_generation || !m_loading)
                    return;
                m_loading = false; // before stopReplay(): it would report a cancel
                stopReplay();      // nothing half-loaded stays
                emit replayLoadFailed(path, cancelled ? QString() : tr("replay: %1").arg(error),
                                      cancelled);
            });
    emit replayReady(replay);
    postTo(replay, [replay, path] { replay->load(path); });
    m_links.announce();
    return true;
}

void ReplayControl::stopReplay()
{
    if (!m_links.replay())
        return;
    const bool wasLoading = m_loading;
    m_loading = false;
    m_links.stopReplayWorker();
    if (wasLoading)
        emit replayLoadFailed(m_path, QString(), true);
    m_links.announce();
}

} // namespace hil
