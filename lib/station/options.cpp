#include "station/options.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <cmath>

namespace hil {

namespace {

bool parsePort(const QString &text, quint16 *out)
{
    bool ok = false;
    const uint v = text.toUInt(&ok);
    if (!ok || v > 65535)
        return false;
    *out = static_cast<quint16>(v);
    return true;
}

QString bad(const QString &option, const QString &value, const QString &why)
{
    return QStringLiteral("invalid value '%1' for --%2: %3").arg(value, option, why);
}

bool parseHome(const QString &text, GeoPoint *out)
{
    const QStringList parts = text.split(QLatin1Char(','));
    if (parts.size() != 3)
        return false;
    double v[3];
    for (int i = 0; i < 3; ++i) {
        bool ok = false;
        v[i] = parts[i].trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(v[i]))
            return false;
    }
    if (std::fabs(v[0]) > 90 || std::fabs(v[1]) > 180 || std::fabs(v[2]) > 100000)
        return false;
    *out = {v[0], v[1], v[2]};
    return true;
}

} // namespace

bool parseHostPort(const QString &text, quint16 defaultPort, Endpoint *out)
{
    QString host = text.trimmed();
    quint16 port = defaultPort;
    const int colon = host.lastIndexOf(QLatin1Char(':'));
    // A bare IPv6 literal has several colons; only "[v6]:port" or "host:port" carry a port.
    if (colon >= 0 && host.count(QLatin1Char(':')) == 1) {
        if (!parsePort(host.mid(colon + 1), &port))
            return false;
        host.truncate(colon);
    } else if (host.startsWith(QLatin1Char('[')) && host.contains(QLatin1String("]:"))) {
        const int close = host.indexOf(QLatin1String("]:"));
        if (!parsePort(host.mid(close + 2), &port))
            return false;
        host = host.mid(1, close - 1);
    }
    if (host.isEmpty())
        return false;
    *out = {host, port};
    return true;
}

