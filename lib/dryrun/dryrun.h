#pragma once
// The dry run: a recording (or a manoeuvre) through the program's own cueing and a model of the
// platform, offline, to judge cueing settings before anyone rides them (docs/dry-run.md).
//
//   frames ──MotionCueing::update (every frame, as RavenLink::onSimFrame)──▶ latest cue
//   every 1/rateHz of input time: latest cue ──encode (gain 1: what the link sends after its
//   ramp-in)──▶ RavenAPI words ──decode──▶ FrameCommand ──PlatformModel::step──▶ pose, actuators
//
// The cue goes through the wire encoding on purpose: the model sees what the platform would
// (master gain applied, mm/s² and mdeg rounding, protocol clamps), not the cueing's doubles.
// Pure and deterministic: no clocks, sockets or event loop, no threads; the same input and
// settings give the same samples on every run. Any thread (one run per thread).

#include "dryrun/dryruninput.h"
#include "platformmodel/platformmodel.h"
#include "raven/cueing.h"
#include "raven/ravencodec.h"

#include <QString>
#include <array>
#include <vector>

namespace hil::dryrun {

struct DryRunOptions
{
    raven::CueingSettings cueing;
    platformmodel::ModelConfig model;
    QString cueingFile; ///< where cueing came from, for the report (empty: defaults)
    QString modelFile;  ///< where model came from (empty: the labelled assumptions)
};

/// One model step.
struct DryRunSample
{
    double timeS = 0;                           ///< input time base (DryRunInput::timesS)
    std::array<double, raven::AxisCount> cue{}; ///< the cue as sent (decoded), SI, platform frame
    platformmodel::StepResult step;
};

struct DryRunResult
{
    std::vector<DryRunSample> samples;
    std::uint64_t protocolClamps = 0; ///< cue values cut to RavenAPI's limits by the encoder
};

DryRunResult runDryRun(const DryRunInput &input, const DryRunOptions &options);

/// runDryRun's chain one model step at a time, for a caller that makes its input as it goes
/// (the OMCT, lib/dryrun/omct.h): runDryRun is this over a DryRunInput, so the two cannot differ.
class DryRunChain
{
public:
    explicit DryRunChain(const DryRunOptions &options);
    /// An input frame at or before the next step's time (runDryRun feeds every such frame).
    void feed(const SimFrame &frame) { m_cue = m_cueing.update(frame); }
    /// One model step at input time t with the latest cue: encoded, decoded, through the model.
    DryRunSample step(double t);
    std::uint64_t protocolClamps() const { return m_clamps; }
    /// PlatformModel::setActuatorsComputed: off for a caller that reads no actuator length.
    void setActuatorsComputed(bool on) { m_model.setActuatorsComputed(on); }

private:
    raven::MotionCueing m_cueing;
    platformmodel::PlatformModel m_model;
    raven::Cue m_cue;
    std::uint64_t m_clamps = 0;
    raven::StreamDecoder m_decoder{raven::Direction::ToPlatform};
    // The last frame's bytes and what they decoded to: a held cue sends the same bytes.
    QByteArray m_lastFrame;
    platformmodel::FrameCommand m_lastCommand;
};

/// The FrameCommand the platform model reads from an encoded cueing frame (5, 21 or 85).
platformmodel::FrameCommand commandFromFrame(const QByteArray &frame, bool *ok);
/// The same through a decoder of the caller's (one complete frame leaves it empty again).
platformmodel::FrameCommand commandFromFrame(const QByteArray &frame, bool *ok,
                                             raven::StreamDecoder *decoder);

} // namespace hil::dryrun
