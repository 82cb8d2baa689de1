#include "app/dryrunmain.h"
#include "dryrun/dryrunreport.h"
#include "dryrun/perceptionscore.h"
#include "dryrun/suggest.h"
#include "platformmodel/modelfile.h"
#include "raven/cueingfile.h"
#include "station/options.h"
#include "ui/dryrunplots.h"

#include <QApplication>
#include <QDir>
#include <QSaveFile>
#include <cstdio>

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

// Fixed, so that the same input and start settings always give the same file (suggest.h).
constexpr int kSuggestEvaluations = 200;
constexpr std::uint64_t kSuggestSeed = 1;

int suggest(const ParseResult &parsed, const dryrun::DryRunInput &input,
            const dryrun::DryRunOptions &options)
{
    const dryrun::SuggestResult s =
        dryrun::suggestSettings({&input}, options, {kSuggestEvaluations, kSuggestSeed});
    QSaveFile f(parsed.dryRunSuggestFile);
    const QByteArray bytes = raven::writeCueingFile(s.settings);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit())
        return fail(3, QStringLiteral("%1: %2").arg(f.fileName(), f.errorString()));
    auto line = [](const char *what, const dryrun::Evaluation &e) {
        std::printf("  %s: perception score %s of 100, %d predicted limit hit(s)\n", what,
                    QByteArray::number(e.score, 'f', 1).constData(), e.limitHits);
    };
    std::printf("suggested settings (%d evaluations, seed %llu): %s\n", s.evaluations,
                static_cast<unsigned long long>(kSuggestSeed),
                qPrintable(parsed.dryRunSuggestFile));
    line("before", s.before);
    line("after ", s.after);
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
    dryrun::DryRunInput input;
    dryrun::DryRunInput::Error kind;
    if (!input.load(parsed.dryRunInput, &error, &kind))
        return fail(kind == dryrun::DryRunInput::Error::Arguments ? 2 : 3, error);
    if (!parsed.dryRunSuggestFile.isEmpty()) {
        const int code = suggest(parsed, input, options);
        if (code != 0 || parsed.dryRunReportDir.isEmpty())
            return code;
    }
    const dryrun::DryRunResult result = dryrun::runDryRun(input, options);
    // The plots need a QApplication (QCustomPlot is a widget); made only now, so that an error
    // above is the one line on stderr. Nothing is shown: offscreen, also without a display.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QString dir = parsed.dryRunReportDir;
    const dryrun::PerceptionScore score =
        dryrun::scorePerception(input, result, options.model.rateHz, {}, 1);
    if (!dryrun::writeDryRunFiles(dir, input, options, result, &error) ||
        !writeDryRunPlots(dir, result, options, &error) ||
        !writePerceptionPlots(dir, score, result, &error))
        return fail(3, error);
    // A summary for the console; report.json has everything.
    const char *const dofs[6] = {"surge", "sway", "heave", "roll", "pitch", "yaw"};
    std::printf("dry run: %s, %zu frames (%lld skipped), %zu model steps\n",
                qPrintable(parsed.dryRunInput), input.frames.size(),
                static_cast<long long>(input.skippedRows), result.samples.size());
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

} // namespace hil
