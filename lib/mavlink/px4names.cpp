#include "mavlink/px4names.h"

namespace hil::px4 {

const std::vector<FlightMode> &flightModes()
{
    // PX4's px4_custom_mode.h (PX4_CUSTOM_MAIN_MODE, PX4_CUSTOM_SUB_MODE_POSCTL and
    // PX4_CUSTOM_SUB_MODE_AUTO), named as QGroundControl names them.
    static const std::vector<FlightMode> kModes = {
        {kMainManual, 0, QT_TRANSLATE_NOOP("hil::Px4Mode", "Manual")},
        {kMainAltitude, 0, QT_TRANSLATE_NOOP("hil::Px4Mode", "Altitude")},
        {kMainPosition, 0, QT_TRANSLATE_NOOP("hil::Px4Mode", "Position")},
        {kMainPosition, 1, QT_TRANSLATE_NOOP("hil::Px4Mode", "Orbit")},
        {kMainPosition, 2, QT_TRANSLATE_NOOP("hil::Px4Mode", "Position slow")},
        {kMainAuto, 1, QT_TRANSLATE_NOOP("hil::Px4Mode", "Ready")},
        {kMainAuto, kSubAutoTakeoff, QT_TRANSLATE_NOOP("hil::Px4Mode", "Takeoff")},
        {kMainAuto, kSubAutoLoiter, QT_TRANSLATE_NOOP("hil::Px4Mode", "Hold")},
        {kMainAuto, 4, QT_TRANSLATE_NOOP("hil::Px4Mode", "Mission")},
        {kMainAuto, kSubAutoRtl, QT_TRANSLATE_NOOP("hil::Px4Mode", "Return")},
        {kMainAuto, kSubAutoLand, QT_TRANSLATE_NOOP("hil::Px4Mode", "Land")},
        {kMainAuto, 8, QT_TRANSLATE_NOOP("hil::Px4Mode", "Follow target")},
        {kMainAuto, 9, QT_TRANSLATE_NOOP("hil::Px4Mode", "Precision land")},
        {kMainAuto, 10, QT_TRANSLATE_NOOP("hil::Px4Mode", "VTOL takeoff")},
        {5, 0, QT_TRANSLATE_NOOP("hil::Px4Mode", "Acro")},
        {6, 0, QT_TRANSLATE_NOOP("hil::Px4Mode", "Offboard")},
        {kMainStabilized, 0, QT_TRANSLATE_NOOP("hil::Px4Mode", "Stabilized")},
        {8, 0, QT_TRANSLATE_NOOP("hil::Px4Mode", "Rattitude")}, // RATTITUDE_LEGACY, PX4 < 1.13
        {10, 0, QT_TRANSLATE_NOOP("hil::Px4Mode", "Termination")},
        {11, 0, QT_TRANSLATE_NOOP("hil::Px4Mode", "Altitude cruise")}, // PX4 1.17
    };
    return kModes;
}

const FlightMode *flightMode(std::uint32_t customMode)
{
    const int main = int((customMode >> 16) & 0xFF), sub = int((customMode >> 24) & 0xFF);
    auto find = [main](int s) -> const FlightMode * {
        for (const FlightMode &m : flightModes())
            if (m.main == main && m.sub == s)
                return &m;
        return nullptr;
    };
    if (main == kMainAuto)
        return find(sub);
    if (main == kMainPosition)
        if (const FlightMode *m = find(sub))
            return m;
    return find(0);
}

QString modeName(std::uint32_t customMode)
{
    if (const FlightMode *m = flightMode(customMode))
        return QLatin1String(m->name);
    const int main = int((customMode >> 16) & 0xFF), sub = int((customMode >> 24) & 0xFF);
    return main == kMainAuto ? QStringLiteral("Auto (%1)").arg(sub)
                             : QStringLiteral("mode %1/%2").arg(main).arg(sub);
}

QString landedStateName(int s)
{
    switch (s) {
    case 1:
        return QStringLiteral("on ground");
    case 2:
        return QStringLiteral("in air");
    case 3:
        return QStringLiteral("taking off");
    case 4:
        return QStringLiteral("landing");
    default:
        return QStringLiteral("unknown");
    }
}

QString mavResultName(int r)
{
    switch (r) {
    case 0:
        return QStringLiteral("accepted");
    case 1:
        return QStringLiteral("temporarily rejected");
    case 2:
        return QStringLiteral("denied");
    case 3:
        return QStringLiteral("unsupported");
    case 4:
        return QStringLiteral("failed");
    case 5:
        return QStringLiteral("in progress");
    case 6:
        return QStringLiteral("cancelled");
    default:
        return QStringLiteral("result %1").arg(r);
    }
}

QString severityName(int s)
{
    static const char *const kNames[] = {"emergency", "alert",  "critical", "error",
                                         "warning",   "notice", "info",     "debug"};
    return s >= 0 && s < 8 ? QLatin1String(kNames[s]) : QStringLiteral("severity %1").arg(s);
}

Severity statusTextSeverity(int s)
{
    // A value outside 0..7 (a broken sender) counts as the mildest rather than an alarm.
    if (s >= 0 && s <= 3)
        return Severity::Error;
    return s == 4 ? Severity::Warning : Severity::Info;
}

QString commandName(int c)
{
    switch (c) {
    case kCmdArm:
        return QStringLiteral("arm/disarm");
    case kCmdTakeoff:
        return QStringLiteral("takeoff");
    case kCmdLand:
        return QStringLiteral("land");
    case kCmdReturn:
        return QStringLiteral("return");
    case kCmdSetMode:
        return QStringLiteral("set mode");
    default:
        return QStringLiteral("command %1").arg(c);
    }
}

bool isManualMainMode(int main)
{
    return main == kMainManual || main == kMainAltitude || main == kMainPosition ||
           main == kMainStabilized || main == 5;
}

QString rcInModeName(int v)
{
    static const char *const kNames[] = {"RC only",
                                         "MAVLink only",
                                         "RC or MAVLink with fallback",
                                         "RC or MAVLink keep first",
                                         "Disable manual control",
                                         "Prio: RC > MAVL 1 > MAVL 2",
                                         "Prio: MAVL 1 > MAVL 2 > RC",
                                         "Prio: RC > MAVL 2 > MAVL 1",
                                         "Prio: MAVL 2 > MAVL 1 > RC"};
    return v >= 0 && v <= 8 ? QLatin1String(kNames[v]) : QStringLiteral("value %1").arg(v);
}

GcsSticks gcsSticksAccepted(int v)
{
    switch (v) {
    case 1:
    case 6:
    case 8:
        return GcsSticks::Yes;
    case 2:
    case 3:
    case 5:
    case 7:
        return GcsSticks::IfNoRc;
    default:
        return GcsSticks::No;
    }
}

QString rcInModeVerdict(int v)
{
    const QString head = QStringLiteral("COM_RC_IN_MODE %1 (%2)").arg(v).arg(rcInModeName(v));
    switch (gcsSticksAccepted(v)) {
    case GcsSticks::Yes:
        return head + QStringLiteral(": PX4 takes the sticks from this ground station");
    case GcsSticks::IfNoRc:
        return head + QStringLiteral(": PX4 takes the sticks only while no RC receiver is chosen "
                                     "first; set 1 (MAVLink only) to be sure");
    case GcsSticks::No:
        break;
    }
    return head + QStringLiteral(": PX4 ignores MANUAL_CONTROL; set COM_RC_IN_MODE to 1 "
                                 "(MAVLink only)");
}

} // namespace hil::px4
