#pragma once
// Suggested cueing settings (docs/perception.md, "Suggested settings"): a search of the per-axis
// gains, smoothing (low-pass time constants) and limits for the best perception score
// (perceptionscore.h) with no predicted limit hit, over one or several recordings.
//
// The result is never worse than doing nothing or than the start: the still seat (the start
// settings with master_gain 0) and the start settings are candidates beside the search's best,
// and the best of the three in the order below is returned (SuggestResult says which, and all
// three evaluations, so that callers can say by how much the suggestion beats the other two).
// The order compares the raw skill, not the 0..100 score: the score is 0 for every setting
// worse than a still seat, and the search must still tell those apart.
//
// Method: a (1+1) evolution strategy (Rechenberg's one-fifth success rule), derivative-free,
// in a normalised box [0, 1]^20 (suggest.cpp maps it to the settings); each step moves about two
// of the searched numbers. Constraint handling by
// feasibility first (Deb 2000): a candidate with fewer steps at a limit (envelope or stroke,
// summed over the inputs) wins; between equals the higher mean score wins. A fixed number of
// evaluations and a fixed seed (std::mt19937_64, uniforms and normals derived from its raw bits
// by our own code, not by the standard library's distributions, whose output differs between
// library vendors): the same inputs, start settings, count and seed give the same suggestion.
// Only the axes the recordings exercise are searched: an axis whose aircraft side is never felt
// (perceived RMS below its threshold in every input; for roll_angle and pitch_angle: the
// aircraft's bank or pitch angle RMS below 0.5°) keeps its start settings. Its settings change
// nothing on these inputs, and a search would only let them drift at random (a roll gain of 0.08
// suggested from a catapult shot would spoil every turn flown afterwards).
// Pure and single-threaded; the caller's thread (the panel runs it on a worker; progress says
// how far it is and may cancel).

#include "dryrun/dryrun.h"

#include <QJsonObject>
#include <array>
#include <cstdint>
#include <functional>
#include <vector>

namespace hil::dryrun {

/// The defaults are the fixed count and seed the command line and the Dry run panel search with.
struct SuggestOptions
{
    int evaluations = 200;
    std::uint64_t seed = 1;
};

/// How one set of settings does over the inputs.
struct Evaluation
{
    std::uint64_t stepsAtLimit = 0; ///< model steps with any DoF or actuator at a limit, summed
    int limitHits = 0;              ///< merged hits (dryrunreport.h's limitHits), summed
    double score = 0;               ///< mean overall perception score, 0..100
    double skill = 0;               ///< mean skill over a still seat (perceptionscore.h), raw
};

/// Which candidate the search returns.
enum class SuggestionKind {
    Searched, ///< settings the search found
    Current,  ///< the start settings: nothing found beats them
    Still     ///< master_gain 0: no motion beats every setting tried
};

struct SuggestResult
{
    raven::CueingSettings settings; ///< the suggestion (the start settings when nothing better)
    Evaluation before, after;
    Evaluation still; ///< the start settings with master_gain 0: the platform never moves
    SuggestionKind kind = SuggestionKind::Current;
    int evaluations = 0;                           ///< done (fewer than asked when cancelled)
    std::array<bool, raven::AxisCount> searched{}; ///< the axes the inputs exercise
    bool cancelled = false;
};

/// Runs the dry run of every input with options (its cueing replaced by settings) and scores it.
Evaluation evaluateSettings(const std::vector<const DryRunInput *> &inputs,
                            const DryRunOptions &options, const raven::CueingSettings &settings);

/// report.json-style summary of a search: the three candidates and the margins
/// (docs/perception.md).
QJsonObject suggestionJson(const SuggestResult &result);

/// progress(done, total) after each evaluation; returning false cancels (the best so far is
/// returned, cancelled set).
SuggestResult suggestSettings(const std::vector<const DryRunInput *> &inputs,
                              const DryRunOptions &start, const SuggestOptions &suggest,
                              const std::function<bool(int, int)> &progress = {});

} // namespace hil::dryrun
