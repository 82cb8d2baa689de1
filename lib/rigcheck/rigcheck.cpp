#include "rigcheck/rigcheck.h"
#include "core/ratelimits.h"

#include <QCoreApplication>
#include <QtGlobal>
#include <algorithm>
#include <cmath>

namespace hil::rigcheck {

namespace {

// The checks, in the report's order. Titles say what was looked at; fixes what to do when it does
// not pass. docs/troubleshooting.md ("The rig check's findings") quotes each fix word for word.
const QList<CheckText> kTexts = {
    {"flightaxis.exchange_rate",
     QT_TRANSLATE_NOOP("RigCheck", "RealFlight: exchanges per second, and their spread"),
     QT_TRANSLATE_NOOP(
         "RigCheck", "Below 200 exchanges a second the loop is too coarse for PX4 and the "
                     "platform. Run RealFlight on this PC or over a cable rather than Wi-Fi, close "
                     "programs that load either PC, and lower RealFlight's graphics settings.")},
    {"flightaxis.physics_time",
     QT_TRANSLATE_NOOP("RigCheck", "RealFlight: physics time advancing with the wall clock"),
     QT_TRANSLATE_NOOP(
         "RigCheck", "RealFlight's physics stood still or ran slow. Either its window lost the "
                     "focus with \"Pause Physics When in Background\" set to Yes (Simulation → "
                     "Settings → Physics: set it to No), or the simulation is paused or a menu is "
                     "open (close it and resume). A PC too busy to run it in real time shows "
                     "here too.")},
    {"flightaxis.controller",
     QT_TRANSLATE_NOOP("RigCheck", "RealFlight: the program's controller injected"),
     QT_TRANSLATE_NOOP("RigCheck",
                       "RealFlight did not take the program's controller. Set FlightAxis Link "
                       "Enabled to Yes (Simulation → Settings → Physics), restart RealFlight, and "
                       "run one FlightAxis client at a time.")},
    {"flightaxis.transmitter",
     QT_TRANSLATE_NOOP("RigCheck", "RealFlight: the transmitter's channels seen"),
     QT_TRANSLATE_NOOP("RigCheck",
                       "RealFlight sent no transmitter channels. Attach its controller (InterLink, "
                       "a joystick or a transmitter in joystick mode) before starting RealFlight, "
                       "and select it in RealFlight's controller settings.")},
    {"px4.lockstep_rate", QT_TRANSLATE_NOOP("RigCheck", "PX4: lockstep steps per second"),
     QT_TRANSLATE_NOOP("RigCheck",
                       "PX4 answers fewer steps than the simulator sends. Check that RealFlight "
                       "keeps its rate (above) and that PX4 is not starved of CPU; on a board, use "
                       "a USB cable directly to this PC.")},
    {"px4.lockstep_timeouts",
     QT_TRANSLATE_NOOP("RigCheck", "PX4: steps it did not answer in time, and answer matching"),
     QT_TRANSLATE_NOOP("RigCheck",
                       "PX4 missed steps or its answers cannot be matched to the step by time. "
                       "Close programs that load this PC; use a PX4 build with lockstep (the "
                       "default for SITL).")},
    {"px4.sys_hitl", QT_TRANSLATE_NOOP("RigCheck", "PX4: SYS_HITL against the link's mode"),
     QT_TRANSLATE_NOOP("RigCheck",
                       "SYS_HITL must be 1 on a board in the loop (HITL) and 0 in SITL. Set it in "
                       "QGroundControl's parameters and reboot PX4.")},
    {"px4.sys_autostart", QT_TRANSLATE_NOOP("RigCheck", "PX4: SYS_AUTOSTART, the airframe"),
     QT_TRANSLATE_NOOP("RigCheck",
                       "PX4 has no airframe. Choose one in QGroundControl (for HITL one of the HIL "
                       "airframes) and reboot PX4.")},
    {"px4.com_rc_in_mode",
     QT_TRANSLATE_NOOP("RigCheck", "PX4: COM_RC_IN_MODE takes the pilot's sticks"),
     QT_TRANSLATE_NOOP("RigCheck",
                       "With COM_RC_IN_MODE 0 (RC only) or 4 (disabled) PX4 ignores the pilot's "
                       "sticks from the program. Set it to 1 (MAVLink only) in QGroundControl's "
                       "parameters.")},
    {"px4.usb_rate",
     QT_TRANSLATE_NOOP("RigCheck", "PX4: data rate of the MAVLink instance on the board's USB"),
     QT_TRANSLATE_NOOP(
         "RigCheck", "PX4 runs no MAVLink on the board's USB port, so it streams no "
                     "HIL_ACTUATOR_CONTROLS there. Set SYS_USB_AUTO to 2 (always) and reboot PX4; "
                     "on a TELEM port, raise that instance's MAV_n_RATE above 5000 B/s.")},
    {"px4.params",
     QT_TRANSLATE_NOOP("RigCheck", "PX4: parameters read over the ground-station link"),
     QT_TRANSLATE_NOOP("RigCheck",
                       "PX4 did not answer the parameter reads. Check the ground-station link "
                       "(--px4-gcs, or the port the --px4 port implies) and that PX4 runs.")},
    {"px4.prearm", QT_TRANSLATE_NOOP("RigCheck", "PX4: pre-arm checks, with PX4's reasons"),
     QT_TRANSLATE_NOOP("RigCheck",
                       "PX4 would not arm. Fix the reasons PX4 gives (shown in the figure and in "
                       "the Session panel), then run the check again.")},
    {"raven.replies", QT_TRANSLATE_NOOP("RigCheck", "Platform: replies arriving"),
     QT_TRANSLATE_NOOP("RigCheck",
                       "No replies from the platform. Check its power and cable, this PC's address "
                       "on the platform's network, and that the reply port is open in this PC's "
                       "firewall on that network's profile (on Windows a network without a "
                       "gateway is Public).")},
    {"raven.firewall",
     QT_TRANSLATE_NOOP("RigCheck", "Platform: this PC's firewall on the reply port"),
     QT_TRANSLATE_NOOP("RigCheck",
                       "The firewall blocks the platform's replies on this network's profile. "
                       "Reinstall the program (the installer allows its ports on every profile, "
                       "local subnet only) or remove the block rule named in the figure (Windows "
                       "Defender Firewall → Advanced settings → Inbound Rules).")},
    {"raven.status", QT_TRANSLATE_NOOP("RigCheck", "Platform: status word and motors"),
     QT_TRANSLATE_NOOP("RigCheck",
                       "A motor reports a fault. Keep the seat empty and check the platform with "
                       "the vendor's tools.")},
    {"raven.temperatures", QT_TRANSLATE_NOOP("RigCheck", "Platform: actuator temperatures"),
     QT_TRANSLATE_NOOP("RigCheck",
                       "The actuators are hot. Let the platform cool in LEVEL BRAKE before "
                       "anyone rides.")},
    {"raven.firmware", QT_TRANSLATE_NOOP("RigCheck", "Platform: firmware reported"),
     QT_TRANSLATE_NOOP("RigCheck",
                       "The platform did not report its firmware. Check that it runs the vendor's "
                       "RavenAPI firmware.")},
    {"raven.axis_check",
     QT_TRANSLATE_NOOP("RigCheck", "Platform: the axis check at this address, and when"),
     QT_TRANSLATE_NOOP("RigCheck",
                       "Run the axis check on every axis with the seat empty (Motion panel → Axis "
                       "check…). A failed check holds the simulator's cues at neutral until every "
                       "axis passes.")},
    {"raven.frame", QT_TRANSLATE_NOOP("RigCheck", "Platform: cue frame"),
     QT_TRANSLATE_NOOP("RigCheck",
                       "Frame 5 leaves gravity's tilt to the platform's own cueing. Use frame 21 "
                       "unless the platform's vendor says otherwise.")},
    {"raven.transport_delay",
     QT_TRANSLATE_NOOP("RigCheck", "Platform: transport delay, cue step to the seat moving"),
     QT_TRANSLATE_NOOP("RigCheck",
                       "The delay from a step at the program's input to the seat's first motion "
                       "exceeds 150 ms (Part 60 Levels C and D) or 300 ms (Levels A and B). Check "
                       "the network to the platform, the platform's own filters, and this PC's "
                       "load.")},
    {"rflysim.sensors", QT_TRANSLATE_NOOP("RigCheck", "RflySim: every requested sensor streaming"),
     QT_TRANSLATE_NOOP("RigCheck",
                       "A sensor sends no frames. Start RflySim3D, check --rflysim-window, that "
                       "this edition offers the sensor, and the firewall for the sensor's port.")},
    {"rflysim.gimbal", QT_TRANSLATE_NOOP("RigCheck", "RflySim: gimbal states per second"),
     QT_TRANSLATE_NOOP("RigCheck",
                       "RflySim3D sends no gimbal state. Check that the scene has a gimbal camera "
                       "and that its state port is open in the firewall.")},
    {"pilot.device", QT_TRANSLATE_NOOP("RigCheck", "Pilot: device present and calibrated"),
     QT_TRANSLATE_NOOP("RigCheck",
                       "No calibrated pilot device. Plug it in and run the pilot set-up to the "
                       "end (PX4 panel → Pilot → Set up…).")},
    {"pilot.stop_button", QT_TRANSLATE_NOOP("RigCheck", "Pilot: a button mapped to STOP"),
     QT_TRANSLATE_NOOP("RigCheck",
                       "No button on the pilot's device is mapped to STOP. Map one in the pilot "
                       "set-up so that the pilot can stop the platform without letting go.")},
    {"pc.loop_threads", QT_TRANSLATE_NOOP("RigCheck", "This PC: the loop threads' priority"),
     QT_TRANSLATE_NOOP("RigCheck",
                       "The loop threads did not get their scheduling (Linux: a kernel older than "
                       "6.12 has no short time slices; Windows: the priority was refused). Expect "
                       "more jitter; on Linux use a newer kernel.")},
    {"pc.free_space", QT_TRANSLATE_NOOP("RigCheck", "This PC: free space for the session folder"),
     QT_TRANSLATE_NOOP("RigCheck",
                       "Little space left for recordings (about 100 MB an hour). Free space or "
                       "choose another folder with --log-dir.")},
};

double num(const QJsonObject &o, const char *key, double fallback = 0.0)
{
    const QJsonValue v = o.value(QLatin1String(key));
    return v.isDouble() ? v.toDouble() : fallback;
}

// Rate of a counter over the window, per second.
double rate(const LinkWindow &w, const char *key)
{
    const double s = w.seconds();
    return s > 0.0 ? (num(w.last, key) - num(w.first, key)) / s : 0.0;
}

// Per-interval rates of a counter between the samples (min, max); {0, 0} without two samples.
std::pair<double, double> rateSpread(const LinkWindow &w, const char *key)
{
    double lo = 1e300, hi = -1e300;
    for (int i = 1; i < w.samples.size(); ++i) {
        const double dt = w.sampleTimesS[i] - w.sampleTimesS[i - 1];
        if (dt < 0.2)
            continue;
        const double r = (num(w.samples[i], key) - num(w.samples[i - 1], key)) / dt;
        lo = std::min(lo, r);
        hi = std::max(hi, r);
    }
    return lo > hi ? std::pair<double, double>{0.0, 0.0} : std::pair<double, double>{lo, hi};
}

struct Builder
{
    QList<Item> items;
    void add(const char *link, const char *check, Verdict v, const char *pattern,
             QList<FigureArg> args = {})
    {
        const Figure f{pattern, std::move(args)};
        items.append(
            {QLatin1String(link), QLatin1String(check), v, figureText(f, false, QLocale::c()), f});
    }
};

// A rate's verdict by the table the window's rig strip colours the same rate with.
Verdict rateVerdict(const RateLimit &limit, double perSecond)
{
    switch (limit.level(perSecond)) {
    case RateLimit::Level::Good:
        return Verdict::Pass;
    case RateLimit::Level::Low:
        return Verdict::Warn;
    case RateLimit::Level::Bad:
        break;
    }
    return Verdict::Fail;
}

void checkFlightAxis(const LinkWindow &w, Builder &b)
{
    constexpr RateLimit limit = ratelimits::kFlightAxisExchanges;
    const double r = rate(w, limit.counter);
    const auto [lo, hi] = rateSpread(w, limit.counter);
    b.add("flightaxis", "flightaxis.exchange_rate", rateVerdict(limit, r),
          QT_TRANSLATE_NOOP("RigCheckFigure", "%1 Hz (per second %2-%3 Hz)"),
          {number(r), number(lo), number(hi)});
    // Physics seconds per wall second, against RealFlight's own speed setting.
    // From the first sample with a physics time: a link still connecting at the window's start
    // reports 0 until its first exchange.
    int from = 0;
    while (from + 1 < w.samples.size() && num(w.samples[from], "last_physics_time_s") <= 0.0)
        ++from;
    const double wall =
        w.sampleTimesS.isEmpty() ? 0.0 : w.sampleTimesS.last() - w.sampleTimesS.value(from);
    const double physics =
        num(w.last, "last_physics_time_s") -
        (w.samples.isEmpty() ? 0.0 : num(w.samples[from], "last_physics_time_s"));
    const double speed =
        num(w.last, "speed_multiplier", 1.0) > 0 ? num(w.last, "speed_multiplier", 1.0) : 1.0;
    const double ratio = wall > 0 ? physics / wall / speed : 0.0;
    const int stalls = int(num(w.last, "stalls") - num(w.first, "stalls"));
    // 5 %, plus the counters' 10 Hz snapshot: two 0.1 s steps against the window's length.
    const double tolerance = 0.05 + (wall > 0.0 ? 0.2 / wall : 0.0);
    b.add("flightaxis", "flightaxis.physics_time",
          ratio < 0.5 || ratio > 1.5                        ? Verdict::Fail
          : std::abs(ratio - 1.0) > tolerance || stalls > 0 ? Verdict::Warn
                                                            : Verdict::Pass,
          QT_TRANSLATE_NOOP("RigCheckFigure", "%1 s of physics in %2 s (%3 %), %4 stalls"),
          {number(physics, 2), number(wall, 2), number(ratio * 100.0), number(stalls)});
    const bool injected = w.last.value(QLatin1String("controller_active")).toBool();
    b.add("flightaxis", "flightaxis.controller", injected ? Verdict::Pass : Verdict::Fail,
          injected ? QT_TRANSLATE_NOOP("RigCheckFigure", "injected")
                   : QT_TRANSLATE_NOOP("RigCheckFigure", "not injected"));
    const int channels = int(num(w.last, "transmitter_channels"));
    const double txRate = rate(w, "transmitter_samples");
    b.add("flightaxis", "flightaxis.transmitter",
          channels > 0 && txRate > 0 ? Verdict::Pass : Verdict::Warn,
          QT_TRANSLATE_NOOP("RigCheckFigure", "%1 channels, %2 readings/s"),
          {number(channels), number(txRate)});
}

void checkPx4(const LinkWindow *hil, const LinkWindow *gcs, bool pilotFlying, Builder &b)
{
    const bool hitl =
        hil && hil->last.value(QLatin1String("mode")).toString() == QLatin1String("hitl");
    if (hil) {
        constexpr RateLimit limit = ratelimits::kPx4LockstepSteps;
        const double r = rate(*hil, limit.counter);
        const auto [lo, hi] = rateSpread(*hil, limit.counter);
        b.add("px4", "px4.lockstep_rate", rateVerdict(limit, r),
              QT_TRANSLATE_NOOP("RigCheckFigure", "%1 steps/s (per second %2-%3)"),
              {number(r), number(lo), number(hi)});
        const int timeouts =
            int(num(hil->last, "lockstep_timeouts") - num(hil->first, "lockstep_timeouts"));
        const int late = int(num(hil->last, "late_answers") - num(hil->first, "late_answers"));
        const QString matching = hil->last.value(QLatin1String("answer_matching")).toString();
        const double steps = num(hil->last, "answered_steps") - num(hil->first, "answered_steps");
        const bool byTime = matching == QLatin1String("time_usec");
        b.add("px4", "px4.lockstep_timeouts",
              timeouts > std::max(1.0, steps * 0.01) ? Verdict::Fail
              : timeouts > 0 || late > 0 || !byTime  ? Verdict::Warn
                                                     : Verdict::Pass,
              QT_TRANSLATE_NOOP("RigCheckFigure", "%1 timeouts, %2 late answers, matched by %3"),
              {number(timeouts), number(late),
               text(matching.isEmpty() ? QStringLiteral("?") : matching)});
    }
    if (!gcs)
        return;
    const QJsonObject params = gcs->last.value(QLatin1String("params")).toObject();
    const QJsonArray missing = gcs->last.value(QLatin1String("params_missing")).toArray();
    if (params.isEmpty()) {
        b.add("px4", "px4.params", Verdict::Warn,
              missing.isEmpty() ? QT_TRANSLATE_NOOP("RigCheckFigure", "no answer yet")
                                : QT_TRANSLATE_NOOP("RigCheckFigure", "not answered: %1"),
              {number(missing.size())});
    }
    if (params.contains(QLatin1String("SYS_HITL")) && hil) {
        const int v = params.value(QLatin1String("SYS_HITL")).toInt();
        const bool ok = hitl ? v == 1 : v == 0;
        b.add("px4", "px4.sys_hitl", ok ? Verdict::Pass : Verdict::Fail,
              QT_TRANSLATE_NOOP("RigCheckFigure", "SYS_HITL %1, link in %2"),
              {number(v), text(hitl ? QStringLiteral("HITL") : QStringLiteral("SITL"))});
    }
    if (params.contains(QLatin1String("SYS_AUTOSTART"))) {
        const int v = params.value(QLatin1String("SYS_AUTOSTART")).toInt();
        b.add("px4", "px4.sys_autostart", v != 0 ? Verdict::Pass : Verdict::Fail,
              QT_TRANSLATE_NOOP("RigCheckFigure", "SYS_AUTOSTART %1"), {text(QString::number(v))});
    }
    if (params.contains(QLatin1String("COM_RC_IN_MODE"))) {
        const int v = params.value(QLatin1String("COM_RC_IN_MODE")).toInt();
        const bool takes = v >= 1 && v <= 3;
        b.add("px4", "px4.com_rc_in_mode",
              takes ? Verdict::Pass : (pilotFlying ? Verdict::Fail : Verdict::Warn),
              QT_TRANSLATE_NOOP("RigCheckFigure", "COM_RC_IN_MODE %1"), {text(QString::number(v))});
    }
    // HITL over USB: PX4 streams HIL_ACTUATOR_CONTROLS only from an instance faster than
    // 5000 B/s; its USB instance runs at 800000 B/s when SYS_USB_AUTO starts one at all
    // (docs/px4-parameters.md). GcsLink reads and judges it.
    const QJsonObject usb = gcs->last.value(QLatin1String("usb_mavlink")).toObject();
    if (hitl && !usb.isEmpty() && !usb.value(QLatin1String("ok")).isNull()) {
        const bool ok = usb.value(QLatin1String("ok")).toBool();
        b.add("px4", "px4.usb_rate", ok ? Verdict::Pass : Verdict::Fail,
              QT_TRANSLATE_NOOP("RigCheckFigure",
                                "USB MAVLink %1 B/s (HIL needs more than %2 B/s), SYS_USB_AUTO %3"),
              {number(num(usb, "rate_bps")), number(num(usb, "hil_min_rate_bps")),
               text(params.contains(QLatin1String("SYS_USB_AUTO"))
                        ? QString::number(params.value(QLatin1String("SYS_USB_AUTO")).toInt())
                        : QStringLiteral("?"))});
    }
    const QJsonObject prearm = gcs->last.value(QLatin1String("prearm")).toObject();
    QStringList reasons;
    for (const QJsonValue &r : prearm.value(QLatin1String("reasons")).toArray())
        reasons << r.toString();
    // PX4 SITL leaves SYS_STATUS's pre-arm bit unset ("ok" null): its reasons still tell.
    const bool known =
        !prearm.value(QLatin1String("ok")).isNull() && prearm.contains(QLatin1String("ok"));
    if (known || !reasons.isEmpty()) {
        const bool ok = known ? prearm.value(QLatin1String("ok")).toBool() : false;
        b.add("px4", "px4.prearm", ok ? Verdict::Pass : Verdict::Warn,
              ok ? QT_TRANSLATE_NOOP("RigCheckFigure", "pre-arm checks pass")
              : reasons.isEmpty()
                  ? QT_TRANSLATE_NOOP("RigCheckFigure", "not ready: no reason given")
                  : QT_TRANSLATE_NOOP("RigCheckFigure", "not ready: %1"),
              {text(reasons.join(QStringLiteral("; ")))});
    }
}

void checkRaven(const LinkWindow &w, const Observation &o, Builder &b)
{
    constexpr RateLimit limit = ratelimits::kPlatformReplies;
    const double replies = rate(w, limit.counter);
    b.add("raven", "raven.replies", rateVerdict(limit, replies),
          QT_TRANSLATE_NOOP("RigCheckFigure", "%1 replies/s"), {number(replies)});
    if (!o.firewall.level.isEmpty())
        b.add("raven", "raven.firewall",
              o.firewall.level == QLatin1String("fail")   ? Verdict::Fail
              : o.firewall.level == QLatin1String("warn") ? Verdict::Warn
                                                          : Verdict::Pass,
              "%1", {text(o.firewall.figure)});
    if (limit.level(replies) == RateLimit::Level::Bad)
        return; // what follows is read from the replies
    QStringList bad;
    const QJsonArray motors = w.last.value(QLatin1String("motors_ok")).toArray();
    for (int i = 0; i < motors.size(); ++i)
        if (!motors.at(i).toBool())
            bad << QString::number(i + 1);
    b.add("raven", "raven.status", bad.isEmpty() ? Verdict::Pass : Verdict::Fail,
          bad.isEmpty() ? QT_TRANSLATE_NOOP("RigCheckFigure", "status word 0x%1, motors OK")
                        : QT_TRANSLATE_NOOP("RigCheckFigure", "status word 0x%1, motor %2 not OK"),
          {text(QString::number(int(num(w.last, "status_word")), 16)),
           text(bad.join(QStringLiteral(", ")))});
    double hottest = 0.0;
    for (const QJsonValue &t : w.last.value(QLatin1String("temperatures_c")).toArray())
        hottest = std::max(hottest, t.toDouble());
    const QString thermal = w.last.value(QLatin1String("thermal")).toString();
    b.add("raven", "raven.temperatures",
          thermal == QLatin1String("NORMAL")            ? Verdict::Pass
          : thermal.contains(QLatin1String("OVERHEAT")) ? Verdict::Fail
                                                        : Verdict::Warn,
          QT_TRANSLATE_NOOP("RigCheckFigure", "hottest %1 °C, %2"),
          {number(hottest), text(thermal)});
    const QString firmware = w.last.value(QLatin1String("firmware")).toString();
    b.add("raven", "raven.firmware", firmware.isEmpty() ? Verdict::Warn : Verdict::Pass,
          firmware.isEmpty() ? QT_TRANSLATE_NOOP("RigCheckFigure", "not reported") : "%1",
          {text(firmware)});
    // passed / failed / never, and when (the store's time, where it has one).
    const QJsonObject axis = w.last.value(QLatin1String("axis_check")).toObject();
    QString result = axis.value(QLatin1String("result")).toString();
    if (result.isEmpty()) // a link without the summary: from its two flags
        result = w.last.value(QLatin1String("axis_hold")).toBool() ? QStringLiteral("failed")
                 : w.last.value(QLatin1String("axis_check_passed")).toBool()
                     ? QStringLiteral("passed")
                     : QStringLiteral("never");
    const FigureArg resultWord =
        result == QLatin1String("passed")   ? word(QT_TRANSLATE_NOOP("RigCheckFigure", "passed"))
        : result == QLatin1String("failed") ? word(QT_TRANSLATE_NOOP("RigCheckFigure", "failed"))
        : result == QLatin1String("never")  ? word(QT_TRANSLATE_NOOP("RigCheckFigure", "never"))
                                            : text(result);
    const QString when = axis.value(QLatin1String("time")).toString();
    b.add("raven", "raven.axis_check",
          result == QLatin1String("passed")   ? Verdict::Pass
          : result == QLatin1String("failed") ? Verdict::Fail
                                              : Verdict::Warn,
          when.isEmpty() ? "%1" : "%1 (%2)", {resultWord, text(when)});
    const int frame = int(num(w.last, "frame"));
    b.add("raven", "raven.frame", frame == 5 ? Verdict::Warn : Verdict::Pass,
          QT_TRANSLATE_NOOP("RigCheckFigure", "frame %1"), {number(frame)});
}

void checkTransportDelay(const Observation &o, Builder &b)
{
    if (!o.motionRequested)
        return;
    const TransportDelayResult td = o.transportDelay.value_or(TransportDelayResult{});
    if (td.state != TransportDelayResult::State::Done) {
        QString why = o.motionRefused;
        if (why.isEmpty())
            why = td.reason;
        const QString state =
            o.transportDelay ? TransportDelayResult::stateName(td.state) : QString();
        b.add("raven", "raven.transport_delay", Verdict::Fail,
              why.isEmpty() && state.isEmpty()
                  ? QT_TRANSLATE_NOOP("RigCheckFigure", "not measured: no answer")
                  : QT_TRANSLATE_NOOP("RigCheckFigure", "not measured: %1"),
              {text(why.isEmpty() ? state : why)});
        return;
    }
    const double median = td.medianMs(), worst = td.maxMs();
    b.add("raven", "raven.transport_delay",
          worst <= part60::kTransportDelayLevelCD_ms   ? Verdict::Pass
          : worst <= part60::kTransportDelayLevelAB_ms ? Verdict::Warn
                                                       : Verdict::Fail,
          QT_TRANSLATE_NOOP("RigCheckFigure", "median %1 ms, worst %2 ms over %3 steps"),
          {number(median, 1), number(worst, 1), number(double(td.samplesMs.size()))});
}

void checkRflySim(const LinkWindow &w, Builder &b)
{
    QStringList silent;
    int streaming = 0;
    for (const QJsonValue &v : w.last.value(QLatin1String("sensors")).toArray()) {
        const QJsonObject s = v.toObject();
        if (s.value(QLatin1String("state")).toString() == QLatin1String("streaming"))
            ++streaming;
        else
            silent << QStringLiteral("type %1 on port %2 %3")
                          .arg(int(num(s, "type_id")))
                          .arg(int(num(s, "port")))
                          .arg(s.value(QLatin1String("state")).toString());
    }
    b.add("rflysim", "rflysim.sensors", silent.isEmpty() ? Verdict::Pass : Verdict::Fail,
          silent.isEmpty() ? QT_TRANSLATE_NOOP("RigCheckFigure", "%1 streaming")
                           : QT_TRANSLATE_NOOP("RigCheckFigure", "%1 streaming; %2"),
          {number(streaming), text(silent.join(QStringLiteral("; ")))});
    constexpr RateLimit limit = ratelimits::kGimbalStates;
    const double gimbal = rate(w, limit.counter);
    b.add("rflysim", "rflysim.gimbal", rateVerdict(limit, gimbal),
          QT_TRANSLATE_NOOP("RigCheckFigure", "%1 states/s"), {number(gimbal, 1)});
}

void checkPilot(const LinkWindow &w, const LinkWindow *raven, Builder &b)
{
    const bool active = w.last.value(QLatin1String("active")).toBool();
    const QJsonArray uncalibrated = w.last.value(QLatin1String("uncalibrated")).toArray();
    const QString device = w.last.value(QLatin1String("device")).toString();
    b.add("pilot", "pilot.device",
          !uncalibrated.isEmpty() ? Verdict::Fail
          : active                ? Verdict::Pass
                                  : Verdict::Warn,
          !uncalibrated.isEmpty() ? QT_TRANSLATE_NOOP("RigCheckFigure", "not calibrated: %1")
          : active                ? "%1"
                                  : QT_TRANSLATE_NOOP("RigCheckFigure", "no device"),
          {text(!uncalibrated.isEmpty() ? uncalibrated.first().toString() : device)});
    if (raven && active) {
        const bool mapped = raven->last.value(QLatin1String("pilot_stop_mapped")).toBool();
        b.add("pilot", "pilot.stop_button", mapped ? Verdict::Pass : Verdict::Warn,
              mapped ? QT_TRANSLATE_NOOP("RigCheckFigure", "mapped")
                     : QT_TRANSLATE_NOOP("RigCheckFigure", "not mapped"));
    }
}

void checkPc(const Observation &o, Builder &b)
{
    // The loop links say what scheduling their thread got.
    QStringList got, missed;
    for (auto it = o.links.constBegin(); it != o.links.constEnd(); ++it) {
        const QJsonObject ep = it.value().last.value(QLatin1String("endpoints")).toObject();
        if (ep.contains(QLatin1String("sched_slice_us"))) {
            const int us = ep.value(QLatin1String("sched_slice_us")).toInt();
            (us > 0 ? got : missed) << QStringLiteral("%1 slice %2 µs").arg(it.key()).arg(us);
        } else if (ep.contains(QLatin1String("thread_priority"))) {
            const int p = ep.value(QLatin1String("thread_priority")).toInt();
            (p >= 2 ? got : missed) << QStringLiteral("%1 priority %2").arg(it.key()).arg(p);
        }
    }
    if (!got.isEmpty() || !missed.isEmpty())
        b.add("pc", "pc.loop_threads", missed.isEmpty() ? Verdict::Pass : Verdict::Warn, "%1",
              {text((missed + got).join(QStringLiteral(", ")))});
    if (o.freeBytes >= 0) {
        const double gb = double(o.freeBytes) / 1e9;
        b.add("pc", "pc.free_space",
              gb >= 2.0   ? Verdict::Pass
              : gb >= 0.5 ? Verdict::Warn
                          : Verdict::Fail,
              QT_TRANSLATE_NOOP("RigCheckFigure", "%1 GB free"), {number(gb, 1)});
    }
}

} // namespace

QString verdictName(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return QStringLiteral("pass");
    case Verdict::Warn:
        return QStringLiteral("warn");
    case Verdict::Fail:
        break;
    }
    return QStringLiteral("fail");
}

