#include "perception/vestibular.h"

#include <algorithm>
#include <cmath>

namespace hil::perception {

using platformmodel::Biquad;
using platformmodel::FirstOrder;

CanalChannel::CanalChannel(const CanalParams &p, double dt)
{
    const double t1 = p.longTauS, ta = p.adaptationTauS;
    // (1 + τ1·s)(1 + τa·s) = τ1·τa·s² + (τ1 + τa)·s + 1: the denominator multiplied out, never
    // written as a quotient of products (where a missing bracket divides by one factor and
    // multiplies by the other: the precedence slip the issue mentions in a public model).
    m_highPass = Biquad::fromContinuous(t1 * ta, 0.0, 0.0, t1 * ta, t1 + ta, 1.0, dt);
    m_short = FirstOrder::fromContinuous(0.0, 1.0, p.shortTauS, 1.0, dt);
}

void CanalChannel::reset(double rateRadps)
{
    m_highPass.reset(rateRadps);
    m_short.reset(0.0); // a steady rotation is not felt: the high-pass's output is zero
}

std::complex<double> CanalChannel::discreteResponse(double omegaRadps) const
{
    return m_highPass.discreteResponse(omegaRadps) * m_short.discreteResponse(omegaRadps);
}

OtolithChannel::OtolithChannel(const OtolithParams &p, double dt)
{
    const double ta = p.leadTauS, t1 = p.longTauS, t2 = p.shortTauS;
    const double k = t1 / ta; // mid-band unity (vestibular.h)
    m_filter = Biquad::fromContinuous(0.0, k * ta, k, t1 * t2, t1 + t2, 1.0, dt);
}

std::complex<double> OtolithChannel::discreteResponse(double omegaRadps) const
{
    return m_filter.discreteResponse(omegaRadps);
}

PerceptionModel::PerceptionModel(const PerceptionConfig &config, double dt)
{
    for (int i = 0; i < 3; ++i) {
        m_otolith[std::size_t(i)] = OtolithChannel(config.otolith, dt);
        m_canal[std::size_t(i)] = CanalChannel(config.canal, dt);
    }
}

void PerceptionModel::reset(const std::array<double, 3> &forceMps2,
                            const std::array<double, 3> &rateRadps)
{
    for (std::size_t i = 0; i < 3; ++i) {
        m_otolith[i].reset(forceMps2[i]);
        m_canal[i].reset(rateRadps[i]);
    }
}

std::array<double, 6> PerceptionModel::step(const std::array<double, 3> &forceMps2,
                                            const std::array<double, 3> &rateRadps)
{
    std::array<double, 6> out{};
    for (std::size_t i = 0; i < 3; ++i) {
        out[i] = m_otolith[i].step(forceMps2[i]);
        out[3 + i] = m_canal[i].step(rateRadps[i]);
    }
    return out;
}

Thresholds perceivedThresholds(const CanalParams &canal, const OtolithParams &otolith,
                               const Thresholds &published)
{
    // One cycle of sinusoidal acceleration over T (Benson's "cosine bell velocity trajectory"),
    // then 1 s of rest for the response's peak, at the score's 250 Hz.
    constexpr double kPi = 3.14159265358979323846, dt = 1.0 / 250.0;
    auto peak = [&](auto channel, double T, bool velocity) {
        double best = 0.0;
        const int n = int(std::lround((T + 1.0) / dt));
        for (int k = 1; k <= n; ++k) {
            const double t = k * dt, x = 2 * kPi * std::min(t, T) / T;
            // unit peak: velocity (1 − cos x)/2, or its acceleration sin x (at unit peak)
            best = std::max(best, channel.step(velocity ? 0.5 * (1 - std::cos(x)) : std::sin(x)));
        }
        return best;
    };
    Thresholds out = published;
    const double force = peak(OtolithChannel(otolith, dt), 3.0, false);
    const double rate = peak(CanalChannel(canal, dt), 3.3, true);
    for (double &v : out.specificForceMps2)
        v *= force;
    for (double &v : out.angularRateRadps)
        v *= rate;
    return out;
}

} // namespace hil::perception
