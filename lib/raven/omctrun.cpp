#include "raven/omctrun.h"

#include "model/rotation.h"
#include "raven/loopguard.h"
#include "raven/ridersafety.h"
#include "raven/testcuehost.h"

namespace hil::raven {

namespace omctrun {
constexpr double kSpeedMps = 20.0; ///< the aircraft flies while it is shaken (as the prediction)
}
using namespace omctrun;

OmctRun::OmctRun(TestCueHost &host) : PlatformMeasurementRun(host) {}

void OmctRun::start(const OmctMeasurementSettings &settings, std::int64_t now, bool otherTestCue,
                    bool addressHeld)
{
    if (!active())
        m_omct = settings; // the base's start asks totalS() of these
    PlatformMeasurementRun::start(settings.common, now, otherTestCue, addressHeld);
}

SimFrame OmctRun::aircraftFrame(const OmctMeasurementSettings &s, int axis, double t)
{
    const OmctMeasurementSettings::Motion m = s.motion(axis, t);
    SimFrame f;
    f.physicsTimeS = t;
    VehicleState &v = f.vehicle;
    v.velocity = {kSpeedMps, 0.0, 0.0};
    if (axis < 3) {
        // The specific force's deviation on a platform axis is the kinematic acceleration on
        // the matching NED axis, level and heading north: surge +x, sway (y LEFT) −y, heave
        // (up) −z (cueing.h's table).
        const Vector3 dir = axis == 0   ? Vector3{1, 0, 0}
                            : axis == 1 ? Vector3{0, -1, 0}
                                        : Vector3{0, 0, -1};
        v.acceleration = dir * m.value;
    } else {
        // The platform-frame angle as a ZYX Euler angle of the body (FRD): the table's sign.
        // One angle at a time: the body rate is that angle's rate.
        const double sign = kFrdToPlatform[axis];
        EulerAngles e{};
        Vector3 rate{};
        if (axis == 3) {
            e = {sign * m.value, 0.0, 0.0};
            rate = {sign * m.rate, 0.0, 0.0};
        } else if (axis == 4) {
            e = {0.0, sign * m.value, 0.0};
            rate = {0.0, sign * m.rate, 0.0};
        } else {
            e = {0.0, 0.0, sign * m.value};
            rate = {0.0, 0.0, sign * m.rate};
        }
        v.state.pose.orientation = fromEuler(e);
        v.angular_velocity = rate;
    }
    f.extras.specificForceFrdMps2 =
        rotateInverse(v.state.pose.orientation, v.acceleration - Vector3{0.0, 0.0, kGravityMps2});
    f.extras.rawSpecificForceFrdMps2 = f.extras.specificForceFrdMps2;
    f.extras.rawAccelNedMps2 = v.acceleration;
    f.extras.airspeedMps = kSpeedMps;
    f.extras.groundspeedMps = kSpeedMps;
    f.extras.controllerActive = true;
    return f;
}

void OmctRun::beginDof()
{
    // A cueing of its own per input, from rest, with the link's settings as they are now: the
    // simulator's filters keep their state for when its cues ramp in again.
    m_cueing = MotionCueing(m_host.cueingSettings());
    m_result.cueFrame = m_cueing.settings().frameId;
    m_result.masterGain = m_cueing.settings().masterGain;
    m_lastCue = m_cueing.neutral();
    m_sequence = 0;
}

void OmctRun::excite(double t)
{
    SimFrame f = aircraftFrame(m_omct, m_dof, t);
    f.sequence = ++m_sequence;
    double bad = 0.0, limit = 0.0;
    if (!LoopGuard::impossible(f, m_host.safety().loopGuard().settings(), &bad, &limit))
        m_lastCue = m_cueing.update(f);
    sendLevel(1.0);
}

void OmctRun::sendLevel(double level)
{
    m_k = level;
    m_host.sendCue(m_lastCue, level, CueOrigin::Omct);
}

void OmctRun::announce(Announcement what, const QString &reason, const QString &reasonId)
{
    switch (what) {
    case Announcement::Refused:
        // args: the reason's id (busy, stop, mode, enabling, axis_hold)
        m_host.raiseEvent(QStringLiteral("raven.omct_measurement_refused"), Severity::Warning,
                          QStringLiteral("OMCT measurement refused: %1").arg(reason), {reasonId});
        break;
    case Announcement::Started:
        // args: minutes the whole run takes (C locale, 1 decimal)
        m_host.raiseEvent(QStringLiteral("raven.omct_measurement"), Severity::Info,
                          QStringLiteral("OMCT measurement: six inputs one after the other, "
                                         "about %1 min")
                              .arg(totalS() / 60.0, 0, 'f', 1),
                          {QString::number(totalS() / 60.0, 'f', 1)});
        break;
    case Announcement::Done:
        m_host.raiseEvent(QStringLiteral("raven.omct_measurement_done"), Severity::Info,
                          QStringLiteral("OMCT measurement: all six inputs measured"), {});
        break;
    case Announcement::Stopped:
        // args: the reason's id (stop, park, mode, enabling, thermal, silent, reach), inputs done
        m_host.raiseEvent(QStringLiteral("raven.omct_measurement_stopped"), Severity::Warning,
                          QStringLiteral("OMCT measurement stopped after %1 of 6 inputs: %2")
                              .arg(m_result.dofsDone)
                              .arg(reason),
                          {reasonId, QString::number(m_result.dofsDone)});
        break;
    }
}

} // namespace hil::raven