ParseResult parseCommandLine(const QStringList &arguments)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "HIL Station: closes the loop between RealFlight, PX4, a motion platform and RflySim."));
    p.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("Show this help."));
    const QCommandLineOption version(QStringLiteral("version"), QStringLiteral("Show the version."));
    auto opt = [](const char *name, const char *desc, const char *value = nullptr) {
        return value ? QCommandLineOption(QLatin1String(name), QLatin1String(desc), QLatin1String(value))
                     : QCommandLineOption(QLatin1String(name), QLatin1String(desc));
    };
    const auto headless = opt("headless", "Run without a window until --duration or SIGINT/SIGTERM.");
    const auto emulate = opt("emulate", "Start built-in emulators: flightaxis,raven,px4,rflysim or all.", "LIST");
    const auto flightaxis = opt("flightaxis", "RealFlight FlightAxis server (port 18083).", "HOST[:PORT]");
    const auto raven = opt("raven", "Motion platform to send RavenAPI frames to (port 9200).", "HOST[:PORT]");
    const auto ravenListen = opt("raven-listen", "Local UDP port for the platform's replies (9201).", "PORT");
    const auto ravenFrame = opt("raven-frame", "Cueing frame type: 5, 21 or 85 (21).", "5|21|85");
    const auto ravenMode = opt("raven-mode", "Mode to request once the platform answers (unattended runs).",
                               "off|level-brake|loading|cueing");
    const auto px4 = opt("px4", "Listen for PX4 SITL/HITL on this TCP address (127.0.0.1:4560).", "[HOST:]PORT");
    const auto px4Gcs = opt("px4-gcs", "PX4's ground-station MAVLink port, UDP (18570 + PX4 instance).",
                            "[HOST:]PORT");
    const auto px4Takeoff = opt("px4-takeoff", "Arm PX4 and take off to this height (m) once it is ready.", "ALT");
    const auto rflysim = opt("rflysim", "RflySim3D host for gimbal requests (UDP 20010 + window).", "HOST");
    const auto rflyWindow = opt("rflysim-window", "RflySim3D window id (0).", "N");
    const auto rflyState = opt("rflysim-state-port", "UDP port for gimbal state (20006).", "PORT");
    const auto rflySensor = opt("rflysim-sensor-port", "UDP port for sensor data (9999).", "PORT");
    const auto rflyMulticast = opt("rflysim-multicast",
                                   "Join 224.0.0.10 for gimbal state: auto (when the RflySim host is not local), on, off.",
                                   "on|off|auto");
    const auto rflyRange = opt("rflysim-lidar-range",
                               "Range (m) assumed for int16 LiDAR frames of sensors another tool requested (100).",
                               "METRES");
    const auto home = opt("home", "Geodetic origin of the simulator: lat,lon,alt (47.458,8.548,432).", "LAT,LON,ALT");
    const auto duration = opt("duration", "Stop after this many seconds.", "SECONDS");
    const auto logDir = opt("log-dir", "Folder for this session's files.", "DIR");
    p.addOptions({help, version, headless, emulate, flightaxis, raven, ravenListen, ravenFrame, ravenMode,
                  px4, px4Gcs, px4Takeoff, rflysim, rflyWindow, rflyState, rflySensor, rflyMulticast, rflyRange,
                  home, duration, logDir});

    ParseResult r;
    r.options.arguments = arguments;
    if (!p.parse(arguments)) {
        r.action = ParseResult::Error;
        r.message = p.errorText();
        return r;
    }
    if (!p.positionalArguments().isEmpty()) {
        r.action = ParseResult::Error;
        r.message = QStringLiteral("unexpected argument '%1'").arg(p.positionalArguments().first());
        return r;
    }
    if (p.isSet(help)) {
        r.action = ParseResult::ShowHelp;
        r.message = p.helpText();
        return r;
    }
    if (p.isSet(version)) {
        r.action = ParseResult::ShowVersion;
        r.message = QStringLiteral("hilstation %1\n").arg(QLatin1String(HIL_VERSION));
        return r;
    }

    StationOptions &o = r.options;
    auto fail = [&r](const QString &message) {
        r.action = ParseResult::Error;
        r.message = message;
        return r;
    };
    o.headless = p.isSet(headless);
    if (p.isSet(emulate)) {
        for (const QString &raw : p.values(emulate).join(QLatin1Char(',')).split(QLatin1Char(','))) {
            const QString name = raw.trimmed().toLower();
            if (name == QLatin1String("all")) {
                o.emulate = kEmulatorNames;
            } else if (kEmulatorNames.contains(name)) {
                if (!o.emulate.contains(name))
                    o.emulate.append(name);
            } else {
                return fail(bad(QStringLiteral("emulate"), raw,
                                QStringLiteral("expected flightaxis, raven, px4, rflysim or all")));
            }
        }
        QStringList ordered; // canonical order, whatever the command line said
        for (const QString &n : kEmulatorNames)
            if (o.emulate.contains(n))
                ordered.append(n);
        o.emulate = ordered;
    }
    auto endpoint = [&](const QCommandLineOption &option, quint16 defPort, std::optional<Endpoint> *out) {
        if (!p.isSet(option))
            return true;
        Endpoint e;
        if (!parseHostPort(p.value(option), defPort, &e))
            return false;
        *out = e;
        return true;
    };
    auto port = [&](const QCommandLineOption &option, std::optional<quint16> *out) {
        if (!p.isSet(option))
            return true;
        quint16 v = 0;
        if (!parsePort(p.value(option), &v))
            return false;
        *out = v;
        return true;
    };
    const QString expectHostPort = QStringLiteral("expected HOST[:PORT] with a port 0..65535");
    const QString expectPort = QStringLiteral("expected a port number 0..65535");
    if (!endpoint(flightaxis, 18083, &o.flightaxis))
        return fail(bad(QStringLiteral("flightaxis"), p.value(flightaxis), expectHostPort));
    if (!endpoint(raven, 9200, &o.raven))
        return fail(bad(QStringLiteral("raven"), p.value(raven), expectHostPort));
    if (!port(ravenListen, &o.ravenListenPort))
        return fail(bad(QStringLiteral("raven-listen"), p.value(ravenListen), expectPort));
    if (p.isSet(ravenFrame)) {
        const QString v = p.value(ravenFrame);
        if (v != QLatin1String("5") && v != QLatin1String("21") && v != QLatin1String("85"))
            return fail(bad(QStringLiteral("raven-frame"), v, QStringLiteral("expected 5, 21 or 85")));
        o.ravenFrame = v.toInt();
    }
    if (p.isSet(ravenMode)) {
        const QString v = p.value(ravenMode).toLower();
        static const QStringList modes{QStringLiteral("off"), QStringLiteral("level-brake"),
                                       QStringLiteral("loading"), QStringLiteral("cueing")};
        if (!modes.contains(v))
            return fail(bad(QStringLiteral("raven-mode"), p.value(ravenMode),
                            QStringLiteral("expected off, level-brake, loading or cueing")));
        o.ravenMode = v;
    }
    if (p.isSet(px4)) {
        Endpoint e{QStringLiteral("127.0.0.1"), 4560};
        const QString v = p.value(px4);
        quint16 only = 0;
        if (parsePort(v, &only))
            e.port = only; // a bare PORT listens on loopback
        else if (!parseHostPort(v, 4560, &e))
            return fail(bad(QStringLiteral("px4"), v, QStringLiteral("expected [HOST:]PORT")));
        o.px4 = e;
    }
    if (p.isSet(px4Gcs)) {
        Endpoint e{QStringLiteral("127.0.0.1"), 18570};
        const QString v = p.value(px4Gcs);
        quint16 only = 0;
        const bool bare = parsePort(v, &only);
        if (bare)
            e.port = only;
        if (bare ? only == 0 : (!parseHostPort(v, 18570, &e) || e.port == 0))
            return fail(bad(QStringLiteral("px4-gcs"), v, QStringLiteral("expected [HOST:]PORT with a port 1..65535")));
        o.px4Gcs = e;
    }
    if (p.isSet(px4Takeoff)) {
        bool ok = false;
        o.px4TakeoffM = p.value(px4Takeoff).toDouble(&ok);
        if (!ok || !std::isfinite(o.px4TakeoffM) || o.px4TakeoffM < 0.5 || o.px4TakeoffM > 500)
            return fail(bad(QStringLiteral("px4-takeoff"), p.value(px4Takeoff),
                            QStringLiteral("expected a height in metres, 0.5..500")));
    }
    if (p.isSet(rflysim)) {
        const QString v = p.value(rflysim).trimmed();
        if (v.isEmpty() || v.contains(QLatin1Char(' ')))
            return fail(bad(QStringLiteral("rflysim"), v, QStringLiteral("expected a host name or address")));
        o.rflysimHost = v;
    }
    if (p.isSet(rflyWindow)) {
        bool ok = false;
        o.rflysimWindow = p.value(rflyWindow).toInt(&ok);
        if (!ok || o.rflysimWindow < 0 || o.rflysimWindow > 65535 - 20010)
            return fail(bad(QStringLiteral("rflysim-window"), p.value(rflyWindow),
                            QStringLiteral("expected a window id 0..45525")));
    }
    if (!port(rflyState, &o.rflysimStatePort))
        return fail(bad(QStringLiteral("rflysim-state-port"), p.value(rflyState), expectPort));
    if (!port(rflySensor, &o.rflysimSensorPort))
        return fail(bad(QStringLiteral("rflysim-sensor-port"), p.value(rflySensor), expectPort));
    if (p.isSet(rflyMulticast)) {
        o.rflysimMulticast = p.value(rflyMulticast).trimmed().toLower();
        if (o.rflysimMulticast != QLatin1String("auto") && o.rflysimMulticast != QLatin1String("on") &&
            o.rflysimMulticast != QLatin1String("off"))
            return fail(bad(QStringLiteral("rflysim-multicast"), p.value(rflyMulticast),
                            QStringLiteral("expected on, off or auto")));
    }
    if (p.isSet(rflyRange)) {
        bool ok = false;
        o.rflysimLidarRangeM = p.value(rflyRange).toDouble(&ok); // QString::toDouble: always '.'
        if (!ok || !std::isfinite(o.rflysimLidarRangeM) || o.rflysimLidarRangeM <= 0 || o.rflysimLidarRangeM > 1e5)
            return fail(bad(QStringLiteral("rflysim-lidar-range"), p.value(rflyRange),
                            QStringLiteral("expected a range in metres > 0")));
    }
    if (p.isSet(home) && !parseHome(p.value(home), &o.home))
        return fail(bad(QStringLiteral("home"), p.value(home),
                        QStringLiteral("expected LAT,LON,ALT in degrees and metres")));
    if (p.isSet(duration)) {
        bool ok = false;
        o.durationS = p.value(duration).toDouble(&ok);
        if (!ok || !std::isfinite(o.durationS) || o.durationS < 0 || o.durationS > 1e7)
            return fail(bad(QStringLiteral("duration"), p.value(duration),
                            QStringLiteral("expected a number of seconds >= 0")));
    }
    if (p.isSet(logDir)) {
        o.logDir = p.value(logDir);
        if (o.logDir.isEmpty())
            return fail(bad(QStringLiteral("log-dir"), o.logDir, QStringLiteral("expected a folder")));
    }
    return r;
}

} // namespace hil
