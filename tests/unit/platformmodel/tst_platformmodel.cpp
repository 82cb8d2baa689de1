// The platform model's response (docs/platform-model.md): rest in every frame, a surge step, the
// guide's coordinated turn in frames 21 and 5, a sustained forward specific force (tilt
// coordination: direction and rate), a 1 g step against the envelope, washout targets, the
// settling times the docs state, and the lever arm in the force at the head. Written so that a
// wrong sign fails: the coordinated turn only cancels with the right gravity projection, and the
// forward force only delivers +2 m/s² with the seat pitched nose UP.
#include "model/rotation.h"
#include "platformmodel/platformmodel.h"

#include <QtTest>
#include <cmath>
#include <functional>
#include <vector>

using hil::degToRad;
using hil::kGravityMps2;
using hil::radToDeg;
using hil::platformmodel::FrameCommand;
using hil::platformmodel::ModelConfig;
using hil::platformmodel::neutralCommand;
using hil::platformmodel::PlatformModel;
using hil::platformmodel::Pose;
using hil::platformmodel::settlingTimeS;
using hil::platformmodel::StepResult;

namespace {

constexpr double kRateHz = 250.0;
constexpr double kDt = 1.0 / kRateHz;
const char *const kDof[6] = {"surge", "sway", "heave", "roll", "pitch", "yaw"};

/// Runs the model for seconds; command(t) gives the frame held during the step at time t;
/// stops at the first failed check.
void run(PlatformModel &m, double seconds, const std::function<FrameCommand(double)> &command,
         const std::function<void(double, const StepResult &)> &check, const Pose &target = {})
{
    const int n = static_cast<int>(std::lround(seconds * kRateHz));
    for (int i = 0; i < n; ++i) {
        const double t = i * kDt;
        check(t, m.step(command(t), target));
        if (QTest::currentTestFailed()) // a QVERIFY in check returned from check only
            return;
    }
}

bool anyFlag(const std::array<bool, 6> &flags)
{
    for (bool f : flags)
        if (f)
            return true;
    return false;
}

/// Frame 21 and frame 5 for a level coordinated RIGHT turn at 30° bank, as lib/raven/cueing.h
/// works them out: frame 21 sway −g·sin φ = −4.903, heave g·sin φ·tan φ = +2.831, roll +30°;
/// frame 5 sway 0, heave g/cos φ = +11.324.
FrameCommand turnCommand(int frameId)
{
    const double phi = degToRad(30.0);
    FrameCommand c = neutralCommand(frameId);
    if (frameId == 5) {
        c.accelMps2 = {0.0, 0.0, kGravityMps2 / std::cos(phi)};
    } else {
        c.accelMps2 = {0.0, -kGravityMps2 * std::sin(phi),
                       kGravityMps2 * std::sin(phi) * std::tan(phi)};
        c.rollAngleRad = phi;
    }
    return c;
}

} // namespace

class TestPlatformModel : public QObject
{
    Q_OBJECT
private slots:
    void statedSettlingTimes()
    {
        // docs/platform-model.md, "Defaults" states these (2 % of the step response's peak).
        const ModelConfig c;
        const double translational[3] = {5.080, 5.080, 4.872};
        const double rotational[3] = {4.556, 4.556, 6.836};
        for (int i = 0; i < 3; ++i) {
            const double t = settlingTimeS(c.washout.translational[i], kRateHz);
            const double r = settlingTimeS(c.washout.rotational[i], kRateHz);
            qInfo("%s %.3f s, %s %.3f s", kDof[i], t, kDof[3 + i], r);
            QVERIFY(std::abs(t - translational[i]) < 0.002);
            QVERIFY(std::abs(r - rotational[i]) < 0.002);
        }
    }

