#include "mavlink/actuatormap.h"

#include <algorithm>
#include <cmath>

namespace hil::mavlink {

ActuatorMap ActuatorMap::quadX()
{
    ActuatorMap m;
    for (int i = 0; i < 4; ++i)
        m.entries.push_back({i, i, 1.0, 0.0, false, 0.0});
    return m;
}

ActuatorMap ActuatorMap::fixedWing()
{
    ActuatorMap m;
    m.entries = {{0, 0, 0.5, 0.5, false, 0.5},  // aileron
                 {1, 1, 0.5, 0.5, false, 0.5},  // elevator
                 {2, 3, 0.5, 0.5, false, 0.5},  // rudder
                 {3, 2, 1.0, 0.0, false, 0.0}}; // throttle
    return m;
}

std::uint32_t ActuatorMap::mappedMask() const
{
    std::uint32_t mask = 0;
    for (const ActuatorMapping &e : entries)
        if (e.channel >= 0 && e.channel < 12)
            mask |= 1u << e.channel;
    return mask;
}

ChannelFrame ActuatorMap::safe(std::uint32_t selectedMask) const
{
    ChannelFrame f;
    for (const ActuatorMapping &e : entries)
        if (e.channel >= 0 && e.channel < 12)
            f.values[e.channel] = e.safeValue;
    f.selectedMask = selectedMask;
    return f;
}

ChannelFrame ActuatorMap::apply(const HilActuatorControls &a, bool armed) const
{
    ChannelFrame f = safe(mappedMask());
    if (!armed)
        return f;
    for (const ActuatorMapping &e : entries) {
        if (e.channel < 0 || e.channel >= 12 || e.output < 0 || e.output >= 16)
            continue;
        double v = a.controls[e.output];
        if (!std::isfinite(v))
            continue; // keep the safe value
        if (e.invert)
            v = -v;
        f.values[e.channel] = std::clamp(e.offset + e.scale * v, 0.0, 1.0);
    }
    return f;
}

} // namespace hil::mavlink
