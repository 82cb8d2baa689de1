// The measured OMCT's analysis (lib/dryrun/omctmeasured.h) against signals made here: the sine
// fit on unevenly spaced samples (2 ms jitter, 5 % of them dropped) recovers the gains and
// phases it was given; and a session written here (session.json, platform.csv with the
// platform's own µs clock, cues.csv) analysed whole: a surge input whose platform answers with a
// known gain and phase at the head, one component below one count of the wire ("not
// measurable"), the other inputs not run (not measured).
#include "dryrun/maneuvers.h"
#include "dryrun/omctmeasured.h"
#include "raven/cueing.h"
#include "raven/ravencodec.h"
#include "session/cuescsv.h"
#include "session/records.h"
#include "session/sessionformat.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <random>

namespace {
constexpr double kPi = 3.14159265358979323846;
using Complex = std::complex<double>;

/// Sample times about `rateHz` apart with 2 ms of jitter, 5 % dropped.
std::vector<double> unevenTimes(double from, double to, double rateHz, std::mt19937 &rng)
{
    std::normal_distribution<double> jitter(0.0, 0.002);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    std::vector<double> t;
    for (double x = from; x < to; x += 1.0 / rateHz)
        if (u(rng) >= 0.05)
            t.push_back(x + jitter(rng));
    std::sort(t.begin(), t.end());
    return t;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}
} // namespace

