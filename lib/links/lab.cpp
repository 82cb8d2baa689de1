// The lab link (docs/lab.md): publishes this station on an MQTT 5 broker and takes the lab's
// remote STOP. It consumes what the Station routes (SimFrames, platform replies, events, the
// session.json object) and moves nobody itself: its STOP goes to the Station's one STOP.
#include "core/post.h"
#include "lab/labconfig.h"
#include "lab/labpublisher.h"
#include "links/builtin.h"
#include "links/registration.h"
#include "raven/platformsample.h"

#include <QJsonArray>

namespace hil::links {

namespace {
lab::LabPublisher *lab(Worker *w)
{
    return static_cast<lab::LabPublisher *>(w);
}

OptionSpec textOption(const char *name, const char *valueName, const char *description,
                      std::function<bool(const QString &)> valid, const QString &expected,
                      bool hidden = false)
{
    OptionSpec s;
    s.name = QLatin1String(name);
    s.valueName = QLatin1String(valueName);
    s.description = QLatin1String(description);
    s.hidden = hidden;
    s.parse = [valid, expected](const QString &text, QVariant *value, QString *why) {
        if (!valid(text)) {
            *why = expected;
            return false;
        }
        *value = text;
        return true;
    };
    return s;
}

bool nonEmpty(const QString &t)
{
    return !t.trimmed().isEmpty();
}

/// The platform's reply as the lab's `platform` message carries it (the lab module knows no
/// RavenAPI type).
QJsonObject platformJson(const PlatformSample &s)
{
    QJsonArray motors;
    for (bool ok : s.status.motorOk)
        motors.append(ok);
    QJsonObject o{{"mode", lab::platformModeName(s.status.mode)},
                  {"mode_id", s.status.mode},
                  {"status_word", qint64(s.status.raw)},
                  {"thermal", s.status.thermal == 0 ? QStringLiteral("NORMAL")
                                                    : QStringLiteral("OVERHEAT PROTECTION")},
                  {"thermal_id", s.status.thermal},
                  {"motors_ok", motors}};
    if (s.hasPose)
        o.insert(QStringLiteral("pose"), QJsonObject{{"surge_m", s.positionM[0]},
                                                     {"sway_m", s.positionM[1]},
                                                     {"heave_m", s.positionM[2]},
                                                     {"roll_rad", s.anglesRad[0]},
                                                     {"pitch_rad", s.anglesRad[1]},
                                                     {"yaw_rad", s.anglesRad[2]}});
    return o;
}

} // namespace

LinkDescriptor labDescriptor()
{
    using K = CounterSpec::Kind;
    LinkDescriptor d;
    d.name = QStringLiteral("lab");
    d.title = QStringLiteral(QT_TRANSLATE_NOOP("hil::LinkTitle", "Lab broker"));
    OptionSpec url = textOption(
        "lab", "URL", "Publish this station to the lab's MQTT broker (mqtt:// or mqtts://).",
        [](const QString &t) {
            lab::BrokerUrl u;
            QString why;
            return lab::parseBrokerUrl(t, &u, &why);
        },
        QStringLiteral("expected mqtt://HOST[:PORT] or mqtts://HOST[:PORT], without credentials"));
    url.parse = [](const QString &text, QVariant *value, QString *why) {
        lab::BrokerUrl u;
        if (!lab::parseBrokerUrl(text, &u, why))
            return false;
        *value = u.text(); // canonical, never with credentials
        return true;
    };
    d.options = {
        url,
        textOption("rig", "NAME", "This rig's name in the lab's topics (default: the host name).",
                   lab::isValidRigName, QStringLiteral("expected 1-64 of A-Z a-z 0-9 _ -")),
        textOption("lab-user", "USER", "User name at the lab broker.", nonEmpty,
                   QStringLiteral("expected a user name")),
        textOption("lab-password-file", "FILE",
                   "File whose first line is the lab broker's password.", nonEmpty,
                   QStringLiteral("expected a file")),
        textOption("lab-ca", "FILE",
                   "CA certificate(s) the broker's TLS certificate must chain "
                   "to (PEM).",
                   nonEmpty, QStringLiteral("expected a file")),
        textOption("lab-cert", "FILE", "This rig's TLS client certificate (PEM).", nonEmpty,
                   QStringLiteral("expected a file")),
        textOption("lab-key", "FILE", "The private key of --lab-cert (PEM).", nonEmpty,
                   QStringLiteral("expected a file")),
        numberOption("lab-rate", "HZ", "State messages per second to the lab (50).", 0.1, 1000.0,
                     QStringLiteral("expected a rate 0.1..1000")),
        numberOption("lab-backoff-max", "SECONDS",
                     "Longest wait between reconnection attempts to the lab broker (2).", 0.25,
                     600.0, QStringLiteral("expected 0.25..600 seconds")),
    };
    OptionSpec keepAlive = integerOption("lab-keepalive", "SECONDS", "MQTT keep-alive (5).", 1, 600,
                                         QStringLiteral("expected 1..600 seconds"));
    keepAlive.hidden = true; // tests: a frozen rig's Last Will within seconds
    OptionSpec buffer =
        integerOption("lab-event-buffer", "N", "Events kept while the broker is away (1000).", 1,
                      1000000, QStringLiteral("expected 1..1000000"));
    buffer.hidden = true;
    d.options.push_back(keepAlive);
    d.options.push_back(buffer);
    d.addressOption = QStringLiteral("lab");
    d.observer = true;
    d.instructorCheck = [](const LinkOptions &o) {
        return o.has(QStringLiteral("lab"))
                   ? QString()
                   : QStringLiteral("--instructor needs --lab mqtt://HOST or mqtts://HOST");
    };
    d.counters = {{"connected", "", K::Value},           {"connects", "1", K::Count},
                  {"connect_failures", "1", K::Error},   {"connections_lost", "1", K::Error},
                  {"backoff_s", "s", K::Value},          {"state_published", "1", K::Throughput},
                  {"state_dropped", "1", K::Count},      {"unwritten", "1", K::Value},
                  {"platform_published", "1", K::Count}, {"links_published", "1", K::Count},
                  {"events_published", "1", K::Count},   {"events_queued", "1", K::Value},
                  {"events_dropped", "1", K::Error},     {"publish_errors", "1", K::Error},
                  {"commands_received", "1", K::Count},  {"commands_refused", "1", K::Error},
                  {"stops_requested", "1", K::Count},    {"stops_without_reply", "1", K::Count},
                  {"replies_sent", "1", K::Count}};
    d.makeLink = [](const LinkContext &ctx, QString *error) -> Worker * {
        lab::LabConfig cfg;
        const QString url = ctx.addressGiven() ? ctx.address->host
                                               : ctx.options.get<QString>(QStringLiteral("lab"));
        if (!lab::configFromOptions(ctx.options, url, &cfg, error))
            return nullptr;
        return new lab::LabPublisher(cfg);
    };
    d.simFramesIn = [](Worker *w, const SimFrame &f) { lab(w)->onSimFrame(f); };
    d.platformSamplesIn = [](Worker *w, const PlatformSample &s) {
        tsanArrived(s);
        lab(w)->onPlatform(platformJson(s));
    };
    d.pilotIn = [](Worker *w, const PilotControls &c) { lab(w)->onPilot(c); };
    d.eventsIn = [](Worker *w, const Event &e) { lab(w)->onEvent(e); };
    d.countersIn = [](Worker *w, const QJsonObject &s) { lab(w)->onCounters(s); };
    d.rigCheckIn = [](Worker *w, const QJsonObject &summary) {
        postTo(lab(w), [l = lab(w), summary] { l->publishRigCheck(summary); });
    };
    d.stopRequestsOut = [](Worker *w, QObject *context, std::function<void(quint64, QString)> fn) {
        return QObject::connect(
            lab(w), &lab::LabPublisher::stopRequested, context,
            tsanSlot([fn](quint64 id, const QString &requester) { fn(id, requester); }),
            Qt::QueuedConnection);
    };
    d.stopAnswered = [](Worker *w, quint64 id, bool ok, int mode, const QString &why) {
        postTo(lab(w), [l = lab(w), id, ok, mode, why] { l->answerStop(id, ok, mode, why); });
    };
    return d;
}

} // namespace hil::links
