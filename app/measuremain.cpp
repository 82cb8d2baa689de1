#include "app/measuremain.h"
#include "app/identifymain.h"
#include "dryrun/identifyfiles.h"
#include "dryrun/maneuvers.h"
#include "dryrun/measurementplan.h"
#include "dryrun/omctfiles.h"
#include "platformmodel/modelfile.h"
#include "rigcheck/measurementrun.h"
#include "station/options.h"
#include "ui/dryrunplots.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
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

/// The prior for a measurement's plan; false with *error when --platform-model is unusable.
bool readPrior(const StationOptions &options, platformmodel::ModelConfig *prior, QString *error)
{
    QString why;
    *prior = priorOf(options, &why);
    if (why.isEmpty())
        return true;
    *error = QStringLiteral("--platform-model: %1").arg(why);
    return false;
}

} // namespace

bool measurementSettings(const StationOptions &options, PlatformMeasurementSettings *settings,
                         QString *error)
{
    platformmodel::ModelConfig prior;
    if (!readPrior(options, &prior, error))
        return false;
    *settings = dryrun::platformMeasurementPlan(prior, options.omctFast);
    return true;
}

namespace {

/// Follows a started run: the time left on stdout every 10 s, `done` once when it ends.
std::unique_ptr<rigcheck::MeasurementRun> follow(std::unique_ptr<rigcheck::MeasurementRun> run,
                                                 const char *unit, std::function<void()> done)
{
    auto lastPrinted = std::make_shared<double>(-1e9);
    QObject::connect(run.get(), &rigcheck::MeasurementRun::progressed, run.get(),
                     [lastPrinted, unit](const PlatformMeasurementResult &r) {
                         if (r.elapsedS - *lastPrinted < 10.0)
                             return;
                         *lastPrinted = r.elapsedS;
                         std::printf("  %s %d of 6, %s s left\n", unit, std::max(1, r.dof + 1),
                                     QByteArray::number(r.leftS(), 'f', 0).constData());
                         std::fflush(stdout);
                     });
    QObject::connect(run.get(), &rigcheck::MeasurementRun::finished, run.get(),
                     [done](const PlatformMeasurementResult &) { done(); });
    run->start();
    return run;
}

} // namespace

