#pragma once
// TransportDelayEstimator: finds when the platform's reported pose starts to answer a step cue,
// for the transport delay measurement (docs/transport-delay.md). Pure: no clock of its own (every
// sample carries its time, any monotonic clock, ns), no sockets; lives in the RavenLink's thread
// and in unit tests. Units: the pose value as reported (m or rad), times in ns.
//
// The onset rule:
//  - Baseline: the samples of the last kBaselineNs before the step. A straight line is fitted to
//    them (a seat still washing out from the last step drifts; a line follows that drift), and
//    the noise σ is the standard deviation of their residuals. The threshold is
//    max(k·σ, floor): k = 5, floor given by the caller (a few counts of the reply's resolution).
//  - Deviation: each sample after the step minus the line extrapolated to its time, in absolute
//    value (the delay is the same whichever way the seat goes).
//  - Crossing: the first sample after the step whose deviation is above the threshold; its time
//    is interpolated linearly between the sample before and that one, at the threshold.
//  - Onset: the crossing is late by the time the response takes to grow to the threshold. The
//    next sample (at least kMinSpacingNs later) extrapolates the response back to zero, along the
//    shape the step gives: Shape::Position (a position-like cue: deviation ∝ t − t0, linear
//    back-extrapolation) or Shape::Acceleration (an acceleration cue: deviation ∝ (t − t0)²,
//    back-extrapolation of √deviation). The onset is that time, kept between the step and the
//    crossing; without a growing next sample it is the crossing.
// Bias: the pose is only seen at the replies, so every time is quantised to the reply period
// (10 ms at the link's test cue rate) and the interpolations assume the shape between two replies;
// the reply's pose is the seat's when the platform answered, half a round trip before the reply
// arrives, so the result includes that half (well under 1 ms on a LAN). The crossing alone would
// be late by the time to reach the threshold: √(2·threshold/a) for an acceleration step (9 ms for
// 20 µm at 0.5 m/s²), threshold/velocity for a position step; the back-extrapolation removes most
// of it when the shape holds over two replies.

#include <cstdint>
#include <deque>
#include <optional>

namespace hil::raven {

/// The link's transport delay measurement (RavenLink::startTransportDelay). The step goes on one
/// cue word, an acceleration (the RavenAPI cue frames carry accelerations; the angle words of
/// frames 21/85 tilt the seat only for the felt gravity, and not every frame has them), so the
/// response grows as t² and the estimator's Acceleration shape applies.
struct TransportDelaySettings
{
    int axis = 2;             ///< 0..5 (surge, sway, heave, roll, pitch, yaw); heave by default
    double amplitude = 0.5;   ///< m/s² or rad/s²: the axis check's linear test cue by default
    double quietS = 1.0;      ///< neutral cues before each step: the seat settles, the baseline;
                              ///< longer until the seat is still (its drift over the baseline
                              ///< window within a quarter of the threshold floor), ≤ 4 × quietS
    double rampS = 0.2;       ///< the step's ramp back to neutral, and the first ramp from the
                              ///< simulator's cue to neutral
    double timeoutS = 0.6;    ///< no onset this long after a step: the measurement stops
    double floorM = 2e-5;     ///< threshold floor on a translation: 20 µm (reply resolution 1 µm)
    double floorRad = 8.7e-5; ///< on a rotation: 0.005° (reply resolution 0.001°)
};

class TransportDelayEstimator
{
public:
    enum class Shape { Position, Acceleration };
    static constexpr std::int64_t kBaselineNs = 150'000'000;
    static constexpr double kNoiseFactor = 5.0;
    /// The back-extrapolation's second sample is at least this long after the crossing: the
    /// platform answers a poll and a cue frame sent together with the same pose a fraction of a
    /// millisecond apart, and a slope over that would be quantisation.
    static constexpr std::int64_t kMinSpacingNs = 4'000'000;

    explicit TransportDelayEstimator(double floor = 2e-5, Shape shape = Shape::Acceleration)
        : m_floor(floor), m_shape(shape)
    {
    }

    /// Forgets everything (a new step's baseline starts from the next samples).
    void reset();
    /// One reported pose value at timeNs, in arrival order.
    void addSample(std::int64_t timeNs, double value);
    /// The step went out at stepNs: freezes the baseline (the samples before it) and the
    /// threshold; later samples are judged. False when the baseline has fewer than 3 samples.
    bool setStep(std::int64_t stepNs);
    /// The onset time once it is known (the crossing and one sample after it), else empty.
    std::optional<std::int64_t> onsetNs() const { return m_onset; }
    /// The onset from what is known now: the crossing when no sample after it came. Empty before
    /// the crossing.
    std::optional<std::int64_t> onsetSoFarNs() const;
    /// The onset's delay after the step, ms; empty while unknown.
    std::optional<double> delayMs() const;
    /// Before the step: how far the seat drifted over the last kBaselineNs (|slope of the
    /// least-squares line| × kBaselineNs, m or rad); -1 with fewer than 3 samples. The link
    /// waits for a still seat (a drift within a quarter of the floor) before a step.
    double baselineDrift(std::int64_t nowNs) const;
    double floor() const { return m_floor; }
    double threshold() const { return m_threshold; }
    double noise() const { return m_sigma; }
    bool stepped() const { return m_stepped; }

private:
    struct Sample
    {
        std::int64_t ns;
        double v;
    };
    double deviation(const Sample &s) const;

    double m_floor;
    Shape m_shape;
    std::deque<Sample> m_before; ///< the baseline window (before the step)
    bool m_stepped = false;
    std::int64_t m_stepNs = 0;
    double m_a = 0.0, m_b = 0.0; ///< baseline line: value = a + b·(t − step) [s]
    double m_sigma = 0.0, m_threshold = 0.0;
    std::optional<Sample> m_last;     ///< the latest sample (before the crossing)
    std::optional<Sample> m_crossing; ///< the first sample above the threshold
    std::int64_t m_crossingNs = 0;    ///< interpolated crossing time
    std::optional<std::int64_t> m_onset;
};

} // namespace hil::raven
