// Hexapod inverse kinematics against lengths worked by hand (law of cosines and per-coordinate
// arithmetic, never the code's R·p + t): neutral, pure heave, pure yaw, pure roll and pitch
// (whose signs the platform frame decides), and the stroke flags.
//
// The default geometry (kinematics.h), numbers the hand work below uses:
//   base joints on r_b = 0.6 m, seat joints on r_p = 0.4 m, seat origin h0 = 0.5 m up;
//   actuator 2k: base angle 120k + 15°, seat angle 120k + 45°  (seat − base = +30°)
//   actuator 2k+1: base angle 120k + 105°, seat angle 120k + 75° (seat − base = −30°)
//   Horizontal distance between the joints of an actuator, seat − base angle Δ (law of cosines):
//     d² = r_b² + r_p² − 2·r_b·r_p·cos Δ = 0.52 − 0.48·cos Δ
#include "platformmodel/kinematics.h"

#include <QtTest>
#include <cmath>

using hil::platformmodel::actuatorLengths;
using hil::platformmodel::defaultGeometry;
using hil::platformmodel::Pose;
using hil::platformmodel::strokeFlags;

namespace {
constexpr double kTolM = 2e-6; // the hand values carry 6 decimals
constexpr double kDeg = 3.14159265358979323846 / 180.0;

void compareLengths(const std::array<double, 6> &got, const std::array<double, 6> &want)
{
    for (int i = 0; i < 6; ++i) {
        if (std::abs(got[i] - want[i]) > kTolM)
            QFAIL(qPrintable(QStringLiteral("actuator %1: %2 m, hand-worked %3 m")
                                 .arg(i)
                                 .arg(got[i], 0, 'f', 7)
                                 .arg(want[i], 0, 'f', 7)));
    }
}
} // namespace

class TestPlatformKinematics : public QObject
{
    Q_OBJECT
private slots:
    void neutralAllEqual()
    {
        // Δ = 30°: d² = 0.52 − 0.48·0.8660254 = 0.1043078; L² = d² + h0² = 0.1043078 + 0.25
        // = 0.3543078, L = 0.595238 m for every actuator.
        const double l0 = 0.595238;
        compareLengths(actuatorLengths(defaultGeometry(), {}), {l0, l0, l0, l0, l0, l0});
    }

    void pureHeave()
    {
        // Heave +0.05: only the height changes. L² = 0.1043078 + 0.55² = 0.4068078,
        // L = 0.637815 m (Pythagoras).
        Pose p;
        p.heaveM = 0.05;
        const double l = 0.637815;
        compareLengths(actuatorLengths(defaultGeometry(), p), {l, l, l, l, l, l});
    }

    void pureYawNoseLeft()
    {
        // Yaw +10° = nose LEFT = counter-clockwise seen from above: every seat joint's angle
        // grows by 10°. Actuator 2k: Δ = 30° + 10° = 40°, d² = 0.52 − 0.48·0.7660444 = 0.1522987,
        // L = √(0.1522987 + 0.25) = 0.634270. Actuator 2k+1: Δ = −30° + 10° = −20°,
        // d² = 0.52 − 0.48·0.9396926 = 0.0689475, L = √0.3189475 = 0.564754.
        Pose p;
        p.yawRad = 10.0 * kDeg;
        const double a = 0.634270, b = 0.564754;
        compareLengths(actuatorLengths(defaultGeometry(), p), {a, b, a, b, a, b});
    }

