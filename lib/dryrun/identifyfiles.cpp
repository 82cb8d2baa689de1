#include "dryrun/identifyfiles.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

namespace hil::dryrun {

namespace {
namespace identifyfiles {

/// Where and when a session was recorded, and the platform's firmware, from its own files.
QString provenance(const QString &dir)
{
    QString when, where, firmware;
    bool standIn = false;
    QFile json(QDir(dir).filePath(QStringLiteral("session.json")));
    if (json.open(QIODevice::ReadOnly)) {
        const QJsonObject o = QJsonDocument::fromJson(json.readAll()).object();
        when = o.value(QStringLiteral("started_utc")).toString();
        const QJsonArray args = o.value(QStringLiteral("command_line")).toArray();
        for (int i = 0; i + 1 < args.size(); ++i)
            if (args.at(i).toString() == QLatin1String("--raven"))
                where = args.at(i + 1).toString();
        // No --raven: the link's own endpoint (the stand-in's, when it ran one).
        const QJsonObject endpoints = o.value(QStringLiteral("links"))
                                          .toObject()
                                          .value(QStringLiteral("raven"))
                                          .toObject()
                                          .value(QStringLiteral("endpoints"))
                                          .toObject();
        if (where.isEmpty() && endpoints.contains(QLatin1String("platform_host")))
            where = QStringLiteral("%1:%2")
                        .arg(endpoints.value(QStringLiteral("platform_host")).toString())
                        .arg(endpoints.value(QStringLiteral("platform_port")).toInt());
        standIn = o.value(QStringLiteral("emulate")).toArray().contains(QStringLiteral("raven"));
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
                              : (standIn ? QStringLiteral("the platform stand-in at %1")
                                         : QStringLiteral("platform at %1"))
                                    .arg(where));
    parts << (firmware.isEmpty() ? QStringLiteral("firmware not recorded") : firmware);
    return QStringLiteral("%1 (%2)").arg(QFileInfo(dir).fileName(),
                                         parts.join(QStringLiteral(", ")));
}

} // namespace identifyfiles
} // namespace

IdentificationFiles identifyAndWrite(const QStringList &sessionDirs, const QString &modelOut,
                                     const platformmodel::ModelConfig &prior)
{
    IdentificationFiles out;
    for (const QString &dir : sessionDirs) {
        IdRecording r;
        QString error;
        if (!loadIdRecording(dir, prior.rateHz, &r, &error)) {
            out.status = 3;
            out.error = error;
            return out;
        }
        out.recordings.push_back(std::move(r));
    }
    out.result = identifyPlatform(out.recordings, prior);
    const IdentificationResult &result = out.result;
    for (const auto &r : out.recordings) {
        out.sessions << identifyfiles::provenance(r.source);
        out.poses += qint64(r.poseT.size());
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
    model.origin.sessions = out.sessions;
    model.origin.validatedOn = QStringLiteral("stand-ins");
    const QString comment =
        QStringLiteral("Identified by HIL Station %1 on %2 from %3 pose(s) of %4. Validated on "
                       "stand-ins only. Not determined by the data (previous values kept): %5. "
                       "The envelope, geometry and tilt limits are not identified.")
            .arg(QStringLiteral(HIL_VERSION), now, QString::number(out.poses),
                 out.sessions.join(QStringLiteral("; ")),
                 kept.isEmpty() ? QStringLiteral("none") : kept.join(QStringLiteral(", ")));

    out.modelFile = modelOut;
    QString base = modelOut;
    if (base.endsWith(QLatin1String(".json")))
        base.chop(5);
    out.reportFile = base + QStringLiteral(".identification.json");
    QJsonObject report = identificationJson(result, out.recordings);
    report.insert(QStringLiteral("model_file"), modelOut);
    report.insert(QStringLiteral("comment"), comment);
    if (result.anyDetermined()) {
        QSaveFile file(modelOut);
        const QByteArray bytes = platformmodel::writeModelFile(model, comment);
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() ||
            !file.commit()) {
            out.status = 3;
            out.error = QStringLiteral("%1: %2").arg(modelOut, file.errorString());
            return out;
        }
    }
    QSaveFile rep(out.reportFile);
    const QByteArray json = QJsonDocument(report).toJson(QJsonDocument::Indented);
    if (!rep.open(QIODevice::WriteOnly) || rep.write(json) != json.size() || !rep.commit()) {
        out.status = 3;
        out.error = QStringLiteral("%1: %2").arg(out.reportFile, rep.errorString());
        return out;
    }
    if (!result.anyDetermined()) {
        out.status = 4;
        out.error = QStringLiteral("nothing could be identified: no DoF moved enough in these "
                                   "sessions (report: %1); no model written")
                        .arg(out.reportFile);
    }
    return out;
}

} // namespace hil::dryrun
