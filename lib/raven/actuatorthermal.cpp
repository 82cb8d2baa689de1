#include "raven/actuatorthermal.h"

#include <algorithm>
#include <cmath>

namespace hil::raven {

void ActuatorThermal::step(double dtS, const std::array<double, 6> &seatAccel, bool carried)
{
    constexpr double ambientC = 30.0;
    constexpr double coolingS = 60.0;
    constexpr double heatPerActivity = 0.5; // °C/s per (m/s² + rad/s²) of cue
    constexpr double hysteresisC = 5.0;
    double activity = 0.0;
    for (double a : seatAccel)
        activity += carried ? std::abs(a) : 0.0;
    m_activity = activity;
    for (double &t : m_tempC)
        t += (heatPerActivity * activity - (t - ambientC) / coolingS) * dtS;
    const double hottest = hottestC();
    m_thermal = hottest > m_overheatC ? 1 : (hottest < m_overheatC - hysteresisC ? 0 : m_thermal);
}

double ActuatorThermal::hottestC() const
{
    return *std::max_element(m_tempC.begin(), m_tempC.end());
}

} // namespace hil::raven
