// The OMCT (lib/dryrun/omct.h, docs/perception.md) against physics worked out here:
//  - the heave test (frame 21, no tilt on heave, no rotation: head = seat origin) equals the
//    platform model's documented heave washout s³/((s² + 10s + 25)(s + 1)) less one model step
//    (docs/platform-model.md), above 1 rad/s within 3 % and 3°;
//  - the response is taken at the head: pitch → surge at a head 0.8 m above the seat origin
//    minus the same at the origin is the lever arm's tangential term, h·θ̈ = −h·ω²·Θ, with Θ
//    the seat's pitch per aircraft pitch (the direct pitch test);
//  - the cross-coupling tests: the aircraft's own pitch → surge is g per rad (its gravity
//    tilt), its surge → pitch is 0; the platform's surge → pitch at 0.1 rad/s is the tilt
//    coordination's ω/g (the seat tilts by f/g, slower than the 3 °/s rate limit there);
//  - the linearity check flags the tilt's rate limit (a tilt path rate-limited far below the
//    signal's rate) and passes the same test when the limit is out of reach; it flags the
//    wire's resolution of angular acceleration (whole °/s²) on a slow yaw;
//  - the Sinacori–Schroeder classes at their boundaries;
//  - the same bits on one thread and on three; the disk cache reads back the same bits, and a
//    damaged cache file is ignored and rewritten;
//  - report.json's "omct": a prediction, ten tests, the head, the linearity and the criterion.
#include "dryrun/dryrunreport.h"
#include "dryrun/maneuvers.h"
#include "dryrun/omct.h"
#include "dryruninput.h"

#include <QFile>
#include <QJsonArray>
#include <QStandardPaths>
#include <QtTest>
#include <cmath>
#include <complex>
#include <cstring>

using namespace hil;
using namespace hil::dryrun;
using hil::dryrun::test::load;

namespace {

constexpr double kPi = 3.14159265358979323846;

int testIndex(const char *name)
{
    for (int t = 0; t < kOmctTestCount; ++t)
        if (std::strcmp(kOmctTests[t].name, name) == 0)
            return t;
    return -1;
}

const OmctTestResult &omctTest(const OmctResult &r, const char *name)
{
    return r.tests[std::size_t(testIndex(name))];
}

std::complex<double> response(const OmctPoint &p)
{
    return std::polar(p.gain, p.phaseDeg * kPi / 180.0);
}

bool sameBits(const OmctResult &a, const OmctResult &b)
{
    for (int t = 0; t < kOmctTestCount; ++t)
        for (int f = 0; f < kOmctFrequencyCount; ++f) {
            const auto &x = a.tests[std::size_t(t)], &y = b.tests[std::size_t(t)];
            const auto i = std::size_t(f);
            if (std::memcmp(&x.points[i], &y.points[i], sizeof(OmctPoint)) != 0 ||
                std::memcmp(&x.gainHalf[i], &y.gainHalf[i], sizeof(double)) != 0 ||
                std::memcmp(&x.gainDouble[i], &y.gainDouble[i], sizeof(double)) != 0 ||
                std::memcmp(&x.aircraftGain[i], &y.aircraftGain[i], sizeof(double)) != 0)
                return false;
        }
    return true;
}

} // namespace

/// The chain at unit master gain: these tests check the washout's physics, not the first
/// ride's 0.3 (which the report applies like any other setting).
DryRunOptions unitGain()
{
    DryRunOptions o;
    o.cueing.masterGain = 1.0;
    return o;
}

