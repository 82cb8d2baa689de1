#pragma once
// MeasurementRun: the platform measurement (core/platformmeasurement.h) or the measured OMCT
// (core/omctmeasurement.h) on a running Station, as `--omct … --omct-quick` and `--omct …` run
// them: the motion link found by what its descriptor declares (LinkDescriptor::
// platformMeasurement or omctMeasurement), the platform's CUEING awaited (the operator's
// --raven-mode cueing asks for it), the procedure started and followed until it ends. The
// link's own refusal is the authority on whether the seat may move; this only waits and reports.
//
// Thread: the main thread (timers); reads the link's 10 Hz snapshot, never its thread.

#include "core/omctmeasurement.h"
#include "core/platformmeasurement.h"

#include <QObject>
#include <QTimer>
#include <functional>

namespace hil {
class Station;
class Worker;
struct LinkDescriptor;
namespace rigcheck {

class MeasurementRun : public QObject
{
    Q_OBJECT
public:
    /// waitForCueingS: how long the platform may take to show CUEING before the run is refused.
    MeasurementRun(Station *station, PlatformMeasurementSettings settings,
                   double waitForCueingS = 20.0, QObject *parent = nullptr);
    /// The measured OMCT, followed the same way.
    MeasurementRun(Station *station, OmctMeasurementSettings settings, double waitForCueingS = 20.0,
                   QObject *parent = nullptr);

    void start();
    const PlatformMeasurementResult &result() const { return m_result; }

signals:
    /// While it runs, at the poll's pace (5 Hz).
    void progressed(const hil::PlatformMeasurementResult &result);
    /// Once: done, stopped or refused.
    void finished(const hil::PlatformMeasurementResult &result);

private:
    void poll();
    void finish(PlatformMeasurementResult result);

    /// The procedure: whether a link can run it, its start and its result (from the link's
    /// descriptor, which `capable` said has it).
    struct Procedure
    {
        std::function<bool(const LinkDescriptor &)> capable;
        std::function<void(const LinkDescriptor &, Worker *)> start;
        std::function<PlatformMeasurementResult(const LinkDescriptor &, const Worker *)> result;
    };
    MeasurementRun(Station *station, Procedure procedure, double waitForCueingS, QObject *parent);

    Station *m_station;
    Procedure m_procedure;
    double m_waitS;
    QTimer m_poll;
    double m_waitedS = 0.0, m_cueingS = 0.0;
    bool m_started = false, m_finished = false;
    PlatformMeasurementResult m_result;
};

} // namespace rigcheck
} // namespace hil
