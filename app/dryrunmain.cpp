#include "app/dryrunmain.h"
#include "dryrun/dryrunreport.h"
#include "dryrun/omct.h"
#include "dryrun/perceptionscore.h"
#include "dryrun/suggest.h"
#include "platformmodel/modelfile.h"
#include "raven/cueingfile.h"
#include "station/options.h"
#include "ui/dryrunplots.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSaveFile>
#include <cstdio>
#include <vector>

namespace hil {

namespace {
// QApplication has set the user's locale by now: printf's %f would write "2,22" under de_DE.
// QByteArray::number always writes a decimal point.
QByteArray seconds(double s)
{
    return QByteArray::number(s, 'f', 2);
}

int fail(int code, const QString &message)
{
    std::fprintf(stderr, "hilstation: %s\n", qPrintable(message));
    return code;
}

int suggest(const ParseResult &parsed, const std::vector<const dryrun::DryRunInput *> &inputs,
            const dryrun::DryRunOptions &options)
{
    // Fixed count and seed, so that the same inputs and start settings always give the same file
    // (suggest.h); the Dry run panel searches with the same.
    const dryrun::SuggestOptions fixed;
    const dryrun::SuggestResult s = dryrun::suggestSettings(inputs, options, fixed);
    QSaveFile f(parsed.dryRunSuggestFile);
    const QByteArray bytes = raven::writeCueingFile(s.settings);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit())
        return fail(3, QStringLiteral("%1: %2").arg(f.fileName(), f.errorString()));
    auto line = [](const char *what, const dryrun::Evaluation &e) {
        std::printf("  %s: perception score %s of 100 (skill %s), %d predicted limit hit(s)\n",
                    what, QByteArray::number(e.score, 'f', 1).constData(),
                    QByteArray::number(e.skill, 'f', 3).constData(), e.limitHits);
    };
    std::printf("suggested settings (%d evaluations, seed %llu, over %zu input(s): %s): %s\n",
                s.evaluations, static_cast<unsigned long long>(fixed.seed), inputs.size(),
                qPrintable(parsed.dryRunInputs.join(QStringLiteral(", "))),
                qPrintable(parsed.dryRunSuggestFile));
    line("still ", s.still);
    line("before", s.before);
    line("after ", s.after);
    const char *const kinds[3] = {"settings the search found", "the start settings",
                                  "the still seat (master_gain 0): no setting tried beats it"};
    std::printf("  suggested: %s; %s points above the still seat, %s above the start\n",
                kinds[int(s.kind)],
                QByteArray::number(s.after.score - s.still.score, 'f', 1).constData(),
                QByteArray::number(s.after.score - s.before.score, 'f', 1).constData());
    if (!parsed.dryRunReportDir.isEmpty()) { // the three candidates as JSON beside the reports
        QDir().mkpath(parsed.dryRunReportDir);
        QSaveFile j(QDir(parsed.dryRunReportDir).filePath(QStringLiteral("suggestion.json")));
        const QByteArray json =
            QJsonDocument(dryrun::suggestionJson(s)).toJson(QJsonDocument::Indented);
        if (!j.open(QIODevice::WriteOnly) || j.write(json) != json.size() || !j.commit())
            return fail(3, QStringLiteral("%1: %2").arg(j.fileName(), j.errorString()));
    }
    return 0;
}

/// Where one input's report goes: DIR itself for a single input; with several, DIR/<k>-<name>
/// (k from 1 in the order given; name the manoeuvre or the file or folder name, [A-Za-z0-9._-]).
QString reportDirFor(const ParseResult &parsed, int k)
{
    if (parsed.dryRunInputs.size() == 1)
        return parsed.dryRunReportDir;
    QString name = parsed.dryRunInputs[k];
    name = name.startsWith(QLatin1String("maneuver:"))
               ? name.mid(9)
               : QFileInfo(QDir::cleanPath(name)).fileName();
    name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]")), QStringLiteral("_"));
    return QDir(parsed.dryRunReportDir).filePath(QString::number(k + 1) + QLatin1Char('-') + name);
}

