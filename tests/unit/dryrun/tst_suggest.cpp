// Suggested settings (lib/dryrun/suggest, docs/perception.md): for the catapult manoeuvre the
// suggestion has no predicted limit hit and a better perception score than the defaults, checked
// by running the dry run again on the suggestion (not by trusting the optimiser's own numbers);
// the same seed gives the same suggestion, byte for byte as a cueing file; Cancel stops it.
// And the bound behind the coordinated turn's verdict (docs/perception.md, "The default
// settings"): a search that may also switch axes off and set the assumed platform's own washout
// finds nothing more than 2 points better than a still seat there.
#include "dryrun/dryrunreport.h"
#include "dryrun/perceptionscore.h"
#include "dryrun/suggest.h"
#include "dryruninput.h"
#include "raven/cueingfile.h"

#include <QtTest>
#include <functional>

using namespace hil;
using namespace hil::dryrun;
using hil::dryrun::test::load;

namespace {

constexpr int kEvaluations = 150;

} // namespace

class TstSuggest : public QObject
{
    Q_OBJECT
private slots:
    void catapultSuggestionIsFeasibleAndBetter()
    {
        const DryRunInput in = load(QStringLiteral("maneuver:catapult"));
        const DryRunOptions defaults;
        const SuggestResult s = suggestSettings({&in}, defaults, {kEvaluations, 7});
        QCOMPARE(s.evaluations, kEvaluations);
        QVERIFY(!s.cancelled);

        // Independently: the defaults hit a limit (else there is nothing to suggest) ...
        const DryRunResult before = runDryRun(in, defaults);
        int hitsBefore = 0;
        for (int i = 0; i < 6; ++i)
            hitsBefore +=
                int(limitHits(before, i, false).size() + limitHits(before, i, true).size());
        QVERIFY(hitsBefore > 0);
        // ... and the suggestion does not, and scores better.
        DryRunOptions suggested = defaults;
        suggested.cueing = s.settings;
        const DryRunResult after = runDryRun(in, suggested);
        int hitsAfter = 0;
        for (int i = 0; i < 6; ++i)
            hitsAfter += int(limitHits(after, i, false).size() + limitHits(after, i, true).size());
        const double scoreBefore = scorePerception(in, before, defaults.model.rateHz).overall;
        const double scoreAfter = scorePerception(in, after, defaults.model.rateHz).overall;
        qInfo("catapult: defaults %d hits, score %.2f; suggestion %d hits, score %.2f", hitsBefore,
              scoreBefore, hitsAfter, scoreAfter);
        QCOMPARE(hitsAfter, 0);
        QVERIFY(scoreAfter > scoreBefore);
        QCOMPARE(s.after.limitHits, 0);
        QCOMPARE(s.after.score, scoreAfter);
        // Only surge is exercised (a level shot, no rotation, no bank or pitch): every other
        // axis keeps its settings exactly, instead of drifting where nothing measures it.
        for (int a = 0; a < hil::raven::AxisCount; ++a) {
            QCOMPARE(s.searched[std::size_t(a)], a == hil::raven::AxSurge);
            if (a != hil::raven::AxSurge) {
                QCOMPARE(s.settings.axes[std::size_t(a)].gain,
                         defaults.cueing.axes[std::size_t(a)].gain);
                QCOMPARE(s.settings.axes[std::size_t(a)].lowPassTauS,
                         defaults.cueing.axes[std::size_t(a)].lowPassTauS);
                QCOMPARE(s.settings.axes[std::size_t(a)].limit,
                         defaults.cueing.axes[std::size_t(a)].limit);
            }
        }
    }
    // Zero limit hits is a constraint, not a score term: in the coordinated turn on a platform
    // with a tiny roll and yaw envelope (±0.57°) the best-scoring settings still hit the stops;
    // the search must give score away until they do not (with the feasibility rule removed
    // from suggest.cpp's better(), 5 hits remain: checked).
    void noLimitHitIsAConstraint()
    {
        const DryRunInput in = load(QStringLiteral("maneuver:coordinated-turn"));
        DryRunOptions small;
        for (int d : {3, 5}) {
            small.model.envelope.dofMax[std::size_t(d)] = 0.01;
            small.model.envelope.dofMin[std::size_t(d)] = -0.01;
        }
        const SuggestResult s = suggestSettings({&in}, small, {kEvaluations, 7});
        qInfo("±0.57° roll, yaw: before %d hits, skill %.3f; after %d hits, skill %.3f (%d)",
              s.before.limitHits, s.before.skill, s.after.limitHits, s.after.skill, int(s.kind));
        QVERIFY(s.before.limitHits > 0);
        DryRunOptions check = small;
        check.cueing = s.settings;
        const DryRunResult r = runDryRun(in, check);
        for (int i = 0; i < 6; ++i) {
            QCOMPARE(int(limitHits(r, i, false).size()), 0);
            QCOMPARE(int(limitHits(r, i, true).size()), 0);
        }
    }
    void sameSeedSameSuggestion()
    {
        const DryRunInput in = load(QStringLiteral("maneuver:catapult"));
        const DryRunOptions defaults;
        const SuggestResult a = suggestSettings({&in}, defaults, {40, 11});
        const SuggestResult b = suggestSettings({&in}, defaults, {40, 11});
        QCOMPARE(raven::writeCueingFile(a.settings), raven::writeCueingFile(b.settings));
        QCOMPARE(a.after.score, b.after.score);
        const SuggestResult c = suggestSettings({&in}, defaults, {40, 12});
        QVERIFY(raven::writeCueingFile(a.settings) != raven::writeCueingFile(c.settings));
    }
    void turnIsBeyondAnyWashout()
    {
        const DryRunInput in = load(QStringLiteral("maneuver:coordinated-turn"));
        using Ref = std::function<double &(DryRunOptions &)>;
        struct Knob
        {
            Ref ref;
            std::vector<double> values;
        };
        std::vector<Knob> knobs;
        for (int a = 0; a < 6; ++a) { // the cueing's gains (0: the axis off) and smoothing
            knobs.push_back({[a](DryRunOptions &o) -> double & { return o.cueing.axes[a].gain; },
                             {0.0, 0.1, 0.2, 0.3, 0.5, 0.7, 1.0}});
            knobs.push_back(
                {[a](DryRunOptions &o) -> double & { return o.cueing.axes[a].lowPassTauS; },
                 {0.0, 0.2, 0.5, 1.0}});
        }
        for (int a = 0; a < 3; ++a) { // the assumed platform's washout
            knobs.push_back({[a](DryRunOptions &o) -> double & {
                                 return o.model.washout.translational[a].naturalRadps;
                             },
                             {1.0, 2.0, 4.0, 6.0}});
            knobs.push_back({[a](DryRunOptions &o) -> double & {
                                 return o.model.washout.translational[a].breakRadps;
                             },
                             {0.2, 0.5, 1.0, 2.0}});
            knobs.push_back({[a](DryRunOptions &o) -> double & {
                                 return o.model.washout.rotational[a].naturalRadps;
                             },
                             {0.3, 0.6, 1.0, 1.5, 3.0}});
        }
        knobs.push_back(
            {[](DryRunOptions &o) -> double & { return o.model.washout.tiltRateLimitRadps; },
             {0.0, 0.05, 0.1, 0.2}});
        auto skill = [&](const DryRunOptions &o) {
            const DryRunResult r = runDryRun(in, o);
            for (const DryRunSample &s : r.samples)
                for (bool hit : s.step.dofAtLimit)
                    if (hit)
                        return -1.0; // a limit hit is not a setting anyone would fly
            return scorePerception(in, r, o.model.rateHz).skill;
        };
        DryRunOptions best;
        best.cueing.masterGain = 1.0; // the per-axis gains span the rest
        double bestSkill = skill(best);
        for (int pass = 0; pass < 2; ++pass) // coordinate descent, each knob over its values
            for (Knob &k : knobs)
                for (double v : k.values) {
                    DryRunOptions t = best;
                    k.ref(t) = v;
                    const double sk = skill(t);
                    if (sk > bestSkill) {
                        bestSkill = sk;
                        best = t;
                    }
                }
        qInfo("coordinated turn: the best of the cueing and washout settings tried has skill %.4f",
              bestSkill);
        QVERIFY(bestSkill >= 0.0); // the search reaches a still seat's 0 at least
        QVERIFY2(bestSkill < 0.02, "a setting beats a still seat on the turn: revise the verdict");
    }
    void cancelStopsAndKeepsTheBest()
    {
        const DryRunInput in = load(QStringLiteral("maneuver:catapult"));
        int calls = 0;
        const SuggestResult s =
            suggestSettings({&in}, DryRunOptions{}, {100, 1}, [&](int done, int total) {
                ++calls;
                [&] { QCOMPARE(total, 100); }();
                return done < 5;
            });
        QVERIFY(s.cancelled);
        QCOMPARE(s.evaluations, 5);
        QCOMPARE(calls, 5);
    }
};

QTEST_GUILESS_MAIN(TstSuggest)
#include "tst_suggest.moc"
