// RflySim3D (UDP): gimbal requests out, gimbal state and sensor frames (camera, LiDAR) in. No
// routed streams; the Gimbal panel talks to the link directly.
#include "links/builtin.h"
#include "links/registration.h"
#include "rflysim/rflysimemulator.h"
#include "rflysim/rflysimlink.h"

#include <QJsonArray>

namespace hil::links {

namespace {
// The rig check (docs/rig-check.md): every requested sensor streaming, the gimbal's states.
void judgeRflySim(const RigCheckInput &in, rigcheck::Builder &b)
{
    using namespace rigcheck;
    if (!in.self)
        return;
    const TypedWindow<RflySimHealth> w = in.self->typed<RflySimHealth>();
    QStringList silent;
    int streaming = 0;
    for (const RflySimHealth::Sensor &s : w.last.sensors) {
        if (s.state == SensorWatch::State::Streaming)
            ++streaming;
        else
            silent << QStringLiteral("type %1 on port %2 %3")
                          .arg(s.typeId)
                          .arg(s.port)
                          .arg(QLatin1String(SensorWatch::stateName(s.state)));
    }
    b.add(in.name, "rflysim.sensors", silent.isEmpty() ? Verdict::Pass : Verdict::Fail,
          silent.isEmpty() ? QT_TRANSLATE_NOOP("RigCheckFigure", "%1 streaming")
                           : QT_TRANSLATE_NOOP("RigCheckFigure", "%1 streaming; %2"),
          {number(streaming), text(silent.join(QStringLiteral("; ")))});
    constexpr RateLimit limit = ratelimits::kGimbalStates;
    const double gimbal = rate(w, &RflySimHealth::gimbalStatesReceived);
    b.add(in.name, "rflysim.gimbal", rateVerdict(limit, gimbal),
          QT_TRANSLATE_NOOP("RigCheckFigure", "%1 states/s"), {number(gimbal, 1)});
}
} // namespace

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
    d.rigChecks = LinkDescriptor::RigChecks{
        {
            {"rflysim.sensors",
             QT_TRANSLATE_NOOP("RigCheck", "RflySim: every requested sensor streaming"),
             QT_TRANSLATE_NOOP(
                 "RigCheck",
                 "A sensor sends no frames. Start RflySim3D, check --rflysim-window, that "
                 "this edition offers the sensor, and the firewall for the sensor's port.")},
            {"rflysim.gimbal", QT_TRANSLATE_NOOP("RigCheck", "RflySim: gimbal states per second"),
             QT_TRANSLATE_NOOP(
                 "RigCheck",
                 "RflySim3D sends no gimbal state. Check that the scene has a gimbal camera "
                 "and that its state port is open in the firewall.")},
        },
        judgeRflySim,
        40,
        [](const Worker *w) {
            return rigcheck::TypedSample::of(static_cast<const RflySimLink *>(w)->health());
        }};
    return d;
}

} // namespace hil::links
