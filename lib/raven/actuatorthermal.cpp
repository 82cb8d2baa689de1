#include "raven/actuatorthermal.h"

#include <algorithm>
#include <cmath>

namespace hil::raven {

ActuatorThermal::ActuatorThermal() : ActuatorThermal(Params{}) {}

ActuatorThermal::ActuatorThermal(const Params &params) : m_p(params)
{
    m_tempC.fill(m_p.ambientC);
}

std::array<double, 6> ActuatorThermal::actuatorForcesN(const Params &p,
                                                       const std::array<double, 6> &seatAccel)
{
    const double beta = p.legElevationDeg * 3.14159265358979323846 / 180.0;
    const double cb = std::cos(beta), sb = std::sin(beta), r = p.jointRadiusM;
    const double inertia = p.payloadKg * p.gyrationRadiusM * p.gyrationRadiusM;
    const double fx = p.payloadKg * seatAccel[0], fy = p.payloadKg * seatAccel[1];
    const double fz = p.payloadKg * (seatAccel[2] + p.gravityMps2);
    const double tx = inertia * seatAccel[3], ty = inertia * seatAccel[4];
    const double tz = inertia * seatAccel[5];
    std::array<double, 6> f{};
    for (std::size_t i = 0; i < 6; ++i) {
        // Leg i: joint at r·(cos ψ, sin ψ, 0), direction (cos β·s·(−sin ψ, cos ψ), sin β), s = ±1.
        // Its rows of the map from leg forces to (F, τ) are orthogonal to the others' with
        // squared norms 3cos²β (Fx, Fy), 6sin²β (Fz), 3r²sin²β (τx, τy), 6r²cos²β (τz).
        const double psi = double(i) * 3.14159265358979323846 / 3.0;
        const double s = (i % 2) ? -1.0 : 1.0;
        const double sp = std::sin(psi), cp = std::cos(psi);
        f[i] = s * (-fx * sp + fy * cp) / (3.0 * cb) + fz / (6.0 * sb) +
               (tx * sp - ty * cp) / (3.0 * r * sb) + s * tz / (6.0 * r * cb);
    }
    return f;
}

void ActuatorThermal::step(double dtS, const std::array<double, 6> &seatAccel, bool carried)
{
    if (!(dtS > 0.0))
        return;
    const std::array<double, 6> demand =
        carried ? actuatorForcesN(m_p, seatAccel) : std::array<double, 6>{};
    const double decay = std::exp(-dtS / m_p.timeConstantS);
    m_forceLimited = false;
    for (std::size_t i = 0; i < 6; ++i) {
        // The drive's current limit; a demand that is not a number is taken as the limit too.
        const bool limited = !(std::abs(demand[i]) < m_p.forceLimitN);
        m_forceLimited = m_forceLimited || limited;
        const double f = limited ? std::copysign(m_p.forceLimitN, demand[i]) : demand[i];
        m_forceN[i] = std::isnan(f) ? m_p.forceLimitN : f;
        const double amps = m_forceN[i] / m_p.motorConstantNPerSqrtW; // √W, proportional to current
        m_powerW[i] = amps * amps;
        const double settle = m_p.ambientC + m_p.thermalResistanceKPerW * m_powerW[i];
        m_tempC[i] = settle + (m_tempC[i] - settle) * decay;
    }
    const double hottest = hottestC();
    if (hottest > m_p.overheatC)
        m_thermal = 1;
    else if (hottest < m_p.overheatC - m_p.hysteresisC)
        m_thermal = 0;
}

double ActuatorThermal::hottestC() const
{
    return *std::max_element(m_tempC.begin(), m_tempC.end());
}

double ActuatorThermal::steadyStateC(double forceN) const
{
    const double f = std::min(std::abs(forceN), m_p.forceLimitN) / m_p.motorConstantNPerSqrtW;
    return m_p.ambientC + m_p.thermalResistanceKPerW * f * f;
}

} // namespace hil::raven
