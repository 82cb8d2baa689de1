#pragma once
// A long recorded session for replay tests and benchmarks: writes folder/state.csv in the
// recorder's own format (stateCsvHeader + appendStateRow), `seconds` of flight at `rateHz`
// (default: one hour at RealFlight's 250 Hz, 900,000 rows, ~300 MB) — a slow circle with a
// bobbing altitude, the body rates and accelerations that go with it, PX4 driving four channels.
// Numbers are rounded to 0.1 mm / 0.1 mrad so rows are as long as a real recording's, not 17
// digits a cell. Returns the bytes written, or -1 when the file cannot be written.

#include "session/sessionformat.h"

#include <QDir>
#include <QFile>
#include <cmath>

namespace hil::testing {

inline SimFrame longSessionFrame(double t, std::uint32_t seq)
{
    const auto r4 = [](double v) { return std::round(v * 1e4) / 1e4; };
    SimFrame f;
    f.physicsTimeS = t;
    f.sequence = seq;
    f.vehicle.state.pose.position = {r4(100 * std::sin(t / 30)), r4(100 * std::cos(t / 30)),
                                     r4(-50 - std::sin(t))};
    const double yaw = r4(t / 30);
    f.vehicle.state.pose.orientation = {r4(std::cos(yaw / 2)), 0.0, 0.0, r4(std::sin(yaw / 2))};
    f.vehicle.velocity = {r4(10 * std::cos(t / 30)), r4(-10 * std::sin(t / 30)), r4(-std::cos(t))};
    f.vehicle.acceleration = {r4(std::sin(t)), r4(std::cos(t)), r4(std::sin(2 * t))};
    f.vehicle.angular_velocity = {r4(0.1 * std::sin(t)), r4(0.05 * std::cos(t)), r4(1.0 / 30)};
    f.latitudeDeg = 47.458 + r4(t) * 1e-6;
    f.longitudeDeg = 8.548;
    f.altitudeM = r4(482 + std::sin(t));
    f.extras.airspeedMps = r4(10 + std::sin(t));
    return f;
}

inline qint64 writeLongSession(const QString &folder, double seconds = 3600.0,
                               double rateHz = 250.0)
{
    QDir().mkpath(folder);
    QFile f(QDir(folder).filePath(QStringLiteral("state.csv")));
    if (!f.open(QIODevice::WriteOnly))
        return -1;
    f.write(stateCsvHeader());
    ChannelFrame channels;
    channels.selectedMask = 0xF;
    const int rows = static_cast<int>(seconds * rateHz);
    QByteArray buf;
    for (int i = 0; i < rows; ++i) {
        const double t = i / rateHz;
        for (int c = 0; c < 4; ++c)
            channels.values[static_cast<size_t>(c)] =
                std::round((0.5 + 0.05 * std::sin(t + c)) * 1e4) / 1e4;
        appendStateRow(buf, longSessionFrame(t, static_cast<std::uint32_t>(i)), channels, t);
        if (buf.size() > (4 << 20)) {
            if (f.write(buf) != buf.size())
                return -1;
            buf.clear();
        }
    }
    if (f.write(buf) != buf.size())
        return -1;
    return f.size();
}

} // namespace hil::testing
