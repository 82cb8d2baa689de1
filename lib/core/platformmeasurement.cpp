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

} // namespace hil