class TestOmctMeasured : public QObject
{
    Q_OBJECT

private slots:
    void fitRecoversGainAndPhaseFromUnevenSamples()
    {
        std::mt19937 rng(7);
        std::vector<double> omega;
        for (int h : {2, 3, 5, 8, 13, 20, 32, 50, 80, 126})
            omega.push_back(2.0 * kPi * h / 125.66);
        std::vector<Complex> truth;
        for (std::size_t k = 0; k < omega.size(); ++k)
            truth.push_back(std::polar(0.1 + 0.05 * double(k), -2.5 + 0.45 * double(k)));
        const std::vector<double> t = unevenTimes(0.0, 251.3, 20.0, rng);
        std::normal_distribution<double> noise(0.0, 0.002);
        std::vector<double> y;
        for (double x : t) {
            double v = 0.3 + 0.001 * x + noise(rng); // an offset, a drift, the noise
            for (std::size_t k = 0; k < omega.size(); ++k)
                v += std::imag(truth[k] * std::polar(1.0, omega[k] * x));
            y.push_back(v);
        }
        const hil::dryrun::SineFit f = hil::dryrun::fitSines(t, y, omega);
        QVERIFY(f.ok);
        for (std::size_t k = 0; k < omega.size(); ++k) {
            QVERIFY2(std::abs(std::abs(f.phasor[k]) / std::abs(truth[k]) - 1.0) < 0.01,
                     qPrintable(QString::number(k)));
            QVERIFY2(std::abs(std::arg(f.phasor[k] / truth[k])) * 180.0 / kPi < 1.0,
                     qPrintable(QString::number(k)));
        }
        QVERIFY(std::abs(f.offset - 0.3 - 0.001 * 125.6) < 0.01);
        // Fewer samples than unknowns: no fit, not a wrong one.
        QVERIFY(!hil::dryrun::fitSines({0.0, 1.0, 2.0}, {0.0, 1.0, 0.0}, omega).ok);
        QVERIFY(hil::dryrun::twoPeriodCoherence(Complex(1, 0), Complex(1, 0)) > 0.999);
        QVERIFY(hil::dryrun::twoPeriodCoherence(Complex(1, 0), Complex(-1, 0)) < 0.001);
    }

private:
    // A platform that answers surge's specific force at the head with gain G and phase ψ per
    // component; the session as the program writes it, into `dir`. With pauseS > 0 the cues as
    // sent stop for pauseS from pauseAtS into the excitation (the program held up).
    static double gainOf(int k) { return 0.9 - 0.06 * k; }
    static double phaseOf(int k) { return -0.12 * k; }
    void writeSurgeSession(const QTemporaryDir &dir, hil::dryrun::OmctMeasuredInput *input,
                           double pauseAtS = 0.0, double pauseS = 0.0)
    {
        hil::OmctMeasurementSettings s;
        for (int i = 0; i < hil::dryrun::kOmctFrequencyCount; ++i) {
            s.omegaRadS.push_back(hil::dryrun::kOmctFrequencies[i]);
            // Component 4 at 0.4 mm/s²: under one count (1 mm/s²) on the wire.
            s.amplitude[0].push_back(i == 4 ? 0.0004 : 0.2);
        }
        s.basePeriodS = 125.66;
        s.periods = 2;
        s.settleS = 2.0;
        s.common.rampS = 2.0;
        s.common.restS = 1.0;
        const double originS = 3.0; // the excitation's start, s into the session
        const qint64 epochNs = 5'000'000'000;
        hil::PlatformMeasurementResult run;
        run.state = hil::PlatformMeasurementResult::State::Stopped; // partial: surge only
        run.dofsDone = 1;
        run.excitationStartNs[0] = epochNs + qint64(originS * 1e9);
        const auto comps = s.components(0, false);
        QCOMPARE(int(comps.size()), hil::dryrun::kOmctFrequencyCount);

        std::mt19937 rng(11);
        QByteArray platform = hil::platformCsvHeader();
        for (double t : unevenTimes(0.0, s.excitationS(), 20.0, rng)) {
            // The pose whose −ω²X is G·U at the head (no rotation: no lever arm, no tilt).
            double x = 0.0;
            for (std::size_t k = 0; k < comps.size(); ++k) {
                const auto &c = comps[k];
                x -= gainOf(int(k)) * c.amplitude / (c.omegaRadS * c.omegaRadS) *
                     std::sin(c.omegaRadS * t + c.phaseRad + phaseOf(int(k)));
            }
            hil::PlatformRow row;
            row.messageId = 65535;
            row.surgeM = x;
            row.statusWord = 3; // CUEING
            row.decodeStatus();
            row.hasPlatformTime = true;
            row.platformTimeUs = std::uint32_t(std::llround((t + 100.0) * 1e6)); // its own zero
            // Arrival: 1 ms late plus up to 2 ms of jitter; the platform's clock says when.
            const double arrival = originS + t + 0.001 + 0.002 * double(rng() % 1000) / 1000.0;
            hil::appendPlatformRow(platform, row, arrival);
        }
        QVERIFY(writeFile(dir.filePath(QStringLiteral("platform.csv")), platform));

        // The cues as the link sends them: the aircraft's surge through a unit cueing.
        hil::raven::MotionCueing cueing;
        QByteArray cues = hil::cuesCsvHeader();
        for (double t = 0.0; t < s.excitationS(); t += 0.01) {
            if (t >= pauseAtS && t < pauseAtS + pauseS)
                continue;
            hil::raven::Cue c = cueing.neutral();
            c.v[hil::raven::AxSurge] = s.motion(0, t).value;
            std::uint64_t clamps = 0;
            hil::raven::Frame f;
            QVERIFY(hil::raven::decodeFrame(cueing.encodeTestPulse(c, &clamps),
                                            hil::raven::Direction::ToPlatform, &f));
            hil::CueRow row;
            row.messageId = f.id;
            row.wordCount = f.words;
            for (int i = 0; i < f.words && i < 9; ++i)
                row.words[std::size_t(i)] = f.payload[std::size_t(i)];
            row.cueGain = row.masterGain = 1.0;
            row.origin = 6;
            hil::appendCueRow(cues, row, originS + t);
        }
        QVERIFY(writeFile(dir.filePath(QStringLiteral("cues.csv")), cues));
        QVERIFY(writeFile(dir.filePath(QStringLiteral("session.json")),
                          QJsonDocument(QJsonObject{{QStringLiteral("recorder"),
                                                     QJsonObject{{QStringLiteral("epoch_ns"),
                                                                  QString::number(epochNs)}}}})
                              .toJson()));

        input->sessionDir = dir.path();
        input->settings = s;
        input->run = run;
    }

private slots:
    void analysesASessionAndMarksWhatTheWireCannotCarry()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        hil::dryrun::OmctMeasuredInput in;
        writeSurgeSession(dir, &in);
        if (QTest::currentTestFailed())
            return;
        const hil::OmctMeasurementSettings &s = in.settings;
        const auto comps = s.components(0, false);
        const hil::dryrun::OmctMeasured m = hil::dryrun::analyseOmct(in, {});
        QVERIFY2(m.error.isEmpty(), qPrintable(m.error));
        QVERIFY(m.timedByPlatformClock);
        QCOMPARE(m.inputsMeasured, 1);
        const auto &surge = m.tests[0];
        for (std::size_t k = 0; k < comps.size(); ++k) {
            const auto &p = surge[std::size_t(comps[k].index)];
            QVERIFY(p.measured);
            if (k == 4) {
                QVERIFY2(!p.measurable, qPrintable(QString::number(p.wireCounts)));
                continue;
            }
            QVERIFY2(p.measurable, qPrintable(QString::number(k)));
            QVERIFY2(std::abs(p.gain / gainOf(int(k)) - 1.0) < 0.02,
                     qPrintable(QStringLiteral("%1: gain %2").arg(k).arg(p.gain)));
            QVERIFY2(std::abs(p.phaseDeg - phaseOf(int(k)) * 180.0 / kPi) < 2.0,
                     qPrintable(QStringLiteral("%1: phase %2").arg(k).arg(p.phaseDeg)));
            QVERIFY2(p.coherence > 0.99, qPrintable(QString::number(p.coherence)));
        }
        // 5 % of the 20 Hz poses dropped is no interruption.
        QVERIFY2(!m.pause[0].interrupted, qPrintable(QString::number(m.pause[0].longestS)));
        // Sway's input never ran: its points are not measured, the JSON says so.
        QVERIFY(!m.tests[1][5].measured);
        const QJsonObject json = hil::dryrun::omctMeasuredJson(m, in);
        QCOMPARE(json.value(QStringLiteral("excitation")).toString(), QStringLiteral("multisine"));
        QCOMPARE(json.value(QStringLiteral("complete")).toBool(), false);
        const QJsonArray points = json.value(QStringLiteral("tests"))
                                      .toObject()
                                      .value(QStringLiteral("surge"))
                                      .toObject()
                                      .value(QStringLiteral("points"))
                                      .toArray();
        QCOMPARE(points.size(), hil::dryrun::kOmctFrequencyCount);
        QCOMPARE(points[4].toObject().value(QStringLiteral("measurable")).toBool(true), false);
        QVERIFY(points[4].toObject().value(QStringLiteral("gain")).isNull());
        QVERIFY(hil::dryrun::omctMeasuredUsable(m));
    }

    // A pause is a gap well past the stream's own spacing, and past 0.1 s.
    void aPauseIsAGapPastTheStreamsOwnSpacing()
    {
        std::vector<double> t;
        for (int i = 0; i < 500; ++i)
            t.push_back(0.01 * i + (i >= 200 ? 0.25 : 0.0)); // 100 Hz, 0.26 s gap after 1.99 s
        const hil::dryrun::OmctPause p = hil::dryrun::omctPause(t, 0.0, 10.0);
        QVERIFY(std::abs(p.longestS - 0.26) < 1e-9);
        QVERIFY(p.interrupted);
        // The same gap outside the window is not seen.
        QVERIFY(!hil::dryrun::omctPause(t, 2.3, 10.0).interrupted);
        // 80 ms at 100 Hz: under 0.1 s, no interruption (a scheduler's hiccup).
        std::vector<double> u;
        for (int i = 0; i < 500; ++i)
            u.push_back(0.01 * i + (i >= 200 ? 0.07 : 0.0));
        QVERIFY(!hil::dryrun::omctPause(u, 0.0, 10.0).interrupted);
        // 0.2 s in a 20 Hz stream: four of its own spacings, no interruption.
        std::vector<double> v;
        for (int i = 0; i < 100; ++i)
            v.push_back(0.05 * i + (i >= 50 ? 0.15 : 0.0));
        QVERIFY(!hil::dryrun::omctPause(v, 0.0, 10.0).interrupted);
        QVERIFY(!hil::dryrun::omctPause({}, 0.0, 1.0).interrupted);
    }

    // The program held up for 0.4 s in surge's measured periods (the cues as sent stop): the
    // input is interrupted; the JSON, the page and omctMeasuredUsable say so whatever the fit.
    void aPauseInTheCuesMarksTheInputInterrupted()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        hil::dryrun::OmctMeasuredInput in;
        writeSurgeSession(dir, &in, 40.0, 0.4); // measured from 4 s (2 s ramp, 2 s settle)
        if (QTest::currentTestFailed())
            return;
        const hil::dryrun::OmctMeasured m = hil::dryrun::analyseOmct(in, {});
        QVERIFY2(m.error.isEmpty(), qPrintable(m.error));
        QVERIFY(m.pause[0].interrupted);
        QVERIFY2(m.pause[0].longestS > 0.4 && m.pause[0].longestS < 0.425,
                 qPrintable(QString::number(m.pause[0].longestS)));
        QVERIFY(!hil::dryrun::omctMeasuredUsable(m));
        const QJsonObject json = hil::dryrun::omctMeasuredJson(m, in);
        const QJsonObject surge = json.value(QStringLiteral("tests"))
                                      .toObject()
                                      .value(QStringLiteral("surge"))
                                      .toObject();
        QVERIFY(surge.value(QStringLiteral("interrupted")).toBool());
        const double ms = surge.value(QStringLiteral("longest_pause_ms")).toDouble();
        QVERIFY2(ms >= 400 && ms <= 425, qPrintable(QString::number(ms)));
        const QString html = hil::dryrun::omctMeasuredHtml(json);
        QVERIFY2(html.contains(QStringLiteral("paused for %1 ms").arg(ms)),
                 qPrintable(html.left(2000)));
        QVERIFY(html.contains(QLatin1String("Measure again with nothing else running")));
    }
};

QTEST_GUILESS_MAIN(TestOmctMeasured)
#include "tst_omctmeasured.moc"
