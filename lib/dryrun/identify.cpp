#include "dryrun/identify.h"

#include "model/rotation.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>
#include <optional>

namespace hil::dryrun {

using platformmodel::FrameCommand;
using platformmodel::ModelConfig;

namespace {
namespace identification {

const char *const kDofNames[6] = {"surge", "sway", "heave", "roll", "pitch", "yaw"};
constexpr double kInf = std::numeric_limits<double>::infinity();

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
/// ωb's lower search bound. A fit that ends there found no washout of the position by the
/// platform itself (a spring around neutral, say): a finding, not a lack of data.
constexpr double kNoBreakRadps = 1e-3;
/// Tilt coordination is kept when it explains at least 5 % of the residual a fit without it
/// leaves.
constexpr double kTiltGain = 1.05;

double rmsAboutMean(const std::vector<double> &v)
{
    if (v.empty())
        return 0;
    const double m = std::accumulate(v.begin(), v.end(), 0.0) / double(v.size());
    double s = 0;
    for (double x : v)
        s += (x - m) * (x - m);
    return std::sqrt(s / double(v.size()));
}

/// Solves the symmetric p×p system A·x = b (Gauss–Jordan with partial pivoting). False when A
/// is singular.
bool solve(std::vector<double> A, std::vector<double> b, int p, std::vector<double> *x)
{
    for (int c = 0; c < p; ++c) {
        int piv = c;
        for (int r = c + 1; r < p; ++r)
            if (std::abs(A[std::size_t(r * p + c)]) > std::abs(A[std::size_t(piv * p + c)]))
                piv = r;
        if (!(std::abs(A[std::size_t(piv * p + c)]) > 1e-300))
            return false;
        if (piv != c) {
            for (int k = 0; k < p; ++k)
                std::swap(A[std::size_t(c * p + k)], A[std::size_t(piv * p + k)]);
            std::swap(b[std::size_t(c)], b[std::size_t(piv)]);
        }
        for (int r = 0; r < p; ++r) {
            if (r == c)
                continue;
            const double f = A[std::size_t(r * p + c)] / A[std::size_t(c * p + c)];
            if (f == 0.0)
                continue;
            for (int k = c; k < p; ++k)
                A[std::size_t(r * p + k)] -= f * A[std::size_t(c * p + k)];
            b[std::size_t(r)] -= f * b[std::size_t(c)];
        }
    }
    x->resize(std::size_t(p));
    for (int c = 0; c < p; ++c)
        (*x)[std::size_t(c)] = b[std::size_t(c)] / A[std::size_t(c * p + c)];
    return true;
}

// ---- one DoF's fit ---------------------------------------------------------------------------

enum class Kind { Translational, Rotational };

/// Parameters: 0 ln ωn, 1 ln ζ, [translational: 2 ln ωb], then ln k, τ (s), offset, [tilt:
/// ln ωt], [arrival lag (s)]. τ is the delay of the poses timed by the platform's own clock;
/// the replies without one are timed by their arrival, which lags by the network's mean way
/// back beyond its shortest: the arrival lag, fitted apart so that it cannot bend the rest.
struct Layout
{
    Kind kind;
    bool tilt;
    bool twoClocks;
    int lnK() const { return kind == Kind::Translational ? 3 : 2; }
    int tau() const { return lnK() + 1; }
    int offset() const { return lnK() + 2; }
    int lnTilt() const { return tilt ? lnK() + 3 : -1; }
    int arrivalLag() const { return twoClocks ? lnK() + 3 + (tilt ? 1 : 0) : -1; }
    int count() const { return lnK() + 3 + (tilt ? 1 : 0) + (twoClocks ? 1 : 0); }
};

/// A small cache of channel outputs by their parameters: the Jacobian perturbs one parameter at
/// a time, and gain, delay and offset need no new simulation at all.
struct Memo
{
    struct Entry
    {
        std::array<double, 3> key;
        std::vector<std::vector<double>> out; // per recording
    };
    std::vector<Entry> entries;
    const std::vector<std::vector<double>> *
    find(const std::array<double, 3> &key,
         const std::function<std::vector<std::vector<double>>()> &make)
    {
        for (Entry &e : entries)
            if (e.key == key)
                return &e.out;
        if (entries.size() >= 6)
            entries.erase(entries.begin());
        entries.push_back({key, make()});
        return &entries.back().out;
    }
};

class DofFit
{
public:
    DofFit(const std::vector<IdRecording> &recs, int dof, bool tilt, const ModelConfig &prior)
        : m_recs(recs), m_dof(dof),
          m_prior(prior), m_layout{dof < 3 ? Kind::Translational : Kind::Rotational, tilt,
                                   twoClocks(recs)}
    {
        for (const IdRecording &r : recs) {
            std::vector<double> in(r.commands.size()), force(r.commands.size()),
                g(r.commands.size());
            for (std::size_t i = 0; i < r.commands.size(); ++i) {
                double grav = 0;
                const std::array<double, 3> f =
                    platformmodel::feltSpecificForce(r.commands[i], &grav);
                if (dof < 3)
                    in[i] = dof == 2 ? f[2] - grav : f[std::size_t(dof)];
                else
                    in[i] = r.commands[i].angAccelRadps2[std::size_t(dof - 3)];
                force[i] = dof == 3 ? f[1] : dof == 4 ? f[0] : 0.0;
                g[i] = grav;
            }
            m_input.push_back(std::move(in));
            m_force.push_back(std::move(force));
            m_gravity.push_back(std::move(g));
            for (std::size_t j = 0; j < r.poseT.size(); ++j)
                m_y.push_back(r.pose[j][std::size_t(dof)]);
        }
    }

