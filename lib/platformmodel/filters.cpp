#include "platformmodel/filters.h"

#include <algorithm>
#include <cmath>

namespace hil::platformmodel {

namespace {

double tustinK(double dt, double prewarpRadps)
{
    if (prewarpRadps > 0.0)
        return prewarpRadps / std::tan(prewarpRadps * dt / 2.0);
    return 2.0 / dt;
}

using Complex = std::complex<double>;

Complex jw(double omega)
{
    return {0.0, omega};
}

} // namespace

Biquad Biquad::fromContinuous(double b2, double b1, double b0, double a2, double a1, double a0,
                              double dt, double prewarpRadps)
{
    Biquad f;
    f.m_cb[0] = b2;
    f.m_cb[1] = b1;
    f.m_cb[2] = b0;
    f.m_ca[0] = a2;
    f.m_ca[1] = a1;
    f.m_ca[2] = a0;
    f.m_dt = dt;
    const double k = tustinK(dt, prewarpRadps);
    const double k2 = k * k;
    // (z−1)²/(z+1)², (z−1)(z+1)/(z+1)², 1 over the common (z+1)², in powers of z⁻¹.
    const double n0 = b2 * k2 + b1 * k + b0;
    const double n1 = 2.0 * (b0 - b2 * k2);
    const double n2 = b2 * k2 - b1 * k + b0;
    const double d0 = a2 * k2 + a1 * k + a0;
    const double d1 = 2.0 * (a0 - a2 * k2);
    const double d2 = a2 * k2 - a1 * k + a0;
    f.m_b[0] = n0 / d0;
    f.m_b[1] = n1 / d0;
    f.m_b[2] = n2 / d0;
    f.m_a[0] = 1.0;
    f.m_a[1] = d1 / d0;
    f.m_a[2] = d2 / d0;
    return f;
}

Biquad Biquad::highPass(double naturalRadps, double damping, double dt)
{
    const double w = naturalRadps;
    return fromContinuous(1.0, 0.0, 0.0, 1.0, 2.0 * damping * w, w * w, dt);
}

Biquad Biquad::lowPass(double naturalRadps, double damping, double dt)
{
    const double w = naturalRadps;
    return fromContinuous(0.0, 0.0, w * w, 1.0, 2.0 * damping * w, w * w, dt);
}

void Biquad::reset(double x)
{
    const double y = dcGain() * x;
    m_s2 = m_b[2] * x - m_a[2] * y;
    m_s1 = m_b[1] * x - m_a[1] * y + m_s2;
}

double Biquad::dcGain() const
{
    const double den = m_a[0] + m_a[1] + m_a[2];
    return den == 0.0 ? 0.0 : (m_b[0] + m_b[1] + m_b[2]) / den;
}

Complex Biquad::continuousResponse(double omegaRadps) const
{
    const Complex s = jw(omegaRadps);
    return (m_cb[0] * s * s + m_cb[1] * s + m_cb[2]) / (m_ca[0] * s * s + m_ca[1] * s + m_ca[2]);
}

Complex Biquad::discreteResponse(double omegaRadps) const
{
    const Complex zi = std::exp(-jw(omegaRadps * m_dt)); // z⁻¹
    return (m_b[0] + m_b[1] * zi + m_b[2] * zi * zi) / (m_a[0] + m_a[1] * zi + m_a[2] * zi * zi);
}

FirstOrder FirstOrder::fromContinuous(double b1, double b0, double a1, double a0, double dt,
                                      double prewarpRadps)
{
    FirstOrder f;
    f.m_cb[0] = b1;
    f.m_cb[1] = b0;
    f.m_ca[0] = a1;
    f.m_ca[1] = a0;
    f.m_dt = dt;
    const double k = tustinK(dt, prewarpRadps);
    const double d0 = a1 * k + a0;
    f.m_b[0] = (b1 * k + b0) / d0;
    f.m_b[1] = (b0 - b1 * k) / d0;
    f.m_a1 = (a0 - a1 * k) / d0;
    return f;
}

FirstOrder FirstOrder::lowPass(double cornerRadps, double dt)
{
    return fromContinuous(0.0, cornerRadps, 1.0, cornerRadps, dt);
}

FirstOrder FirstOrder::highPass(double cornerRadps, double dt)
{
    return fromContinuous(1.0, 0.0, 1.0, cornerRadps, dt);
}

double FirstOrder::step(double x)
{
    const double y = m_b[0] * x + m_s;
    m_s = m_b[1] * x - m_a1 * y;
    return y;
}

void FirstOrder::reset(double x)
{
    m_s = m_b[1] * x - m_a1 * dcGain() * x;
}

double FirstOrder::dcGain() const
{
    const double den = 1.0 + m_a1;
    return den == 0.0 ? 0.0 : (m_b[0] + m_b[1]) / den;
}

Complex FirstOrder::continuousResponse(double omegaRadps) const
{
    const Complex s = jw(omegaRadps);
    return (m_cb[0] * s + m_cb[1]) / (m_ca[0] * s + m_ca[1]);
}

Complex FirstOrder::discreteResponse(double omegaRadps) const
{
    const Complex zi = std::exp(-jw(omegaRadps * m_dt));
    return (m_b[0] + m_b[1] * zi) / (1.0 + m_a1 * zi);
}

double RateLimiter::step(double x)
{
    m_y += std::clamp(x - m_y, -m_maxStep, m_maxStep);
    return m_y;
}

} // namespace hil::platformmodel
