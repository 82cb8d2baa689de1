#pragma once
// One DoF's fit, the numerical core of the platform identification (identify.h): the model of
// one DoF with its parameters, run over the recordings' cues to predict the reported poses, and
// its Levenberg–Marquardt fit with each parameter's standard uncertainty. What counts as
// excited or determined, the tilt decision and the delays' combination across DoFs stay with
// identifyPlatform() (identify.cpp).
// Pure computation; any thread. Units: SI (m, rad, s, rad/s); a log-parameter is the natural
// logarithm of its value in those units.

#include "dryrun/identify.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <functional>
#include <limits>
#include <utility>
#include <vector>

namespace hil::dryrun::idfit {

constexpr double kInf = std::numeric_limits<double>::infinity();
/// ωb's lower search bound. A fit that ends there found no washout of the position by the
/// platform itself (a spring around neutral, say): a finding, not a lack of data.
constexpr double kNoBreakRadps = 1e-3;

/// The RMS of v about its mean (0 for none).
double rmsAboutMean(const std::vector<double> &v);

enum class Kind { Translational, Rotational };

/// Parameters: 0 ln ωn, 1 ln ζ, [translational: 2 ln ωb], then ln k, τ (s), offset, [tilt:
/// ln ωt], [arrival lag (s)]. τ is the delay of the poses timed by the platform's own clock;
/// the replies without one are timed by their arrival, which lags by the network's mean way
/// back beyond its shortest: the arrival lag, fitted apart so that it cannot bend the rest.
struct Layout
{
    Kind kind;
    bool tilt;
    bool twoClocks;
    int lnK() const { return kind == Kind::Translational ? 3 : 2; }
    int tau() const { return lnK() + 1; }
    int offset() const { return lnK() + 2; }
    int lnTilt() const { return tilt ? lnK() + 3 : -1; }
    int arrivalLag() const { return twoClocks ? lnK() + 3 + (tilt ? 1 : 0) : -1; }
    int count() const { return lnK() + 3 + (tilt ? 1 : 0) + (twoClocks ? 1 : 0); }
};

/// A small cache of channel outputs by their parameters: the Jacobian perturbs one parameter at
/// a time, and gain, delay and offset need no new simulation at all.
struct Memo
{
    struct Entry
    {
        std::array<double, 3> key;
        std::vector<std::vector<double>> out; // per recording
    };
    std::vector<Entry> entries;
    const std::vector<std::vector<double>> *
    find(const std::array<double, 3> &key,
         const std::function<std::vector<std::vector<double>>()> &make);
};

/// DofFit: one DoF (0..5: surge, sway, heave, roll, pitch, yaw) of the platform model as a
/// function of its parameters (Layout): the model's own channel (TranslationalChannel,
/// RotationalChannel, with TiltChannel on roll and pitch when `tilt`) stepped over each
/// recording's cues on its grid, delayed, scaled and shifted to predict every reported pose.
/// It keeps a reference to the recordings (they must outlive it) and caches channel outputs
/// (Memo), so even its const-looking use is not shared between threads: one DofFit per thread.
/// Inputs in m/s² (specific force) or rad/s², poses in m or rad.
class DofFit
{
public:
    DofFit(const std::vector<IdRecording> &recs, int dof, bool tilt,
           const platformmodel::ModelConfig &prior);

    const Layout &layout() const { return m_layout; }
    const std::vector<double> &observed() const { return m_y; }
    static bool twoClocks(const std::vector<IdRecording> &recs);
    double inputRms() const;
    double tiltForceRms() const;

    std::vector<double> initial() const;
    void bounds(std::vector<double> *lo, std::vector<double> *hi) const;

    /// The channel's unit-gain, undelayed output per recording for these parameters.
    void channels(const std::vector<double> &theta, const std::vector<std::vector<double>> **main,
                  const std::vector<std::vector<double>> **tilt);

    /// Predicted poses at every sample (all recordings, in order).
    void predict(const std::vector<double> &theta, std::vector<double> *pred);

    /// The gain and offset that fit best for the other parameters (least squares, closed form),
    /// and the residual sum: the delay's starting value is searched with it.
    double bestLinear(std::vector<double> *theta);

    /// The samples in blocks of about blockS seconds, [begin, end) into observed(), never
    /// across recordings.
    std::vector<std::pair<std::size_t, std::size_t>> blocks(double blockS) const;

private:
    const std::vector<IdRecording> &m_recs;
    int m_dof;
    platformmodel::ModelConfig m_prior;
    Layout m_layout;
    std::vector<std::vector<double>> m_input, m_force, m_gravity;
    std::vector<double> m_y;
    Memo m_mainMemo, m_tiltMemo;
};

/// What fitDof() found: the parameters (DofFit's Layout) and their uncertainty.
struct FitOutcome
{
    std::vector<double> theta;
    std::vector<double> sigma;    ///< per parameter, in theta's units (ln for log-parameters)
    std::vector<char> lowerBound; ///< per parameter: ended on its lower bound
    double rss = kInf;
    double vaf = 0;
    bool atBound(int i, const std::vector<double> &lo, const std::vector<double> &hi) const
    {
        const double span = 1e-6 * std::max(1.0, std::abs(theta[std::size_t(i)]));
        return theta[std::size_t(i)] <= lo[std::size_t(i)] + span ||
               theta[std::size_t(i)] >= hi[std::size_t(i)] - span;
    }
};

/// Levenberg–Marquardt from the prior (the delay started by a search) or from *start, then the
/// covariance. Parameters marked in *fixed keep their start value (their sigma is inf).
FitOutcome fitDof(DofFit &fit, const std::vector<double> *start = nullptr,
                  const std::vector<char> *fixed = nullptr);

} // namespace hil::dryrun::idfit
