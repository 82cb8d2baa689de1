#include "app/identifymain.h"
#include "dryrun/identify.h"
#include "platformmodel/modelfile.h"
#include "station/options.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <cmath>
#include <cstdio>

namespace hil {

namespace {

int fail(int code, const QString &message)
{
    std::fprintf(stderr, "hilstation: %s\n", qPrintable(message));
    return code;
}

/// Numbers for the terminal in the C locale's form (a script may read them).
QByteArray fixed(double v, int decimals)
{
    return std::isfinite(v) ? QByteArray::number(v, 'f', decimals) : QByteArray("-");
}

/// Where and when a session was recorded, and the platform's firmware, from its own files.
QString provenance(const QString &dir)
{
    QString when, where, firmware;
    QFile json(QDir(dir).filePath(QStringLiteral("session.json")));
    if (json.open(QIODevice::ReadOnly)) {
        const QJsonObject o = QJsonDocument::fromJson(json.readAll()).object();
        when = o.value(QStringLiteral("started_utc")).toString();
        const QJsonArray args = o.value(QStringLiteral("command_line")).toArray();
        for (int i = 0; i + 1 < args.size(); ++i)
            if (args.at(i).toString() == QLatin1String("--raven"))
                where = args.at(i + 1).toString();
    }
    QFile events(QDir(dir).filePath(QStringLiteral("events.log")));
    if (events.open(QIODevice::ReadOnly)) {
        while (!events.atEnd()) {
            const QString line = QString::fromUtf8(events.readLine()).trimmed();
            const int at = line.indexOf(QLatin1String("platform firmware"));
            if (at >= 0)
                firmware = line.mid(at);
        }
    }
    QStringList parts;
    if (!when.isEmpty())
        parts << QStringLiteral("recorded %1").arg(when);
    parts << (where.isEmpty() ? QStringLiteral("platform address not recorded")
                              : QStringLiteral("platform at %1").arg(where));
    parts << (firmware.isEmpty() ? QStringLiteral("firmware not recorded") : firmware);
    return QStringLiteral("%1 (%2)").arg(QFileInfo(dir).fileName(),
                                         parts.join(QStringLiteral(", ")));
}

} // namespace

int runIdentifyCommand(const ParseResult &parsed)
{
    platformmodel::ModelConfig prior;
    QString error;
    if (!parsed.platformModelFile.isEmpty() &&
        !platformmodel::readModelFile(parsed.platformModelFile, &prior, &error))
        return fail(2, QStringLiteral("--platform-model: %1").arg(error));
    std::vector<dryrun::IdRecording> recordings;
    for (const QString &dir : parsed.identifyInputs) {
        dryrun::IdRecording r;
        if (!dryrun::loadIdRecording(dir, prior.rateHz, &r, &error))
            return fail(3, error);
        recordings.push_back(std::move(r));
    }
    const dryrun::IdentificationResult result = dryrun::identifyPlatform(recordings, prior);

    QStringList from;
    qint64 poses = 0;
    for (const auto &r : recordings) {
        from << provenance(r.source);
        poses += qint64(r.poseT.size());
    }
    QStringList kept;
    for (const auto &d : result.dofs)
        for (const auto &p : d.parameters)
            if (!p.determined)
                kept << p.key;
    if (!result.delay.determined)
        kept << result.delay.key;
    platformmodel::ModelConfig model = result.model;
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    model.origin.identifiedUtc = now;
    model.origin.sessions = from;
    model.origin.validatedOn = QStringLiteral("stand-ins");
    const QString comment =
        QStringLiteral("Identified by HIL Station %1 on %2 from %3 pose(s) of %4. Validated on "
                       "stand-ins only. Not determined by the data (previous values kept): %5. "
                       "The envelope, geometry and tilt limits are not identified.")
            .arg(QStringLiteral(HIL_VERSION), QDateTime::currentDateTimeUtc().toString(Qt::ISODate),
                 QString::number(poses), from.join(QStringLiteral("; ")),
                 kept.isEmpty() ? QStringLiteral("none") : kept.join(QStringLiteral(", ")));

    const QString out = parsed.platformModelOut;
    QString base = out;
    if (base.endsWith(QLatin1String(".json")))
        base.chop(5);
    const QString reportPath = base + QStringLiteral(".identification.json");
    QJsonObject report = dryrun::identificationJson(result, recordings);
    report.insert(QStringLiteral("model_file"), out);
    report.insert(QStringLiteral("comment"), comment);
    if (result.anyDetermined()) {
        QSaveFile file(out);
        const QByteArray bytes = platformmodel::writeModelFile(model, comment);
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
            return fail(3, QStringLiteral("%1: %2").arg(out, file.errorString()));
    }
    QSaveFile rep(reportPath);
    const QByteArray json = QJsonDocument(report).toJson(QJsonDocument::Indented);
    if (!rep.open(QIODevice::WriteOnly) || rep.write(json) != json.size() || !rep.commit())
        return fail(3, QStringLiteral("%1: %2").arg(reportPath, rep.errorString()));

    std::printf("platform identified from %zu session(s), %lld pose(s); validated on stand-ins "
                "only\n",
                recordings.size(), static_cast<long long>(poses));
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
    if (!result.anyDetermined())
        return fail(4, QStringLiteral("nothing could be identified: no DoF moved enough in "
                                      "these sessions (report: %1); no model written")
                           .arg(reportPath));
    std::printf("model: %s\nreport: %s\n", qPrintable(out), qPrintable(reportPath));
    return 0;
}

} // namespace hil