QString verdictColour(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return QStringLiteral("#27ae60");
    case Verdict::Warn:
        return QStringLiteral("#e0a800");
    case Verdict::Fail:
        break;
    }
    return QStringLiteral("#c0392b");
}

const QList<CheckText> &checkTexts()
{
    return kTexts;
}

const CheckText *textOf(const QString &id)
{
    for (const CheckText &t : kTexts)
        if (id == QLatin1String(t.id))
            return &t;
    return nullptr;
}

QString titleOf(const Item &item, bool translated)
{
    const CheckText *t = textOf(item.check);
    if (!t)
        return item.check;
    return translated ? QCoreApplication::translate("RigCheck", t->title) : QLatin1String(t->title);
}

QString fixOf(const Item &item, bool translated)
{
    const CheckText *t = textOf(item.check);
    if (!t || item.verdict == Verdict::Pass)
        return {};
    return translated ? QCoreApplication::translate("RigCheck", t->fix) : QString::fromUtf8(t->fix);
}

QList<Item> evaluate(const Observation &o)
{
    Builder b;
    const auto link = [&o](const char *name) -> const LinkWindow * {
        auto it = o.links.constFind(QLatin1String(name));
        return it == o.links.constEnd() ? nullptr : &it.value();
    };
    if (const LinkWindow *w = link("flightaxis"))
        checkFlightAxis(*w, b);
    const LinkWindow *pilot = link("pilot");
    const bool pilotFlying = pilot && pilot->last.value(QLatin1String("active")).toBool();
    if (link("px4") || link("px4gcs"))
        checkPx4(link("px4"), link("px4gcs"), pilotFlying, b);
    if (const LinkWindow *w = link("raven")) {
        checkRaven(*w, o, b);
        checkTransportDelay(o, b);
    }
    if (const LinkWindow *w = link("rflysim"))
        checkRflySim(*w, b);
    if (pilot)
        checkPilot(*pilot, link("raven"), b);
    checkPc(o, b);
    // The table's order, whatever order the links were looked at in.
    std::stable_sort(b.items.begin(), b.items.end(), [](const Item &a, const Item &c) {
        const auto index = [](const QString &id) {
            for (int i = 0; i < kTexts.size(); ++i)
                if (id == QLatin1String(kTexts[i].id))
                    return i;
            return int(kTexts.size());
        };
        return index(a.check) < index(c.check);
    });
    return b.items;
}

