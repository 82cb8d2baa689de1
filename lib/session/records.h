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

    /// Fills mode, thermal and motorOk from statusWord.
    void decodeStatus();
};

} // namespace hil

Q_DECLARE_METATYPE(hil::PlatformRow)
