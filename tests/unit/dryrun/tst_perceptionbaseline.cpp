// The perception score against its baselines (docs/perception.md, "The score"): a verdict a
// switched-off platform cannot win. On each built-in manoeuvre that flies a short event
// (catapult, coordinated turn, take-off, landing; not the long omct-* sweeps), in raw skill (the
// 0..100 score is 0 for everything at or below a still seat, so ties there say nothing):
//  - the still seat (the defaults with master_gain 0: the platform never moves) has skill 0;
//  - every axis inverted (each `invert` flipped: every cue the wrong way) scores below the still
//    seat and below the defaults;
//  - the defaults (the first ride's master gain, 0.3) score above the still seat;
//  - the search's suggestion (a small budget) is never below the still seat nor, in the
//    search's own order (fewer steps at a limit, then skill), below the defaults, and beats the
//    still seat by at least 10 points; its figures are checked by running the dry run again.
// The coordinated turn is the exception, and a finding about the assumed platform rather than a
// reason to bend the score (docs/perception.md, "The default settings"): what the pilot feels
// for most of it is a sustained 1.15 g and a steady yaw rate, which no washout can hold, and the
// onset cues it can give tilt a side force into the seat the pilot does not feel. No cueing
// setting, nor any setting of the assumed washout, does more than a point better than a still
// seat there (tst_suggest's bound); at the first ride's gain the defaults and the inverted
// settings are within 2 points of it (checked here; at the full master gain the defaults are 27
// points below it), and the three comparisons that would need more are expected failures.
// In-process through the library (no program spawned) and a small search budget: this test runs
// in every suite pass, the sanitizer builds included.
#include "dryrun/perceptionscore.h"
#include "dryrun/suggest.h"
#include "dryruninput.h"

#include <QtTest>

using namespace hil;
using namespace hil::dryrun;
using hil::dryrun::test::load;

namespace {

constexpr int kEvaluations = 40;

PerceptionScore scoreOf(const DryRunInput &in, const raven::CueingSettings &cueing)
{
    DryRunOptions o;
    o.cueing = cueing;
    return scorePerception(in, runDryRun(in, o), o.model.rateHz);
}

} // namespace

class TstPerceptionBaseline : public QObject
{
    Q_OBJECT
private slots:
    void stillAndInvertedScoreBelowTheDefaults_data()
    {
        QTest::addColumn<QString>("maneuver");
        for (const char *m : {"catapult", "coordinated-turn", "takeoff", "landing"})
            QTest::newRow(m) << QString::fromLatin1(m);
    }
    void stillAndInvertedScoreBelowTheDefaults()
    {
        QFETCH(QString, maneuver);
        const DryRunInput in = load(QStringLiteral("maneuver:") + maneuver);
        const raven::CueingSettings defaults;
        raven::CueingSettings still = defaults;
        still.masterGain = 0.0;
        raven::CueingSettings inverted = defaults;
        for (raven::AxisSettings &a : inverted.axes)
            a.invert = !a.invert;
        const PerceptionScore d = scoreOf(in, defaults), s = scoreOf(in, still),
                              i = scoreOf(in, inverted);
        const SuggestResult r = suggestSettings({&in}, DryRunOptions{}, {kEvaluations, 1});
        const PerceptionScore g = scoreOf(in, r.settings);
        qInfo("%s: score (skill) default %.1f (%.3f), still %.1f (%.3f), inverted %.1f (%.3f), "
              "suggested %.1f (%.3f), %d limit hits (defaults %d)",
              qPrintable(maneuver), d.overall, d.skill, s.overall, s.skill, i.overall, i.skill,
              g.overall, g.skill, r.after.limitHits, r.before.limitHits);

        QCOMPARE(s.skill, 0.0);
        QCOMPARE(s.overall, 0.0);
        QVERIFY2(i.skill < s.skill, "every axis the wrong way must score below a still seat");
        // The search: never below either of its other candidates, its figures the dry run's own.
        QCOMPARE(r.still.skill, 0.0);
        QCOMPARE(r.after.score, g.overall);
        QCOMPARE(r.after.skill, g.skill);
        QVERIFY(r.after.stepsAtLimit == 0);
        QVERIFY(g.skill >= s.skill);
        QVERIFY(r.after.stepsAtLimit <= r.before.stepsAtLimit);
        if (r.after.stepsAtLimit == r.before.stepsAtLimit)
            QVERIFY(g.skill >= d.skill);

        if (maneuver == QStringLiteral("coordinated-turn")) {
            QVERIFY2(std::abs(d.skill) < 0.02 && std::abs(i.skill) < 0.02,
                     "on the turn the defaults and the inverted settings are within 2 points of a "
                     "still seat");
            const char *finding = "the sustained turn is beyond the assumed washout: no setting "
                                  "beats a still seat by more than a point (docs/perception.md)";
            QEXPECT_FAIL("coordinated-turn", finding, Continue);
            QVERIFY2(s.skill < d.skill, "the still seat must score below the defaults");
            QEXPECT_FAIL("coordinated-turn", finding, Continue);
            QVERIFY2(i.skill < d.skill, "every axis the wrong way must score below the defaults");
            QEXPECT_FAIL("coordinated-turn", finding, Continue);
            QVERIFY2(g.overall >= s.overall + 10.0,
                     "the suggestion must beat the still seat by 10 points");
            return;
        }
        QVERIFY2(s.skill < d.skill, "the still seat must score below the defaults");
        QVERIFY2(i.skill < d.skill, "every axis the wrong way must score below the defaults");
        QVERIFY2(g.overall >= s.overall + 10.0,
                 "the suggestion must beat the still seat by 10 points");
    }
};

QTEST_GUILESS_MAIN(TstPerceptionBaseline)
#include "tst_perceptionbaseline.moc"
