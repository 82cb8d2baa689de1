// hilstation: parses the command line (docs/cli-and-session.md), then runs the Station headless or
// with the operator window. Exit status: 0 normal, 2 unusable arguments, 3 a link or the session
// folder cannot be set up (or, for --send, no instance took the command; for --rig-check, its
// report could not be written), 4 a rig check found a failing check (or, for --omct, the
// measurement was refused or did not finish; app/measuremain.h). From outside: SIGINT/
// SIGTERM (Windows: the console's Ctrl+C/close, logoff, shutdown) end the run after parking the
// motion platform; SIGUSR1 and `hilstation --send stop` are STOP (platform/platform.h,
// station/instancechannel.h). Built twice on Windows: hilstation.exe (no console window) and
// hilstation-console.exe (for scripts and cmd.exe), one source.

#include "app/dryrunmain.h"
#include "app/identifymain.h"
#include "app/measuremain.h"
#include "core/logging.h"
#include "core/threadlauncher.h"
#include "platform/platform.h"
#include "rigcheck/measurementrun.h"
#include "rigcheck/rigcheckrun.h"
#include "station/instancechannel.h"
#include "station/options.h"
#include "station/station.h"
#include "ui/lab/instructorwindow.h"
#include "ui/lab/labsettingsdialog.h"
#include "ui/mainwindow.h"
#include "ui/panels/sessionpanel.h"
#include "ui/translations.h"

#include <QApplication>
#include <QCoreApplication>
#include <QIcon>
#include <QSettings>
#include <QTimer>
#include <cstdio>
#include <memory>