    void pureRollRightSideDown()
    {
        // Roll +10° = right side DOWN: a seat joint (x, y, 0) goes to (x, y·cos 10°, y·sin 10°),
        // cos 10° = 0.9848078, sin 10° = 0.1736482; the left joints (y > 0) rise.
        // Actuator 0: base (0.5795555, 0.1552914), seat (0.2828427, 0.2828427):
        //   dx = 0.2828427 − 0.5795555 = −0.2967128
        //   dy = 0.2828427·0.9848078 − 0.1552914 = 0.1232543
        //   dz = 0.5 + 0.2828427·0.1736482 = 0.5491151
        //   L = √(0.0880385 + 0.0151916 + 0.3015274) = 0.636206 (longer: the left side rose)
        // Actuator 5, its mirror: dy = −0.1232543, dz = 0.5 − 0.0491151 = 0.4508849,
        //   L = √(0.0880385 + 0.0151916 + 0.2032972) = 0.553649.
        // Actuators 1..4 the same way (seat/base y: 1 = 0.3863703/0.5795555,
        // 2 = 0.1035276/0.4242641, 3 and 4 their mirrors): 0.654373, 0.611244, 0.581089,
        // 0.542235.
        Pose p;
        p.rollRad = 10.0 * kDeg;
        compareLengths(actuatorLengths(defaultGeometry(), p),
                       {0.636206, 0.654373, 0.611244, 0.581089, 0.542235, 0.553649});
    }

    void purePitchNoseDown()
    {
        // Pitch +10° = nose DOWN: a seat joint (x, y, 0) goes to (x·cos 10°, y, −x·sin 10°), the
        // front joints (x > 0) drop. Actuator 0: dx = 0.2828427·0.9848078 − 0.5795555
        // = −0.3010097, dy = 0.1275513, dz = 0.5 − 0.0491151 = 0.4508849,
        // L = √(0.0906068 + 0.0162693 + 0.2032972) = 0.556932: the front actuators shorten.
        // Actuator 2 (rear, seat x = −0.3863703): dx = −0.3804986 + 0.4242641 = 0.0437655,
        // dy = −0.3207365, dz = 0.5 + 0.0670925 = 0.5670925, L = 0.652979.
        Pose p;
        p.pitchRad = 10.0 * kDeg;
        compareLengths(actuatorLengths(defaultGeometry(), p),
                       {0.556932, 0.579519, 0.652979, 0.652979, 0.579519, 0.556932});
    }

    void strokeFlagsBeyondStroke()
    {
        // Stroke 150 mm around 0.595238: 0.520238 .. 0.670238. Heave +0.10:
        // L = √(0.1043078 + 0.36) = 0.681401, beyond; heave +0.05 (0.637815) is inside.
        const double lo = 0.595238 - 0.075, hi = 0.595238 + 0.075;
        Pose up;
        up.heaveM = 0.10;
        const std::array<double, 6> beyond = actuatorLengths(defaultGeometry(), up);
        QVERIFY(std::abs(beyond[0] - 0.681401) < kTolM);
        for (bool f : strokeFlags(beyond, lo, hi))
            QVERIFY(f);
        up.heaveM = 0.05;
        for (bool f : strokeFlags(actuatorLengths(defaultGeometry(), up), lo, hi))
            QVERIFY(!f);
        // Roll 15° (same recipe as pureRollRightSideDown, sin 15° = 0.2588190): actuator 1
        // (front left, seat y = 0.3863703) reaches 0.685250, past the top; actuator 4 (its
        // mirror) 0.519199, past the bottom; the others (0.656130, 0.619755, 0.574897, 0.533007)
        // stay inside. Only those two flag.
        Pose roll;
        roll.rollRad = 15.0 * kDeg;
        const std::array<bool, 6> flags =
            strokeFlags(actuatorLengths(defaultGeometry(), roll), lo, hi);
        const std::array<bool, 6> want{false, true, false, false, true, false};
        QCOMPARE(flags, want);
        // On the end counts; NaN counts.
        QVERIFY(strokeFlags({hi, 0.6, 0.6, 0.6, 0.6, 0.6}, lo, hi)[0]);
        QVERIFY(strokeFlags({std::nan(""), 0.6, 0.6, 0.6, 0.6, 0.6}, lo, hi)[0]);
    }
};

QTEST_APPLESS_MAIN(TestPlatformKinematics)
#include "tst_platformmodel_kinematics.moc"