bool anyFails(const QList<Item> &items)
{
    return std::any_of(items.begin(), items.end(),
                       [](const Item &i) { return i.verdict == Verdict::Fail; });
}

QJsonArray checksJson(const QList<Item> &items)
{
    QJsonArray a;
    for (const Item &i : items)
        a.append(QJsonObject{{"link", i.link},
                             {"check", i.check},
                             {"verdict", verdictName(i.verdict)},
                             {"value", i.value},
                             {"fix", fixOf(i, false)}});
    return a;
}

QJsonObject transportDelayJson(const Observation &o)
{
    QJsonObject out;
    if (!o.transportDelay || o.transportDelay->state != TransportDelayResult::State::Done)
        return out;
    const QJsonObject td = o.transportDelay->toJson();
    out.insert(QStringLiteral("cue_to_platform"),
               QJsonObject{{"median_ms", td.value(QLatin1String("median_ms"))},
                           {"max_ms", td.value(QLatin1String("max_ms"))},
                           {"steps", td.value(QLatin1String("steps"))},
                           {"samples_ms", td.value(QLatin1String("samples_ms"))}});
    // PX4's own segment (MANUAL_CONTROL out → first changed actuator output), when measured.
    auto gcs = o.links.constFind(QStringLiteral("px4gcs"));
    if (gcs != o.links.constEnd()) {
        const QJsonObject seg = gcs.value().last.value(QLatin1String("px4_delay")).toObject();
        if (seg.value(QLatin1String("state")).toString() == QLatin1String("done"))
            out.insert(QStringLiteral("px4_segment"),
                       QJsonObject{{"median_ms", seg.value(QLatin1String("median_ms"))},
                                   {"max_ms", seg.value(QLatin1String("max_ms"))},
                                   {"steps", seg.value(QLatin1String("steps"))}});
    }
    return out;
}

