// Closed loop: the PX4 stand-in flies a simulated quad through the HilLink and holds 10 m.
// The flight model is a test-only rigid-body integrator on the agreed quad-X convention (the
// FlightAxis emulator's model lives in another module). It steps the HilLink with SimFrames
// as fast as the loopback round trip allows: 20 s of simulated flight take well under that.
#include "mavlink/hillink.h"
#include "mavlink/px4emulator.h"
#include "mavlink/quadcontroller.h"
#include "model/geodesy.h"
#include "model/rotation.h"

#include <QtTest>

using namespace hil;
using namespace hil::mavlink;

namespace {
/// Rigid-body quad on the convention: motor i thrust = 8 N × throttle along body −z, torques
/// from QuadHoverController::forces (the same model), a little linear drag, flat ground at z=0.
class TinyQuad
{
public:
    explicit TinyQuad(const GeoPoint &home) : m_frame(home) {}

    void step(const std::array<double, 4> &throttle, double dt)
    {
        std::array<double, 4> thrust;
        for (int i = 0; i < 4; ++i)
            thrust[i] = std::clamp(throttle[i], 0.0, 1.0) * m_p.maxThrustN;
        double total;
        Vector3 tau;
        QuadHoverController::forces(m_p, thrust, &total, &tau);
        if (pos.z < -0.5)
            tau += disturbanceNm; // an off-centre payload, once airborne
        const Vector3 specificForce{-0.3 * rotateInverse(q, vel).x, -0.3 * rotateInverse(q, vel).y,
                                    -total / m_p.massKg};
        Vector3 acc = rotate(q, specificForce) + Vector3{0, 0, kGravityMps2};
        const Vector3 I = m_p.inertiaKgm2;
        const Vector3 Iw{I.x * w.x, I.y * w.y, I.z * w.z};
        const Vector3 wdot = (tau - w.cross(Iw));
        w += Vector3{wdot.x / I.x, wdot.y / I.y, wdot.z / I.z} * dt;
        const double ang = w.norm() * dt;
        if (ang > 0)
            q = normalized(multiply(q, fromAxisAngle(w / w.norm(), ang)));
        vel += acc * dt;
        pos += vel * dt;
        if (pos.z >= 0.0) { // on the ground: it holds the vehicle up and level
            pos.z = 0.0;
            if (vel.z > 0)
                vel = {};
            acc = {};
            w = {};
            const EulerAngles e = toEuler(q);
            q = fromEuler({0, 0, e.yaw});
        }
        time += dt;
        lastSpecificForce = rotateInverse(q, acc - Vector3{0, 0, kGravityMps2});
    }

    SimFrame frame() const
    {
        SimFrame f;
        f.physicsTimeS = time;
        f.vehicle.state.pose.position = pos;
        f.vehicle.state.pose.orientation = q;
        f.vehicle.velocity = vel;
        f.vehicle.angular_velocity = w;
        const GeoPoint g = m_frame.toGeodetic(pos);
        f.latitudeDeg = g.latitudeDeg;
        f.longitudeDeg = g.longitudeDeg;
        f.altitudeM = g.altitudeM;
        f.extras.specificForceFrdMps2 = lastSpecificForce;
        f.extras.airspeedMps = vel.norm();
        return f;
    }

    QuadParams m_p;
    Vector3 disturbanceNm{0.02, -0.01, 0.005};
    LocalFrame m_frame;
    Vector3 pos, vel, w;
    Quaternion q;
    Vector3 lastSpecificForce{0, 0, -kGravityMps2};
    double time = 1000.0; // a simulator that has been running a while
};
} // namespace

class TestPx4ClosedLoop : public QObject
{
    Q_OBJECT
private slots:
    void mixerInvertsTheForceModel();
    void standInHoldsTenMetres();
};

void TestPx4ClosedLoop::mixerInvertsTheForceModel()
{
    const QuadParams p;
    const Vector3 tau{0.3, -0.2, 0.05};
    const auto T = QuadHoverController::mix(p, 14.7, tau);
    double total;
    Vector3 back;
    QuadHoverController::forces(p, T, &total, &back);
    QVERIFY(std::abs(total - 14.7) < 1e-9);
    QVERIFY((back - tau).norm() < 1e-9);
    // the convention, motor by motor: front-right alone rolls left, pitches up, yaws right (CCW)
    QuadHoverController::forces(p, {1, 0, 0, 0}, &total, &back);
    QVERIFY(back.x < 0 && back.y > 0 && back.z > 0);
    QuadHoverController::forces(p, {0, 0, 1, 0}, &total, &back); // front-left, CW
    QVERIFY(back.x > 0 && back.y > 0 && back.z < 0);
    // hover ≈ 0.46 throttle
    const auto hover = QuadHoverController::mix(p, p.massKg * kGravityMps2, {});
    QVERIFY(std::abs(hover[0] / p.maxThrustN - 0.46) < 0.01);
}

void TestPx4ClosedLoop::standInHoldsTenMetres()
{
    HilLinkConfig cfg;
    cfg.port = 0;
    cfg.realTime = false;
    HilLink link(cfg);
    QVERIFY(link.start());
    Px4EmulatorConfig ec;
    ec.port = quint16(link.endpoints()["listen_port"].toInt());
    Px4Emulator emu(ec);

    TinyQuad quad(cfg.home);
    const double dt = cfg.stepIntervalUs * 1e-6;
    std::array<double, 4> throttle{};
    double minAlt = 1e9, maxAlt = -1e9, maxTilt = 0;
    int steps = 0;
    bool done = false;
    bool kicked = false;
    // Each actuator message steps the physics once and hands the next frame to the link.
    connect(&link, &HilLink::channelsReady, this, [&](const ChannelFrame &ch) {
        if (done || ch.selectedMask == 0)
            return;
        for (int i = 0; i < 4; ++i)
            throttle[i] = ch.values[i];
        quad.step(throttle, dt);
        ++steps;
        const double flown = quad.time - 1000.0;
        if (!kicked && flown >= 12.0) { // a gust: 1 rad/s of roll rate at once
            kicked = true;
            quad.w.x += 1.0;
        }
        if (flown >= 10.0 && flown <= 20.0) { // from 10 s on the hover must hold for 10 s
            minAlt = std::min(minAlt, -quad.pos.z);
            maxAlt = std::max(maxAlt, -quad.pos.z);
            maxTilt = std::max(maxTilt, std::acos(std::clamp(rotate(quad.q, {0, 0, 1}).z, -1.0, 1.0)));
        }
        if (flown > 20.0) {
            done = true;
            return;
        }
        link.onSimFrame(quad.frame());
    });
    link.onSimFrame(quad.frame());
    QVERIFY(emu.start());
    // Freewheel steps from the first frames come from the internal clock until actuators flow.
    QTRY_VERIFY_WITH_TIMEOUT(done, 25000);
    qInfo("flew %d steps; altitude %.2f..%.2f m over 10 s; max tilt %.3f rad", steps, minAlt,
          maxAlt, maxTilt);
    QVERIFY(minAlt >= 9.0);
    QVERIFY(maxAlt <= 11.0);
    QVERIFY(maxTilt > 0.01); // the gust did tilt it...
    QVERIFY(maxTilt < 0.5); // ...and it recovered without flipping
    QCOMPARE(link.counters()["crc_errors"].toInteger(), 0);
    emu.stop();
    link.stop();
}

QTEST_GUILESS_MAIN(TestPx4ClosedLoop)
#include "tst_px4closedloop.moc"
