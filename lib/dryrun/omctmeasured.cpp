#include "dryrun/omctmeasured.h"
#include "dryrun/identify.h"
#include "session/cuescsv.h"
#include "session/platformcsv.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>
#include <cmath>
#include <limits>

namespace hil::dryrun {

namespace {
namespace omctmeasured {

using Complex = std::complex<double>;
constexpr double kOmctMeasuredPi = 3.14159265358979323846;
constexpr double kOmctMeasuredNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kOmctMeasuredG = 9.80665;
constexpr int kCueingMode = 3;
constexpr int kOmctOrigin = 6; ///< raven::CueOrigin::Omct in cues.csv
constexpr int kOneRadPerS = 5; ///< kOmctFrequencies[5] = 1.0
/// One count of each cues.csv SI column's word: mm/s², deg/s², mdeg.
constexpr double kCount[8] = {1e-3,
                              1e-3,
                              1e-3,
                              kOmctMeasuredPi / 180.0,
                              kOmctMeasuredPi / 180,
                              kOmctMeasuredPi / 180,
                              kOmctMeasuredPi / 180.0e3,
                              kOmctMeasuredPi / 180.0e3};

/// Samples of one signal set over a span, times from a segment's origin.
struct Samples
{
    std::vector<double> t;
    std::vector<std::array<double, 6>> v;
};

Samples omctWithin(const std::vector<double> &t, const std::vector<std::array<double, 6>> &v,
                   double origin, double from, double to)
{
    Samples s;
    const auto lo = std::lower_bound(t.begin(), t.end(), origin + from);
    for (auto it = lo; it != t.end() && *it < origin + to; ++it) {
        s.t.push_back(*it - origin);
        s.v.push_back(v[std::size_t(it - t.begin())]);
    }
    return s;
}

/// The six DoFs' phasors at the components' frequencies; empty when the fit fails.
std::array<std::vector<Complex>, 6> omctFitPose(const Samples &s, const std::vector<double> &omega)
{
    std::array<std::vector<Complex>, 6> out;
    std::vector<double> y(s.t.size());
    for (std::size_t d = 0; d < 6; ++d) {
        for (std::size_t i = 0; i < s.t.size(); ++i)
            y[i] = s.v[i][d];
        const SineFit f = fitSines(s.t, y, omega);
        if (!f.ok)
            return {};
        out[d] = f.phasor;
    }
    return out;
}

/// The response at the head (specific force 0..2, rate 3..5) of pose phasors X at ω.
std::array<Complex, 6> omctHeadResponse(const std::array<Complex, 6> &x, double w, const Vector3 &h)
{
    const Complex jw(0.0, w);
    const Complex a0 = -w * w;
    // Angular acceleration × the lever arm to the head: (α × h), α = −ω²Θ.
    const Complex ax = a0 * x[3], ay = a0 * x[4], az = a0 * x[5];
    const Complex lx = ay * h.z - az * h.y, ly = az * h.x - ax * h.z, lz = ax * h.y - ay * h.x;
    // Gravity in the tilted seat (linear in the angles): roll right side down adds +g on y
    // LEFT, pitch nose down −g on x (cueing.h's worked example).
    return {a0 * x[0] + lx - kOmctMeasuredG * x[4],
            a0 * x[1] + ly + kOmctMeasuredG * x[3],
            a0 * x[2] + lz,
            jw * x[3],
            jw * x[4],
            jw * x[5]};
}

/// The input quantity a test divides by: the aircraft's rate for a rotation read as a rate,
/// its angle for a rotation read as a specific force, its specific force for a translation.
Complex omctInputOf(const OmctTest &test, const OmctMeasurementSettings::Component &c)
{
    const Complex u = std::polar(c.amplitude, c.phaseRad);
    return test.input >= 3 && test.output >= 3 ? Complex(0.0, c.omegaRadS) * u : u;
}

double omctMeasuredPhaseDeg(Complex h)
{
    return std::abs(h) > 0 ? std::arg(h) * 180.0 / kOmctMeasuredPi : kOmctMeasuredNaN;
}

double omctMeasuredRounded(double v, double scale = 1e6)
{
    return std::round(v * scale) / scale;
}

QJsonValue omctMeasuredFiniteOrNull(double v, double scale = 1e6)
{
    return std::isfinite(v) ? QJsonValue(omctMeasuredRounded(v, scale))
                            : QJsonValue(QJsonValue::Null);
}

qint64 sessionEpochNs(const QString &dir)
{
    QFile f(QDir(dir).filePath(QStringLiteral("session.json")));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    return QJsonDocument::fromJson(f.readAll())
        .object()
        .value(QLatin1String("recorder"))
        .toObject()
        .value(QLatin1String("epoch_ns"))
        .toString()
        .toLongLong();
}

} // namespace omctmeasured
} // namespace

using namespace omctmeasured;

SineFit fitSines(const std::vector<double> &t, const std::vector<double> &y,
                 const std::vector<double> &omegaRadS)
{
    SineFit fit;
    const std::size_t k = omegaRadS.size(), m = 2 + 2 * k, n = std::min(t.size(), y.size());
    if (n < m + 1)
        return fit;
    double mean = 0, span = 0;
    for (std::size_t i = 0; i < n; ++i)
        mean += t[i];
    mean /= double(n);
    for (std::size_t i = 0; i < n; ++i)
        span = std::max(span, std::abs(t[i] - mean));
    if (!(span > 0))
        return fit;
    // The normal equations, then Gauss–Jordan with partial pivoting: 26 unknowns at most.
    std::vector<double> a(m * m, 0.0), b(m, 0.0), row(m);
    auto basis = [&](double ti) {
        row[0] = 1.0;
        row[1] = (ti - mean) / span; // scaled: the columns stay of one size
        for (std::size_t j = 0; j < k; ++j) {
            row[2 + 2 * j] = std::sin(omegaRadS[j] * ti);
            row[3 + 2 * j] = std::cos(omegaRadS[j] * ti);
        }
    };
    for (std::size_t i = 0; i < n; ++i) {
        basis(t[i]);
        for (std::size_t r = 0; r < m; ++r) {
            b[r] += row[r] * y[i];
            for (std::size_t c = 0; c < m; ++c)
                a[r * m + c] += row[r] * row[c];
        }
    }
    double scale = 0;
    for (std::size_t r = 0; r < m; ++r)
        scale = std::max(scale, a[r * m + r]);
    for (std::size_t c = 0; c < m; ++c) {
        std::size_t p = c;
        for (std::size_t r = c + 1; r < m; ++r)
            if (std::abs(a[r * m + c]) > std::abs(a[p * m + c]))
                p = r;
        if (!(std::abs(a[p * m + c]) > 1e-10 * scale))
            return fit; // frequencies the samples cannot tell apart
        if (p != c) {
            for (std::size_t j = 0; j < m; ++j)
                std::swap(a[p * m + j], a[c * m + j]);
            std::swap(b[p], b[c]);
        }
        for (std::size_t r = 0; r < m; ++r) {
            if (r == c)
                continue;
            const double f = a[r * m + c] / a[c * m + c];
            if (f == 0.0)
                continue;
            for (std::size_t j = c; j < m; ++j)
                a[r * m + j] -= f * a[c * m + j];
            b[r] -= f * b[c];
        }
    }
    std::vector<double> x(m);
    for (std::size_t r = 0; r < m; ++r)
        x[r] = b[r] / a[r * m + r];
    fit.ok = true;
    fit.offset = x[0];
    fit.drift = x[1] / span;
    for (std::size_t j = 0; j < k; ++j) // A·sin(ωt + φ) = A cos φ · sin ωt + A sin φ · cos ωt
        fit.phasor.emplace_back(x[2 + 2 * j], x[3 + 2 * j]);
    double ss = 0;
    for (std::size_t i = 0; i < n; ++i) {
        basis(t[i]);
        double model = 0;
        for (std::size_t r = 0; r < m; ++r)
            model += row[r] * x[r];
        ss += (y[i] - model) * (y[i] - model);
    }
    fit.rmsResidual = std::sqrt(ss / double(n));
    return fit;
}

OmctPause omctPause(const std::vector<double> &t, double from, double to)
{
    std::vector<double> gaps;
    const auto lo = std::lower_bound(t.begin(), t.end(), from);
    for (auto it = lo; it != t.end() && it + 1 != t.end() && *(it + 1) < to; ++it)
        gaps.push_back(*(it + 1) - *it);
    OmctPause p;
    if (gaps.empty())
        return p;
    p.longestS = *std::max_element(gaps.begin(), gaps.end());
    auto mid = gaps.begin() + std::ptrdiff_t(gaps.size() / 2);
    std::nth_element(gaps.begin(), mid, gaps.end());
    p.interrupted = p.longestS > std::max(kOmctPauseS, 5.0 * *mid);
    return p;
}

double twoPeriodCoherence(Complex h1, Complex h2)
{
    const double den = 2.0 * (std::norm(h1) + std::norm(h2));
    return den > 0 ? std::norm(h1 + h2) / den : kOmctMeasuredNaN;
}

OmctMeasured analyseOmct(const OmctMeasuredInput &in, const OmctResult &prediction)
{
    OmctMeasured out;
    const OmctMeasurementSettings &s = in.settings;
    for (int t = 0; t < kOmctTestCount; ++t)
        for (int f = 0; f < kOmctFrequencyCount; ++f) {
            OmctMeasuredPoint &p = out.tests[std::size_t(t)][std::size_t(f)];
            p.nominalOmegaRadS = kOmctFrequencies[f];
            p.omegaRadS = kOmctFrequencies[f];
            p.gain = p.phaseDeg = p.coherence = kOmctMeasuredNaN;
            p.predictedGain = prediction.tests[std::size_t(t)].points[std::size_t(f)].gain;
            p.predictedPhaseDeg = prediction.tests[std::size_t(t)].points[std::size_t(f)].phaseDeg;
            for (const auto &c : s.components(kOmctTests[t].input, false))
                if (c.index == f) {
                    p.omegaRadS = c.omegaRadS;
                    p.inputAmplitude = c.amplitude;
                }
        }
    const QDir dir(in.sessionDir);
    const qint64 epochNs = sessionEpochNs(in.sessionDir);
    const PlatformCsv platform = loadPlatformCsv(dir.filePath(QStringLiteral("platform.csv")));
    if (!platform.present || !platform.readable) {
        out.error = QStringLiteral("%1: no platform.csv: nothing says what the platform did")
                        .arg(in.sessionDir);
        return out;
    }
    if (epochNs == 0) {
        out.error = QStringLiteral("%1: session.json does not say when the session's clock "
                                   "started (recorder.epoch_ns)")
                        .arg(in.sessionDir);
        return out;
    }
    // The poses in CUEING on one clock: the platform's own where it stamped them.
    std::vector<double> onPlatformClock;
    placePlatformClock(platform.rows, &onPlatformClock);
    out.timedByPlatformClock = std::any_of(onPlatformClock.begin(), onPlatformClock.end(),
                                           [](double v) { return std::isfinite(v); });
    std::vector<std::pair<double, std::array<double, 6>>> poses;
    for (std::size_t i = 0; i < platform.rows.size(); ++i) {
        const PlatformReply &r = platform.rows[i];
        if (r.mode != kCueingMode || !r.hasPose())
            continue;
        if (out.timedByPlatformClock && !std::isfinite(onPlatformClock[i]))
            continue; // a reply without the platform's stamp: its arrival is later, by a jitter
        poses.emplace_back(out.timedByPlatformClock ? onPlatformClock[i] : r.timeS, r.dof);
    }
    std::sort(poses.begin(), poses.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    std::vector<double> poseT;
    std::vector<std::array<double, 6>> poseV;
    for (const auto &p : poses) {
        poseT.push_back(p.first);
        poseV.push_back(p.second);
    }
    out.poses = qint64(poseT.size());
    if (poseT.empty()) {
        out.error =
            QStringLiteral("%1: the platform reported no pose in CUEING").arg(in.sessionDir);
        return out;
    }
    // The OMCT's cues as sent, in the words' SI (rounded to their counts).
    const CuesCsv cues = loadCuesCsv(dir.filePath(QStringLiteral("cues.csv")));
    std::vector<double> cueT;
    std::vector<std::array<double, 6>> cueV; // the six acceleration words, in counts
    std::vector<SentCue> cueRows;
    for (const SentCue &c : cues.rows)
        if (c.origin == kOmctOrigin)
            cueRows.push_back(c);
    std::sort(cueRows.begin(), cueRows.end(),
              [](const SentCue &a, const SentCue &b) { return a.timeS < b.timeS; });
    for (const SentCue &c : cueRows) {
        cueT.push_back(c.timeS);
        // Columns 0..5 accelerations in counts; the angle words ride on 6..7 for roll, pitch.
        std::array<double, 6> v{};
        for (std::size_t i = 0; i < 6; ++i)
            v[i] = c.si[i] / kCount[i];
        cueV.push_back(v);
    }
    std::vector<std::array<double, 6>> angleV; // roll, pitch angle words in counts (else 0)
    for (const SentCue &c : cueRows)
        angleV.push_back({std::isfinite(c.si[6]) ? c.si[6] / kCount[6] : 0.0,
                          std::isfinite(c.si[7]) ? c.si[7] / kCount[7] : 0.0, 0, 0, 0, 0});

    const Vector3 head = in.options.model.geometry.headM;
    for (int axis = 0; axis < 6; ++axis) {
        const qint64 startNs = in.run.excitationStartNs[std::size_t(axis)];
        if (startNs == 0 || axis >= in.run.dofsDone)
            continue; // not run, or stopped before its end: its points stay unmeasured
        const double origin = double(startNs - epochNs) * 1e-9;
        for (bool lin : {false, true}) {
            if (lin && !s.hasLinearity())
                continue;
            const auto comps = s.components(axis, lin);
            std::vector<double> omega;
            for (const auto &c : comps)
                omega.push_back(c.omegaRadS);
            const double segment = lin ? s.linearityStartS() : 0.0;
            const double from =
                (lin ? s.linearityMeasureStartS() : s.mainMeasureStartS()) - segment;
            const double period = lin ? s.linearityBasePeriodS : s.basePeriodS;
            const int periods = lin ? s.linearityPeriods : s.periods;
            const auto whole = omctFitPose(
                omctWithin(poseT, poseV, origin + segment, from, from + periods * period), omega);
            if (whole[0].empty())
                continue;
            if (!lin) { // from the fade-in: a pause while settling leaves its transient too
                const double end = origin + segment + from + periods * period;
                const OmctPause c = omctPause(cueT, origin + segment, end);
                const OmctPause q = omctPause(poseT, origin + segment, end);
                OmctPause &p = out.pause[std::size_t(axis)];
                p.longestS = std::max(c.longestS, q.longestS);
                p.interrupted = c.interrupted || q.interrupted;
            }
            std::array<std::vector<Complex>, 6> halves[2];
            if (periods >= 2)
                for (int p = 0; p < 2; ++p)
                    halves[p] = omctFitPose(omctWithin(poseT, poseV, origin + segment,
                                                       from + p * period * (periods / 2),
                                                       from + (p + 1) * period * (periods / 2)),
                                            omega);
            // The wire: the cue's amplitude per component on the words carrying this axis.
            std::vector<double> counts(comps.size(), 0.0);
            {
                const Samples c =
                    omctWithin(cueT, cueV, origin + segment, from, from + periods * period);
                const Samples a =
                    omctWithin(cueT, angleV, origin + segment, from, from + periods * period);
                std::vector<double> y(c.t.size());
                for (std::size_t i = 0; i < c.t.size(); ++i)
                    y[i] = c.v[i][std::size_t(axis)];
                const SineFit accel = fitSines(c.t, y, omega);
                SineFit angle;
                if (axis == 3 || axis == 4) {
                    for (std::size_t i = 0; i < a.t.size(); ++i)
                        y[i] = a.v[i][std::size_t(axis - 3)];
                    angle = fitSines(a.t, y, omega);
                }
                for (std::size_t k = 0; k < comps.size(); ++k)
                    counts[k] = std::max(accel.ok ? std::abs(accel.phasor[k]) : 0.0,
                                         angle.ok ? std::abs(angle.phasor[k]) : 0.0);
            }
            for (std::size_t k = 0; k < comps.size(); ++k) {
                const auto &c = comps[k];
                auto responseOf = [&](const std::array<std::vector<Complex>, 6> &x) {
                    std::array<Complex, 6> ph;
                    for (std::size_t d = 0; d < 6; ++d)
                        ph[d] = x[d][k];
                    return omctHeadResponse(ph, c.omegaRadS, head);
                };
                const auto r = responseOf(whole);
                for (int t = 0; t < kOmctTestCount; ++t) {
                    const OmctTest &test = kOmctTests[t];
                    if (test.input != axis)
                        continue;
                    const Complex x = omctInputOf(test, c);
                    const Complex h = r[std::size_t(test.output)] / x;
                    if (lin) {
                        // Compared with the main multisine's point at the same harmonic (the
                        // fast test timing puts the linearity's components on other indices),
                        // where the wire carried it: a sub-count cue is no gain to compare with.
                        const auto &points = out.tests[std::size_t(t)];
                        const auto same = std::find_if(
                            points.begin(), points.end(), [&](const OmctMeasuredPoint &p) {
                                return p.measured && p.measurable &&
                                       std::abs(p.omegaRadS - c.omegaRadS) < 1e-6 * c.omegaRadS;
                            });
                        if (same == points.end())
                            continue;
                        OmctMeasuredLinearity l;
                        l.test = t;
                        l.index = int(same - points.begin());
                        l.omegaRadS = c.omegaRadS;
                        l.gain = same->gain;
                        l.gainScaled = std::abs(h);
                        l.change = l.gain > 1e-9 ? l.gainScaled / l.gain - 1.0 : kOmctMeasuredNaN;
                        l.nonLinear =
                            std::isfinite(l.change) && std::abs(l.change) > kOmctLinearityTolerance;
                        out.linearity.push_back(l);
                        continue;
                    }
                    OmctMeasuredPoint &p = out.tests[std::size_t(t)][std::size_t(c.index)];
                    p.measured = true;
                    p.wireCounts = counts[k];
                    p.measurable = counts[k] >= 1.0;
                    p.gain = std::abs(h);
                    p.phaseDeg = omctMeasuredPhaseDeg(h);
                    if (!halves[0][0].empty() && !halves[1][0].empty())
                        p.coherence =
                            twoPeriodCoherence(responseOf(halves[0])[std::size_t(test.output)] / x,
                                               responseOf(halves[1])[std::size_t(test.output)] / x);
                }
            }
            if (!lin)
                ++out.inputsMeasured;
        }
    }
    return out;
}

bool omctMeasuredUsable(const OmctMeasured &m)
{
    for (int t = 0; t < kOmctTestCount; ++t) {
        if (kOmctTests[t].input != kOmctTests[t].output)
            continue;
        for (const OmctMeasuredPoint &p : m.tests[std::size_t(t)])
            if (p.measured && p.measurable && p.coherence >= kOmctMinCoherence &&
                !m.pause[std::size_t(kOmctTests[t].input)].interrupted)
                return true;
    }
    return false;
}

QJsonObject omctMeasuredJson(const OmctMeasured &m, const OmctMeasuredInput &in)
{
    const OmctMeasurementSettings &s = in.settings;
    QJsonObject tests;
    QJsonObject fidelity;
    for (int t = 0; t < kOmctTestCount; ++t) {
        const OmctTest &test = kOmctTests[t];
        const bool direct = test.input == test.output;
        QJsonArray points;
        for (const OmctMeasuredPoint &p : m.tests[std::size_t(t)]) {
            const bool say = p.measured && p.measurable;
            points.append(QJsonObject{
                {QStringLiteral("nominal_omega_radps"), p.nominalOmegaRadS},
                {QStringLiteral("omega_radps"), omctMeasuredRounded(p.omegaRadS)},
                {QStringLiteral("input_amplitude"), omctMeasuredRounded(p.inputAmplitude)},
                {QStringLiteral("measured"), p.measured},
                {QStringLiteral("measurable"),
                 p.measured ? QJsonValue(p.measurable) : QJsonValue(QJsonValue::Null)},
                {QStringLiteral("wire_counts"), p.measured
                                                    ? omctMeasuredFiniteOrNull(p.wireCounts, 1e3)
                                                    : QJsonValue(QJsonValue::Null)},
                {QStringLiteral("gain"), omctMeasuredFiniteOrNull(say ? p.gain : kOmctMeasuredNaN)},
                {QStringLiteral("phase_deg"),
                 omctMeasuredFiniteOrNull(say ? p.phaseDeg : kOmctMeasuredNaN, 1e3)},
                {QStringLiteral("coherence"),
                 omctMeasuredFiniteOrNull(say ? p.coherence : kOmctMeasuredNaN, 1e4)},
                {QStringLiteral("low_coherence"), say && !(p.coherence >= kOmctMinCoherence)},
                {QStringLiteral("predicted_gain"), omctMeasuredFiniteOrNull(p.predictedGain)},
                {QStringLiteral("predicted_phase_deg"),
                 omctMeasuredFiniteOrNull(
                     p.predictedGain > 1e-6 ? p.predictedPhaseDeg : kOmctMeasuredNaN, 1e3)}});
        }
        QJsonObject o = omctTestDescription(test);
        o.insert(QStringLiteral("plot"), QStringLiteral("omct-%1.png").arg(test.name));
        const OmctPause &pause = m.pause[std::size_t(test.input)];
        o.insert(QStringLiteral("longest_pause_ms"), omctMeasuredRounded(pause.longestS * 1e3, 1));
        o.insert(QStringLiteral("interrupted"), pause.interrupted);
        o.insert(QStringLiteral("points"), points);
        if (direct) {
            const OmctMeasuredPoint &p = m.tests[std::size_t(t)][kOneRadPerS];
            auto cls = [&](double g, double ph) {
                return QJsonObject{{QStringLiteral("gain"), omctMeasuredFiniteOrNull(g)},
                                   {QStringLiteral("phase_distortion_deg"),
                                    omctMeasuredFiniteOrNull(std::abs(ph), 1e3)},
                                   {QStringLiteral("class"),
                                    std::isfinite(g) && std::isfinite(ph)
                                        ? QJsonValue(QLatin1String(omctFidelity(test.input, g, ph)))
                                        : QJsonValue(QJsonValue::Null)}};
            };
            const bool say = p.measured && p.measurable;
            const QJsonObject f{
                {QStringLiteral("measured"),
                 cls(say ? p.gain : kOmctMeasuredNaN, say ? p.phaseDeg : kOmctMeasuredNaN)},
                {QStringLiteral("predicted"), cls(p.predictedGain, p.predictedPhaseDeg)}};
            o.insert(QStringLiteral("fidelity_at_1_radps"), f);
            fidelity.insert(QLatin1String(test.name), f);
        }
        tests.insert(QLatin1String(test.name), o);
    }
    QJsonArray lin;
    bool linear = true;
    for (const OmctMeasuredLinearity &l : m.linearity) {
        linear = linear && !l.nonLinear;
        lin.append(
            QJsonObject{{QStringLiteral("test"), QLatin1String(kOmctTests[l.test].name)},
                        {QStringLiteral("omega_radps"), omctMeasuredRounded(l.omegaRadS)},
                        {QStringLiteral("gain"), omctMeasuredFiniteOrNull(l.gain)},
                        {QStringLiteral("gain_scaled"), omctMeasuredFiniteOrNull(l.gainScaled)},
                        {QStringLiteral("change"), omctMeasuredFiniteOrNull(l.change)},
                        {QStringLiteral("nonlinear"), l.nonLinear}});
    }
    QJsonArray linFreqs, freqs;
    for (int i : s.linearityIndex)
        if (i >= 0 && i < kOmctFrequencyCount)
            linFreqs.append(kOmctFrequencies[i]);
    for (double w : kOmctFrequencies)
        freqs.append(w);
    const Vector3 &h = in.options.model.geometry.headM;
    using State = PlatformMeasurementResult::State;
    const bool complete = in.run.state == State::Done && m.inputsMeasured == 6;
    return QJsonObject{
        {QStringLiteral("kind"), QStringLiteral("measured")},
        {QStringLiteral("excitation"), QStringLiteral("multisine")},
        {QStringLiteral("note"),
         QStringLiteral(
             "The Objective Motion Cueing Test MEASURED on the platform, seat empty: the "
             "aircraft's motion on one input axis at a time, as a MULTISINE (all frequencies at "
             "once, each on a harmonic of the base period), through this program's cueing with "
             "the link's settings, the wire and the platform; the response from the platform's "
             "reported pose at the rider's head. Not ICAO 9625's separate sines; validated on "
             "stand-ins only. The prediction beside each point is omct.h's at the nominal "
             "frequency with the same settings.")},
        {QStringLiteral("complete"), complete},
        {QStringLiteral("state"), TransportDelayResult::stateName(in.run.state)},
        {QStringLiteral("reason"), in.run.reason},
        {QStringLiteral("reason_id"), in.run.reasonId},
        {QStringLiteral("inputs_measured"), m.inputsMeasured},
        {QStringLiteral("elapsed_s"), omctMeasuredRounded(in.run.elapsedS, 10)},
        {QStringLiteral("error"), m.error},
        {QStringLiteral("poses"), double(m.poses)},
        {QStringLiteral("timed_by"),
         m.timedByPlatformClock ? QStringLiteral("platform_clock") : QStringLiteral("arrival")},
        {QStringLiteral("frequencies_radps"), freqs},
        {QStringLiteral("base_period_s"), omctMeasuredRounded(s.basePeriodS, 1e3)},
        {QStringLiteral("periods"), s.periods},
        {QStringLiteral("input_amplitudes"),
         QStringLiteral("per component: surge, sway, heave in m/s2 of specific force; roll, "
                        "pitch, yaw in rad of attitude angle (input_amplitude per point)")},
        {QStringLiteral("min_coherence"), kOmctMinCoherence},
        {QStringLiteral("response_at"), QStringLiteral("head")},
        {QStringLiteral("head_m"), QJsonArray{h.x, h.y, h.z}},
        {QStringLiteral("master_gain"), in.options.cueing.masterGain},
        {QStringLiteral("frame"), in.options.cueing.frameId},
        {QStringLiteral("tests"), tests},
        {QStringLiteral("linearity"),
         QJsonObject{{QStringLiteral("frequencies_radps"), linFreqs},
                     {QStringLiteral("amplitude_scale"), s.linearityScale},
                     {QStringLiteral("tolerance"), kOmctLinearityTolerance},
                     {QStringLiteral("linear"), linear},
                     {QStringLiteral("points"), lin}}},
        {QStringLiteral("fidelity_at_1_radps"), fidelity}};
}

} // namespace hil::dryrun
