#include "input/pilotlink.h"
#include "input/logging.h"
#include "model/clock.h"
#include "model/tsan.h"

// The program has its own main(): SDL must not rename it to SDL_main (Windows).
#define SDL_MAIN_HANDLED
#include <SDL.h>

#include <QJsonArray>
#include <QMutexLocker>
#include <QTimer>
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

/// One open SDL device: its handles, what it reports, its mapper. This thread.
struct SdlDevice
{
    SDL_Joystick *joystick = nullptr;
    SDL_GameController *gamepad = nullptr; ///< set when SDL knows the device as a gamepad
    SDL_JoystickID instance = -1;
    QString id, name;
    int axes = 0, buttons = 0;
    std::uint64_t sequence = 0;
    PilotMapper mapper;
    bool lostReported = false; ///< another device (not the primary) gone: its one event

    void close()
    {
        if (gamepad)
            SDL_GameControllerClose(gamepad); // also closes its joystick
        else if (joystick)
            SDL_JoystickClose(joystick);
        gamepad = nullptr;
        joystick = nullptr;
        instance = -1;
    }
    /// Opens the device at SDL's index; false when it cannot be opened yet.
    bool open(int index)
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
    DeviceKind kind() const { return gamepad ? DeviceKind::Gamepad : DeviceKind::Joystick; }
};

/// SDL's side: the open devices (the primary first, when there is one) and the test hook's
/// virtual devices. This thread.
struct PilotLink::Sdl
{
    bool inited = false;
    /// devs[0] is the primary when hasPrimary; the others are the devices the map names or held.
    std::vector<SdlDevice> devs;
    bool hasPrimary = false;
    int lastCount = -1;
    QHash<int, SDL_Joystick *> virtuals; ///< instance id → the hook's own handle

    SdlDevice *primary() { return hasPrimary ? &devs.front() : nullptr; }
    bool isOpen(SDL_JoystickID instance) const
    {
        return std::any_of(devs.begin(), devs.end(),
                           [instance](const SdlDevice &d) { return d.instance == instance; });
    }
    void closeAll()
    {
        for (SdlDevice &d : devs)
            d.close();
        devs.clear();
        hasPrimary = false;
    }
    static int indexOf(SDL_JoystickID instance)
    {
        for (int i = 0; i < SDL_NumJoysticks(); ++i)
            if (SDL_JoystickGetDeviceInstanceID(i) == instance)
                return i;
        return -1;
    }
};

PilotLink::PilotLink(PilotLinkConfig config)
    : Worker(QStringLiteral("pilot")), m_config(std::move(config)), m_sdl(std::make_unique<Sdl>())
{
    qRegisterMetaType<hil::PilotSample>();
    qRegisterMetaType<hil::PilotControls>();
    m_map = m_config.map;
    m_rfMapper = PilotMapper(mapFor(map(), QLatin1String(kRealFlightId), DeviceKind::RealFlight));
}

PilotLink::~PilotLink() = default;

bool PilotLink::open(QString *error)
{
    if (m_config.source == PilotLinkConfig::Source::Joystick || m_config.allowVirtual) {
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
            *error = QStringLiteral("pilot: SDL cannot read joysticks: %1")
                         .arg(QString::fromUtf8(SDL_GetError()));
            return false;
        }
        m_sdl->inited = true;
        SDL_JoystickEventState(SDL_IGNORE);
        SDL_GameControllerEventState(SDL_IGNORE);
    }
    QJsonObject ep{{"source", m_config.source == PilotLinkConfig::Source::RealFlight
                                  ? QStringLiteral("realflight")
                                  : QStringLiteral("joystick")},
                   {"period_ms", m_config.periodMs}};
    if (m_config.joystickIndex >= 0)
        ep.insert(QStringLiteral("joystick_index"), m_config.joystickIndex);
    if (!m_config.joystickName.isEmpty())
        ep.insert(QStringLiteral("joystick_name"), m_config.joystickName);
    setEndpoints(ep);
    setState(LinkState::Connecting);
    m_rateClock.start();
    m_sinceOpen.start();
    m_timer = new QTimer(this);
    m_timer->setTimerType(Qt::PreciseTimer);
    m_timer->setInterval(m_config.periodMs);
    connect(m_timer, &QTimer::timeout, this, &PilotLink::tick);
    m_timer->start();
    return true;
}

