#pragma once
// Discrete filters of the platform model (docs/platform-model.md, "Discretisation"). Pure values:
// no clocks, no Qt; one instance belongs to one caller (not thread-safe, copyable). Units are the
// caller's: a filter maps its input unit to its output unit by the transfer function it was made
// from, time in seconds, frequencies in rad/s.
//
// Every filter is made from a continuous transfer function by the bilinear (Tustin) transform,
//     s ← K·(1 − z⁻¹)/(1 + z⁻¹),  K = 2/dt,
// or, with a prewarp frequency ωp > 0, K = ωp / tan(ωp·dt/2), which makes the discrete response
// equal the continuous one exactly at ωp (and moves the error elsewhere). The platform model does
// not prewarp: at 250 Hz its frequencies of interest (≤ 15.85 rad/s, ICAO 9625's OMCT range) are
// about 1/50 of the Nyquist frequency (785 rad/s), where the frequency warping
// (2/dt)·tan(ω·dt/2)/ω − 1 is under 0.04 %.

#include <complex>

namespace hil::platformmodel {

/// A second-order section from (b2 s² + b1 s + b0)/(a2 s² + a1 s + a0), Tustin-discretised,
/// run as a direct form II transposed (two state words).
class Biquad
{
public:
    Biquad() = default; ///< identity (y = x)
    static Biquad fromContinuous(double b2, double b1, double b0, double a2, double a1, double a0,
                                 double dt, double prewarpRadps = 0.0);
    /// s² / (s² + 2ζωn·s + ωn²): the classical washout high-pass.
    static Biquad highPass(double naturalRadps, double damping, double dt);
    /// ωn² / (s² + 2ζωn·s + ωn²): unit gain at DC.
    static Biquad lowPass(double naturalRadps, double damping, double dt);

    /// Inline: a dry run steps a dozen of them per model step.
    double step(double x)
    {
        const double y = m_b[0] * x + m_s1;
        m_s1 = m_b[1] * x - m_a[1] * y + m_s2;
        m_s2 = m_b[2] * x - m_a[2] * y;
        return y;
    }
    /// Sets the state as if the input had been x forever (output = DC gain · x).
    void reset(double x = 0.0);
    double dcGain() const;

    std::complex<double> continuousResponse(double omegaRadps) const;
    /// The discrete filter's response at z = e^{jω·dt}.
    std::complex<double> discreteResponse(double omegaRadps) const;

private:
    double m_cb[3] = {0.0, 0.0, 1.0}; // continuous b2, b1, b0
    double m_ca[3] = {0.0, 0.0, 1.0}; // continuous a2, a1, a0
    double m_b[3] = {1.0, 0.0, 0.0};  // discrete, z⁰ z⁻¹ z⁻², normalised so that a[0] = 1
    double m_a[3] = {1.0, 0.0, 0.0};
    double m_dt = 1.0;
    double m_s1 = 0.0;
    double m_s2 = 0.0;
};

/// A first-order section from (b1 s + b0)/(a1 s + a0), Tustin-discretised. Kept apart from
/// Biquad: a first-order function forced into a biquad gets a pole at z = −1, cancelled by a zero
/// only as far as rounding allows.
class FirstOrder
{
public:
    FirstOrder() = default; ///< identity
    static FirstOrder fromContinuous(double b1, double b0, double a1, double a0, double dt,
                                     double prewarpRadps = 0.0);
    /// ωc / (s + ωc)
    static FirstOrder lowPass(double cornerRadps, double dt);
    /// s / (s + ωc)
    static FirstOrder highPass(double cornerRadps, double dt);

    double step(double x);
    void reset(double x = 0.0);
    double dcGain() const;

    std::complex<double> continuousResponse(double omegaRadps) const;
    std::complex<double> discreteResponse(double omegaRadps) const;

private:
    double m_cb[2] = {0.0, 1.0};
    double m_ca[2] = {0.0, 1.0};
    double m_b[2] = {1.0, 0.0};
    double m_a1 = 0.0;
    double m_dt = 1.0;
    double m_s = 0.0;
};

/// Limits how fast its output follows the input: at most ratePerS·dt per step.
class RateLimiter
{
public:
    RateLimiter() = default;
    RateLimiter(double ratePerS, double dt) : m_maxStep(ratePerS * dt) {}
    double step(double x);
    void reset(double value = 0.0) { m_y = value; }
    double value() const { return m_y; }

private:
    double m_maxStep = 0.0;
    double m_y = 0.0;
};

} // namespace hil::platformmodel
