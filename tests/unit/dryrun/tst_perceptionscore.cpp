// The perception score (lib/dryrun/perceptionscore, docs/perception.md) against physics worked
// out here, not against the code's own tables:
//  - a level coordinated turn has no side force at the pilot (the ball stays centred), so the
//    aircraft's perceived sway is ~0 whatever the vestibular model; a right turn is a negative
//    yaw rate in the platform frame (yaw + = nose left) and the roll-in a positive roll (right
//    side down);
//  - an aircraft at rest and a platform at rest feel the same: score 100, no false cue;
//  - report.json carries the score (and the OMCT's tests, tst_omct), written in the C locale.
#include "dryrun/dryrunreport.h"
#include "dryrun/perceptionscore.h"
#include "dryruninput.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>
#include <cmath>

using namespace hil;
using namespace hil::dryrun;
using hil::dryrun::test::load;

class TstPerceptionScore : public QObject
{
    Q_OBJECT
private slots:
    void coordinatedTurnSwayIsNotFeltInTheAircraft()
    {
        const DryRunInput in = load(QStringLiteral("maneuver:coordinated-turn"));
        const DryRunOptions options;
        const DryRunResult r = runDryRun(in, options);
        const PerceptionScore s = scorePerception(in, r, options.model.rateHz, {}, 1);
        double swayMax = 0, yawMin = 0, rollMax = 0;
        for (std::size_t k = 0; k < s.trace.timeS.size(); ++k) {
            swayMax = std::max(swayMax, std::abs(s.trace.aircraft[1][k]));
            yawMin = std::min(yawMin, s.trace.aircraft[5][k]);
            rollMax = std::max(rollMax, s.trace.aircraft[3][k]);
        }
        qInfo("aircraft: |sway| <= %.2e m/s2, yaw min %.4f rad/s, roll max %.4f rad/s", swayMax,
              yawMin, rollMax);
        // A tenth of the sway threshold (0.057 m/s²): nothing a pilot could feel.
        QVERIFY(swayMax < 0.0057);
        QVERIFY(yawMin < -0.05); // turning right at 30 m/s, 30° bank: r = g·tan φ/V = 0.19
        QVERIFY(rollMax > 0.05); // rolling in, right side down
        // The platform has to make the turn's rotation and heave from washout and tilt: it is
        // scored, not perfect (and with the defaults, below a still seat: tst_perceptionbaseline).
        QVERIFY(std::isfinite(s.skill) && s.skill < 1.0);
        QVERIFY(s.axes[3].used && s.axes[5].used && !s.axes[1].used);
    }
    void restScoresFull()
    {
        DryRunInput in = load(QStringLiteral("maneuver:catapult"));
        in.frames.resize(500); // the first 2 s: standing on the catapult
        in.timesS.resize(500);
        const DryRunOptions options;
        const PerceptionScore s = scorePerception(in, runDryRun(in, options), options.model.rateHz);
        QCOMPARE(s.overall, 100.0);
        for (const AxisPerceptionScore &a : s.axes) {
            QCOMPARE(a.falseCueEvents, 0);
            QVERIFY(std::isnan(a.pearson));
        }
    }
    // A still seat is the baseline: skill exactly 0, whatever the manoeuvre (the rider feels
    // nothing, so the platform's error is the pilot's whole motion and there is no false cue).
    void stillSeatScoresZero()
    {
        const DryRunInput in = load(QStringLiteral("maneuver:catapult"));
        DryRunOptions still;
        still.cueing.masterGain = 0.0;
        const QJsonObject p =
            perceptionJson(scorePerception(in, runDryRun(in, still), still.model.rateHz), {});
        QCOMPARE(p.value(QStringLiteral("skill")).toDouble(-1.0), 0.0);
        QCOMPARE(p.value(QStringLiteral("overall_score")).toDouble(-1.0), 0.0);
    }
    // The catapult is a level shot: the pilot feels no pitch rate. The platform gives the
    // sustained surge by pitching the seat back (tilt coordination) at its 3 °/s rate limit,
    // above the 2.07 °/s pitch threshold: a false pitch cue, counted on an axis the aircraft
    // does not use, and counted as tilt (the cue asks for a pitch angle meanwhile).
    void catapultTiltIsAFalseCue()
    {
        const DryRunInput in = load(QStringLiteral("maneuver:catapult"));
        const DryRunOptions options;
        const QJsonObject pitch =
            perceptionJson(scorePerception(in, runDryRun(in, options), options.model.rateHz), {})
                .value(QStringLiteral("axes"))
                .toObject()
                .value(QStringLiteral("pitch"))
                .toObject();
        qInfo("catapult pitch: used %d, %d false cues (%.3f threshold·s), %d tilt (%.3f)",
              int(pitch.value(QStringLiteral("used")).toBool()),
              pitch.value(QStringLiteral("false_cues")).toInt(),
              pitch.value(QStringLiteral("false_cue_threshold_s")).toDouble(),
              pitch.value(QStringLiteral("tilt_false_cues")).toInt(),
              pitch.value(QStringLiteral("tilt_false_cue_threshold_s")).toDouble());
        QVERIFY(!pitch.value(QStringLiteral("used")).toBool(true));
        QVERIFY(pitch.value(QStringLiteral("false_cues")).toInt() >= 1);
        QVERIFY(pitch.value(QStringLiteral("false_cue_threshold_s")).toDouble() > 0.0);
        QVERIFY(pitch.value(QStringLiteral("tilt_false_cues")).toInt() >= 1);
        QVERIFY(pitch.value(QStringLiteral("tilt_false_cue_threshold_s")).toDouble() > 0.0);
    }
    void reportCarriesTheScore()
    {
        const DryRunInput in = load(QStringLiteral("maneuver:takeoff"));
        const DryRunOptions options;
        const QJsonObject report = buildReport(in, options, runDryRun(in, options));
        const QJsonObject p = report.value(QStringLiteral("perception")).toObject();
        QVERIFY(p.value(QStringLiteral("overall_score")).isDouble());
        const QJsonObject axes = p.value(QStringLiteral("axes")).toObject();
        QCOMPARE(axes.size(), 6);
        const QJsonObject surge = axes.value(QStringLiteral("surge")).toObject();
        for (const char *key : {"nrmse", "pearson_r", "score", "skill", "used", "false_cues",
                                "false_cue_threshold_s"})
            QVERIFY2(surge.contains(QLatin1String(key)), key);
        QCOMPARE(p.value(QStringLiteral("omct"))
                     .toObject()
                     .value(QStringLiteral("tests"))
                     .toObject()
                     .size(),
                 10); // lib/dryrun/omct.h, tst_omct
        QVERIFY(axes.value(QStringLiteral("pitch"))
                    .toObject()
                    .contains(QStringLiteral("tilt_false_cues")));
        QVERIFY(p.value(QStringLiteral("skill")).isDouble());
        // Numbers with a decimal point whatever LC_NUMERIC says (the suite also runs in German).
        const QByteArray json = QJsonDocument(report).toJson();
        QVERIFY(json.contains("\"overall_score\": "));
        QVERIFY(!json.contains("\"overall_score\": \"")); // a number, not a string
    }
};

QTEST_GUILESS_MAIN(TstPerceptionScore)
#include "tst_perceptionscore.moc"