void PilotLink::close()
{
    if (m_timer)
        m_timer->stop();
    if (m_active) {
        // The consumers still hear that the sticks end here; a stop is no loss: no event.
        m_active = false;
        PilotControls c;
        c.deviceId = m_lastId;
        c.deviceName = m_lastName;
        c.sampleNs = steadyNowNs();
        emit pilotControls(c);
    }
    if (m_sdl->inited) {
        m_sdl->closeAll();
        for (SDL_Joystick *j : std::as_const(m_sdl->virtuals)) {
            const int index = Sdl::indexOf(SDL_JoystickInstanceID(j));
            if (index >= 0)
                SDL_JoystickDetachVirtual(index);
            SDL_JoystickClose(j);
        }
        m_sdl->virtuals.clear();
        SDL_QuitSubSystem(SDL_INIT_JOYSTICK | SDL_INIT_GAMECONTROLLER);
        if (SDL_WasInit(0) == 0)
            SDL_Quit();
        m_sdl->inited = false;
    }
    setState(LinkState::Stopped);
}

QJsonObject PilotLink::collectCounters() const
{
    QJsonObject c{{"samples", qint64(m_samples)},
                  {"devices", qint64(devices().size())},
                  {"stale_events", qint64(m_staleEvents)},
                  {"devices_found", qint64(m_found)},
                  {"transmitter_samples", qint64(m_rfSamples)},
                  {"bad_samples", qint64(m_badSamples)},
                  {"sample_rate_hz", m_rateHz},
                  {"active", m_active}};
    if (m_active)
        c.insert(QStringLiteral("device"), m_lastName);
    // Devices the set-up was left on before Finish, with no calibration: not used (rig check).
    QJsonArray uncalibrated;
    for (auto it = m_held.constBegin(); it != m_held.constEnd(); ++it)
        if (it.value())
            uncalibrated.append(it.key());
    c.insert(QStringLiteral("uncalibrated"), uncalibrated);
    return c;
}

QList<PilotDeviceInfo> PilotLink::devices() const
{
    QMutexLocker lock(&m_devicesMutex);
    return m_devices;
}

PilotFlying PilotLink::flying() const
{
    QMutexLocker lock(&m_devicesMutex);
    return m_flying;
}

void PilotLink::refreshDevices()
{
    QList<PilotDeviceInfo> list;
    if (m_sdl->inited) {
        for (int i = 0; i < SDL_NumJoysticks(); ++i) {
            PilotDeviceInfo d;
            d.id = guidOf(SDL_JoystickGetDeviceGUID(i));
            d.name = QString::fromUtf8(SDL_JoystickNameForIndex(i));
            d.gamepad = SDL_IsGameController(i);
            for (const SdlDevice &open : m_sdl->devs)
                if (SDL_JoystickGetDeviceInstanceID(i) == open.instance) {
                    d.axes = open.axes;
                    d.buttons = open.buttons;
                }
            list << d;
        }
    }
    if (m_rfFresh)
        list << PilotDeviceInfo{QLatin1String(kRealFlightId), QStringLiteral("RealFlight"), 0, 0,
                                false};
    QMutexLocker lock(&m_devicesMutex);
    m_devices = list;
}

