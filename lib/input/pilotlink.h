#pragma once
// PilotLink: the input link ("pilot"). Reads the pilot's device — a joystick, gamepad or RC
// transmitter in USB-joystick mode through SDL2, or RealFlight's transmitter offered by the
// FlightAxis link (PilotSample, deviceId "realflight") — maps it (input/pilotmap.h) and emits
// the pilot's controls (pilotControls: the descriptor's pilotOut stream).
//
// Thread: its own worker thread (hil-pilot). SDL is initialised, pumped and shut down there only,
// never in the GUI thread; SDL takes no signal handlers (the program's safe exit owns SIGINT and
// SIGTERM). A PreciseTimer of kPeriodMs reads the device (SDL_PumpEvents, SDL_JoystickUpdate):
// every read is a sample, stamped with the steady clock (model/clock.h) and emitted at once.
// RealFlight's samples are mapped and emitted as they arrive (offerTransmitter).
//
// Staleness: the selected device unplugged (SDL no longer has it), or RealFlight's samples older
// than realFlightStaleMs → at once one PilotControls with active = false and one
// "pilot.device_lost" event; nothing more until it is back ("pilot.device_back", active again).
// Once a device was flown, only the same device (its GUID) is taken back, never another one.
// A device that stays plugged in but stops reporting cannot be told from a still stick: SDL keeps
// its last state.
//
// Several devices at once: besides the selected device (the primary, chosen as above) the link
// opens every other device that the map file names, and every held one (below). Each is mapped
// by its own entry; the controls are one set per read of the primary: each control from the
// primary when its mapping maps it, else from the first other device that maps it; buttons'
// actions, STOP and the enabling button from any of them (a stick for roll, pitch and yaw and a
// throttle quadrant for the throttle). Another device unplugged: one "pilot.other_device_lost"
// event (warning) and its controls are left out (a throttle then idle) until it is back.
//
// Holding (holdDevice, the window's setup wizard): a held device is read (latestSample, for the
// wizard's live picture) but its controls are not used, and while any open device is held the
// link hands on one "no pilot" (active = false) and nothing more: a device half-way through a
// calibration never flies. The hold is lifted by the wizard's Finish (after setMap) or Cancel,
// except for a device with no finished calibration, which stays held with its reason.
//
// Test hook (config.allowVirtual, hidden option --pilot-virtual): SDL's virtual joysticks exist
// only in the process that made them and are read by the thread that pumps SDL, so the tests
// attach, move and detach them through the Q_INVOKABLE methods below, queued into this thread.
//
// Every SDL call (initialising, pumping, listing, opening and reading devices, the virtual
// joysticks) is its SdlDevices' (input/sdldevices.h); the link decides which devices are opened
// and which one flies, maps and combines their readings, holds, and raises the events.

#include "core/worker.h"
#include "input/pilotmap.h"
#include "model/pilot.h"

#include <QElapsedTimer>
#include <QHash>
#include <QStringList>
#include <memory>
#include <optional>

class QTimer;

namespace hil::input {

class SdlDevices;

struct PilotLinkConfig
{
    enum class Source { Joystick, RealFlight };
    Source source = Source::Joystick;
    /// joystick:INDEX — the INDEX-th device SDL lists (from 0); −1: not by index.
    int joystickIndex = -1;
    /// joystick:NAME — a device whose name contains NAME (case-insensitive) or whose GUID is NAME.
    /// Empty with joystickIndex −1: the first device present.
    QString joystickName;
    std::optional<PilotMapFile> map; ///< --pilot-map; none: the built-in defaults
    int periodMs = 3;                ///< the read period (ms); 3 keeps ≥ 250 Hz with late ticks
    int realFlightStaleMs = 100;     ///< RealFlight's samples older than this: lost
    int missingAfterMs = 1000;       ///< no device at all this long after the start: one event
    bool allowVirtual = false;       ///< the test hook (--pilot-virtual)
};

/// The device that flies and the mapping it flies with, for the window (PilotLink::flying()).
struct PilotFlying
{
    QString id, name;    ///< empty until a device was selected once
    bool active = false; ///< its samples are fresh (not lost)
    DeviceMap map;
};

/// What the link knows of one device, for the window and session.json.
struct PilotDeviceInfo
{
    QString id, name;
    int axes = 0, buttons = 0;
    bool gamepad = false;
};

/// What the rig check judges the pilot's input by (PilotLink::health()): copied with the link's
/// counters (10 Hz), in the link's thread.
struct PilotHealth
{
    bool active = false;      ///< a device's samples are fresh
    QString device;           ///< its name while active
    QStringList uncalibrated; ///< devices the set-up was left on before Finish: not used
};

class PilotLink : public Worker
{
    Q_OBJECT
public:
    explicit PilotLink(PilotLinkConfig config);
    ~PilotLink() override;

