#pragma once
// Input records of the session recorder, defined here so that the recorder depends on no link:
// the Station converts each link's output into these. Plain values, any thread.

#include <QMetaType>
#include <array>
#include <cstdint>

namespace hil {

/// One motion-platform reply as platform.csv stores it (the RavenAPI status reply, already
/// decoded by the Raven link). Lengths m, angles rad; NaN where the
/// reply carries no position (e.g. a mode-request echo, id 682).
struct PlatformRow
{
    std::int64_t monotonicNs = 0; ///< host steady clock when the reply arrived, ns (0 = now)
    std::uint16_t messageId = 0;
    double surgeM = 0.0;
    double swayM = 0.0;
    double heaveM = 0.0;
    double rollRad = 0.0;
    double pitchRad = 0.0;
    double yawRad = 0.0;
    std::uint32_t statusWord = 0;  ///< raw, reserved bits included
    int mode = 0;                  ///< bits 0-3: 0 OFF, 1 LEVEL BRAKE, 2 LOADING, 3 CUEING
    int thermal = 0;               ///< bits 4-5: 0 NORMAL, 1 OVERHEAT PROTECTION
    std::array<bool, 6> motorOk{}; ///< motor 0..5 OK flags (status bits 11..6)
    /// The platform's own clock (µs, wraps at 2³²) where the reply carries it (65532..65535).
    bool hasPlatformTime = false;
    std::uint32_t platformTimeUs = 0;

    /// Fills mode, thermal and motorOk from statusWord.
    void decodeStatus();
};

/// One cue frame as cues.csv stores it: the words the Raven link put on the wire (its cueSent),
/// the gains they were made with. Platform units in words (mm/s², deg/s², mdeg); cues.csv adds
/// the SI values decoded from them.
struct CueRow
{
    std::int64_t monotonicNs = 0; ///< host steady clock when the frame was sent, ns (0 = now)
    std::uint16_t messageId = 0;  ///< 5, 21 or 85
    int wordCount = 0;            ///< 6, 8 or 9
    std::array<std::int32_t, 9> words{};
    double cueGain = 0.0;    ///< the rider-safety gain applied, 0..1 (1 for a test cue)
    double masterGain = 0.0; ///< the master gain applied (1 for a test cue)
    int origin = 0;          ///< raven::CueOrigin: 0 simulator, 1 STOP, 2 axis check, ...
    std::uint32_t holds = 0; ///< raven::GainHold bits in force
    bool zeroed = false;     ///< scaled with cue gain 0: the neutral cue, whatever was asked
};

} // namespace hil

Q_DECLARE_METATYPE(hil::PlatformRow)