    const Layout &layout() const { return m_layout; }
    const std::vector<double> &observed() const { return m_y; }
    static bool twoClocks(const std::vector<IdRecording> &recs)
    {
        for (const IdRecording &r : recs)
            if (r.posesOnPlatformClock > 0 && r.posesOnPlatformClock < qint64(r.poseT.size()))
                return true;
        return false;
    }
    double inputRms() const
    {
        std::vector<double> all;
        for (const auto &v : m_input)
            all.insert(all.end(), v.begin(), v.end());
        return rmsAboutMean(all);
    }
    double tiltForceRms() const
    {
        std::vector<double> all;
        for (const auto &v : m_force)
            all.insert(all.end(), v.begin(), v.end());
        return rmsAboutMean(all);
    }

    std::vector<double> initial() const
    {
        std::vector<double> t(std::size_t(m_layout.count()), 0.0);
        if (m_layout.kind == Kind::Translational) {
            const auto &w = m_prior.washout.translational[std::size_t(m_dof)];
            t[0] = std::log(w.naturalRadps);
            t[1] = std::log(w.damping);
            t[2] = std::log(w.breakRadps);
        } else {
            const auto &w = m_prior.washout.rotational[std::size_t(m_dof - 3)];
            t[0] = std::log(w.naturalRadps);
            t[1] = std::log(w.damping);
        }
        t[std::size_t(m_layout.lnK())] = std::log(m_prior.washout.gain[std::size_t(m_dof)]);
        t[std::size_t(m_layout.tau())] = m_prior.delayS;
        if (m_layout.tilt)
            t[std::size_t(m_layout.lnTilt())] = std::log(m_prior.washout.tiltLowPassRadps);
        return t;
    }
    void bounds(std::vector<double> *lo, std::vector<double> *hi) const
    {
        const int p = m_layout.count();
        lo->assign(std::size_t(p), -kInf);
        hi->assign(std::size_t(p), kInf);
        auto set = [&](int i, double a, double b) {
            (*lo)[std::size_t(i)] = a;
            (*hi)[std::size_t(i)] = b;
        };
        set(0, std::log(0.05), std::log(60.0));
        set(1, std::log(0.1), std::log(5.0));
        if (m_layout.kind == Kind::Translational)
            set(2, std::log(kNoBreakRadps), std::log(20.0));
        set(m_layout.lnK(), std::log(0.02), std::log(50.0));
        set(m_layout.tau(), 0.0, 0.3);
        if (m_layout.tilt)
            set(m_layout.lnTilt(), std::log(0.1), std::log(50.0));
        if (m_layout.twoClocks)
            set(m_layout.arrivalLag(), -0.05, 0.1);
    }

