#include "dryrun/suggest.h"
#include "dryrun/dryrunreport.h"
#include "dryrun/perceptionscore.h"
#include "model/rotation.h"
#include "raven/ravencodec.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace hil::dryrun {

namespace {

// The search box, per axis 0..5 (surge, sway, heave, roll, pitch, yaw): gain linear in
// [kGainMin, kGainMax], low-pass τ linear in [0, kTauMax], limit log-scaled between a floor and
// the protocol's own limit; roll_angle and pitch_angle: gain only. 6·3 + 2 = 20 dimensions.
constexpr int kDims = 20;
constexpr double kGainMin = 0.05, kGainMax = 1.5;
constexpr double kTauMax = 0.5;
constexpr double kLinearLimitFloor = 0.5; // m/s²
constexpr double kRotLimitFloor = 0.1;    // rad/s²
constexpr double kSigmaStart = 0.2, kSigmaMin = 0.005, kSigmaMax = 0.5;

double platformLimit(int axis)
{
    return axis < 3 ? raven::kMaxAccelMmps2 / 1000.0 : degToRad(raven::kMaxRotAccelDegps2);
}

double floorLimit(int axis)
{
    return axis < 3 ? kLinearLimitFloor : kRotLimitFloor;
}

using Point = std::array<double, kDims>;

Point toPoint(const raven::CueingSettings &s)
{
    Point x{};
    for (int a = 0; a < 6; ++a) {
        const raven::AxisSettings &ax = s.axes[std::size_t(a)];
        x[std::size_t(3 * a)] = (ax.gain - kGainMin) / (kGainMax - kGainMin);
        x[std::size_t(3 * a + 1)] = ax.lowPassTauS / kTauMax;
        const double lim = ax.limit > 0 ? std::min(ax.limit, platformLimit(a)) : platformLimit(a);
        x[std::size_t(3 * a + 2)] = std::log(std::max(lim, floorLimit(a)) / floorLimit(a)) /
                                    std::log(platformLimit(a) / floorLimit(a));
    }
    x[18] = (s.axes[raven::AxRollAngle].gain - kGainMin) / (kGainMax - kGainMin);
    x[19] = (s.axes[raven::AxPitchAngle].gain - kGainMin) / (kGainMax - kGainMin);
    for (double &v : x)
        v = std::clamp(v, 0.0, 1.0);
    return x;
}

raven::CueingSettings fromPoint(const Point &x, raven::CueingSettings s)
{
    for (int a = 0; a < 6; ++a) {
        raven::AxisSettings &ax = s.axes[std::size_t(a)];
        ax.gain = kGainMin + x[std::size_t(3 * a)] * (kGainMax - kGainMin);
        ax.lowPassTauS = x[std::size_t(3 * a + 1)] * kTauMax;
        const double lim = floorLimit(a) * std::exp(x[std::size_t(3 * a + 2)] *
                                                    std::log(platformLimit(a) / floorLimit(a)));
        ax.limit = x[std::size_t(3 * a + 2)] >= 1.0 ? 0.0 : lim; // 0: the platform's own
    }
    s.axes[raven::AxRollAngle].gain = kGainMin + x[18] * (kGainMax - kGainMin);
    s.axes[raven::AxPitchAngle].gain = kGainMin + x[19] * (kGainMax - kGainMin);
    return s;
}

/// Uniform in [0, 1) and standard normal from the generator's raw 64 bits: the same numbers
/// under every standard library (its distributions are implementation-defined).
class Random
{
public:
    explicit Random(std::uint64_t seed) : m_gen(seed) {}
    double uniform() { return double(m_gen() >> 11) * (1.0 / 9007199254740992.0); }
    double normal()
    {
        if (m_haveSpare) {
            m_haveSpare = false;
            return m_spare;
        }
        double u = 0;
        while (u <= 0.0)
            u = uniform();
        const double v = uniform();
        const double r = std::sqrt(-2.0 * std::log(u));
        m_spare = r * std::sin(2.0 * 3.14159265358979323846 * v);
        m_haveSpare = true;
        return r * std::cos(2.0 * 3.14159265358979323846 * v);
    }

private:
    std::mt19937_64 m_gen;
    double m_spare = 0;
    bool m_haveSpare = false;
};

/// Feasibility first, then score.
bool better(const Evaluation &a, const Evaluation &b)
{
    if (a.stepsAtLimit != b.stepsAtLimit)
        return a.stepsAtLimit < b.stepsAtLimit;
    return a.skill > b.skill;
}

constexpr double kAngleActiveRad = 0.5 * 3.14159265358979323846 / 180.0;

/// Which axes the inputs exercise (suggest.h), from a dry run of the start settings.
std::array<bool, raven::AxisCount> exercisedAxes(const std::vector<const DryRunInput *> &inputs,
                                                 const DryRunOptions &start)
{
    std::array<bool, raven::AxisCount> active{};
    const perception::Thresholds thresholds = perception::PerceptionConfig{}.thresholds;
    for (const DryRunInput *in : inputs) {
        const PerceptionScore s = scorePerception(*in, runDryRun(*in, start), start.model.rateHz);
        for (int a = 0; a < 6; ++a)
            active[std::size_t(a)] =
                active[std::size_t(a)] || s.axes[std::size_t(a)].rmsAircraft > thresholds.axis(a);
        double roll2 = 0, pitch2 = 0;
        for (const SimFrame &f : in->frames) {
            const EulerAngles e = toEuler(normalized(f.vehicle.state.pose.orientation));
            roll2 += e.roll * e.roll;
            pitch2 += e.pitch * e.pitch;
        }
        const double n = std::max<double>(1.0, double(in->frames.size()));
        active[raven::AxRollAngle] =
            active[raven::AxRollAngle] || std::sqrt(roll2 / n) > kAngleActiveRad;
        active[raven::AxPitchAngle] =
            active[raven::AxPitchAngle] || std::sqrt(pitch2 / n) > kAngleActiveRad;
    }
    return active;
}

/// The box dimensions of axis a (suggest.cpp's layout).
bool dimensionFree(int dim, const std::array<bool, raven::AxisCount> &active)
{
    if (dim < 18)
        return active[std::size_t(dim / 3)];
    return active[std::size_t(dim == 18 ? raven::AxRollAngle : raven::AxPitchAngle)];
}

} // namespace