    void atRestStaysAtTarget_data()
    {
        QTest::addColumn<int>("frameId");
        QTest::newRow("frame 5 (heave +g)") << 5;
        QTest::newRow("frame 21 (all zero)") << 21;
        QTest::newRow("frame 85 (all zero, gravity word)") << 85;
    }
    void atRestStaysAtTarget()
    {
        QFETCH(int, frameId);
        PlatformModel m;
        const double neutralLength = m.step(neutralCommand(frameId)).actuatorM[0];
        m.reset();
        const double g = frameId == 21 ? 9.8 : kGravityMps2;
        run(
            m, 10.0, [&](double) { return neutralCommand(frameId); },
            [&](double, const StepResult &r) {
                const std::array<double, 6> p = r.pose.toArray();
                for (int i = 0; i < 6; ++i)
                    QVERIFY2(std::abs(p[i]) < 1e-12, kDof[i]);
                QVERIFY(!anyFlag(r.dofAtLimit));
                QVERIFY(!anyFlag(r.actuatorAtLimit));
                for (double l : r.actuatorM)
                    QVERIFY(std::abs(l - neutralLength) < 1e-12);
                QCOMPARE(r.feltSpecificForce[2], g);
                QVERIFY(std::abs(r.deliveredSpecificForce[2] - kGravityMps2) < 1e-9);
            });
        // At a washout target off neutral, from the start (the dry-run begins there).
        Pose target;
        target.heaveM = -0.02;
        target.pitchRad = degToRad(-2.0);
        m.reset();
        run(
            m, 5.0, [&](double) { return neutralCommand(frameId); },
            [&](double, const StepResult &r) {
                QVERIFY(std::abs(r.pose.heaveM + 0.02) < 1e-12);
                QVERIFY(std::abs(r.pose.pitchRad - target.pitchRad) < 1e-12);
                QVERIFY(!anyFlag(r.dofAtLimit));
            },
            target);
    }

    void washoutTargetChangeSettles()
    {
        // A new target is reached within the DoF's stated settling time (2 %), without
        // overshoot (critically damped).
        PlatformModel m;
        const double settle = settlingTimeS(m.config().washout.translational[2], kRateHz);
        Pose target;
        target.heaveM = 0.05;
        m.step(neutralCommand(5)); // primed at neutral, then the target moves
        double reachedAt = -1.0;
        run(
            m, settle + 1.0, [](double) { return neutralCommand(5); },
            [&](double t, const StepResult &r) {
                QVERIFY(r.pose.heaveM <= 0.05 + 1e-12);
                if (reachedAt < 0.0 && std::abs(r.pose.heaveM - 0.05) <= 0.02 * 0.05)
                    reachedAt = t;
            },
            target);
        qInfo("heave target 0.05 m within 2 %% after %.2f s (stated %.2f s)", reachedAt, settle);
        QVERIFY(reachedAt > 0.5 * settle); // it moves, it does not jump
        QVERIFY(reachedAt <= settle);
    }

    void surgeStepFrame21()
    {
        // 1 m/s² forward for 2 s (frame 21, level): the seat surges forward at once, then washes
        // back; the release pushes it behind the target, and it settles within the stated time.
        PlatformModel m;
        const double settle = settlingTimeS(m.config().washout.translational[0], kRateHz);
        double peak = 0.0, peakAt = 0.0, low = 0.0, minPitch = 0.0;
        run(
            m, 2.0 + settle + 1.0,
            [](double t) {
                FrameCommand c = neutralCommand(21);
                c.accelMps2[0] = t < 2.0 ? 1.0 : 0.0;
                return c;
            },
            [&](double t, const StepResult &r) {
                QVERIFY(!anyFlag(r.dofAtLimit));
                QVERIFY(!anyFlag(r.actuatorAtLimit));
                if (r.pose.surgeM > peak) {
                    peak = r.pose.surgeM;
                    peakAt = t;
                }
                low = std::min(low, r.pose.surgeM);
                minPitch = std::min(minPitch, r.pose.pitchRad);
                QVERIFY(r.pose.pitchRad <= 1e-12); // tilt only ever nose up for a forward push
                if (t >= 2.0 + settle)             // twice 2 %: the step's tail and the release's
                    QVERIFY2(std::abs(r.pose.surgeM) <= 0.04 * peak,
                             qPrintable(QString::number(r.pose.surgeM)));
            });
        qInfo("surge peak %.1f mm at %.2f s, back to %.1f mm; pitch %.2f deg", peak * 1e3, peakAt,
              low * 1e3, radToDeg(minPitch));
        QVERIFY(peak > 0.02); // forward, visibly
        QVERIFY(peakAt < 2.0);
        QVERIFY(low < 0.0);
        QVERIFY(minPitch < degToRad(-3.0));
    }

