// The platform stand-in's actuator temperatures (ActuatorThermal), stepped with simulated time
// at 100 Hz, no clock: hard but realistic cueing keeps them low and NORMAL; the largest cue the
// wire carries, sustained, trips OVERHEAT PROTECTION only after minutes and stays bounded;
// taking the load off cools the actuators and returns NORMAL below the hysteresis.
// Cues are given as the seat's kinematic acceleration (what the stand-in reads from frame 5 with
// g taken out of heave): heave 0 = the seat holds the rider's weight at 1 g. The leg forces are
// checked against the layout the header describes, rebuilt here from joint positions and leg
// directions (not from the closed form).
#include "raven/actuatorthermal.h"

#include <QtTest>
#include <cmath>
#include <functional>

using namespace hil::raven;

namespace {
constexpr double kG = 9.80665;
constexpr double kPi = 3.14159265358979323846;
constexpr double kDt = 0.01; // s: a cue frame every 10 ms, as the link sends them

// The largest cue frame 5 carries (docs/protocols/ravenapi.md, units and limits): ±60,000 mm/s²
// on surge, sway and heave (specific force), ±4,000 deg/s² on roll, pitch and yaw.
const std::array<double, 6> kLargestCue{
    60.0, 60.0, 60.0 - kG, 4000.0 * kPi / 180.0, 4000.0 * kPi / 180.0, 4000.0 * kPi / 180.0};

// ±0.5 g surge and sway at 0.5 Hz (sway a quarter period apart, so the sideways demand never
// pauses), heave at 1 g specific force: hard cueing, every frame of it.
std::array<double, 6> hardCue(double t)
{
    const double w = 2.0 * kPi * 0.5 * t;
    return {0.5 * kG * std::sin(w), 0.5 * kG * std::cos(w), 0.0, 0.0, 0.0, 0.0};
}

/// Steps `seconds` of load(t) from time t0; `each` sees the model after every step.
void run(ActuatorThermal &m, double t0, double seconds,
         const std::function<std::array<double, 6>(double)> &load, bool carried,
         const std::function<void(double)> &each = {})
{
    const auto steps = std::lround(seconds / kDt);
    for (long k = 0; k < steps; ++k) {
        const double t = t0 + double(k) * kDt;
        m.step(kDt, load(t), carried);
        if (each)
            each(t + kDt);
    }
}
} // namespace

class TestActuatorThermal : public QObject
{
    Q_OBJECT
private slots:
    void legForcesCarryTheDemandedForceAndTorque();
    void hardCueingForAMinuteStaysCoolAndNormal();
    void largestCueSustainedTripsAfterMinutesAndStaysBounded();
    void loadRemovedCoolsAndReturnsNormalBelowTheHysteresis();
};

void TestActuatorThermal::legForcesCarryTheDemandedForceAndTorque()
{
    const ActuatorThermal::Params p;
    const double beta = p.legElevationDeg * kPi / 180.0;
    const double inertia = p.payloadKg * p.gyrationRadiusM * p.gyrationRadiusM;
    const std::array<std::array<double, 6>, 4> cues{{{0, 0, 0, 0, 0, 0},
                                                     {3.0, -2.0, 1.5, 0.4, -0.7, 0.9},
                                                     kLargestCue,
                                                     {-4.0, 0.5, -9.0, -2.0, 3.0, -1.0}}};
    for (const auto &a : cues) {
        const auto f = ActuatorThermal::actuatorForcesN(p, a);
        std::array<double, 6> wrench{}; // Fx, Fy, Fz, τx, τy, τz the six legs put on the seat
        for (std::size_t i = 0; i < 6; ++i) {
            const double psi = double(i) * kPi / 3.0, lean = (i % 2) ? -1.0 : 1.0;
            const double joint[3] = {p.jointRadiusM * std::cos(psi), p.jointRadiusM * std::sin(psi),
                                     0.0};
            const double dir[3] = {-lean * std::cos(beta) * std::sin(psi),
                                   lean * std::cos(beta) * std::cos(psi), std::sin(beta)};
            const double force[3] = {f[i] * dir[0], f[i] * dir[1], f[i] * dir[2]};
            for (int k = 0; k < 3; ++k)
                wrench[std::size_t(k)] += force[k];
            wrench[3] += joint[1] * force[2] - joint[2] * force[1];
            wrench[4] += joint[2] * force[0] - joint[0] * force[2];
            wrench[5] += joint[0] * force[1] - joint[1] * force[0];
        }
        const std::array<double, 6> want{
            p.payloadKg * a[0], p.payloadKg * a[1], p.payloadKg * (a[2] + p.gravityMps2),
            inertia * a[3],     inertia * a[4],     inertia * a[5]};
        for (std::size_t k = 0; k < 6; ++k)
            QVERIFY2(
                std::abs(wrench[k] - want[k]) < 1e-6 * (1.0 + std::abs(want[k])),
                qPrintable(QString("component %1: %2 vs %3").arg(k).arg(wrench[k]).arg(want[k])));
    }
    // At rest each leg carries a sixth of the weight along its slant: 150·9.81/(6·sin 60°) N.
    for (double f : ActuatorThermal::actuatorForcesN(p, {}))
        QVERIFY(std::abs(f - 150.0 * kG / (6.0 * std::sin(beta))) < 1e-9);
}