Evaluation evaluateSettings(const std::vector<const DryRunInput *> &inputs,
                            const DryRunOptions &options, const raven::CueingSettings &settings)
{
    Evaluation e;
    DryRunOptions o = options;
    o.cueing = settings;
    for (const DryRunInput *in : inputs) {
        const DryRunResult r = runDryRun(*in, o);
        for (const DryRunSample &s : r.samples) {
            bool any = false;
            for (int i = 0; i < 6; ++i)
                any = any || s.step.dofAtLimit[std::size_t(i)] ||
                      s.step.actuatorAtLimit[std::size_t(i)];
            e.stepsAtLimit += any ? 1 : 0;
        }
        for (int i = 0; i < 6; ++i)
            e.limitHits += int(limitHits(r, i, false).size() + limitHits(r, i, true).size());
        const PerceptionScore p = scorePerception(*in, r, o.model.rateHz);
        e.score += p.overall;
        e.skill += p.skill;
    }
    if (!inputs.empty()) {
        e.score /= double(inputs.size());
        e.skill /= double(inputs.size());
    }
    return e;
}

SuggestResult suggestSettings(const std::vector<const DryRunInput *> &inputs,
                              const DryRunOptions &start, const SuggestOptions &suggest,
                              const std::function<bool(int, int)> &progress)
{
    SuggestResult out;
    out.settings = start.cueing;
    const int total = std::max(2, suggest.evaluations); // the start and the still seat at least
    Random rng(suggest.seed);
    out.searched = exercisedAxes(inputs, start);
    int freeDims = 0;
    for (int d = 0; d < kDims; ++d)
        freeDims += dimensionFree(d, out.searched) ? 1 : 0;
    Point best = toPoint(start.cueing);
    // A point's settings; the axes not searched exactly as given (not through the box).
    auto settingsAt = [&](const Point &x) {
        raven::CueingSettings st = fromPoint(x, start.cueing);
        for (int a = 0; a < raven::AxisCount; ++a)
            if (!out.searched[std::size_t(a)])
                st.axes[std::size_t(a)] = start.cueing.axes[std::size_t(a)];
        return st;
    };
    // The start settings as given count as the first evaluation (and the "before"), the still
    // seat as the second.
    out.before = evaluateSettings(inputs, start, start.cueing);
    raven::CueingSettings still = start.cueing;
    still.masterGain = 0.0;
    out.still = evaluateSettings(inputs, start, still);
    // The best of the start, the still seat and the search's best (suggest.h).
    const auto pick = [&](const Point &best, const Evaluation &bestEval, bool improved) {
        out.settings = start.cueing;
        out.after = out.before;
        out.kind = SuggestionKind::Current;
        if (improved && better(bestEval, out.after)) {
            out.settings = settingsAt(best);
            out.after = bestEval;
            out.kind = SuggestionKind::Searched;
        }
        if (better(out.still, out.after)) {
            out.settings = still;
            out.after = out.still;
            out.kind = SuggestionKind::Still;
        }
    };
    Evaluation bestEval = out.before;
    double sigma = kSigmaStart;
    bool improved = false;
    for (out.evaluations = 1; out.evaluations <= 2; ++out.evaluations)
        if (progress && !progress(out.evaluations, total)) {
            out.cancelled = true;
            pick(best, bestEval, improved);
            return out;
        }
    out.evaluations = 2;
    for (int k = out.evaluations; k < total; ++k) {
        Point cand = best;
        // Each step moves about two of the searched numbers (each with probability 2/n, at least
        // one): moving all at once, one that must stay put (roll_angle's gain at 1 keeps the
        // turn's side force at zero) spoils nearly every step that improves another.
        std::array<double, kDims> step{}, pick{};
        int picked = -1;
        for (int d = 0; d < kDims; ++d) { // drawn for every dimension: the sequence does not
            step[std::size_t(d)] = sigma * rng.normal(); // depend on which are searched
            pick[std::size_t(d)] = rng.uniform();
            if (dimensionFree(d, out.searched) &&
                (picked < 0 || pick[std::size_t(d)] < pick[std::size_t(picked)]))
                picked = d;
        }
        for (int d = 0; d < kDims; ++d) {
            if (!dimensionFree(d, out.searched) ||
                (d != picked && pick[std::size_t(d)] >= 2.0 / double(freeDims)))
                continue;
            double &v = cand[std::size_t(d)];
            const double stepD = step[std::size_t(d)];
            v += stepD;
            // Reflect at the box's walls (stays inside for steps up to the box size).
            if (v < 0.0)
                v = -v;
            if (v > 1.0)
                v = 2.0 - v;
            v = std::clamp(v, 0.0, 1.0);
        }
        const Evaluation e = evaluateSettings(inputs, start, settingsAt(cand));
        ++out.evaluations;
        // One-fifth rule: ×1.5 on success, ×1.5^(−1/4) on failure keeps σ steady at a success
        // rate of one in five.
        if (better(e, bestEval)) {
            best = cand;
            bestEval = e;
            improved = true;
            sigma = std::min(kSigmaMax, sigma * 1.5);
        } else {
            sigma = std::max(kSigmaMin, sigma * std::pow(1.5, -0.25));
        }
        if (progress && !progress(out.evaluations, total)) {
            out.cancelled = true;
            break;
        }
    }
    pick(best, bestEval, improved);
    return out;
}

