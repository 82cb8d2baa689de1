#include "dryrun/perceptionscore.h"
#include "model/rotation.h"
#include "platformmodel/kinematics.h"

#include <QJsonArray>
#include <cmath>
#include <limits>

namespace hil::dryrun {

namespace {

const char *const kAxes[6] = {"surge", "sway", "heave", "roll", "pitch", "yaw"};

using Vec = std::array<double, 3>;

/// The aircraft's specific-force deviation and body rates, platform frame.
void aircraftSignals(const SimFrame &f, Vec *force, Vec *rate)
{
    const Quaternion q = normalized(f.vehicle.state.pose.orientation);
    const Vector3 fb = rotateInverse(q, f.vehicle.acceleration - Vector3{0, 0, kGravityMps2});
    // FRD → platform (x, −y, −z); the rest force (0, 0, +g) taken off.
    *force = {fb.x, -fb.y, -fb.z - kGravityMps2};
    const Vector3 w = f.vehicle.angular_velocity;
    *rate = {w.x, -w.y, -w.z};
}

/// Calls fn(k, aircraft force, aircraft rate, platform force, platform rate) for every model step.
/// Frames are held as runDryRun holds them; the platform's rate is the rotation between its last
/// two saturated poses, in seat axes: ΔR = R(k−1)ᵀ·R(k) ≈ I + [ω]×·dt.
template <typename Fn>
void forEachStep(const DryRunInput &input, const DryRunResult &result, double dt, Fn fn)
{
    std::size_t next = 0;
    Vec airF{}, airW{};
    platformmodel::Matrix3 prev = platformmodel::seatToBase({});
    for (std::size_t k = 0; k < result.samples.size(); ++k) {
        const DryRunSample &s = result.samples[k];
        while (next < input.frames.size() && input.timesS[next] <= s.timeS + 1e-9)
            aircraftSignals(input.frames[next++], &airF, &airW);
        const platformmodel::Matrix3 cur = platformmodel::seatToBase(s.step.pose);
        platformmodel::Matrix3 d{};
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j)
                for (int m = 0; m < 3; ++m)
                    d[i][j] += prev[m][i] * cur[m][j];
        prev = cur;
        const Vec platW{(d[2][1] - d[1][2]) / (2 * dt), (d[0][2] - d[2][0]) / (2 * dt),
                        (d[1][0] - d[0][1]) / (2 * dt)};
        const auto &del = s.step.deliveredSpecificForce;
        const Vec platF{del[0], del[1], del[2] - kGravityMps2};
        fn(k, airF, airW, platF, platW);
    }
}

/// Consecutive flagged steps merged into events.
struct EventCounter
{
    int events = 0;
    std::size_t steps = 0;
    bool in = false;
    void add(bool flagged)
    {
        if (flagged && !in)
            ++events;
        steps += flagged ? 1 : 0;
        in = flagged;
    }
};

double rounded(double v, double scale = 1e6)
{
    return std::isfinite(v) ? std::round(v * scale) / scale : 0.0;
}

QJsonValue finiteOrNull(double v)
{
    return std::isfinite(v) ? QJsonValue(rounded(v)) : QJsonValue(QJsonValue::Null);
}

} // namespace

