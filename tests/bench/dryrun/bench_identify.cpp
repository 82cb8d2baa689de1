// The platform identification's speed on a 10-minute session (100 Hz cues, 20 Hz position
// replies) written by the test platform of tests/common/identifyplatform.h, all six DoFs excited:
//   identify_load_s      cues.csv and platform.csv read onto the 250 Hz grid
//   identify_fit_s       identifyPlatform(): every DoF's fit, the tilt decision, the whole
//                        model run twice over the recording (prior and identified)
// Medians of 3.
#include "../benchutil.h"
#include "dryrun/identify.h"
#include "identifyplatform.h"

#include <QCoreApplication>
#include <QTemporaryDir>

using namespace hil::dryrun;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTemporaryDir dir;
    idtest::Recording rec;
    rec.seconds = 600;
    rec.excite = {true, true, true, true, true, true};
    const QString session = dir.filePath(QStringLiteral("ten-minutes"));
    if (!idtest::writeSession(session, idtest::Truth(), rec))
        qFatal("cannot write %s", qPrintable(session));
    std::vector<double> load, fit;
    double sink = 0;
    for (int run = 0; run < 3; ++run) {
        const double t0 = bench::nowNs();
        std::vector<IdRecording> recs(1);
        QString error;
        if (!loadIdRecording(session, 250.0, &recs[0], &error))
            qFatal("%s", qPrintable(error));
        const double t1 = bench::nowNs();
        const IdentificationResult r = identifyPlatform(recs, hil::platformmodel::ModelConfig());
        const double t2 = bench::nowNs();
        load.push_back((t1 - t0) * 1e-9);
        fit.push_back((t2 - t1) * 1e-9);
        sink += r.delay.value;
    }
    bench::report("identify_load_s", bench::percentile(load, 50), "s");
    bench::report("identify_fit_s", bench::percentile(fit, 50), "s");
    if (sink == 12345.0)
        std::printf("#\n");
    return 0;
}
