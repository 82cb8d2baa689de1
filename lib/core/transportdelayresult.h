#pragma once
// TransportDelayResult: one transport-delay measurement as a link reports it (the cue sent to
// the platform → the platform's pose answering, docs/transport-delay.md), typed. Whoever decides
// on it (the rig check) reads it from the link's typed snapshot through its descriptor, never a
// counter by key; toJson() is the counters' copy (session.json, the lab). One median, here.
// Plain value; any thread. Times in milliseconds.
//
// Also the limits it is judged against: 14 CFR Part 60, Appendix A, Attachment 2, Table A2A.

#include <QJsonObject>
#include <QString>
#include <vector>

namespace hil {

namespace part60 {
/// The transport delay a Level C or D simulator may have, ms.
constexpr double kTransportDelayLevelCD_ms = 150.0;
/// The transport delay a Level A or B simulator may have, ms.
constexpr double kTransportDelayLevelAB_ms = 300.0;
} // namespace part60

struct TransportDelayResult
{
    enum class State { Idle, Running, Done, Refused, Stopped };
    State state = State::Idle;
    int stepsAsked = 0;
    std::vector<double> samplesMs; ///< one per step answered, in order
    QString reason;                ///< why it was refused or stopped (English)
    QString axis;                  ///< the DoF stepped ("heave")
    double amplitude = 0.0;        ///< the step, in the axis's unit (m or rad)

    /// The run has ended (done, refused or stopped): nothing more will change.
    bool ended() const
    {
        return state == State::Done || state == State::Refused || state == State::Stopped;
    }
    /// The median of the samples (the middle two's mean for an even count), 0 with none.
    double medianMs() const;
    /// The worst sample, 0 with none.
    double maxMs() const;

    /// {state, steps, steps_asked, axis, amplitude, reason, samples_ms, median_ms, max_ms}
    /// (median and worst only with samples; samples rounded to 0.01 ms).
    QJsonObject toJson() const;
    /// toJson()'s object back; an empty or foreign object gives an Idle result.
    /// "idle", "running", "done", "refused", "stopped" (the platform measurement's states too).
    static QString stateName(State s);
    /// stateName()'s word back; anything else is Idle.
};

} // namespace hil
