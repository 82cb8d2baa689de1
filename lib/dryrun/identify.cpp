#include "dryrun/identify.h"
#include "dryrun/identifyfit.h"

#include "model/rotation.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <optional>

namespace hil::dryrun {

using platformmodel::ModelConfig;

namespace {
namespace identification {

using idfit::DofFit;
using idfit::fitDof;
using idfit::FitOutcome;
using idfit::kInf;
using idfit::kNoBreakRadps;
using idfit::Layout;
using idfit::rmsAboutMean;

const char *const kDofNames[6] = {"surge", "sway", "heave", "roll", "pitch", "yaw"};

// What "excited" means: the input moved by several counts of the wire (1 mm/s², 1 °/s²) and
// the pose by more than its own resolution (1 µm, 1 mdeg) several times over.
constexpr double kMinTransInputRms = 0.02; // m/s²
constexpr double kMinRotInputRms = 0.05;   // rad/s² (about 3 °/s²)
constexpr double kMinTiltForceRms = 0.05;  // m/s² of sustained sway/surge force
constexpr double kMinTransPoseRms = 2e-4;  // m
constexpr double kMinRotPoseRms = 8.7e-4;  // rad (0.05°)
/// A log-parameter is determined when its standard uncertainty is under 20 % of its value.
constexpr double kMaxRelativeSigma = 0.2;
constexpr double kMaxDelaySigmaS = 0.005;
/// Tilt coordination is kept when it explains at least 5 % of the residual a fit without it
/// leaves.
constexpr double kTiltGain = 1.05;

/// Inverse-variance combination of per-DoF estimates; the spread between them widens it.
void combine(const std::vector<std::pair<double, double>> &est, double *value, double *sigma)
{
    double sw = 0, swx = 0;
    for (const auto &[v, s] : est) {
        const double w = 1.0 / std::max(s * s, 1e-18);
        sw += w;
        swx += w * v;
    }
    *value = swx / sw;
    double spread = 0;
    for (const auto &[v, s] : est)
        spread += (1.0 / std::max(s * s, 1e-18)) * (v - *value) * (v - *value);
    *sigma = std::max(std::sqrt(1.0 / sw), est.size() > 1 ? std::sqrt(spread / sw) : 0.0);
}

QJsonValue jsonNumber(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue(QJsonValue::Null);
}

QJsonObject fitJson(const ModelFit &f)
{
    QJsonObject o;
    for (int i = 0; i < 6; ++i)
        o.insert(QLatin1String(kDofNames[i]),
                 QJsonObject{{QStringLiteral("rms_error"), jsonNumber(f.rmsError[std::size_t(i)])},
                             {QStringLiteral("vaf"), jsonNumber(f.vaf[std::size_t(i)])},
                             {QStringLiteral("samples"), f.samples[std::size_t(i)]}});
    return o;
}

} // namespace identification
} // namespace

using namespace identification;

bool IdentificationResult::anyDetermined() const
{
    if (delay.determined || tiltLowPass.determined)
        return true;
    for (const IdDof &d : dofs)
        for (const IdParameter &p : d.parameters)
            if (p.determined)
                return true;
    return false;
}

ModelFit compareModel(const ModelConfig &config, const std::vector<IdRecording> &recordings)
{
    ModelFit fit;
    std::array<std::vector<double>, 6> err, obs;
    for (const IdRecording &rec : recordings) {
        ModelConfig c = config;
        c.rateHz = 1.0 / rec.dt;
        platformmodel::PlatformModel model(c);
        model.setActuatorsComputed(false);
        std::vector<std::array<double, 6>> pose(rec.commands.size());
        for (std::size_t i = 0; i < rec.commands.size(); ++i)
            pose[i] = model.step(rec.commands[i]).pose.toArray();
        for (std::size_t j = 0; j < rec.poseT.size(); ++j) {
            const double u = rec.poseT[j] / rec.dt;
            const std::size_t i = std::min(std::size_t(u), pose.size() - 1);
            const std::size_t i1 = std::min(i + 1, pose.size() - 1);
            const double f = std::clamp(u - double(i), 0.0, 1.0);
            for (std::size_t d = 0; d < 6; ++d) {
                const double m = pose[i][d] + f * (pose[i1][d] - pose[i][d]);
                err[d].push_back(m - rec.pose[j][d]);
                obs[d].push_back(rec.pose[j][d]);
            }
        }
    }
    for (std::size_t d = 0; d < 6; ++d) {
        // About its mean: the washout target the model is not given is an offset, not an error.
        fit.rmsError[d] = rmsAboutMean(err[d]);
        const double var = rmsAboutMean(obs[d]);
        fit.vaf[d] = var > 0 ? 1.0 - (fit.rmsError[d] * fit.rmsError[d]) / (var * var) : 0.0;
        fit.samples[d] = qint64(err[d].size());
    }
    return fit;
}

IdentificationResult identifyPlatform(const std::vector<IdRecording> &recordings,
                                      const ModelConfig &prior)
{
    IdentificationResult res;
    res.model = prior;
    std::vector<std::pair<double, double>> delays, tilts;
    bool tiltExcited = false, tiltNeeded = false;
    for (int dof = 0; dof < 6; ++dof) {
        IdDof &d = res.dofs[std::size_t(dof)];
        d.dof = dof;
        const bool trans = dof < 3;
        const bool tiltDof = dof == 3 || dof == 4;
        DofFit plain(recordings, dof, false, prior);
        const std::vector<double> &y = plain.observed();
        d.samples = qint64(y.size());
        d.inputRms = plain.inputRms();
        d.poseRms = rmsAboutMean(y);
        d.seenMin = y.empty() ? 0 : *std::min_element(y.begin(), y.end());
        d.seenMax = y.empty() ? 0 : *std::max_element(y.begin(), y.end());
        const double forceRms = tiltDof ? plain.tiltForceRms() : 0.0;
        const bool forceExcites = tiltDof && forceRms >= kMinTiltForceRms;
        const bool inputExcites =
            d.inputRms >= (trans ? kMinTransInputRms : kMinRotInputRms) || forceExcites;
        const bool poseMoves = d.poseRms >= (trans ? kMinTransPoseRms : kMinRotPoseRms);
        d.excited = inputExcites && poseMoves;

        const QString name = QLatin1String(kDofNames[dof]);
        const QString wo = QStringLiteral("washout.") + name;
        const double priorN = trans ? prior.washout.translational[std::size_t(dof)].naturalRadps
                                    : prior.washout.rotational[std::size_t(dof - 3)].naturalRadps;
        const double priorZ = trans ? prior.washout.translational[std::size_t(dof)].damping
                                    : prior.washout.rotational[std::size_t(dof - 3)].damping;
        auto undetermined = [&](const QString &key, double priorValue) {
            IdParameter p;
            p.key = key;
            p.value = p.prior = priorValue;
            p.sigma = kInf;
            return p;
        };
        if (!d.excited) {
            d.lacking = !inputExcites
                            ? QStringLiteral("the cues hardly moved %1 (input RMS %2 %3)")
                                  .arg(name)
                                  .arg(d.inputRms, 0, 'g', 3)
                                  .arg(trans ? QStringLiteral("m/s²") : QStringLiteral("rad/s²"))
                            : QStringLiteral("the platform's %1 hardly moved (RMS %2 %3)")
                                  .arg(name)
                                  .arg(d.poseRms, 0, 'g', 3)
                                  .arg(trans ? QStringLiteral("m") : QStringLiteral("rad"));
            d.parameters.push_back(undetermined(wo + QStringLiteral("_natural_rad_s"), priorN));
            d.parameters.push_back(undetermined(wo + QStringLiteral("_damping"), priorZ));
            if (trans)
                d.parameters.push_back(
                    undetermined(wo + QStringLiteral("_break_rad_s"),
                                 prior.washout.translational[std::size_t(dof)].breakRadps));
            d.parameters.push_back(
                undetermined(wo + QStringLiteral("_gain"), prior.washout.gain[std::size_t(dof)]));
            continue;
        }

        FitOutcome f = fitDof(plain);
        std::optional<DofFit> withTilt;
        if (forceExcites) {
            tiltExcited = true;
            withTilt.emplace(recordings, dof, true, prior);
            FitOutcome ft = fitDof(*withTilt);
            const int iT = withTilt->layout().lnTilt();
            const bool tiltKnown = std::isfinite(ft.sigma[std::size_t(iT)]) &&
                                   ft.sigma[std::size_t(iT)] <= kMaxRelativeSigma;
            if (ft.rss * kTiltGain < f.rss && tiltKnown) {
                tiltNeeded = true;
                tilts.push_back({std::exp(ft.theta[std::size_t(iT)]),
                                 std::exp(ft.theta[std::size_t(iT)]) * ft.sigma[std::size_t(iT)]});
                f = ft;
            } else {
                withTilt.reset();
            }
        }
        DofFit &chosen = withTilt ? *withTilt : plain;
        const Layout layout = chosen.layout();

        // Which model parameters the data determined. The others go back to the prior's value
        // and the rest is fitted again around them, so that the model written is one fit.
        struct ModelParam
        {
            int index;
            QString key;
            double prior;
        };
        std::vector<ModelParam> mp{{0, wo + QStringLiteral("_natural_rad_s"), priorN},
                                   {1, wo + QStringLiteral("_damping"), priorZ}};
        if (trans)
            mp.push_back({2, wo + QStringLiteral("_break_rad_s"),
                          prior.washout.translational[std::size_t(dof)].breakRadps});
        mp.push_back(
            {layout.lnK(), wo + QStringLiteral("_gain"), prior.washout.gain[std::size_t(dof)]});
        std::vector<char> fixed(std::size_t(layout.count()), 0);
        std::vector<double> start = f.theta;
        bool refit = false;
        bool noBreak = false;
        for (const ModelParam &m : mp) {
            const std::size_t i = std::size_t(m.index);
            if (trans && m.index == 2 && f.lowerBound[i]) {
                noBreak = true; // kept at the bound, and used
                continue;
            }
            if (!(std::isfinite(f.sigma[i]) && f.sigma[i] <= kMaxRelativeSigma)) {
                fixed[i] = 1;
                start[i] = std::log(m.prior);
                refit = true;
            }
        }
        if (refit)
            f = fitDof(chosen, &start, &fixed);
        d.vaf = f.vaf;
        for (const ModelParam &m : mp) {
            const std::size_t i = std::size_t(m.index);
            IdParameter p;
            p.key = m.key;
            p.prior = m.prior;
            p.determined = !fixed[i];
            p.value = p.determined ? std::exp(f.theta[i]) : m.prior;
            p.sigma = p.determined && std::isfinite(f.sigma[i]) ? p.value * f.sigma[i] : kInf;
            d.parameters.push_back(p);
        }
        if (noBreak)
            res.notes.append(QStringLiteral("%1: no washout of the position by the platform "
                                            "itself: the break frequency went to its lower bound "
                                            "(%2 rad/s), an upper limit")
                                 .arg(name)
                                 .arg(kNoBreakRadps));
        d.delayS = f.theta[std::size_t(layout.tau())];
        d.delaySigmaS = f.sigma[std::size_t(layout.tau())];
        d.delayDetermined = std::isfinite(d.delaySigmaS) && d.delaySigmaS <= kMaxDelaySigmaS;
        if (d.delayDetermined)
            delays.push_back({d.delayS, d.delaySigmaS});

        // Into the model: only what the data determined.
        for (const IdParameter &p : d.parameters) {
            if (!p.determined)
                continue;
            const QString suffix = p.key.mid(wo.size() + 1);
            if (suffix == QLatin1String("gain"))
                res.model.washout.gain[std::size_t(dof)] = p.value;
            else if (trans && suffix == QLatin1String("natural_rad_s"))
                res.model.washout.translational[std::size_t(dof)].naturalRadps = p.value;
            else if (trans && suffix == QLatin1String("damping"))
                res.model.washout.translational[std::size_t(dof)].damping = p.value;
            else if (trans && suffix == QLatin1String("break_rad_s"))
                res.model.washout.translational[std::size_t(dof)].breakRadps = p.value;
            else if (suffix == QLatin1String("natural_rad_s"))
                res.model.washout.rotational[std::size_t(dof - 3)].naturalRadps = p.value;
            else if (suffix == QLatin1String("damping"))
                res.model.washout.rotational[std::size_t(dof - 3)].damping = p.value;
        }
        if (!d.delayDetermined)
            res.notes.append(QStringLiteral("%1: its delay is not determined (±%2 ms)")
                                 .arg(name)
                                 .arg(d.delaySigmaS * 1e3, 0, 'f', 1));
    }

    res.delay.key = QStringLiteral("delay_ms");
    res.delay.prior = prior.delayS * 1e3;
    res.delay.value = res.delay.prior;
    res.delay.sigma = kInf;
    if (!delays.empty()) {
        double v = 0, s = 0;
        combine(delays, &v, &s);
        res.delay.value = v * 1e3;
        res.delay.sigma = s * 1e3;
        res.delay.determined = true;
        res.model.delayS = v;
    }
    res.tiltLowPass.key = QStringLiteral("washout.tilt_lowpass_rad_s");
    res.tiltLowPass.prior = res.tiltLowPass.value = prior.washout.tiltLowPassRadps;
    res.tiltLowPass.sigma = kInf;
    if (tiltNeeded) {
        double v = 0, s = 0;
        combine(tilts, &v, &s);
        res.tiltLowPass.value = v;
        res.tiltLowPass.sigma = s;
        res.tiltLowPass.determined = true;
        res.model.washout.tiltLowPassRadps = v;
        res.model.washout.tiltCoordination = true;
        res.tiltDecision = QStringLiteral("low_pass");
    } else if (tiltExcited) {
        res.model.washout.tiltCoordination = false;
        res.tiltDecision = QStringLiteral("none");
    } else {
        res.notes.append(QStringLiteral("tilt coordination: no sustained surge or sway force in "
                                        "the cues, so nothing to tell it by; the prior's kept"));
    }
    for (const IdDof &d : res.dofs)
        if (!d.excited)
            res.notes.append(QStringLiteral("%1 lacked excitation: %2; its parameters are the "
                                            "prior's")
                                 .arg(QLatin1String(kDofNames[d.dof]), d.lacking));
    res.priorFit = compareModel(prior, recordings);
    res.identifiedFit = compareModel(res.model, recordings);
    return res;
}

QJsonObject identificationJson(const IdentificationResult &result,
                               const std::vector<IdRecording> &recordings)
{
    QJsonObject o;
    o.insert(QStringLiteral("validated_on"), QStringLiteral("stand-ins"));
    QJsonArray recs;
    for (const IdRecording &r : recordings)
        recs.append(
            QJsonObject{{QStringLiteral("source"), r.source},
                        {QStringLiteral("duration_s"), double(r.commands.size()) * r.dt},
                        {QStringLiteral("cue_rows"), r.cueRows},
                        {QStringLiteral("cue_rows_skipped"), r.cueRowsSkipped},
                        {QStringLiteral("platform_rows"), r.platformRows},
                        {QStringLiteral("platform_rows_skipped"), r.platformRowsSkipped},
                        {QStringLiteral("poses_compared"), qint64(r.poseT.size())},
                        {QStringLiteral("poses_outside"), r.posesOutside},
                        {QStringLiteral("poses_on_platform_clock"), r.posesOnPlatformClock}});
    o.insert(QStringLiteral("recordings"), recs);
    QJsonArray params;
    auto param = [](const IdParameter &p) {
        return QJsonObject{{QStringLiteral("key"), p.key},
                           {QStringLiteral("value"), jsonNumber(p.value)},
                           {QStringLiteral("sigma"), jsonNumber(p.sigma)},
                           {QStringLiteral("prior"), jsonNumber(p.prior)},
                           {QStringLiteral("determined"), p.determined}};
    };
    params.append(param(result.delay));
    params.append(param(result.tiltLowPass));
    QJsonObject dofs;
    for (const IdDof &d : result.dofs) {
        for (const IdParameter &p : d.parameters)
            params.append(param(p));
        const bool trans = d.dof < 3;
        const double toUnit = trans ? 1.0 : 180.0 / kPi;
        const QString unit = trans ? QStringLiteral("_m") : QStringLiteral("_deg");
        dofs.insert(
            QLatin1String(kDofNames[d.dof]),
            QJsonObject{{QStringLiteral("excited"), d.excited},
                        {QStringLiteral("lacking"), d.lacking},
                        {QStringLiteral("input_rms"), jsonNumber(d.inputRms)},
                        {QStringLiteral("pose_rms"), jsonNumber(d.poseRms)},
                        {QStringLiteral("samples"), d.samples},
                        {QStringLiteral("vaf"), jsonNumber(d.vaf)},
                        {QStringLiteral("delay_ms"), jsonNumber(d.delayS * 1e3)},
                        {QStringLiteral("delay_sigma_ms"), jsonNumber(d.delaySigmaS * 1e3)},
                        {QStringLiteral("seen_min") + unit, jsonNumber(d.seenMin * toUnit)},
                        {QStringLiteral("seen_max") + unit, jsonNumber(d.seenMax * toUnit)}});
    }
    o.insert(QStringLiteral("parameters"), params);
    o.insert(QStringLiteral("dofs"), dofs);
    o.insert(QStringLiteral("tilt_coordination"), result.tiltDecision);
    o.insert(QStringLiteral("fit"),
             QJsonObject{{QStringLiteral("prior"), fitJson(result.priorFit)},
                         {QStringLiteral("identified"), fitJson(result.identifiedFit)}});
    o.insert(QStringLiteral("notes"), QJsonArray::fromStringList(result.notes));
    return o;
}

} // namespace hil::dryrun