    /// The channel's unit-gain, undelayed output per recording for these parameters.
    void channels(const std::vector<double> &theta, const std::vector<std::vector<double>> **main,
                  const std::vector<std::vector<double>> **tilt)
    {
        const double dt = m_recs.empty() ? 0.004 : m_recs[0].dt;
        // Every recording through a fresh channel made by make().
        auto run = [&](const auto &make) {
            std::vector<std::vector<double>> out;
            for (const auto &in : m_input) {
                auto ch = make();
                std::vector<double> y(in.size());
                for (std::size_t i = 0; i < in.size(); ++i)
                    y[i] = ch.step(in[i]);
                out.push_back(std::move(y));
            }
            return out;
        };
        if (m_layout.kind == Kind::Translational) {
            const std::array<double, 3> key{theta[0], theta[1], theta[2]};
            *main = m_mainMemo.find(key, [&] {
                const platformmodel::TranslationalWashout w{std::exp(key[0]), std::exp(key[1]),
                                                            std::exp(key[2])};
                return run([&] { return platformmodel::TranslationalChannel(w, dt); });
            });
        } else {
            const std::array<double, 3> key{theta[0], theta[1], 0.0};
            *main = m_mainMemo.find(key, [&] {
                const platformmodel::RotationalWashout w{std::exp(key[0]), std::exp(key[1])};
                return run([&] { return platformmodel::RotationalChannel(w, dt); });
            });
        }
        *tilt = nullptr;
        if (!m_layout.tilt)
            return;
        const std::array<double, 3> key{theta[std::size_t(m_layout.lnTilt())], 0.0, 0.0};
        *tilt = m_tiltMemo.find(key, [&] {
            platformmodel::Washout w = m_prior.washout;
            w.tiltCoordination = true;
            w.tiltLowPassRadps = std::exp(key[0]);
            // Roll takes +tilt(f_y), pitch −tilt(f_x): the model's signs (platformmodel.cpp).
            const double sign = m_dof == 3 ? 1.0 : -1.0;
            std::vector<std::vector<double>> out;
            for (std::size_t r = 0; r < m_force.size(); ++r) {
                platformmodel::TiltChannel ch(w, dt);
                std::vector<double> y(m_force[r].size());
                for (std::size_t i = 0; i < y.size(); ++i)
                    y[i] = sign * ch.step(m_force[r][i], m_gravity[r][i]);
                out.push_back(std::move(y));
            }
            return out;
        });
    }

    /// Predicted poses at every sample (all recordings, in order).
    void predict(const std::vector<double> &theta, std::vector<double> *pred)
    {
        const std::vector<std::vector<double>> *main = nullptr, *tilt = nullptr;
        channels(theta, &main, &tilt);
        const double k = std::exp(theta[std::size_t(m_layout.lnK())]);
        const double tau = theta[std::size_t(m_layout.tau())];
        const double c = theta[std::size_t(m_layout.offset())];
        const double lag = m_layout.twoClocks ? theta[std::size_t(m_layout.arrivalLag())] : 0.0;
        pred->resize(m_y.size());
        std::size_t j = 0;
        for (std::size_t r = 0; r < m_recs.size(); ++r) {
            const IdRecording &rec = m_recs[r];
            const std::vector<double> &m = (*main)[r];
            const std::vector<double> *tl = tilt ? &(*tilt)[r] : nullptr;
            const std::size_t n = m.size();
            for (std::size_t q = 0; q < rec.poseT.size(); ++q) {
                const double u =
                    (rec.poseT[q] - tau - (rec.onPlatformClock[q] ? 0.0 : lag)) / rec.dt;
                double v = 0.0;
                if (u >= 0 && n > 0) {
                    const std::size_t i = std::size_t(u);
                    if (i + 1 >= n) {
                        v = m[n - 1] + (tl ? (*tl)[n - 1] : 0.0);
                    } else {
                        const double f = u - double(i);
                        v = m[i] + f * (m[i + 1] - m[i]);
                        if (tl)
                            v += (*tl)[i] + f * ((*tl)[i + 1] - (*tl)[i]);
                    }
                }
                (*pred)[j++] = k * v + c;
            }
        }
    }

    /// The gain and offset that fit best for the other parameters (least squares, closed form),
    /// and the residual sum: the delay's starting value is searched with it.
    double bestLinear(std::vector<double> *theta)
    {
        (*theta)[std::size_t(m_layout.lnK())] = 0.0;
        (*theta)[std::size_t(m_layout.offset())] = 0.0;
        std::vector<double> m;
        predict(*theta, &m);
        const double n = double(m.size());
        const double mm = std::accumulate(m.begin(), m.end(), 0.0) / n;
        const double my = std::accumulate(m_y.begin(), m_y.end(), 0.0) / n;
        double sxy = 0, sxx = 0;
        for (std::size_t i = 0; i < m.size(); ++i) {
            sxy += (m[i] - mm) * (m_y[i] - my);
            sxx += (m[i] - mm) * (m[i] - mm);
        }
        const double k = sxx > 0 && sxy > 0 ? sxy / sxx : 1.0;
        (*theta)[std::size_t(m_layout.lnK())] = std::log(k);
        (*theta)[std::size_t(m_layout.offset())] = my - k * mm;
        double rss = 0;
        for (std::size_t i = 0; i < m.size(); ++i) {
            const double e = k * m[i] + (my - k * mm) - m_y[i];
            rss += e * e;
        }
        return rss;
    }

