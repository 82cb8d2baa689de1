// The vestibular models (lib/perception, docs/perception.md "The models against the papers")
// against published psychophysics: not the constants typed a second time, but what the papers
// measured, reproduced by driving the models with each paper's own stimulus.
//
// Method, the same for every paper: the stimulus of the paper at unit amplitude goes through the
// model's channel at 250 Hz; the peak of the perceived response in the direction of the
// stimulus's onset, over the stimulus and one second after it, is the model's gain for that
// stimulus (the papers ask for the direction of the motion; a perceived peak the other way, the
// canal's after-effect or the otolith's felt deceleration, does not tell it). The models are
// linear, so the stimulus amplitude at which the perceived response peaks at the threshold is
// threshold / gain (checked by running it again at that amplitude). Thresholds against duration are
// compared in dB as the least-squares slope over log10(duration), in dB per decade, the form in
// which Benson, Hutt & Brown 1989 quote theirs.
//
// Stimuli:
//   Benson et al. 1986 (linear) and 1989 (angular): "cosine bell velocity trajectory", a velocity
//   pulse (1 − cos 2πt/T)/2 of duration T, i.e. one cycle of sinusoidal acceleration; 1986 gives
//   the threshold as the peak acceleration, 1989 as the peak velocity.
//   Grabherr et al. 2008 and Soyka et al. 2012 (yaw): single cycles of sinusoidal acceleration,
//   threshold as peak velocity: the same pulse, T = 1/f.
//   Rodenburg, Stassen & Maas: constant angular acceleration for t_s, threshold as acceleration.
//
// Tolerance: 1 dB/decade on a slope. A straight line through thresholds that follow a curve is
// what the papers quote; 1 dB/decade keeps every point of Benson's 0.9-20 s range within 0.7 dB
// (8 %) of the paper's line about its middle. Where the model misses by more, the check is a
// QEXPECT_FAIL carrying both figures: the gap is documented, and a model that came to match the
// paper would XPASS and fail the test until the documentation is updated.
#include "perception/vestibular.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

using namespace hil::perception;

namespace {

constexpr double kDt = 1.0 / 250.0;
constexpr double kPi = 3.14159265358979323846;
constexpr double kTailS = 1.0; // how long after the stimulus a peak still counts
constexpr double kSlopeTolDbPerDecade = 1.0;

using Stimulus = std::function<double(double t)>; // unit amplitude, zero outside [0, T]

/// Benson's cosine bell: a velocity pulse of peak 1 and duration T.
Stimulus cosineBellVelocity(double T)
{
    return [T](double t) { return t < 0 || t > T ? 0.0 : 0.5 * (1.0 - std::cos(2 * kPi * t / T)); };
}

/// The same pulse as an acceleration: one cycle of sin(2πt/T), peak 1.
Stimulus sineCycleAcceleration(double T)
{
    return [T](double t) { return t < 0 || t > T ? 0.0 : std::sin(2 * kPi * t / T); };
}

/// Velocity of a constant acceleration of 1 held for ts, then coasting at ts.
Stimulus accelerationStepVelocity(double ts)
{
    return [ts](double t) { return t < 0 ? 0.0 : std::min(t, ts); };
}

/// Peak perceived response of a fresh channel to `amplitude`·stimulus over [0, T + tail].
template <typename Channel>
double peakResponse(Channel ch, const Stimulus &s, double T, double amplitude, bool eitherSign)
{
    const int n = int(std::ceil((T + kTailS) / kDt));
    double peak = 0;
    for (int k = 0; k <= n; ++k) {
        const double y = ch.step(amplitude * s(k * kDt));
        peak = std::max(peak, eitherSign ? std::abs(y) : y);
    }
    return peak;
}

/// The stimulus amplitude at which the channel's perceived peak is `threshold`.
template <typename Channel>
double thresholdAmplitude(const Channel &ch, const Stimulus &s, double T, double threshold,
                          bool eitherSign)
{
    const double a = threshold / peakResponse(ch, s, T, 1.0, eitherSign);
    // Linear model: the peak at that amplitude is the threshold (a check of the method, not of
    // the paper).
    const double again = peakResponse(ch, s, T, a, eitherSign);
    if (std::abs(again / threshold - 1.0) > 1e-9)
        qFatal("perceived peak %g at the threshold amplitude, expected %g", again, threshold);
    return a;
}

double db(double ratio)
{
    return 20.0 * std::log10(ratio);
}

/// Least-squares slope of y against log10(x).
double slopePerDecade(const std::vector<double> &x, const std::vector<double> &y)
{
    double mx = 0, my = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        mx += std::log10(x[i]);
        my += y[i];
    }
    mx /= double(x.size());
    my /= double(x.size());
    double sxy = 0, sxx = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const double dx = std::log10(x[i]) - mx;
        sxy += dx * (y[i] - my);
        sxx += dx * dx;
    }
    return sxy / sxx;
}

