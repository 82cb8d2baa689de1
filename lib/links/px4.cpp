// PX4: the HIL link (MAVLink v2 over TCP, lockstep; consumes SimFrames, produces channels, records
// mavlink.tlog) and its companion, the ground-station link on PX4's GCS port (UDP; recorded into
// the same mavlink.tlog). With
// `--px4 serial:PATH[:BAUD]` (HITL) both share the board's serial port, which the HIL link owns:
// the ground-station link gets its frames from it and sends through it, in process.
#include "core/post.h"
#include "links/builtin.h"
#include "links/registration.h"
#include "mavlink/gcslink.h"
#include "mavlink/hillink.h"
#include "mavlink/px4emulator.h"
#include "mavlink/serialtransport.h"
#include "session/sessionrecorder.h"
#include "telemetry/telemetryhub.h"

#include <QJsonArray>
#include <array>
#include <cmath>
#include <limits>

namespace hil::links {

namespace {
constexpr quint16 kPx4SimulatorPort = 4560; ///< PX4 SITL's simulator_mavlink connects here

HilLink *hil(Worker *w)
{
    return static_cast<HilLink *>(w);
}

/// --px4: a TCP address for SITL, or serial:PATH[:BAUD] for a board on USB (HITL).
OptionSpec px4Option()
{
    OptionSpec s = listenOption(
        "px4",
        "Listen for PX4 SITL on this TCP address (127.0.0.1:4560), or use a board running PX4 "
        "HITL on a serial port: serial:/dev/ttyACM0[:BAUD] (serial:COM5 on Windows; 921600).",
        kPx4SimulatorPort);
    s.valueName = QStringLiteral("[HOST:]PORT|serial:PATH[:BAUD]");
    const auto tcp = s.parse;
    s.parse = [tcp](const QString &text, QVariant *value, QString *expected) {
        if (!text.trimmed().startsWith(QLatin1String("serial:"), Qt::CaseInsensitive))
            return tcp(text, value, expected);
        SerialPortSpec spec;
        if (!parseSerialPort(text.trimmed(), &spec)) {
            *expected = QStringLiteral("expected serial:PATH[:BAUD] with a rate 50..4000000 bit/s");
            return false;
        }
        *value = QVariant::fromValue(spec);
        return true;
    };
    return s;
}

std::optional<SerialPortSpec> serialOf(const LinkOptions &o)
{
    const QVariant v = o.value(QStringLiteral("px4"));
    if (!v.canConvert<SerialPortSpec>() || v.metaType() != QMetaType::fromType<SerialPortSpec>())
        return std::nullopt;
    return v.value<SerialPortSpec>();
}

// A parameter's value as an integer the way its counter was read (QJsonValue::toInt()): a whole
// number within int's range, else 0.
int px4ParamInt(double v)
{
    return std::isfinite(v) && v == std::floor(v) && v >= double(std::numeric_limits<int>::min()) &&
                   v <= double(std::numeric_limits<int>::max())
               ? int(v)
               : 0;
}

const char *px4MatchingName(Px4HilHealth::Matching m)
{
    switch (m) {
    case Px4HilHealth::Matching::TimeUsec:
        return "time_usec";
    case Px4HilHealth::Matching::Order:
        return "order";
    case Px4HilHealth::Matching::Unknown:
        break;
    }
    return "?";
}

// The rig check (docs/rig-check.md): the lockstep from the HIL link's health, PX4's parameters
// and pre-arm checks from its companion's (the ground-station link), declared once here.
void judgePx4(const RigCheckInput &in, rigcheck::Builder &b)
{
    using namespace rigcheck;
    const bool pilotFlying = in.pilot && in.pilot->typed<PilotRoleFacts>().last.active;
    const TypedWindow<Px4HilHealth> sim =
        in.self ? in.self->typed<Px4HilHealth>() : TypedWindow<Px4HilHealth>{};
    const bool hitl = in.self && sim.last.hitl;
    if (in.self) {
        constexpr RateLimit limit = ratelimits::kPx4LockstepSteps;
        const double r = rate(sim, &Px4HilHealth::answeredSteps);
        const auto [lo, hi] = rateSpread(sim, &Px4HilHealth::answeredSteps);
        b.add(in.name, "px4.lockstep_rate", rateVerdict(limit, r),
              QT_TRANSLATE_NOOP("RigCheckFigure", "%1 steps/s (per second %2-%3)"),
              {number(r), number(lo), number(hi)});
        const auto grew = [&sim](qint64 Px4HilHealth::*counter) {
            return fieldOf(sim.last, counter) - fieldOf(sim.first, counter);
        };
        const int timeouts = int(grew(&Px4HilHealth::lockstepTimeouts));
        const int late = int(grew(&Px4HilHealth::lateAnswers));
        const double steps = grew(&Px4HilHealth::answeredSteps);
        const bool byTime = sim.last.matching == Px4HilHealth::Matching::TimeUsec;
        b.add(in.name, "px4.lockstep_timeouts",
              timeouts > std::max(1.0, steps * 0.01) ? Verdict::Fail
              : timeouts > 0 || late > 0 || !byTime  ? Verdict::Warn
                                                     : Verdict::Pass,
              QT_TRANSLATE_NOOP("RigCheckFigure", "%1 timeouts, %2 late answers, matched by %3"),
              {number(timeouts), number(late),
               text(QLatin1String(px4MatchingName(sim.last.matching)))});
    }
    if (!in.companion)
        return;
    const Px4GcsHealth gcs = in.companion->typed<Px4GcsHealth>().last;
    const QMap<QString, double> &params = gcs.params.answered;
    const auto param = [&params](const char *name) {
        return px4ParamInt(params.value(QLatin1String(name)));
    };
    if (params.isEmpty()) {
        b.add(in.name, "px4.params", Verdict::Warn,
              gcs.params.missing.isEmpty()
                  ? QT_TRANSLATE_NOOP("RigCheckFigure", "no answer yet")
                  : QT_TRANSLATE_NOOP("RigCheckFigure", "not answered: %1"),
              {number(gcs.params.missing.size())});
    }
    if (params.contains(QLatin1String("SYS_HITL")) && in.self) {
        const int v = param("SYS_HITL");
        const bool ok = hitl ? v == 1 : v == 0;
        b.add(in.name, "px4.sys_hitl", ok ? Verdict::Pass : Verdict::Fail,
              QT_TRANSLATE_NOOP("RigCheckFigure", "SYS_HITL %1, link in %2"),
              {number(v), text(hitl ? QStringLiteral("HITL") : QStringLiteral("SITL"))});
    }
    if (params.contains(QLatin1String("SYS_AUTOSTART"))) {
        const int v = param("SYS_AUTOSTART");
        b.add(in.name, "px4.sys_autostart", v != 0 ? Verdict::Pass : Verdict::Fail,
              QT_TRANSLATE_NOOP("RigCheckFigure", "SYS_AUTOSTART %1"), {text(QString::number(v))});
    }
    if (params.contains(QLatin1String("COM_RC_IN_MODE"))) {
        const int v = param("COM_RC_IN_MODE");
        const bool takes = v >= 1 && v <= 3;
        b.add(in.name, "px4.com_rc_in_mode",
              takes ? Verdict::Pass : (pilotFlying ? Verdict::Fail : Verdict::Warn),
              QT_TRANSLATE_NOOP("RigCheckFigure", "COM_RC_IN_MODE %1"), {text(QString::number(v))});
    }
    // HITL over USB: PX4 streams HIL_ACTUATOR_CONTROLS only from an instance faster than
    // 5000 B/s; its USB instance runs at 800000 B/s when SYS_USB_AUTO starts one at all
    // (docs/px4-parameters.md). The ground-station link's parameter client judges it.
    const auto &usb = gcs.params.usb;
    if (hitl && usb && usb->ok) {
        b.add(in.name, "px4.usb_rate", *usb->ok ? Verdict::Pass : Verdict::Fail,
              QT_TRANSLATE_NOOP("RigCheckFigure",
                                "USB MAVLink %1 B/s (HIL needs more than %2 B/s), SYS_USB_AUTO %3"),
              {number(usb->rateBps.value_or(0)), number(usb->hilMinRateBps),
               text(params.contains(QLatin1String("SYS_USB_AUTO"))
                        ? QString::number(param("SYS_USB_AUTO"))
                        : QStringLiteral("?"))});
    }
    // PX4 SITL leaves SYS_STATUS's pre-arm bit unset (prearmOk −1): its reasons still tell.
    const bool known = gcs.prearmOk >= 0;
    if (known || !gcs.prearmReasons.isEmpty()) {
        const bool ok = gcs.prearmOk == 1;
        b.add(in.name, "px4.prearm", ok ? Verdict::Pass : Verdict::Warn,
              ok ? QT_TRANSLATE_NOOP("RigCheckFigure", "pre-arm checks pass")
              : gcs.prearmReasons.isEmpty()
                  ? QT_TRANSLATE_NOOP("RigCheckFigure", "not ready: no reason given")
                  : QT_TRANSLATE_NOOP("RigCheckFigure", "not ready: %1"),
              {text(gcs.prearmReasons.join(QStringLiteral("; ")))});
    }
}
} // namespace

LinkDescriptor px4Descriptor()
{
    using K = CounterSpec::Kind;
    LinkDescriptor d;
    d.name = QStringLiteral("px4");
    d.panel = QStringLiteral("px4"); // px4gcs has none: the PX4 panel shows both
    d.title = QStringLiteral(QT_TRANSLATE_NOOP("hil::LinkTitle", "PX4"));
    OptionSpec waits;
    waits.name = QStringLiteral("px4-standin-waits");
    waits.description =
        QStringLiteral("The PX4 stand-in waits for ground-station commands (tests).");
    waits.hidden = true;
    OptionSpec slow = integerOption(
        "px4-standin-answer-delay", "MS",
        "The PX4 stand-in answers each HIL_SENSOR this much later, as over a slow loopback "
        "(tests).",
        0, 100, QStringLiteral("expected 0..100 ms"));
    slow.hidden = true;
    d.options = {px4Option(),
                 endpointOption("px4-forward",
                                "With --px4 serial: also forward the board's MAVLink to this UDP "
                                "address, and back (QGroundControl: 127.0.0.1:14550).",
                                14550),
                 waits, slow};
    d.checkOptions = [](const LinkOptions &o, bool emulated) -> QString {
        if (!serialOf(o))
            return o.has(QStringLiteral("px4-forward"))
                       ? QStringLiteral("--px4-forward applies with --px4 serial:... (HITL); PX4 "
                                        "SITL sends to QGroundControl's UDP 14550 by itself")
                       : QString();
        if (emulated)
            return QStringLiteral("--emulate px4 runs PX4's stand-in over TCP; with --px4 serial: "
                                  "the board (or a stand-in on the port's other end) is PX4");
        return {};
    };
    d.addressOption = QStringLiteral("px4");
    d.addressChoices = [] {
        QStringList choices;
        for (const QString &port : mavlink::SerialTransport::availablePorts())
            choices << QStringLiteral("serial:") + port;
        return choices;
    };
    d.endpointHostKey = QStringLiteral("listen_host");
    d.endpointPortKey = QStringLiteral("listen_port");
    d.counters = {{"hil_sensor_sent", "1", K::Throughput},
                  {"actuator_received", "1", K::Count},
                  {"hil_gps_sent", "1", K::Count},
                  {"hil_state_sent", "1", K::Count},
                  {"crc_errors", "1", K::Error},
                  {"lockstep_timeouts", "1", K::Error},
                  {"signature_errors", "1", K::Error},
                  {"late_answers", "1", K::Count},
                  {"connections", "1", K::Count},
                  {"refused_connections", "1", K::Count},
                  {"lockstep_hz", "Hz", K::Value},
                  {"last_time_usec", "us", K::Value},
                  {"connected", "", K::Value},
                  {"armed", "", K::Value},
                  {"lockstep", "", K::Value},
                  {"mode", "", K::Value},
                  {"serial_opens", "1", K::Count},
                  {"serial_losses", "1", K::Error},
                  {"serial_errors", "1", K::Error},
                  {"gcs_frames_in", "1", K::Count},
                  {"gcs_frames_out", "1", K::Count},
                  {"gcs_frames_dropped", "1", K::Count},
                  {"forwarded_bytes", "B", K::Count},
                  {"forward_datagrams_in", "1", K::Count}};
    d.liveRate = ratelimits::kPx4LockstepSteps;
    d.makeLink = [](const LinkContext &ctx, QString *) -> Worker * {
        HilLinkConfig cfg; // listens on 127.0.0.1, any port, unless an address or --px4 is given
        cfg.home = ctx.home;
        const auto serial = serialOf(ctx.options);
        const auto given = serial ? std::nullopt : endpointOf(ctx.options, QStringLiteral("px4"));
        if (ctx.addressGiven() && parseSerialPort(ctx.address->host, &cfg.serial)) {
            // the Links panel's address field: "serial:/dev/ttyACM0" in the host
        } else if (ctx.addressGiven()) {
            cfg.host = ctx.address->host;
            cfg.port = ctx.address->port;
        } else if (serial) {
            cfg.serial = *serial;
            if (const auto forward = endpointOf(ctx.options, QStringLiteral("px4-forward")))
                cfg.forward = *forward;
        } else if (given) {
            cfg.host = given->host;
            cfg.port = given->port;
        } else {
            // Nothing given: for a real PX4 (an empty Links panel field) the port PX4 SITL dials,
            // 4560; for the stand-in any free port (it connects to the one bound), so parallel
            // runs never collide.
            cfg.host = QStringLiteral("127.0.0.1");
            cfg.port = ctx.emulated || ctx.emulator ? 0 : kPx4SimulatorPort;
        }
        return new HilLink(cfg);
    };
    // The stand-in is a TCP client of the link: it needs the port the link bound.
    d.emulatorAfterLink = true;
    d.standInActsAlone = QT_TRANSLATE_NOOP("LinkStandIn", "PX4's stand-in arms and takes off by "
                                                          "itself: a scripted demo flight");
    d.makeEmulator = [](const LinkContext &ctx, QString *error) -> Worker * {
        const Worker *link = ctx.worker(QStringLiteral("px4"));
        if (!link) {
            *error = QStringLiteral(
                "px4: start the PX4 link before its stand-in (the stand-in connects to it)");
            return nullptr;
        }
        if (link->endpoints().contains(QStringLiteral("serial_port"))) {
            *error = QStringLiteral("px4: the PX4 link is on a serial port; its TCP stand-in "
                                    "cannot reach it");
            return nullptr;
        }
        Px4EmulatorConfig ec;
        ec.host = QStringLiteral("127.0.0.1");
        ec.port = quint16(link->endpoints().value(QStringLiteral("listen_port")).toInt());
        // With --px4-takeoff (or in tests) it waits for the ground station's commands.
        ec.quad.autoArm = !ctx.options.has(QStringLiteral("px4-takeoff")) &&
                          !ctx.options.has(QStringLiteral("px4-standin-waits"));
        if (ctx.options.has(QStringLiteral("px4-standin-answer-delay")))
            ec.answerDelayMs = ctx.options.get<int>(QStringLiteral("px4-standin-answer-delay"));
        return new Px4Emulator(ec);
    };
    d.simFramesIn = [](Worker *w, const SimFrame &f) { hil(w)->onSimFrame(f); };
    d.channelsOut = streamOut(&HilLink::channelsReady);
    d.loopHealthOut = streamOut(&HilLink::loopHealth);
    d.record = [](Worker *w, SessionRecorder *rec, const Track &track) {
        track(QObject::connect(hil(w), &HilLink::mavlinkFrame, rec,
                               tsanSlot([rec](const QByteArray &wire, qint64 unixUs) {
                                   rec->recordMavlink(wire, unixUs);
                               }),
                               Qt::DirectConnection));
    };
    d.telemetry = [](Worker *w, TelemetryHub *hub, const Track &track) {
        std::array<int, 4> ids{};
        for (int i = 0; i < 4; ++i)
            ids[i] = hub->declare(QStringLiteral("px4/channel_%1").arg(i));
        track(
            QObject::connect(hil(w), &HilLink::channelsReady, hub,
                             tsanSlot([hub, ids, period = periodProbe(hub, QStringLiteral("px4"))](
                                          const ChannelFrame &c) mutable {
                                 period(c.monotonicNs);
                                 const double t = hub->fromMonotonicNs(c.monotonicNs);
                                 for (int i = 0; i < 4; ++i)
                                     hub->pushValue(ids[i], t, c.values[i]);
                             }),
                             Qt::DirectConnection));
    };
    d.rigChecks = LinkDescriptor::RigChecks{
        {
            {"px4.lockstep_rate", QT_TRANSLATE_NOOP("RigCheck", "PX4: lockstep steps per second"),
             QT_TRANSLATE_NOOP(
                 "RigCheck",
                 "PX4 answers fewer steps than the simulator sends. Check that RealFlight "
                 "keeps its rate (above) and that PX4 is not starved of CPU; on a board, use "
                 "a USB cable directly to this PC.")},
            {"px4.lockstep_timeouts",
             QT_TRANSLATE_NOOP("RigCheck",
                               "PX4: steps it did not answer in time, and answer matching"),
             QT_TRANSLATE_NOOP(
                 "RigCheck",
                 "PX4 missed steps or its answers cannot be matched to the step by time. "
                 "Close programs that load this PC; use a PX4 build with lockstep (the "
                 "default for SITL).")},
            {"px4.sys_hitl", QT_TRANSLATE_NOOP("RigCheck", "PX4: SYS_HITL against the link's mode"),
             QT_TRANSLATE_NOOP(
                 "RigCheck",
                 "SYS_HITL must be 1 on a board in the loop (HITL) and 0 in SITL. Set it in "
                 "QGroundControl's parameters and reboot PX4.")},
            {"px4.sys_autostart", QT_TRANSLATE_NOOP("RigCheck", "PX4: SYS_AUTOSTART, the airframe"),
             QT_TRANSLATE_NOOP(
                 "RigCheck",
                 "PX4 has no airframe. Choose one in QGroundControl (for HITL one of the HIL "
                 "airframes) and reboot PX4.")},
            {"px4.com_rc_in_mode",
             QT_TRANSLATE_NOOP("RigCheck", "PX4: COM_RC_IN_MODE takes the pilot's sticks"),
             QT_TRANSLATE_NOOP(
                 "RigCheck",
                 "With COM_RC_IN_MODE 0 (RC only) or 4 (disabled) PX4 ignores the pilot's "
                 "sticks from the program. Set it to 1 (MAVLink only) in QGroundControl's "
                 "parameters.")},
            {"px4.usb_rate",
             QT_TRANSLATE_NOOP("RigCheck",
                               "PX4: data rate of the MAVLink instance on the board's USB"),
             QT_TRANSLATE_NOOP(
                 "RigCheck",
                 "PX4 runs no MAVLink on the board's USB port, so it streams no "
                 "HIL_ACTUATOR_CONTROLS there. Set SYS_USB_AUTO to 2 (always) and reboot PX4; "
                 "on a TELEM port, raise that instance's MAV_n_RATE above 5000 B/s.")},
            {"px4.params",
             QT_TRANSLATE_NOOP("RigCheck", "PX4: parameters read over the ground-station link"),
             QT_TRANSLATE_NOOP(
                 "RigCheck",
                 "PX4 did not answer the parameter reads. Check the ground-station link "
                 "(--px4-gcs, or the port the --px4 port implies) and that PX4 runs.")},
            {"px4.prearm", QT_TRANSLATE_NOOP("RigCheck", "PX4: pre-arm checks, with PX4's reasons"),
             QT_TRANSLATE_NOOP(
                 "RigCheck",
                 "PX4 would not arm. Fix the reasons PX4 gives (shown in the figure and in "
                 "the Session panel), then run the check again.")},
        },
        judgePx4,
        20,
        [](const Worker *w) {
            return rigcheck::TypedSample::of(static_cast<const HilLink *>(w)->health());
        }};
    return d;
}

LinkDescriptor px4GcsDescriptor()
{
    using K = CounterSpec::Kind;
    LinkDescriptor d;
    d.name = QStringLiteral("px4gcs");
    d.readForRigCheck = [](Worker *link) {
        if (auto *gcs = qobject_cast<GcsLink *>(link))
            postTo(gcs, [gcs] { gcs->requestRigParams(); });
    };
    d.title = QStringLiteral(QT_TRANSLATE_NOOP("hil::LinkTitle", "PX4 ground station"));
    d.options = {listenOption("px4-gcs",
                              "PX4's ground-station MAVLink port, UDP (18570 + PX4 instance).",
                              18570, 1),
                 numberOption("px4-takeoff", "ALT",
                              "Arm PX4 and take off to this height (m) once it is ready.", 0.5, 500,
                              QStringLiteral("expected a height in metres, 0.5..500"))};
    d.addressOption = QStringLiteral("px4-gcs");
    d.endpointHostKey = QStringLiteral("peer_host");
    d.endpointPortKey = QStringLiteral("peer_port");
    d.companionOf = QStringLiteral("px4");
    // No checks of its own: the PX4 link's judge reads this link's window (its companion).
    LinkDescriptor::RigChecks companionOnly;
    companionOnly.sample = [](const Worker *w) {
        return rigcheck::TypedSample::of(static_cast<const GcsLink *>(w)->health());
    };
    d.rigChecks = companionOnly;
    d.checkOptions = [](const LinkOptions &o, bool) -> QString {
        if (serialOf(o) && o.has(QStringLiteral("px4-gcs")))
            return QStringLiteral("--px4-gcs does not apply with --px4 serial:...: in HITL PX4's "
                                  "ground-station messages come on the same serial port, and the "
                                  "ground-station link takes them from there");
        return {};
    };
    d.counters = {{"frames_received", "1", K::Throughput},
                  {"datagrams_sent", "1", K::Count},
                  {"heartbeats_received", "1", K::Count},
                  {"status_texts", "1", K::Count},
                  {"commands_sent", "1", K::Count},
                  {"commands_accepted", "1", K::Count},
                  {"commands_denied", "1", K::Count},
                  {"commands_timed_out", "1", K::Error},
                  {"crc_errors", "1", K::Error},
                  {"bad_datagrams", "1", K::Error},
                  {"connected", "", K::Value},
                  {"armed", "", K::Value},
                  {"mode", "", K::Value},
                  {"landed_state", "", K::Value},
                  {"gps_fix", "", K::Value},
                  {"satellites", "1", K::Value},
                  {"battery_v", "V", K::Value},
                  {"relative_altitude_m", "m", K::Value},
                  {"manual_control_active", "", K::Value},
                  {"manual_control_sent", "1", K::Count},
                  {"manual_control_hz", "Hz", K::Rate},
                  {"manual_control_stops", "1", K::Count},
                  {"pilot_actions", "1", K::Count},
                  {"bad_pilot_input", "1", K::Error},
                  {"com_rc_in_mode", "", K::Value},
                  {"params_requested", "1", K::Count},
                  {"params_received", "1", K::Count},
                  {"params_rejected", "1", K::Count},
                  {"params_timed_out", "1", K::Error}};
    // What the Pilot panel shows of MANUAL_CONTROL, from the link's typed snapshot (10 Hz).
    d.pilotForwarding = [](const Worker *w) {
        return static_cast<const GcsLink *>(w)->health().forwarding;
    };
    // The pilot's sticks and buttons (the input link's PilotControls): MANUAL_CONTROL and the
    // buttons' commands, in this link's thread.
    d.pilotIn = [](Worker *w, const PilotControls &c) {
        static_cast<GcsLink *>(w)->pilotControls(c);
    };
    // mavlink.tlog: PX4's ground-station frames both ways, into the same file as the HIL link's
    // (the link emits them over UDP only; on a serial port the PX4 link records them already).
    d.record = [](Worker *w, SessionRecorder *rec, const Track &track) {
        track(QObject::connect(static_cast<GcsLink *>(w), &GcsLink::mavlinkFrame, rec,
                               tsanSlot([rec](const QByteArray &wire, qint64 unixUs) {
                                   rec->recordMavlink(wire, unixUs);
                               }),
                               Qt::DirectConnection));
    };
    // PX4's GCS port: --px4-gcs, else the stand-in's, else 18570 + the instance the --px4 port
    // implies (PX4 instance i connects to 4560 + i).
    d.makeLink = [](const LinkContext &ctx, QString *) -> Worker * {
        GcsLinkConfig cfg;
        if (ctx.options.has(QStringLiteral("px4-takeoff")))
            cfg.takeoffAltitudeM = ctx.options.get<double>(QStringLiteral("px4-takeoff"));
        auto *hilLink = qobject_cast<HilLink *>(ctx.worker(QStringLiteral("px4")));
        if (hilLink && hilLink->endpoints().contains(QStringLiteral("serial_port"))) {
            // HITL: PX4's ground-station traffic is on the serial port the HIL link owns; the two
            // links pass frames both ways, queued between their threads. The connections end
            // with either worker (a Disconnect stops both: this link is the other's companion).
            cfg.viaPx4Link = true;
            auto *gcs = new GcsLink(cfg);
            QObject::connect(hilLink, &HilLink::gcsFrameReceived, gcs,
                             tsanSlot([gcs](const mavlink::MavlinkPacket &p) { gcs->deliver(p); }),
                             Qt::QueuedConnection);
            QObject::connect(
                gcs, &GcsLink::frameToSend, hilLink,
                tsanSlot([hilLink](const mavlink::MavlinkPacket &p) { hilLink->sendGcsFrame(p); }),
                Qt::QueuedConnection);
            return gcs;
        }
        const Worker *emu =
            ctx.addressGiven() ? nullptr : ctx.worker(QStringLiteral("emulator.px4"));
        const auto given = endpointOf(ctx.options, QStringLiteral("px4-gcs"));
        const auto px4 = endpointOf(ctx.options, QStringLiteral("px4"));
        if (ctx.addressGiven()) {
            cfg.host = ctx.address->host;
            cfg.port = ctx.address->port != 0 ? ctx.address->port : 18570;
        } else if (given) {
            cfg.host = given->host;
            cfg.port = given->port;
        } else if (emu) {
            cfg.port = quint16(emu->endpoints().value(QStringLiteral("gcs_port")).toInt());
        } else {
            const int px4Port = px4 ? px4->port : 4560;
            const int instance = px4Port >= 4560 && px4Port < 4660 ? px4Port - 4560 : 0;
            cfg.port = quint16(18570 + instance);
            if (px4 && px4->host != QLatin1String("0.0.0.0"))
                cfg.host = px4->host;
        }
        return new GcsLink(cfg);
    };
    return d;
}

} // namespace hil::links
