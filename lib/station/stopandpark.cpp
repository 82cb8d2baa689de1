#include "station/stopandpark.h"
#include "core/logging.h"
#include "core/post.h"
#include "core/workerhost.h"
#include "session/sessionreplay.h"
#include "station/linkmanager.h"

#include <QTimer>
#include <memory>

namespace hil {

namespace {

/// The link's park answers within 1 s ramp + 2 s wait; a link thread that never answers must not
/// keep the program (and its other links) from closing.
constexpr int kParkDeadlineMs = 4000;
/// A remote STOP is answered once the platform shows it, polled at this pace, or after the
/// deadline with what it shows (the link's own STOP ramp is immediate; LEVEL BRAKE follows the
/// platform's next status word).
constexpr int kRemoteStopPollMs = 20;
constexpr int kRemoteStopDeadlineMs = 3000;

const QString &station()
{
    static const QString name = QStringLiteral("station");
    return name;
}

} // namespace

StopAndPark::StopAndPark(LinkManager &links, std::function<void(const Event &)> raise,
                         std::function<void(const QString &)> log, std::function<void()> route,
                         QObject *parent)
    : QObject(parent), m_links(links), m_raise(std::move(raise)), m_log(std::move(log)),
      m_route(std::move(route))
{
    // A Disconnect's park the exit may be waiting for (parkForExit() while it ran).
    connect(&m_links, &LinkManager::motionLinkParked, this, [this](bool ok, const QString &text) {
        if (m_parking && !m_parkDone)
            finishPark(ok, text);
    });
}

void StopAndPark::setReplayIntoMotion(bool on)
{
    if (m_replayIntoMotion == on)
        return;
    m_replayIntoMotion = on;
    m_log(on ? QStringLiteral("replay into the motion platform on")
             : QStringLiteral("replay into the motion platform off"));
    if (m_links.isActive())
        m_route();
    emit replayIntoMotionChanged(on);
}

void StopAndPark::emergencyStop()
{
    if (m_replayIntoMotion) {
        setReplayIntoMotion(false); // replayed frames no longer reach the platform ...
        if (SessionReplay *replay = m_links.replay()) // ... and the replay itself halts
            postTo(replay, [replay] { replay->pause(); });
    }
    // A link that is parking or closing after a Disconnect is still reached: its host holds it
    // until its close has run (the STOP is queued into its thread, ahead of nothing that blocks).
    const auto [host, d] = m_links.motionHost();
    if (host && host->withWorker([d = d](Worker *link) { d->motion->emergencyStop(link); }))
        return;
    qCWarning(lcStation) << "STOP: no motion link running";
    m_raise(Event{station(), QStringLiteral("station.stop_no_link"), Severity::Warning,
                  QStringLiteral("STOP pressed: no motion link is running")});
}

void StopAndPark::remoteStop(const QString &requester,
                             std::function<void(bool, int, QString)> answer)
{
    m_raise(Event{station(),
                  QStringLiteral("station.lab_stop"),
                  Severity::Warning,
                  requester.isEmpty() ? QStringLiteral("STOP from the lab")
                                      : QStringLiteral("STOP from the lab (%1)").arg(requester),
                  {requester}});
    const bool reached = hasMotionLink();
    emergencyStop();
    if (!reached) {
        answer(false, -1, QStringLiteral("no motion link"));
        return;
    }
    // The answer says what the platform shows, not what was asked: polled here (never waited
    // for), as the window reads the mode.
    auto *poll = new QTimer(this);
    poll->setInterval(kRemoteStopPollMs);
    auto waited = std::make_shared<int>(0);
    connect(poll, &QTimer::timeout, this, [this, poll, waited, answer = std::move(answer)] {
        const int mode = platformMode();
        *waited += kRemoteStopPollMs;
        const bool stopped = mode == 0 || mode == 1; // OFF or LEVEL BRAKE
        if (!stopped && *waited < kRemoteStopDeadlineMs)
            return;
        poll->stop();
        poll->deleteLater();
        answer(stopped, mode,
               stopped ? QString()
                       : QStringLiteral("the platform does not show LEVEL BRAKE 3 s after STOP"));
    });
    poll->start();
}

int StopAndPark::platformMode() const
{
    const auto [host, d] = m_links.motionHost();
    int mode = -1;
    if (host)
        host->withWorker([&mode, d = d](Worker *link) { mode = d->motion->reportedMode(link); });
    return mode;
}

std::optional<MotionStatus> StopAndPark::motionStatus() const
{
    const auto [host, d] = m_links.motionHost();
    std::optional<MotionStatus> status;
    if (host && d->motion->status)
        host->withWorker([&status, d = d](Worker *link) { status = d->motion->status(link); });
    return status;
}

bool StopAndPark::hasMotionLink() const
{
    const auto [host, d] = m_links.motionHost();
    return host && host->withWorker([](Worker *) {});
}

void StopAndPark::parkForExit()
{
    if (m_parking) {
        if (m_parkDone) // parked already (a second window closing): say so again
            QTimer::singleShot(0, this, [this] { emit exitParked(m_parkOk, m_parkText); });
        return;
    }
    m_parking = true;
    if (const auto park = m_links.stoppingMotionPark()) {
        // Parking already after a Disconnect: the exit waits for that park (motionLinkParked),
        // or takes its outcome when it is over.
        m_log(QStringLiteral("exit: waiting for the motion link's park"));
        if (park->done)
            QTimer::singleShot(0, this, [this, p = *park] { finishPark(p.ok, p.text); });
        else
            QTimer::singleShot(kParkDeadlineMs, this, [this] {
                finishPark(false, QStringLiteral("the motion link did not answer"));
            });
        return;
    }
    const auto [link, d] = m_links.motion();
    if (!link || !m_links.isActive()) {
        QTimer::singleShot(0, this,
                           [this] { finishPark(true, QStringLiteral("no motion link running")); });
        return;
    }
    m_log(QStringLiteral("exit: parking the motion platform before closing the links"));
    d->motion->onParked(link, this, [this](bool ok, const QString &text) { finishPark(ok, text); });
    d->motion->park(link);
    QTimer::singleShot(kParkDeadlineMs, this, [this] {
        finishPark(false, QStringLiteral("the motion link did not answer"));
    });
}

void StopAndPark::finishPark(bool ok, const QString &text)
{
    if (m_parkDone)
        return;
    m_parkDone = true;
    m_parkOk = ok;
    m_parkText = text;
    m_links.setExitParked(ok); // a later Disconnect closes without parking again
    const QString line = ok ? QStringLiteral("exit: %1; closing the links").arg(text)
                            : QStringLiteral("exit: %1; closing the links anyway").arg(text);
    m_raise(Event{station(),
                  ok ? QStringLiteral("station.exit_parked")
                     : QStringLiteral("station.exit_not_parked"),
                  ok ? Severity::Info : Severity::Error,
                  line,
                  {text}});
    emit exitParked(ok, text);
}

} // namespace hil
