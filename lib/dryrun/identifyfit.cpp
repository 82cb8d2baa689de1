// One DoF's fit of the platform identification (identifyfit.h).
#include "dryrun/identifyfit.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace hil::dryrun::idfit {

using platformmodel::ModelConfig;

namespace {

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

} // namespace

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

const std::vector<std::vector<double>> *
Memo::find(const std::array<double, 3> &key,
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

DofFit::DofFit(const std::vector<IdRecording> &recs, int dof, bool tilt, const ModelConfig &prior)
    : m_recs(recs), m_dof(dof),
      m_prior(prior), m_layout{dof < 3 ? Kind::Translational : Kind::Rotational, tilt,
                               twoClocks(recs)}
{
    for (const IdRecording &r : recs) {
        std::vector<double> in(r.commands.size()), force(r.commands.size()), g(r.commands.size());
        for (std::size_t i = 0; i < r.commands.size(); ++i) {
            double grav = 0;
            const std::array<double, 3> f = platformmodel::feltSpecificForce(r.commands[i], &grav);
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

bool DofFit::twoClocks(const std::vector<IdRecording> &recs)
{
    for (const IdRecording &r : recs)
        if (r.posesOnPlatformClock > 0 && r.posesOnPlatformClock < qint64(r.poseT.size()))
            return true;
    return false;
}

double DofFit::inputRms() const
{
    std::vector<double> all;
    for (const auto &v : m_input)
        all.insert(all.end(), v.begin(), v.end());
    return rmsAboutMean(all);
}

double DofFit::tiltForceRms() const
{
    std::vector<double> all;
    for (const auto &v : m_force)
        all.insert(all.end(), v.begin(), v.end());
    return rmsAboutMean(all);
}

std::vector<double> DofFit::initial() const
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

void DofFit::bounds(std::vector<double> *lo, std::vector<double> *hi) const
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

void DofFit::channels(const std::vector<double> &theta,
                      const std::vector<std::vector<double>> **main,
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

void DofFit::predict(const std::vector<double> &theta, std::vector<double> *pred)
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
            const double u = (rec.poseT[q] - tau - (rec.onPlatformClock[q] ? 0.0 : lag)) / rec.dt;
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

double DofFit::bestLinear(std::vector<double> *theta)
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

std::vector<std::pair<std::size_t, std::size_t>> DofFit::blocks(double blockS) const
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

FitOutcome fitDof(DofFit &fit, const std::vector<double> *start, const std::vector<char> *fixed)
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

} // namespace hil::dryrun::idfit
