#include "ui/eventtext.h"

#include "mavlink/px4names.h"
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

// One catalogue entry: the operator's sentence for an id (and arg count), how its args are shown,
// what to do about it and whether it promises motion. Built with the chained setters below, so
// an entry names only what it has (C++17 has no designated initialisers).
struct Entry
{
    const char *id;
    int args; ///< exactly this many args select the entry (same id, different sentence)
    const char *text;
    /// How each shown arg is shown, one letter per arg from %1 on: '.' (or none) as it came (a
    /// port, an address, a count, a peer's word); 'm' a platform mode number, as the Motion panel
    /// names it; 'd' a decimal (seconds, metres) in the operator's locale; 'a' a degree of
    /// freedom by its number; 'x' a word the PX4 panel translates (a landed state, a flight mode);
    /// 'b' a pilot button's action as the Pilot panel names it; 'o' 1/0 as on/off.
    const char *kinds = "";
    /// >= 0: this mode is appended as the last argument (a mode the English text names without
    /// carrying it, e.g. the LEVEL BRAKE an exit parks in).
    int fixedMode = -1;
    /// Set: args[0] must be this word; it picks the sentence (an outcome, a reason) and is not
    /// shown, so the sentence's %1 is args[1].
    const char *variant = nullptr;
    const char *fixText = nullptr;  ///< what to do, in EventText's words
    const char *fixCheck = nullptr; ///< or the rig check whose fix says it (lib/rigcheck)
    /// The sentence says that cues ramp in or the platform moves: the window leaves it out while
    /// STOP is latched, when nothing moves until the operator picks a mode.
    bool motion = false;

    constexpr Entry withFix(const char *fix) const
    {
        Entry e = *this;
        e.fixText = fix;
        return e;
    }
    constexpr Entry sharingFix(const char *check) const
    {
        Entry e = *this;
        e.fixCheck = check;
        return e;
    }
    constexpr Entry when(const char *word) const
    {
        Entry e = *this;
        e.variant = word;
        return e;
    }
    constexpr Entry promisingMotion() const
    {
        Entry e = *this;
        e.motion = true;
        return e;
    }
};