namespace {

// The rig check's outcome on stdout, one line per check; the exit status (4: a check failed, 3:
// the report could not be written).
int printRigCheck(const hil::rigcheck::RunResult &r)
{
    for (const hil::rigcheck::Item &i : r.items)
        std::printf("%-4s  %-26s %s\n", qPrintable(hil::rigcheck::verdictName(i.verdict)),
                    qPrintable(i.check), qPrintable(i.value));
    for (const QString &f : r.files)
        std::printf("wrote %s\n", qPrintable(f));
    std::fflush(stdout);
    if (!r.error.isEmpty()) {
        std::fprintf(stderr, "hilstation: rig check: %s\n", qPrintable(r.error));
        return 3;
    }
    return r.anyFail() ? 4 : 0;
}

int runStation(QCoreApplication &app, const hil::StationOptions &options)
{
    hil::Station station(options);
    // Installed before the links start: a SIGTERM or SIGUSR1 (Windows: a console event) that
    // arrives while they open waits and is handled by the first pass of the event loop, instead
    // of killing the process with the default action half-way through start().
    hil::platform::ExitSignals exitSignals;
    hil::InstanceChannel channel; // `hilstation --send` from another process
    QString channelError;
    if (!channel.listen(&channelError)) // STOP still works from the window and SIGUSR1
        qCWarning(lcStation).noquote()
            << "hilstation --send will not reach this instance:" << channelError;
    QString error;
    hil::PlatformMeasurementSettings measurement;
    hil::OmctMeasurementSettings omct;
    const bool omctTests = !options.omctDir.isEmpty() && !options.omctQuick;
    if (!options.omctDir.isEmpty() &&
        !(omctTests ? hil::omctSettings(options, &omct, &error)
                    : hil::measurementSettings(options, &measurement, &error))) {
        std::fprintf(stderr, "hilstation: %s\n", qPrintable(error));
        return 2;
    }
    if (!station.start(&error)) {
        std::fprintf(stderr, "hilstation: %s\n", qPrintable(error));
        if (!options.headless) // the operator may not see stderr: say it in a modal, then exit
            hil::SessionPanel::showStartFailure(nullptr, error);
        return 3;
    }
    // Every way out parks the motion platform first (cues ramped to neutral, LEVEL BRAKE,
    // outcome in events.log) while the event loop keeps spinning; the loop ends on exitParked(),
    // and station.stop() below closes the links, waiting. A window that is quitting itself
    // instead closes the links without waiting and then itself (the last window: the loop ends).
    std::unique_ptr<hil::MainWindow> window;
    QObject::connect(
        &station, &hil::Station::exitParked, &app,
        [&app, &window] {
            if (!window || !window->isQuitting())
                app.quit();
        },
        Qt::QueuedConnection);
    QObject::connect(&exitSignals, &hil::platform::ExitSignals::terminationRequested, &station,
                     [&station] { station.parkForExit(); });
    QObject::connect(&exitSignals, &hil::platform::ExitSignals::stopRequested, &station,
                     [&station] { station.emergencyStop(); });
    QObject::connect(&channel, &hil::InstanceChannel::stopRequested, &station, [&station] {
        station.raiseStationEvent(QStringLiteral("station.send_stop"), hil::Severity::Warning,
                                  QStringLiteral("STOP from hilstation --send"));
        station.emergencyStop(); // the toolbar's STOP: the motion link's own events follow
    });
    QObject::connect(&channel, &hil::InstanceChannel::quitRequested, &station, [&station] {
        station.raiseStationEvent(
            QStringLiteral("station.send_quit"), hil::Severity::Info,
            QStringLiteral("quit from hilstation --send: parking, then exit"));
        station.parkForExit();
    });
    // --rig-check DIR: the check on the links given, its report, then park and exit.
    int rigCheckStatus = 0;
    std::unique_ptr<hil::rigcheck::RigCheckRun> rigCheck;
    if (!options.rigCheckDir.isEmpty()) {
        hil::rigcheck::RunSettings rs;
        rs.windowS = options.rigCheckSeconds;
        rs.motion = options.rigCheckMotion;
        rs.motionSteps = options.rigCheckSteps;
        rs.reportDir = options.rigCheckDir;
        rigCheck = std::make_unique<hil::rigcheck::RigCheckRun>(&station, rs);
        QObject::connect(rigCheck.get(), &hil::rigcheck::RigCheckRun::finished, &station,
                         [&station, &rigCheckStatus](const hil::rigcheck::RunResult &r) {
                             rigCheckStatus = printRigCheck(r);
                             station.parkForExit();
                         });
        rigCheck->start();
    }
    // --omct DIR: the platform measured (the OMCT's tests, or with --omct-quick the
    // identification run), then park and exit; analysed after the session closed.
    std::unique_ptr<hil::rigcheck::MeasurementRun> measurementRun;
    const double waitForCueingS = options.omctFast ? 3 : 20;
    if (omctTests)
        measurementRun =
            hil::startOmct(&station, omct, waitForCueingS, [&station] { station.parkForExit(); });
    else if (!options.omctDir.isEmpty())
        measurementRun = hil::startMeasurement(&station, measurement, waitForCueingS,
                                               [&station] { station.parkForExit(); });
    if (options.durationS >= 0)
        QTimer::singleShot(static_cast<int>(options.durationS * 1000.0), &station,
                           [&station] { station.parkForExit(); });

    QSettings settings; // the window's layout, panel settings and language
    if (!options.headless) {
        window = std::make_unique<hil::MainWindow>(&station, &settings);
        window->setClosesLinks(true); // its close is the program's end
        window->show();
        // From here on the window's redraws give way to the loop threads, and to peers on this
        // PC, when both want a core (docs/architecture.md, "The closed loop's latency"). Threads
        // this thread starts later inherit it: the links it connects are started by the
        // ThreadLauncher, which main() made at nice 0. Windows leaves the window at normal.
        if (options.windowNice > 0)
            hil::platform::lowerWindowThread(options.windowNice);
    }
    const int rc = app.exec();
    if (window)
        window->saveSettings(settings); // also when --duration or a signal ended the run
    window.reset();
    station.stop();
    exitSignals.notifyParked(); // Windows: a console handler waiting for this lets the process end
    if (rc == 0 && measurementRun)
        return omctTests
                   ? hil::finishOmct(*measurementRun, station.sessionFolder(), omct, options)
                   : hil::finishMeasurement(*measurementRun, station.sessionFolder(), options);
    return rc != 0 ? rc : rigCheckStatus;
}

// `hilstation --send stop|quit [--to PID]`: 0 when at least one instance took it, else 3.
int sendToInstances(const hil::ParseResult &parsed)
{
    const auto command = parsed.sendCommand == QLatin1String("quit")
                             ? hil::InstanceChannel::Command::Quit
                             : hil::InstanceChannel::Command::Stop;
    const hil::InstanceChannel::SendResult r = hil::InstanceChannel::send(command, parsed.sendTo);
    for (const QString &failure : r.failures)
        std::fprintf(stderr, "hilstation: %s\n", qPrintable(failure));
    if (r.reached.isEmpty()) {
        std::fprintf(stderr, "hilstation: no running hilstation took '%s'\n",
                     qPrintable(parsed.sendCommand));
        return 3;
    }
    QStringList pids;
    for (qint64 pid : r.reached)
        pids << QString::number(pid);
    std::printf("%s: taken by %d instance%s (%s)\n", qPrintable(parsed.sendCommand),
                int(r.reached.size()), r.reached.size() == 1 ? "" : "s",
                qPrintable(pids.join(", ")));
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    hil::platform::attachParentConsole(); // Windows' hilstation.exe started from cmd.exe
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    const hil::ParseResult parsed = hil::parseCommandLine(arguments);
    switch (parsed.action) {
    case hil::ParseResult::ShowHelp:
    case hil::ParseResult::ShowVersion:
        std::fputs(qPrintable(parsed.message), stdout);
        return 0;
    case hil::ParseResult::Error:
        std::fprintf(stderr, "hilstation: %s (see --help)\n", qPrintable(parsed.message));
        return 2;
    case hil::ParseResult::Run:
    case hil::ParseResult::Send:
    case hil::ParseResult::DryRun:
    case hil::ParseResult::Identify:
        break;
    }

    QCoreApplication::setOrganizationName(QStringLiteral("HIL Station"));
    QCoreApplication::setApplicationName(QStringLiteral("hilstation"));
    QCoreApplication::setApplicationVersion(QStringLiteral(HIL_VERSION));
    if (parsed.action == hil::ParseResult::DryRun)
        return hil::runDryRunCommand(parsed, argc, argv);
    if (parsed.action == hil::ParseResult::Identify)
        return hil::runIdentifyCommand(parsed);
    if (parsed.action == hil::ParseResult::Send) {
        QCoreApplication app(argc, argv);
        return sendToInstances(parsed);
    }
    if (!parsed.options.rigCheckDir.isEmpty()) {
        // The report's PDF needs fonts, so a QGuiApplication; no window, so Qt's offscreen
        // platform (shipped on both systems) unless the caller chose one.
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        QGuiApplication app(argc, argv);
        return runStation(app, parsed.options);
    }
    if (!parsed.options.omctDir.isEmpty() && !parsed.options.omctQuick) {
        // The OMCT's Bode plots are drawn with QCustomPlot (widgets): a QApplication on Qt's
        // offscreen platform unless the caller chose one; still no window.
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        QApplication app(argc, argv);
        return runStation(app, parsed.options);
    }
    if (parsed.options.headless) {
        QCoreApplication app(argc, argv);
        return runStation(app, parsed.options);
    }
    QApplication app(argc, argv);
    hil::ThreadLauncher launcher; // before the window's thread lowers its priority; outlives it
    QIcon icon;                   // compiled in from resources/resources.qrc
    for (int px : {16, 24, 32, 48, 64, 128, 256})
        icon.addFile(QStringLiteral(":/icons/hilstation-%1.png").arg(px), QSize(px, px));
    QApplication::setWindowIcon(icon);
    QGuiApplication::setDesktopFileName(
        QStringLiteral("io.hilstation.HilStation")); // Wayland app id
    hil::installTranslations(app, QSettings().value(QLatin1String(hil::kLanguageKey)).toString(),
                             true); // before any link's thread: numbers as the language writes them
    if (parsed.options.instructor)
        return hil::runInstructorWindow(parsed.options.links);
    // The window's Lab settings (View → Lab settings…) when the command line names no broker.
    hil::StationOptions options = parsed.options;
    QSettings labSettings;
    hil::LabSettingsDialog::applySaved(labSettings, options.links);
    return runStation(app, options);
}