std::vector<double> logSpaced(double from, double to, int n)
{
    std::vector<double> v;
    for (int i = 0; i < n; ++i)
        v.push_back(from * std::pow(to / from, double(i) / (n - 1)));
    return v;
}

/// The canal's yaw thresholds (peak velocity, °/s) for cosine-bell pulses of these durations.
std::vector<double> canalBellThresholds(const CanalParams &p, const std::vector<double> &durations)
{
    const Thresholds t;
    std::vector<double> out;
    for (double T : durations)
        out.push_back(thresholdAmplitude(CanalChannel(p, kDt), cosineBellVelocity(T), T,
                                         t.angularRateRadps[2], false) /
                      kDegToRad);
    return out;
}

std::vector<double> inDb(const std::vector<double> &v)
{
    std::vector<double> out;
    for (double x : v)
        out.push_back(db(x));
    return out;
}

QString list(const std::vector<double> &v, int decimals = 2)
{
    QStringList s;
    for (double x : v)
        s << QString::number(x, 'f', decimals);
    return s.join(QStringLiteral(", "));
}

} // namespace

class TstPsychophysics : public QObject
{
    Q_OBJECT
private slots:
    void yawThresholdAgainstDuration_data()
    {
        QTest::addColumn<QVector<double>>("durations");
        QTest::addColumn<double>("paperSlope");
        QTest::addColumn<QString>("paperFigure");
        // Benson, Hutt & Brown 1989 (Aviat Space Environ Med 60:205-213, abstract): Z-axis
        // thresholds rise 5.9 dB/decade over 0.9-20 s. The durations between the ends are not in
        // the text available to us: seven log-spaced from 0.9 to 20 s.
        {
            const auto d = logSpaced(0.9, 20.0, 7);
            QTest::newRow("Benson 1989") << QVector<double>(d.begin(), d.end()) << 5.9
                                         << QStringLiteral("5.9 dB/decade (quoted)");
        }
        // Grabherr et al. 2008 (Exp Brain Res 186:677-681, abstract): single cycles of sinusoidal
        // acceleration at 0.05 … 5 Hz; mean yaw velocity thresholds 2.8, 2.5, 1.7, 0.7, 0.6,
        // 0.4, 0.6 °/s. Their slope by the same fit as the model's.
        {
            const std::vector<double> d{20.0, 10.0, 5.0, 2.0, 1.0, 0.5, 0.2};
            const std::vector<double> thr{2.8, 2.5, 1.7, 0.7, 0.6, 0.4, 0.6};
            const double s = slopePerDecade(d, inDb(thr));
            QTest::newRow("Grabherr 2008")
                << QVector<double>(d.begin(), d.end()) << s
                << QStringLiteral("%1 dB/decade from %2 °/s").arg(s, 0, 'f', 2).arg(list(thr, 1));
        }
        // Soyka et al. 2012 (Exp Brain Res 220:89-99, abstract): sinusoidal acceleration
        // profiles, thresholds ~0.8 °/s at 0.3 s and ~2 °/s at 6.7 s (the abstract's rounding).
        {
            const std::vector<double> d{0.3, 6.7};
            const double s = slopePerDecade(d, inDb({0.8, 2.0}));
            QTest::newRow("Soyka 2012")
                << QVector<double>(d.begin(), d.end()) << s
                << QStringLiteral("%1 dB/decade from 0.8 and 2 °/s").arg(s, 0, 'f', 2);
        }
    }
    void yawThresholdAgainstDuration()
    {
        QFETCH(QVector<double>, durations);
        QFETCH(double, paperSlope);
        QFETCH(QString, paperFigure);
        const std::vector<double> d(durations.begin(), durations.end());
        const std::vector<double> thr = canalBellThresholds(CanalParams{}, d);
        const double modelSlope = slopePerDecade(d, inDb(thr));
        qInfo("durations %s s: model thresholds %s °/s, %.2f dB/decade; paper %s",
              qPrintable(list(d)), qPrintable(list(thr, 3)), modelSlope, qPrintable(paperFigure));

        // What the model does reproduce: the thresholds rise with duration, everywhere.
        std::vector<double> sorted = d;
        std::sort(sorted.begin(), sorted.end());
        const std::vector<double> thrSorted = canalBellThresholds(CanalParams{}, sorted);
        for (std::size_t i = 1; i < thrSorted.size(); ++i)
            QVERIFY2(thrSorted[i] > thrSorted[i - 1],
                     qPrintable(QStringLiteral("threshold at %1 s not above %2 s")
                                    .arg(sorted[i])
                                    .arg(sorted[i - 1])));

        // What it does not: how fast. The canal's 5.73 s cupula constant alone leaves short
        // pulses almost untouched, so the model's thresholds rise too slowly.
        const QByteArray gap =
            QStringLiteral("model %1 dB/decade, paper %2 dB/decade (tolerance %3)")
                .arg(modelSlope, 0, 'f', 2)
                .arg(paperSlope, 0, 'f', 2)
                .arg(kSlopeTolDbPerDecade)
                .toUtf8();
        QEXPECT_FAIL("", gap.constData(), Continue);
        QVERIFY2(std::abs(modelSlope - paperSlope) <= kSlopeTolDbPerDecade, gap.constData());
    }