void PilotLink::tick()
{
    const std::int64_t nowNs = steadyNowNs();
    ++m_ticks;
    if (m_rateClock.elapsed() >= 1000) {
        m_rateHz = double(m_rateSamples) * 1000.0 / double(m_rateClock.restart());
        m_rateSamples = 0;
    }
    if (m_sdl->inited) {
        SDL_PumpEvents(); // Windows' device notifications; nothing is queued from joysticks
        SDL_JoystickUpdate();
        SDL_FlushEvents(SDL_FIRSTEVENT, SDL_LASTEVENT);
        const int count = SDL_NumJoysticks();
        if (count != m_sdl->lastCount) {
            m_sdl->lastCount = count;
            refreshDevices();
            m_rescan = true; // a device the map names (or a held one) may have come
        }
    }
    if (!m_everFound && !m_missingReported && m_sinceOpen.elapsed() >= m_config.missingAfterMs) {
        m_missingReported = true;
        const bool rf = m_config.source == PilotLinkConfig::Source::RealFlight;
        const QString wanted =
            rf ? QStringLiteral("RealFlight's transmitter")
            : m_config.joystickIndex >= 0
                ? QStringLiteral("joystick %1").arg(m_config.joystickIndex)
            : !m_config.joystickName.isEmpty()
                ? QStringLiteral("a joystick named %1").arg(m_config.joystickName)
                : QStringLiteral("a joystick");
        raiseEvent(QStringLiteral("pilot.device_missing"), Severity::Warning,
                   QStringLiteral("pilot: waiting for %1: none is there yet").arg(wanted),
                   {wanted});
    }
    if (m_config.source == PilotLinkConfig::Source::Joystick) {
        std::vector<SdlDevice> &devs = m_sdl->devs;
        for (std::size_t i = 0; i < devs.size();) {
            if (SDL_JoystickGetAttached(devs[i].joystick)) {
                ++i;
                continue;
            }
            const bool primary = m_sdl->hasPrimary && i == 0;
            const QString goneName = devs[i].name, goneId = devs[i].id;
            devs[i].close();
            {
                QMutexLocker lock(&m_devicesMutex);
                m_latest.remove(goneId); // no stale picture of a device that is gone
            }
            devs.erase(devs.begin() + std::ptrdiff_t(i));
            refreshDevices();
            m_rescan = true;
            if (primary) {
                m_sdl->hasPrimary = false;
                lose(QStringLiteral("unplugged"), nowNs);
            } else {
                raiseEvent(QStringLiteral("pilot.other_device_lost"), Severity::Warning,
                           QStringLiteral("pilot: %1 (%2) unplugged: its controls are left out "
                                          "until it is back")
                               .arg(goneName, goneId),
                           {goneName, goneId});
            }
        }
        if (!m_sdl->hasPrimary)
            selectSdlDevice();
        if (m_rescan)
            openOthers();
        if (m_sdl->hasPrimary || !devs.empty())
            readSdlDevices(steadyNowNs());
    } else if (m_rfFresh &&
               nowNs - m_rfLastNs > std::int64_t(m_config.realFlightStaleMs) * 1000000) {
        m_rfFresh = false;
        refreshDevices();
        lose(QStringLiteral("no sample for %1 ms").arg(m_config.realFlightStaleMs), nowNs);
    }
}

void PilotLink::selectSdlDevice()
{
    const int count = SDL_NumJoysticks();
    int chosen = -1;
    if (m_everFound) {
        // Once a device was flown, only that device (its GUID) brings the sticks back: another
        // one plugged in meanwhile, or one that moved to the chosen index, is never taken over.
        for (int i = 0; i < count && chosen < 0; ++i)
            if (guidOf(SDL_JoystickGetDeviceGUID(i)) == m_lastId)
                chosen = i;
    } else if (m_config.joystickIndex >= 0) {
        if (m_config.joystickIndex < count)
            chosen = m_config.joystickIndex;
    } else if (!m_config.joystickName.isEmpty()) {
        for (int i = 0; i < count && chosen < 0; ++i)
            if (QString::fromUtf8(SDL_JoystickNameForIndex(i))
                    .contains(m_config.joystickName, Qt::CaseInsensitive) ||
                guidOf(SDL_JoystickGetDeviceGUID(i)) == m_config.joystickName.toLower())
                chosen = i;
    } else if (count > 0) {
        chosen = 0;
    }
    if (chosen < 0)
        return;
    Sdl &s = *m_sdl;
    const SDL_JoystickID instance = SDL_JoystickGetDeviceInstanceID(chosen);
    // Already open as another device (named by the map, or held): it becomes the primary.
    auto it = std::find_if(s.devs.begin(), s.devs.end(),
                           [instance](const SdlDevice &d) { return d.instance == instance; });
    SdlDevice dev;
    if (it != s.devs.end()) {
        dev = *it;
        s.devs.erase(it);
    } else if (!dev.open(chosen)) {
        return; // opened in a later period (a device still being set up by the system)
    }
    dev.mapper = PilotMapper(mapFor(map(), dev.id, dev.kind()));
    s.devs.insert(s.devs.begin(), dev);
    s.hasPrimary = true;
    m_rescan = true;
    refreshDevices();
    qCInfo(lcInput).noquote() << "pilot device" << dev.name << dev.id
                              << (dev.gamepad ? "gamepad" : "joystick") << dev.axes << "axes"
                              << dev.buttons << "buttons";
    PilotSample first;
    first.deviceId = dev.id;
    first.name = dev.name;
    found(first, dev.mapper.map());
}

