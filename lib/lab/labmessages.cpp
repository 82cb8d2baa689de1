#include "lab/labmessages.h"
#include "lab/labconfig.h"
#include "model/aerosimjson.h"

#include <QDateTime>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <chrono>
#include <cmath>

namespace hil::lab {

namespace {
QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}
} // namespace

double unixNowS()
{
    using namespace std::chrono;
    return double(duration_cast<microseconds>(system_clock::now().time_since_epoch()).count()) *
           1e-6;
}

QByteArray stateMessage(const QString &rig, const SimFrame &frame, double unixS,
                        const QJsonObject &pilot)
{
    json::Metadata meta;
    meta.topic = topic(rig, QStringLiteral("state"));
    meta.typeName = QStringLiteral("aerosim::types::VehicleState");
    meta.timestampSim = TimeStamp::fromSeconds(frame.physicsTimeS);
    meta.timestampPlatform = TimeStamp::fromSeconds(unixS);
    QJsonObject o = json::envelope(meta, json::toJson(frame.vehicle));
    o.insert(QStringLiteral("t"), unixS);
    o.insert(QStringLiteral("hil"), QJsonObject{{"altitude_m", frame.altitudeM},
                                                {"altitude_agl_m", frame.extras.altitudeAglM},
                                                {"airspeed_mps", frame.extras.airspeedMps},
                                                {"groundspeed_mps", frame.extras.groundspeedMps},
                                                {"latitude_deg", frame.latitudeDeg},
                                                {"longitude_deg", frame.longitudeDeg},
                                                {"sequence", qint64(frame.sequence)},
                                                {"stale", frame.stale}});
    if (!pilot.isEmpty())
        o.insert(QStringLiteral("pilot"), pilot);
    return compact(o);
}

QJsonObject pilotJson(const PilotControls &c)
{
    return {{"roll", c.roll},
            {"pitch", c.pitch},
            {"yaw", c.yaw},
            {"throttle", c.throttle},
            {"buttons", static_cast<double>(c.buttons)},
            {"actions", static_cast<qint64>(c.held)},
            {"device", c.deviceName.isEmpty() ? c.deviceId : c.deviceName}};
}

QByteArray platformMessage(const QJsonObject &sample, double cueGain, double unixS)
{
    QJsonObject o = sample;
    if (std::isfinite(cueGain))
        o.insert(QStringLiteral("cue_gain"), cueGain);
    o.insert(QStringLiteral("t"), unixS);
    return compact(o);
}

QJsonObject mergePlatformReply(const QJsonObject &previous, const QJsonObject &reply)
{
    QJsonObject o = reply;
    const QLatin1String pose("pose");
    if (!o.contains(pose) && previous.contains(pose))
        o.insert(pose, previous.value(pose));
    return o;
}

QByteArray linksMessage(const QJsonObject &s, double unixS)
{
    const QJsonObject links = s.value(QLatin1String("links")).toObject();
    const QJsonObject schema = s.value(QLatin1String("counter_schema")).toObject();
    QJsonObject out;
    for (auto it = links.begin(); it != links.end(); ++it) {
        QJsonObject counters = it.value().toObject();
        const QJsonValue state = counters.take(QLatin1String("state"));
        counters.remove(QLatin1String("endpoints"));
        out.insert(it.key(), QJsonObject{{"state", state},
                                         {"counters", counters},
                                         {"schema", schema.value(it.key()).toObject()}});
    }
    return compact(QJsonObject{{"t", unixS}, {"links", out}});
}

QByteArray sessionMessage(const QJsonObject &s, const QString &rig)
{
    return compact(
        QJsonObject{{"rig", rig},
                    {"folder", QFileInfo(s.value(QLatin1String("folder")).toString()).fileName()},
                    {"started_utc", s.value(QLatin1String("started_utc"))},
                    {"program", s.value(QLatin1String("program"))},
                    {"version", s.value(QLatin1String("version"))},
                    {"platform", s.value(QLatin1String("platform"))}});
}

QByteArray eventMessage(const Event &e, double unixS)
{
    return compact(QJsonObject{{"t", unixS},
                               {"id", e.id},
                               {"severity", QLatin1String(severityName(e.severity))},
                               {"source", e.source},
                               {"text", e.text},
                               {"args", QJsonArray::fromStringList(e.args)}});
}

QByteArray onlineMessage(const QString &rig, bool online, const QString &reason, double unixS)
{
    QJsonObject o{{"online", online}, {"rig", rig}, {"version", QStringLiteral(HIL_VERSION)}};
    if (!reason.isEmpty())
        o.insert(QStringLiteral("reason"), reason);
    if (unixS > 0)
        o.insert(QStringLiteral("t"), unixS);
    return compact(o);
}

QByteArray stopReply(bool ok, int mode, const QString &why)
{
    QJsonObject o{{"ok", ok}};
    if (mode >= 0) {
        o.insert(QStringLiteral("mode"), platformModeName(mode));
        o.insert(QStringLiteral("mode_id"), mode);
    }
    if (!why.isEmpty())
        o.insert(QStringLiteral("error"), why);
    return compact(o);
}

} // namespace hil::lab