void TestActuatorThermal::hardCueingForAMinuteStaysCoolAndNormal()
{
    ActuatorThermal m;
    double hottest = 0.0;
    bool tripped = false;
    run(m, 0.0, 60.0, hardCue, true, [&](double) {
        hottest = std::max(hottest, m.hottestC());
        tripped = tripped || m.thermal() != 0;
    });
    qInfo("60 s of ±0.5 g at 0.5 Hz: hottest actuator %.1f °C", hottest);
    QVERIFY2(hottest <= 40.0, qPrintable(QString::number(hottest)));
    QVERIFY(!tripped);
    // Held for half an hour more it settles (45 °C by the doc's figures), still NORMAL.
    run(m, 60.0, 30.0 * 60.0, hardCue, true, [&](double) {
        hottest = std::max(hottest, m.hottestC());
        tripped = tripped || m.thermal() != 0;
    });
    qInfo("and 30 min more: hottest %.1f °C", hottest);
    QVERIFY2(hottest <= 50.0, qPrintable(QString::number(hottest)));
    QVERIFY(!tripped);
}

void TestActuatorThermal::largestCueSustainedTripsAfterMinutesAndStaysBounded()
{
    ActuatorThermal m;
    double tripS = -1.0, hottest = 0.0;
    run(
        m, 0.0, 20.0 * 60.0, [](double) { return kLargestCue; }, true,
        [&](double t) {
            hottest = std::max(hottest, m.hottestC());
            if (tripS < 0.0 && m.thermal() != 0)
                tripS = t;
        });
    qInfo("largest cue: OVERHEAT PROTECTION after %.0f s; hottest in 20 min %.1f °C", tripS,
          hottest);
    QVERIFY2(tripS >= 120.0 && tripS <= 600.0, qPrintable(QString::number(tripS)));
    QVERIFY2(hottest < 150.0, qPrintable(QString::number(hottest)));
    QCOMPARE(m.thermal(), 1); // still on: the load never eased

    // Bounded by construction, whatever the words: the stand-in reads any int32 (frame 85 too),
    // and a drive never delivers more than its force limit. An hour of each settles at or below
    // the model's maximum steady state (125 °C by the doc's figures).
    const double ceiling = m.steadyStateC(m.params().forceLimitN);
    QVERIFY(ceiling < 150.0);
    const std::array<double, 6> absurd{2.1e6, -2.1e6, 2.1e6, -3.7e4, 3.7e4, -3.7e4};
    for (const auto &cue : {kLargestCue, absurd}) {
        ActuatorThermal h;
        double top = 0.0;
        run(
            h, 0.0, 3600.0, [&](double) { return cue; }, true,
            [&](double) { top = std::max(top, h.hottestC()); });
        QVERIFY2(top <= ceiling + 1e-9, qPrintable(QString::number(top)));
        QVERIFY(h.forceLimited());
        QVERIFY(h.hottestC() > ceiling - 0.1);
    }
}

void TestActuatorThermal::loadRemovedCoolsAndReturnsNormalBelowTheHysteresis()
{
    ActuatorThermal m;
    double t = 0.0;
    while (m.thermal() == 0 && t < 3600.0) {
        m.step(kDt, kLargestCue, true);
        t += kDt;
    }
    QCOMPARE(m.thermal(), 1);
    run(
        m, t, 60.0, [](double) { return kLargestCue; }, true); // a minute into protection
    const double peak = m.hottestC();

    // The cue goes neutral (the seat still holds the rider): every step cools, and NORMAL comes
    // back only once the hottest actuator is 5 °C under the threshold (70 °C).
    double normalS = -1.0, atNormalC = 0.0, last = peak;
    bool monotonic = true;
    run(
        m, 0.0, 30.0 * 60.0, [](double) { return std::array<double, 6>{}; }, true,
        [&](double s) {
            monotonic = monotonic && m.hottestC() <= last + 1e-9;
            last = m.hottestC();
            if (normalS < 0.0 && m.thermal() == 0) {
                normalS = s;
                atNormalC = m.hottestC();
            }
        });
    qInfo("from %.1f °C, load off: NORMAL after %.0f s at %.1f °C; %.1f °C after 30 min", peak,
          normalS, atNormalC, m.hottestC());
    QVERIFY(monotonic);
    QVERIFY2(normalS > 0.0, "never NORMAL again");
    QVERIFY2(atNormalC < 65.0 && atNormalC > 64.0, qPrintable(QString::number(atNormalC)));
    QVERIFY(m.hottestC() < 40.0);
}

QTEST_GUILESS_MAIN(TestActuatorThermal)
#include "tst_actuator_thermal.moc"
