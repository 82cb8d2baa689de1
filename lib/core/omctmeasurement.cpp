#include "core/omctmeasurement.h"

#include <algorithm>
#include <cmath>

namespace hil {

namespace omctmeasurement {
constexpr double kOmctMeasurementPi = 3.14159265358979323846;

/// 0 → 1 over [t0, t0 + d] with zero slope at both ends (half a cosine), and its two
/// derivatives.
struct Fade
{
    double v = 0, d1 = 0, d2 = 0;
};
Fade fadeIn(double t, double t0, double d)
{
    if (t <= t0)
        return {};
    if (d <= 0.0 || t >= t0 + d)
        return {1.0, 0.0, 0.0};
    const double x = (t - t0) / d;
    return {0.5 - 0.5 * std::cos(kOmctMeasurementPi * x),
            0.5 * kOmctMeasurementPi / d * std::sin(kOmctMeasurementPi * x),
            0.5 * kOmctMeasurementPi * kOmctMeasurementPi / (d * d) *
                std::cos(kOmctMeasurementPi * x)};
}
} // namespace omctmeasurement
using namespace omctmeasurement;

std::vector<OmctMeasurementSettings::Component>
OmctMeasurementSettings::components(int axis, bool linearity) const
{
    std::vector<Component> out;
    const double base = linearity ? linearityBasePeriodS : basePeriodS;
    const double scale = linearity ? linearityScale : 1.0;
    std::vector<int> indices;
    if (linearity)
        indices = linearityIndex;
    else
        for (int i = 0; i < int(omegaRadS.size()); ++i)
            indices.push_back(i);
    const auto &amp = amplitude[std::size_t(std::clamp(axis, 0, 5))];
    int lastHarmonic = 0;
    const double n = double(indices.size());
    for (std::size_t k = 0; k < indices.size(); ++k) {
        const int i = indices[k];
        if (i < 0 || i >= int(omegaRadS.size()))
            continue;
        // The nearest harmonic; a frequency too low or too close to the previous one for this
        // base period takes the next free harmonic (the fast test run's short period does).
        const int h = std::max(lastHarmonic + 1, int(std::lround(omegaRadS[std::size_t(i)] * base /
                                                                 (2.0 * kOmctMeasurementPi))));
        lastHarmonic = h;
        Component c;
        c.index = i;
        c.omegaRadS = 2.0 * kOmctMeasurementPi * double(h) / base;
        c.amplitude = scale * (std::size_t(i) < amp.size() ? amp[std::size_t(i)] : 0.0);
        c.phaseRad =
            -kOmctMeasurementPi * double(k) * double(k + 1) / n; // Schroeder: a low crest factor
        out.push_back(c);
    }
    return out;
}

OmctMeasurementSettings::Motion OmctMeasurementSettings::motion(int axis, double t) const
{
    // One segment: its envelope (fade in at fadeAt, out at outAt) times its multisine, with the
    // product rule for the derivatives (the attitude's rate and acceleration stay continuous).
    auto segment = [&](bool linearity, double start, double inAt, double outAt, Motion *m) {
        const Fade in = fadeIn(t, inAt, common.rampS);
        const Fade out = fadeIn(t, outAt, common.rampS);
        const double e = in.v * (1.0 - out.v), e1 = in.d1 * (1.0 - out.v) - in.v * out.d1;
        const double e2 = in.d2 * (1.0 - out.v) - 2.0 * in.d1 * out.d1 - in.v * out.d2;
        if (e == 0.0 && e1 == 0.0 && e2 == 0.0)
            return;
        double s = 0, s1 = 0, s2 = 0;
        for (const Component &c : components(axis, linearity)) {
            const double x = c.omegaRadS * (t - start) + c.phaseRad;
            s += c.amplitude * std::sin(x);
            s1 += c.amplitude * c.omegaRadS * std::cos(x);
            s2 -= c.amplitude * c.omegaRadS * c.omegaRadS * std::sin(x);
        }
        m->value += e * s;
        m->rate += e1 * s + e * s1;
        m->accel += e2 * s + 2.0 * e1 * s1 + e * s2;
    };
    Motion m;
    if (t < 0.0 || t > excitationS())
        return m;
    const bool lin = hasLinearity();
    segment(false, 0.0, 0.0, lin ? linearityStartS() : mainMeasureEndS(), &m);
    if (lin)
        segment(true, linearityStartS(), linearityStartS(), linearityMeasureEndS(), &m);
    return m;
}

} // namespace hil
