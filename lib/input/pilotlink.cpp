#include "input/pilotlink.h"
#include "input/logging.h"
#include "input/sdldevices.h"
#include "model/clock.h"
#include "model/tsan.h"

#include <QJsonArray>
#include <QMutexLocker>
#include <QTimer>
#include <algorithm>
#include <cmath>

namespace hil::input {

PilotLink::PilotLink(PilotLinkConfig config)
    : Worker(QStringLiteral("pilot")), m_config(std::move(config)),
      m_sdl(std::make_unique<SdlDevices>())
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
        QString why;
        if (!m_sdl->init(&why)) {
            *error = QStringLiteral("pilot: SDL cannot read joysticks: %1").arg(why);
            return false;
        }
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
    m_sdl->quit();
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

// The same members as collectCounters()'s "active", "device" and "uncalibrated", in its order.
std::any PilotLink::collectHealth() const
{
    PilotHealth h;
    h.active = m_active;
    if (m_active)
        h.device = m_lastName;
    for (auto it = m_held.constBegin(); it != m_held.constEnd(); ++it)
        if (it.value())
            h.uncalibrated << it.key();
    return h;
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
    if (m_sdl->inited())
        list = m_sdl->present();
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
    if (m_sdl->inited() && m_sdl->pump()) {
        refreshDevices();
        m_rescan = true; // a device the map names (or a held one) may have come
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
            if (devs[i].attached()) {
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
    SdlDevices &s = *m_sdl;
    const int count = s.count();
    int chosen = -1;
    if (m_everFound) {
        // Once a device was flown, only that device (its GUID) brings the sticks back: another
        // one plugged in meanwhile, or one that moved to the chosen index, is never taken over.
        for (int i = 0; i < count && chosen < 0; ++i)
            if (s.idAt(i) == m_lastId)
                chosen = i;
    } else if (m_config.joystickIndex >= 0) {
        if (m_config.joystickIndex < count)
            chosen = m_config.joystickIndex;
    } else if (!m_config.joystickName.isEmpty()) {
        for (int i = 0; i < count && chosen < 0; ++i)
            if (s.nameAt(i).contains(m_config.joystickName, Qt::CaseInsensitive) ||
                s.idAt(i) == m_config.joystickName.toLower())
                chosen = i;
    } else if (count > 0) {
        chosen = 0;
    }
    if (chosen < 0)
        return;
    const auto instance = s.instanceAt(chosen);
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
    SdlDevices &s = *m_sdl;
    for (int i = 0; i < s.count(); ++i) {
        if (s.isOpen(s.instanceAt(i)))
            continue;
        const QString id = s.idAt(i);
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
        samples.push_back(d.read(nowNs));
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
    if (!m_config.allowVirtual || !m_sdl->inited())
        return -1;
    return m_sdl->attachVirtual(name, axes, buttons, gamepad);
}

bool PilotLink::setVirtualAxis(int instanceId, int axis, double value)
{
    return m_sdl->setVirtualAxis(instanceId, axis, value);
}

bool PilotLink::setVirtualButton(int instanceId, int button, bool down)
{
    return m_sdl->setVirtualButton(instanceId, button, down);
}

qint64 PilotLink::detachVirtual(int instanceId)
{
    return m_sdl->detachVirtual(instanceId);
}

} // namespace hil::input
