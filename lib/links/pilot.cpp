// The input link ("pilot"): the pilot's joystick, gamepad or transmitter (SDL2), or RealFlight's
// transmitter offered by the FlightAxis link, mapped to the pilot's controls. Consumes the
// transmitter stream, produces the pilot stream (docs/connecting.md, "Flying by hand"); records
// every sample in pilot.csv and plots it under `pilot/` (docs/cli-and-session.md).
#include "input/pilotlink.h"
#include "links/builtin.h"
#include "links/registration.h"
#include "session/sessionrecorder.h"
#include "telemetry/telemetryhub.h"

#include <QFileInfo>
#include <QJsonArray>

namespace hil::links {

namespace {
input::PilotLink *pilot(Worker *w)
{
    return static_cast<input::PilotLink *>(w);
}

/// realflight | joystick[:INDEX|NAME] into the link's source fields; false when it is neither.
bool parseSource(const QString &text, input::PilotLinkConfig *c)
{
    const QString t = text.trimmed();
    if (t.compare(QLatin1String("realflight"), Qt::CaseInsensitive) == 0) {
        c->source = input::PilotLinkConfig::Source::RealFlight;
        return true;
    }
    if (!t.startsWith(QLatin1String("joystick"), Qt::CaseInsensitive))
        return false;
    const QString rest = t.mid(8);
    c->source = input::PilotLinkConfig::Source::Joystick;
    if (rest.isEmpty())
        return true;
    if (!rest.startsWith(QLatin1Char(':')) || rest.size() == 1)
        return false;
    bool isIndex = false;
    const int index = rest.mid(1).toInt(&isIndex);
    if (isIndex && index >= 0)
        c->joystickIndex = index;
    else if (isIndex)
        return false;
    else
        c->joystickName = rest.mid(1);
    return true;
}

// The rig check (docs/rig-check.md): a calibrated device, and STOP mapped on it (read from the
// motion link, which takes the pilot's STOP).
void judgePilot(const RigCheckInput &in, rigcheck::Builder &b)
{
    using namespace rigcheck;
    if (!in.self)
        return;
    const input::PilotHealth h = in.self->typed<input::PilotHealth>().last;
    b.add(in.name, "pilot.device",
          !h.uncalibrated.isEmpty() ? Verdict::Fail
          : h.active                ? Verdict::Pass
                                    : Verdict::Warn,
          !h.uncalibrated.isEmpty() ? QT_TRANSLATE_NOOP("RigCheckFigure", "not calibrated: %1")
          : h.active                ? "%1"
                                    : QT_TRANSLATE_NOOP("RigCheckFigure", "no device"),
          {text(!h.uncalibrated.isEmpty() ? h.uncalibrated.first() : h.device)});
    if (in.motion && h.active) {
        const bool mapped = in.motion->typed<MotionRoleFacts>().last.pilotStopMapped;
        b.add(in.name, "pilot.stop_button", mapped ? Verdict::Pass : Verdict::Warn,
              mapped ? QT_TRANSLATE_NOOP("RigCheckFigure", "mapped")
                     : QT_TRANSLATE_NOOP("RigCheckFigure", "not mapped"));
    }
}
} // namespace

LinkDescriptor pilotDescriptor()
{
    using K = CounterSpec::Kind;
    LinkDescriptor d;
    d.name = QStringLiteral("pilot");
    d.title = QStringLiteral(QT_TRANSLATE_NOOP("hil::LinkTitle", "Pilot input"));

    OptionSpec source;
    source.name = QStringLiteral("pilot");
    source.valueName = QStringLiteral("realflight|joystick[:INDEX|NAME]");
    source.description = QStringLiteral(
        "Fly by hand: RealFlight's transmitter, or a joystick, gamepad or USB transmitter (the "
        "first present, the INDEX-th, or the one whose name contains NAME or whose GUID is NAME).");
    source.parse = [](const QString &text, QVariant *value, QString *expected) {
        input::PilotLinkConfig c;
        if (!parseSource(text, &c)) {
            *expected = QStringLiteral("expected realflight, joystick, joystick:INDEX or "
                                       "joystick:NAME");
            return false;
        }
        *value = text.trimmed();
        return true;
    };
    OptionSpec map;
    map.name = QStringLiteral("pilot-map");
    map.valueName = QStringLiteral("FILE");
    map.description = QStringLiteral(
        "The pilot's mapping file (JSON, per device: axes, reverse, dead-band, expo, "
        "calibration, buttons, the enabling button); default: pilot-map.json in the user's "
        "configuration folder when it exists (the window's setup saves it), else built-in "
        "mappings.");
    map.parse = [](const QString &text, QVariant *value, QString *why) {
        if (!input::readPilotMap(text, why))
            return false;
        *value = text;
        return true;
    };
    OptionSpec virt;
    virt.name = QStringLiteral("pilot-virtual");
    virt.description = QStringLiteral("The input link accepts virtual joysticks (tests).");
    virt.hidden = true;
    d.options = {source, map, virt};
    d.addressOption = QStringLiteral("pilot");
    d.panel = QStringLiteral("pilot");
    d.counters = {{"samples", "1", K::Throughput},
                  {"sample_rate_hz", "Hz", K::Rate},
                  {"devices", "1", K::Value},
                  {"active", "", K::Value},
                  {"stale_events", "1", K::Error},
                  {"devices_found", "1", K::Count},
                  {"transmitter_samples", "1", K::Count},
                  {"bad_samples", "1", K::Error}};
    d.makeLink = [](const LinkContext &ctx, QString *error) -> Worker * {
        const LinkOptions &o = ctx.options;
        input::PilotLinkConfig c;
        if (!parseSource(o.get<QString>(QStringLiteral("pilot"), QStringLiteral("joystick")), &c)) {
            *error = QStringLiteral("pilot: expected realflight or joystick[:INDEX|NAME]");
            return nullptr;
        }
        // --pilot-map, else the file the window's setup saves when there is one.
        const QString mapPath =
            o.get<QString>(QStringLiteral("pilot-map"), input::defaultPilotMapPath());
        if (o.has(QStringLiteral("pilot-map")) || QFileInfo::exists(mapPath)) {
            QString why;
            c.map = input::readPilotMap(mapPath, &why);
            if (!c.map) {
                *error = QStringLiteral("pilot: ") + why;
                return nullptr;
            }
        }
        c.allowVirtual = o.has(QStringLiteral("pilot-virtual"));
        return new input::PilotLink(c);
    };
    d.transmitterIn = [](Worker *w, const PilotSample &s) { pilot(w)->offerTransmitter(s); };
    d.pilotOut = streamOut(&input::PilotLink::pilotControls);
    // pilot.csv and the plots: in the link's thread (both calls are non-blocking), after the
    // consumers' queued deliveries (the router makes those first).
    d.record = [](Worker *w, SessionRecorder *rec, const Track &track) {
        track(QObject::connect(pilot(w), &input::PilotLink::pilotControls, rec,
                               tsanSlot([rec](const PilotControls &c) { rec->recordPilot(c); }),
                               Qt::DirectConnection));
    };
    d.telemetry = [](Worker *w, TelemetryHub *hub, const Track &track) {
        track(QObject::connect(pilot(w), &input::PilotLink::pilotControls, hub,
                               tsanSlot([hub](const PilotControls &c) { hub->push(c); }),
                               Qt::DirectConnection));
    };
    d.rigChecks = LinkDescriptor::RigChecks{
        {
            {"pilot.device", QT_TRANSLATE_NOOP("RigCheck", "Pilot: device present and calibrated"),
             QT_TRANSLATE_NOOP(
                 "RigCheck",
                 "No calibrated pilot device. Plug it in and run the pilot set-up to the "
                 "end (PX4 panel → Pilot → Set up…).")},
            {"pilot.stop_button", QT_TRANSLATE_NOOP("RigCheck", "Pilot: a button mapped to STOP"),
             QT_TRANSLATE_NOOP(
                 "RigCheck",
                 "No button on the pilot's device is mapped to STOP. Map one in the pilot "
                 "set-up so that the pilot can stop the platform without letting go.")},
        },
        judgePilot,
        50,
        // The pilot's role: the autopilot's checks read whether a device flies from here.
        [](const Worker *w) {
            const input::PilotHealth h = static_cast<const input::PilotLink *>(w)->health();
            return rigcheck::TypedSample::of(h, rigcheck::PilotRoleFacts{h.active});
        }};
    return d;
}

} // namespace hil::links