    /// The samples in blocks of about blockS seconds, [begin, end) into observed(), never
    /// across recordings.
    std::vector<std::pair<std::size_t, std::size_t>> blocks(double blockS) const
    {
        std::vector<std::pair<std::size_t, std::size_t>> out;
        std::size_t j = 0;
        for (const IdRecording &rec : m_recs) {
            std::size_t begin = j;
            double blockStart = rec.poseT.empty() ? 0.0 : rec.poseT.front();
            for (std::size_t i = 0; i < rec.poseT.size(); ++i, ++j) {
                if (rec.poseT[i] >= blockStart + blockS) {
                    out.push_back({begin, j});
                    begin = j;
                    blockStart = rec.poseT[i];
                }
            }
            if (j > begin)
                out.push_back({begin, j});
        }
        return out;
    }

private:
    const std::vector<IdRecording> &m_recs;
    int m_dof;
    ModelConfig m_prior;
    Layout m_layout;
    std::vector<std::vector<double>> m_input, m_force, m_gravity;
    std::vector<double> m_y;
    Memo m_mainMemo, m_tiltMemo;
};

struct FitOutcome
{
    std::vector<double> theta;
    std::vector<double> sigma;    ///< per parameter, in theta's units (ln for log-parameters)
    std::vector<char> lowerBound; ///< per parameter: ended on its lower bound
    double rss = kInf;
    double vaf = 0;
    bool atBound(int i, const std::vector<double> &lo, const std::vector<double> &hi) const
    {
        const double span = 1e-6 * std::max(1.0, std::abs(theta[std::size_t(i)]));
        return theta[std::size_t(i)] <= lo[std::size_t(i)] + span ||
               theta[std::size_t(i)] >= hi[std::size_t(i)] - span;
    }
};

/// Levenberg–Marquardt from the prior (the delay started by a search) or from *start, then the
/// covariance. Parameters marked in *fixed keep their start value (their sigma is inf).
FitOutcome fitDof(DofFit &fit, const std::vector<double> *start = nullptr,
                  const std::vector<char> *fixed = nullptr)
{
    const Layout &L = fit.layout();
    const int p = L.count();
    std::vector<double> lo, hi;
    fit.bounds(&lo, &hi);
    std::vector<double> theta = start ? *start : fit.initial();
    std::vector<int> idx; // the free parameters
    for (int i = 0; i < p; ++i)
        if (!fixed || !(*fixed)[std::size_t(i)])
            idx.push_back(i);
    const int q = int(idx.size());

    if (!start) {
        // The delay's start: 0 … 150 ms in 5 ms steps, gain and offset solved at each.
        double bestRss = kInf, bestTau = 0;
        for (int ms = 0; ms <= 150; ms += 5) {
            theta[std::size_t(L.tau())] = ms * 1e-3;
            const double rss = fit.bestLinear(&theta);
            if (rss < bestRss) {
                bestRss = rss;
                bestTau = ms * 1e-3;
            }
        }
        theta[std::size_t(L.tau())] = bestTau;
        fit.bestLinear(&theta);
    }

    const std::vector<double> &y = fit.observed();
    const std::size_t n = y.size();
    std::vector<double> pred, r(n);
    auto residuals = [&](const std::vector<double> &th, std::vector<double> *out) {
        fit.predict(th, &pred);
        double rss = 0;
        out->resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            (*out)[i] = pred[i] - y[i];
            rss += (*out)[i] * (*out)[i];
        }
        return rss;
    };
    auto stepOf = [&](int i) {
        if (i == L.tau() || i == L.arrivalLag())
            return 5e-4;
        if (i == L.offset())
            return 1e-5 + 1e-3 * rmsAboutMean(y);
        return 1e-4;
    };
    // J: n × q, the free parameters' columns.
    std::vector<double> J(n * std::size_t(q));
    auto jacobian = [&](const std::vector<double> &th, const std::vector<double> &r0) {
        std::vector<double> rp;
        for (int c = 0; c < q; ++c) {
            const std::size_t pc = std::size_t(idx[std::size_t(c)]);
            std::vector<double> t = th;
            double h = stepOf(int(pc));
            if (t[pc] + h > hi[pc])
                h = -h; // at an upper bound: the backward difference
            t[pc] += h;
            residuals(t, &rp);
            for (std::size_t i = 0; i < n; ++i)
                J[i * std::size_t(q) + std::size_t(c)] = (rp[i] - r0[i]) / h;
        }
    };
    auto normal = [&](const std::vector<double> &res, std::vector<double> *A,
                      std::vector<double> *g) {
        A->assign(std::size_t(q * q), 0.0);
        g->assign(std::size_t(q), 0.0);
        for (std::size_t i = 0; i < n; ++i) {
            const double *row = &J[i * std::size_t(q)];
            for (int a = 0; a < q; ++a) {
                (*g)[std::size_t(a)] += row[a] * res[i];
                for (int b = a; b < q; ++b)
                    (*A)[std::size_t(a * q + b)] += row[a] * row[b];
            }
        }
        for (int a = 0; a < q; ++a)
            for (int b = 0; b < a; ++b)
                (*A)[std::size_t(a * q + b)] = (*A)[std::size_t(b * q + a)];
    };