/// One input's report files and its summary on the console.
int report(const QString &dir, const QString &name, const dryrun::DryRunInput &input,
           const dryrun::DryRunOptions &options)
{
    const dryrun::DryRunResult result = dryrun::runDryRun(input, options);
    QString error;
    const dryrun::PerceptionScore score =
        dryrun::scorePerception(input, result, options.model.rateHz, {}, 1);
    if (!dryrun::writeDryRunFiles(dir, input, options, result, &error) ||
        !writeDryRunPlots(dir, result, options, &error) ||
        !writePerceptionPlots(dir, score, result, &error))
        return fail(3, error);
    // A summary for the console; report.json has everything.
    const char *const dofs[6] = {"surge", "sway", "heave", "roll", "pitch", "yaw"};
    std::printf("dry run: %s, %zu frames (%lld skipped), %zu model steps\n", qPrintable(name),
                input.frames.size(), static_cast<long long>(input.skippedRows),
                result.samples.size());
    int hits = 0;
    for (int d = 0; d < 6; ++d) {
        const auto h = dryrun::limitHits(result, d, false);
        hits += int(h.size());
        if (!h.empty())
            std::printf("  %s: %zu predicted limit hit(s), first at %s s\n", dofs[d], h.size(),
                        seconds(h.front().startS).constData());
    }
    for (int a = 0; a < 6; ++a) {
        const auto h = dryrun::limitHits(result, a, true);
        hits += int(h.size());
        if (!h.empty())
            std::printf("  actuator %d: %zu predicted stroke limit hit(s), first at %s s\n", a,
                        h.size(), seconds(h.front().startS).constData());
    }
    if (hits == 0)
        std::printf("  no predicted limit hit\n");
    std::printf("  perception score %s of 100\n",
                QByteArray::number(score.overall, 'f', 1).constData());
    std::printf("report: %s\n", qPrintable(QDir(dir).filePath(QStringLiteral("report.json"))));
    return 0;
}
} // namespace

int runDryRunCommand(const ParseResult &parsed, int argc, char **argv)
{
    dryrun::DryRunOptions options;
    QString error;
    if (!parsed.cueingFile.isEmpty()) {
        if (!raven::readCueingFile(parsed.cueingFile, &options.cueing, &error))
            return fail(2, QStringLiteral("--cueing: %1").arg(error));
        options.cueingFile = parsed.cueingFile;
    }
    if (!parsed.platformModelFile.isEmpty()) {
        if (!platformmodel::readModelFile(parsed.platformModelFile, &options.model, &error))
            return fail(2, QStringLiteral("--platform-model: %1").arg(error));
        options.modelFile = parsed.platformModelFile;
    }
    // Every input loaded first: a bad one is the one line on stderr before any work is done.
    std::vector<dryrun::DryRunInput> inputs(size_t(parsed.dryRunInputs.size()));
    std::vector<const dryrun::DryRunInput *> pointers;
    for (size_t k = 0; k < inputs.size(); ++k) {
        dryrun::DryRunInput::Error kind;
        if (!inputs[k].load(parsed.dryRunInputs[int(k)], &error, &kind))
            return fail(kind == dryrun::DryRunInput::Error::Arguments ? 2 : 3, error);
        pointers.push_back(&inputs[k]);
    }
    if (!parsed.dryRunSuggestFile.isEmpty()) {
        const int code = suggest(parsed, pointers, options);
        if (code != 0 || parsed.dryRunReportDir.isEmpty())
            return code;
    }
    // The plots need a QApplication (QCustomPlot is a widget); made only now, so that an error
    // above is the one line on stderr. Nothing is shown: offscreen, also without a display.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    for (size_t k = 0; k < inputs.size(); ++k)
        if (const int code = report(reportDirFor(parsed, int(k)), parsed.dryRunInputs[int(k)],
                                    inputs[k], options))
            return code;
    return 0;
}

} // namespace hil
