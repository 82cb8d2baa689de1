#pragma once
// PilotMap: how a device's raw reading (PilotSample) becomes the pilot's controls (PilotControls),
// per device, and the mapping file that stores it (`--pilot-map FILE`, else
// defaultPilotMapPath(); the window's pilot set-up, ui/panels/pilotsetupdialog.h, saves there).
// Pure: no SDL, no clock, no thread of its own; any thread, one mapper per device stream.
//
// The file (JSON, docs/connecting.md "The map file"):
//
//   { "format": "hilstation-pilot-map", "version": 1,
//     "devices": {
//       "<SDL GUID, 32 hex digits>" | "realflight": {
//         "name": "for people, ignored",
//         "mode": 2,                      // gamepads without "axes": stick mode 1 or 2
//         "axes": { "roll":     {"axis": 2, "reverse": false, "deadband": 0.05, "expo": 0.3,
//                                "min": -1, "center": 0, "max": 1},
//                   "pitch": {...}, "yaw": {...}, "throttle": {...} },
//         "buttons": [ {"button": 4, "action": "stop"}, {"button": 0, "action": "arm"} ],
//         "enabling_button": 5 } } }
//
// Axis numbers count from 0 (RealFlight's channel 1 is axis 0). A control left out, or naming an
// axis the device does not have, is not mapped (0; throttle 0 = idle). Units: raw axes −1..1,
// dead-band as a fraction of the calibrated half range (sticks) or full range (throttle), expo
// 0..1 (0 linear, 1 cubic). Calibration min/center/max are raw values; throttle uses min..max
// only (min = idle). Throttle takes no expo.

#include "model/pilot.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <array>
#include <map>
#include <optional>
#include <vector>

namespace hil::input {

/// The device id RealFlight's transmitter carries (PilotSample::deviceId).
inline constexpr const char *kRealFlightId = "realflight";

struct AxisMap
{
    int axis = -1; ///< raw axis index, from 0; −1 not mapped
    bool reverse = false;
    double deadband = 0.0; ///< 0..0.5
    double expo = 0.0;     ///< 0..1, sticks only
    double min = -1.0, center = 0.0, max = 1.0;
};

struct ButtonMap
{
    int button = 0;
    PilotAction action = PilotStop;
};

/// One device's mapping.
struct DeviceMap
{
    AxisMap roll, pitch, yaw, throttle;
    std::vector<ButtonMap> buttons;
    int enablingButton = -1; ///< the dead-man button; −1 none
    /// From a file: "axes" was given (else the device kind's default axes apply, in `mode`).
    bool axesGiven = false;
    int mode = 2; ///< stick mode 1 or 2, for a gamepad's default axes
    QString name; ///< the device's name, for people reading the file (not used to match)
};

/// What kind of device a default mapping is for (a map file entry overrides it).
enum class DeviceKind { Gamepad, Joystick, RealFlight };

/// The built-in mapping: RealFlight (channels 1 roll, 2 pitch (InterLink: forward high), 3 throttle
/// from raw −1 = idle, 4 yaw); a gamepad in stick mode 2 (left stick throttle/yaw, right stick
/// pitch/roll, in SDL's gamepad axis order) or 1; any other joystick in AETR order with a flight
/// stick's signs (axis 0 roll, 1 pitch reversed, 2 throttle reversed, 3 yaw). No buttons.
DeviceMap defaultMap(DeviceKind kind, int mode = 2);

/// Action names in the file ("stop", "arm", "disarm", "takeoff", "land", "return", "hold",
/// "mode_position", "mode_altitude", "mode_stabilized", "mode_manual").
QString actionName(PilotAction action);
std::optional<PilotAction> actionFromName(const QString &name);

/// A parsed map file: device id (GUID in lower case, or "realflight") → mapping.
struct PilotMapFile
{
    std::map<QString, DeviceMap> devices;
    /// The entry for this device, else std::nullopt. GUIDs compare case-insensitively.
    std::optional<DeviceMap> find(const QString &deviceId) const;
};

/// Parses the file's text. std::nullopt with *error, one line (where and what), on bad input.
std::optional<PilotMapFile> parsePilotMap(const QByteArray &json, QString *error);
/// Reads and parses a file; the error names the file.
std::optional<PilotMapFile> readPilotMap(const QString &path, QString *error);
/// The map file used without --pilot-map: pilot-map.json in the user's configuration folder
/// (QStandardPaths::AppConfigLocation); the setup wizard saves there too. It need not exist.
QString defaultPilotMapPath();
/// Writes the file atomically (QSaveFile: the old file stays whole until the new one is
/// complete), making its folder when needed. False with *error naming the file.
bool writePilotMap(const QString &path, const PilotMapFile &file, QString *error);
/// The file's JSON for a set of mappings (the window's save; round-trips through parsePilotMap).
QJsonObject pilotMapJson(const PilotMapFile &file);

/// The mapping a device gets: its file entry when there is one (with the kind's default axes
/// when the entry gives none), else the kind's default.
DeviceMap mapFor(const PilotMapFile *file, const QString &deviceId, DeviceKind kind);

/// Maps one device's samples. Keeps the previous buttons for `pressed`. One thread.
class PilotMapper
{
public:
    explicit PilotMapper(DeviceMap map = {}) : m_map(std::move(map)) {}
    const DeviceMap &map() const { return m_map; }
    /// The controls for a sample (active = true). The first sample after reset() reports held
    /// buttons but presses only STOP: a device coming back with a button held must not arm or
    /// take off, while a held STOP is always a STOP.
    PilotControls map(const PilotSample &s);
    void reset() { m_first = true; }

    /// One stick axis, calibrated, reversed, dead-band, expo: −1..1 (pure, for tests).
    static double stick(const AxisMap &m, const std::vector<double> &axes);
    /// The throttle: 0..1, 0 idle.
    static double throttle(const AxisMap &m, const std::vector<double> &axes);

private:
    DeviceMap m_map;
    std::uint32_t m_lastHeld = 0;
    bool m_first = true;
};

} // namespace hil::input