    double rss = residuals(theta, &r);
    double lambda = 1e-3;
    std::vector<double> A, g, delta, rTry;
    for (int it = 0; it < 60; ++it) {
        jacobian(theta, r);
        normal(r, &A, &g);
        bool improved = false;
        while (lambda < 1e12) {
            std::vector<double> M = A;
            for (int a = 0; a < q; ++a)
                M[std::size_t(a * q + a)] += lambda * std::max(A[std::size_t(a * q + a)], 1e-12);
            std::vector<double> minusG(g.size());
            for (std::size_t a = 0; a < g.size(); ++a)
                minusG[a] = -g[a];
            if (!solve(M, minusG, q, &delta)) {
                lambda *= 10;
                continue;
            }
            std::vector<double> t = theta;
            for (int a = 0; a < q; ++a) {
                const std::size_t pa = std::size_t(idx[std::size_t(a)]);
                t[pa] = std::clamp(t[pa] + delta[std::size_t(a)], lo[pa], hi[pa]);
            }
            const double rssTry = residuals(t, &rTry);
            if (rssTry < rss) {
                const double gain = (rss - rssTry) / std::max(rss, 1e-300);
                theta = t;
                r.swap(rTry);
                rss = rssTry;
                lambda = std::max(lambda / 4, 1e-9);
                improved = gain > 1e-10;
                break;
            }
            lambda *= 4;
        }
        if (!improved)
            break;
    }

    FitOutcome out;
    out.theta = theta;
    out.rss = rss;
    const double var = rmsAboutMean(y);
    out.vaf = var > 0 ? std::max(0.0, 1.0 - (rss / double(n)) / (var * var)) : 0.0;
    jacobian(theta, r);
    normal(r, &A, &g);
    // The residuals are not independent (what the model lacks leaves slow, correlated errors):
    // the covariance is the sandwich (JᵀJ)⁻¹·M·(JᵀJ)⁻¹ with M summed over blocks of about one
    // second, each block's score Σ Jᵢ·rᵢ taken whole (a cluster-robust estimate).
    std::vector<double> inv(std::size_t(q * q), 0.0);
    bool invertible = q > 0;
    for (int c = 0; c < q && invertible; ++c) {
        std::vector<double> e(std::size_t(q), 0.0), x;
        e[std::size_t(c)] = 1.0;
        invertible = solve(A, e, q, &x);
        for (int a = 0; invertible && a < q; ++a)
            inv[std::size_t(a * q + c)] = x[std::size_t(a)];
    }
    std::vector<double> meat(std::size_t(q * q), 0.0), score(std::size_t(q), 0.0);
    for (const auto &[begin, end] : fit.blocks(1.0)) {
        for (std::size_t i = begin; i < end; ++i)
            for (int a = 0; a < q; ++a)
                score[std::size_t(a)] += J[i * std::size_t(q) + std::size_t(a)] * r[i];
        for (int a = 0; a < q; ++a)
            for (int b = 0; b < q; ++b)
                meat[std::size_t(a * q + b)] += score[std::size_t(a)] * score[std::size_t(b)];
        std::fill(score.begin(), score.end(), 0.0);
    }
    out.sigma.assign(std::size_t(p), kInf);
    for (int a = 0; invertible && a < q; ++a) {
        double v = 0;
        for (int i = 0; i < q; ++i)
            for (int k = 0; k < q; ++k)
                v += inv[std::size_t(a * q + i)] * meat[std::size_t(i * q + k)] *
                     inv[std::size_t(k * q + a)];
        out.sigma[std::size_t(idx[std::size_t(a)])] = std::sqrt(std::max(v, 0.0));
    }
    out.lowerBound.assign(std::size_t(p), 0);
    for (int a = 0; a < p; ++a) {
        if (out.atBound(a, lo, hi)) {
            out.sigma[std::size_t(a)] = kInf; // on its bound: the data said nothing better
            out.lowerBound[std::size_t(a)] = out.theta[std::size_t(a)] <= lo[std::size_t(a)] + 1e-6;
        }
    }
    return out;
}

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
