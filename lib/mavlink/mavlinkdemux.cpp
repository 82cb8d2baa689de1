#include "mavlink/mavlinkdemux.h"
#include "mavlink/messages.h"

namespace hil::mavlink {

unsigned consumersOf(std::uint32_t msgId)
{
    switch (msgId) {
    case HilActuatorControls::kId:
        return kToSimulator;
    case Heartbeat::kId:
        return kToSimulator | kToGroundStation;
    default:
        return kToGroundStation;
    }
}

} // namespace hil::mavlink
