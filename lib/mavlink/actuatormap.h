#pragma once
// ActuatorMap: PX4's actuator outputs (HIL_ACTUATOR_CONTROLS.controls, motors 0..1, surfaces
// -1..1) → RealFlight's 12 servo channels (0..1). A plain value, any thread.
//
// channel value = clamp(offset + scale × (invert ? −control : control), 0, 1); while PX4 is
// disarmed every mapped channel sits at its safe value instead.
//
// Defaults:
//  - quadX():     PX4 output i → channel i for i = 0..3, scale 1, offset 0, safe 0 (motor off).
//                 Outputs follow PX4's "quadrotor x" order (0 front-right, 1 rear-left,
//                 2 front-left, 3 rear-right), which the FlightAxis emulator's quad follows too.
//  - fixedWing(): PX4's classic AERT order: output 0 aileron → ch 0, 1 elevator → ch 1,
//                 2 rudder → ch 3 (surfaces scale 0.5, offset 0.5, safe 0.5 = centred),
//                 3 throttle → ch 2 (scale 1, offset 0, safe 0) — RealFlight's default
//                 aileron/elevator/throttle/rudder channel order.

#include "mavlink/messages.h"
#include "model/simframe.h"

#include <vector>

namespace hil::mavlink {

struct ActuatorMapping
{
    int output = 0;  ///< PX4 output index 0..15
    int channel = 0; ///< RealFlight channel 0..11
    double scale = 1.0;
    double offset = 0.0;
    bool invert = false;
    double safeValue = 0.0; ///< value while disarmed or before PX4 drives the channel
};

class ActuatorMap
{
public:
    static ActuatorMap quadX();
    static ActuatorMap fixedWing();

    std::vector<ActuatorMapping> entries;

    /// Bit i set = channel i is mapped.
    std::uint32_t mappedMask() const;
    /// The channels for one actuator message; selectedMask = mappedMask().
    ChannelFrame apply(const HilActuatorControls &a, bool armed) const;
    /// Mapped channels at their safe values; selectedMask as given (0 hands the channels back
    /// to the operator's transmitter).
    ChannelFrame safe(std::uint32_t selectedMask) const;
};

} // namespace hil::mavlink
