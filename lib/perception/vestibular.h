#pragma once
// The rider's vestibular perception (docs/perception.md): what a seated person would feel of a
// specific force and an angular rate at the head, per axis, from the linear models the motion
// cueing literature uses (Telban & Cardullo, NASA CR-2005-213747; Young & Meiry 1968; the canal
// constants confirmed by Merfeld et al. 2009), plus the perception thresholds (Benson et al. 1986,
// 1989) the score and the false-cue count use (tilt coordination included: a tilt is a rotation,
// judged by the roll and pitch thresholds, not by a washout's rate limit). Pure values: no
// clocks, no Qt; one instance per caller (not thread-safe, copyable); any thread.
//
// Units: SI. Inputs and outputs in the platform frame of docs/platform-model.md (x forward,
// y LEFT, z up; roll right side down, pitch nose down, yaw nose left), so aircraft and platform go
// through the same model with the same signs. Specific force is the DEVIATION from the rest force
// (0, 0, +g): a rider at rest, level, perceives zero.
//
//   canal    ω̂/ω = τ1·τa·s² / ((1 + τ1·s)(1 + τa·s)(1 + τ2·s))      (rad/s → rad/s)
//   otolith  f̂/f = K·(1 + τa·s) / ((1 + τ1·s)(1 + τ2·s)),  K = τ1/τa  (m/s² → m/s²)
//
// K is OUR normalisation, not a literature value: it makes the otolith's mid-band gain 1 (between
// 1/τ1 and 1/τ2), where the thresholds were measured (3 s stimuli, ~1-2 rad/s), so a perceived
// value and a threshold are compared in the same unit. The canal's mid-band gain is 1 already.

#include "platformmodel/filters.h"

#include <array>
#include <complex>

namespace hil::perception {

inline constexpr double kDegToRad = 3.14159265358979323846 / 180.0;

/// Semicircular canal (Telban & Cardullo 2005; Merfeld et al. 2009 give 5.7 s and 80 s).
struct CanalParams
{
    double longTauS = 5.73;       ///< τ1: cupula long time constant
    double adaptationTauS = 80.0; ///< τa: neural adaptation
    double shortTauS = 0.005;     ///< τ2: cupula short time constant
};

/// Otolith (Telban & Cardullo 2005's values; Young & Meiry 1968: 13.2, 5.33, 0.66 s).
struct OtolithParams
{
    double leadTauS = 10.0;   ///< τa: the lead (rate sensitivity)
    double longTauS = 5.0;    ///< τ1
    double shortTauS = 0.016; ///< τ2
};

/// Perception thresholds as published: in the papers' STIMULUS units (the peak acceleration of
/// Benson 1986's 3 s cosine-bell velocity pulse, the peak velocity of Benson 1989's 3.3 s pulse).
/// The score compares perceived values with perceivedThresholds() instead.
struct Thresholds
{
    /// Benson, Spencer & Stott 1986: x 0.063, y 0.057, z 0.154 m/s² (direction detection).
    std::array<double, 3> specificForceMps2{0.063, 0.057, 0.154};
    /// Benson, Hutt & Brown 1989: x (roll) 2.04, y (pitch) 2.07, z (yaw) 1.5 °/s.
    std::array<double, 3> angularRateRadps{2.04 * kDegToRad, 2.07 * kDegToRad, 1.5 * kDegToRad};

    /// The threshold of perceived axis i: 0..2 specific force, 3..5 angular rate.
    double axis(int i) const
    {
        return i < 3 ? specificForceMps2[std::size_t(i)] : angularRateRadps[std::size_t(i - 3)];
    }
};

/// The published thresholds in PERCEIVED units: the peak of the model's own response (in the
/// onset's direction) to each paper's threshold stimulus, the pulse of the published amplitude.
/// A perceived value above it is then felt as surely as the paper's subjects felt that pulse.
/// With the default models: 0.955 × for specific force (3 s pulse), 0.866 × for rotation (the
/// canal's 5.73 s constant takes 13 % off a 3.3 s pulse); docs/perception.md, "The models
/// against the papers".
Thresholds perceivedThresholds(const CanalParams &canal, const OtolithParams &otolith,
                               const Thresholds &published = {});

struct PerceptionConfig
{
    CanalParams canal;
    OtolithParams otolith;
    /// In perceived units, for the default models: set again with perceivedThresholds() when the
    /// models' parameters change.
    Thresholds thresholds = perceivedThresholds(CanalParams{}, OtolithParams{});
};

/// One canal channel: angular rate (rad/s) in, perceived angular rate out.
class CanalChannel
{
public:
    CanalChannel() = default;
    CanalChannel(const CanalParams &p, double dt);
    double step(double rateRadps) { return m_short.step(m_highPass.step(rateRadps)); }
    void reset(double rateRadps = 0.0);
    std::complex<double> discreteResponse(double omegaRadps) const;

private:
    platformmodel::Biquad m_highPass;  // τ1·τa·s² / ((1 + τ1·s)(1 + τa·s))
    platformmodel::FirstOrder m_short; // 1 / (1 + τ2·s)
};

/// One otolith channel: specific-force deviation (m/s²) in, perceived specific force out.
class OtolithChannel
{
public:
    OtolithChannel() = default;
    OtolithChannel(const OtolithParams &p, double dt);
    double step(double forceMps2) { return m_filter.step(forceMps2); }
    void reset(double forceMps2 = 0.0) { m_filter.reset(forceMps2); }
    std::complex<double> discreteResponse(double omegaRadps) const;

private:
    platformmodel::Biquad m_filter;
};

/// Both organs, three axes each. step() maps (f − (0,0,g), ω) to the six perceived values:
/// surge, sway, heave (m/s²), roll, pitch, yaw (rad/s).
class PerceptionModel
{
public:
    PerceptionModel(const PerceptionConfig &config, double dt);
    /// As if the input had been this forever (the otoliths settle on f, the canals on zero).
    void reset(const std::array<double, 3> &forceMps2, const std::array<double, 3> &rateRadps);
    std::array<double, 6> step(const std::array<double, 3> &forceMps2,
                               const std::array<double, 3> &rateRadps);

private:
    std::array<OtolithChannel, 3> m_otolith;
    std::array<CanalChannel, 3> m_canal;
};

} // namespace hil::perception
