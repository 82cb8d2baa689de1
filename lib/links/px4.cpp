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

#include <array>

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
    // What the Pilot panel shows of MANUAL_CONTROL: the link's own counters (the names it lists
    // above) and PX4's answer on where it takes sticks from, from thread-safe snapshots.
    d.pilotForwarding = [](const Worker *w) {
        const auto *gcs = static_cast<const GcsLink *>(w);
        const QJsonObject c = gcs->counters();
        PilotForwardingState st;
        st.active = c.value(QLatin1String("manual_control_active")).toBool();
        st.hz = c.value(QLatin1String("manual_control_hz")).toDouble();
        st.sent = qint64(c.value(QLatin1String("manual_control_sent")).toDouble());
        st.stickInputMode = gcs->status().rcInMode;
        return st;
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
