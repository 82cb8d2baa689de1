// Closed loop: the PX4 stand-in flies a simulated quad through the HilLink and holds 10 m.
// The flight model is a test-only rigid-body integrator written here from the physics of a
// quadrotor (rotor positions of the iris airframe, thrust along −z, drag torque against the
// spin), sharing nothing with the controller's mixer, which is written from PX4's control
// allocation parameters: a sign or order error on either side shows up as a crash here.
// It steps the HilLink with SimFrames as fast as the loopback round trip allows.
#include "mavlink/hillink.h"
#include "mavlink/px4emulator.h"
#include "mavlink/quadcontroller.h"
#include "model/geodesy.h"
#include "model/rotation.h"

#include <QtTest>

using namespace hil;
using namespace hil::mavlink;

namespace {
/// Rigid-body quad X: motor i (PX4 output i) at kPos[i] in the body (x forward, y right, z down),
/// 7.5 N at throttle 1 along −z; rotors 0 and 1 turn counter-clockwise seen from above, so
/// their drag turns the body clockwise (+z); 0.06 N·m per N.
class TinyQuad
{
public:
    static constexpr double kMass = 1.5, kMaxThrust = 7.5, kDrag = 0.06;
    explicit TinyQuad(const GeoPoint &home) : m_frame(home) {}

    void step(const std::array<double, 4> &throttle, double dt)
    {
        static const Vector3 kPos[4] = {
            {0.13, 0.22, 0}, {-0.13, -0.20, 0}, {0.13, -0.22, 0}, {-0.13, 0.20, 0}};
        static const double kSpinCcw[4] = {1, 1, -1, -1};
        Vector3 force, tau;
        for (int i = 0; i < 4; ++i) {
            const Vector3 f{0, 0, -std::clamp(throttle[i], 0.0, 1.0) * kMaxThrust};
            force += f;
            tau += kPos[i].cross(f);
            tau.z += kSpinCcw[i] * kDrag * -f.z;
        }
        if (pos.z < -0.5)
            tau += disturbanceNm; // an off-centre payload, once airborne
        const Vector3 vb = rotateInverse(q, vel);
        const Vector3 specificForce = force / kMass + Vector3{-0.3 * vb.x, -0.3 * vb.y, 0};
        Vector3 acc = rotate(q, specificForce) + Vector3{0, 0, kGravityMps2};
        const Vector3 I{0.03, 0.03, 0.05};
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
    // PX4's airframe 10015 as its documentation describes it, motor by motor: motor 1 (output 0)
    // front-right CCW, 2 rear-left CCW, 3 front-left CW, 4 rear-right CW.
    const QuadParams p;
    const double weight = p.massKg * kGravityMps2;
    const auto hover = QuadHoverController::mix(p, weight, {});
    for (double t : hover) // hover at PX4's MPC_THR_HOVER, shared nearly evenly
        QVERIFY(std::abs(t / p.maxThrustN() - 0.5) < 0.05);
    const auto base = hover;
    auto delta = [&](const Vector3 &tau) {
        const auto t = QuadHoverController::mix(p, weight, tau);
        return std::array<double, 4>{t[0] - base[0], t[1] - base[1], t[2] - base[2],
                                     t[3] - base[3]};
    };
    // roll right (+x): the left motors (2 rear-left, 3 front-left) push harder
    auto d = delta({0.2, 0, 0});
    QVERIFY(d[1] > 0 && d[2] > 0 && d[0] < 0 && d[3] < 0);
    // pitch up (+y): the front motors (1, 3)
    d = delta({0, 0.2, 0});
    QVERIFY(d[0] > 0 && d[2] > 0 && d[1] < 0 && d[3] < 0);
    // yaw right (+z, clockwise from above): the counter-clockwise rotors (1, 2)
    d = delta({0, 0, 0.05});
    QVERIFY(d[0] > 0 && d[1] > 0 && d[2] < 0 && d[3] < 0);
    // the thrusts add up to the demand, and their moments about the rotor positions PX4
    // uses give the torque asked for
    const Vector3 tau{0.3, -0.2, 0.05};
    const auto T = QuadHoverController::mix(p, weight, tau);
    QVERIFY(std::abs(T[0] + T[1] + T[2] + T[3] - weight) < 1e-9);
    double roll = 0, pitch = 0, yaw = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        roll += -p.rotorY[i] * T[i];
        pitch += p.rotorX[i] * T[i];
        yaw += p.rotorKm[i] * T[i];
    }
    QVERIFY(std::abs(roll - tau.x) < 1e-9 && std::abs(pitch - tau.y) < 1e-9 &&
            std::abs(yaw - tau.z) < 1e-9);
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
            maxTilt =
                std::max(maxTilt, std::acos(std::clamp(rotate(quad.q, {0, 0, 1}).z, -1.0, 1.0)));
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
    QVERIFY(maxTilt < 0.5);  // ...and it recovered without flipping
    QCOMPARE(link.counters()["crc_errors"].toInteger(), 0);
    emu.stop();
    link.stop();
}

QTEST_GUILESS_MAIN(TestPx4ClosedLoop)
#include "tst_px4closedloop.moc"
