#pragma once
// RigCheckRun: one rig check on a running Station (docs/rig-check.md). It waits for the links to
// settle (none still connecting, at most settleS), asks PX4 for the parameters the checks read,
// samples every running link once a second for windowS (its typed health through its
// descriptor's rigChecks.sample, and its session.json entry), then, when asked and allowed,
// has the platform link measure the transport delay (a step that moves the seat). The disk's
// free space and the firewall are read in a report thread of the run's own; the verdicts and the
// page (report.json, report.html, report.pdf) are made in the owner's thread, where Qt's fonts
// live (tens of milliseconds, once); the report thread writes them to the report folder and to
// the session folder's rig-check/ beside the recordings; finished() comes in the owner's thread.
//
// The run never changes a mode or sends a cue itself: the transport-delay step is the platform
// link's own, reached through the capability its descriptor declares (`transportDelay`: start,
// and the typed result), never by name; the link refuses it when the platform is not in CUEING,
// is stopped or its address is held by a failed axis check, and STOP ends it at once. Its
// summary goes to every link that declares `rigCheckIn` (the lab's publisher).
//
// Thread: the owner's (the GUI thread or main()'s); it only reads the links' snapshots (mutex
// copies) and posts; nothing here waits. Units: seconds.

#include "core/linkdescriptor.h"
#include "rigcheck/rigreport.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <memory>
#include <thread>

class QTimer;

namespace hil {
class Station;
}

namespace hil::rigcheck {

struct RunSettings
{
    double settleS = 5.0;       ///< longest wait for the links to leave "connecting"
    double windowS = 10.0;      ///< the sampling window
    bool motion = false;        ///< measure the transport delay (moves the seat)
    int motionSteps = 20;       ///< steps of that measurement
    QString reportDir;          ///< where the report goes (also: <session>/rig-check)
    bool translatedPage = true; ///< report.html/pdf in the operator's language
};

struct RunResult
{
    QList<Item> items;
    QJsonObject json;
    QStringList files;
    QString error; ///< a report that could not be written (the verdicts are still here)
    bool cancelled = false;
    bool anyFail() const { return anyFails(items); }
};

/// Where a run is, for a person to read (the window words it, translated).
struct Progress
{
    enum class Step { Settling, Sampling, TransportDelay, Writing, Done };
    Step step = Step::Settling;
    int stepNo = 1;      ///< 1-based, of steps
    int steps = 3;       ///< settling, sampling, (transport delay,) writing
    double done = 0;     ///< within the step: seconds sampled, transport-delay steps made
    double of = 0;       ///< the step's whole (seconds, steps); 0 when it has no measure
    double fraction = 0; ///< 0..1 of the whole run, by time
};

class RigCheckRun : public QObject
{
    Q_OBJECT
public:
    RigCheckRun(Station *station, RunSettings settings, QObject *parent = nullptr);
    ~RigCheckRun() override;

    void start();
    /// Ends the run without a report (a transport-delay step under way is ended by STOP, which
    /// the caller presses: cancel() itself sends nothing to the platform).
    void cancel();
    bool isRunning() const { return m_phase != Phase::Idle && m_phase != Phase::Done; }

signals:
    void progressed(const hil::rigcheck::Progress &progress);
    void finished(const hil::rigcheck::RunResult &result);

private:
    enum class Phase { Idle, Settling, Sampling, Motion, Writing, Done };
    void tick();
    QJsonObject linksNow() const;
    /// The link's typed snapshot through its descriptor's sampler (empty without one).
    TypedSample typedNow(const QString &link) const;
    void sample(double atS);
    void startMotion();
    void finish();
    void announce(const RunResult &result);
    void report(Progress::Step step, double done, double of, double fraction);

    /// The running link that can measure the transport delay, or {nullptr, nullptr}.
    RunningLink delayLink() const;
    QPointer<Station> m_station;
    RunSettings m_settings;
    Phase m_phase = Phase::Idle;
    QTimer *m_timer = nullptr;
    QElapsedTimer m_phaseClock;
    Observation m_obs;
    QString m_startedUtc;
    std::thread m_writer;
};

} // namespace hil::rigcheck

Q_DECLARE_METATYPE(hil::rigcheck::RunResult)
