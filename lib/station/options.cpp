#include "station/options.h"
#include "links/builtin.h"
#include "platform/platform.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <algorithm>
#include <cmath>

namespace hil {

namespace {

QString bad(const QString &option, const QString &value, const QString &why)
{
    return QStringLiteral("invalid value '%1' for --%2: %3").arg(value, option, why);
}

bool parseHome(const QString &text, GeoPoint *out)
{
    std::vector<double> v;
    if (!parseNumberList(text, 3, &v))
        return false;
    if (std::fabs(v[0]) > 90 || std::fabs(v[1]) > 180 || std::fabs(v[2]) > 100000)
        return false;
    *out = {v[0], v[1], v[2]};
    return true;
}

} // namespace

QStringList emulatorNames()
{
    return links::builtinLinks().emulatorNames();
}

ParseResult parseCommandLine(const QStringList &arguments)
{
    return parseCommandLine(arguments, links::builtinLinks());
}

ParseResult parseCommandLine(const QStringList &arguments, const LinkRegistry &registry)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "HIL Station: closes the loop between RealFlight, PX4, a motion platform and RflySim."));
    p.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("Show this help."));
    const QCommandLineOption version(QStringLiteral("version"),
                                     QStringLiteral("Show the version."));
    auto opt = [](const char *name, const char *desc, const char *value = nullptr) {
        return value ? QCommandLineOption(QLatin1String(name), QLatin1String(desc),
                                          QLatin1String(value))
                     : QCommandLineOption(QLatin1String(name), QLatin1String(desc));
    };
    const QCommandLineOption headless(QStringLiteral("headless"),
                                      QStringLiteral("Run without a window until --duration or %1.")
                                          .arg(platform::exitRequestText()));
    const QStringList emulators = registry.emulatorNames();
    const QString emulateHelp = QStringLiteral("Start built-in emulators: %1 or all.")
                                    .arg(emulators.join(QLatin1Char(',')));
    const QCommandLineOption emulate(QStringLiteral("emulate"), emulateHelp,
                                     QStringLiteral("LIST"));
    // Every link's own options, in registry order (so --help groups them by link).
    std::vector<std::pair<const OptionSpec *, QCommandLineOption>> linkOptions;
    for (const LinkDescriptor &d : registry.all())
        for (const OptionSpec &spec : d.options) {
            QCommandLineOption o =
                spec.valueName.isEmpty()
                    ? QCommandLineOption(spec.name, spec.description)
                    : QCommandLineOption(spec.name, spec.description, spec.valueName);
            if (spec.hidden)
                o.setFlags(QCommandLineOption::HiddenFromHelp);
            linkOptions.emplace_back(&spec, o);
        }
    const auto home = opt(
        "home", "Geodetic origin of the simulator: lat,lon,alt (47.458,8.548,432).", "LAT,LON,ALT");
    const auto duration = opt("duration", "Stop after this many seconds.", "SECONDS");
    const auto logDir = opt("log-dir", "Folder for this session's files.", "DIR");
    const QCommandLineOption windowNice(
        QStringLiteral("window-nice"),
        platform::windowNiceApplies()
            ? QStringLiteral("Nice value of the window's thread, 0-19 (default %1; 0 leaves it): "
                             "its redraws give way to the links.")
                  .arg(platform::kDefaultWindowNice)
            : QStringLiteral("Linux only (accepted here, not used: the window's thread keeps "
                             "normal priority, so STOP never waits behind another program)."),
        QStringLiteral("N"));
    const auto instructor =
        opt("instructor", "Open the lab's instructor window (needs --lab): every rig on the "
                          "broker, each with its STOP. Runs no local link.");
    p.addOptions({help, version, headless, emulate, instructor});
    for (const auto &lo : linkOptions)
        p.addOption(lo.second);
    const auto send = opt("send",
                          "Send a command to the running hilstation instances of this user and "
                          "exit: stop (the platform's STOP, to every instance, or to --to) or quit "
                          "(park and exit; needs --to).",
                          "stop|quit");
    const auto to = opt("to", "With --send: only the instance with this process id.", "PID");
    const auto dryRun =
        opt("dry-run",
            "Run a recording through the cueing and a platform model, offline, and exit: a "
            "session folder, a state.csv, a .tlog, or maneuver:NAME (coordinated-turn, takeoff, "
            "landing, catapult, omct-<axis>). Repeatable: --dry-run-suggest then searches over "
            "all of them, and --dry-run-report writes one report per input.",
            "INPUT");
    const auto dryRunReport =
        opt("dry-run-report", "With --dry-run: folder for report.json, dryrun.csv and the plots.",
            "DIR");
    const auto cueing =
        opt("cueing", "With --dry-run: cueing settings exported from the Motion panel.", "FILE");
    const auto platformModel =
        opt("platform-model",
            "With --dry-run: the platform's envelope, geometry and washout. With "
            "--platform-identify: the model to start from (the defaults otherwise).",
            "FILE");
    const auto identify =
        opt("platform-identify",
            "Fit the platform model to a recorded session's cues as sent (cues.csv) and the "
            "poses the platform reported (platform.csv), and exit. Repeatable.",
            "SESSION_DIR");
    const auto modelOut =
        opt("platform-model-out",
            "With --platform-identify: where the identified model goes (its report beside it, "
            "NAME.identification.json).",
            "FILE");
    const auto dryRunSuggest =
        opt("dry-run-suggest",
            "With --dry-run: search cueing settings that score better with no predicted limit "
            "hit (fixed evaluations and seed) and write them to FILE (a cueing file).",
            "FILE");
    const auto rigCheck =
        opt("rig-check",
            "Run the rig check on the links given, without a window: every check's figure, "
            "verdict and fix in DIR (report.json, report.html, report.pdf), then park and exit "
            "(status 4 when a check fails).",
            "DIR");
    const auto rigCheckSeconds = opt(
        "rig-check-seconds", "With --rig-check: how long the links are watched (10).", "SECONDS");
    const auto rigCheckMotion =
        opt("rig-check-motion",
            "With --rig-check and --raven-mode cueing: the seat is empty, measure the transport "
            "delay with steps that move the platform.");
    QCommandLineOption rigCheckSteps(QStringLiteral("rig-check-steps"),
                                     QStringLiteral("With --rig-check-motion: steps (20)."),
                                     QStringLiteral("N"));
    rigCheckSteps.setFlags(QCommandLineOption::HiddenFromHelp); // tests: a shorter measurement
    const auto omct =
        opt("omct",
            "Measure the motion platform, without a window: the OMCT's ten tests on the "
            "platform through the link's cueing (about 31 min) into DIR (omct.json, a Bode "
            "plot per test, omct.html); with --omct-quick instead a designed excitation of "
            "each DoF in turn (about 6 min) and the platform model identified from it into DIR "
            "(platform-model.json, its report beside it). Then park and exit (status 4 when "
            "the run did not finish or said nothing). Needs --omct-seat-empty.",
            "DIR");
    const auto omctSeatEmpty =
        opt("omct-seat-empty", "With --omct: the seat is empty and the area clear (procedure "
                               "step 2); the measurement moves the platform.");
    const auto omctQuick =
        opt("omct-quick", "With --omct: the identification run instead of the OMCT's tests.");
    QCommandLineOption omctFast(QStringLiteral("omct-fast"),
                                QStringLiteral("With --omct: a seconds-long excitation."));
    omctFast.setFlags(QCommandLineOption::HiddenFromHelp); // tests: a short measurement
    p.addOptions(
        {home,          duration,     logDir,          windowNice,     send,          to,
         dryRun,        dryRunReport, cueing,          platformModel,  dryRunSuggest, identify,
         modelOut,      rigCheck,     rigCheckSeconds, rigCheckMotion, rigCheckSteps, omct,
         omctSeatEmpty, omctQuick,    omctFast});

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
        // Qt names the program after QCoreApplication's arguments, "<executable_name>" before
        // there is one (main() parses first): name it as it was started, hilstation or
        // hilstation-console, without a folder or ".exe".
        QString text = p.helpText();
        const QString name = arguments.isEmpty() ? QStringLiteral("hilstation")
                                                 : QFileInfo(arguments.first()).completeBaseName();
        const qsizetype usageEnd = text.indexOf(QLatin1String(" [options]"));
        if (text.startsWith(QLatin1String("Usage: ")) && usageEnd > 0)
            text.replace(7, usageEnd - 7, name);
        r.message = text;
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
    if (p.isSet(send)) {
        const QString command = p.value(send).trimmed().toLower();
        if (command != QLatin1String("stop") && command != QLatin1String("quit"))
            return fail(bad(QStringLiteral("send"), p.value(send),
                            QStringLiteral("expected stop or quit")));
        if (p.isSet(to)) {
            bool ok = false;
            r.sendTo = p.value(to).toLongLong(&ok);
            if (!ok || r.sendTo <= 0)
                return fail(bad(QStringLiteral("to"), p.value(to),
                                QStringLiteral("expected a process id")));
        } else if (command == QLatin1String("quit")) {
            // Ending every instance at once is never what an operator meant: name the one.
            return fail(QStringLiteral("--send quit needs --to PID (the instance to end)"));
        }
        r.action = ParseResult::Send;
        r.sendCommand = command;
        return r;
    }
    if (p.isSet(to))
        return fail(QStringLiteral("--to is used with --send"));
    if (p.isSet(identify)) {
        r.identifyInputs = p.values(identify);
        r.platformModelOut = p.value(modelOut);
        r.platformModelFile = p.value(platformModel);
        for (const QString &input : std::as_const(r.identifyInputs))
            if (input.isEmpty())
                return fail(bad(QStringLiteral("platform-identify"), input,
                                QStringLiteral("expected a session folder")));
        if (r.platformModelOut.isEmpty())
            return fail(QStringLiteral("--platform-identify needs --platform-model-out FILE "
                                       "(where the identified model goes)"));
        if (p.isSet(dryRun) || p.isSet(headless) || p.isSet(emulate) || p.isSet(duration) ||
            p.isSet(logDir) || p.isSet(rigCheck) || p.isSet(omct))
            return fail(QStringLiteral("--platform-identify runs no station: --dry-run, "
                                       "--headless, --emulate, --duration, --log-dir, "
                                       "--rig-check and --omct do not apply"));
        r.action = ParseResult::Identify;
        return r;
    }
    if (p.isSet(modelOut))
        return fail(QStringLiteral("--platform-model-out is used with --platform-identify"));
    if (p.isSet(dryRun)) {
        r.dryRunInputs = p.values(dryRun);
        r.dryRunReportDir = p.value(dryRunReport);
        r.cueingFile = p.value(cueing);
        r.platformModelFile = p.value(platformModel);
        r.dryRunSuggestFile = p.value(dryRunSuggest);
        if (p.isSet(dryRunSuggest) && r.dryRunSuggestFile.isEmpty())
            return fail(bad(QStringLiteral("dry-run-suggest"), r.dryRunSuggestFile,
                            QStringLiteral("expected a file to write the settings to")));
        for (const QString &input : std::as_const(r.dryRunInputs))
            if (input.isEmpty())
                return fail(bad(QStringLiteral("dry-run"), input,
                                QStringLiteral("expected a session folder, a .tlog or "
                                               "maneuver:NAME")));
        if ((!p.isSet(dryRunReport) || r.dryRunReportDir.isEmpty()) &&
            r.dryRunSuggestFile.isEmpty())
            return fail(QStringLiteral("--dry-run needs --dry-run-report DIR (where the report "
                                       "goes) or --dry-run-suggest FILE"));
        if (p.isSet(headless) || p.isSet(emulate) || p.isSet(duration) || p.isSet(logDir) ||
            p.isSet(rigCheck) || p.isSet(omct))
            return fail(QStringLiteral("--dry-run runs no station: --headless, --emulate, "
                                       "--duration, --log-dir, --rig-check and --omct do not "
                                       "apply"));
        r.action = ParseResult::DryRun;
        return r;
    }
    if (p.isSet(omct)) {
        o.omctDir = p.value(omct);
        if (o.omctDir.isEmpty())
            return fail(bad(QStringLiteral("omct"), o.omctDir,
                            QStringLiteral("expected a folder for the model")));
        if (!p.isSet(omctSeatEmpty))
            return fail(QStringLiteral("--omct moves the platform: say that the seat is empty "
                                       "and the area clear with --omct-seat-empty (procedure "
                                       "step 2)"));
        if (p.isSet(instructor) || p.isSet(duration) || p.isSet(rigCheck))
            return fail(QStringLiteral("--omct ends by itself: not with --instructor, --duration "
                                       "or --rig-check"));
        o.omctFast = p.isSet(omctFast);
        o.omctQuick = p.isSet(omctQuick);
        o.omctPlatformModel = p.value(platformModel);
        o.headless = true; // a measurement is watched on the rig, not in a window
    } else if (p.isSet(omctSeatEmpty) || p.isSet(omctQuick) || p.isSet(omctFast)) {
        return fail(QStringLiteral("--omct-seat-empty and --omct-quick are used with --omct"));
    }
    if (p.isSet(rigCheck)) {
        o.rigCheckDir = p.value(rigCheck);
        if (o.rigCheckDir.isEmpty())
            return fail(bad(QStringLiteral("rig-check"), o.rigCheckDir,
                            QStringLiteral("expected a folder for the report")));
        if (p.isSet(instructor) || p.isSet(duration))
            return fail(QStringLiteral("--rig-check ends by itself: not with --instructor or "
                                       "--duration"));
        o.headless = true; // the window has its own: Tools → Rig check…
    } else if (p.isSet(rigCheckSeconds) || p.isSet(rigCheckMotion)) {
        return fail(QStringLiteral("--rig-check-seconds and --rig-check-motion are used with "
                                   "--rig-check"));
    }
    if (p.isSet(rigCheckSeconds)) {
        bool ok = false;
        o.rigCheckSeconds = p.value(rigCheckSeconds).toDouble(&ok);
        if (!ok || !std::isfinite(o.rigCheckSeconds) || o.rigCheckSeconds < 2 ||
            o.rigCheckSeconds > 600)
            return fail(bad(QStringLiteral("rig-check-seconds"), p.value(rigCheckSeconds),
                            QStringLiteral("expected 2..600 seconds")));
    }
    o.rigCheckMotion = p.isSet(rigCheckMotion);
    if (p.isSet(rigCheckSteps)) {
        bool ok = false;
        o.rigCheckSteps = p.value(rigCheckSteps).toInt(&ok);
        if (!ok || o.rigCheckSteps < 1 || o.rigCheckSteps > 100 || !o.rigCheckMotion)
            return fail(bad(QStringLiteral("rig-check-steps"), p.value(rigCheckSteps),
                            QStringLiteral("expected 1..100, with --rig-check-motion")));
    }
    for (const auto *o : {&dryRunReport, &cueing, &platformModel, &dryRunSuggest})
        if (p.isSet(*o) && !(o == &platformModel && p.isSet(omct)))
            return fail(QStringLiteral("--%1 is used with --dry-run").arg(o->names().first()));
    o.headless = o.headless || p.isSet(headless);
    o.instructor = p.isSet(instructor);
    if (o.instructor && (o.headless || p.isSet(emulate)))
        return fail(QStringLiteral("--instructor is a window with no local link: not with "
                                   "--headless or --emulate"));
    if (p.isSet(emulate)) {
        for (const QString &raw :
             p.values(emulate).join(QLatin1Char(',')).split(QLatin1Char(','))) {
            const QString name = raw.trimmed().toLower();
            if (name == QLatin1String("all")) {
                o.emulate = emulators;
            } else if (emulators.contains(name)) {
                if (!o.emulate.contains(name))
                    o.emulate.append(name);
            } else {
                return fail(bad(QStringLiteral("emulate"), raw,
                                QStringLiteral("expected %1 or all")
                                    .arg(emulators.join(QStringLiteral(", ")))));
            }
        }
        QStringList ordered; // canonical order, whatever the command line said
        for (const QString &n : emulators)
            if (o.emulate.contains(n))
                ordered.append(n);
        o.emulate = ordered;
    }
    for (const auto &[spec, option] : linkOptions) {
        if (!p.isSet(option))
            continue;
        QVariant value = true; // a flag
        QString expected;
        if (!spec->valueName.isEmpty() && !spec->parse(p.value(option), &value, &expected))
            return fail(bad(spec->name, p.value(option), expected));
        o.links.set(spec->name, value);
    }
    for (const LinkDescriptor &d : registry.all()) {
        if (!d.checkOptions)
            continue;
        const QString why = d.checkOptions(o.links, o.emulates(d.name));
        if (!why.isEmpty())
            return fail(why);
    }
    // The step moves the seat: only on a platform the command line itself puts in CUEING.
    if (o.rigCheckMotion &&
        o.links.get<QString>(QStringLiteral("raven-mode")).toLower() != QLatin1String("cueing"))
        return fail(QStringLiteral("--rig-check-motion needs --raven-mode cueing (the step moves "
                                   "the platform, and only CUEING takes it)"));
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
    if (p.isSet(windowNice)) {
        bool ok = false;
        o.windowNice = p.value(windowNice).toInt(&ok);
        if (!ok || o.windowNice < 0 || o.windowNice > 19)
            return fail(bad(QStringLiteral("window-nice"), p.value(windowNice),
                            QStringLiteral("expected a whole number from 0 to 19")));
    }
    if (p.isSet(logDir)) {
        o.logDir = p.value(logDir);
        if (o.logDir.isEmpty())
            return fail(
                bad(QStringLiteral("log-dir"), o.logDir, QStringLiteral("expected a folder")));
    }
    if (o.instructor) {
        // The link that opens the instructor's window says what that window needs.
        const auto &all = registry.all();
        const auto opener = std::find_if(all.begin(), all.end(), [](const LinkDescriptor &d) {
            return bool(d.instructorCheck);
        });
        if (opener == all.end())
            return fail(QStringLiteral("--instructor: no link of this build opens an "
                                       "instructor window"));
        if (const QString why = opener->instructorCheck(o.links); !why.isEmpty())
            return fail(why);
    }
    return r;
}

} // namespace hil
