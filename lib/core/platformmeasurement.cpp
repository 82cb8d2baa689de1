#include "core/platformmeasurement.h"

#include <QJsonArray>
#include <cmath>

namespace hil {

namespace {
constexpr double kPi = 3.14159265358979323846;
}

double PlatformMeasurementSettings::perDofS() const
{
    return 2.0 * rampS + double(periods) * 2.0 * kPi / lowestRadS + restS;
}

double PlatformMeasurementSettings::totalS() const
{
    return rampS + 6.0 * perDofS();
}

QJsonObject PlatformMeasurementResult::toJson() const
{
    QJsonArray peak, scales;
    for (int i = 0; i < 6; ++i) {
        peak.append(std::round(peakReach[std::size_t(i)] * 1000.0) / 1000.0);
        scales.append(std::round(scale[std::size_t(i)] * 1000.0) / 1000.0);
    }
    return QJsonObject{{"state", TransportDelayResult::stateName(state)},
                       {"dof", dof},
                       {"dofs_done", dofsDone},
                       {"elapsed_s", std::round(elapsedS * 10.0) / 10.0},
                       {"total_s", std::round(totalS * 10.0) / 10.0},
                       {"reason", reason},
                       {"reason_id", reasonId},
                       {"peak_reach", peak},
                       {"scale", scales}};
}

PlatformMeasurementResult PlatformMeasurementResult::fromJson(const QJsonObject &o)
{
    PlatformMeasurementResult r;
    r.state = TransportDelayResult::stateFromName(o.value(QLatin1String("state")).toString());
    r.dof = o.value(QLatin1String("dof")).toInt(-1);
    r.dofsDone = o.value(QLatin1String("dofs_done")).toInt();
    r.elapsedS = o.value(QLatin1String("elapsed_s")).toDouble();
    r.totalS = o.value(QLatin1String("total_s")).toDouble();
    r.reason = o.value(QLatin1String("reason")).toString();
    r.reasonId = o.value(QLatin1String("reason_id")).toString();
    const QJsonArray peak = o.value(QLatin1String("peak_reach")).toArray();
    const QJsonArray scales = o.value(QLatin1String("scale")).toArray();
    for (int i = 0; i < 6; ++i) {
        r.peakReach[std::size_t(i)] = peak.at(i).toDouble();
        r.scale[std::size_t(i)] = scales.at(i).toDouble();
    }
    return r;
}

} // namespace hil
