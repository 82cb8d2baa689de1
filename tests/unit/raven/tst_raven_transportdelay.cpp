// The transport delay's onset rule without sockets: synthetic replies every 10 ms (a pose with
// Gaussian noise of a fixed seed), a step at a known time and a response that starts a known
// time later, as an acceleration step (t²) or a position step (t) moves it. The onset found
// must be within a few ms of the true one, not just at the next reply; a seat still drifting
// before the step, and no response at all, are the other cases.
#include "core/transportdelayresult.h"
#include "raven/transportdelay.h"

#include <QJsonArray>
#include <QtTest>
#include <cmath>
#include <random>

using namespace hil::raven;

namespace {
constexpr std::int64_t kMs = 1'000'000;

struct Synth
{
    double noise = 0.0;             ///< σ of the pose noise (m)
    double drift = 0.0;             ///< m/s before and after the step
    double accel = 0.5;             ///< m/s² (Acceleration) or m/s (Position)
    bool position = false;          ///< response ∝ t instead of t²/2
    std::int64_t phaseNs = 3 * kMs; ///< the first reply after the step comes this late
};

/// Feeds 300 ms of baseline, a step at 1 s, replies until 1 s + 200 ms; the response starts at
/// 1 s + delayNs. Returns the estimator's delay, -1 when none.
double run(TransportDelayEstimator &e, const Synth &s, std::int64_t delayNs, unsigned seed = 7)
{
    std::mt19937 rng(seed);
    std::normal_distribution<double> n(0.0, s.noise > 0.0 ? s.noise : 1.0);
    const std::int64_t step = 1000 * kMs;
    const std::int64_t onset = step + delayNs;
    bool stepped = false;
    for (std::int64_t t = 700 * kMs + s.phaseNs; t < step + 200 * kMs; t += 10 * kMs) {
        if (!stepped && t > step) {
            if (!e.setStep(step))
                return -2.0;
            stepped = true;
        }
        const double dt = double(t - onset) * 1e-9;
        double v = s.drift * double(t) * 1e-9 + (s.noise > 0.0 ? n(rng) : 0.0);
        if (dt > 0.0)
            v += s.position ? s.accel * dt : 0.5 * s.accel * dt * dt;
        e.addSample(t, v);
    }
    return e.delayMs() ? *e.delayMs() : -1.0;
}
} // namespace

class TestRavenTransportDelay : public QObject
{
    Q_OBJECT
private slots:
    void accelerationStepOnsetWithinMillisecondsOfTheTruth();
    void positionStepOnsetWithinMillisecondsOfTheTruth();
    void noiseRaisesTheThreshold();
    void driftingSeatIsNotAResponse();
    void noResponseNoOnset();
    void aReplyMomentsAfterTheCrossingIsNotASlope();
    void tooShortBaselineRefused();
    void resultOneMedianThroughJson();
};

void TestRavenTransportDelay::accelerationStepOnsetWithinMillisecondsOfTheTruth()
{
    // 0.5 m/s² heave, 2 µm noise, 20 µm floor: the crossing alone is ~9 ms late plus the reply
    // phase; the back-extrapolation must bring it within 3 ms, whatever the reply phase.
    for (std::int64_t delay : {0 * kMs, 17 * kMs, 40 * kMs, 123 * kMs}) {
        for (std::int64_t phase : {1 * kMs, 5 * kMs, 9 * kMs}) {
            TransportDelayEstimator e(2e-5, TransportDelayEstimator::Shape::Acceleration);
            Synth s;
            s.noise = 2e-6;
            s.phaseNs = phase;
            const double ms = run(e, s, delay);
            QVERIFY2(std::abs(ms - double(delay) / kMs) < 3.0,
                     qPrintable(QStringLiteral("true %1 ms, phase %2 ms: found %3 ms")
                                    .arg(delay / kMs)
                                    .arg(phase / kMs)
                                    .arg(ms)));
        }
    }
}

void TestRavenTransportDelay::positionStepOnsetWithinMillisecondsOfTheTruth()
{
    for (std::int64_t delay : {0 * kMs, 40 * kMs, 77 * kMs}) {
        TransportDelayEstimator e(2e-5, TransportDelayEstimator::Shape::Position);
        Synth s;
        s.position = true;
        s.accel = 0.01; // 10 mm/s
        s.noise = 2e-6;
        const double ms = run(e, s, delay);
        QVERIFY2(std::abs(ms - double(delay) / kMs) < 2.0,
                 qPrintable(QStringLiteral("true %1 ms: found %2 ms").arg(delay / kMs).arg(ms)));
    }
}

