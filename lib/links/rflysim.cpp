// RflySim3D (UDP): gimbal requests out, gimbal state and sensor frames (camera, LiDAR) in. No
// routed streams; the Gimbal panel talks to the link directly.
#include "links/builtin.h"
#include "links/registration.h"
#include "rflysim/rflysimemulator.h"
#include "rflysim/rflysimlink.h"

namespace hil::links {

LinkDescriptor rflysimDescriptor()
{
    using K = CounterSpec::Kind;
    LinkDescriptor d;
    d.name = QStringLiteral("rflysim");
    d.panel = QStringLiteral("gimbal");
    d.title = QStringLiteral(QT_TRANSLATE_NOOP("hil::LinkTitle", "RflySim"));
    d.options = {
        hostOption("rflysim", "RflySim3D host for gimbal requests (UDP 20010 + window)."),
        integerOption("rflysim-window", "N", "RflySim3D window id (0).", 0, 65535 - 20010,
                      QStringLiteral("expected a window id 0..45525")),
        portOption("rflysim-state-port", "UDP port for gimbal state (20006)."),
        portOption("rflysim-sensor-port",
                   "UDP port for the first sensor's data (9999); each further sensor the next."),
        choiceOption(
            "rflysim-multicast", "on|off|auto",
            "Join 224.0.0.10 for gimbal state: auto (when the RflySim host is not local), on, off.",
            {QStringLiteral("auto"), QStringLiteral("on"), QStringLiteral("off")},
            QStringLiteral("expected on, off or auto")),
        numberOption(
            "rflysim-lidar-range", "METRES",
            "Range (m) assumed for int16 LiDAR frames of sensors another tool requested (100).",
            1e-9, 1e5, QStringLiteral("expected a range in metres > 0")),
    };
    d.addressOption = QStringLiteral("rflysim");
    d.endpointHostKey = QStringLiteral("host");
    d.endpointPortKey = QStringLiteral("request_port");
    d.counters = {{"gimbal_requests_sent", "1", K::Count},
                  {"gimbal_states_received", "1", K::Throughput},
                  {"sensor_frames_completed", "1", K::Count},
                  {"sensor_frames_lost", "1", K::Error},
                  {"packets_dropped", "1", K::Error},
                  {"malformed_packets", "1", K::Count},
                  {"undecoded_frames", "1", K::Count},
                  {"lidar_frames", "1", K::Count},
                  {"image_frames", "1", K::Count},
                  {"rangefinder_frames", "1", K::Count},
                  {"send_errors", "1", K::Count},
                  {"sensor_requests_resent", "1", K::Count},
                  {"stale", "", K::Value}};
    d.liveRate = ratelimits::kGimbalStates;
    d.makeEmulator = [](const LinkContext &, QString *) -> Worker * {
        return new RflySimEmulator(RflySimEmulatorConfig{});
    };
    // Under the stand-in the link sends its requests to the stand-in's bound port and listens on
    // any free ports (unless given); linkStarted tells the stand-in where to send gimbal state.
    d.makeLink = [](const LinkContext &ctx, QString *error) -> Worker * {
        auto *emu = ctx.addressGiven() ? nullptr : static_cast<RflySimEmulator *>(ctx.emulator);
        const LinkOptions &o = ctx.options;
        RflySimLinkConfig c;
        c.window = o.get<int>(QStringLiteral("rflysim-window"), 0);
        const QString multicast =
            o.get<QString>(QStringLiteral("rflysim-multicast"), QStringLiteral("auto"));
        c.multicast = multicast == QLatin1String("on")    ? RflySimLinkConfig::Multicast::On
                      : multicast == QLatin1String("off") ? RflySimLinkConfig::Multicast::Off
                                                          : RflySimLinkConfig::Multicast::Auto;
        c.lidarInt16RangeM = float(o.get<double>(QStringLiteral("rflysim-lidar-range"), 100.0));
        const bool statePortGiven = o.has(QStringLiteral("rflysim-state-port"));
        const bool sensorPortGiven = o.has(QStringLiteral("rflysim-sensor-port"));
        if (emu) {
            c.host = QStringLiteral("127.0.0.1");
            c.requestPort = emu->boundRequestPort();
            c.statePort = quint16(o.get<uint>(QStringLiteral("rflysim-state-port"), 0));
            c.sensorPort = quint16(o.get<uint>(QStringLiteral("rflysim-sensor-port"), 0));
            c.sensors = RflySimEmulator::servedSensors(); // frames the stand-in produces
        } else if (ctx.addressGiven() || o.has(QStringLiteral("rflysim"))) {
            c.host =
                ctx.addressGiven() ? ctx.address->host : o.get<QString>(QStringLiteral("rflysim"));
            if (ctx.addressGiven() && ctx.address->port != 0)
                c.requestPort = ctx.address->port;
            c.statePort = statePortGiven
                              ? quint16(o.get<uint>(QStringLiteral("rflysim-state-port")))
                              : rfly::kDefaultStatePort;
            c.sensorPort = sensorPortGiven
                               ? quint16(o.get<uint>(QStringLiteral("rflysim-sensor-port")))
                               : rfly::kDefaultSensorPort;
        } else {
            *error = QStringLiteral("rflysim: no address");
            return nullptr;
        }
        return new RflySimLink(c);
    };
    d.linkStarted = [](Worker *link, Worker *emulator) {
        if (emulator)
            QMetaObject::invokeMethod(
                emulator, "setStatePort", Qt::QueuedConnection,
                Q_ARG(quint16, static_cast<RflySimLink *>(link)->boundStatePort()));
    };
    return d;
}

} // namespace hil::links