void PilotLink::openOthers()
{
    m_rescan = false;
    Sdl &s = *m_sdl;
    for (int i = 0; i < SDL_NumJoysticks(); ++i) {
        if (s.isOpen(SDL_JoystickGetDeviceInstanceID(i)))
            continue;
        const QString id = guidOf(SDL_JoystickGetDeviceGUID(i));
        if (!m_held.contains(id) && !(m_map && m_map->find(id)))
            continue;
        SdlDevice dev;
        if (!dev.open(i)) {
            m_rescan = true; // again next period
            continue;
        }
        dev.mapper = PilotMapper(mapFor(map(), dev.id, dev.kind()));
        qCInfo(lcInput).noquote() << "pilot: also reading" << dev.name << dev.id;
        s.devs.push_back(dev);
        refreshDevices();
    }
}

bool PilotLink::anyHeld() const
{
    if (m_held.isEmpty())
        return false;
    if (m_config.source == PilotLinkConfig::Source::RealFlight)
        return m_held.contains(QLatin1String(kRealFlightId));
    return std::any_of(m_sdl->devs.begin(), m_sdl->devs.end(),
                       [this](const SdlDevice &d) { return m_held.contains(d.id); });
}

namespace {
PilotSample readDevice(SdlDevice &d, std::int64_t nowNs)
{
    PilotSample sample;
    sample.deviceId = d.id;
    sample.name = d.name;
    sample.axes.resize(std::size_t(d.axes));
    if (d.gamepad) {
        for (int a = 0; a < d.axes; ++a) {
            const Sint16 v = SDL_GameControllerGetAxis(d.gamepad, SDL_GameControllerAxis(a));
            // Triggers read 0..32767: as −1..1 (released −1), like a throttle axis.
            sample.axes[std::size_t(a)] = a >= SDL_CONTROLLER_AXIS_TRIGGERLEFT
                                              ? 2.0 * double(v) / 32767.0 - 1.0
                                              : axisValue(v);
        }
        for (int b = 0; b < d.buttons; ++b)
            if (SDL_GameControllerGetButton(d.gamepad, SDL_GameControllerButton(b)))
                sample.buttons |= std::uint64_t(1) << unsigned(b);
    } else {
        for (int a = 0; a < d.axes; ++a)
            sample.axes[std::size_t(a)] = axisValue(SDL_JoystickGetAxis(d.joystick, a));
        for (int b = 0; b < d.buttons; ++b)
            if (SDL_JoystickGetButton(d.joystick, b))
                sample.buttons |= std::uint64_t(1) << unsigned(b);
    }
    sample.monotonicNs = nowNs;
    sample.sequence = ++d.sequence;
    return sample;
}

/// Fills the controls the primary's mapping leaves out from another device's.
void combine(PilotControls *c, const PilotMapper &primary, const PilotMapper &other,
             const PilotControls &o)
{
    const DeviceMap &p = primary.map(), &m = other.map();
    if (p.roll.axis < 0 && m.roll.axis >= 0)
        c->roll = o.roll;
    if (p.pitch.axis < 0 && m.pitch.axis >= 0)
        c->pitch = o.pitch;
    if (p.yaw.axis < 0 && m.yaw.axis >= 0)
        c->yaw = o.yaw;
    if (p.throttle.axis < 0 && m.throttle.axis >= 0)
        c->throttle = o.throttle;
    c->held |= o.held;
    c->pressed |= o.pressed;
    c->stopMapped = c->stopMapped || o.stopMapped;
    // Enabling: held when every device that configures one has it held.
    if (o.enablingConfigured) {
        c->enablingHeld = (c->enablingConfigured ? c->enablingHeld : true) && o.enablingHeld;
        c->enablingConfigured = true;
    }
}
} // namespace

