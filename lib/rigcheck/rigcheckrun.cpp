#include "rigcheck/rigcheckrun.h"

#include "core/event.h"
#include "core/post.h"
#include "core/worker.h"
#include "platform/platform.h"
#include "station/station.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QStorageInfo>
#include <QTimer>
#include <algorithm>
#include <cmath>

namespace hil::rigcheck {

namespace {

constexpr int kTickMs = 100;
constexpr double kMotionTimeoutS = 120.0;

// A link's state as session.json has it ("up", "connecting", ...).
bool settling(const QJsonObject &links)
{
    for (auto it = links.constBegin(); it != links.constEnd(); ++it) {
        const QString s = it.value().toObject().value(QLatin1String("state")).toString();
        if (s == QLatin1String("connecting") || s == QLatin1String("opening") ||
            s == QLatin1String("starting"))
            return true;
    }
    return false;
}

} // namespace

RigCheckRun::RigCheckRun(Station *station, RunSettings settings, QObject *parent)
    : QObject(parent), m_station(station), m_settings(std::move(settings))
{
    qRegisterMetaType<hil::rigcheck::RunResult>();
}

RigCheckRun::~RigCheckRun()
{
    if (m_writer.joinable())
        m_writer.join(); // a report being written: a few hundred milliseconds at most
}

void RigCheckRun::start()
{
    if (isRunning() || !m_station)
        return;
    m_obs = Observation{};
    m_obs.motionRequested = m_settings.motion;
    m_startedUtc = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    m_phase = Phase::Settling;
    m_phaseClock.start();
    // Links whose descriptor says the check should have them read their peer first (PX4's
    // parameters): found by that capability, not by name.
    for (const LinkDescriptor &d : m_station->registry().all())
        if (d.readForRigCheck)
            if (Worker *link = m_station->worker(d.name))
                d.readForRigCheck(link);
    m_timer = new QTimer(this);
    m_timer->setInterval(kTickMs);
    connect(m_timer, &QTimer::timeout, this, &RigCheckRun::tick);
    m_timer->start();
    report(Progress::Step::Settling, 0, 0, 0.0);
}

void RigCheckRun::cancel()
{
    if (!isRunning() || m_phase == Phase::Writing)
        return;
    if (m_timer)
        m_timer->stop();
    m_phase = Phase::Done;
    RunResult r;
    r.cancelled = true;
    emit finished(r);
}

QJsonObject RigCheckRun::linksNow() const
{
    return m_station ? m_station->snapshot().value(QLatin1String("links")).toObject()
                     : QJsonObject{};
}

TypedSample RigCheckRun::typedNow(const QString &link) const
{
    const LinkDescriptor *d = m_station ? m_station->registry().find(link) : nullptr;
    if (!d || !d->rigChecks || !d->rigChecks->sample)
        return {};
    const Worker *w = m_station->worker(link);
    return w ? d->rigChecks->sample(w) : TypedSample{};
}

// The typed snapshot is taken right after the session.json one: both are copies of the link's
// last 10 Hz refresh, so they agree unless a refresh falls in between (then the typed one, which
// the verdicts read, is the newer by 0.1 s).
void RigCheckRun::sample(double atS)
{
    const QJsonObject links = linksNow();
    for (auto it = links.constBegin(); it != links.constEnd(); ++it) {
        const QJsonObject o = it.value().toObject();
        if (o.value(QLatin1String("state")).toString() == QLatin1String("stopped"))
            continue; // not running: no verdicts for it
        const TypedSample typed = typedNow(it.key());
        LinkWindow &w = m_obs.links[it.key()];
        if (w.samples.isEmpty()) {
            w.first = o;
            w.typedFirst = typed;
        }
        w.last = o;
        w.typedLast = typed;
        w.samples << o;
        w.typedSamples << typed;
        w.sampleTimesS << atS;
    }
}

void RigCheckRun::report(Progress::Step step, double done, double of, double fraction)
{
    Progress p;
    p.step = step;
    p.steps = m_settings.motion ? 4 : 3;
    p.stepNo = step == Progress::Step::Settling         ? 1
               : step == Progress::Step::Sampling       ? 2
               : step == Progress::Step::TransportDelay ? 3
                                                        : p.steps;
    p.done = done;
    p.of = of;
    p.fraction = std::clamp(fraction, 0.0, 1.0);
    emit progressed(p);
}

void RigCheckRun::tick()
{
    if (!m_station) {
        cancel();
        return;
    }
    const double total = m_settings.settleS + m_settings.windowS + (m_settings.motion ? 30.0 : 0.0);
    const double inPhase = double(m_phaseClock.elapsed()) / 1000.0;
    switch (m_phase) {
    case Phase::Settling:
        if (!settling(linksNow()) || inPhase >= m_settings.settleS) {
            m_phase = Phase::Sampling;
            m_phaseClock.restart();
            sample(0.0);
        }
        break;
    case Phase::Sampling: {
        const double last = m_obs.links.isEmpty() || m_obs.links.first().sampleTimesS.isEmpty()
                                ? 0.0
                                : m_obs.links.first().sampleTimesS.last();
        if (inPhase >= m_settings.windowS) {
            sample(inPhase);
            if (m_settings.motion)
                startMotion();
            else
                finish();
            return;
        }
        if (inPhase - last >= 1.0)
            sample(inPhase);
        report(Progress::Step::Sampling, std::floor(inPhase), m_settings.windowS,
               (m_settings.settleS + inPhase) / total);
        break;
    }
    case Phase::Motion: {
        const RunningLink delay = delayLink();
        const TransportDelayResult td =
            delay.worker ? delay.d->transportDelay->result(delay.worker) : TransportDelayResult{};
        const bool ended = td.ended() || !delay.worker;
        if (ended || inPhase > kMotionTimeoutS) {
            if (!delay.worker)
                m_obs.motionRefused = QStringLiteral("the platform link stopped");
            else if (!ended)
                m_obs.motionRefused =
                    QStringLiteral("the platform link did not finish in %1 s").arg(kMotionTimeoutS);
            if (delay.worker) {
                m_obs.transportDelay = td;
                if (m_obs.links.contains(delay.d->name)) {
                    LinkWindow &w = m_obs.links[delay.d->name];
                    w.last = linksNow().value(delay.d->name).toObject();
                    w.typedLast = typedNow(delay.d->name);
                }
            }
            finish();
            return;
        }
        report(Progress::Step::TransportDelay, int(td.samplesMs.size()), m_settings.motionSteps,
               (m_settings.settleS + m_settings.windowS + std::min(inPhase, 30.0)) / total);
        break;
    }
    case Phase::Idle:
    case Phase::Writing:
    case Phase::Done:
        break;
    }
}

RunningLink RigCheckRun::delayLink() const
{
    // The running link whose descriptor says it can measure the delay: by capability, not name.
    return m_station->runningThat([](const LinkDescriptor &d) { return bool(d.transportDelay); });
}

void RigCheckRun::startMotion()
{
    m_phase = Phase::Motion;
    m_phaseClock.restart();
    const RunningLink delay = delayLink();
    if (!delay.worker || !m_obs.links.contains(delay.d->name)) {
        m_obs.motionRefused = QStringLiteral("no platform link that can measure it is running");
    } else if (delay.d->motion && delay.d->motion->status(delay.worker).axisHeld) {
        m_obs.motionRefused =
            QStringLiteral("this platform address is held by a failed axis check");
    }
    if (!m_obs.motionRefused.isEmpty()) {
        finish();
        return;
    }
    delay.d->transportDelay->start(delay.worker, m_settings.motionSteps);
}

// events.log and the lab: one line with the counts and where the report is; on the lab bus the
// verdicts, retained (hil/v1/<rig>/rigcheck), for the instructor's tile.
void RigCheckRun::announce(const RunResult &result)
{
    if (!m_station)
        return;
    int fails = 0, warns = 0;
    QJsonArray checks;
    for (const Item &i : result.items) {
        fails += i.verdict == Verdict::Fail;
        warns += i.verdict == Verdict::Warn;
        checks.append(QJsonObject{
            {"check", i.check}, {"verdict", verdictName(i.verdict)}, {"value", i.value}});
    }
    const QString passes = QString::number(result.items.size() - fails - warns);
    const QString where = result.files.isEmpty() ? QStringLiteral("-")
                                                 : QFileInfo(result.files.last()).absolutePath();
    m_station->raiseStationEvent(
        Event{QStringLiteral("station"),
              QStringLiteral("station.rig_check"),
              fails ? Severity::Error : (warns ? Severity::Warning : Severity::Info),
              QStringLiteral("rig check: %1 passed, %2 warnings, %3 failed (report in %4)")
                  .arg(passes)
                  .arg(warns)
                  .arg(fails)
                  .arg(where),
              {passes, QString::number(warns), QString::number(fails), where}});
    // Every running link that takes the summary (the lab's publisher): by capability.
    QJsonObject summary;
    for (const LinkDescriptor &d : m_station->registry().all()) {
        Worker *w = d.rigCheckIn ? m_station->worker(d.name) : nullptr;
        if (!w)
            continue;
        if (summary.isEmpty())
            summary = QJsonObject{
                {"verdict", result.json.value(QLatin1String("verdict"))},
                {"fails", fails},
                {"warnings", warns},
                {"time", double(QDateTime::currentMSecsSinceEpoch()) / 1000.0},
                {"checks", checks},
                {"transport_delay", result.json.value(QLatin1String("transport_delay"))}};
        d.rigCheckIn(w, summary);
    }
}

void RigCheckRun::finish()
{
    m_timer->stop();
    m_phase = Phase::Writing;
    report(Progress::Step::Writing, 0, 0, 0.99);
    QJsonObject run{{"program", QStringLiteral("hilstation")},
                    {"version", QCoreApplication::applicationVersion()},
                    {"started_utc", m_startedUtc},
                    {"seconds", m_settings.windowS},
                    {"motion", m_settings.motion},
                    {"system", platform::name()}};
    // Each link's peer as the report names it: its endpoints, or that it was a built-in
    // stand-in (whose figures are no rig's).
    QJsonObject peers;
    for (auto it = m_obs.links.constBegin(); it != m_obs.links.constEnd(); ++it)
        peers.insert(it.key(),
                     QJsonObject{{"stand_in", m_station && m_station->isEmulatorRunning(it.key())},
                                 {"endpoints", it.value().last.value(QLatin1String("endpoints"))}});
    run.insert(QStringLiteral("link_peers"), peers);
    const QString session = m_station ? m_station->sessionFolder() : QString();
    QStringList dirs;
    if (!m_settings.reportDir.isEmpty())
        dirs << m_settings.reportDir;
    if (!session.isEmpty())
        dirs << QDir(session).filePath(QStringLiteral("rig-check"));
    Observation obs = m_obs;
    // The motion link's reply port (its descriptor has `motion`): the firewall's check reads it.
    QJsonObject ravenEp;
    for (const LinkDescriptor &d : m_station->registry().all())
        if (d.motion && obs.links.contains(d.name))
            ravenEp = obs.links.value(d.name).last.value(QLatin1String("endpoints")).toObject();
    const bool translated = m_settings.translatedPage;
    // First the disk and the firewall are read in the report thread (the firewall's API may take
    // a while); the verdicts and the page are made back here, where the fonts and images live
    // (rigreport.h says why); the files are written in the report thread again.
    m_writer = std::thread([this, obs, run, dirs, session, translated, ravenEp]() mutable {
        if (!session.isEmpty()) {
            const QStorageInfo volume(session);
            obs.freeBytes = volume.isValid() ? volume.bytesAvailable() : -1;
        }
        if (!ravenEp.isEmpty()) { // Windows: the firewall's API (COM); elsewhere not applicable
            const platform::FirewallReport fw = platform::firewallForUdpPort(
                quint16(ravenEp.value(QLatin1String("listen_port")).toInt()),
                QHostAddress(ravenEp.value(QLatin1String("platform_host")).toString()));
            using S = platform::FirewallVerdict::Status;
            const S st = fw.verdict.status;
            obs.firewall.level = st == S::NotApplicable ? QString()
                                 : st == S::Pass        ? QStringLiteral("pass")
                                 : st == S::Warn        ? QStringLiteral("warn")
                                                        : QStringLiteral("fail");
            obs.firewall.figure = fw.verdict.figure;
        }
        postTo(this, [this, obs, run, dirs, translated] {
            m_writer.join();
            RunResult result;
            result.items = evaluate(obs, m_station->registry());
            result.json = reportJson(result.items, obs, run);
            const RenderedReport page = renderReport({result.json, result.items, translated});
            m_writer = std::thread([this, result, dirs, page]() mutable {
                for (const QString &dir : dirs) {
                    QString error;
                    if (!writeRendered(dir, page, &result.files, &error) && result.error.isEmpty())
                        result.error = error;
                }
                postTo(this, [this, result] {
                    m_writer.join();
                    announce(result);
                    m_phase = Phase::Done;
                    report(Progress::Step::Done, 0, 0, 1.0);
                    emit finished(result);
                });
            });
        });
    });
}

} // namespace hil::rigcheck
