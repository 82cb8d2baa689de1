#pragma once
// PilotChannelMap: which RealFlight channel gets which of the pilot's controls when the pilot's
// device flies RealFlight without an autopilot (docs/connecting.md, "Flying RealFlight from the
// pilot's device"). A plain value: any thread, copied across threads.
//
// Input: PilotControls in MANUAL_CONTROL's conventions (model/pilot.h): roll, pitch, yaw −1..1
// (stick right, stick forward, rudder right = +), throttle 0..1. Output: RealFlight channel values
// 0..1 and the m-selectedChannels mask of the mapped channels only; every other channel stays with
// RealFlight's own controller.
//
// Conversions, the inverse of how the input link reads RealFlight's transmitter (axis = 2·v − 1,
// channel 2 read as pitch without negation, docs/protocols/flightaxis.md): a stick's value is
// (1 + s) / 2, centre 0.5, so stick forward is a high value on the elevator channel, as
// RealFlight's InterLink reports it; throttle's is the throttle itself (0 idle). Reversed: (1 − s)
// / 2 and 1 − throttle. A control not named is not injected.
//
// Default: RealFlight's own channel order for its InterLink controllers and the usual AETR order
// of model transmitters: 1 aileron, 2 elevator, 3 throttle, 4 rudder, none reversed.
//
// Text form (`--pilot-channels`, session.json): "ail=1,ele=2,thr=3,rud=4" with channels 1..12,
// each at most once, optionally ",rev=ele+rud"; "none" injects nothing.

#include "model/pilot.h"
#include "model/simframe.h"

#include <QString>
#include <array>
#include <cstdint>
#include <optional>

namespace hil {

struct PilotChannelMap
{
    enum Control { Aileron, Elevator, Throttle, Rudder, kControls };

    /// RealFlight channel 0..11 per control (channel 1 = index 0); −1: not injected.
    std::array<int, kControls> channel{0, 1, 2, 3};
    std::array<bool, kControls> reversed{false, false, false, false};

    static PilotChannelMap realFlightDefault() { return {}; }
    /// Nothing injected ("none").
    static PilotChannelMap none();

    /// Bit i set = RealFlight channel i + 1 is injected.
    std::uint32_t mask() const;
    bool injectsAny() const { return mask() != 0; }
    /// The channel values for these controls; selectedMask = mask(). Values of unmapped channels
    /// are ChannelFrame's defaults (not selected: RealFlight ignores them). A non-finite control
    /// counts as centred (throttle: idle).
    ChannelFrame apply(const PilotControls &c) const;

    /// "ail=1,ele=2,thr=3,rud=4[,rev=ele+rud]" or "none".
    QString toString() const;
    /// The text form back; nullopt with a one-line reason in *why.
    static std::optional<PilotChannelMap> parse(const QString &text, QString *why);

    bool operator==(const PilotChannelMap &o) const
    {
        return channel == o.channel && reversed == o.reversed;
    }
    bool operator!=(const PilotChannelMap &o) const { return !(*this == o); }
};

/// Where a simulator's channels come from now, as the link that flies them reports it (the Pilot
/// panel shows it). A plain value.
struct PilotChannelsState
{
    enum class Source {
        Simulator, ///< the simulator's own controller: nothing injected
        Pilot,     ///< the pilot's device, through the channel map
        Autopilot, ///< the autopilot's outputs (the pilot flies through the autopilot)
    };
    Source source = Source::Simulator;
    qint64 pilotExchanges = 0; ///< exchanges that carried the pilot's channels, since the start
};

/// The pilot's controls as a link forwards them to an autopilot (PX4's MANUAL_CONTROL), as the
/// Pilot panel shows it. A plain value.
struct PilotForwardingState
{
    bool active = false; ///< being sent (a pilot device is flying)
    double hz = 0.0;     ///< sent per second over the last second
    qint64 sent = 0;
    /// The autopilot's setting for where it takes stick input from, as it answered (PX4's
    /// COM_RC_IN_MODE); −1 before it answered.
    int stickInputMode = -1;
};

} // namespace hil

Q_DECLARE_METATYPE(hil::PilotChannelMap)
