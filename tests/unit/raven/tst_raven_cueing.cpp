// Motion cueing math: at rest, a coordinated turn, inverted axes, clamps, filters and pacing.
#include "model/rotation.h"
#include "raven/cueing.h"
#include "raven/ravencodec.h"

#include <QtTest>
#include <cmath>

using namespace hil;
using namespace hil::raven;

namespace {
SimFrame restFrame(double t = 1.0, std::uint32_t seq = 1)
{
    SimFrame f;
    f.physicsTimeS = t;
    f.sequence = seq;
    return f;
}

/// Decodes the words of an encoded app frame (the emulator's decoder does the same).
Frame decodeOne(const QByteArray &b)
{
    StreamDecoder d(Direction::ToPlatform);
    Frame out;
    int n = 0;
    d.feed(b, [&](const Frame &f) {
        out = f;
        ++n;
    });
    if (n != 1)
        qFatal("expected exactly one frame");
    return out;
}

/// The chain at unit gain: the conventions are checked on the words as the simulator's values
/// give them, not at the first ride's master gain.
CueingSettings unitGain()
{
    CueingSettings s;
    s.masterGain = 1.0;
    return s;
}

Frame cueFrame(int frameId, const SimFrame &f, CueingSettings s = unitGain(),
               std::uint64_t *clamps = nullptr)
{
    s.frameId = frameId;
    MotionCueing c(s);
    return decodeOne(c.encode(c.update(f), 1.0, clamps));
}

/// A level coordinated turn to the right at bank phi: centripetal g·tanφ towards the right.
SimFrame turnFrame(double phi)
{
    SimFrame f = restFrame();
    const double yaw = 0.7;
    f.vehicle.state.pose.orientation = fromEuler({phi, 0.0, yaw});
    const double a = kGravityMps2 * std::tan(phi);
    f.vehicle.acceleration = {-a * std::sin(yaw), a * std::cos(yaw), 0.0};
    return f;
}
} // namespace

class TestRavenCueing : public QObject
{
    Q_OBJECT
private slots:
    void atRestFrame5HasGravityUp();
    void atRestFrame21IsZero();
    void atRestFrame85CarriesGravity();
    void forwardAccelerationIsPositiveSurge();
    void coordinatedTurn();
    void pitchedUpAtRest();
    void invertedAxes();
    void clampsAreCounted();
    void angularAccelFromRates();
    void safetyGainScalesAroundNeutral();
    void rateLimitAndLowPass();
    void pacingOneFramePerStateWithCap();
};

void TestRavenCueing::atRestFrame5HasGravityUp()
{
    const Frame fr = cueFrame(5, restFrame());
    QCOMPARE(int(fr.id), 5);
    QVERIFY(qAbs(fr.payload[2] - 9800) <= 50);
    for (int i : {0, 1, 3, 4, 5})
        QCOMPARE(fr.payload[std::size_t(i)], 0);
}

void TestRavenCueing::atRestFrame21IsZero()
{
    const Frame fr = cueFrame(21, restFrame());
    QCOMPARE(int(fr.id), 21);
    QCOMPARE(fr.words, 8);
    for (int i = 0; i < 8; ++i)
        QCOMPARE(fr.payload[std::size_t(i)], 0);
}

void TestRavenCueing::atRestFrame85CarriesGravity()
{
    const Frame fr = cueFrame(85, restFrame());
    QCOMPARE(fr.words, 9);
    QCOMPARE(fr.payload[2], 0);
    QVERIFY(qAbs(fr.payload[8] - 9800) <= 10);
}

void TestRavenCueing::forwardAccelerationIsPositiveSurge()
{
    SimFrame f = restFrame();
    f.vehicle.state.pose.orientation = fromEuler({0.0, 0.0, kPi / 2}); // heading east
    f.vehicle.acceleration = {0.0, 3.0, 0.0};                          // accelerating east
    const Frame f5 = cueFrame(5, f);
    QVERIFY(qAbs(f5.payload[0] - 3000) <= 1);
    QVERIFY(qAbs(f5.payload[1]) <= 1);
    const Frame f21 = cueFrame(21, f);
    QVERIFY(qAbs(f21.payload[0] - 3000) <= 1);
    // Climbing (accelerating upwards, NED z negative) is positive heave.
    f.vehicle.acceleration = {0.0, 0.0, -2.0};
    QVERIFY(qAbs(cueFrame(21, f).payload[2] - 2000) <= 1);
}

