// The vestibular models (lib/perception, docs/perception.md) against their transfer functions
// written out here from the literature, independently of the code's coefficient arithmetic:
//   canal    τ1·τa·s² / ((1 + τ1·s)(1 + τa·s)(1 + τ2·s))      τ1 5.73, τa 80, τ2 0.005 s
//   otolith  (τ1/τa)·(1 + τa·s) / ((1 + τ1·s)(1 + τ2·s))     τa 10, τ1 5, τ2 0.016 s
// Bode magnitude and phase from 0.01 to 15.85 rad/s (60 log-spaced points and the ICAO OMCT
// frequencies) at 250 Hz. Tolerance from the discretisation: Tustin without prewarping answers
// at ω' = (2/dt)·tan(ω·dt/2), a relative frequency error ≤ (ω·dt)²/12 = 3.4e-4 at 15.85 rad/s;
// with slopes of at most 40 dB/decade and 180° per decade that is ≤ 0.006 dB and ≤ 0.03°. We
// allow 0.01 dB and 0.05°. Then the time domain: a sine through step() has the amplitude and
// phase the transfer function says (within 0.2 %, 0.2°), so step() runs what the response
// describes. And the thresholds are the published numbers, typed here in the papers' units.
#include "perception/vestibular.h"

#include <QtTest>
#include <cmath>
#include <complex>

using namespace hil::perception;
using C = std::complex<double>;

namespace {

constexpr double kDt = 1.0 / 250.0;
constexpr double kPi = 3.14159265358979323846;
constexpr double kTolDb = 0.01, kTolDeg = 0.05;
constexpr double kOmct[] = {0.1,   0.158, 0.251, 0.398, 0.631, 1.0,
                            1.585, 2.512, 3.981, 6.31,  10.0,  15.85};

C canalAnalytic(double w)
{
    const C s(0, w);
    return 5.73 * 80.0 * s * s / ((1.0 + 5.73 * s) * (1.0 + 80.0 * s) * (1.0 + 0.005 * s));
}

C otolithAnalytic(double w)
{
    const C s(0, w);
    return (5.0 / 10.0) * (1.0 + 10.0 * s) / ((1.0 + 5.0 * s) * (1.0 + 0.016 * s));
}

std::vector<double> frequencies()
{
    std::vector<double> f;
    for (int i = 0; i < 60; ++i)
        f.push_back(0.01 * std::pow(1585.0, double(i) / 59.0)); // 0.01 … 15.85 rad/s
    f.insert(f.end(), std::begin(kOmct), std::end(kOmct));
    return f;
}

template <typename Response, typename Analytic>
void compareBode(Response response, Analytic analytic, const char *name)
{
    double worstDb = 0, worstDeg = 0;
    for (double w : frequencies()) {
        const C d = response(w), a = analytic(w);
        worstDb = std::max(worstDb, std::abs(20.0 * std::log10(std::abs(d) / std::abs(a))));
        worstDeg = std::max(worstDeg, std::abs(std::arg(d / a)) * 180.0 / kPi);
    }
    qInfo("%s: worst over 0.01..15.85 rad/s %.5f dB, %.5f deg", name, worstDb, worstDeg);
    QVERIFY2(worstDb < kTolDb, name);
    QVERIFY2(worstDeg < kTolDeg, name);
}

/// Amplitude ratio and phase (deg) of step()'s answer to sin(ωt), by a Fourier sum over whole
/// cycles after `settleS` seconds.
template <typename Channel> C measured(Channel ch, double w, double settleS)
{
    const double period = 2 * kPi / w;
    const int settle = int(std::ceil(settleS / kDt));
    const int cycles = 10;
    const int n = int(std::lround(cycles * period / kDt));
    C x = 0, y = 0;
    for (int k = 0; k < settle + n; ++k) {
        const double t = k * kDt;
        const double out = ch.step(std::sin(w * t));
        if (k >= settle) {
            const C e = std::exp(C(0, -w * t));
            x += std::sin(w * t) * e;
            y += out * e;
        }
    }
    return y / x;
}

} // namespace

class TstPerception : public QObject
{
    Q_OBJECT
private slots:
    void canalBode()
    {
        const CanalChannel ch(CanalParams{}, kDt);
        compareBode([&](double w) { return ch.discreteResponse(w); }, canalAnalytic, "canal");
    }
    void otolithBode()
    {
        const OtolithChannel ch(OtolithParams{}, kDt);
        compareBode([&](double w) { return ch.discreteResponse(w); }, otolithAnalytic, "otolith");
    }
    void stepRunsTheTransferFunction_data()
    {
        QTest::addColumn<double>("omega");
        QTest::newRow("0.5 rad/s") << 0.5;
        QTest::newRow("3.981 rad/s") << 3.981;
    }
    void stepRunsTheTransferFunction()
    {
        QFETCH(double, omega);
        // 800 s: ten of the canal's adaptation time constants, so its start transient is gone.
        const C canal = measured(CanalChannel(CanalParams{}, kDt), omega, 800.0);
        const C otolith = measured(OtolithChannel(OtolithParams{}, kDt), omega, 100.0);
        for (const auto &[m, a] :
             {std::pair{canal, canalAnalytic(omega)}, std::pair{otolith, otolithAnalytic(omega)}}) {
            QVERIFY2(std::abs(std::abs(m) / std::abs(a) - 1.0) < 2e-3,
                     qPrintable(QStringLiteral("gain %1 vs %2").arg(std::abs(m)).arg(std::abs(a))));
            QVERIFY(std::abs(std::arg(m / a)) * 180.0 / kPi < 0.2);
        }
    }
    void restIsNotFelt()
    {
        // A steady rotation fades (canal DC gain 0); a steady force stays, at K = τ1/τa.
        CanalChannel canal(CanalParams{}, kDt);
        OtolithChannel oto(OtolithParams{}, kDt);
        double c = 0, o = 0;
        for (int k = 0; k < 250 * 1000; ++k) {
            c = canal.step(1.0);
            o = oto.step(1.0);
        }
        QVERIFY(std::abs(c) < 1e-4);
        QVERIFY(std::abs(o - 0.5) < 1e-4);
    }
    void thresholdsArePublishedValues()
    {
        const Thresholds t;
        // Benson, Spencer & Stott 1986 (m/s²); Benson, Hutt & Brown 1989 (deg/s).
        QCOMPARE(t.specificForceMps2[0], 0.063);
        QCOMPARE(t.specificForceMps2[1], 0.057);
        QCOMPARE(t.specificForceMps2[2], 0.154);
        QVERIFY(std::abs(t.angularRateRadps[0] * 180.0 / kPi - 2.04) < 1e-6);
        QVERIFY(std::abs(t.angularRateRadps[1] * 180.0 / kPi - 2.07) < 1e-6);
        QVERIFY(std::abs(t.angularRateRadps[2] * 180.0 / kPi - 1.5) < 1e-6);
    }
};

QTEST_APPLESS_MAIN(TstPerception)
#include "tst_perception.moc"
