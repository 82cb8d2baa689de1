// PX4: the HIL link (MAVLink v2 over TCP, lockstep; consumes SimFrames, produces channels, records
// mavlink.tlog) and its companion, the ground-station link on PX4's GCS port (UDP).
#include "links/builtin.h"
#include "links/registration.h"
#include "mavlink/gcslink.h"
#include "mavlink/hillink.h"
#include "mavlink/px4emulator.h"
#include "session/sessionrecorder.h"
#include "telemetry/telemetryhub.h"

#include <array>

namespace hil::links {

namespace {
HilLink *hil(Worker *w)
{
    return static_cast<HilLink *>(w);
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
    d.options = {
        listenOption("px4", "Listen for PX4 SITL/HITL on this TCP address (127.0.0.1:4560).", 4560),
        waits};
    d.addressOption = QStringLiteral("px4");
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
                  {"lockstep", "", K::Value}};
    d.makeLink = [](const LinkContext &ctx, QString *) -> Worker * {
        HilLinkConfig cfg; // listens on 127.0.0.1, any port, unless an address or --px4 is given
        cfg.home = ctx.home;
        const auto given = endpointOf(ctx.options, QStringLiteral("px4"));
        if (ctx.addressGiven()) {
            cfg.host = ctx.address->host;
            cfg.port = ctx.address->port;
        } else if (given) {
            cfg.host = given->host;
            cfg.port = given->port;
        } else {
            cfg.host = QStringLiteral("127.0.0.1");
            cfg.port = 0;
        }
        return new HilLink(cfg);
    };
    // The stand-in is a TCP client of the link: it needs the port the link bound.
    d.emulatorAfterLink = true;
    d.makeEmulator = [](const LinkContext &ctx, QString *error) -> Worker * {
        const Worker *link = ctx.worker(QStringLiteral("px4"));
        if (!link) {
            *error = QStringLiteral(
                "px4: start the PX4 link before its stand-in (the stand-in connects to it)");
            return nullptr;
        }
        Px4EmulatorConfig ec;
        ec.host = QStringLiteral("127.0.0.1");
        ec.port = quint16(link->endpoints().value(QStringLiteral("listen_port")).toInt());
        // With --px4-takeoff (or in tests) it waits for the ground station's commands.
        ec.quad.autoArm = !ctx.options.has(QStringLiteral("px4-takeoff")) &&
                          !ctx.options.has(QStringLiteral("px4-standin-waits"));
        return new Px4Emulator(ec);
    };
    d.simFramesIn = [](Worker *w, const SimFrame &f) { hil(w)->onSimFrame(f); };
    d.channelsOut = streamOut(&HilLink::channelsReady);
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
                  {"relative_altitude_m", "m", K::Value}};
    // PX4's GCS port: --px4-gcs, else the stand-in's, else 18570 + the instance the --px4 port
    // implies (PX4 instance i connects to 4560 + i).
    d.makeLink = [](const LinkContext &ctx, QString *) -> Worker * {
        GcsLinkConfig cfg;
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
        if (ctx.options.has(QStringLiteral("px4-takeoff")))
            cfg.takeoffAltitudeM = ctx.options.get<double>(QStringLiteral("px4-takeoff"));
        return new GcsLink(cfg);
    };
    return d;
}

} // namespace hil::links