void TestRavenCueing::coordinatedTurn()
{
    const double phi = degToRad(30.0);
    const SimFrame f = turnFrame(phi);
    // Frame 5: the rider is pressed into the seat, not sideways.
    const Frame f5 = cueFrame(5, f);
    QVERIFY2(qAbs(f5.payload[1]) <= 5, qPrintable(QString::number(f5.payload[1])));
    QVERIFY(qAbs(f5.payload[2] - std::lround(9806.65 / std::cos(phi))) <= 5);
    QVERIFY(qAbs(f5.payload[0]) <= 5);
    // Frame 21, platform frame y LEFT: kinematic sway −g·sin φ (towards the right), heave
    // +g·sin²φ/cos φ, roll angle +30°; the platform's gravity projection cancels the sway — see
    // the worked example in cueing.h. The acceptance numbers, written out:
    const Frame f21 = cueFrame(21, f);
    QVERIFY2(qAbs(f21.payload[1] - (-4903)) <= 5, qPrintable(QString::number(f21.payload[1])));
    QVERIFY2(qAbs(f21.payload[2] - 2831) <= 5, qPrintable(QString::number(f21.payload[2])));
    QVERIFY(qAbs(f5.payload[2] - 11324) <= 5);
    QVERIFY(qAbs(f21.payload[1] + std::lround(9806.65 * std::sin(phi))) <= 5);
    QVERIFY(qAbs(f21.payload[6] - 30000) <= 2);
    QVERIFY(qAbs(f21.payload[7]) <= 2);
    QCOMPARE(std::abs(f21.payload[1]),
             std::abs(std::int32_t(std::lround(9806.65 * std::sin(phi)))));
}

void TestRavenCueing::pitchedUpAtRest()
{
    SimFrame f = restFrame();
    f.vehicle.state.pose.orientation = fromEuler({0.0, degToRad(10.0), 0.0});
    const Frame f5 = cueFrame(5, f);
    // Nose up at rest: the seat back pushes the rider forward along the nose, so the
    // accelerometer reads +g·sin θ (the tilt that Mantis uses to fake forward acceleration).
    QVERIFY(qAbs(f5.payload[0] - std::lround(9806.65 * std::sin(degToRad(10.0)))) <= 3);
    // Pitch angle positive = nose DOWN in the platform's right-handed frame (y left).
    QVERIFY(qAbs(cueFrame(21, f).payload[7] + 10000) <= 2);
}

void TestRavenCueing::invertedAxes()
{
    SimFrame f = turnFrame(degToRad(20.0));
    f.vehicle.acceleration += Vector3{0.0, 0.0, -1.0};
    CueingSettings s = unitGain();
    const Frame plain = cueFrame(21, f, s);
    s.axes[AxSway].invert = true;
    s.axes[AxRollAngle].invert = true;
    s.axes[AxHeave].invert = true;
    const Frame inv = cueFrame(21, f, s);
    QCOMPARE(inv.payload[1], -plain.payload[1]);
    QCOMPARE(inv.payload[6], -plain.payload[6]);
    QCOMPARE(inv.payload[2], -plain.payload[2]);
    QCOMPARE(inv.payload[0], plain.payload[0]);
    // Frame 5 heave inverted: neutral becomes -g (a platform with heave positive down).
    CueingSettings s5 = unitGain();
    s5.axes[AxHeave].invert = true;
    QVERIFY(qAbs(cueFrame(5, restFrame(), s5).payload[2] + 9807) <= 1);
}

void TestRavenCueing::clampsAreCounted()
{
    SimFrame f = restFrame();
    f.vehicle.acceleration = {100.0, 0.0, 0.0}; // 10 g forward
    std::uint64_t clamps = 0;
    // The cueing chain clamps to the platform limit itself ...
    QCOMPARE(cueFrame(21, f, unitGain(), &clamps).payload[0], 60000);
    // ... and a configured tighter limit wins.
    CueingSettings s = unitGain();
    s.axes[AxSurge].limit = 5.0;
    QCOMPARE(cueFrame(21, f, s).payload[0], 5000);
    // A gain pushing beyond the protocol limit is cut and counted at encoding.
    MotionCueing c(unitGain());
    Cue cue = c.neutral();
    cue.v[AxSway] = 80.0;
    cue.v[AxYaw] = 1000.0;
    const Frame fr = decodeOne(c.encode(cue, 1.0, &clamps));
    QCOMPARE(fr.payload[1], 60000);
    QCOMPARE(fr.payload[5], 4000);
    QCOMPARE(clamps, std::uint64_t(2));
}

