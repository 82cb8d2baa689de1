#include "core/transportdelayresult.h"

#include <QJsonArray>
#include <algorithm>
#include <cmath>

namespace hil {

namespace {
double centi(double ms)
{
    return std::round(ms * 100.0) / 100.0;
}
} // namespace

double TransportDelayResult::medianMs() const
{
    if (samplesMs.empty())
        return 0.0;
    std::vector<double> v = samplesMs;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

double TransportDelayResult::maxMs() const
{
    return samplesMs.empty() ? 0.0 : *std::max_element(samplesMs.begin(), samplesMs.end());
}

QString TransportDelayResult::stateName(State s)
{
    switch (s) {
    case State::Running:
        return QStringLiteral("running");
    case State::Done:
        return QStringLiteral("done");
    case State::Refused:
        return QStringLiteral("refused");
    case State::Stopped:
        return QStringLiteral("stopped");
    case State::Idle:
        break;
    }
    return QStringLiteral("idle");
}

QJsonObject TransportDelayResult::toJson() const
{
    QJsonObject o{{"state", stateName(state)}, {"steps", int(samplesMs.size())},
                  {"steps_asked", stepsAsked}, {"axis", axis},
                  {"amplitude", amplitude},    {"reason", reason}};
    QJsonArray samples;
    for (double ms : samplesMs)
        samples.append(centi(ms));
    o.insert("samples_ms", samples);
    if (!samplesMs.empty()) {
        o.insert("median_ms", centi(medianMs()));
        o.insert("max_ms", centi(maxMs()));
    }
    return o;
}

} // namespace hil
