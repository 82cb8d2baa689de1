#include "raven/ridersafety.h"

#include <algorithm>
#include <cmath>

namespace hil::raven {

namespace {
constexpr std::int64_t kModeRetryNs = 100'000'000;
constexpr std::int64_t kModeRetryForNs = 1'000'000'000;
constexpr const char *kAxisNames[6] = {"surge", "sway", "heave", "roll", "pitch", "yaw"};
} // namespace

WashoutCheck checkWashout(const std::array<double, 6> &t, std::uint64_t *clamps)
{
    WashoutCheck r;
    for (int i = 0; i < 6; ++i) {
        std::uint64_t c = 0;
        r.words[std::size_t(i)] =
            i < 3 ? positionToUm(t[std::size_t(i)], &c) : angleToMdeg(t[std::size_t(i)], &c);
        if (c) {
            r.warnings << QStringLiteral("washout %1 target clamped to the platform limit")
                              .arg(QLatin1String(kAxisNames[i]));
            r.warningArgs << QStringList{QString::number(i)};
            if (clamps)
                *clamps += c;
        }
    }
    if (r.words[0] != 0 || r.words[1] != 0) {
        r.warnings << QStringLiteral(
            "non-zero surge/sway washout targets: excess power and actuator "
            "heat, not recommended by the vendor");
        r.warningArgs << QStringList();
    }
    return r;
}

bool RiderSafety::onSimFrame(const SimFrame &f, std::int64_t nowNs)
{
    const bool plausible = m_guard.onSimFrame(f, nowNs, m_s.staleAfterNs);
    // Trust the producer's arrival stamp only when it is in the recent past of our clock.
    const std::int64_t age = nowNs - f.monotonicNs;
    m_lastSimNs = (f.monotonicNs > 0 && age >= 0 && age < 60'000'000'000LL) ? f.monotonicNs : nowNs;
    m_haveSim = true;
    m_lastSimStale = f.stale;
    tick(nowNs);
    return plausible;
}

void RiderSafety::onLoopHealth(const LoopHealth &h, std::int64_t nowNs)
{
    m_guard.onLoopHealth(h, nowNs);
    tick(nowNs);
}

void RiderSafety::onPose(const std::array<double, 6> &pose, std::int64_t nowNs)
{
    m_guard.onPose(pose, nowNs);
    tick(nowNs);
}

void RiderSafety::guardEvent()
{
    const LoopGuardSettings &g = m_guard.settings();
    if (!m_guard.holding()) {
        event("raven.loop_healthy", hil::Severity::Info,
              QStringLiteral("loop healthy for %1 s: cues ramping in over %2 s")
                  .arg(g.healthyForS)
                  .arg(m_s.rampUpS),
              {QString::number(g.healthyForS), QString::number(m_s.rampUpS)});
        return;
    }
    const LoopProblem p = m_guard.problem();
    const double v = m_guard.figure(), limit = m_guard.threshold();
    const int axis = m_guard.axis();
    QString what;
    switch (p) {
    case LoopProblem::SlowFrames:
        what =
            QStringLiteral("%1 new simulator states/s (at least %2)").arg(v, 0, 'f', 1).arg(limit);
        break;
    case LoopProblem::SlowSimulation:
        what = QStringLiteral("simulation at %1 of real time (at least %2)")
                   .arg(v, 0, 'f', 2)
                   .arg(limit);
        break;
    case LoopProblem::LockstepTimeouts:
        what = QStringLiteral("%1 PX4 lockstep timeouts in %2 s (at most %3)")
                   .arg(v)
                   .arg(g.windowS)
                   .arg(limit);
        break;
    case LoopProblem::FramesLost:
        what = QStringLiteral("%1 % of simulator frames dropped or repeated on the way to PX4 "
                              "(at most %2 %)")
                   .arg(v * 100.0, 0, 'f', 0)
                   .arg(limit * 100.0);
        break;
    case LoopProblem::Implausible:
        what = std::isfinite(v)
                   ? QStringLiteral("simulator value %1 beyond what an aircraft can do "
                                    "(%2)")
                         .arg(v, 0, 'f', 1)
                         .arg(limit)
                   : QStringLiteral("simulator value not a number");
        break;
    case LoopProblem::EndStops:
        what = QStringLiteral("platform %1 at its limit %2 % of the last %3 s (at most %4 %)")
                   .arg(QLatin1String(kAxisNames[std::clamp(axis, 0, 5)]))
                   .arg(v * 100.0, 0, 'f', 0)
                   .arg(g.endStopWindowS)
                   .arg(limit * 100.0);
        break;
    case LoopProblem::LimitReversal:
        what = QStringLiteral("platform %1 from limit to limit in %2 s (at least %3 s)")
                   .arg(QLatin1String(kAxisNames[std::clamp(axis, 0, 5)]))
                   .arg(v, 0, 'f', 2)
                   .arg(limit);
        break;
    case LoopProblem::None:
        break;
    }
    // args: the problem's name, its figure, the limit, the DoF (-1: none), the healthy time
    event("raven.loop_degraded", hil::Severity::Error,
          QStringLiteral("loop degraded: %1; cues ramping to neutral, back after %2 s without a "
                         "problem")
              .arg(what)
              .arg(g.healthyForS),
          {QLatin1String(loopProblemName(p)), QString::number(v, 'g', 6),
           QString::number(limit, 'g', 6), QString::number(axis), QString::number(g.healthyForS)});
}

void RiderSafety::onPlatformReply(const StatusWord &st, std::uint16_t id, std::int64_t nowNs)
{
    m_lastReplyNs = nowNs;
    if (m_link != Link::Up) {
        event("raven.platform_answered", hil::Severity::Info,
              m_link == Link::NeverAnswered ? QStringLiteral("platform answered")
                                            : QStringLiteral("platform answering again"));
        m_link = Link::Up;
        if (!m_unattendedDone && m_s.unattendedMode >= 0) {
            m_unattendedDone = true;
            event("raven.unattended_mode", hil::Severity::Warning,
                  QStringLiteral("requesting unattended mode %1 (--raven-mode)")
                      .arg(modeName(m_s.unattendedMode)),
                  {QString::number(m_s.unattendedMode)});
            requestMode(m_s.unattendedMode, nowNs);
        }
    }
    if (id == IdFirmware)
        m_firmwareKnown = true;
    if (st.mode != m_platformMode)
        event("raven.platform_mode", hil::Severity::Info,
              QStringLiteral("platform mode %1").arg(modeName(st.mode)),
              {QString::number(st.mode)});
    if (st.thermal != m_platformThermal)
        event(st.thermal ? "raven.overheat" : "raven.thermal_normal",
              st.thermal ? hil::Severity::Error : hil::Severity::Info,
              QStringLiteral("platform thermal mode %1").arg(thermalName(st.thermal)));
    for (int m = 0; m < 6; ++m)
        if (st.motorOk[std::size_t(m)] != m_motorOk[std::size_t(m)]) {
            const bool ok = st.motorOk[std::size_t(m)];
            event(ok ? "raven.motor_ok" : "raven.motor_fault",
                  ok ? hil::Severity::Info : hil::Severity::Error,
                  QStringLiteral("motor %1 %2").arg(m).arg(ok ? "OK" : "NOT OK"),
                  {QString::number(m)});
        }
    m_platformMode = st.mode;
    m_platformThermal = st.thermal;
    m_motorOk = st.motorOk;
    if (m_pendingMode >= 0 && st.mode == m_pendingMode)
        m_pendingMode = -1; // in force: stop repeating
}

std::uint32_t RiderSafety::gainHolds() const
{
    std::uint32_t h = 0;
    if (m_stopLatched)
        h |= HoldStop;
    if (!m_fresh)
        h |= HoldStale;
    if (m_guard.holding())
        h |= HoldLoopGuard;
    if (m_enablingConfigured && !m_enablingHeld)
        h |= HoldEnabling;
    if (m_axisHold)
        h |= HoldAxis;
    if (m_park != Park::None)
        h |= HoldPark;
    return h;
}

void RiderSafety::tick(std::int64_t nowNs)
{
    const double dtS = m_ticked ? std::max<double>(0.0, double(nowNs - m_lastTickNs) * 1e-9) : 0.0;
    m_ticked = true;
    m_lastTickNs = nowNs;

    const bool fresh = m_haveSim && !m_lastSimStale && nowNs - m_lastSimNs <= m_s.staleAfterNs;
    if (fresh != m_fresh) {
        m_fresh = fresh;
        if (fresh) {
            m_everFresh = true;
            event(
                "raven.sim_fresh", hil::Severity::Info,
                QStringLiteral("simulator state fresh: cues ramping in over %1 s").arg(m_s.rampUpS),
                {QString::number(m_s.rampUpS)});
        } else if (m_everFresh) {
            ++m_trips;
            // args: none when the simulator said it stalled, else the age limit in ms
            event("raven.watchdog", hil::Severity::Error,
                  m_lastSimStale
                      ? QStringLiteral("watchdog: simulator stalled/paused, cues ramping to zero")
                      : QStringLiteral(
                            "watchdog: simulator state older than %1 ms, cues ramping to zero")
                            .arg(m_s.staleAfterNs / 1'000'000),
                  m_lastSimStale ? QStringList()
                                 : QStringList{QString::number(m_s.staleAfterNs / 1'000'000)});
        }
    }
    if (m_guard.tick(nowNs))
        guardEvent();
    const bool enabled = !m_enablingConfigured || m_enablingHeld;
    if (!enabled && !m_stopLatched && m_platformMode == ModeCueing &&
        double(nowNs - m_enablingReleasedNs) * 1e-9 > m_s.enablingStopAfterS) {
        event("raven.enabling_stop", hil::Severity::Error,
              QStringLiteral("enabling button released for more than %1 s: STOP")
                  .arg(QString::number(m_s.enablingStopAfterS)),
              {QString::number(m_s.enablingStopAfterS)});
        emergencyStop(nowNs);
    }
    const double target = gainHolds() == 0 ? 1.0 : 0.0;
    if (m_gain < target)
        m_gain = m_s.rampUpS > 0.0 ? std::min(target, m_gain + dtS / m_s.rampUpS) : target;
    else if (m_gain > target)
        m_gain = m_s.rampDownS > 0.0 ? std::max(target, m_gain - dtS / m_s.rampDownS) : target;

    if (m_park == Park::Ramping && m_gain <= 0.0) {
        if (m_platformMode == ModeLoading || m_platformMode == ModeCueing) {
            m_park = Park::Waiting;
            m_parkWaitUntilNs = nowNs + m_s.parkTimeoutNs;
            event("raven.park_request", hil::Severity::Info,
                  QStringLiteral("exit: cues neutral, requesting LEVEL BRAKE"));
            requestMode(ModeLevelBrake, nowNs);
        } else {
            m_park = Park::NotNeeded;
            // args: the mode shown (-1: never answered); the parked-in-LEVEL-BRAKE variant has none
            event("raven.parked", hil::Severity::Info,
                  QStringLiteral("exit: cues neutral; platform shows %1, no mode requested")
                      .arg(m_platformMode < 0 ? QStringLiteral("nothing (never answered)")
                                              : modeName(m_platformMode)),
                  {QString::number(m_platformMode)});
        }
    }
    if (m_park == Park::Waiting) {
        if (m_platformMode == ModeLevelBrake) {
            m_park = Park::Parked;
            m_pendingMode = -1;
            event("raven.parked", hil::Severity::Info,
                  QStringLiteral("exit: platform parked in LEVEL BRAKE"));
        } else if (nowNs > m_parkWaitUntilNs) {
            m_park = Park::TimedOut;
            m_pendingMode = -1;
            event(
                "raven.park_failed", hil::Severity::Error,
                QStringLiteral("exit: platform did not show LEVEL BRAKE within %1 s (shows %2)")
                    .arg(double(m_s.parkTimeoutNs) * 1e-9)
                    .arg(m_platformMode < 0 ? QStringLiteral("nothing") : modeName(m_platformMode)),
                {QString::number(double(m_s.parkTimeoutNs) * 1e-9),
                 QString::number(m_platformMode)});
        }
    }
    if (m_link == Link::Up && nowNs - m_lastReplyNs > m_s.silentNs) {
        m_link = Link::Silent;
        event("raven.link_silent", hil::Severity::Error,
              QStringLiteral("platform silent for %1 ms: link down, still listening")
                  .arg(m_s.silentNs / 1'000'000),
              {QString::number(m_s.silentNs / 1'000'000)});
    }
    if (m_pendingMode >= 0 && nowNs > m_pendingUntilNs) {
        event("raven.mode_timeout", hil::Severity::Error,
              QStringLiteral("platform did not take mode %1 within 1 s (shows %2)")
                  .arg(modeName(m_pendingMode),
                       m_platformMode < 0 ? QStringLiteral("nothing") : modeName(m_platformMode)),
              {QString::number(m_pendingMode), QString::number(m_platformMode)});
        m_pendingMode = -1;
    }
}

bool RiderSafety::operatorMode(int mode, std::int64_t nowNs)
{
    if (mode < ModeOff || mode > ModeCueing)
        return false;
    if (m_stopLatched)
        event("raven.stop_released", hil::Severity::Warning,
              QStringLiteral("STOP released by operator"));
    m_stopLatched = false;
    m_enablingReleasedNs = nowNs; // a released enabling button gets its full time again
    event("raven.mode_request", hil::Severity::Info,
          QStringLiteral("operator requests mode %1").arg(modeName(mode)), {QString::number(mode)});
    requestMode(mode, nowNs);
    return true;
}

void RiderSafety::setAxisHold(bool on, int axis, int moved)
{
    if (on == m_axisHold)
        return;
    m_axisHold = on;
    if (!on) {
        event("raven.axis_hold_released", hil::Severity::Info,
              QStringLiteral("axis check passed on every axis: simulator cues ramping in over %1 s")
                  .arg(m_s.rampUpS),
              {QString::number(m_s.rampUpS)});
        return;
    }
    const bool known = axis >= 0 && axis < 6 && moved >= 0 && moved < 6;
    // args: the test cue's axis and the DoF that moved (numbers), none when the record lacks them
    event("raven.axis_hold", hil::Severity::Error,
          QStringLiteral("simulator cues held at neutral: %1 (the platform reads the axes "
                         "differently); the mode is left as it is, cues stay neutral until every "
                         "axis passes the axis check")
              .arg(known
                       ? QStringLiteral("a %1 test cue moved %2")
                             .arg(QLatin1String(kAxisNames[axis]), QLatin1String(kAxisNames[moved]))
                       : QStringLiteral("the last axis check failed")),
          known ? QStringList{QString::number(axis), QString::number(moved)} : QStringList());
}

void RiderSafety::emergencyStop(std::int64_t nowNs)
{
    m_stopLatched = true;
    m_gain = 0.0;
    event("raven.stop", hil::Severity::Error,
          QStringLiteral("STOP: cues zeroed, requesting %1").arg(modeName(m_s.stopMode)),
          {QString::number(m_s.stopMode)});
    requestMode(m_s.stopMode, nowNs);
}

void RiderSafety::onPilot(bool active, bool enablingConfigured, bool enablingHeld,
                          std::int64_t nowNs)
{
    // Once configured, a device that goes away is a released button, never "no button".
    const bool configured = active ? enablingConfigured : m_enablingConfigured;
    const bool held = active && configured && enablingHeld;
    if (configured && !held && (m_enablingHeld || !m_enablingConfigured)) {
        m_enablingReleasedNs = nowNs;
        const QString after = QString::number(m_s.enablingStopAfterS);
        if (active)
            event("raven.enabling_released", hil::Severity::Warning,
                  QStringLiteral("enabling button released: cues ramping to zero, STOP after "
                                 "%1 s")
                      .arg(after),
                  {after});
        else
            event("raven.enabling_device_lost", hil::Severity::Warning,
                  QStringLiteral("the enabling button's device is lost: cues ramping to zero, "
                                 "STOP after %1 s")
                      .arg(after),
                  {after});
    } else if (configured && held && !m_enablingHeld) {
        event("raven.enabling_held", hil::Severity::Info,
              QStringLiteral("enabling button held: cues may ramp in"));
    }
    m_enablingConfigured = configured;
    m_enablingHeld = held;
}

void RiderSafety::requestMode(int mode, std::int64_t nowNs)
{
    m_requestedMode = mode;
    m_pendingMode = mode;
    m_pendingNextNs = nowNs;
    m_pendingUntilNs = nowNs + kModeRetryForNs;
}

bool RiderSafety::pollDue(std::int64_t &next, double hz, std::int64_t nowNs)
{
    if (hz <= 0.0 || nowNs < next)
        return false;
    const auto period = std::int64_t(1e9 / hz);
    next = (nowNs - next > period) ? nowNs + period : next + period; // no burst after a stall
    return true;
}

std::vector<QByteArray> RiderSafety::dueFrames(std::int64_t nowNs)
{
    std::vector<QByteArray> out;
    if (m_pendingMode >= 0 && nowNs >= m_pendingNextNs) {
        out.push_back(encodeModeRequest(m_pendingMode));
        ++m_modeRequestsSent;
        m_pendingNextNs = nowNs + kModeRetryNs;
    }
    if (pollDue(m_nextDofPollNs, m_s.dofPollHz, nowNs))
        out.push_back(encodeRequest(IdDofPositions));
    if (pollDue(m_nextSlowPollNs, m_s.slowPollHz, nowNs)) {
        out.push_back(encodeRequest(IdTemperatures));
        out.push_back(encodeRequest(IdPower));
        if (!m_firmwareKnown)
            out.push_back(encodeRequest(IdFirmware));
    }
    return out;
}

QList<hil::Event> RiderSafety::takeEvents()
{
    QList<hil::Event> e;
    e.swap(m_events);
    return e;
}

void RiderSafety::event(const char *id, hil::Severity severity, const QString &text,
                        const QStringList &args)
{
    m_events.push_back(hil::Event{QString(), QLatin1String(id), severity, text, args});
}

void RiderSafety::beginPark(std::int64_t nowNs)
{
    if (m_park != Park::None)
        return;
    m_park = Park::Ramping;
    event("raven.park", hil::Severity::Info,
          QStringLiteral("exit: cues ramping to neutral within %1 s, then LEVEL BRAKE")
              .arg(m_s.rampDownS),
          {QString::number(m_s.rampDownS)});
    tick(nowNs);
}

} // namespace hil::raven
