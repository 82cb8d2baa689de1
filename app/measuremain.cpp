#include "app/measuremain.h"
#include "app/identifymain.h"
#include "dryrun/identifyfiles.h"
#include "platformmodel/modelfile.h"
#include "rigcheck/measurementrun.h"
#include "station/options.h"

#include <QDir>
#include <cmath>
#include <cstdio>

namespace hil {

namespace {

platformmodel::ModelConfig priorOf(const StationOptions &options, QString *error)
{
    platformmodel::ModelConfig prior;
    if (!options.omctPlatformModel.isEmpty())
        platformmodel::readModelFile(options.omctPlatformModel, &prior, error);
    return prior;
}

} // namespace

bool measurementSettings(const StationOptions &options, PlatformMeasurementSettings *settings,
                         QString *error)
{
    QString why;
    const platformmodel::ModelConfig prior = priorOf(options, &why);
    if (!why.isEmpty()) {
        *error = QStringLiteral("--platform-model: %1").arg(why);
        return false;
    }
    PlatformMeasurementSettings s;
    for (std::size_t d = 0; d < 6; ++d) { // the platform reports no envelope: the model's
        s.reachMin[d] = prior.envelope.dofMin[d];
        s.reachMax[d] = prior.envelope.dofMax[d];
    }
    if (options.omctFast) { // tests: the same procedure in seconds
        s.lowestRadS = 3.0;
        s.highestRadS = 15.0;
        s.periods = 1;
        s.rampS = 0.3;
        s.restS = 0.3;
        s.startScale = 1.0; // no time to grow; the reach's abort still holds
        for (std::size_t d = 3; d < 6; ++d)
            s.amplitude[d] *= s.maxScale; // where a full run's scale would have grown to
    }
    *settings = s;
    return true;
}

std::unique_ptr<rigcheck::MeasurementRun>
startMeasurement(Station *station, const PlatformMeasurementSettings &settings,
                 double waitForCueingS, std::function<void()> done)
{
    std::printf("platform measurement: each DoF in turn, about %s min; the seat stays empty, "
                "STOP ends it\n",
                QByteArray::number(settings.totalS() / 60.0, 'f', 1).constData());
    std::fflush(stdout);
    auto run = std::make_unique<rigcheck::MeasurementRun>(station, settings, waitForCueingS);
    auto lastPrinted = std::make_shared<double>(-1e9);
    QObject::connect(run.get(), &rigcheck::MeasurementRun::progressed, run.get(),
                     [lastPrinted](const PlatformMeasurementResult &r) {
                         if (r.elapsedS - *lastPrinted < 10.0)
                             return;
                         *lastPrinted = r.elapsedS;
                         std::printf("  DoF %d of 6, %s s left\n", std::max(1, r.dof + 1),
                                     QByteArray::number(r.leftS(), 'f', 0).constData());
                         std::fflush(stdout);
                     });
    QObject::connect(run.get(), &rigcheck::MeasurementRun::finished, run.get(),
                     [done](const PlatformMeasurementResult &) { done(); });
    run->start();
    return run;
}

int finishMeasurement(const rigcheck::MeasurementRun &run, const QString &sessionFolder,
                      const StationOptions &options)
{
    const PlatformMeasurementResult &r = run.result();
    using State = PlatformMeasurementResult::State;
    if (r.state == State::Refused || (r.state != State::Done && r.dofsDone == 0)) {
        std::fprintf(stderr, "hilstation: platform measurement %s: %s\n",
                     r.state == State::Refused ? "refused" : "stopped", qPrintable(r.reason));
        return 4;
    }
    if (r.state != State::Done)
        std::printf("platform measurement stopped after %d of 6 DoFs (%s): identifying what "
                    "was measured\n",
                    r.dofsDone, qPrintable(r.reason));
    else
        std::printf("platform measurement done in %s s\n",
                    QByteArray::number(r.elapsedS, 'f', 0).constData());
    if (!QDir().mkpath(options.omctDir)) {
        std::fprintf(stderr, "hilstation: --omct: cannot create %s\n", qPrintable(options.omctDir));
        return 3;
    }
    QString unused;
    const int status = printIdentification(dryrun::identifyAndWrite(
        {sessionFolder}, QDir(options.omctDir).filePath(QStringLiteral("platform-model.json")),
        priorOf(options, &unused)));
    return status != 0 ? status : (r.state == State::Done ? 0 : 4);
}

} // namespace hil
