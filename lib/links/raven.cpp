// The Iris Dynamics motion platform (RavenAPI over UDP): consumes SimFrames as cues, moves a
// person (STOP, exit park), records platform.csv and cues.csv and plots the reported pose.
#include "core/post.h"
#include "links/builtin.h"
#include "links/registration.h"
#include "model/rotation.h"
#include "raven/cueingfile.h"
#include "raven/loopguard.h"
#include "raven/platformsample.h"
#include "raven/ravencodec.h"
#include "raven/ravenemulator.h"
#include "raven/ravenlink.h"
#include "session/records.h"
#include "session/sessionrecorder.h"
#include "telemetry/telemetryhub.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <array>
#include <cmath>
#include <limits>
#include <optional>

namespace hil::links {

namespace {
PlatformRow platformRow(const PlatformSample &s)
{
    PlatformRow row;
    row.monotonicNs = s.monotonicNs;
    row.messageId = s.id;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    row.surgeM = s.hasPose ? s.positionM[0] : nan;
    row.swayM = s.hasPose ? s.positionM[1] : nan;
    row.heaveM = s.hasPose ? s.positionM[2] : nan;
    row.rollRad = s.hasPose ? s.anglesRad[0] : nan;
    row.pitchRad = s.hasPose ? s.anglesRad[1] : nan;
    row.yawRad = s.hasPose ? s.anglesRad[2] : nan;
    row.statusWord = s.status.raw;
    row.decodeStatus();
    row.hasPlatformTime = s.hasTimestamp;
    row.platformTimeUs = s.platformTimeUs;
    return row;
}
CueRow cueRow(const CueSample &s)
{
    CueRow row;
    row.monotonicNs = s.monotonicNs;
    row.messageId = s.frame.id;
    row.wordCount = s.frame.words;
    row.words = s.frame.payload;
    row.cueGain = s.cueGain;
    row.masterGain = s.masterGain;
    row.origin = int(s.origin);
    row.holds = s.holds;
    row.zeroed = s.cueGain <= 0.0;
    return row;
}
/// "S,W,H,R,P,Y" (mm ×3, degrees ×3, C locale) → travel in m and rad; nullopt when malformed.
std::optional<std::array<double, 6>> parseReach(const QString &text)
{
    std::vector<double> v;
    if (!parseNumberList(text, 6, &v))
        return std::nullopt;
    std::array<double, 6> r{};
    for (std::size_t i = 0; i < 6; ++i) {
        if (!(v[i] > 0.0))
            return std::nullopt;
        r[i] = i < 3 ? v[i] / 1000.0 : degToRad(v[i]);
    }
    return r;
}
RavenLink *raven(Worker *w)
{
    return static_cast<RavenLink *>(w);
}

// The rig check (docs/rig-check.md): replies, the firewall, status, temperatures, firmware, the
// axis check and the cue frame. The transport delay (its text is listed here) is judged by the
// rig check itself from the measurement's typed result.
void judgeRaven(const RigCheckInput &in, rigcheck::Builder &b)
{
    using namespace rigcheck;
    if (!in.self)
        return;
    const TypedWindow<RavenHealth> w = in.self->typed<RavenHealth>();
    const RavenHealth &h = w.last;
    constexpr RateLimit limit = ratelimits::kPlatformReplies;
    const double replies = rate(w, &RavenHealth::framesReceived);
    b.add(in.name, "raven.replies", rateVerdict(limit, replies),
          QT_TRANSLATE_NOOP("RigCheckFigure", "%1 replies/s"), {number(replies)});
    if (!in.firewall.level.isEmpty())
        b.add(in.name, "raven.firewall",
              in.firewall.level == QLatin1String("fail")   ? Verdict::Fail
              : in.firewall.level == QLatin1String("warn") ? Verdict::Warn
                                                           : Verdict::Pass,
              "%1", {text(in.firewall.figure)});
    if (limit.level(replies) == RateLimit::Level::Bad)
        return; // what follows is read from the replies
    QStringList bad;
    for (std::size_t i = 0; i < h.motorsOk.size(); ++i)
        if (!h.motorsOk[i])
            bad << QString::number(i + 1);
    b.add(in.name, "raven.status", bad.isEmpty() ? Verdict::Pass : Verdict::Fail,
          bad.isEmpty() ? QT_TRANSLATE_NOOP("RigCheckFigure", "status word 0x%1, motors OK")
                        : QT_TRANSLATE_NOOP("RigCheckFigure", "status word 0x%1, motor %2 not OK"),
          {text(QString::number(h.statusWord, 16)), text(bad.join(QStringLiteral(", ")))});
    double hottest = 0.0;
    for (double t : h.temperaturesC)
        hottest = std::max(hottest, t);
    // The status word's thermal bits: 0 normal, 1 overheat protection, others unknown.
    b.add(in.name, "raven.temperatures",
          !h.haveStatus    ? Verdict::Warn
          : h.thermal == 0 ? Verdict::Pass
          : h.thermal == 1 ? Verdict::Fail
                           : Verdict::Warn,
          QT_TRANSLATE_NOOP("RigCheckFigure", "hottest %1 °C, %2"),
          {number(hottest),
           text(h.haveStatus ? raven::thermalName(h.thermal) : QStringLiteral("UNKNOWN"))});
    b.add(in.name, "raven.firmware", h.firmware.isEmpty() ? Verdict::Warn : Verdict::Pass,
          h.firmware.isEmpty() ? QT_TRANSLATE_NOOP("RigCheckFigure", "not reported") : "%1",
          {text(h.firmware)});
    // passed / failed / never, and when (the store's time, where it has one).
    using Summary = raven::AxisCheckStore::Status::Summary;
    const Summary result = h.axisCheck  ? h.axisCheck->summary
                           : h.axisHeld ? Summary::Failed // before the link opened: its flags
                           : h.axisCheckPassed ? Summary::Passed
                                               : Summary::Never;
    const FigureArg resultWord =
        result == Summary::Passed   ? word(QT_TRANSLATE_NOOP("RigCheckFigure", "passed"))
        : result == Summary::Failed ? word(QT_TRANSLATE_NOOP("RigCheckFigure", "failed"))
        : result == Summary::Never  ? word(QT_TRANSLATE_NOOP("RigCheckFigure", "never"))
                                    : text(raven::AxisCheckStore::summaryName(result));
    // As counter axis_check writes it: UTC, ISO 8601.
    const QString when = h.axisCheck && h.axisCheck->lastTime.isValid()
                             ? h.axisCheck->lastTime.toUTC().toString(Qt::ISODate)
                             : QString();
    b.add(in.name, "raven.axis_check",
          result == Summary::Passed   ? Verdict::Pass
          : result == Summary::Failed ? Verdict::Fail
                                      : Verdict::Warn,
          when.isEmpty() ? "%1" : "%1 (%2)", {resultWord, text(when)});
    b.add(in.name, "raven.frame", h.cueFrame == 5 ? Verdict::Warn : Verdict::Pass,
          QT_TRANSLATE_NOOP("RigCheckFigure", "frame %1"), {number(h.cueFrame)});
}
} // namespace

LinkDescriptor ravenDescriptor()
{
    using K = CounterSpec::Kind;
    LinkDescriptor d;
    d.name = QStringLiteral("raven");
    d.title = QStringLiteral(QT_TRANSLATE_NOOP("hil::LinkTitle", "Motion platform"));
    d.options = {
        endpointOption("raven", "Motion platform to send RavenAPI frames to (port 9200).", 9200),
        portOption("raven-listen", "Local UDP port for the platform's replies (9201)."),
        choiceOption("raven-frame", "5|21|85", "Cueing frame type: 5, 21 or 85 (21).",
                     {QStringLiteral("5"), QStringLiteral("21"), QStringLiteral("85")},
                     QStringLiteral("expected 5, 21 or 85")),
        choiceOption("raven-mode", "off|level-brake|loading|cueing",
                     "Mode to request once the platform answers (unattended runs).",
                     {QStringLiteral("off"), QStringLiteral("level-brake"),
                      QStringLiteral("loading"), QStringLiteral("cueing")},
                     QStringLiteral("expected off, level-brake, loading or cueing")),
        OptionSpec{QStringLiteral("raven-reach"), QStringLiteral("S,W,H,R,P,Y"),
                   QStringLiteral("The platform's travel from neutral for the end-stop guard: "
                                  "surge, sway, heave in mm, roll, pitch, yaw in degrees "
                                  "(120,110,80,12,12,16; the stand-in's own with --emulate)."),
                   [](const QString &text, QVariant *value, QString *expected) {
                       if (!parseReach(text)) {
                           *expected = QStringLiteral(
                               "expected six positive numbers: mm, mm, mm, deg, deg, deg");
                           return false;
                       }
                       *value = text;
                       return true;
                   }},
    };
    d.addressOption = QStringLiteral("raven");
    d.panel = QStringLiteral("motion");
    d.endpointHostKey = QStringLiteral("platform_host");
    d.endpointPortKey = QStringLiteral("platform_port");
    d.counters = {{"frames_sent", "1", K::Count},      {"frames_received", "1", K::Throughput},
                  {"crc_errors", "1", K::Error},       {"watchdog_trips", "1", K::Error},
                  {"send_errors", "1", K::Error},      {"bytes_discarded", "B", K::Count},
                  {"unknown_ids", "1", K::Count},      {"clamped", "1", K::Count},
                  {"mode_requests", "1", K::Count},    {"rtt_ms_p50", "ms", K::Value},
                  {"mode_requested", "", K::Value},    {"mode", "", K::Value},
                  {"thermal", "", K::Value},           {"motors_ok", "", K::Value},
                  {"status_word", "", K::Value},       {"cue_gain", "1", K::Value},
                  {"stopped", "", K::Value},           {"pilot_stops", "1", K::Count},
                  {"pilot_stop_mapped", "", K::Value}, {"enabling", "", K::Value},
                  {"cue_frames_zeroed", "1", K::Count}};
    d.liveRate = ratelimits::kPlatformReplies;
    d.makeEmulator = [](const LinkContext &, QString *) -> Worker * {
        return new RavenEmulator(0);
    };
    d.makeLink = [](const LinkContext &ctx, QString *error) -> Worker * {
        RavenLinkConfig cfg;
        const auto given = endpointOf(ctx.options, QStringLiteral("raven"));
        auto *emu = static_cast<RavenEmulator *>(ctx.emulator);
        const bool emulated = !ctx.addressGiven() && emu;
        if (ctx.addressGiven()) {
            cfg.host = ctx.address->host;
            cfg.port = ctx.address->port != 0 ? ctx.address->port : 9200;
        } else if (emulated) { // --emulate points the link at the stand-in
            cfg.host = QStringLiteral("127.0.0.1");
            cfg.port = emu->port();
        } else if (given) {
            cfg.host = given->host;
            cfg.port = given->port;
        } else {
            *error = QStringLiteral("raven: no address");
            return nullptr;
        }
        const bool local = emulated || cfg.host == QLatin1String("127.0.0.1");
        cfg.listenPort =
            quint16(ctx.options.get<uint>(QStringLiteral("raven-listen"), local ? 0 : 9201));
        cfg.cueing.frameId =
            ctx.options.get<QString>(QStringLiteral("raven-frame"), QStringLiteral("21")).toInt();
        cfg.safety.unattendedMode = raven::modeFromOption(
            ctx.options.get<QString>(QStringLiteral("raven-mode"))); // -1: none
        // The end-stop guard's travel: given, else the stand-in's when it is the platform, else
        // the documented assumption (LoopGuardSettings).
        if (const auto reach = parseReach(ctx.options.get<QString>(QStringLiteral("raven-reach"))))
            cfg.safety.guard.reach = *reach;
        else if (emulated)
            cfg.safety.guard.reach = {RavenEmulator::kStrokeM,   RavenEmulator::kStrokeM,
                                      RavenEmulator::kStrokeM,   RavenEmulator::kStrokeRad,
                                      RavenEmulator::kStrokeRad, RavenEmulator::kStrokeRad};
        return new RavenLink(cfg);
    };
    d.simFramesIn = [](Worker *w, const SimFrame &f) { raven(w)->onSimFrame(f); };
    d.loopHealthIn = [](Worker *w, const LoopHealth &h) { raven(w)->onLoopHealth(h); };
    d.pilotIn = [](Worker *w, const PilotControls &c) { raven(w)->onPilot(c); };
    d.movesRider = true;
    d.record = [](Worker *w, SessionRecorder *rec, const Track &track) {
        track(QObject::connect(
            raven(w), &RavenLink::platformSample, rec,
            tsanSlot([rec](const PlatformSample &s) { rec->recordPlatform(platformRow(s)); }),
            Qt::DirectConnection));
        // cues.csv: every cue frame as sent, handed over in the link's thread (a copy under the
        // recorder's lock, as platform.csv's rows are), so the link never waits on the file.
        track(QObject::connect(raven(w), &RavenLink::cueSent, rec,
                               tsanSlot([rec](const CueSample &s) { rec->recordCue(cueRow(s)); }),
                               Qt::DirectConnection));
    };
    d.platformSamplesOut = streamOut(&RavenLink::platformSample);
    d.telemetry = [](Worker *w, TelemetryHub *hub, const Track &track) {
        static const char *const kAxes[] = {"surge_m", "sway_m", "heave_m", "roll", "pitch", "yaw"};
        std::array<int, 6> ids{};
        for (int i = 0; i < 6; ++i)
            ids[i] = hub->declare(QStringLiteral("raven/") + QLatin1String(kAxes[i]),
                                  i < 3 ? "m" : "rad");
        track(QObject::connect(
            raven(w), &RavenLink::platformSample, hub,
            tsanSlot([hub, ids, period = periodProbe(hub, QStringLiteral("raven"))](
                         const PlatformSample &s) mutable {
                period(s.monotonicNs);
                if (!s.hasPose)
                    return;
                const double t = hub->fromMonotonicNs(s.monotonicNs);
                for (int i = 0; i < 3; ++i) {
                    hub->pushValue(ids[i], t, s.positionM[i]);
                    hub->pushValue(ids[i + 3], t, s.anglesRad[i]);
                }
            }),
            Qt::DirectConnection));
    };
    LinkDescriptor::Motion m;
    m.emergencyStop = [](Worker *w) { postTo(raven(w), [l = raven(w)] { l->emergencyStop(); }); };
    m.park = [](Worker *w) { postTo(raven(w), [l = raven(w)] { l->park(); }); };
    m.onParked = [](Worker *w, QObject *context, std::function<void(bool, QString)> fn) {
        return QObject::connect(raven(w), &RavenLink::parked, context,
                                tsanSlot([fn](bool ok, const QString &text) { fn(ok, text); }),
                                Qt::QueuedConnection);
    };
    m.reportedMode = [](const Worker *w) {
        return static_cast<const RavenLink *>(w)->reportedMode();
    };
    // The link's typed snapshot (10 Hz), with the mode as of now.
    m.status = [](const Worker *w) {
        MotionStatus st = static_cast<const RavenLink *>(w)->health().motion;
        st.reportedMode = static_cast<const RavenLink *>(w)->reportedMode();
        return st;
    };
    m.applyCueing = [](Worker *w, const QByteArray &file, std::function<void(bool, QString)> done) {
        raven::CueingSettings s;
        QString why;
        if (!raven::parseCueingFile(file, &s, &why)) {
            postTo(qApp, [done, why] { done(false, why); });
            return;
        }
        // The mode is checked in the link's thread, right before the settings change: it may
        // have changed while the operator was asked.
        postTo(raven(w), [l = raven(w), s, done] {
            const bool cueing = l->reportedMode() == raven::ModeCueing;
            if (!cueing)
                l->setCueingSettings(s);
            postTo(qApp, [done, cueing] {
                done(!cueing, cueing ? QStringLiteral("the platform is CUEING") : QString());
            });
        });
    };
    d.motion = m;
    LinkDescriptor::TransportDelay td;
    td.start = [](Worker *w, int steps) {
        postTo(raven(w), [l = raven(w), steps] { l->startTransportDelay(steps); });
    };
    td.result = [](const Worker *w) {
        return static_cast<const RavenLink *>(w)->health().transportDelay;
    };
    d.transportDelay = td;
    LinkDescriptor::PlatformMeasurement pm;
    pm.start = [](Worker *w, const PlatformMeasurementSettings &settings) {
        postTo(raven(w), [l = raven(w), settings] { l->startPlatformMeasurement(settings); });
    };
    pm.result = [](const Worker *w) {
        return static_cast<const RavenLink *>(w)->health().platformMeasurement;
    };
    d.platformMeasurement = pm;
    LinkDescriptor::OmctMeasurement om;
    om.start = [](Worker *w, const OmctMeasurementSettings &settings) {
        postTo(raven(w), [l = raven(w), settings] { l->startOmct(settings); });
    };
    om.result = [](const Worker *w) { return static_cast<const RavenLink *>(w)->health().omct; };
    d.omctMeasurement = om;
    d.rigChecks = LinkDescriptor::RigChecks{
        {
            {"raven.replies", QT_TRANSLATE_NOOP("RigCheck", "Platform: replies arriving"),
             QT_TRANSLATE_NOOP(
                 "RigCheck",
                 "No replies from the platform. Check its power and cable, this PC's address "
                 "on the platform's network, and that the reply port is open in this PC's "
                 "firewall on that network's profile (on Windows a network without a "
                 "gateway is Public).")},
            {"raven.firewall",
             QT_TRANSLATE_NOOP("RigCheck", "Platform: this PC's firewall on the reply port"),
             QT_TRANSLATE_NOOP(
                 "RigCheck",
                 "The firewall blocks the platform's replies on this network's profile. "
                 "Reinstall the program (the installer allows its ports on every profile, "
                 "local subnet only) or remove the block rule named in the figure (Windows "
                 "Defender Firewall → Advanced settings → Inbound Rules).")},
            {"raven.status", QT_TRANSLATE_NOOP("RigCheck", "Platform: status word and motors"),
             QT_TRANSLATE_NOOP(
                 "RigCheck",
                 "A motor reports a fault. Keep the seat empty and check the platform with "
                 "the vendor's tools.")},
            {"raven.temperatures", QT_TRANSLATE_NOOP("RigCheck", "Platform: actuator temperatures"),
             QT_TRANSLATE_NOOP("RigCheck",
                               "The actuators are hot. Let the platform cool in LEVEL BRAKE before "
                               "anyone rides.")},
            {"raven.firmware", QT_TRANSLATE_NOOP("RigCheck", "Platform: firmware reported"),
             QT_TRANSLATE_NOOP(
                 "RigCheck",
                 "The platform did not report its firmware. Check that it runs the vendor's "
                 "RavenAPI firmware.")},
            {"raven.axis_check",
             QT_TRANSLATE_NOOP("RigCheck", "Platform: the axis check at this address, and when"),
             QT_TRANSLATE_NOOP(
                 "RigCheck",
                 "Run the axis check on every axis with the seat empty (Motion panel → Axis "
                 "check…). A failed check holds the simulator's cues at neutral until every "
                 "axis passes.")},
            {"raven.frame", QT_TRANSLATE_NOOP("RigCheck", "Platform: cue frame"),
             QT_TRANSLATE_NOOP(
                 "RigCheck",
                 "Frame 5 leaves gravity's tilt to the platform's own cueing. Use frame 21 "
                 "unless the platform's vendor says otherwise.")},
            {"raven.transport_delay",
             QT_TRANSLATE_NOOP("RigCheck",
                               "Platform: transport delay, cue step to the seat moving"),
             QT_TRANSLATE_NOOP(
                 "RigCheck",
                 "The delay from a step at the program's input to the seat's first motion "
                 "exceeds 150 ms (Part 60 Levels C and D) or 300 ms (Levels A and B). Check "
                 "the network to the platform, the platform's own filters, and this PC's "
                 "load.")},
        },
        judgeRaven,
        30,
        // The motion link's role: the pilot's checks read whether STOP is mapped from here.
        [](const Worker *w) {
            const RavenHealth h = static_cast<const RavenLink *>(w)->health();
            return rigcheck::TypedSample::of(h, rigcheck::MotionRoleFacts{h.pilotStopMapped});
        }};
    return d;
}

} // namespace hil::links