    /// Thread-safe: the devices present now (SDL's, and RealFlight while its samples are fresh).
    QList<PilotDeviceInfo> devices() const;
    /// Thread-safe, never waits on the link's thread: the selected device and its mapping.
    PilotFlying flying() const;
    /// The rig check's figures, refreshed with counters(). Thread-safe, never waits.
    PilotHealth health() const { return healthAs<PilotHealth>(); }
    /// Thread-safe: the newest raw sample of an open device (the selected one, one the map file
    /// names, a held one), for the window's live picture; std::nullopt before its first read.
    /// Never waits on this link's thread (a short lock around a copy).
    std::optional<PilotSample> latestSample(const QString &deviceId) const;

    // --- the window's setup: call in this thread (runIn/postTo).
    /// The mapping from now on (the devices' mappers remade, every device it names opened).
    Q_INVOKABLE void setMap(const hil::input::PilotMapFile &map);
    /// Holds a device (its controls unused, the output inactive) or releases it. Held or not,
    /// the device is opened and read. notCalibrated: it stays held because its set-up was left
    /// unfinished and it has no calibration: one "pilot.device_not_calibrated" event says so.
    Q_INVOKABLE void holdDevice(const QString &deviceId, bool hold, bool notCalibrated = false);

    // --- the test hook: call with QMetaObject::invokeMethod (BlockingQueuedConnection from
    // another thread). Each refuses (−1 / false) unless config.allowVirtual.
    /// Attaches a virtual device; returns its SDL instance id, or −1. gamepad: SDL's standard
    /// gamepad layout (axes 0..5, buttons 0..14) with the first `axes`/`buttons` of it.
    Q_INVOKABLE int attachVirtual(const QString &name, int axes, int buttons, bool gamepad);
    /// Moves an axis (−1..1) / a button of a virtual device; seen at the next read.
    Q_INVOKABLE bool setVirtualAxis(int instanceId, int axis, double value);
    Q_INVOKABLE bool setVirtualButton(int instanceId, int button, bool down);
    /// Unplugs a virtual device; returns the steady-clock time (ns) it was unplugged at, or 0.
    Q_INVOKABLE qint64 detachVirtual(int instanceId);

public slots:
    /// The transmitterIn sink, in this thread (queued): one more device, "realflight".
    void offerTransmitter(const hil::PilotSample &sample);

signals:
    /// The pilotOut stream: every sample of the selected device, mapped; one active = false when
    /// it is lost.
    void pilotControls(const hil::PilotControls &controls);
    /// The selected device's raw sample (for calibration in the window), before mapping.
    void rawSample(const hil::PilotSample &sample);

protected:
    bool open(QString *error) override;
    void close() override;
    QJsonObject collectCounters() const override;
    std::any collectHealth() const override;

private:
    void tick();
    void selectSdlDevice();
    void openOthers();
    void readSdlDevices(std::int64_t nowNs);
    void emitSample(const PilotSample &s, PilotMapper &mapper);
    void emitControls(const PilotSample &s, const PilotControls &c);
    void keepSample(const PilotSample &s);
    bool anyHeld() const;
    const PilotMapFile *map() const { return m_map ? &*m_map : nullptr; }
    void lose(const QString &why, std::int64_t nowNs);
    /// A device selected: its event, and the window's snapshot with the mapping it flies with.
    void found(const PilotSample &first, const DeviceMap &map);
    void refreshDevices();

    const PilotLinkConfig m_config;
    std::optional<PilotMapFile> m_map; ///< the file's mapping (setMap replaces it)
    QHash<QString, bool> m_held;       ///< held device id → not calibrated (else: being set up)
    bool m_rescan = true;              ///< open the devices the map names / held ones
    std::unique_ptr<SdlDevices> m_sdl;
    QTimer *m_timer = nullptr;
    bool m_active = false;    ///< the last emitted controls were active
    bool m_everFound = false; ///< a device was selected once (found vs back)
    QString m_lastId, m_lastName;
    // RealFlight
    std::int64_t m_rfLastNs = 0; ///< arrival of its last sample; 0 none yet
    bool m_rfFresh = false;
    PilotMapper m_rfMapper;
    bool m_badLogged = false;
    bool m_missingReported = false;
    // counters (this thread)
    quint64 m_samples = 0, m_staleEvents = 0, m_found = 0, m_rfSamples = 0, m_badSamples = 0;
    quint64 m_ticks = 0;
    QElapsedTimer m_rateClock;
    QElapsedTimer m_sinceOpen; ///< since open()
    quint64 m_rateSamples = 0;
    double m_rateHz = 0.0;
    mutable QMutex m_devicesMutex;
    QList<PilotDeviceInfo> m_devices;     ///< guarded by m_devicesMutex
    PilotFlying m_flying;                 ///< guarded by m_devicesMutex
    QHash<QString, PilotSample> m_latest; ///< guarded by m_devicesMutex
};

} // namespace hil::input