FigureArg number(double v, int decimals)
{
    FigureArg a;
    a.kind = FigureArg::Kind::Number;
    a.number = v;
    a.decimals = decimals;
    return a;
}

FigureArg word(const char *english)
{
    FigureArg a;
    a.kind = FigureArg::Kind::Word;
    a.text = QString::fromUtf8(english);
    return a;
}

FigureArg text(const QString &shown)
{
    FigureArg a;
    a.text = shown;
    return a;
}

QString figureText(const Figure &f, bool translated, const QLocale &locale)
{
    if (!f.pattern)
        return {};
    const QString pattern = translated ? QCoreApplication::translate("RigCheckFigure", f.pattern)
                                       : QString::fromUtf8(f.pattern);
    // %1..%9 replaced in one pass: a peer's text holding "%2" stays as it is.
    QString out;
    out.reserve(pattern.size() + 16);
    for (int i = 0; i < pattern.size(); ++i) {
        const QChar c = pattern.at(i);
        const int n =
            c == QLatin1Char('%') && i + 1 < pattern.size() ? pattern.at(i + 1).digitValue() : -1;
        if (n < 1 || n > f.args.size()) {
            out += c;
            continue;
        }
        const FigureArg &a = f.args.at(n - 1);
        switch (a.kind) {
        case FigureArg::Kind::Number:
            out += locale.toString(a.number, 'f', a.decimals);
            break;
        case FigureArg::Kind::Word:
            out += translated
                       ? QCoreApplication::translate("RigCheckFigure", a.text.toUtf8().constData())
                       : a.text;
            break;
        case FigureArg::Kind::Text:
            out += a.text;
            break;
        }
        ++i;
    }
    return out;
}

QString valueOf(const Item &item, bool translated, const QLocale &locale)
{
    return translated && item.figure.pattern ? figureText(item.figure, true, locale) : item.value;
}

} // namespace hil::rigcheck
