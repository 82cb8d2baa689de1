#include "input/sdldevices.h"
#include "model/clock.h"

#include <algorithm>
#include <cmath>

namespace hil::input {

namespace {
double axisValue(Sint16 v)
{
    return std::max(-1.0, double(v) / 32767.0);
}

QString guidOf(SDL_JoystickGUID g)
{
    char text[33] = {};
    SDL_JoystickGetGUIDString(g, text, sizeof text);
    return QString::fromLatin1(text).toLower();
}
} // namespace

void SdlDevice::close()
{
    if (gamepad)
        SDL_GameControllerClose(gamepad); // also closes its joystick
    else if (joystick)
        SDL_JoystickClose(joystick);
    gamepad = nullptr;
    joystick = nullptr;
    instance = -1;
}

bool SdlDevice::open(int index)
{
    if (SDL_IsGameController(index)) {
        gamepad = SDL_GameControllerOpen(index);
        joystick = gamepad ? SDL_GameControllerGetJoystick(gamepad) : nullptr;
        axes = SDL_CONTROLLER_AXIS_MAX;
        buttons = SDL_CONTROLLER_BUTTON_MAX;
    } else {
        joystick = SDL_JoystickOpen(index);
        axes = joystick ? SDL_JoystickNumAxes(joystick) : 0;
        buttons = joystick ? std::min(SDL_JoystickNumButtons(joystick), 64) : 0;
    }
    if (!joystick) {
        close();
        return false;
    }
    instance = SDL_JoystickInstanceID(joystick);
    id = guidOf(SDL_JoystickGetGUID(joystick));
    name = QString::fromUtf8(SDL_JoystickName(joystick));
    sequence = 0;
    return true;
}

bool SdlDevice::attached() const
{
    return SDL_JoystickGetAttached(joystick);
}

PilotSample SdlDevice::read(std::int64_t nowNs)
{
    PilotSample sample;
    sample.deviceId = id;
    sample.name = name;
    sample.axes.resize(std::size_t(axes));
    if (gamepad) {
        for (int a = 0; a < axes; ++a) {
            const Sint16 v = SDL_GameControllerGetAxis(gamepad, SDL_GameControllerAxis(a));
            // Triggers read 0..32767: as −1..1 (released −1), like a throttle axis.
            sample.axes[std::size_t(a)] = a >= SDL_CONTROLLER_AXIS_TRIGGERLEFT
                                              ? 2.0 * double(v) / 32767.0 - 1.0
                                              : axisValue(v);
        }
        for (int b = 0; b < buttons; ++b)
            if (SDL_GameControllerGetButton(gamepad, SDL_GameControllerButton(b)))
                sample.buttons |= std::uint64_t(1) << unsigned(b);
    } else {
        for (int a = 0; a < axes; ++a)
            sample.axes[std::size_t(a)] = axisValue(SDL_JoystickGetAxis(joystick, a));
        for (int b = 0; b < buttons; ++b)
            if (SDL_JoystickGetButton(joystick, b))
                sample.buttons |= std::uint64_t(1) << unsigned(b);
    }
    sample.monotonicNs = nowNs;
    sample.sequence = ++sequence;
    return sample;
}

bool SdlDevices::init(QString *why)
{
    // Before SDL_Init: SDL must never install handlers for SIGINT/SIGTERM (the program's safe
    // exit parks the platform on them), and it reads joysticks without a focused window.
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
    SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1");
    // This thread updates the joysticks itself, once per period, and reads their state: no
    // joystick events are queued (SDL's queue would fill with axis motion nobody reads).
    SDL_SetHint(SDL_HINT_AUTO_UPDATE_JOYSTICKS, "0");
    // SDL_HINT_JOYSTICK_THREAD stays at its default (off): on Windows SDL then creates its
    // device-notification and raw-input window in the thread that initialises it, this one,
    // and handles hot-plug when this thread pumps (every period, and Qt's event dispatcher
    // here dispatches that window's messages too). A thread of SDL's own would only add a
    // hand-over; elsewhere the hint does nothing.
    if (SDL_InitSubSystem(SDL_INIT_JOYSTICK | SDL_INIT_GAMECONTROLLER) != 0) {
        *why = QString::fromUtf8(SDL_GetError());
        return false;
    }
    m_inited = true;
    SDL_JoystickEventState(SDL_IGNORE);
    SDL_GameControllerEventState(SDL_IGNORE);
    return true;
}

void SdlDevices::quit()
{
    if (!m_inited)
        return;
    closeAll();
    for (SDL_Joystick *j : std::as_const(m_virtuals)) {
        const int index = indexOf(SDL_JoystickInstanceID(j));
        if (index >= 0)
            SDL_JoystickDetachVirtual(index);
        SDL_JoystickClose(j);
    }
    m_virtuals.clear();
    SDL_QuitSubSystem(SDL_INIT_JOYSTICK | SDL_INIT_GAMECONTROLLER);
    if (SDL_WasInit(0) == 0)
        SDL_Quit();
    m_inited = false;
}

bool SdlDevices::pump()
{
    SDL_PumpEvents(); // Windows' device notifications; nothing is queued from joysticks
    SDL_JoystickUpdate();
    SDL_FlushEvents(SDL_FIRSTEVENT, SDL_LASTEVENT);
    const int count = SDL_NumJoysticks();
    if (count == m_lastCount)
        return false;
    m_lastCount = count;
    return true;
}

bool SdlDevices::isOpen(SDL_JoystickID instance) const
{
    return std::any_of(devs.begin(), devs.end(),
                       [instance](const SdlDevice &d) { return d.instance == instance; });
}

void SdlDevices::closeAll()
{
    for (SdlDevice &d : devs)
        d.close();
    devs.clear();
    hasPrimary = false;
}

int SdlDevices::count() const
{
    return SDL_NumJoysticks();
}

QString SdlDevices::idAt(int index) const
{
    return guidOf(SDL_JoystickGetDeviceGUID(index));
}

QString SdlDevices::nameAt(int index) const
{
    return QString::fromUtf8(SDL_JoystickNameForIndex(index));
}

SDL_JoystickID SdlDevices::instanceAt(int index) const
{
    return SDL_JoystickGetDeviceInstanceID(index);
}

QList<PilotDeviceInfo> SdlDevices::present() const
{
    QList<PilotDeviceInfo> list;
    for (int i = 0; i < SDL_NumJoysticks(); ++i) {
        PilotDeviceInfo d;
        d.id = idAt(i);
        d.name = nameAt(i);
        d.gamepad = SDL_IsGameController(i);
        for (const SdlDevice &open : devs)
            if (SDL_JoystickGetDeviceInstanceID(i) == open.instance) {
                d.axes = open.axes;
                d.buttons = open.buttons;
            }
        list << d;
    }
    return list;
}

int SdlDevices::indexOf(SDL_JoystickID instance)
{
    for (int i = 0; i < SDL_NumJoysticks(); ++i)
        if (SDL_JoystickGetDeviceInstanceID(i) == instance)
            return i;
    return -1;
}

int SdlDevices::attachVirtual(const QString &name, int axes, int buttons, bool gamepad)
{
    const QByteArray utf8 = name.toUtf8();
    SDL_VirtualJoystickDesc d;
    SDL_zero(d);
    d.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
    d.type = Uint16(gamepad ? SDL_JOYSTICK_TYPE_GAMECONTROLLER : SDL_JOYSTICK_TYPE_FLIGHT_STICK);
    d.naxes = Uint16(axes);
    d.nbuttons = Uint16(buttons);
    if (gamepad) {
        // The first `axes`/`buttons` of SDL's gamepad layout, in its order.
        d.axis_mask = Uint32((1u << unsigned(axes)) - 1u);
        d.button_mask = Uint32((1u << unsigned(buttons)) - 1u);
    }
    d.name = utf8.constData();
    const int index = SDL_JoystickAttachVirtualEx(&d);
    if (index < 0)
        return -1;
    SDL_Joystick *j = SDL_JoystickOpen(index);
    if (!j) {
        SDL_JoystickDetachVirtual(index);
        return -1;
    }
    const int id = SDL_JoystickInstanceID(j);
    m_virtuals.insert(id, j);
    return id;
}

bool SdlDevices::setVirtualAxis(int instanceId, int axis, double value)
{
    SDL_Joystick *j = m_virtuals.value(instanceId);
    const double v = std::clamp(value, -1.0, 1.0);
    return j && SDL_JoystickSetVirtualAxis(j, axis, Sint16(std::lround(v * 32767.0))) == 0;
}

bool SdlDevices::setVirtualButton(int instanceId, int button, bool down)
{
    SDL_Joystick *j = m_virtuals.value(instanceId);
    return j && SDL_JoystickSetVirtualButton(j, button, down ? 1 : 0) == 0;
}

qint64 SdlDevices::detachVirtual(int instanceId)
{
    SDL_Joystick *j = m_virtuals.take(instanceId);
    if (!j)
        return 0;
    const int index = indexOf(instanceId);
    const bool ok = index >= 0 && SDL_JoystickDetachVirtual(index) == 0;
    const qint64 at = steadyNowNs();
    SDL_JoystickClose(j);
    return ok ? at : 0;
}

} // namespace hil::input