QJsonObject suggestionJson(const SuggestResult &r)
{
    const auto round = [](double v) { return std::isfinite(v) ? std::round(v * 1e6) / 1e6 : 0.0; };
    const auto eval = [&](const Evaluation &e) {
        return QJsonObject{{QStringLiteral("score"), round(e.score)},
                           {QStringLiteral("skill"), round(e.skill)},
                           {QStringLiteral("limit_hits"), e.limitHits},
                           {QStringLiteral("steps_at_limit"), qint64(e.stepsAtLimit)}};
    };
    const char *const kinds[3] = {"searched", "current", "still"};
    return QJsonObject{
        {QStringLiteral("still"), eval(r.still)},
        {QStringLiteral("current"), eval(r.before)},
        {QStringLiteral("suggested"), eval(r.after)},
        {QStringLiteral("suggested_is"), QLatin1String(kinds[int(r.kind)])},
        {QStringLiteral("score_above_still"), round(r.after.score - r.still.score)},
        {QStringLiteral("score_above_current"), round(r.after.score - r.before.score)},
        {QStringLiteral("skill_above_still"), round(r.after.skill - r.still.skill)},
        {QStringLiteral("skill_above_current"), round(r.after.skill - r.before.skill)},
        {QStringLiteral("evaluations"), r.evaluations},
        {QStringLiteral("cancelled"), r.cancelled}};
}

} // namespace hil::dryrun