const Entry kEntries[] = {
    {"raven.platform_answered", 0, QT_TRANSLATE_NOOP("EventText", "platform answered")},
    {"raven.unattended_mode", 1,
     QT_TRANSLATE_NOOP("EventText", "requesting unattended mode %1 (--raven-mode)"), "m"},
    {"raven.platform_mode", 1, QT_TRANSLATE_NOOP("EventText", "platform mode %1"), "m"},
    {"raven.firmware", 5, QT_TRANSLATE_NOOP("EventText", "platform firmware %1 rev %2 (%3-%4-%5)")},
    {"station.cueing_seat_empty", 0,
     QT_TRANSLATE_NOOP("EventText", "CUEING confirmed with the seat empty (procedure step 2)")},
    {"raven.transport_delay", 3,
     QT_TRANSLATE_NOOP("EventText", "transport delay: %1 steps of %2 on %3"), ".d"},
    {"raven.transport_delay_done", 3,
     QT_TRANSLATE_NOOP("EventText", "transport delay: median %2 ms, max %3 ms over %1 steps"),
     ".dd"},
    {"raven.transport_delay_refused", 1,
     QT_TRANSLATE_NOOP("EventText", "transport delay refused (reason: %1)")},
    {"raven.transport_delay_stopped", 2,
     QT_TRANSLATE_NOOP("EventText", "transport delay stopped after %2 steps (reason: %1)")},
    {"raven.platform_measurement", 1,
     QT_TRANSLATE_NOOP("EventText",
                       "platform measurement: each DoF in turn, about %1 min (seat empty)"),
     "d"},
    {"raven.platform_measurement_done", 0,
     QT_TRANSLATE_NOOP("EventText", "platform measurement: all six DoFs excited")},
    {"raven.platform_measurement_refused", 1,
     QT_TRANSLATE_NOOP("EventText", "platform measurement refused (reason: %1)")},
    {"raven.platform_measurement_stopped", 2,
     QT_TRANSLATE_NOOP("EventText",
                       "platform measurement stopped after %2 of 6 DoFs (reason: %1)")},
    {"raven.omct_measurement", 1,
     QT_TRANSLATE_NOOP("EventText",
                       "OMCT measurement: each input axis in turn, about %1 min (seat empty)"),
     "d"},
    {"raven.omct_measurement_done", 0,
     QT_TRANSLATE_NOOP("EventText", "OMCT measurement: all six inputs measured")},
    {"raven.omct_measurement_refused", 1,
     QT_TRANSLATE_NOOP("EventText", "OMCT measurement refused (reason: %1)")},
    {"raven.omct_measurement_stopped", 2,
     QT_TRANSLATE_NOOP("EventText", "OMCT measurement stopped after %2 of 6 inputs (reason: %1)")},
    {"station.measure_seat_empty", 0,
     QT_TRANSLATE_NOOP("EventText",
                       "platform measurement confirmed with the seat empty (procedure step 2)")},
    {"station.rig_check_seat_empty", 0,
     QT_TRANSLATE_NOOP("EventText",
                       "transport-delay steps confirmed with the seat empty (procedure step 2)")},
    Entry{"station.rig_check", 4,
          QT_TRANSLATE_NOOP("EventText",
                            "rig check done: passed %1 · warnings %2 · failed %3 (report in %4)")}
        .withFix(QT_TRANSLATE_NOOP(
            "EventText", "Open the report and do what it says beside each failed check, then run "
                         "the rig check again.")),
    {"station.cueing_rider", 1,
     QT_TRANSLATE_NOOP("EventText", "CUEING confirmed with a rider strapped in at master gain %1 "
                                    "(procedure step 5)"),
     "d"},
    Entry{"raven.overheat", 0, QT_TRANSLATE_NOOP("EventText", "platform overheat protection")}
        .sharingFix("raven.temperatures"),
    {"raven.thermal_normal", 0,
     QT_TRANSLATE_NOOP("EventText", "platform temperature normal again")},
    {"raven.motor_ok", 1, QT_TRANSLATE_NOOP("EventText", "motor %1 OK")},
    // Not the rig check's fix: that one is read with the seat empty, this may come with a rider on.
    Entry{"raven.motor_fault", 1, QT_TRANSLATE_NOOP("EventText", "motor %1 fault")}.withFix(
        QT_TRANSLATE_NOOP("EventText", "Press STOP, help the rider off, then check the platform "
                                       "with the vendor's tools.")),
    Entry{"raven.sim_fresh", 1,
          QT_TRANSLATE_NOOP("EventText", "simulator state fresh: cues ramping in over %1 s"), "d"}
        .promisingMotion(),
    Entry{"raven.watchdog", 0,
          QT_TRANSLATE_NOOP("EventText",
                            "watchdog: simulator stalled or paused, cues ramping to zero")}
        .sharingFix("flightaxis.physics_time"),
    Entry{"raven.watchdog", 1,
          QT_TRANSLATE_NOOP("EventText",
                            "watchdog: simulator state older than %1 ms, cues ramping to zero")}
        .sharingFix("flightaxis.physics_time"),
    Entry{"raven.loop_healthy", 2,
          QT_TRANSLATE_NOOP("EventText", "loop healthy for %1 s: cues ramping in over %2 s"), "dd"}
        .promisingMotion(),
    {"raven.park", 1,
     QT_TRANSLATE_NOOP("EventText", "exit: cues ramping to neutral within %1 s, then %2"), "d",
     raven::ModeLevelBrake},
    {"raven.park_request", 0, QT_TRANSLATE_NOOP("EventText", "exit: cues neutral, requesting %1"),
     "", raven::ModeLevelBrake},
    {"raven.parked", 0, QT_TRANSLATE_NOOP("EventText", "exit: platform parked in %1"), "",
     raven::ModeLevelBrake},
    {"raven.parked", 1,
     QT_TRANSLATE_NOOP("EventText", "exit: cues neutral; platform shows %1, no mode requested"),
     "m"},
    Entry{"raven.park_failed", 2,
          QT_TRANSLATE_NOOP("EventText", "exit: platform did not show %3 within %1 s (shows %2)"),
          "dm", raven::ModeLevelBrake}
        .withFix(QT_TRANSLATE_NOOP("EventText",
                                   "Check the platform by hand before the rider leaves it.")),
    Entry{"raven.link_silent", 1,
          QT_TRANSLATE_NOOP("EventText", "platform silent for %1 ms: link down, still listening")}
        .sharingFix("raven.replies"),
    Entry{"raven.mode_timeout", 2,
          QT_TRANSLATE_NOOP("EventText", "platform did not take mode %1 within 1 s (shows %2)"),
          "mm"}
        .withFix(QT_TRANSLATE_NOOP(
            "EventText", "Look at the platform's mode, motors and temperature in the Motion panel: "
                         "a platform with a motor fault or in overheat protection may not take "
                         "the mode.")),
    {"raven.stop_released", 0, QT_TRANSLATE_NOOP("EventText", "STOP released by operator")},
    {"raven.mode_request", 1, QT_TRANSLATE_NOOP("EventText", "operator requests mode %1"), "m"},
    Entry{"raven.stop", 1, QT_TRANSLATE_NOOP("EventText", "STOP: cues zeroed, requesting %1"), "m"}
        .withFix(QT_TRANSLATE_NOOP("EventText",
                                   "When it is safe to go on, pick a mode in the Motion panel.")),
    {"pilot.device_missing", 1,
     QT_TRANSLATE_NOOP("EventText", "waiting for the pilot's device %1: none is there yet")},
    {"pilot.bad_sample", 1,
     QT_TRANSLATE_NOOP(
         "EventText",
         "a transmitter sample from %1 has values outside -1..1; such samples are dropped")},
    {"pilot.device_found", 2, QT_TRANSLATE_NOOP("EventText", "the pilot flies with %1 (%2)")},
    {"pilot.device_back", 2, QT_TRANSLATE_NOOP("EventText", "the pilot's %1 is back (%2)")},
    Entry{"pilot.device_lost", 2,
          QT_TRANSLATE_NOOP("EventText", "the pilot's %1 lost (%2): the sticks are no longer used")}
        .withFix(QT_TRANSLATE_NOOP("EventText",
                                   "Plug the device in again (for RealFlight's transmitter: "
                                   "restart its simulation); use the window's STOP meanwhile.")),
    {"pilot.other_device_lost", 2,
     QT_TRANSLATE_NOOP("EventText",
                       "%1 (%2) unplugged: its controls are left out until it is back")},
    {"pilot.device_not_calibrated", 1,
     QT_TRANSLATE_NOOP("EventText", "%1 is not used: its set-up was left before Finish and it has "
                                    "no calibration; run the set-up again")},
    Entry{"raven.pilot_stop", 1,
          QT_TRANSLATE_NOOP("EventText", "STOP from the pilot's button (%1)")}
        .withFix(QT_TRANSLATE_NOOP(
            "EventText", "Ask the pilot why, then pick a mode in the Motion panel to go on.")),
    {"raven.enabling_released", 1,
     QT_TRANSLATE_NOOP("EventText",
                       "enabling button released: cues ramping to zero, STOP after %1 s"),
     "d"},
    {"raven.enabling_device_lost", 1,
     QT_TRANSLATE_NOOP("EventText", "the enabling button's device is lost: cues ramping to "
                                    "zero, STOP after %1 s"),
     "d"},
    Entry{"raven.enabling_held", 0,
          QT_TRANSLATE_NOOP("EventText", "enabling button held: cues may ramp in")}
        .promisingMotion(),
    Entry{"raven.enabling_stop", 1,
          QT_TRANSLATE_NOOP("EventText", "enabling button released for more than %1 s: STOP"), "d"}
        .withFix(QT_TRANSLATE_NOOP("EventText", "Have the pilot hold the enabling button, then "
                                                "pick the mode again in the Motion panel.")),
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
     QT_TRANSLATE_NOOP("EventText", "PX4 answering in lockstep again (timeouts meanwhile: %1)")},
    Entry{"session.recording_interrupted", 1,
          QT_TRANSLATE_NOOP("EventText", "recording interrupted: %1")}
        .withFix(QT_TRANSLATE_NOOP(
            "EventText", "Free space on the disk or restore the session folder: recording "
                         "resumes by itself and says how many records were lost.")),
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
    {"replay.loaded", 3, QT_TRANSLATE_NOOP("EventText", "replay loaded %1: %2 frames, %3 s"),
     "..d"},
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
    Entry{"raven.axis_hold_released", 1,
          QT_TRANSLATE_NOOP("EventText",
                            "axis check passed on every axis: simulator cues ramping in over %1 s"),
          "d"}
        .promisingMotion(),
    {"raven.invalid_mode", 1,
     QT_TRANSLATE_NOOP("EventText", "no such platform mode: %1; nothing asked")},
    {"raven.cueing_settings", 2,
     QT_TRANSLATE_NOOP("EventText", "cueing settings applied: frame %1, master gain %2"), ".d"},
    {"px4gcs.mode", 1, QT_TRANSLATE_NOOP("EventText", "PX4 flight mode: %1"), "x"},
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
    Entry{"station.exit_not_parked", 1,
          QT_TRANSLATE_NOOP("EventText", "exit: %1; closing the links anyway")}
        .withFix(QT_TRANSLATE_NOOP("EventText", "The platform's state is unknown: check it by "
                                                "hand before the rider leaves it.")),

    // ---- The axis check, the washout targets, the cueing settings
    Entry{
        "raven.axis_test", 2,
        QT_TRANSLATE_NOOP("EventText", "axis check: a test cue moves the platform in %1 for %2 s"),
        "ad"}
        .promisingMotion(),
    Entry{"raven.axis_test_refused", 0,
          QT_TRANSLATE_NOOP("EventText",
                            "axis check refused: the platform must show CUEING and not be stopped")}
        .withFix(
            QT_TRANSLATE_NOOP("EventText", "Pick CUEING (confirmed), then run the check again.")),
    Entry{"raven.axis_test_done", 2, QT_TRANSLATE_NOOP("EventText", "axis check: %1 passed"), "a"}
        .when("passed"),
    Entry{"raven.axis_test_done", 2,
          QT_TRANSLATE_NOOP("EventText", "axis check: a %1 test cue moved no axis above its noise"),
          "a"}
        .when("no_response")
        .withFix(QT_TRANSLATE_NOOP(
            "EventText", "Check that the platform shows CUEING and moves, then test the axis "
                         "again.")),
    Entry{"raven.axis_test_done", 3,
          QT_TRANSLATE_NOOP("EventText", "axis check: a %1 test cue moved %2: the platform reads "
                                         "the axes in another order (test cue ramped out)"),
          "aa"}
        .when("crossed")
        .sharingFix("raven.axis_check"),
    Entry{"raven.axis_test_done", 2, QT_TRANSLATE_NOOP("EventText", "axis check: %1 cancelled"),
          "a"}
        .when("cancelled"),
    Entry{"raven.axis_hold", 2,
          QT_TRANSLATE_NOOP("EventText",
                            "simulator cues held at neutral: a %1 test cue moved %2 (the platform "
                            "reads the axes in another order); the mode is left as it is"),
          "aa"}
        .sharingFix("raven.axis_check"),
    Entry{"raven.axis_hold", 0,
          QT_TRANSLATE_NOOP("EventText",
                            "simulator cues held at neutral: the last axis check failed; the mode "
                            "is left as it is")}
        .sharingFix("raven.axis_check"),
    Entry{"raven.axis_check_not_saved", 0,
          QT_TRANSLATE_NOOP("EventText",
                            "the axis check's result could not be saved: a later run will not "
                            "know it")}
        .withFix(QT_TRANSLATE_NOOP("EventText", "Check that the settings file (or the file "
                                                "HIL_AXIS_CHECK_STORE names) can be written.")),
    Entry{"station.axis_check", 3,
          QT_TRANSLATE_NOOP("EventText", "axis check: %1 moved as expected (invert %2)"), "ao"}
        .when("expected"),
    Entry{
        "station.axis_check", 3,
        QT_TRANSLATE_NOOP("EventText", "axis check: %1 moved the other way; its invert is now %2"),
        "ao"}
        .when("opposite"),
    Entry{"station.axis_check", 3,
          QT_TRANSLATE_NOOP("EventText", "axis check: %1 did not move (invert %2)"), "ao"}
        .when("none")
        .withFix(QT_TRANSLATE_NOOP(
            "EventText", "Check that the platform shows CUEING and moves, then test the axis "
                         "again.")),
    Entry{"station.cueing_settings_reset", 0,
          QT_TRANSLATE_NOOP("EventText", "cueing settings from the old sign convention: every "
                                         "axis's invert was cleared")}
        .sharingFix("raven.axis_check"),
    Entry{"raven.washout_warning", 1,
          QT_TRANSLATE_NOOP("EventText",
                            "the %1 washout target is beyond the platform's range: clamped"),
          "a"}
        .withFix(QT_TRANSLATE_NOOP("EventText", "Lower the washout targets.")),
    Entry{"raven.washout_warning", 0,
          QT_TRANSLATE_NOOP("EventText",
                            "surge or sway washout target not zero: more power and actuator heat, "
                            "which the vendor advises against")}
        .withFix(QT_TRANSLATE_NOOP("EventText", "Set the surge and sway washout targets to zero.")),

    // ---- The PX4 simulator link (HilLink)
    {"px4.heartbeat", 1,
     QT_TRANSLATE_NOOP("EventText", "PX4 heard on the simulator link (system %1)")},
    {"px4.actuator_map", 1,
     QT_TRANSLATE_NOOP("EventText", "actuator map changed: %1 outputs mapped")},
    {"px4.actuators_lockstep", 0,
     QT_TRANSLATE_NOOP("EventText", "PX4's actuator outputs arriving in lockstep")},
    Entry{"px4.actuators_free_running", 0,
          QT_TRANSLATE_NOOP("EventText", "PX4's actuator outputs arriving without lockstep: PX4 "
                                         "and the simulator are not kept in step")}
        .withFix(
            QT_TRANSLATE_NOOP("EventText", "Use a PX4 SITL build with lockstep (the default).")),
    Entry{"px4.answer_matching", 1,
          QT_TRANSLATE_NOOP("EventText",
                            "PX4's answers do not carry the times of the steps sent (%1 in a "
                            "row): answers are matched to steps by their order")}
        .sharingFix("px4.lockstep_timeouts"),
    {"px4.peer_replaced", 2,
     QT_TRANSLATE_NOOP("EventText", "a PX4 silent for %1 s replaced by a new connection from %2"),
     "d"},
    Entry{"px4.connection_refused", 1,
          QT_TRANSLATE_NOOP("EventText", "a second PX4 from %1 refused: one PX4 per port")}
        .withFix(QT_TRANSLATE_NOOP("EventText", "Give each PX4 instance its own --px4 port "
                                                "(4560 + the instance number).")),

    // ---- The PX4 ground-station link (GcsLink)
    {"px4gcs.opened", 0,
     QT_TRANSLATE_NOOP("EventText",
                       "ground-station link open on PX4's serial port (shared with the PX4 link)")},
    {"px4gcs.opened", 3,
     QT_TRANSLATE_NOOP("EventText", "ground-station link open: UDP port %1 to PX4 at %2:%3")},
    {"px4gcs.px4_heard", 1,
     QT_TRANSLATE_NOOP("EventText", "PX4 heard on the ground-station link (system %1)")},
    Entry{"px4gcs.px4_silent", 1,
          QT_TRANSLATE_NOOP("EventText", "PX4 silent on the ground-station link for %1 s"), "d"}
        .withFix(QT_TRANSLATE_NOOP(
            "EventText", "Check that PX4 runs, and the ground-station port: --px4-gcs, or "
                         "18570 + the instance the --px4 port implies.")),
    {"px4gcs.landed_state", 1, QT_TRANSLATE_NOOP("EventText", "PX4's landing state: %1"), "x"},
    {"px4.statustext", 1, QT_TRANSLATE_NOOP("EventText", "PX4 says: %1")},
    {"px4gcs.pilot_action", 1, QT_TRANSLATE_NOOP("EventText", "the pilot's button: %1"), "b"},
    {"px4gcs.manual_control_started", 1,
     QT_TRANSLATE_NOOP("EventText", "the pilot's sticks go to PX4, %1 times a second")},
    {"px4gcs.manual_control_started", 2,
     QT_TRANSLATE_NOOP("EventText", "the pilot's sticks go to PX4, %1 times a second, from %2")},
    Entry{"px4gcs.manual_control_stopped", 1,
          QT_TRANSLATE_NOOP("EventText", "the pilot's sticks no longer go to PX4: the link "
                                         "closed")}
        .when("link_closed"),
    Entry{"px4gcs.manual_control_stopped", 1,
          QT_TRANSLATE_NOOP("EventText",
                            "the pilot's sticks no longer go to PX4: the device is lost or its "
                            "readings stale; PX4's failsafe for lost sticks decides")}
        .when("inactive")
        .withFix(QT_TRANSLATE_NOOP("EventText", "Plug the device back in; once it is back, "
                                                "switch PX4's flight mode again.")),
    Entry{"px4gcs.manual_control_stopped", 2,
          QT_TRANSLATE_NOOP("EventText",
                            "the pilot's sticks no longer go to PX4: none came for %1 s; PX4's "
                            "failsafe for lost sticks decides"),
          "d"}
        .when("stale")
        .withFix(QT_TRANSLATE_NOOP("EventText", "Plug the device back in; once it is back, "
                                                "switch PX4's flight mode again.")),
    Entry{"px4gcs.manual_control_stopped", 1,
          QT_TRANSLATE_NOOP("EventText",
                            "the pilot's sticks no longer go to PX4: an axis had no number; PX4's "
                            "failsafe for lost sticks decides")}
        .when("not_finite")
        .withFix(QT_TRANSLATE_NOOP("EventText", "Check the device's mapping in the pilot set-up.")),
    Entry{"px4gcs.bad_pilot_input", 1,
          QT_TRANSLATE_NOOP("EventText",
                            "the pilot's controls from %1 have an axis that is not a number: not "
                            "sent to PX4")}
        .withFix(QT_TRANSLATE_NOOP("EventText", "Check the device's mapping in the pilot set-up.")),
    Entry{"px4gcs.rc_in_mode", 2,
          QT_TRANSLATE_NOOP("EventText",
                            "PX4 takes the pilot's sticks from this program (COM_RC_IN_MODE %1)")}
        .when("yes"),
    Entry{"px4gcs.rc_in_mode", 2,
          QT_TRANSLATE_NOOP("EventText", "PX4 takes the pilot's sticks only while no RC receiver "
                                         "is chosen first (COM_RC_IN_MODE %1)")}
        .when("if_no_rc")
        .sharingFix("px4.com_rc_in_mode"),
    Entry{"px4gcs.rc_in_mode", 2,
          QT_TRANSLATE_NOOP("EventText",
                            "PX4 ignores the pilot's sticks from this program (COM_RC_IN_MODE %1)")}
        .when("no")
        .sharingFix("px4.com_rc_in_mode"),
    {"px4gcs.param_received", 2, QT_TRANSLATE_NOOP("EventText", "PX4 parameter %1 = %2")},
    Entry{"px4gcs.param_rejected", 4,
          QT_TRANSLATE_NOOP("EventText", "PX4 kept parameter %1 at %2 (asked %3)")}
        .when("kept"),
    Entry{"px4gcs.param_rejected", 2,
          QT_TRANSLATE_NOOP("EventText",
                            "not a PX4 parameter name: \"%1\" (1 to 16 ASCII characters)")}
        .when("bad_name"),
    Entry{"px4gcs.param_rejected", 2,
          QT_TRANSLATE_NOOP("EventText",
                            "PX4 parameter \"%1\" not sent: it needs a finite value and a known "
                            "type")}
        .when("not_sent"),
    Entry{"px4gcs.param_timed_out", 2,
          QT_TRANSLATE_NOOP("EventText", "PX4 did not answer for parameter %1 (%2 attempts)")}
        .sharingFix("px4.params"),
    {"px4gcs.auto_takeoff", 1,
     QT_TRANSLATE_NOOP("EventText", "PX4 ready: arming for an unattended take-off to %1 m"), "d"},
    Entry{"px4gcs.auto_takeoff_given_up", 1,
          QT_TRANSLATE_NOOP("EventText", "unattended take-off given up after %1 attempts")}
        .withFix(QT_TRANSLATE_NOOP("EventText", "Read PX4's messages in the Session panel, then "
                                                "fly from the PX4 panel.")),
    Entry{"px4gcs.bad_datagram", 2,
          QT_TRANSLATE_NOOP("EventText",
                            "a datagram from %1:%2 to the ground-station port held no MAVLink")}
        .withFix(QT_TRANSLATE_NOOP(
            "EventText", "Find the other program that sends to this port and give it another.")),

    // ---- RflySim3D
    Entry{"rflysim.sensor_requested", 3,
          QT_TRANSLATE_NOOP("EventText", "asking RflySim3D for sensor %1 (type %2) on port %3")}
        .sharingFix("rflysim.sensors"),
    {"rflysim.sensor_streaming", 3,
     QT_TRANSLATE_NOOP("EventText", "RflySim3D's sensor %1 (type %2) streaming on port %3")},
    Entry{"rflysim.sensor_silent", 4,
          QT_TRANSLATE_NOOP("EventText", "RflySim3D's sensor %1 (type %2) on port %3 silent for "
                                         "%4 s: asking for it again"),
          "...d"}
        .sharingFix("rflysim.sensors"),
    Entry{"rflysim.state_group_not_joined", 2,
          QT_TRANSLATE_NOOP("EventText", "the gimbal state's multicast group %1 could not be "
                                         "joined (%2): only its direct copy arrives")}
        .sharingFix("rflysim.gimbal"),
    Entry{"rflysim.host_unresolved", 1,
          QT_TRANSLATE_NOOP("EventText",
                            "RflySim3D's host \"%1\" cannot be found: the link keeps its old "
                            "address")}
        .withFix(
            QT_TRANSLATE_NOOP("EventText", "Check the host name or address given for RflySim3D.")),
    Entry{"rflysim.port_not_bound", 2,
          QT_TRANSLATE_NOOP("EventText",
                            "RflySim port %1 cannot be opened (%2): the link receives nothing")}
        .withFix(QT_TRANSLATE_NOOP("EventText", "Close the program that holds the port, or give "
                                                "the RflySim link other ports.")),

    // ---- RealFlight (FlightAxis)
    Entry{"flightaxis.no_controller_channels", 0,
          QT_TRANSLATE_NOOP("EventText",
                            "RealFlight sends no controller channels: its transmitter is not "
                            "read")}
        .sharingFix("flightaxis.transmitter"),
    Entry{"flightaxis.bad_controller_channels", 2,
          QT_TRANSLATE_NOOP("EventText", "%1 of RealFlight's %2 controller channels are not a "
                                         "number: its transmitter is not read from such replies")}
        .sharingFix("flightaxis.transmitter"),
    {"flightaxis.physics_time_reset", 2,
     QT_TRANSLATE_NOOP("EventText", "RealFlight restarted or reset (physics time back from %1 s "
                                    "to %2 s): the flight's origin is taken again"),
     "dd"},
    {"flightaxis.speed", 1,
     QT_TRANSLATE_NOOP("EventText", "RealFlight's physics runs at %1 times real time"), "d"},
    {"flightaxis.reply_incomplete", 1,
     QT_TRANSLATE_NOOP("EventText", "RealFlight's replies lack %1 (another RealFlight version?)")},
    {"flightaxis.request_failed", 2,
     QT_TRANSLATE_NOOP("EventText", "a request to RealFlight failed (%1: %2); trying again")},

    // ---- The session recorder
    {"session.new_folder", 1,
     QT_TRANSLATE_NOOP("EventText", "recording goes on in a new session folder: %1")},

    // ---- The built-in stand-ins (--emulate)
    {"emulator.px4.connected", 2,
     QT_TRANSLATE_NOOP("EventText", "the PX4 stand-in connected to %1:%2")},
    {"emulator.px4.station_gone", 0,
     QT_TRANSLATE_NOOP("EventText", "the PX4 stand-in lost this program; reconnecting")},
    {"emulator.px4.serial_opened", 1,
     QT_TRANSLATE_NOOP("EventText", "the PX4 stand-in opened serial port %1 (HITL)")},
    {"emulator.px4.serial_lost", 1,
     QT_TRANSLATE_NOOP("EventText", "the PX4 stand-in lost serial port %1; opening it again")},
    {"emulator.px4.stalled", 0,
     QT_TRANSLATE_NOOP("EventText", "the PX4 stand-in stalls: it no longer answers the "
                                    "simulator's sensor data")},
    {"emulator.px4.answering", 0,
     QT_TRANSLATE_NOOP("EventText", "the PX4 stand-in answers the sensor data again")},
    {"emulator.px4.armed", 0, QT_TRANSLATE_NOOP("EventText", "the PX4 stand-in armed")},
    {"emulator.px4.armed", 1,
     QT_TRANSLATE_NOOP("EventText", "the PX4 stand-in armed (climbing to %1 m)"), "d"},
    {"emulator.px4.disarmed", 0, QT_TRANSLATE_NOOP("EventText", "the PX4 stand-in disarmed")},
    {"emulator.px4.param_set", 2,
     QT_TRANSLATE_NOOP("EventText", "the PX4 stand-in set parameter %1 to %2")},
    {"emulator.px4.manual_control_lost", 2,
     QT_TRANSLATE_NOOP("EventText", "the PX4 stand-in lost the pilot's sticks: failsafe "
                                    "NAV_RCL_ACT %1 after %2 s"),
     ".d"},
    {"emulator.raven.mode", 1,
     QT_TRANSLATE_NOOP("EventText", "the platform stand-in shows mode %1"), "m"},
    Entry{"emulator.raven.overheat", 1,
          QT_TRANSLATE_NOOP("EventText", "the platform stand-in is in overheat protection (%1 °C)"),
          "d"}
        .sharingFix("raven.temperatures"),
    {"emulator.raven.thermal_normal", 0,
     QT_TRANSLATE_NOOP("EventText", "the platform stand-in's temperature is normal again")},
    {"emulator.flightaxis.restarted", 2,
     QT_TRANSLATE_NOOP("EventText",
                       "the RealFlight stand-in restarted (physics time back from %1 s to %2 s)"),
     "dd"},
    {"emulator.rflysim.impairments", 3,
     QT_TRANSLATE_NOOP("EventText", "the RflySim stand-in's impairments: losing packets %1, "
                                    "reordering %2, duplicating %3"),
     "ooo"},
};

