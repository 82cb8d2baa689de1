#include "raven/testcuehost.h"

#include "raven/ravencodec.h"
#include "raven/ridersafety.h"

namespace hil::raven {

TestCueRefusal testCueRefusal(const RiderSafety &safety, bool otherTestCue, bool addressHeld)
{
    if (otherTestCue)
        return {QStringLiteral("a test cue is already running"), QStringLiteral("busy")};
    if (safety.stopped())
        return {QStringLiteral("STOP is latched"), QStringLiteral("stop")};
    if (safety.platformMode() != ModeCueing)
        return {QStringLiteral("the platform does not show CUEING"), QStringLiteral("mode")};
    // The rider's dead-man button gates every cue, test cues included.
    if (safety.enablingConfigured() && !safety.enablingHeld())
        return {QStringLiteral("the enabling button is released"), QStringLiteral("enabling")};
    // A failed axis check means the platform reads the cue words differently: a cue on one word
    // could move another DoF.
    if (addressHeld)
        return {QStringLiteral("this platform address is held by a failed axis check"),
                QStringLiteral("axis_hold")};
    return {};
}

} // namespace hil::raven