std::unique_ptr<rigcheck::MeasurementRun>
startMeasurement(Station *station, const PlatformMeasurementSettings &settings,
                 double waitForCueingS, std::function<void()> done)
{
    std::printf("platform measurement: each DoF in turn, about %s min; the seat stays empty, "
                "STOP ends it\n",
                QByteArray::number(settings.totalS() / 60.0, 'f', 1).constData());
    std::fflush(stdout);
    return follow(std::make_unique<rigcheck::MeasurementRun>(station, settings, waitForCueingS),
                  "DoF", std::move(done));
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

bool omctSettings(const StationOptions &options, OmctMeasurementSettings *settings, QString *error)
{
    platformmodel::ModelConfig prior;
    if (!readPrior(options, &prior, error))
        return false;
    *settings = dryrun::omctMeasurementPlan(prior, options.omctFast);
    return true;
}

std::unique_ptr<rigcheck::MeasurementRun> startOmct(Station *station,
                                                    const OmctMeasurementSettings &settings,
                                                    double waitForCueingS,
                                                    std::function<void()> done)
{
    std::printf("OMCT measurement: the aircraft's motion on each input axis in turn through the "
                "cueing, about %s min; the seat stays empty, STOP ends it\n",
                QByteArray::number(settings.totalS() / 60.0, 'f', 1).constData());
    std::fflush(stdout);
    return follow(std::make_unique<rigcheck::MeasurementRun>(station, settings, waitForCueingS),
                  "input", std::move(done));
}

int finishOmct(const rigcheck::MeasurementRun &run, const QString &sessionFolder,
               const OmctMeasurementSettings &settings, const StationOptions &options)
{
    const PlatformMeasurementResult &r = run.result();
    using State = PlatformMeasurementResult::State;
    if (r.state == State::Refused) {
        std::fprintf(stderr, "hilstation: OMCT measurement refused: %s\n", qPrintable(r.reason));
        return 4;
    }
    dryrun::OmctMeasuredInput in;
    in.sessionDir = sessionFolder;
    in.settings = settings;
    in.run = r;
    QString unused;
    in.options.model = priorOf(options, &unused);
    in.options.modelFile = options.omctPlatformModel;
    if (r.cueFrame != 0) { // the cueing the link used; its other settings are the defaults
        in.options.cueing.frameId = r.cueFrame;
        in.options.cueing.masterGain = r.masterGain;
    }
    const dryrun::OmctFiles files = dryrun::analyseAndWriteOmct(in, options.omctDir);
    QString error = files.error;
    if (!files.written || !writeOmctPlots(options.omctDir, files.json, &error)) {
        std::fprintf(stderr, "hilstation: --omct: %s\n", qPrintable(error));
        return 3;
    }
    const dryrun::OmctMeasured &m = files.measured;
    const QJsonObject &json = files.json;
    const QDir dir(options.omctDir);
    // At 1 rad/s, measured beside predicted: the figures an operator reads first.
    const QJsonObject tests = json.value(QLatin1String("tests")).toObject();
    for (int t = 0; t < 6; ++t) {
        const QJsonObject f = tests.value(QLatin1String(dryrun::kOmctTests[t].name))
                                  .toObject()
                                  .value(QLatin1String("fidelity_at_1_radps"))
                                  .toObject();
        const QJsonObject me = f.value(QLatin1String("measured")).toObject();
        const QJsonObject pr = f.value(QLatin1String("predicted")).toObject();
        auto text = [](const QJsonObject &o) {
            return o.value(QLatin1String("gain")).isDouble()
                       ? QStringLiteral("gain %1, phase %2 deg, %3")
                             .arg(
                                 QString::number(o.value(QLatin1String("gain")).toDouble(), 'f', 3),
                                 QString::number(
                                     o.value(QLatin1String("phase_distortion_deg")).toDouble(), 'f',
                                     1),
                                 o.value(QLatin1String("class")).toString())
                       : QStringLiteral("not measured");
        };
        // The fast test timing sends higher harmonics: its "1 rad/s" point is another frequency.
        const double sent = tests.value(QLatin1String(dryrun::kOmctTests[t].name))
                                .toObject()
                                .value(QLatin1String("points"))
                                .toArray()
                                .at(5)
                                .toObject()
                                .value(QLatin1String("omega_radps"))
                                .toDouble();
        const QString at = std::abs(sent - 1.0) > 0.05
                               ? QStringLiteral(" (sent at %1 rad/s)").arg(sent, 0, 'f', 2)
                               : QString();
        std::printf("  %-6s at 1 rad/s%s: measured %s; predicted %s\n", dryrun::kOmctTests[t].name,
                    qPrintable(at), qPrintable(text(me)), qPrintable(text(pr)));
    }
    for (int axis = 0; axis < 6; ++axis)
        if (m.pause[std::size_t(axis)].interrupted)
            std::printf(
                "  %-6s interrupted: %s\n", dryrun::kOmctTests[axis].name,
                qPrintable(dryrun::omctInterruptedText(m.pause[std::size_t(axis)].longestS * 1e3)));
    std::printf("wrote %s\n", qPrintable(dir.filePath(QStringLiteral("omct.json"))));
    std::fflush(stdout);
    if (!m.error.isEmpty()) {
        std::fprintf(stderr, "hilstation: OMCT measurement: %s\n", qPrintable(m.error));
        return 4;
    }
    if (r.state != State::Done) {
        std::printf("OMCT measurement stopped after %d of 6 inputs (%s): the results are partial "
                    "and marked so\n",
                    r.dofsDone, qPrintable(r.reason));
        return 4;
    }
    if (!dryrun::omctMeasuredUsable(m)) {
        std::fprintf(stderr,
                     "hilstation: OMCT measurement: no direct test has a measurable point "
                     "with a coherence of %s or more on an input that was not interrupted: it "
                     "says nothing\n",
                     QByteArray::number(dryrun::kOmctMinCoherence, 'f', 1).constData());
        return 4;
    }
    std::printf("OMCT measurement done in %s s\n",
                QByteArray::number(r.elapsedS, 'f', 0).constData());
    return 0;
}

} // namespace hil