    void coordinatedTurn_data()
    {
        QTest::addColumn<int>("frameId");
        QTest::newRow("frame 21: sway -4.903, heave +2.831, roll +30") << 21;
        QTest::newRow("frame 5: sway 0, heave +11.324") << 5;
    }
    void coordinatedTurn()
    {
        QFETCH(int, frameId);
        PlatformModel m;
        const double heaveWant = kGravityMps2 / std::cos(degToRad(30.0));
        double maxSway = 0.0, maxRoll = 0.0, maxHeave = 0.0, endHeave = 1.0;
        run(
            m, 20.0, [&](double) { return turnCommand(frameId); },
            [&](double t, const StepResult &r) {
                // Frame 21 projects 9.8, the cue was built with 9.80665: 3.3 mm/s² remain.
                QVERIFY(std::abs(r.feltSpecificForce[1]) < 0.005);
                QVERIFY(std::abs(r.feltSpecificForce[2] - heaveWant) < 0.01);
                QVERIFY(std::abs(r.deliveredSpecificForce[1]) < 0.01);
                QVERIFY(!anyFlag(r.dofAtLimit));
                maxSway = std::max(maxSway, std::abs(r.pose.swayM));
                maxRoll = std::max(maxRoll, std::abs(r.pose.rollRad));
                maxHeave = std::max(maxHeave, r.pose.heaveM);
                if (t > 19.9)
                    endHeave = r.pose.heaveM;
            });
        qInfo("sway %.3f mm, roll %.4f deg, heave peak %.1f mm, at 20 s %.3f mm", maxSway * 1e3,
              radToDeg(maxRoll), maxHeave * 1e3, endHeave * 1e3);
        QVERIFY(maxSway < 0.001);
        QVERIFY(maxRoll < degToRad(0.1));
        QVERIFY(maxHeave > 0.02); // up: the rider is pressed into the seat by 1.15 g
        QVERIFY(std::abs(endHeave) < 0.001);
    }

    void sustainedForwardForcePitchesNoseUp()
    {
        // Frame 5, surge +2 m/s² for 20 s: a forward specific force, the seat back pushing the
        // rider forward (the rider feels pressed back into it). Gravity supplies it when the
        // seat leans back: its share along seat x is −g·sin θ, so θ = −asin(2/g) = −11.77°,
        // pitch NEGATIVE = nose UP, turned at no more than 3°/s.
        PlatformModel m;
        const double rate = m.config().washout.tiltRateLimitRadps;
        const double want = -std::asin(2.0 / kGravityMps2);
        double lastPitch = 0.0;
        StepResult end;
        run(
            m, 20.0,
            [](double) {
                FrameCommand c = neutralCommand(5);
                c.accelMps2[0] = 2.0;
                return c;
            },
            [&](double, const StepResult &r) {
                QVERIFY(r.pose.pitchRad <= 1e-12);
                QVERIFY(std::abs(r.pose.pitchRad - lastPitch) <= rate * kDt + 1e-12);
                QVERIFY(!anyFlag(r.dofAtLimit));
                lastPitch = r.pose.pitchRad;
                end = r;
            });
        qInfo("pitch %.3f deg (want %.3f), delivered surge force %.3f m/s^2",
              radToDeg(end.pose.pitchRad), radToDeg(want), end.deliveredSpecificForce[0]);
        QVERIFY(std::abs(end.pose.pitchRad - want) < degToRad(0.05));
        QVERIFY(std::abs(end.deliveredSpecificForce[0] - 2.0) < 0.02);
        QVERIFY(std::abs(end.pose.surgeM) < 0.001); // the translation washed out
    }

    void oneGForwardStepHitsTheEnvelope()
    {
        PlatformModel m;
        const ModelConfig &c = m.config();
        bool surgeHit = false, pitchHit = false;
        run(
            m, 10.0,
            [](double) {
                FrameCommand f = neutralCommand(5);
                f.accelMps2[0] = kGravityMps2;
                return f;
            },
            [&](double, const StepResult &r) {
                const std::array<double, 6> p = r.pose.toArray();
                for (int i = 0; i < 6; ++i) {
                    QVERIFY(p[i] <= c.envelope.dofMax[i] && p[i] >= c.envelope.dofMin[i]);
                    QVERIFY(!r.dofAtLimit[i] || i == 0 || i == 4);
                }
                if (r.dofAtLimit[0]) {
                    surgeHit = true;
                    QVERIFY(r.demanded.surgeM > c.envelope.dofMax[0]);
                    QCOMPARE(r.pose.surgeM, c.envelope.dofMax[0]);
                }
                pitchHit = pitchHit || r.dofAtLimit[4];
            });
        QVERIFY(surgeHit);
        QVERIFY(pitchHit); // the tilt wants 90°, gets the envelope's 12° after 4 s
    }

