// The emulator's quadcopter against the motor convention agreed with the PX4 stand-in.
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
    void batterySagsWithCurrent();
};

void TestQuadModel::restsOnGroundAtZeroThrottle()
{
    QuadModel m;
    m.step(2.0, {0, 0, 0, 0});
    QCOMPARE(m.state().positionNedM.z, 0.0);
    QVERIFY(m.state().onGround);
    QVERIFY(std::abs(m.state().specificForceFrdMps2.z + kGravityMps2) < 1e-6); // the ground holds it
    QCOMPARE(m.state().accelNedMps2.z, 0.0);
}

void TestQuadModel::climbsAtEightyPercent()
{
    QuadModel m;
    m.step(1.0, {0.8, 0.8, 0.8, 0.8});
    // 4 × 6.4 N on 1.5 kg: ≈ 7.3 m/s² up; after 1 s well above a metre, still level
    QVERIFY2(m.state().positionNedM.z < -2.0, qPrintable(QString::number(m.state().positionNedM.z)));
    QVERIFY(m.state().velocityNedMps.z < -3.0);
    QVERIFY(!m.state().onGround);
    // thrust minus the drag of the climb, per kg: between g (terminal speed) and 25.6 N / 1.5 kg
    const double f = m.state().specificForceFrdMps2.z;
    QVERIFY2(f < -kGravityMps2 && f > -25.6 / 1.5 - 1e-6, qPrintable(QString::number(f)));
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
    QVERIFY(std::abs(yaw.state().ratesFrdRps.x) < 1e-6);
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
