#pragma once
// StationOptions: the command line (docs/cli-and-session.md) as values, and its parser. The parser
// is pure (no I/O, no exit) so that every rejection is unit-tested; app/main.cpp prints and exits.
// The general options are fields; each link's options are declared by its descriptor
// (lib/links/) and land in `links` by name: the parser loops over the registry and knows no link.

#include "core/linkdescriptor.h"
#include "core/linkoptions.h"
#include "model/geodesy.h"
#include "platform/platform.h"

#include <QString>
#include <QStringList>

namespace hil {

struct StationOptions
{
    bool headless = false;
    /// --instructor: the lab's instructor window (docs/lab.md) instead of a station; needs
    /// --lab, runs no local link.
    bool instructor = false;
    QStringList emulate; ///< links whose built-in stand-in runs, in registry order
    LinkOptions links;   ///< "--<name> value" of every link option given, parsed
    GeoPoint home = kDefaultHome;
    double durationS = -1.0; ///< < 0: until signalled (or the window closes)
    QString logDir;          ///< empty: a new timestamped folder under the app-data location
    int windowNice =
        platform::kDefaultWindowNice; ///< the window thread's nice value, 0-19 (0: unchanged)
    QStringList arguments;            ///< the command line as given, for session.json
    /// --rig-check DIR: run the rig check (docs/rig-check.md) headless, write its report to DIR,
    /// park and exit (status 4 when a check fails).
    QString rigCheckDir;
    double rigCheckSeconds = 10.0; ///< --rig-check-seconds: the sampling window
    /// --rig-check-motion: the operator's statement that the seat is empty; the check then
    /// measures the transport delay with a step that moves the seat (needs --raven-mode cueing).
    bool rigCheckMotion = false;
    int rigCheckSteps = 20; ///< --rig-check-steps (hidden, tests): the transport delay's steps
    /// --omct DIR (with --omct-seat-empty): measure the platform headless, park and exit; the
    /// OMCT's tests into DIR, or with --omct-quick its model identified into DIR
    /// (docs/platform-model.md, "The OMCT measured" and "Measuring the platform").
    QString omctDir;
    bool omctFast = false;     ///< --omct-fast (hidden, tests): a seconds-long excitation
    bool omctQuick = false;    ///< --omct-quick: the identification run, not the OMCT's tests
    QString omctPlatformModel; ///< --platform-model with --omct: the prior and the assumed reach

    bool emulates(const QString &peer) const { return emulate.contains(peer); }
};

/// The built-in links that have a stand-in (--emulate all), in registry order.
QStringList emulatorNames();

struct ParseResult
{
    /// Send: `--send stop|quit [--to PID]`, delivered to running instances (InstanceChannel)
    /// instead of running a station. DryRun: `--dry-run INPUT --dry-run-report DIR`, the cueing
    /// and platform model offline (lib/dryrun, docs/dry-run.md); no link starts.
    /// Identify: `--platform-identify SESSION... --platform-model-out FILE`, the platform model
    /// fitted to recorded sessions' cues and poses (lib/dryrun/identify.h); no link starts.
    enum Action { Run, ShowHelp, ShowVersion, Send, DryRun, Identify, Error };
    Action action = Run;
    QString sendCommand; ///< "stop" or "quit" (Send)
    qint64 sendTo = 0;   ///< the one instance to reach (Send), 0: every instance of this user
    /// Each a session folder, a state.csv, a .tlog or maneuver:NAME (--dry-run is repeatable).
    QStringList dryRunInputs;
    QString dryRunReportDir;    ///< where report.json, dryrun.csv and the plots go
    QString cueingFile;         ///< --cueing: settings as the window exports them (empty: defaults)
    QString platformModelFile;  ///< --platform-model: envelope and geometry (empty: defaults)
    QString dryRunSuggestFile;  ///< --dry-run-suggest: where the suggested cueing settings go
    QStringList identifyInputs; ///< --platform-identify: session folders (repeatable)
    QString platformModelOut;   ///< --platform-model-out: where the identified model goes
    QString message;            ///< help/version text, or the one-line error
    StationOptions options;
    int exitCode() const { return action == Error ? 2 : 0; }
};

/// Parses argv (arguments[0] is the program) with the options of the registry's links (the
/// built-in ones unless given). Never exits, never prints.
ParseResult parseCommandLine(const QStringList &arguments);
ParseResult parseCommandLine(const QStringList &arguments, const LinkRegistry &registry);

} // namespace hil