// raven.loop_degraded: its problem in the rig strip's words (args: the problem's name, figure,
// limit, DoF, healthy time needed).
const char *const kLoopDegraded = QT_TRANSLATE_NOOP(
    "EventText", "loop degraded: %1; cues held at neutral, back after %2 s without a problem");

const char *const kEndStopFix = QT_TRANSLATE_NOOP(
    "EventText", "Lower the master gain, or this axis's gain in the cueing settings; the dry run "
                 "shows where the platform runs out of travel.");

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

/// One arg as its entry's kind letter says (Entry::kinds).
QString shownArg(char kind, const QString &arg)
{
    switch (kind) {
    case 'm':
        return modeArg(arg);
    case 'd':
        return decimalArg(arg);
    case 'a': {
        bool ok = false;
        const QString dof = RigStateText::dof(arg.toInt(&ok));
        return ok && !dof.isEmpty() ? dof : arg;
    }
    case 'x': // a flight mode PX4 names, as the PX4 panel shows it (px4names' table); the PX4
              // panel's own words (landed states); others stay English
        for (const px4::FlightMode &m : px4::flightModes())
            if (arg == QLatin1String(m.name))
                return QCoreApplication::translate(px4::kModeContext, m.name);
        return QCoreApplication::translate("hil::Px4Panel", arg.toUtf8().constData());
    case 'b': // a pilot button's action, as the Pilot panel lists the mapped buttons
        return QCoreApplication::translate("hil::PilotPanel", arg.toUtf8().constData());
    case 'o':
        return arg == QLatin1String("1") ? translated(QT_TRANSLATE_NOOP("EventText", "on"))
                                         : translated(QT_TRANSLATE_NOOP("EventText", "off"));
    default:
        return arg;
    }
}