void TestRavenCueing::angularAccelFromRates()
{
    CueingSettings s = unitGain();
    s.angularAccelTauS = 0.0;
    MotionCueing c(s);
    SimFrame f = restFrame(10.0, 1);
    c.update(f);
    f.physicsTimeS = 10.01;
    f.sequence = 2;
    f.vehicle.angular_velocity = {0.0, 0.0, 0.01}; // yaw rate rising by 1 rad/s² (nose right)
    const Frame fr = decodeOne(c.encode(c.update(f), 1.0, nullptr));
    QCOMPARE(fr.payload[5], -57); // platform yaw is positive nose LEFT (z up)
    // With the default low-pass the step is smoothed, not passed whole.
    MotionCueing lp;
    f.physicsTimeS = 10.0;
    f.vehicle.angular_velocity = {};
    lp.update(f);
    f.physicsTimeS = 10.01;
    f.vehicle.angular_velocity = {0.01, 0.0, 0.0};
    const Frame fl = decodeOne(lp.encode(lp.update(f), 1.0, nullptr));
    QVERIFY(fl.payload[3] > 0 && fl.payload[3] < 57);
}

void TestRavenCueing::safetyGainScalesAroundNeutral()
{
    CueingSettings s = unitGain();
    s.frameId = 5;
    MotionCueing c(s);
    SimFrame f = turnFrame(degToRad(45.0));
    const Cue cue = c.update(f);
    const Frame zero = decodeOne(c.encode(cue, 0.0, nullptr));
    QVERIFY(qAbs(zero.payload[2] - 9807) <= 1); // zero cues = neutral seat, never free fall
    const Frame half = decodeOne(c.encode(cue, 0.5, nullptr));
    const Frame full = decodeOne(c.encode(cue, 1.0, nullptr));
    QVERIFY(qAbs(half.payload[2] - (full.payload[2] + 9807) / 2) <= 2);
}

void TestRavenCueing::rateLimitAndLowPass()
{
    CueingSettings s = unitGain();
    s.axes[AxSurge].rateLimit = 10.0; // m/s³
    MotionCueing c(s);
    SimFrame f = restFrame(0.0, 1);
    c.update(f);
    f.physicsTimeS = 0.1;
    f.sequence = 2;
    f.vehicle.acceleration = {5.0, 0.0, 0.0};
    QVERIFY(qAbs(c.update(f).v[AxSurge] - 1.0) < 1e-9); // 10 m/s³ × 0.1 s
    CueingSettings l = unitGain();
    l.axes[AxSway].lowPassTauS = 0.1;
    MotionCueing d(l);
    f.physicsTimeS = 0.0;
    f.vehicle.acceleration = {};
    d.update(f);
    f.physicsTimeS = 0.1;
    f.vehicle.acceleration = {0.0, 4.0, 0.0};
    QVERIFY(qAbs(d.update(f).v[AxSway] + 2.0) < 1e-9); // dt/(tau+dt) = 0.5; FRD right = platform −y
}

void TestRavenCueing::pacingOneFramePerStateWithCap()
{
    CueingSettings s = unitGain();
    s.maxRateHz = 100.0; // 10 ms
    MotionCueing c(s);
    SimFrame f = restFrame(1.0, 1);
    QVERIFY(c.admit(f, 0));
    QVERIFY(!c.admit(f, 50'000'000)); // same state again
    f.sequence = 2;
    f.physicsTimeS = 1.001;
    QVERIFY(c.admit(f, 55'000'000));
    f.sequence = 3;
    QVERIFY(!c.admit(f, 60'000'000)); // new, but only 5 ms after the last
    QVERIFY(c.admit(f, 65'000'000));
    f.sequence = 4;
    QVERIFY(!c.admit(f, 74'000'000));
    QVERIFY(c.admit(f, 75'000'000));
}

QTEST_GUILESS_MAIN(TestRavenCueing)
#include "tst_raven_cueing.moc"