void PilotLink::readSdlDevices(std::int64_t nowNs)
{
    std::vector<SdlDevice> &devs = m_sdl->devs;
    std::vector<PilotSample> samples;
    samples.reserve(devs.size());
    for (SdlDevice &d : devs) {
        samples.push_back(readDevice(d, nowNs));
        keepSample(samples.back());
    }
    if (!m_sdl->hasPrimary)
        return; // others alone fly nothing: they only fill in the primary's gaps
    if (anyHeld()) {
        for (std::size_t i = 1; i < samples.size(); ++i)
            emit rawSample(samples[i]);
        emitSample(samples.front(), devs.front().mapper);
        return;
    }
    PilotControls c = devs.front().mapper.map(samples.front());
    for (std::size_t i = 1; i < devs.size(); ++i) {
        emit rawSample(samples[i]);
        if (m_map && m_map->find(devs[i].id))
            combine(&c, devs.front().mapper, devs[i].mapper, devs[i].mapper.map(samples[i]));
    }
    emitControls(samples.front(), c);
}

void PilotLink::keepSample(const PilotSample &s)
{
    QMutexLocker lock(&m_devicesMutex);
    m_latest.insert(s.deviceId, s);
}

std::optional<PilotSample> PilotLink::latestSample(const QString &deviceId) const
{
    QMutexLocker lock(&m_devicesMutex);
    const auto it = m_latest.constFind(deviceId.toLower());
    if (it == m_latest.constEnd())
        return std::nullopt;
    return *it;
}

void PilotLink::setMap(const PilotMapFile &file)
{
    m_map = file;
    for (SdlDevice &d : m_sdl->devs)
        d.mapper = PilotMapper(mapFor(map(), d.id, d.kind()));
    m_rfMapper = PilotMapper(mapFor(map(), QLatin1String(kRealFlightId), DeviceKind::RealFlight));
    m_rescan = true;
    { // the window's snapshot follows the flying device's new mapping
        QMutexLocker lock(&m_devicesMutex);
        if (m_flying.id == QLatin1String(kRealFlightId))
            m_flying.map = m_rfMapper.map();
        for (const SdlDevice &d : m_sdl->devs)
            if (d.id == m_flying.id)
                m_flying.map = d.mapper.map();
    }
    qCInfo(lcInput).noquote() << "pilot: new mapping," << file.devices.size() << "devices";
}

void PilotLink::holdDevice(const QString &deviceId, bool hold, bool notCalibrated)
{
    const QString id = deviceId.toLower();
    if (!hold) {
        if (m_held.remove(id) == 0)
            return;
        // Its buttons held now must not fire on release (as when a device comes back).
        for (SdlDevice &d : m_sdl->devs)
            d.mapper.reset();
        m_rfMapper.reset();
        qCInfo(lcInput).noquote() << "pilot: released" << id;
        return;
    }
    const bool changed = !m_held.contains(id) || m_held.value(id) != notCalibrated;
    m_held.insert(id, notCalibrated);
    m_rescan = true;
    if (!changed)
        return;
    if (!notCalibrated) {
        qCInfo(lcInput).noquote() << "pilot: held for its set-up:" << id;
        return;
    }
    QString label = id;
    for (const PilotDeviceInfo &d : devices())
        if (d.id == id && !d.name.isEmpty())
            label = QStringLiteral("%1 (%2)").arg(d.name, id);
    raiseEvent(QStringLiteral("pilot.device_not_calibrated"), Severity::Warning,
               QStringLiteral("pilot: %1 is not used: its set-up was left before Finish and it "
                              "has no calibration; run the set-up again")
                   .arg(label),
               {label});
}

void PilotLink::offerTransmitter(const PilotSample &sample)
{
    tsanArrived(sample);
    ++m_rfSamples;
    const bool valid = std::all_of(sample.axes.begin(), sample.axes.end(), [](double v) {
        return std::isfinite(v) && v >= -1.001 && v <= 1.001;
    });
    if (!valid) {
        ++m_badSamples;
        if (!m_badLogged) {
            m_badLogged = true;
            raiseEvent(QStringLiteral("pilot.bad_sample"), Severity::Warning,
                       QStringLiteral("pilot: a transmitter sample from %1 has values outside "
                                      "-1..1; such samples are dropped (counted in bad_samples)")
                           .arg(sample.deviceId),
                       {sample.deviceId});
        }
        return;
    }
    keepSample(sample);
    const bool wasFresh = m_rfFresh;
    m_rfLastNs = steadyNowNs();
    m_rfFresh = true;
    if (!wasFresh)
        refreshDevices();
    if (m_config.source != PilotLinkConfig::Source::RealFlight)
        return; // present (devices()), not selected
    if (!wasFresh) {
        m_rfMapper.reset();
        found(sample, m_rfMapper.map());
    }
    // Stamped on arrival when the producer gave no time (the steady clock all links share).
    PilotSample s = sample;
    if (s.monotonicNs == 0)
        s.monotonicNs = m_rfLastNs;
    emitSample(s, m_rfMapper);
}

