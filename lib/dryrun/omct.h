#pragma once
// The Objective Motion Cueing Test (OMCT) run on the dry run's chain (cueing → wire → platform
// model): a PREDICTION of what the test would measure on the platform, not a measurement
// (docs/perception.md, "OMCT"). The test as Hosman & Advani (Aeronautical Journal 120, 2016)
// and Stroosma et al. (AIAA 2013-4834) describe the one ICAO 9625 (4th ed., 2015) adopted: a
// sine on one axis of the aircraft's motion at each of twelve frequencies (0.1 … 15.85 rad/s),
// the simulator's response compared with it in gain and phase, six direct tests (the input's
// own axis) and four cross-coupling tests (pitch → surge, roll → sway, surge → pitch,
// sway → roll). Here:
//   - the platform's response is taken at the rider's head (Geometry::headM, an ASSUMPTION): its
//     specific force has the rotation's lever arm in it; its rate is the seat's rotation rate;
//   - every test runs at the nominal input amplitude and at half and double it (the linearity
//     check: a gain that changes by more than kOmctLinearityTolerance is flagged);
//   - each direct test's gain and phase at 1 rad/s is classified against the Sinacori criteria
//     as revised by Schroeder (NASA TP-1999-208766), omctFidelity().
// Units: gains of direct tests are dimensionless; pitch → surge and roll → sway in m/s² per rad
// of the aircraft's angle; surge → pitch and sway → roll in rad/s per m/s² of the aircraft's
// specific force; phases in degrees (positive: the platform leads). Platform frame (x forward,
// y LEFT, z up).
// Threads: omctRun() spreads its runs over `threads` std::threads (0: one per core); the results
// are the same bits whatever the count (each run is independent and lands in its own slot).
// Callable from any thread; results are remembered per settings (in memory, and on disk in the
// user's cache folder, keyed by everything that affects them).

#include "dryrun/dryrun.h"

#include <QJsonObject>
#include <array>

namespace hil::dryrun {

inline constexpr int kOmctFrequencyCount = 12;
inline constexpr int kOmctTestCount = 10;
/// A gain that changes by more than this fraction at half or double amplitude is flagged.
inline constexpr double kOmctLinearityTolerance = 0.05;
/// The input amplitude scales of the linearity check (the nominal one in the middle).
inline constexpr double kOmctScales[3] = {0.5, 1.0, 2.0};

/// One test: the aircraft is shaken on `input` (0..5: surge, sway, heave, roll, pitch, yaw) and
/// the platform's response is read on `output`.
struct OmctTest
{
    const char *name;
    int input;
    int output;
};
/// Six direct tests (input = output), then the four cross-coupling ones.
inline constexpr OmctTest kOmctTests[kOmctTestCount] = {
    {"surge", 0, 0},          {"sway", 1, 1},         {"heave", 2, 2},
    {"roll", 3, 3},           {"pitch", 4, 4},        {"yaw", 5, 5},
    {"pitch_to_surge", 4, 0}, {"roll_to_sway", 3, 1}, {"surge_to_pitch", 0, 4},
    {"sway_to_roll", 1, 3}};

struct OmctPoint
{
    double omegaRadps = 0, gain = 0, phaseDeg = 0;
};

struct OmctTestResult
{
    std::array<OmctPoint, kOmctFrequencyCount> points{}; ///< at the nominal amplitude
    /// The gain at half and at double the amplitude, per frequency.
    std::array<double, kOmctFrequencyCount> gainHalf{}, gainDouble{};
    /// The aircraft's own response on the output axis (the reference a cross-coupling test's
    /// gain compares with: g per rad for pitch → surge; 0 for surge → pitch), nominal amplitude.
    std::array<double, kOmctFrequencyCount> aircraftGain{};
};

struct OmctResult
{
    std::array<OmctTestResult, kOmctTestCount> tests{};
};

/// The relative gain change at scale s (0: half, 2: double) of test t at frequency f; NaN when
/// the nominal gain is too small to compare with.
double omctGainChange(const OmctTestResult &test, int f, int scaleIndex);
/// True when the gain changes by more than kOmctLinearityTolerance at half or double, or when
/// there is no response at the nominal amplitude but one at half or double (a dead zone).
bool omctNonLinear(const OmctTestResult &test, int f);

/// Sinacori–Schroeder class of a direct test at 1 rad/s: "high", "medium", "low", or
/// "outside" (a gain above 1: over-cueing, off the criterion's chart).
const char *omctFidelity(int axis, double gainAt1, double phaseDegAt1);

/// Runs all tests at all amplitudes (216 short dry runs). threads 0: one per core. Remembered
/// per settings; useDiskCache also reads and writes the user's cache folder.
OmctResult omctRun(const DryRunOptions &options, int threads = 0, bool useDiskCache = true);

/// The same without any cache (the tests compare thread counts and the caches with it).
OmctResult omctCompute(const DryRunOptions &options, int threads = 0);
/// Where omctRun keeps these settings' result on disk (empty: no cache folder).
QString omctDiskCachePath(const DryRunOptions &options);
/// Forgets the results remembered in memory (the tests read the disk cache with it).
void omctForgetMemory();

/// A test as the JSON files name it: input, output, kind (direct, cross_coupling), gain_unit.
/// The prediction's and the measured OMCT's (omctmeasured.h) alike.
QJsonObject omctTestDescription(const OmctTest &test);

/// report.json's "omct" object (docs/perception.md).
QJsonObject omctJson(const OmctResult &result, const DryRunOptions &options);

} // namespace hil::dryrun