/// The entry that has the sentence for this event: its id, its number of args and, for an
/// entry with a variant, its first arg.
const Entry *entryOf(const Event &e)
{
    for (const Entry &entry : kEntries)
        if (e.id == QLatin1String(entry.id) && e.args.size() == entry.args &&
            (!entry.variant || e.args.value(0) == QLatin1String(entry.variant)))
            return &entry;
    return nullptr;
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

// raven.loop_degraded's fixes, by the problem the loop guard saw: a rig check's where it checks
// the same thing, else the catalogue's own.
struct LoopFix
{
    LoopProblem problem;
    const char *check;
    const char *text;
};
const LoopFix kLoopFixes[] = {
    {LoopProblem::SlowFrames, "flightaxis.exchange_rate", nullptr},
    {LoopProblem::SlowSimulation, "flightaxis.physics_time", nullptr},
    {LoopProblem::LockstepTimeouts, "px4.lockstep_timeouts", nullptr},
    {LoopProblem::FramesLost, "px4.lockstep_rate", nullptr},
    {LoopProblem::EndStops, nullptr, kEndStopFix},
    {LoopProblem::LimitReversal, nullptr, kEndStopFix},
    {LoopProblem::Implausible, nullptr,
     QT_TRANSLATE_NOOP("EventText", "Reset the aircraft in RealFlight: it crashed or left the "
                                    "world, and no cue is made of such data.")},
};

/// A fix as the operator reads it: the rig check's (translated in its context) or the
/// catalogue's own.
QString fixText(const char *check, const char *text)
{
    if (check)
        if (const rigcheck::CheckText *t = rigcheck::textOf(QLatin1String(check)))
            return QCoreApplication::translate("RigCheck", t->fix);
    return text ? translated(text) : QString();
}

/// The same in English (for tests that read the catalogue).
QString englishFix(const char *check, const char *text)
{
    if (check)
        if (const rigcheck::CheckText *t = rigcheck::textOf(QLatin1String(check)))
            return QString::fromUtf8(t->fix);
    return text ? QString::fromUtf8(text) : QString();
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
        texts << QString::fromUtf8(kLoopDegraded);
    for (const Entry &entry : kEntries)
        if (id == QLatin1String(entry.id))
            texts << QString::fromUtf8(entry.text); // UTF-8 sources ("µs", "°C")
    return texts;
}

QStringList eventCatalogueFixes(const QString &id)
{
    QStringList fixes;
    if (id == QLatin1String("raven.loop_degraded"))
        for (const LoopFix &f : kLoopFixes)
            fixes << englishFix(f.check, f.text);
    for (const Entry &entry : kEntries)
        if (id == QLatin1String(entry.id) && (entry.fixCheck || entry.fixText))
            fixes << englishFix(entry.fixCheck, entry.fixText);
    return fixes;
}

bool eventPromisesMotion(const QString &id)
{
    for (const Entry &entry : kEntries)
        if (entry.motion && id == QLatin1String(entry.id))
            return true;
    return false;
}

QString eventFix(const Event &e)
{
    if (e.id == QLatin1String("raven.loop_degraded")) {
        const LoopProblem problem = raven::loopProblemFromName(e.args.value(0));
        for (const LoopFix &f : kLoopFixes)
            if (e.args.size() == 5 && f.problem == problem)
                return fixText(f.check, f.text);
        return {};
    }
    const Entry *entry = entryOf(e);
    return entry ? fixText(entry->fixCheck, entry->fixText) : QString();
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
    if (const Entry *entry = entryOf(e)) {
        // A variant's first arg picks the sentence; the shown args start after it.
        const int first = entry->variant ? 1 : 0;
        const int kinds = int(qstrlen(entry->kinds));
        QStringList args;
        for (int i = first; i < e.args.size(); ++i)
            args << shownArg(i - first < kinds ? entry->kinds[i - first] : '.', e.args.at(i));
        if (entry->fixedMode >= 0)
            args << MotionPanel::modeText(entry->fixedMode);
        QString s = translated(entry->text);
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
