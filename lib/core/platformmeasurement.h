#pragma once
// The platform measurement: a designed excitation of the motion platform, one DoF after the
// other with the seat empty, whose cues and poses (cues.csv, platform.csv) the identification
// fits the platform model to (docs/platform-model.md, "Measuring the platform"). Its settings as
// the caller gives them and its result as the link reports it, typed: whoever decides on it
// reads it from the link's typed snapshot through its descriptor; toJson() is session.json's
// copy, for people and files. Plain values; any thread.
//
// Units: frequencies rad/s, times s, test cue amplitudes m/s² (surge, sway, heave) or rad/s²
// (roll, pitch, yaw), reach m or rad from neutral, platform frame.

#include "core/transportdelayresult.h"

#include <QJsonObject>
#include <QMetaType>
#include <QString>
#include <algorithm>
#include <array>

namespace hil {

struct PlatformMeasurementSettings
{
    /// The band the multisine covers: the washout's corners lie inside it.
    double lowestRadS = 0.25, highestRadS = 15.0;
    /// Periods of the lowest frequency per DoF (two: enough to tell it from a drift).
    int periods = 2;
    double rampS = 1.5; ///< into and out of each DoF's excitation (and from the simulator's cue)
    double restS = 4.0; ///< neutral between DoFs: the seat settles, the actuators rest
    /// The excitation's peak per DoF at full scale, in the cue's units: 1 m/s² and 20 °/s², so
    /// that each DoF's sixth of the session still carries the input the identification asks
    /// for (several counts of the wire, as an RMS over the whole session).
    std::array<double, 6> amplitude{1.0, 1.0, 1.0, 0.349, 0.349, 0.349};
    /// The platform's reach per DoF and side (the assumed envelope: the platform reports none).
    std::array<double, 6> reachMin{-0.1, -0.1, -0.1, -0.26, -0.26, -0.26};
    std::array<double, 6> reachMax{0.1, 0.1, 0.1, 0.26, 0.26, 0.26};
    /// The excitation starts at this share of full scale and grows while the reported pose
    /// stays under growBelow of the reach; it shrinks above shrinkAbove; above abortAt (of the
    /// reach, on any DoF) the measurement stops.
    double startScale = 0.25, growBelow = 0.35, shrinkAbove = 0.6, abortAt = 0.8;
    /// The scale grows up to this: a stiff platform that hardly moves at full scale is driven
    /// harder, its reach still watched.
    double maxScale = 3.0;

    /// Seconds the whole measurement takes (before any stop): the estimate shown before it.
    double totalS() const;
    /// Seconds of one DoF: ramp in, the periods, ramp out, rest.
    double perDofS() const;
};

struct PlatformMeasurementResult
{
    using State = TransportDelayResult::State; ///< the same life as the transport delay's
    State state = State::Idle;
    int dof = -1;     ///< the DoF being excited (0 surge .. 5 yaw), -1 none
    int dofsDone = 0; ///< DoFs whose excitation ran to its end
    double elapsedS = 0, totalS = 0;
    QString reason;   ///< why it was refused or stopped (English)
    QString reasonId; ///< busy, stop, mode, enabling, axis_hold, reach, thermal, silent, park
    /// The largest share of its reach each DoF's pose took (0..), over the whole run.
    std::array<double, 6> peakReach{};
    /// The scale each DoF's excitation reached (of full scale, up to maxScale).
    std::array<double, 6> scale{};
    /// When each DoF's excitation began (after the hand-over ramp), host steady clock ns; 0: not
    /// begun. The measured OMCT's phase reference: its analysis times the inputs from here.
    std::array<qint64, 6> excitationStartNs{};
    /// The cueing the measured OMCT's excitation went through (the link's settings when it
    /// began): its frame and master gain. 0 for the platform measurement (test cues).
    int cueFrame = 0;
    double masterGain = 0.0;

    bool ended() const
    {
        return state == State::Done || state == State::Refused || state == State::Stopped;
    }
    double leftS() const { return state == State::Running ? std::max(0.0, totalS - elapsedS) : 0; }

    QJsonObject toJson() const;
};

} // namespace hil

Q_DECLARE_METATYPE(hil::PlatformMeasurementResult)