    // A pure pitch (an angular-acceleration pulse, no specific force to wash out or tilt for):
    // the head, 0.8 m over the seat origin, moves on a circle, (h·sin θ, 0, h·cos θ); its force
    // minus the seat origin's is that circle's second difference seen from the seat,
    // cos θ·Δ²(h·sin θ) − sin θ·Δ²(h·cos θ) ≈ h·θ̈ in surge; the seat's rate is sin(Δθ)/dt.
    void headFeelsTheLeverArm()
    {
        PlatformModel m;
        const double h = m.config().geometry.headM.z;
        QCOMPARE(h, 0.8);
        std::vector<double> theta;
        double largest = 0;
        run(
            m, 2.0,
            [](double t) {
                FrameCommand c = neutralCommand(5);
                c.angAccelRadps2[1] = t < 0.2 ? 1.0 : 0.0;
                return c;
            },
            [&](double, const StepResult &r) {
                theta.push_back(r.pose.pitchRad);
                const std::size_t k = theta.size() - 1;
                if (k < 2)
                    return;
                const double a = theta[k], b = theta[k - 1], c = theta[k - 2];
                const double ddx = h * (std::sin(a) - 2 * std::sin(b) + std::sin(c)) / (kDt * kDt);
                const double ddz = h * (std::cos(a) - 2 * std::cos(b) + std::cos(c)) / (kDt * kDt);
                const double expected = std::cos(a) * ddx - std::sin(a) * ddz;
                const double lever = r.headSpecificForce[0] - r.deliveredSpecificForce[0];
                QVERIFY2(std::abs(lever - expected) < 1e-9, qPrintable(QString::number(lever)));
                const double thetaDdot = (a - 2 * b + c) / (kDt * kDt);
                QVERIFY(std::abs(lever - h * thetaDdot) < 0.02 * std::abs(h * thetaDdot) + 1e-6);
                QVERIFY(std::abs(r.seatRateRadps[1] - std::sin(a - b) / kDt) < 1e-9);
                largest = std::max(largest, std::abs(lever));
            });
        QVERIFY(largest > 0.5); // the pulse's 1 rad/s² at 0.8 m: 0.8 m/s² at its start
    }
    void delayGainAndNoTiltActAsStated()
    {
        // A sway step of 1 m/s² in frame 5 and a roll acceleration pulse, run through the
        // default model and one with a 20 ms delay, sway gain 0.5, roll gain 2 and no tilt: the
        // second's sway is the first's halved and 5 steps later; its roll has no tilt share.
        ModelConfig changed;
        changed.delayS = 0.020;
        changed.washout.gain[1] = 0.5;
        changed.washout.gain[3] = 2.0;
        changed.washout.tiltCoordination = false;
        PlatformModel base, other(changed);
        ModelConfig noTiltOnly;
        noTiltOnly.washout.tiltCoordination = false;
        PlatformModel rotOnly(noTiltOnly);
        auto command = [](int i) {
            FrameCommand c = neutralCommand(5);
            c.accelMps2[1] = i >= 10 ? 1.0 : 0.0;
            c.angAccelRadps2[0] = (i >= 10 && i < 20) ? 0.5 : 0.0;
            return c;
        };
        std::vector<StepResult> a, b, r;
        for (int i = 0; i < 500; ++i) {
            a.push_back(base.step(command(i)));
            b.push_back(other.step(command(i)));
            r.push_back(rotOnly.step(command(i)));
        }
        double tiltSeen = 0.0;
        for (int i = 0; i < 500; ++i) {
            const double expectSway = i >= 5 ? 0.5 * a[std::size_t(i - 5)].pose.swayM : 0.0;
            QVERIFY2(std::abs(b[std::size_t(i)].pose.swayM - expectSway) < 1e-12,
                     qPrintable(QString::number(i)));
            const double expectRoll = i >= 5 ? 2.0 * r[std::size_t(i - 5)].pose.rollRad : 0.0;
            QVERIFY(std::abs(b[std::size_t(i)].pose.rollRad - expectRoll) < 1e-12);
            QCOMPARE(b[std::size_t(i)].tiltRad[0], 0.0);
            tiltSeen = std::max(tiltSeen, a[std::size_t(i)].tiltRad[0]);
        }
        QVERIFY(tiltSeen > 1e-3); // the default model tilts for the same sway force
        QVERIFY(std::abs(b[400].pose.swayM) > 1e-4);
    }

    void unknownFrameIsNeutral()
    {
        PlatformModel m;
        FrameCommand c = neutralCommand(5);
        c.frameId = 7;
        c.accelMps2 = {5.0, 5.0, 0.0};
        const StepResult r = m.step(c);
        QCOMPARE(r.feltSpecificForce[2], kGravityMps2);
        QCOMPARE(r.pose.surgeM, 0.0);
    }
};

QTEST_APPLESS_MAIN(TestPlatformModel)
#include "tst_platformmodel.moc"