PerceptionScore scorePerception(const DryRunInput &input, const DryRunResult &result,
                                double modelRateHz, const perception::PerceptionConfig &config,
                                int traceStride)
{
    PerceptionScore out;
    const std::size_t n = result.samples.size();
    if (n == 0 || input.frames.empty())
        return out;
    const double dt = 1.0 / modelRateHz;
    perception::PerceptionModel air(config, dt), plat(config, dt);
    // Sums per axis: Σa, Σp, Σa², Σp², Σap, Σ(p − a)² (SI, for nRMSE and r) and, in units of
    // the threshold, Σ((p − a)/θ)², Σ(a/θ)², Σx, Σx².
    std::array<std::array<double, 10>, 6> sum{};
    std::array<std::size_t, 6> above{};
    std::array<EventCounter, 6> falseCue{};
    std::array<EventCounter, 2> tilt{};
    std::array<double, 2> tiltX{};
    const perception::Thresholds &thr = config.thresholds;
    forEachStep(
        input, result, dt,
        [&](std::size_t k, const Vec &aF, const Vec &aW, const Vec &pF, const Vec &pW) {
            if (k == 0) { // settled on what the recording starts with; the platform starts at rest
                air.reset(aF, aW);
                plat.reset({}, {});
            }
            const std::array<double, 6> a = air.step(aF, aW), p = plat.step(pF, pW);
            const DryRunSample &sample = result.samples[k];
            for (std::size_t i = 0; i < 6; ++i) {
                const double th = thr.axis(int(i));
                auto &s = sum[i];
                s[0] += a[i];
                s[1] += p[i];
                s[2] += a[i] * a[i];
                s[3] += p[i] * p[i];
                s[4] += a[i] * p[i];
                s[5] += (p[i] - a[i]) * (p[i] - a[i]);
                const double en = (p[i] - a[i]) / th, an = a[i] / th;
                s[6] += en * en;
                s[7] += an * an;
                const bool pilotFeels = std::fabs(a[i]) > th;
                above[i] += pilotFeels ? 1 : 0;
                // The rider feels this axis in a direction the pilot does not: the pilot feels
                // nothing here, or the other way.
                const bool unshared = !pilotFeels || p[i] * a[i] < 0.0;
                const double x = unshared ? std::max(0.0, std::fabs(p[i]) - th) / th : 0.0;
                s[8] += x;
                s[9] += x * x;
                if (traceStride > 0 && x > 0.0) {
                    auto &spans = out.trace.falseCues[i];
                    if (falseCue[i].in)
                        spans.back().second = sample.timeS;
                    else
                        spans.emplace_back(sample.timeS, sample.timeS);
                }
                falseCue[i].add(x > 0.0);
                if (i == 3 || i == 4) { // while the platform model's tilt coordination tilts
                    const bool tilting = std::fabs(sample.step.tiltRad[i - 3]) > 1e-6;
                    tilt[i - 3].add(tilting && x > 0.0);
                    tiltX[i - 3] += tilting ? x : 0.0;
                }
            }
            if (traceStride > 0 && k % std::size_t(traceStride) == 0) {
                out.trace.timeS.push_back(sample.timeS);
                for (std::size_t i = 0; i < 6; ++i) {
                    out.trace.aircraft[i].push_back(a[i]);
                    out.trace.platform[i].push_back(p[i]);
                }
            }
        });
    const double N = double(n);
    double error = 0, errorStill = 0;
    for (std::size_t i = 0; i < 6; ++i) {
        const auto &s = sum[i];
        AxisPerceptionScore &ax = out.axes[i];
        ax.rmsAircraft = std::sqrt(s[2] / N);
        ax.rmsPlatform = std::sqrt(s[3] / N);
        ax.nrmse = std::sqrt(s[5] / N) / std::max(ax.rmsAircraft, thr.axis(int(i)));
        const double va = s[2] / N - (s[0] / N) * (s[0] / N);
        const double vp = s[3] / N - (s[1] / N) * (s[1] / N);
        const double cov = s[4] / N - (s[0] / N) * (s[1] / N);
        // A side that never moves (relative to its own size) has no correlation to speak of.
        const double tiny = 1e-12;
        ax.pearson = (va > tiny && vp > tiny) ? cov / std::sqrt(va * vp)
                                              : std::numeric_limits<double>::quiet_NaN();
        ax.timeAboveThresholdS = double(above[i]) * dt;
        ax.used = ax.timeAboveThresholdS >= kUsedAxisS - 0.5 * dt;
        ax.error = s[6] * dt;
        ax.errorStill = s[7] * dt;
        ax.falseCueEvents = falseCue[i].events;
        ax.falseCueTimeS = double(falseCue[i].steps) * dt;
        ax.falseCueThresholdS = s[8] * dt;
        ax.falseCueSquaredS = s[9] * dt;
        if (i == 3 || i == 4) {
            ax.tiltEvents = tilt[i - 3].events;
            ax.tiltTimeS = double(tilt[i - 3].steps) * dt;
            ax.tiltThresholdS = tiltX[i - 3] * dt;
        }
        if (ax.used) {
            ax.skill = 1.0 - ax.error / std::max(ax.errorStill, kStillErrorFloor);
            ax.score = std::max(0.0, ax.skill);
            error += ax.error;
            errorStill += ax.errorStill;
        } else {
            ax.skill = ax.score = std::numeric_limits<double>::quiet_NaN();
            error += ax.falseCueSquaredS; // what the rider feels and the pilot does not
        }
    }
    out.error = error;
    out.errorStill = errorStill;
    out.skill = 1.0 - error / std::max(errorStill, kStillErrorFloor);
    out.overall = 100.0 * std::max(0.0, out.skill);
    return out;
}