    void yawThresholdAgainstAccelerationStep()
    {
        // Rodenburg, Stassen & Maas, "The threshold of perception of angular acceleration as a
        // function of duration" (abstract): constant yaw accelerations of 3 to 25 s; thresholds
        // follow a = C / (1 − exp(−t_s/τ1)) with τ1 = 14.5 s, C = 0.22 °/s² (somatosensory
        // reports). The model's thresholds for the same stimulus (velocity ramp for t_s, then
        // held), against the paper's curve at six log-spaced durations.
        const Thresholds t;
        const auto d = logSpaced(3.0, 25.0, 6);
        std::vector<double> model, paper;
        for (double ts : d) {
            model.push_back(thresholdAmplitude(CanalChannel(CanalParams{}, kDt),
                                               accelerationStepVelocity(ts), ts,
                                               t.angularRateRadps[2], false) /
                            kDegToRad);
            paper.push_back(0.22 / (1.0 - std::exp(-ts / 14.5)));
        }
        const double modelSlope = slopePerDecade(d, inDb(model));
        const double paperSlope = slopePerDecade(d, inDb(paper));
        qInfo(
            "durations %s s: model %s °/s², %.2f dB/decade; paper's curve %s °/s², %.2f dB/decade",
            qPrintable(list(d)), qPrintable(list(model, 3)), modelSlope, qPrintable(list(paper, 3)),
            paperSlope);
        // Reproduced: thresholds fall with duration (the longer the push, the smaller it may be)
        // and level off; the model's never rise again by more than 1 %.
        QVERIFY(model.back() < model.front());
        for (std::size_t i = 1; i < model.size(); ++i)
            QVERIFY(model[i] < 1.01 * model[i - 1]);
        // Not reproduced: this paper's τ1 is longer than the model's 5.73 s, so its thresholds
        // keep falling where the model's have levelled off (the other way from Benson's).
        const QByteArray gap =
            QStringLiteral("model %1 dB/decade, paper %2 dB/decade (tolerance %3)")
                .arg(modelSlope, 0, 'f', 2)
                .arg(paperSlope, 0, 'f', 2)
                .arg(kSlopeTolDbPerDecade)
                .toUtf8();
        QEXPECT_FAIL("", gap.constData(), Continue);
        QVERIFY2(std::abs(modelSlope - paperSlope) <= kSlopeTolDbPerDecade, gap.constData());
    }