void TestRavenTransportDelay::noiseRaisesTheThreshold()
{
    TransportDelayEstimator e(2e-5);
    Synth s;
    s.noise = 1e-5; // 5σ = 50 µm, above the floor
    s.accel = 2.0;
    const double ms = run(e, s, 40 * kMs);
    QVERIFY(e.threshold() > 3e-5);
    QVERIFY(e.noise() > 5e-6 && e.noise() < 2e-5);
    QVERIFY2(std::abs(ms - 40.0) < 6.0, qPrintable(QString::number(ms)));

    TransportDelayEstimator quiet(2e-5);
    Synth still;
    run(quiet, still, 40 * kMs);
    QCOMPARE(quiet.threshold(), 2e-5); // no noise: the floor
}

void TestRavenTransportDelay::driftingSeatIsNotAResponse()
{
    // 5 mm/s of washout drift: 50 µm per reply, far above the floor, yet the line follows it.
    TransportDelayEstimator e(2e-5);
    Synth s;
    s.drift = 0.005;
    s.noise = 1e-6;
    const double ms = run(e, s, 40 * kMs);
    QVERIFY2(std::abs(ms - 40.0) < 3.0, qPrintable(QString::number(ms)));
}

void TestRavenTransportDelay::noResponseNoOnset()
{
    TransportDelayEstimator e(2e-5);
    Synth s;
    s.accel = 0.0;
    s.noise = 2e-6;
    QCOMPARE(run(e, s, 40 * kMs), -1.0);
    QVERIFY(!e.onsetSoFarNs());
}

void TestRavenTransportDelay::aReplyMomentsAfterTheCrossingIsNotASlope()
{
    // A poll answered 0.1 ms after the cue frame's reply, 1 µm further (quantisation): a slope
    // over it would put the onset at the step.
    TransportDelayEstimator e(2e-5);
    const std::int64_t step = 1000 * kMs, onset = step + 40 * kMs;
    auto pose = [&](std::int64_t t) {
        const double dt = double(t - onset) * 1e-9;
        return dt > 0.0 ? std::round(0.25 * dt * dt * 1e6) * 1e-6 : 0.0;
    };
    for (std::int64_t t = 800 * kMs + 3 * kMs; t < step + 200 * kMs; t += 10 * kMs) {
        if (t > step && !e.stepped())
            QVERIFY(e.setStep(step));
        e.addSample(t, pose(t));
        e.addSample(t + kMs / 10, pose(t) + 1e-6);
    }
    QVERIFY(e.delayMs());
    QVERIFY2(std::abs(*e.delayMs() - 40.0) < 3.0, qPrintable(QString::number(*e.delayMs())));
}

void TestRavenTransportDelay::tooShortBaselineRefused()
{
    TransportDelayEstimator e;
    e.addSample(0, 0.0);
    e.addSample(10 * kMs, 0.0);
    QVERIFY(!e.setStep(15 * kMs));
    QVERIFY(!e.stepped());
}

// The result a link reports: one median (the middle two's mean for an even count), and the
// counter's JSON with the same figures, rounded to 0.01 ms.
void TestRavenTransportDelay::resultOneMedianThroughJson()
{
    hil::TransportDelayResult r;
    r.state = hil::TransportDelayResult::State::Done;
    r.samplesMs = {48.0, 40.0, 44.0, 41.234};
    r.stepsAsked = 4;
    r.axis = QStringLiteral("heave");
    r.amplitude = 0.02;
    QCOMPARE(r.medianMs(), 42.617);
    QCOMPARE(r.maxMs(), 48.0);
    const QJsonObject j = r.toJson();
    QCOMPARE(j.value("median_ms").toDouble(), 42.62); // rounded to 0.01 ms in the file
    QCOMPARE(j.value("steps").toInt(), 4);
    QCOMPARE(j.value("state").toString(), QStringLiteral("done"));
    QCOMPARE(j.value("samples_ms").toArray(), (QJsonArray{48.0, 40.0, 44.0, 41.23}));
    QCOMPARE(j.value("axis").toString(), QStringLiteral("heave"));
    QCOMPARE(j.value("amplitude").toDouble(), 0.02);
    QCOMPARE(j.value("steps_asked").toInt(), 4);
    QCOMPARE(hil::TransportDelayResult{}.medianMs(), 0.0);
}

QTEST_GUILESS_MAIN(TestRavenTransportDelay)
#include "tst_raven_transportdelay.moc"
