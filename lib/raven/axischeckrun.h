#pragma once
// AxisCheckRun: the commissioning axis check as a procedure the motion link drives
// (RavenLink::axisTest), and the axis hold it leaves behind. One test cue at a time: a trapezoid
// on one cue word (a quarter of the time in, half held, a quarter out, then 0.5 s of neutral for
// the seat to answer), judged on all six reported DoFs (axisresponse.h). When another DoF moves
// most, the cue is ramped out at once and the simulator's cues are held at neutral for this
// platform address (RiderSafety::setAxisHold), recorded in the AxisCheckStore; only a pass on
// every axis releases it. open() reads the store, so a later run (headless too) starts held.
//
// Thread: the link's (every call), except the const getters marked thread-safe. Units: test
// cue amplitudes in m/s² or rad/s², pose changes in m or rad, platform frame; times in ns of
// the link's monotonic clock.

#include "raven/axischeckstore.h"
#include "raven/axisresponse.h"

#include <QJsonObject>
#include <QString>
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>

namespace hil::raven {

class TestCueHost;

class AxisCheckRun
{
public:
    /// outcome, the test cue's axis, the extreme pose change on it (0 when cancelled), and the
    /// DoF that moved most (-1 none).
    using Finished = std::function<void(int axis, AxisOutcome outcome, double change, int moved)>;

    AxisCheckRun(TestCueHost &host, Finished finished);

    /// The link opened towards `address` ("<host>:<port>"); `storePath` is the store's INI file
    /// (empty: its default). A failed check recorded for the address holds the cues from now.
    void open(const QString &address, const QString &storePath);
    /// One test cue (RavenLink::axisTest). Refused (event raven.axis_test_refused, finished with
    /// Refused) unless the platform shows CUEING, STOP is not latched and `otherTestCue` is false.
    void start(int axis, double amplitude, double durationS, std::int64_t nowNs, bool otherTestCue);
    bool active() const { return m_test.active; }
    /// The 10 ms tick while active: the trapezoid's next frame; ends the cue when it is over.
    void step(std::int64_t nowNs);
    /// Every reported pose (the noise before a cue is measured from them too).
    void onPose(const std::array<double, 6> &pose, std::int64_t nowNs);
    /// STOP: ends a running cue at once (a crossing already seen still counts).
    void stopped();

    /// Thread-safe: the simulator's cues are held by a crossing; its axes (-1 unknown).
    bool held() const { return m_held.load(); }
    int heldAxis() const { return m_heldAxis.load(); }
    int movedAxis() const { return m_movedAxis.load(); }
    /// Thread-safe: every axis of this address has passed.
    bool passed() const { return m_passed.load(); }
    /// Counter axis_check: {result: never|passed|failed|incomplete, time (UTC, ISO)}; empty
    /// before open().
    QJsonObject summary() const { return m_checked ? summaryOf(*m_checked) : QJsonObject{}; }
    /// The same typed (the rig check's): nullopt before open(). The link's thread.
    std::optional<AxisCheckStore::Status> checked() const { return m_checked; }

private:
    void end(AxisOutcome outcome, int moved);
    void hold(int axis, int moved);
    static QJsonObject summaryOf(const AxisCheckStore::Status &s);

    TestCueHost &m_host;
    Finished m_finished;
    QString m_address, m_storePath;
    struct Test
    {
        bool active = false;
        int axis = 0;
        double amplitude = 0.0, durationS = 1.0;
        std::int64_t startNs = 0;
        double k = 0.0;     ///< the trapezoid's value last sent (0..1)
        int crossedBy = -1; ///< the DoF that moved most instead; the cue is ramping out
        std::int64_t cancelNs = 0;
        double cancelK = 0.0;
    } m_test;
    AxisResponse m_response;
    unsigned m_passedMask = 0; ///< bit i: axis i passed since the last crossing
    std::atomic<bool> m_held{false}, m_passed{false};
    std::atomic<int> m_heldAxis{-1}, m_movedAxis{-1};
    std::optional<AxisCheckStore::Status> m_checked; ///< this address, as last stored
};

} // namespace hil::raven
