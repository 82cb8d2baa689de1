#include "app/identifymain.h"
#include "dryrun/identifyfiles.h"
#include "platformmodel/modelfile.h"
#include "station/options.h"

#include <cmath>
#include <cstdio>

namespace hil {

namespace {

/// Numbers for the terminal in the C locale's form (a script may read them).
QByteArray fixed(double v, int decimals)
{
    return std::isfinite(v) ? QByteArray::number(v, 'f', decimals) : QByteArray("-");
}

} // namespace

int printIdentification(const dryrun::IdentificationFiles &files)
{
    if (files.status == 3) {
        std::fprintf(stderr, "hilstation: %s\n", qPrintable(files.error));
        return 3;
    }
    const dryrun::IdentificationResult &result = files.result;
    std::printf("platform identified from %zu session(s), %lld pose(s); validated on stand-ins "
                "only\n",
                files.recordings.size(), static_cast<long long>(files.poses));
    auto line = [](const dryrun::IdParameter &p) {
        std::printf("  %-34s %10s ± %-9s %s\n", qPrintable(p.key), fixed(p.value, 4).constData(),
                    fixed(p.sigma, 4).constData(),
                    p.determined ? "" : "undetermined (previous value kept)");
    };
    line(result.delay);
    std::printf("  tilt coordination: %s\n", qPrintable(result.tiltDecision));
    if (result.tiltLowPass.determined)
        line(result.tiltLowPass);
    for (const auto &d : result.dofs) {
        for (const auto &p : d.parameters)
            line(p);
        if (d.excited)
            std::printf("    variance accounted for %s %%\n", fixed(100.0 * d.vaf, 1).constData());
    }
    for (const QString &note : result.notes)
        std::printf("  note: %s\n", qPrintable(note));
    std::fflush(stdout);
    if (files.status != 0) {
        std::fprintf(stderr, "hilstation: %s\n", qPrintable(files.error));
        return files.status;
    }
    std::printf("model: %s\nreport: %s\n", qPrintable(files.modelFile),
                qPrintable(files.reportFile));
    return 0;
}

int runIdentifyCommand(const ParseResult &parsed)
{
    platformmodel::ModelConfig prior;
    QString error;
    if (!parsed.platformModelFile.isEmpty() &&
        !platformmodel::readModelFile(parsed.platformModelFile, &prior, &error)) {
        std::fprintf(stderr, "hilstation: --platform-model: %s\n", qPrintable(error));
        return 2;
    }
    return printIdentification(
        dryrun::identifyAndWrite(parsed.identifyInputs, parsed.platformModelOut, prior));
}

} // namespace hil