void PilotLink::emitSample(const PilotSample &s, PilotMapper &mapper)
{
    if (anyHeld()) {
        // A device being set up (or never finished): one "no pilot", then nothing.
        ++m_samples;
        ++m_rateSamples;
        emit rawSample(s);
        if (m_active) {
            m_active = false;
            PilotControls c;
            c.deviceId = s.deviceId;
            c.deviceName = s.name;
            c.sampleNs = s.monotonicNs;
            c.sequence = s.sequence;
            emit pilotControls(c);
        }
        return;
    }
    emitControls(s, mapper.map(s));
}

void PilotLink::emitControls(const PilotSample &s, const PilotControls &c)
{
    m_active = true;
    ++m_samples;
    ++m_rateSamples;
    emit rawSample(s);
    emit pilotControls(c);
}

void PilotLink::found(const PilotSample &first, const DeviceMap &map)
{
    ++m_found;
    const QString name = first.name.isEmpty() ? first.deviceId : first.name;
    if (!m_everFound)
        raiseEvent(QStringLiteral("pilot.device_found"), Severity::Info,
                   QStringLiteral("pilot: flying with %1 (%2)").arg(name, first.deviceId),
                   {name, first.deviceId});
    else
        raiseEvent(QStringLiteral("pilot.device_back"), Severity::Info,
                   QStringLiteral("pilot: %1 is back (%2)").arg(name, first.deviceId),
                   {name, first.deviceId});
    m_everFound = true;
    m_lastId = first.deviceId;
    m_lastName = name;
    {
        QMutexLocker lock(&m_devicesMutex);
        m_flying = {first.deviceId, name, true, map};
    }
    setState(LinkState::Up);
}

void PilotLink::lose(const QString &why, std::int64_t nowNs)
{
    if (!m_active)
        return;
    m_active = false;
    ++m_staleEvents;
    {
        QMutexLocker lock(&m_devicesMutex);
        m_flying.active = false;
    }
    PilotControls c; // active = false: every consumer stops using the sticks
    c.deviceId = m_lastId;
    c.deviceName = m_lastName;
    c.sampleNs = nowNs;
    emit pilotControls(c);
    raiseEvent(
        QStringLiteral("pilot.device_lost"), Severity::Error,
        QStringLiteral("pilot: %1 lost (%2): the sticks are no longer used").arg(m_lastName, why),
        {m_lastName, why});
    setState(LinkState::Down);
}

int PilotLink::attachVirtual(const QString &name, int axes, int buttons, bool gamepad)
{
    if (!m_config.allowVirtual || !m_sdl->inited)
        return -1;
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
    m_sdl->virtuals.insert(id, j);
    return id;
}

bool PilotLink::setVirtualAxis(int instanceId, int axis, double value)
{
    SDL_Joystick *j = m_sdl->virtuals.value(instanceId);
    const double v = std::clamp(value, -1.0, 1.0);
    return j && SDL_JoystickSetVirtualAxis(j, axis, Sint16(std::lround(v * 32767.0))) == 0;
}

bool PilotLink::setVirtualButton(int instanceId, int button, bool down)
{
    SDL_Joystick *j = m_sdl->virtuals.value(instanceId);
    return j && SDL_JoystickSetVirtualButton(j, button, down ? 1 : 0) == 0;
}

qint64 PilotLink::detachVirtual(int instanceId)
{
    SDL_Joystick *j = m_sdl->virtuals.take(instanceId);
    if (!j)
        return 0;
    const int index = Sdl::indexOf(instanceId);
    const bool ok = index >= 0 && SDL_JoystickDetachVirtual(index) == 0;
    const qint64 at = steadyNowNs();
    SDL_JoystickClose(j);
    return ok ? at : 0;
}

} // namespace hil::input
