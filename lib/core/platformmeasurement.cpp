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
    QJsonArray peak, scales, starts;
    for (int i = 0; i < 6; ++i) {
        peak.append(std::round(peakReach[std::size_t(i)] * 1000.0) / 1000.0);
        scales.append(std::round(scale[std::size_t(i)] * 1000.0) / 1000.0);
        // A string: a double holds the ns of a steady clock only to 2^53 (about 104 days).
        starts.append(QString::number(excitationStartNs[std::size_t(i)]));
    }
    return QJsonObject{{"state", TransportDelayResult::stateName(state)},
                       {"dof", dof},
                       {"dofs_done", dofsDone},
                       {"elapsed_s", std::round(elapsedS * 10.0) / 10.0},
                       {"total_s", std::round(totalS * 10.0) / 10.0},
                       {"reason", reason},
                       {"reason_id", reasonId},
                       {"peak_reach", peak},
                       {"scale", scales},
                       {"excitation_start_ns", starts},
                       {"cue_frame", cueFrame},
                       {"master_gain", masterGain}};
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
    const QJsonArray starts = o.value(QLatin1String("excitation_start_ns")).toArray();
    r.cueFrame = o.value(QLatin1String("cue_frame")).toInt();
    r.masterGain = o.value(QLatin1String("master_gain")).toDouble();
    for (int i = 0; i < 6; ++i) {
        r.peakReach[std::size_t(i)] = peak.at(i).toDouble();
        r.scale[std::size_t(i)] = scales.at(i).toDouble();
        r.excitationStartNs[std::size_t(i)] = starts.at(i).toString().toLongLong();
    }
    return r;
}

} // namespace hil
