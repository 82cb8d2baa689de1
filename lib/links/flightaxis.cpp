// RealFlight (FlightAxis SOAP over TCP): the simulator. Produces SimFrames, takes channels.
#include "flightaxis/flightaxisemulator.h"
#include "flightaxis/flightaxislink.h"
#include "links/builtin.h"
#include "links/registration.h"

#include <QJsonArray>

namespace hil::links {

namespace {
/// `--flightaxis-standin-transmitter 0.5,0.5,0,0.5`: the stand-in's transmitter, 0..12 values
/// 0..1 ("" for none). Tests of the input link move RealFlight's controller with it.
OptionSpec standInTransmitterOption()
{
    OptionSpec s;
    s.name = QStringLiteral("flightaxis-standin-transmitter");
    s.valueName = QStringLiteral("V1,V2,...");
    s.description = QStringLiteral(
        "The RealFlight stand-in's transmitter: up to 12 channel values 0..1 (tests).");
    s.hidden = true;
    s.parse = [](const QString &text, QVariant *value, QString *why) {
        QVariantList values;
        const QStringList parts = text.split(QLatin1Char(','), Qt::SkipEmptyParts);
        for (const QString &part : parts) {
            bool ok = false;
            const double v =
                part.trimmed().toDouble(&ok); // QString: always '.', never the locale's
            if (!ok || !(v >= 0.0 && v <= 1.0) || values.size() == 12) {
                *why = QStringLiteral("expected up to 12 comma-separated values 0..1");
                return false;
            }
            values << v;
        }
        *value = values;
        return true;
    };
    return s;
}
/// `--pilot-channels ail=1,ele=2,thr=3,rud=4[,rev=ele+rud]|none`: the RealFlight channels the
/// pilot's device flies while no autopilot runs (model/pilotchannels.h).
OptionSpec pilotChannelsOption()
{
    OptionSpec s;
    s.name = QStringLiteral("pilot-channels");
    s.valueName = QStringLiteral("ail=N,ele=N,thr=N,rud=N[,rev=CTL+CTL]|none");
    s.description = QStringLiteral(
        "The RealFlight channels (1..12) the pilot's device flies while no PX4 runs; the others "
        "stay with RealFlight's own controller. none: never (default ail=1,ele=2,thr=3,rud=4).");
    s.parse = [](const QString &text, QVariant *value, QString *why) {
        const auto map = PilotChannelMap::parse(text, why);
        if (!map)
            return false;
        *value = map->toString();
        return true;
    };
    return s;
}

// The rig check (docs/rig-check.md): RealFlight's exchange rate, its physics time against the
// wall clock, the controller injected and the transmitter seen.
void judgeFlightAxis(const RigCheckInput &in, rigcheck::Builder &b)
{
    using namespace rigcheck;
    if (!in.self)
        return;
    const TypedWindow<FlightAxisHealth> w = in.self->typed<FlightAxisHealth>();
    constexpr RateLimit limit = ratelimits::kFlightAxisExchanges;
    const double r = rate(w, &FlightAxisHealth::exchanges);
    const auto [lo, hi] = rateSpread(w, &FlightAxisHealth::exchanges);
    b.add(in.name, "flightaxis.exchange_rate", rateVerdict(limit, r),
          QT_TRANSLATE_NOOP("RigCheckFigure", "%1 Hz (per second %2-%3 Hz)"),
          {number(r), number(lo), number(hi)});
    // Physics seconds per wall second, against RealFlight's own speed setting.
    // From the first sample with a physics time: a link still connecting at the window's start
    // reports 0 until its first exchange.
    int from = 0;
    while (from + 1 < w.samples.size() && w.samples[from].lastPhysicsTimeS <= 0.0)
        ++from;
    const double wall =
        w.sampleTimesS.isEmpty() ? 0.0 : w.sampleTimesS.last() - w.sampleTimesS.value(from);
    const double physics =
        w.last.lastPhysicsTimeS - (w.samples.isEmpty() ? 0.0 : w.samples[from].lastPhysicsTimeS);
    const double speed = w.last.speedMultiplier > 0 ? w.last.speedMultiplier : 1.0;
    const double ratio = wall > 0 ? physics / wall / speed : 0.0;
    const int stalls = int(fieldOf(w.last, &FlightAxisHealth::stalls) -
                           fieldOf(w.first, &FlightAxisHealth::stalls));
    // 5 %, plus the counters' 10 Hz snapshot: two 0.1 s steps against the window's length.
    const double tolerance = 0.05 + (wall > 0.0 ? 0.2 / wall : 0.0);
    b.add(in.name, "flightaxis.physics_time",
          ratio < 0.5 || ratio > 1.5                        ? Verdict::Fail
          : std::abs(ratio - 1.0) > tolerance || stalls > 0 ? Verdict::Warn
                                                            : Verdict::Pass,
          QT_TRANSLATE_NOOP("RigCheckFigure", "%1 s of physics in %2 s (%3 %), %4 stalls"),
          {number(physics, 2), number(wall, 2), number(ratio * 100.0), number(stalls)});
    const bool injected = w.last.controllerActive;
    b.add(in.name, "flightaxis.controller", injected ? Verdict::Pass : Verdict::Fail,
          injected ? QT_TRANSLATE_NOOP("RigCheckFigure", "injected")
                   : QT_TRANSLATE_NOOP("RigCheckFigure", "not injected"));
    const int channels = w.last.transmitterChannels;
    const double txRate = rate(w, &FlightAxisHealth::transmitterSamples);
    b.add(in.name, "flightaxis.transmitter",
          channels > 0 && txRate > 0 ? Verdict::Pass : Verdict::Warn,
          QT_TRANSLATE_NOOP("RigCheckFigure", "%1 channels, %2 readings/s"),
          {number(channels), number(txRate)});
}
} // namespace

LinkDescriptor flightAxisDescriptor()
{
    using K = CounterSpec::Kind;
    LinkDescriptor d;
    d.name = QStringLiteral("flightaxis");
    d.title = QStringLiteral(QT_TRANSLATE_NOOP("hil::LinkTitle", "RealFlight"));
    d.options = {endpointOption("flightaxis", "RealFlight FlightAxis server (port 18083).", 18083),
                 numberOption("flightaxis-max-rate", "HZ",
                              "At most this many exchanges with RealFlight a second (as many as "
                              "it answers).",
                              1.0, 1000.0, QStringLiteral("expected a rate 1..1000")),
                 standInTransmitterOption(), pilotChannelsOption()};
    d.addressOption = QStringLiteral("flightaxis");
    d.endpointHostKey = QStringLiteral("host");
    d.endpointPortKey = QStringLiteral("port");
    d.counters = {{"exchanges", "1", K::Throughput},
                  {"rate_hz", "Hz", K::Rate},
                  {"faults", "1", K::Error},
                  {"glitches", "1", K::Error},
                  {"timeouts", "1", K::Error},
                  {"parse_errors", "1", K::Error},
                  {"soap_faults", "1", K::Error},
                  {"connect_failures", "1", K::Count},
                  {"reconnects", "1", K::Count},
                  {"stalls", "1", K::Count},
                  {"time_resets", "1", K::Count},
                  {"last_physics_time_s", "s", K::Value},
                  {"speed_multiplier", "1", K::Value},
                  {"controller_active", "", K::Value},
                  {"transmitter_samples", "1", K::Count},
                  {"transmitter_missing", "1", K::Count},
                  {"transmitter_bad", "1", K::Error},
                  {"transmitter_channels", "1", K::Value},
                  {"channel_source", "", K::Value},
                  {"pilot_exchanges", "1", K::Count}};
    d.liveRate = ratelimits::kFlightAxisExchanges;
    d.makeEmulator = [](const LinkContext &ctx, QString *) -> Worker * {
        auto *emulator = new FlightAxisEmulator(0);
        const QString transmitter = QStringLiteral("flightaxis-standin-transmitter");
        if (ctx.options.has(transmitter)) {
            std::vector<double> values;
            for (const QVariant &v : ctx.options.get<QVariantList>(transmitter))
                values.push_back(v.toDouble());
            emulator->setTransmitter(std::move(values));
        }
        return emulator;
    };
    d.makeLink = [](const LinkContext &ctx, QString *error) -> Worker * {
        FlightAxisConfig config;
        const auto given = endpointOf(ctx.options, QStringLiteral("flightaxis"));
        if (ctx.addressGiven()) {
            config.host = ctx.address->host;
            config.port = ctx.address->port != 0 ? ctx.address->port : 18083;
        } else if (auto *emu = static_cast<FlightAxisEmulator *>(ctx.emulator)) {
            config.host = QStringLiteral("127.0.0.1"); // --emulate wins: the port it bound
            config.port = emu->port();
        } else if (given) {
            config.host = given->host;
            config.port = given->port;
        } else {
            *error = QStringLiteral("flightaxis: no address");
            return nullptr;
        }
        config.home = ctx.home;
        if (ctx.options.has(QStringLiteral("flightaxis-max-rate")))
            config.maxExchangeRateHz =
                ctx.options.get<double>(QStringLiteral("flightaxis-max-rate"));
        const QString channels = QStringLiteral("pilot-channels");
        if (ctx.options.has(channels)) {
            QString why;
            const auto map = PilotChannelMap::parse(ctx.options.get<QString>(channels), &why);
            if (!map) {
                *error = QStringLiteral("flightaxis: ") + why;
                return nullptr;
            }
            config.pilotChannels = *map;
        }
        return new FlightAxisLink(config);
    };
    d.simFramesOut = streamOut(&FlightAxisLink::frameReady);
    // RealFlight's own controller, read from every reply: to the input link (transmitterIn).
    d.transmitterOut = streamOut(&FlightAxisLink::transmitterSample);
    // setChannels is mutex-guarded: called in the producer's thread, the channels reach the next
    // ExchangeData without a hop through an event queue.
    d.channelsIn = [](Worker *w, const ChannelFrame &c) {
        static_cast<FlightAxisLink *>(w)->setChannels(c);
    };
    // The pilot's device flies RealFlight while no autopilot does: the router routes the pilot
    // stream here only then and says which (setPilot and setAutopilotFed are thread-safe).
    // The Pilot panel's channel map and what it shows of the pilot's exchanges.
    d.pilotChannels = LinkDescriptor::PilotChannels{
        [](const Worker *w) { return static_cast<const FlightAxisLink *>(w)->pilotChannels(); },
        [](Worker *w, const PilotChannelMap &map) {
            static_cast<FlightAxisLink *>(w)->setPilotChannels(map);
        },
        [](const Worker *w) {
            return static_cast<const FlightAxisLink *>(w)->pilotChannelsState();
        }};
    d.pilotIn = [](Worker *w, const PilotControls &c) {
        static_cast<FlightAxisLink *>(w)->setPilot(c);
    };
    d.autopilotFed = [](Worker *w, bool fed) {
        static_cast<FlightAxisLink *>(w)->setAutopilotFed(fed);
    };
    d.rigChecks = LinkDescriptor::RigChecks{
        {
            {"flightaxis.exchange_rate",
             QT_TRANSLATE_NOOP("RigCheck", "RealFlight: exchanges per second, and their spread"),
             QT_TRANSLATE_NOOP(
                 "RigCheck",
                 "Below 200 exchanges a second the loop is too coarse for PX4 and the "
                 "platform. Run RealFlight on this PC or over a cable rather than Wi-Fi, close "
                 "programs that load either PC, and lower RealFlight's graphics settings.")},
            {"flightaxis.physics_time",
             QT_TRANSLATE_NOOP("RigCheck",
                               "RealFlight: physics time advancing with the wall clock"),
             QT_TRANSLATE_NOOP(
                 "RigCheck",
                 "RealFlight's physics stood still or ran slow. Either its window lost the "
                 "focus with \"Pause Physics When in Background\" set to Yes (Simulation → "
                 "Settings → Physics: set it to No), or the simulation is paused or a menu is "
                 "open (close it and resume). A PC too busy to run it in real time shows "
                 "here too.")},
            {"flightaxis.controller",
             QT_TRANSLATE_NOOP("RigCheck", "RealFlight: the program's controller injected"),
             QT_TRANSLATE_NOOP(
                 "RigCheck",
                 "RealFlight did not take the program's controller. Set FlightAxis Link "
                 "Enabled to Yes (Simulation → Settings → Physics), restart RealFlight, and "
                 "run one FlightAxis client at a time.")},
            {"flightaxis.transmitter",
             QT_TRANSLATE_NOOP("RigCheck", "RealFlight: the transmitter's channels seen"),
             QT_TRANSLATE_NOOP(
                 "RigCheck",
                 "RealFlight sent no transmitter channels. Attach its controller (InterLink, "
                 "a joystick or a transmitter in joystick mode) before starting RealFlight, "
                 "and select it in RealFlight's controller settings.")},
        },
        judgeFlightAxis,
        10,
        [](const Worker *w) {
            return rigcheck::TypedSample::of(static_cast<const FlightAxisLink *>(w)->health());
        }};
    return d;
}

} // namespace hil::links
