#pragma once
// PlatformSample: one motion-platform reply in SI units, as the RavenLink emits it (queued to the
// UI and the recorder's platform.csv). A plain value; any thread. Built by the pure
// sampleFromFrame() so the conversion is tested without sockets.

#include "model/tsan.h"
#include "raven/ravencodec.h"

#include <QMetaType>
#include <array>
#include <cstdint>

namespace hil {

struct PlatformSample
{
    std::int64_t monotonicNs = 0; ///< host steady clock at arrival, ns
    std::uint16_t id = 0;         ///< RavenAPI message id of the reply
    raven::StatusWord status;     ///< decoded; status.raw is the word as received

    bool hasPose = false;              ///< 5, 21, 85, 170, 65531, 65535
    std::array<double, 3> positionM{}; ///< surge, sway, heave (m), platform frame
    std::array<double, 3> anglesRad{}; ///< roll, pitch, yaw (rad), platform frame

    bool hasTimestamp = false;        ///< 6553x frames
    std::uint32_t platformTimeUs = 0; ///< the platform's own clock, wraps

    bool hasActuators = false; ///< 2730, 65532-65534: the six raw values (µm or force units)
    std::array<std::int32_t, 6> actuatorValues{};

    bool hasTemperatures = false;          ///< 10922
    std::array<double, 6> temperaturesC{}; ///< the word as °C (the guide gives no unit)

    bool hasPower = false; ///< 10923
    std::array<double, 6> powerW{};
    double totalPowerW = 0.0;

    bool hasFirmware =
        false; ///< 3780: version, release state, revision, year, month, day, commit hash
    std::array<std::int32_t, 7> firmware{};
    HIL_TSAN_MARK; // last: queued across threads (lib/model/tsan.h)
};

/// The sample of one platform→app frame (frame.words must match the ToApp table).
PlatformSample sampleFromFrame(const raven::Frame &frame, std::int64_t monotonicNs);

} // namespace hil

Q_DECLARE_METATYPE(hil::PlatformSample)
