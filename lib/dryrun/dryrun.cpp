#include "dryrun/dryrun.h"
#include "raven/ravencodec.h"

#include <cmath>

namespace hil::dryrun {

platformmodel::FrameCommand commandFromFrame(const QByteArray &bytes, bool *ok)
{
    raven::StreamDecoder dec(raven::Direction::ToPlatform);
    return commandFromFrame(bytes, ok, &dec);
}

platformmodel::FrameCommand commandFromFrame(const QByteArray &bytes, bool *ok,
                                             raven::StreamDecoder *decoder)
{
    using namespace raven;
    platformmodel::FrameCommand c;
    *ok = false;
    decoder->reset(); // as a new decoder: nothing left over from an earlier frame
    decoder->feed(bytes, [&](const Frame &f) {
        if (f.id != IdAccel && f.id != IdAccelAttitude && f.id != IdAccelAttitudeGravity)
            return;
        c.frameId = f.id;
        for (int i = 0; i < 3; ++i) {
            c.accelMps2[std::size_t(i)] = f.payload[std::size_t(i)] / 1000.0;
            c.angAccelRadps2[std::size_t(i)] =
                f.payload[std::size_t(i + 3)] * (3.14159265358979323846 / 180.0);
        }
        if (f.id != IdAccel) {
            c.rollAngleRad = mdegToRad(f.payload[6]);
            c.pitchAngleRad = mdegToRad(f.payload[7]);
        }
        // Frame 21 projects the platform's default gravity; frame 85 the one it carries.
        c.gravityMps2 = f.id == IdAccelAttitudeGravity ? f.payload[8] / 1000.0 : 9.8;
        *ok = true;
    });
    return c;
}

DryRunChain::DryRunChain(const DryRunOptions &options)
    : m_cueing(options.cueing), m_model(options.model), m_cue(m_cueing.neutral())
{
}

DryRunSample DryRunChain::step(double t)
{
    QByteArray frame = m_cueing.encode(m_cue, 1.0, &m_clamps);
    if (frame != m_lastFrame) {
        bool ok = false;
        m_lastCommand = commandFromFrame(frame, &ok, &m_decoder);
        m_lastFrame = std::move(frame);
    }
    const platformmodel::FrameCommand &cmd = m_lastCommand;
    DryRunSample s;
    s.timeS = t;
    for (int i = 0; i < 3; ++i) { // what was sent (master gain, rounding), not cue.v
        s.cue[std::size_t(i)] = cmd.accelMps2[std::size_t(i)];
        s.cue[std::size_t(i + 3)] = cmd.angAccelRadps2[std::size_t(i)];
    }
    s.cue[raven::AxRollAngle] = cmd.rollAngleRad;
    s.cue[raven::AxPitchAngle] = cmd.pitchAngleRad;
    s.step = m_model.step(cmd);
    return s;
}

DryRunResult runDryRun(const DryRunInput &input, const DryRunOptions &options)
{
    DryRunResult r;
    if (input.frames.empty())
        return r;
    DryRunChain chain(options);
    const double dt = 1.0 / options.model.rateHz;
    const double t0 = input.timesS.front(), t1 = input.timesS.back();
    const auto steps = std::size_t(std::floor((t1 - t0) / dt)) + 1;
    r.samples.reserve(steps);
    std::size_t next = 0;
    for (std::size_t k = 0; k < steps; ++k) {
        // Index arithmetic, not t += dt: the step times must not drift over an hour.
        const double t = t0 + double(k) * dt;
        while (next < input.frames.size() && input.timesS[next] <= t + 1e-9)
            chain.feed(input.frames[next++]);
        r.samples.push_back(chain.step(t));
    }
    r.protocolClamps = chain.protocolClamps();
    return r;
}

} // namespace hil::dryrun
