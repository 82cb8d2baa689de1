#include "ui/eventtext.h"

#include "raven/loopguard.h"
#include "raven/ravencodec.h"
#include "rigcheck/rigcheck.h"
#include "ui/panels/linkstyle.h"
#include "ui/panels/motionpanel.h"
#include "ui/rigstatetext.h"

#include <QCoreApplication>
#include <QLocale>

namespace hil {

namespace {

constexpr const char *kContext = "EventText";

// One catalogue entry. modeArgs / decimalArgs: bit i set = args[i] is a platform mode number /
// a decimal shown in the operator's locale (seconds); other args (ports, addresses, counts,
// peers' words) are shown as they came. fixedMode >= 0 is appended as the last argument (a mode
// the English text names without carrying it, e.g. the LEVEL BRAKE an exit parks in).
struct Entry
{
    const char *id;
    int args; ///< exactly this many args select the entry (same id, different sentence)
    const char *text;
    unsigned modeArgs = 0;
    unsigned decimalArgs = 0;
    int fixedMode = -1;
};

const Entry kEntries[] = {
    {"raven.platform_answered", 0, QT_TRANSLATE_NOOP("EventText", "platform answered")},
    {"raven.unattended_mode", 1,
     QT_TRANSLATE_NOOP("EventText", "requesting unattended mode %1 (--raven-mode)"), 1u},
    {"raven.platform_mode", 1, QT_TRANSLATE_NOOP("EventText", "platform mode %1"), 1u},
    {"raven.firmware", 5, QT_TRANSLATE_NOOP("EventText", "platform firmware %1 rev %2 (%3-%4-%5)")},
    {"station.cueing_seat_empty", 0,
     QT_TRANSLATE_NOOP("EventText", "CUEING confirmed with the seat empty (procedure step 2)")},
    {"raven.transport_delay", 3,
     QT_TRANSLATE_NOOP("EventText", "transport delay: %1 steps of %2 on %3"), 0u, 2u},
    {"raven.transport_delay_done", 3,
     QT_TRANSLATE_NOOP("EventText", "transport delay: median %2 ms, max %3 ms over %1 steps"), 0u,
     6u},
    {"raven.transport_delay_refused", 1,
     QT_TRANSLATE_NOOP("EventText", "transport delay refused (reason: %1)")},
    {"raven.transport_delay_stopped", 2,
     QT_TRANSLATE_NOOP("EventText", "transport delay stopped after %2 steps (reason: %1)")},
    {"station.rig_check_seat_empty", 0,
     QT_TRANSLATE_NOOP("EventText",
                       "transport-delay steps confirmed with the seat empty (procedure step 2)")},
    {"station.rig_check", 4,
     QT_TRANSLATE_NOOP("EventText", "rig check: %1 passed, %2 warnings, %3 failed (report in %4)")},
    {"station.cueing_rider", 1,
     QT_TRANSLATE_NOOP("EventText", "CUEING confirmed with a rider strapped in at master gain %1 "
                                    "(procedure step 5)"),
     0u, 1u},
    {"raven.overheat", 0, QT_TRANSLATE_NOOP("EventText", "platform overheat protection")},
    {"raven.thermal_normal", 0,
     QT_TRANSLATE_NOOP("EventText", "platform temperature normal again")},
    {"raven.motor_ok", 1, QT_TRANSLATE_NOOP("EventText", "motor %1 OK")},
    {"raven.motor_fault", 1, QT_TRANSLATE_NOOP("EventText", "motor %1 fault")},
    {"raven.sim_fresh", 1,
     QT_TRANSLATE_NOOP("EventText", "simulator state fresh: cues ramping in over %1 s"), 0u, 1u},
    {"raven.watchdog", 0,
     QT_TRANSLATE_NOOP("EventText", "watchdog: simulator stalled or paused, cues ramping to zero")},
    {"raven.watchdog", 1,
     QT_TRANSLATE_NOOP("EventText",
                       "watchdog: simulator state older than %1 ms, cues ramping to zero")},
    {"raven.loop_healthy", 2,
     QT_TRANSLATE_NOOP("EventText", "loop healthy for %1 s: cues ramping in over %2 s"), 0u, 0x3u},
    {"raven.park", 1,
     QT_TRANSLATE_NOOP("EventText", "exit: cues ramping to neutral within %1 s, then %2"), 0u, 1u,
     raven::ModeLevelBrake},
    {"raven.park_request", 0, QT_TRANSLATE_NOOP("EventText", "exit: cues neutral, requesting %1"),
     0u, 0u, raven::ModeLevelBrake},
    {"raven.parked", 0, QT_TRANSLATE_NOOP("EventText", "exit: platform parked in %1"), 0u, 0u,
     raven::ModeLevelBrake},
    {"raven.parked", 1,
     QT_TRANSLATE_NOOP("EventText", "exit: cues neutral; platform shows %1, no mode requested"),
     1u},
    {"raven.park_failed", 2,
     QT_TRANSLATE_NOOP("EventText", "exit: platform did not show %3 within %1 s (shows %2)"), 2u,
     1u, raven::ModeLevelBrake},
    {"raven.link_silent", 1,
     QT_TRANSLATE_NOOP("EventText", "platform silent for %1 ms: link down, still listening")},
    {"raven.mode_timeout", 2,
     QT_TRANSLATE_NOOP("EventText", "platform did not take mode %1 within 1 s (shows %2)"), 3u},
    {"raven.stop_released", 0, QT_TRANSLATE_NOOP("EventText", "STOP released by operator")},
    {"raven.mode_request", 1, QT_TRANSLATE_NOOP("EventText", "operator requests mode %1"), 1u},
    {"raven.stop", 1, QT_TRANSLATE_NOOP("EventText", "STOP: cues zeroed, requesting %1"), 1u},
    {"pilot.device_missing", 1,
     QT_TRANSLATE_NOOP("EventText", "waiting for the pilot's device %1: none is there yet")},
    {"pilot.bad_sample", 1,
     QT_TRANSLATE_NOOP(
         "EventText",
         "a transmitter sample from %1 has values outside -1..1; such samples are dropped")},
    {"pilot.device_found", 2, QT_TRANSLATE_NOOP("EventText", "the pilot flies with %1 (%2)")},
    {"pilot.device_back", 2, QT_TRANSLATE_NOOP("EventText", "the pilot's %1 is back (%2)")},
    {"pilot.device_lost", 2,
     QT_TRANSLATE_NOOP("EventText", "the pilot's %1 lost (%2): the sticks are no longer used")},
    {"pilot.other_device_lost", 2,
     QT_TRANSLATE_NOOP("EventText",
                       "%1 (%2) unplugged: its controls are left out until it is back")},
    {"pilot.device_not_calibrated", 1,
     QT_TRANSLATE_NOOP("EventText", "%1 is not used: its set-up was left before Finish and it has "
                                    "no calibration; run the set-up again")},
    {"raven.pilot_stop", 1, QT_TRANSLATE_NOOP("EventText", "STOP from the pilot's button (%1)")},
    {"raven.enabling_released", 1,
     QT_TRANSLATE_NOOP("EventText",
                       "enabling button released: cues ramping to zero, STOP after %1 s"),
     0u, 1u},
    {"raven.enabling_device_lost", 1,
     QT_TRANSLATE_NOOP("EventText", "the enabling button's device is lost: cues ramping to "
                                    "zero, STOP after %1 s"),
     0u, 1u},
    {"raven.enabling_held", 0,
     QT_TRANSLATE_NOOP("EventText", "enabling button held: cues may ramp in")},
    {"raven.enabling_stop", 1,
     QT_TRANSLATE_NOOP("EventText", "enabling button released for more than %1 s: STOP"), 0u, 1u},
    {"px4.listening", 2, QT_TRANSLATE_NOOP("EventText", "listening for PX4 on %1:%2")},
    {"px4.connected", 1, QT_TRANSLATE_NOOP("EventText", "PX4 connected from %1")},
    {"px4.disconnected", 0, QT_TRANSLATE_NOOP("EventText", "PX4 disconnected; listening again")},
    {"px4.armed", 0, QT_TRANSLATE_NOOP("EventText", "PX4 armed")},
    {"px4.disarmed", 0, QT_TRANSLATE_NOOP("EventText", "PX4 disarmed")},
    {"px4gcs.armed", 0, QT_TRANSLATE_NOOP("EventText", "PX4 armed")},
    {"px4gcs.disarmed", 0, QT_TRANSLATE_NOOP("EventText", "PX4 disarmed")},
    {"px4.serial_opened", 2,
     QT_TRANSLATE_NOOP("EventText", "PX4 serial port %1 open at %2 bit/s (HITL: not lockstep)")},
    {"px4.serial_lost", 2,
     QT_TRANSLATE_NOOP("EventText",
                       "PX4 serial port %1 lost (%2); opening it again when it returns")},
    {"px4.serial_missing", 1,
     QT_TRANSLATE_NOOP("EventText",
                       "PX4 serial port %1: no such device (is the board plugged in and powered?); "
                       "trying again")},
    {"px4.serial_permission", 3,
     QT_TRANSLATE_NOOP("EventText",
                       "PX4 serial port %1: permission denied (group %2, mode %3): add your user "
                       "to the dialout group (sudo usermod -aG dialout $USER), then log in again")},
    {"px4.serial_locked", 1,
     QT_TRANSLATE_NOOP("EventText", "PX4 serial port %1 is in use by another program")},
    {"px4.serial_locked", 3,
     QT_TRANSLATE_NOOP("EventText",
                       "PX4 serial port %1 is in use: process %2 holds its lock file %3")},
    {"px4.serial_error", 2, QT_TRANSLATE_NOOP("EventText", "PX4 serial port %1: cannot open: %2")},
    {"px4.forwarding", 2,
     QT_TRANSLATE_NOOP("EventText", "forwarding PX4's serial stream to UDP %1 (from port %2)")},
    {"px4.actuators_hitl", 0,
     QT_TRANSLATE_NOOP("EventText", "actuators flowing: HITL (PX4's own clock, not lockstep)")},
    {"px4.lockstep_stall", 2,
     QT_TRANSLATE_NOOP("EventText",
                       "PX4 not answering in lockstep (step at %1 µs unanswered for %2 ms); "
                       "stepping on without its answer")},
    {"px4.lockstep_recovered", 1,
     QT_TRANSLATE_NOOP("EventText",
                       "PX4 answering in lockstep again: recovered after %1 timeouts")},
    {"session.recording_interrupted", 1,
     QT_TRANSLATE_NOOP("EventText", "recording interrupted: %1")},
    {"session.recording_resumed", 3,
     QT_TRANSLATE_NOOP("EventText", "recording resumed in %1 (%2 records lost; cause: %3)")},
    {"flightaxis.physics_stalled", 1,
     QT_TRANSLATE_NOOP("EventText",
                       "RealFlight physics stalled (no progress for %1 ms): frames marked stale")},
    {"flightaxis.physics_running", 0,
     QT_TRANSLATE_NOOP("EventText", "RealFlight physics running again")},
    {"flightaxis.controller_restored", 0,
     QT_TRANSLATE_NOOP("EventText", "controller restored to the transmitter")},
    {"flightaxis.pilot_channels", 1,
     QT_TRANSLATE_NOOP("EventText", "RealFlight flown from the pilot's device (%1)")},
    {"flightaxis.pilot_channels_end", 0,
     QT_TRANSLATE_NOOP("EventText", "RealFlight no longer flown from the pilot's device")},
    {"flightaxis.controller_not_restored", 0,
     QT_TRANSLATE_NOOP("EventText",
                       "could not restore the transmitter (RealFlight not answering)")},
    {"replay.loaded", 3, QT_TRANSLATE_NOOP("EventText", "replay loaded %1: %2 frames, %3 s"), 0u,
     4u},
    {"replay.cannot_load", 1, QT_TRANSLATE_NOOP("EventText", "cannot replay: %1")},
    {"replay.end", 0, QT_TRANSLATE_NOOP("EventText", "replay reached the end")},
    {"replay.load_cancelled", 1,
     QT_TRANSLATE_NOOP("EventText", "loading the replay of %1 cancelled")},
    {"station.lab_stop", 1, QT_TRANSLATE_NOOP("EventText", "STOP from the lab's instructor %1")},
    {"station.send_stop", 0,
     QT_TRANSLATE_NOOP("EventText", "STOP from a command (hilstation --send stop)")},
    {"station.send_quit", 0,
     QT_TRANSLATE_NOOP("EventText",
                       "quit asked by a command (hilstation --send quit): parking, then exit")},
    {"raven.axis_hold_released", 1,
     QT_TRANSLATE_NOOP("EventText",
                       "axis check passed on every axis: simulator cues ramping in over %1 s"),
     0u, 1u},
    {"raven.invalid_mode", 1,
     QT_TRANSLATE_NOOP("EventText", "no such platform mode: %1; nothing asked")},
    {"raven.cueing_settings", 2,
     QT_TRANSLATE_NOOP("EventText", "cueing settings applied: frame %1, master gain %2"), 0u, 2u},
    {"px4gcs.mode", 1, QT_TRANSLATE_NOOP("EventText", "PX4 flight mode: %1")},
    {"px4gcs.command_accepted", 2, QT_TRANSLATE_NOOP("EventText", "PX4 accepted %1: %2")},
    {"px4gcs.command_denied", 2, QT_TRANSLATE_NOOP("EventText", "PX4 refused %1: %2")},
    {"px4gcs.command_timed_out", 2, QT_TRANSLATE_NOOP("EventText", "PX4 did not answer %1: %2")},
    {"lab.connected", 2,
     QT_TRANSLATE_NOOP("EventText", "connected to the lab's broker %1 as rig %2")},
    {"lab.connection_lost", 2,
     QT_TRANSLATE_NOOP("EventText", "lost the lab's broker %1 (%2); reconnecting")},
    {"lab.watch_lost", 2,
     QT_TRANSLATE_NOOP("EventText", "lost the lab's broker %1 (%2); reconnecting")},
    {"lab.connect_failed", 2,
     QT_TRANSLATE_NOOP("EventText", "cannot reach the lab's broker %1 (%2); retrying")},
    {"lab.plaintext", 1,
     QT_TRANSLATE_NOOP("EventText", "the lab's broker %1 is reached without TLS: user name, "
                                    "password and STOP travel in clear text")},
    {"lab.command_refused", 1,
     QT_TRANSLATE_NOOP("EventText",
                       "a lab command was refused (%1); further ones are only counted")},
    {"station.stop_no_link", 0,
     QT_TRANSLATE_NOOP("EventText", "STOP pressed: no motion link is running")},
    {"station.exit_parked", 1, QT_TRANSLATE_NOOP("EventText", "exit: %1; closing the links")},
    {"station.exit_not_parked", 1,
     QT_TRANSLATE_NOOP("EventText", "exit: %1; closing the links anyway")},
};

// raven.loop_degraded: its problem in the rig strip's words (args: the problem's name, figure,
// limit, DoF, healthy time needed).
const char *const kLoopDegraded = QT_TRANSLATE_NOOP(
    "EventText", "loop degraded: %1; cues held at neutral, back after %2 s without a problem");

QString translated(const char *text)
{
    return QCoreApplication::translate(kContext, text);
}

QString modeArg(const QString &arg)
{
    bool ok = false;
    const int mode = arg.toInt(&ok);
    return ok ? MotionPanel::modeText(mode) : arg;
}

QString decimalArg(const QString &arg)
{
    bool ok = false;
    const double v = QLocale::c().toDouble(arg, &ok);
    return ok ? QLocale().toString(v, 'g', 6) : arg;
}

/// The state word a link-state event carries (core's linkStateName) back to the typed state.
ShownState stateFromArg(const QString &word)
{
    for (LinkState s : {LinkState::Stopped, LinkState::Connecting, LinkState::Up, LinkState::Down})
        if (word == QLatin1String(linkStateName(s)))
            return s;
    return std::nullopt;
}

/// The loop guard's episode (raven.loop_degraded: the problem's name, its figure, the limit,
/// the DoF, the healthy time needed; C locale) as the strip says it.
MotionStatus::Guard guardFromArgs(const QStringList &args)
{
    MotionStatus::Guard g;
    g.problem = raven::loopProblemFromName(args.value(0));
    g.figure = QLocale::c().toDouble(args.value(1));
    g.threshold = QLocale::c().toDouble(args.value(2));
    g.axis = args.value(3).toInt();
    g.healthyForS = QLocale::c().toDouble(args.value(4));
    return g;
}

/// What the operator can do about an event, as a rig check's fix ("" where the rig check has no
/// check of its own for it).
const char *fixCheck(const Event &e)
{
    if (e.id == QLatin1String("raven.loop_degraded") && e.args.size() == 5) {
        switch (raven::loopProblemFromName(e.args.at(0))) {
        case LoopProblem::SlowFrames:
            return "flightaxis.exchange_rate";
        case LoopProblem::SlowSimulation:
            return "flightaxis.physics_time";
        case LoopProblem::LockstepTimeouts:
            return "px4.lockstep_timeouts";
        case LoopProblem::FramesLost:
            return "px4.lockstep_rate";
        default:
            return "";
        }
    }
    if (e.id == QLatin1String("raven.watchdog"))
        return "flightaxis.physics_time";
    if (e.id == QLatin1String("raven.link_silent"))
        return "raven.replies";
    return "";
}

} // namespace

bool eventCatalogued(const QString &id)
{
    return !eventCatalogueTexts(id).isEmpty();
}

QStringList eventCatalogueTexts(const QString &id)
{
    QStringList texts;
    if (id == QLatin1String("raven.loop_degraded"))
        texts << QLatin1String(kLoopDegraded);
    for (const Entry &entry : kEntries)
        if (id == QLatin1String(entry.id))
            texts << QLatin1String(entry.text);
    return texts;
}

bool SameFactFilter::shows(const Event &e, qint64 nowMs)
{
    static const QHash<QString, QString> kFacts{
        {QStringLiteral("px4.armed"), QStringLiteral("px4.armed")},
        {QStringLiteral("px4gcs.armed"), QStringLiteral("px4.armed")},
        {QStringLiteral("px4.disarmed"), QStringLiteral("px4.disarmed")},
        {QStringLiteral("px4gcs.disarmed"), QStringLiteral("px4.disarmed")}};
    const auto fact = kFacts.constFind(e.id);
    if (fact == kFacts.constEnd())
        return true;
    Seen &seen = m_seen[*fact];
    const bool again = seen.ms != 0 && seen.source != e.source && nowMs - seen.ms < 2000;
    if (!again)
        seen = {e.source, nowMs};
    return !again;
}

QString eventFix(const Event &e)
{
    if (const rigcheck::CheckText *t = rigcheck::textOf(QLatin1String(fixCheck(e))))
        return QCoreApplication::translate("RigCheck", t->fix);
    if (e.id == QLatin1String("raven.loop_degraded") && e.args.size() == 5) {
        switch (raven::loopProblemFromName(e.args.at(0))) {
        case LoopProblem::EndStops:
        case LoopProblem::LimitReversal:
            return translated(QT_TRANSLATE_NOOP(
                "EventText", "Lower the master gain, or this axis's gain in the cueing settings; "
                             "the dry run shows where the platform runs out of travel."));
        case LoopProblem::Implausible:
            return translated(QT_TRANSLATE_NOOP(
                "EventText", "Reset the aircraft in RealFlight: it crashed or left the world, and "
                             "no cue is made of such data."));
        default:
            break;
        }
    }
    return {};
}

QString eventText(const Event &e)
{
    if (e.id == QLatin1String("raven.loop_degraded") && e.args.size() == 5 &&
        guardFromArgs(e.args).holding())
        return translated(kLoopDegraded)
            .arg(RigStateText::guardReason(guardFromArgs(e.args)), decimalArg(e.args.at(4)));
    // Every worker's state changes: "<worker>.link_state" / "<worker>.link_down", arg = state.
    if ((e.id.endsWith(QLatin1String(".link_state")) ||
         e.id.endsWith(QLatin1String(".link_down"))) &&
        e.args.size() == 1)
        return QCoreApplication::translate("EventText", "link %1")
            .arg(stateText(stateFromArg(e.args.at(0))));
    for (const Entry &entry : kEntries) {
        if (e.id != QLatin1String(entry.id) || e.args.size() != entry.args)
            continue;
        QStringList args;
        for (int i = 0; i < e.args.size(); ++i)
            args << ((entry.modeArgs >> i) & 1u      ? modeArg(e.args.at(i))
                     : (entry.decimalArgs >> i) & 1u ? decimalArg(e.args.at(i))
                                                     : e.args.at(i));
        if (entry.fixedMode >= 0)
            args << MotionPanel::modeText(entry.fixedMode);
        QString s = translated(entry.text);
        // One multi-arg call: an arg that itself holds "%1" (a peer's word) is not substituted
        // again.
        switch (args.size()) {
        case 0:
            return s;
        case 1:
            return s.arg(args.at(0));
        case 2:
            return s.arg(args.at(0), args.at(1));
        case 3:
            return s.arg(args.at(0), args.at(1), args.at(2));
        case 4:
            return s.arg(args.at(0), args.at(1), args.at(2), args.at(3));
        default: // the catalogue's longest entries have five
            return s.arg(args.at(0), args.at(1), args.at(2), args.at(3), args.at(4));
        }
    }
    return e.text;
}

} // namespace hil
