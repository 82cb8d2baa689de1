#pragma once
// SdlDevices: the input link's SDL side, everything of the link that calls SDL. It initialises
// SDL's joystick and gamepad subsystems (without SDL's signal handlers, reading joysticks without
// a focused window) and shuts them down, pumps SDL once per period, lists the devices SDL has,
// opens, reads and closes them (SdlDevice), and makes the test hook's virtual joysticks.
// Which devices are opened, which one flies and how their readings are mapped and combined is
// the link's (PilotLink).
//
// A header of the input module only: it includes SDL's, which no other module sees (SDL2 is
// linked privately); pilotlink.h keeps to a forward declaration.
//
// Thread: the link's (hil-pilot) only, where SDL is initialised, pumped and shut down. Units:
// axes −1..1 (SDL's −32768..32767 clamped), sample times steady-clock ns (model/clock.h).

#include "input/pilotlink.h"
#include "input/pilotmap.h"
#include "model/pilot.h"

// The program has its own main(): SDL must not rename it to SDL_main (Windows).
#define SDL_MAIN_HANDLED
#include <SDL.h>

#include <QHash>
#include <QList>
#include <QString>
#include <cstdint>
#include <vector>

namespace hil::input {

/// One open SDL device: its handles, what it reports, its mapper (the link's). This thread.
struct SdlDevice
{
    SDL_Joystick *joystick = nullptr;
    SDL_GameController *gamepad = nullptr; ///< set when SDL knows the device as a gamepad
    SDL_JoystickID instance = -1;
    QString id, name;
    int axes = 0, buttons = 0;
    std::uint64_t sequence = 0;
    PilotMapper mapper;

    void close();
    /// Opens the device at SDL's index; false when it cannot be opened yet.
    bool open(int index);
    DeviceKind kind() const { return gamepad ? DeviceKind::Gamepad : DeviceKind::Joystick; }
    /// SDL still has it (not unplugged).
    bool attached() const;
    /// Its state as SDL read it at the last pump: one sample, stamped nowNs, numbered.
    PilotSample read(std::int64_t nowNs);
};

/// SDL's side: the open devices (the primary first, when there is one) and the test hook's
/// virtual devices. This thread.
class SdlDevices
{
public:
    /// devs[0] is the primary when hasPrimary; the others are the devices the map names or held.
    std::vector<SdlDevice> devs;
    bool hasPrimary = false;

    /// Initialises SDL's joystick and gamepad subsystems; false with SDL's reason.
    bool init(QString *why);
    bool inited() const { return m_inited; }
    /// Closes every device (the virtual ones detached) and shuts SDL's subsystems down.
    void quit();
    /// Once per period: SDL's device notifications and every device's state. True when the
    /// number of devices SDL lists changed.
    bool pump();

    bool isOpen(SDL_JoystickID instance) const;
    void closeAll();

    // The devices SDL lists, by index (0 .. count() − 1).
    int count() const;
    QString idAt(int index) const; ///< its GUID, lower case
    QString nameAt(int index) const;
    SDL_JoystickID instanceAt(int index) const;
    /// Every device SDL lists, with the axes and buttons of the open ones.
    QList<PilotDeviceInfo> present() const;

    // The test hook (PilotLink's invokable methods of the same names).
    int attachVirtual(const QString &name, int axes, int buttons, bool gamepad);
    bool setVirtualAxis(int instanceId, int axis, double value);
    bool setVirtualButton(int instanceId, int button, bool down);
    qint64 detachVirtual(int instanceId);

private:
    static int indexOf(SDL_JoystickID instance);

    bool m_inited = false;
    int m_lastCount = -1;
    QHash<int, SDL_Joystick *> m_virtuals; ///< instance id → the hook's own handle
};

} // namespace hil::input
