#pragma once
// platform.csv read back: one row per motion-platform reply (docs/cli-and-session.md,
// "platform.csv"), for the dry run's comparison and the platform identification. Columns are
// found by name, so older files (no platform_time_us) and later ones (more columns) read; a
// malformed row is counted and skipped, never fatal. One file reader plus pure parsing; any
// thread.
// Units: time_s host steady clock, s since the session start; pose in the platform frame, m and
// rad; platform_time_us the platform's own clock, wrapping at 2³² µs.

#include <QString>
#include <array>
#include <cstdint>
#include <vector>

namespace hil {

struct PlatformReply
{
    double timeS = 0.0; ///< host steady clock when the reply arrived
    int messageId = 0;
    /// surge, sway, heave (m), roll, pitch, yaw (rad); NaN when the reply carries no pose
    std::array<double, 6> dof{};
    int mode = -1; ///< 0 OFF … 3 CUEING; -1 when the cell is empty
    bool hasPlatformTime = false;
    std::uint32_t platformTimeUs = 0;
    bool hasPose() const;
};

struct PlatformCsv
{
    bool present = false;  ///< the file exists
    bool readable = false; ///< its header names time_s, mode and the six pose columns
    std::vector<PlatformReply> rows;
    qint64 skippedRows = 0; ///< rows that did not read (cell count, no time, a bad number)
};

/// Reads `path` whole (synchronous file I/O).
PlatformCsv loadPlatformCsv(const QString &path);

} // namespace hil