    void surgeThresholdAgainstDuration()
    {
        // Benson, Spencer & Stott 1986 (Aviat Space Environ Med 57:1088-1096, abstract): X-axis
        // acceleration thresholds "increase as a monotonic function of stimulus duration over the
        // range 0.98 to 6.96 s", cosine-bell velocity pulses. The size of the rise is in the
        // paper's figure, which is not in the text available to us: the test checks the direction
        // and reports the model's slope.
        const Thresholds t;
        const auto d = logSpaced(0.98, 6.96, 5);
        std::vector<double> thr, thrEitherSign;
        for (double T : d) {
            const OtolithChannel ch(OtolithParams{}, kDt);
            const auto s = sineCycleAcceleration(T);
            thr.push_back(thresholdAmplitude(ch, s, T, t.specificForceMps2[0], false));
            thrEitherSign.push_back(thresholdAmplitude(ch, s, T, t.specificForceMps2[0], true));
        }
        qInfo("durations %s s: model thresholds %s m/s², %.2f dB/decade (peak of either sign: "
              "%s m/s², %.2f dB/decade)",
              qPrintable(list(d)), qPrintable(list(thr, 4)), slopePerDecade(d, inDb(thr)),
              qPrintable(list(thrEitherSign, 4)), slopePerDecade(d, inDb(thrEitherSign)));
        for (std::size_t i = 1; i < thr.size(); ++i)
            QVERIFY2(
                thr[i] > thr[i - 1],
                qPrintable(
                    QStringLiteral("threshold at %1 s not above %2 s").arg(d[i]).arg(d[i - 1])));
    }

    void paperStimulusPeaksAtThreshold_data()
    {
        QTest::addColumn<int>("axis");
        QTest::addColumn<double>("durationS");
        // Benson et al. 1986: 3 s pulses; Benson et al. 1989: 3.3 s pulses.
        QTest::newRow("surge") << 0 << 3.0;
        QTest::newRow("sway") << 1 << 3.0;
        QTest::newRow("heave") << 2 << 3.0;
        QTest::newRow("roll") << 3 << 3.3;
        QTest::newRow("pitch") << 4 << 3.3;
        QTest::newRow("yaw") << 5 << 3.3;
    }
    void paperStimulusPeaksAtThreshold()
    {
        // The papers give their thresholds in stimulus units (peak acceleration, peak velocity);
        // the program compares PERCEIVED values, so its thresholds must be what the paper's
        // threshold stimulus peaks at through the model. Measured here with this file's own
        // stimulus and peak search, against the thresholds the score uses.
        QFETCH(int, axis);
        QFETCH(double, durationS);
        const Thresholds published;
        const double theta = published.axis(axis);
        const double peak =
            axis < 3 ? peakResponse(OtolithChannel(OtolithParams{}, kDt),
                                    sineCycleAcceleration(durationS), durationS, theta, false)
                     : peakResponse(CanalChannel(CanalParams{}, kDt), cosineBellVelocity(durationS),
                                    durationS, theta, false);
        const double used = PerceptionConfig{}.thresholds.axis(axis);
        qInfo("the paper's threshold stimulus peaks at %.3f of the published threshold (%.2f dB); "
              "the score's threshold is %.3f of it",
              peak / theta, db(peak / theta), used / theta);
        QVERIFY2(std::abs(used / peak - 1.0) <= 0.005,
                 "the score's threshold must be the perceived peak of the paper's stimulus");
        // And the conversion matters: the canal takes 13 % off the 3.3 s pulse.
        if (axis >= 3)
            QVERIFY(peak / theta < 0.9);
    }
};

QTEST_APPLESS_MAIN(TstPsychophysics)
#include "tst_psychophysics.moc"
