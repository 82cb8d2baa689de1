#include "rigcheck/measurementrun.h"

#include "core/linkdescriptor.h"
#include "station/station.h"

namespace hil::rigcheck {

namespace measurementrun {
constexpr int kPollMs = 200;
constexpr int kCueingMode = 3;
constexpr double kSettleS = 2.0; ///< in CUEING this long before the excitation starts
} // namespace measurementrun
using namespace measurementrun;

MeasurementRun::MeasurementRun(Station *station, PlatformMeasurementSettings settings,
                               double waitForCueingS, QObject *parent)
    : MeasurementRun(station,
                     Procedure{[](const LinkDescriptor &d) { return bool(d.platformMeasurement); },
                               [settings](const LinkDescriptor &d, Worker *w) {
                                   d.platformMeasurement->start(w, settings);
                               },
                               [](const LinkDescriptor &d, const Worker *w) {
                                   return d.platformMeasurement->result(w);
                               }},
                     waitForCueingS, parent)
{
}

MeasurementRun::MeasurementRun(Station *station, OmctMeasurementSettings settings,
                               double waitForCueingS, QObject *parent)
    : MeasurementRun(station,
                     Procedure{[](const LinkDescriptor &d) { return bool(d.omctMeasurement); },
                               [settings](const LinkDescriptor &d, Worker *w) {
                                   d.omctMeasurement->start(w, settings);
                               },
                               [](const LinkDescriptor &d, const Worker *w) {
                                   return d.omctMeasurement->result(w);
                               }},
                     waitForCueingS, parent)
{
}

MeasurementRun::MeasurementRun(Station *station, Procedure procedure, double waitForCueingS,
                               QObject *parent)
    : QObject(parent), m_station(station), m_procedure(std::move(procedure)),
      m_waitS(waitForCueingS)
{
    qRegisterMetaType<hil::PlatformMeasurementResult>();
    m_poll.setInterval(kPollMs);
    connect(&m_poll, &QTimer::timeout, this, &MeasurementRun::poll);
}

void MeasurementRun::start()
{
    m_poll.start();
    poll();
}

void MeasurementRun::finish(PlatformMeasurementResult result)
{
    if (m_finished)
        return;
    m_finished = true;
    m_poll.stop();
    m_result = std::move(result);
    emit finished(m_result);
}

void MeasurementRun::poll()
{
    const auto [link, d] = m_station->runningThat(m_procedure.capable);
    if (!link) {
        PlatformMeasurementResult r = m_result;
        r.state = m_started ? PlatformMeasurementResult::State::Stopped
                            : PlatformMeasurementResult::State::Refused;
        r.reason = m_started ? QStringLiteral("the motion platform link stopped")
                             : QStringLiteral("no motion platform link runs (--raven ADDR)");
        r.reasonId = QStringLiteral("no_link");
        return finish(r);
    }
    if (!m_started) {
        const std::optional<MotionStatus> motion = m_station->motionStatus();
        if (!motion || motion->reportedMode != kCueingMode) {
            m_waitedS += kPollMs / 1000.0;
            if (m_waitedS < m_waitS)
                return;
            PlatformMeasurementResult r;
            r.state = PlatformMeasurementResult::State::Refused;
            r.reason = QStringLiteral("the platform did not show CUEING within %1 s "
                                      "(--raven-mode cueing asks for it)")
                           .arg(m_waitS);
            r.reasonId = QStringLiteral("mode");
            return finish(r);
        }
        // A platform that has just entered CUEING may still be moving into it: the excitation
        // starts from a seat that has been still for a while.
        m_cueingS += kPollMs / 1000.0;
        if (m_cueingS < kSettleS)
            return;
        m_procedure.start(*d, link);
        m_started = true;
        return;
    }
    // The snapshot is 10 Hz: until it shows this run, it may still show none.
    const PlatformMeasurementResult r = m_procedure.result(*d, link);
    if (r.state == PlatformMeasurementResult::State::Idle)
        return;
    m_result = r;
    if (r.ended())
        return finish(r);
    emit progressed(r);
}

} // namespace hil::rigcheck