QJsonObject perceptionJson(const PerceptionScore &score, const perception::PerceptionConfig &config)
{
    QJsonObject axes;
    for (int i = 0; i < 6; ++i) {
        const AxisPerceptionScore &a = score.axes[std::size_t(i)];
        QJsonObject o{
            {QStringLiteral("nrmse"), rounded(a.nrmse)},
            {QStringLiteral("pearson_r"), finiteOrNull(a.pearson)},
            {QStringLiteral("rms_aircraft"), rounded(a.rmsAircraft)},
            {QStringLiteral("rms_platform"), rounded(a.rmsPlatform)},
            {QStringLiteral("unit"), i < 3 ? QStringLiteral("m/s2") : QStringLiteral("rad/s")},
            {QStringLiteral("threshold"), rounded(config.thresholds.axis(i))},
            {QStringLiteral("used"), a.used},
            {QStringLiteral("time_above_threshold_s"), rounded(a.timeAboveThresholdS)},
            {QStringLiteral("error"), rounded(a.error)},
            {QStringLiteral("error_still"), rounded(a.errorStill)},
            {QStringLiteral("skill"), finiteOrNull(a.skill)},
            {QStringLiteral("false_cues"), a.falseCueEvents},
            {QStringLiteral("false_cue_time_s"), rounded(a.falseCueTimeS)},
            {QStringLiteral("false_cue_threshold_s"), rounded(a.falseCueThresholdS)},
            {QStringLiteral("false_cue_squared_s"), rounded(a.falseCueSquaredS)},
            {QStringLiteral("score"), finiteOrNull(a.score)}};
        if (i == 3 || i == 4) {
            o.insert(QStringLiteral("tilt_false_cues"), a.tiltEvents);
            o.insert(QStringLiteral("tilt_false_cue_time_s"), rounded(a.tiltTimeS));
            o.insert(QStringLiteral("tilt_false_cue_threshold_s"), rounded(a.tiltThresholdS));
        }
        axes.insert(QLatin1String(kAxes[i]), o);
    }
    const perception::PerceptionConfig &c = config;
    QJsonObject model{{QStringLiteral("canal_tau1_s"), c.canal.longTauS},
                      {QStringLiteral("canal_tau_adaptation_s"), c.canal.adaptationTauS},
                      {QStringLiteral("canal_tau2_s"), c.canal.shortTauS},
                      {QStringLiteral("otolith_tau_lead_s"), c.otolith.leadTauS},
                      {QStringLiteral("otolith_tau1_s"), c.otolith.longTauS},
                      {QStringLiteral("otolith_tau2_s"), c.otolith.shortTauS},
                      {QStringLiteral("used_axis_s"), kUsedAxisS},
                      {QStringLiteral("still_error_floor"), kStillErrorFloor}};
    QJsonArray used;
    for (int i = 0; i < 6; ++i)
        if (score.axes[std::size_t(i)].used)
            used.append(QLatin1String(kAxes[i]));
    return QJsonObject{{QStringLiteral("overall_score"), rounded(score.overall, 1e3)},
                       {QStringLiteral("skill"), rounded(score.skill)},
                       {QStringLiteral("error"), rounded(score.error)},
                       {QStringLiteral("error_still"), rounded(score.errorStill)},
                       {QStringLiteral("used_axes"), used},
                       {QStringLiteral("axes"), axes},
                       {QStringLiteral("model"), model}};
}

} // namespace hil::dryrun
