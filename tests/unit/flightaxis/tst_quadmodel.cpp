// The emulator's quadcopter: PX4's quad-X motor order and spin, iris-like size and hover.
#include "flightaxis/quadmodel.h"
#include "model/rotation.h"

#include <QtTest>

using namespace hil;

class TestQuadModel : public QObject
{
    Q_OBJECT
private slots:
    void restsOnGroundAtZeroThrottle();
    void climbsAtEightyPercent();
    void hoverThrottleBalancesWeight();
    void motorLayoutAndSpin();
    void hoverNearPx4Default();
    void motorsLag();
    void batterySagsWithCurrent();
};

void TestQuadModel::restsOnGroundAtZeroThrottle()
{
    QuadModel m;
    m.step(2.0, {0, 0, 0, 0});
    QCOMPARE(m.state().positionNedM.z, 0.0);
    QVERIFY(m.state().onGround);
    QVERIFY(std::abs(m.state().specificForceFrdMps2.z + kGravityMps2) <
            1e-6); // the ground holds it
    QCOMPARE(m.state().accelNedMps2.z, 0.0);
}

void TestQuadModel::climbsAtEightyPercent()
{
    QuadModel m;
    m.step(1.0, {0.8, 0.8, 0.8, 0.8});
    // 4 × 5.9 N on 1.5 kg: ≈ 6 m/s² up; after 1 s well above a metre, still level
    QVERIFY2(m.state().positionNedM.z < -2.0,
             qPrintable(QString::number(m.state().positionNedM.z)));
    QVERIFY(m.state().velocityNedMps.z < -3.0);
    QVERIFY(!m.state().onGround);
    // thrust minus the drag of the climb, per kg: between g (terminal speed) and 25.6 N / 1.5 kg
    const double f = m.state().specificForceFrdMps2.z;
    const double full = 4 * 0.8 * QuadModel::kMaxThrustN / QuadModel::kMassKg;
    QVERIFY2(f < -kGravityMps2 && f > -full - 1e-6, qPrintable(QString::number(f)));
    QVERIFY(std::abs(toEuler(m.state().attitude).roll) < 1e-9);
    // throttles off: it falls back and stays on the ground
    m.step(5.0, {0, 0, 0, 0});
    QCOMPARE(m.state().positionNedM.z, 0.0);
}

void TestQuadModel::hoverThrottleBalancesWeight()
{
    const double hover = QuadModel::kMassKg * kGravityMps2 / (4 * QuadModel::kMaxThrustN);
    QuadModel m;
    m.step(0.5, {0.8, 0.8, 0.8, 0.8});
    const double v0 = m.state().velocityNedMps.z;
    m.step(0.2, {hover, hover, hover, hover});
    // only drag acts: climb speed decays, no acceleration beyond drag's
    QVERIFY(m.state().velocityNedMps.z > v0);
    QVERIFY(m.state().velocityNedMps.z < 0);
}

void TestQuadModel::motorLayoutAndSpin()
{
    auto airborne = [] {
        QuadModel m;
        m.step(0.5, {0.8, 0.8, 0.8, 0.8});
        return m;
    };
    // 0 front-right, 1 rear-left, 2 front-left, 3 rear-right
    QuadModel roll = airborne();
    roll.step(0.05, {0.9, 0.7, 0.7, 0.9}); // right side pushes harder: rolls left
    QVERIFY(roll.state().ratesFrdRps.x < -0.1);
    QuadModel pitch = airborne();
    pitch.step(0.05, {0.9, 0.7, 0.9, 0.7}); // front pushes harder: nose up
    QVERIFY(pitch.state().ratesFrdRps.y > 0.1);
    QuadModel yaw = airborne();
    yaw.step(0.05, {0.9, 0.9, 0.7, 0.7}); // CCW rotors harder: body turns clockwise from above
    QVERIFY(yaw.state().ratesFrdRps.z > 0.05);
    // the iris' front arms are wider than its rear ones (0.22 vs 0.20 m): a little roll couples in
    QVERIFY(std::abs(yaw.state().ratesFrdRps.x) < 0.5 * yaw.state().ratesFrdRps.z);
}

void TestQuadModel::hoverNearPx4Default()
{
    // PX4's MPC_THR_HOVER defaults to 0.5: the stand-in's hover throttle must sit close to it
    const double hover = QuadModel::kMassKg * kGravityMps2 / (4 * QuadModel::kMaxThrustN);
    QVERIFY2(std::abs(hover - 0.5) < 0.02, qPrintable(QString::number(hover)));
}

void TestQuadModel::motorsLag()
{
    // first-order lag: 12.5 ms up, 25 ms down, so a step reaches ~63 % after one time constant
    QuadModel m;
    m.step(QuadModel::kMotorTauUpS, {1, 1, 1, 1});
    const double up = m.state().motorThrustN[0] / QuadModel::kMaxThrustN;
    QVERIFY2(up > 0.55 && up < 0.7, qPrintable(QString::number(up)));
    m.step(1.0, {1, 1, 1, 1});
    m.step(QuadModel::kMotorTauDownS, {0, 0, 0, 0});
    const double down = m.state().motorThrustN[0] / QuadModel::kMaxThrustN;
    QVERIFY2(down > 0.3 && down < 0.45, qPrintable(QString::number(down)));
}

void TestQuadModel::batterySagsWithCurrent()
{
    QuadModel m;
    m.step(0.1, {0, 0, 0, 0});
    const double idle = m.state().batteryVoltageV;
    m.step(0.1, {1, 1, 1, 1});
    QVERIFY(m.state().batteryCurrentA > 10);
    QVERIFY(m.state().batteryVoltageV < idle - 0.5);
    QVERIFY(m.state().batteryRemainingMah < QuadModel::kCapacityMah);
}

QTEST_GUILESS_MAIN(TestQuadModel)
#include "tst_quadmodel.moc"