class TstOmct : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // the disk cache in the test's own folder
    }
    void heaveIsTheWashout()
    {
        const OmctResult r = omctRun(unitGain(), 0, false);
        for (const OmctPoint &p : omctTest(r, "heave").points) {
            if (p.omegaRadps < 0.9)
                continue; // the gain is tiny there; the band of interest is above 1 rad/s
            const std::complex<double> s(0, p.omegaRadps);
            std::complex<double> h = s * s * s / ((s * s + 10.0 * s + 25.0) * (s + 1.0));
            h *= std::exp(-s * (1.0 / 250.0)); // one model step
            const double phase = std::arg(h) * 180.0 / kPi;
            qInfo("omct heave %.3f rad/s: gain %.4f (analytic %.4f), phase %.2f (%.2f) deg",
                  p.omegaRadps, p.gain, std::abs(h), p.phaseDeg, phase);
            QVERIFY(std::abs(p.gain / std::abs(h) - 1.0) < 0.03);
            // The difference on the circle: ±180° are the same phase.
            const double dPhase =
                std::arg(std::polar(1.0, (p.phaseDeg - phase) * kPi / 180.0)) * 180.0 / kPi;
            QVERIFY(std::abs(dPhase) < 3.0);
        }
    }
    void responseIsAtTheHead()
    {
        const DryRunOptions head; // the default head, 0.8 m above the seat origin
        QCOMPARE(head.model.geometry.headM.z, 0.8);
        DryRunOptions origin;
        origin.model.geometry.headM = {};
        const OmctResult atHead = omctRun(head, 0, false), atOrigin = omctRun(origin, 0, false);
        // 1, 10 and 15.85 rad/s; between them the rate-limited tilt makes the seat's pitch far
        // from a sine, and the leakage of its harmonics blurs the comparison by a few degrees.
        for (int f : {5, 10, 11}) {
            const double w = kOmctFrequencies[f];
            const std::complex<double> lever =
                response(omctTest(atHead, "pitch_to_surge").points[std::size_t(f)]) -
                response(omctTest(atOrigin, "pitch_to_surge").points[std::size_t(f)]);
            // The head's force is a backward second difference (a step late), the seat's rate
            // a backward first difference (half a step): half a step between them.
            const std::complex<double> expected =
                -0.8 * w * w * response(omctTest(atHead, "pitch").points[std::size_t(f)]) *
                std::polar(1.0, -w * 0.5 / 250.0);
            const double dPhase = std::arg(lever / expected) * 180.0 / kPi;
            qInfo("%.3f rad/s: head minus origin %.4f m/s2 per rad, lever arm %.4f, %.2f deg "
                  "apart",
                  w, std::abs(lever), std::abs(expected), dPhase);
            QVERIFY(std::abs(std::abs(lever) / std::abs(expected) - 1.0) < 0.02);
            QVERIFY(std::abs(dPhase) < 2.0);
        }
    }
    void crossCouplingTests()
    {
        const OmctResult r = omctRun(unitGain(), 0, false);
        for (int f = 0; f < kOmctFrequencyCount; ++f) {
            // The aircraft's gravity tilt, g·sin θ ≈ g·θ for the ≤ 5° of the test.
            QVERIFY(std::abs(omctTest(r, "pitch_to_surge").aircraftGain[std::size_t(f)] / 9.80665 -
                             1.0) < 0.01);
            QCOMPARE(omctTest(r, "surge_to_pitch").aircraftGain[std::size_t(f)], 0.0);
        }
        const double tilt = omctTest(r, "surge_to_pitch").points[0].gain;
        qInfo("surge -> pitch at 0.1 rad/s: %.5f (rad/s)/(m/s2), omega/g %.5f", tilt,
              0.1 / 9.80665);
        QVERIFY(std::abs(tilt / (0.1 / 9.80665) - 1.0) < 0.02);
    }
    void linearityFlagsTheRateLimit()
    {
        // surge at 0.251 rad/s: the seat tilts by f/g, 5.8° at 1 m/s², turning at 1.5°/s.
        const int f = 2;
        DryRunOptions slow = unitGain();
        slow.model.washout.tiltRateLimitRadps = 0.5 * kPi / 180.0; // far below: clipped
        const OmctResult slowRun = omctRun(slow, 0, false);        // kept: omctTest returns into it
        const OmctTestResult &s = omctTest(slowRun, "surge_to_pitch");
        qInfo("rate limit 0.5 deg/s: gain change %.3f (half), %.3f (double)",
              omctGainChange(s, f, 0), omctGainChange(s, f, 2));
        QVERIFY(omctNonLinear(s, f));
        DryRunOptions fast = unitGain();
        fast.model.washout.tiltRateLimitRadps = 100.0 * kPi / 180.0; // out of reach
        const OmctResult fastRun = omctRun(fast, 0, false);
        const OmctTestResult &q = omctTest(fastRun, "surge_to_pitch");
        qInfo("rate limit 100 deg/s: gain change %.4f (half), %.4f (double)",
              omctGainChange(q, f, 0), omctGainChange(q, f, 2));
        QVERIFY(!omctNonLinear(q, f));
    }
    // Yaw at 0.251 rad/s: 5° of yaw is 0.32 °/s² of angular acceleration, and the wire carries
    // whole °/s²: the platform hardly moves where the washout s²/(s² + 2s + 1) would give
    // 0.059, and double the amplitude (0.63 °/s², rounded to 1) does move it.
    void linearityFlagsTheWireResolution()
    {
        const OmctResult run = omctRun(unitGain(), 0, false);
        const OmctTestResult &yaw = omctTest(run, "yaw");
        const int f = 2;
        qInfo("yaw at 0.251 rad/s: gain %.6f, at double amplitude %.6f",
              yaw.points[std::size_t(f)].gain, yaw.gainDouble[std::size_t(f)]);
        QVERIFY(yaw.points[std::size_t(f)].gain < 0.001);
        QVERIFY(yaw.gainDouble[std::size_t(f)] > 0.01);
        QVERIFY(omctNonLinear(yaw, f));
    }
    void fidelityClasses()
    {
        QCOMPARE(QByteArray(omctFidelity(3, 0.6, 20.0)), QByteArray("high"));
        QCOMPARE(QByteArray(omctFidelity(3, 0.59, 0.0)), QByteArray("medium"));
        QCOMPARE(QByteArray(omctFidelity(4, 0.9, -21.0)), QByteArray("medium"));
        QCOMPARE(QByteArray(omctFidelity(5, 0.19, 0.0)), QByteArray("low"));
        QCOMPARE(QByteArray(omctFidelity(0, 0.8, 15.0)), QByteArray("high"));
        QCOMPARE(QByteArray(omctFidelity(1, 0.79, 0.0)), QByteArray("medium"));
        QCOMPARE(QByteArray(omctFidelity(2, 0.5, 31.0)), QByteArray("low"));
        QCOMPARE(QByteArray(omctFidelity(2, 1.2, 0.0)), QByteArray("outside"));
    }
    void sameBitsOnAnyThreadCount()
    {
        const DryRunOptions options;
        QVERIFY(sameBits(omctCompute(options, 1), omctCompute(options, 3)));
    }
    void diskCacheReadsBackTheSameBits()
    {
        DryRunOptions options;
        options.cueing.axes[0].gain = 0.9; // settings of this test's own
        const QString path = omctDiskCachePath(options);
        QVERIFY(!path.isEmpty());
        const OmctResult computed = omctCompute(options);
        // A damaged file is ignored, the result computed and the file written anew.
        QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
        QFile bad(path);
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("{\"key\": \"not these settings\", \"tests\": [1, 2");
        bad.close();
        omctForgetMemory();
        QVERIFY(sameBits(omctRun(options), computed));
        QFile written(path);
        QVERIFY(written.open(QIODevice::ReadOnly));
        QVERIFY(written.readAll().contains("hilstation-omct"));
        omctForgetMemory(); // from the file this time
        QVERIFY(sameBits(omctRun(options), computed));
        // Other settings, another file.
        DryRunOptions other = options;
        other.model.geometry.headM.z = 0.7;
        QVERIFY(omctDiskCachePath(other) != path);
    }
    void reportCarriesTheOmct()
    {
        const DryRunInput in = load(QStringLiteral("maneuver:catapult"));
        const DryRunOptions options;
        const QJsonObject omct = buildReport(in, options, runDryRun(in, options))
                                     .value(QStringLiteral("perception"))
                                     .toObject()
                                     .value(QStringLiteral("omct"))
                                     .toObject();
        QCOMPARE(omct.value(QStringLiteral("kind")).toString(), QStringLiteral("prediction"));
        QVERIFY(omct.value(QStringLiteral("note"))
                    .toString()
                    .contains(QStringLiteral("not a measurement")));
        QCOMPARE(omct.value(QStringLiteral("response_at")).toString(), QStringLiteral("head"));
        QCOMPARE(omct.value(QStringLiteral("head_m")).toArray().at(2).toDouble(), 0.8);
        QVERIFY(omct.value(QStringLiteral("head_assumption")).toBool());
        const QJsonObject tests = omct.value(QStringLiteral("tests")).toObject();
        QCOMPARE(tests.size(), kOmctTestCount);
        for (const char *name : {"surge", "sway", "heave", "roll", "pitch", "yaw"})
            QVERIFY2(tests.value(QLatin1String(name))
                         .toObject()
                         .value(QStringLiteral("fidelity_at_1_radps"))
                         .toObject()
                         .contains(QStringLiteral("class")),
                     name);
        QCOMPARE(tests.value(QStringLiteral("surge_to_pitch"))
                     .toObject()
                     .value(QStringLiteral("points"))
                     .toArray()
                     .size(),
                 kOmctFrequencyCount);
        const QJsonObject lin = omct.value(QStringLiteral("linearity")).toObject();
        QCOMPARE(lin.value(QStringLiteral("tolerance")).toDouble(), 0.05);
        QVERIFY(!lin.value(QStringLiteral("linear")).toBool(true)); // the tilt's rate limit
        QVERIFY(omct.value(QStringLiteral("criterion"))
                    .toObject()
                    .value(QStringLiteral("source"))
                    .toString()
                    .contains(QStringLiteral("NASA/TP-1999-208766")));
    }
};

QTEST_GUILESS_MAIN(TstOmct)
#include "tst_omct.moc"
