#include "station/station.h"
#include "flightaxis/flightaxisemulator.h"
#include "flightaxis/flightaxislink.h"
#include "mavlink/gcslink.h"
#include "mavlink/hillink.h"
#include "mavlink/px4emulator.h"
#include "raven/platformsample.h"
#include "raven/ravenemulator.h"
#include "raven/ravenlink.h"
#include "rflysim/rflysimemulator.h"
#include "rflysim/rflysimlink.h"
#include "session/sessionrecorder.h"
#include "session/sessionreplay.h"
#include "core/logging.h"
#include "core/workerhost.h"
#include "telemetry/telemetryhub.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonArray>
#include <QMutexLocker>
#include <QStandardPaths>
#include <QTimer>
#include <limits>

namespace hil {

Station::Station(const StationOptions &options, QObject *parent)
    : QObject(parent), m_options(options)
{
    m_telemetry = std::make_unique<TelemetryHub>(); // --- telemetry ---
    m_folder = options.logDir.isEmpty() ? defaultSessionFolder() : QDir(options.logDir).absolutePath();
}

Station::~Station() { stop(); }

QString Station::defaultSessionFolder()
{
    const QString base = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return QDir(base).filePath(QStringLiteral("sessions/") +
                               QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
}

bool Station::start(QString *error)
{
    if (m_running)
        return true;
    // Before any link starts: a session that cannot be recorded is refused, never run silently.
    QString reason;
    if (!SessionRecorder::prepareFolder(m_folder, &reason)) {
        if (error)
            *error = QStringLiteral("session folder %1: %2").arg(m_folder, reason);
        return false;
    }
    m_startedUtc = QDateTime::currentDateTimeUtc();
    m_running = true; // before the recorder's first write, which reports it
    {
        QMutexLocker lock(&m_mutex);
        m_recorder = new SessionRecorder(m_folder, [this] { return snapshot(); });
    }
    connect(m_recorder, &Worker::eventRaised, this, &Station::eventRaised);
    connect(m_recorder, &SessionRecorder::folderChanged, this, [this](const QString &folder) {
        {
            QMutexLocker lock(&m_mutex);
            m_folder = folder;
        }
        emit sessionFolderChanged(folder);
    }); // queued: the recorder lives in its own thread
    m_recorderHost = std::make_unique<WorkerHost>(m_recorder);
    if (!m_recorderHost->start(error)) {
        m_recorderHost.reset();
        QMutexLocker lock(&m_mutex);
        m_recorder = nullptr;
        m_running = false;
        return false;
    }
    if (!startEmulators(error) || !startLinks(error)) {
        stop();
        return false;
    }
    route();
    QMetaObject::invokeMethod(m_recorder, "appendEvent", Qt::QueuedConnection,
                              Q_ARG(QString, QStringLiteral("station")),
                              Q_ARG(QString, QStringLiteral("session started")));
    return true;
}

bool Station::launch(Worker *worker, Role role, QString *error)
{
    SessionRecorder *rec = m_recorder;
    connect(worker, &Worker::eventRaised, rec, [rec](const Event &e) { rec->appendEvent(e.source, e.text); });
    connect(worker, &Worker::eventRaised, this, &Station::eventRaised);
    auto host = std::make_unique<WorkerHost>(worker);
    const QString name = worker->name();
    if (!host->start(error))
        return false;
    QMutexLocker lock(&m_mutex);
    // A restarted worker replaces its stopped entry (whose last counters session.json showed).
    for (auto it = m_entries.begin(); it != m_entries.end(); ++it)
        if (it->name == name) {
            m_entries.erase(it);
            break;
        }
    m_entries.push_back({role, name, std::move(host)});
    return true;
}

bool Station::startEmulators(QString *error)
{
    // Emulators start before the links, so that the links can be pointed at the ports the
    // emulators actually bound. The PX4 stand-in is the exception (see launchLink).
    for (const char *peer : {"rflysim", "raven", "flightaxis"})
        if (m_options.emulates(QLatin1String(peer)) && !launchEmulator(QLatin1String(peer), error))
            return false;
    return true;
}

bool Station::launchEmulator(const QString &peer, QString *error)
{
    // --- rflysim ---
    if (peer == QLatin1String("rflysim"))
        return launch(new RflySimEmulator(RflySimEmulatorConfig{}), Role::Emulator, error);
    // --- rflysim ---
    // --- raven ---
    if (peer == QLatin1String("raven")) {
        auto *emulator = new RavenEmulator(0);
        if (!launch(emulator, Role::Emulator, error))
            return false;
        m_ravenEmulatorPort = emulator->port();
        return true;
    }
    // --- raven ---
    // --- flightaxis ---
    if (peer == QLatin1String("flightaxis")) {
        auto *emu = new FlightAxisEmulator(0);
        if (!launch(emu, Role::Emulator, error))
            return false;
        m_flightAxisEmulator = emu;
        return true;
    }
    // --- end flightaxis ---
    // --- px4 ---
    // The PX4 stand-in is a TCP client: it needs the link's bound port.
    if (peer == QLatin1String("px4")) {
        if (!m_px4) {
            *error = tr("px4: start the PX4 link before its stand-in (the stand-in connects to it)");
            return false;
        }
        Px4EmulatorConfig ec;
        ec.host = QStringLiteral("127.0.0.1");
        ec.port = quint16(m_px4->endpoints().value(QStringLiteral("listen_port")).toInt());
        // --px4-takeoff: it waits for the ground station's commands
        ec.quad.autoArm = m_options.px4TakeoffM <= 0 && !m_options.px4StandInWaits;
        return launch(new Px4Emulator(ec), Role::Emulator, error);
    }
    // --- px4 ---
    *error = tr("no emulator named %1").arg(peer);
    return false;
}

bool Station::startLinks(QString *error)
{
    const bool wanted[] = {m_options.rflysimHost || m_options.emulates(QStringLiteral("rflysim")),
                           m_options.raven || m_ravenEmulatorPort != 0,
                           m_options.flightaxis || m_flightAxisEmulator,
                           m_options.px4 || m_options.emulates(QStringLiteral("px4"))};
    const char *const names[] = {"rflysim", "raven", "flightaxis", "px4"};
    for (int i = 0; i < 4; ++i)
        if (wanted[i] && !launchLink(QLatin1String(names[i]), nullptr, error))
            return false;
    // The PX4 stand-in connects to the link's bound port, so it starts after the link.
    if (m_px4 && m_options.emulates(QStringLiteral("px4")) && !launchEmulator(QStringLiteral("px4"), error))
        return false;
    // The ground-station link runs whenever a PX4 link does (after the stand-in: its port).
    if (m_px4 && !launchLink(QStringLiteral("px4gcs"), nullptr, error))
        return false;
    return true;
}

bool Station::launchLink(const QString &name, const Endpoint *address, QString *error)
{
    const bool given = address && !address->host.isEmpty();
    // --- rflysim ---
    // Under the emulator the link sends its requests to the emulator's bound port and listens on
    // any free ports (unless given); the emulator then reports gimbal state to the link's port.
    if (name == QLatin1String("rflysim")) {
        auto *emu = given ? nullptr : qobject_cast<RflySimEmulator *>(worker(QStringLiteral("emulator.rflysim")));
        RflySimLinkConfig c;
        c.window = m_options.rflysimWindow;
        c.multicast = m_options.rflysimMulticast == QLatin1String("on")    ? RflySimLinkConfig::Multicast::On
                      : m_options.rflysimMulticast == QLatin1String("off") ? RflySimLinkConfig::Multicast::Off
                                                                           : RflySimLinkConfig::Multicast::Auto;
        c.lidarInt16RangeM = float(m_options.rflysimLidarRangeM);
        if (emu) {
            c.host = QStringLiteral("127.0.0.1");
            c.requestPort = emu->boundRequestPort();
            c.statePort = m_options.rflysimStatePort.value_or(0);
            c.sensorPort = m_options.rflysimSensorPort.value_or(0);
            VisionSensorReq cam; // a small raw camera and a LiDAR: frames the stand-in produces
            cam.typeId = rfly::TypeGimbalCamera;
            cam.dataWidth = 160;
            cam.dataHeight = 120;
            cam.dataCheckFreq = 5;
            cam.sendProtocol[0] = rfly::SendUdpRaw;
            VisionSensorReq lidar;
            lidar.typeId = rfly::TypeLidarLocal;
            lidar.seqId = 1;
            lidar.sendProtocol[0] = rfly::SendUdpRaw;
            c.sensors = {cam, lidar};
        } else if (given || m_options.rflysimHost) {
            c.host = given ? address->host : *m_options.rflysimHost;
            if (given && address->port != 0)
                c.requestPort = address->port;
            c.statePort = m_options.rflysimStatePort.value_or(rfly::kDefaultStatePort);
            c.sensorPort = m_options.rflysimSensorPort.value_or(rfly::kDefaultSensorPort);
        } else {
            *error = tr("rflysim: no address");
            return false;
        }
        auto *link = new RflySimLink(c);
        if (!launch(link, Role::Link, error))
            return false;
        if (emu)
            QMetaObject::invokeMethod(emu, "setStatePort", Qt::QueuedConnection,
                                      Q_ARG(quint16, link->boundStatePort()));
        return true;
    }
    // --- rflysim ---
    // --- raven ---
    if (name == QLatin1String("raven")) {
        const bool emulated = !given && m_ravenEmulatorPort != 0;
        RavenLinkConfig cfg;
        if (given) {
            cfg.host = address->host;
            cfg.port = address->port != 0 ? address->port : 9200;
        } else if (emulated) { // --emulate points the link at the emulator
            cfg.host = QStringLiteral("127.0.0.1");
            cfg.port = m_ravenEmulatorPort;
        } else if (m_options.raven) {
            cfg.host = m_options.raven->host;
            cfg.port = m_options.raven->port;
        } else {
            *error = tr("raven: no address");
            return false;
        }
        const bool local = emulated || cfg.host == QLatin1String("127.0.0.1");
        cfg.listenPort = m_options.ravenListenPort.value_or(local ? 0 : 9201);
        cfg.cueing.frameId = m_options.ravenFrame;
        cfg.safety.unattendedMode = raven::modeFromOption(m_options.ravenMode); // -1 when not given
        auto *link = new RavenLink(cfg);
        if (!launch(link, Role::Link, error))
            return false;
        m_raven = link;
        return true;
    }
    // --- raven ---
    // --- flightaxis ---
    if (name == QLatin1String("flightaxis")) {
        FlightAxisConfig config;
        if (given) {
            config.host = address->host;
            config.port = address->port != 0 ? address->port : 18083;
        } else if (m_flightAxisEmulator) { // --emulate wins: point the link at the port it bound
            config.host = QStringLiteral("127.0.0.1");
            config.port = m_flightAxisEmulator->port();
        } else if (m_options.flightaxis) {
            config.host = m_options.flightaxis->host;
            config.port = m_options.flightaxis->port;
        } else {
            *error = tr("flightaxis: no address");
            return false;
        }
        config.home = m_options.home;
        auto *link = new FlightAxisLink(config);
        if (!launch(link, Role::Link, error))
            return false;
        m_flightAxisLink = link; // routing: frameReady → consumers, setChannels ← PX4
        return true;
    }
    // --- end flightaxis ---
    // --- px4 ---
    // The link listens (127.0.0.1, any port, unless an address or --px4 is given).
    if (name == QLatin1String("px4")) {
        HilLinkConfig cfg;
        cfg.home = m_options.home;
        if (given) {
            cfg.host = address->host;
            cfg.port = address->port;
        } else if (m_options.px4) {
            cfg.host = m_options.px4->host;
            cfg.port = m_options.px4->port;
        } else {
            cfg.host = QStringLiteral("127.0.0.1");
            cfg.port = 0;
        }
        auto *link = new HilLink(cfg);
        if (!launch(link, Role::Link, error))
            return false;
        m_px4 = link;
        return true;
    }
    // PX4's GCS MAVLink port: --px4-gcs, else the stand-in's, else 18570 + the instance the
    // --px4 port implies (PX4 instance i connects to 4560 + i).
    if (name == QLatin1String("px4gcs")) {
        GcsLinkConfig cfg;
        const Worker *emu = given ? nullptr : worker(QStringLiteral("emulator.px4"));
        if (given) {
            cfg.host = address->host;
            cfg.port = address->port != 0 ? address->port : 18570;
        } else if (m_options.px4Gcs) {
            cfg.host = m_options.px4Gcs->host;
            cfg.port = m_options.px4Gcs->port;
        } else if (emu) {
            cfg.port = quint16(emu->endpoints().value(QStringLiteral("gcs_port")).toInt());
        } else {
            const int px4Port = m_options.px4 ? m_options.px4->port : 4560;
            const int instance = px4Port >= 4560 && px4Port < 4660 ? px4Port - 4560 : 0;
            cfg.port = quint16(18570 + instance);
            if (m_options.px4 && m_options.px4->host != QLatin1String("0.0.0.0"))
                cfg.host = m_options.px4->host;
        }
        if (m_options.px4TakeoffM > 0)
            cfg.takeoffAltitudeM = m_options.px4TakeoffM;
        return launch(new GcsLink(cfg), Role::Link, error);
    }
    // --- px4 ---
    *error = tr("no link named %1").arg(name);
    return false;
}

bool Station::startLink(const QString &name, const Endpoint &address, QString *error)
{
    QString dummy;
    QString *err = error ? error : &dummy;
    if (!m_running) {
        *err = tr("%1: the station is not running").arg(name);
        return false;
    }
    stopWorker(name); // a restart with a new address
    if (!launchLink(name, &address, err)) {
        route();
        emit linksChanged();
        return false;
    }
    route();
    emit linksChanged();
    return true;
}

void Station::stopLink(const QString &name)
{
    stopWorker(name);
    route();
    emit linksChanged();
}

bool Station::startEmulator(const QString &name, QString *error)
{
    QString dummy;
    QString *err = error ? error : &dummy;
    if (!m_running) {
        *err = tr("%1: the station is not running").arg(name);
        return false;
    }
    if (isEmulatorRunning(name))
        return true;
    const bool ok = launchEmulator(name, err);
    emit linksChanged();
    return ok;
}

void Station::stopEmulator(const QString &name)
{
    stopWorker(QStringLiteral("emulator.") + name);
    emit linksChanged();
}

bool Station::isLinkRunning(const QString &name) const { return worker(name) != nullptr; }

bool Station::isEmulatorRunning(const QString &name) const
{
    return worker(QStringLiteral("emulator.") + name) != nullptr;
}

void Station::stopWorker(const QString &workerName)
{
    // Disconnect the routing first: nothing may call into the worker while it closes.
    if (workerName == QLatin1String("raven") || workerName == QLatin1String("flightaxis") ||
        workerName == QLatin1String("px4") || workerName == QLatin1String("replay"))
        unroute();
    forgetPointer(workerName);
    QMutexLocker lock(&m_mutex);
    for (Entry &e : m_entries)
        if (e.name == workerName)
            e.host->stop(); // keeps the final counters for session.json
}

void Station::forgetPointer(const QString &workerName)
{
    if (workerName == QLatin1String("raven"))
        m_raven = nullptr;
    else if (workerName == QLatin1String("emulator.raven"))
        m_ravenEmulatorPort = 0;
    else if (workerName == QLatin1String("flightaxis"))
        m_flightAxisLink = nullptr;
    else if (workerName == QLatin1String("emulator.flightaxis"))
        m_flightAxisEmulator = nullptr;
    else if (workerName == QLatin1String("px4"))
        m_px4 = nullptr;
    else if (workerName == QLatin1String("replay"))
        m_replay = nullptr;
}

// --- replay ---
bool Station::startReplay(const QString &path, QString *error)
{
    QString dummy;
    QString *err = error ? error : &dummy;
    if (!m_running) {
        *err = tr("replay: the station is not running");
        return false;
    }
    stopReplay();
    auto *replay = new SessionReplay; // loaded below, once the window has connected to it
    if (!launch(replay, Role::Replay, err)) {
        route();
        return false;
    }
    m_replay = replay;
    route();
    emit replayReady(replay);
    bool ok = false;
    QMetaObject::invokeMethod(replay, "load", Qt::BlockingQueuedConnection, Q_RETURN_ARG(bool, ok),
                              Q_ARG(QString, path));
    if (!ok) {
        *err = tr("replay: cannot read %1").arg(path);
        stopReplay();
        return false;
    }
    emit linksChanged();
    return true;
}

void Station::stopReplay()
{
    if (!m_replay)
        return;
    stopWorker(QStringLiteral("replay"));
    {
        QMutexLocker lock(&m_mutex); // the replay is no link: no entry is kept for session.json
        for (auto it = m_entries.begin(); it != m_entries.end(); ++it)
            if (it->name == QLatin1String("replay")) {
                m_entries.erase(it);
                break;
            }
    }
    route();
    emit linksChanged();
}

void Station::setReplayIntoMotion(bool on)
{
    if (m_replayIntoMotion == on)
        return;
    m_replayIntoMotion = on;
    if (m_recorder)
        QMetaObject::invokeMethod(m_recorder, "appendEvent", Qt::QueuedConnection,
                                  Q_ARG(QString, QStringLiteral("station")),
                                  Q_ARG(QString, on ? QStringLiteral("replay into the motion platform on")
                                                    : QStringLiteral("replay into the motion platform off")));
    if (m_running)
        route();
    emit replayIntoMotionChanged(on);
}
// --- replay ---

// --- rider safety ---
void Station::emergencyStop()
{
    if (m_replayIntoMotion) {
        setReplayIntoMotion(false); // replayed frames no longer reach the platform ...
        if (m_replay)               // ... and the replay itself halts
            QMetaObject::invokeMethod(m_replay, "pause", Qt::QueuedConnection);
    }
    if (m_raven) {
        QMetaObject::invokeMethod(m_raven, &RavenLink::emergencyStop, Qt::QueuedConnection);
        return;
    }
    qCWarning(lcStation) << "STOP: no motion link running";
    emit eventRaised(Event{QStringLiteral("station"), QStringLiteral("station.stop_no_link"), Severity::Warning,
                           QStringLiteral("STOP pressed: no motion link is running")});
    logStationEvent(QStringLiteral("STOP pressed: no motion link is running"));
}

void Station::raiseStationEvent(const QString &id, Severity severity, const QString &text)
{
    logStationEvent(text);
    emit eventRaised(Event{QStringLiteral("station"), id, severity, text});
}

int Station::platformMode() const { return m_raven ? m_raven->reportedMode() : -1; }

void Station::logStationEvent(const QString &text)
{
    if (m_recorder)
        QMetaObject::invokeMethod(m_recorder, "appendEvent", Qt::QueuedConnection,
                                  Q_ARG(QString, QStringLiteral("station")), Q_ARG(QString, text));
}

void Station::parkForExit()
{
    if (m_parking) {
        if (m_parkDone) // parked already (a second window closing): say so again
            QTimer::singleShot(0, this, [this] { emit exitParked(m_parkOk, m_parkText); });
        return;
    }
    m_parking = true;
    if (!m_raven || !m_running) {
        QTimer::singleShot(0, this, [this] { finishPark(true, QStringLiteral("no motion link running")); });
        return;
    }
    logStationEvent(QStringLiteral("exit: parking the motion platform before closing the links"));
    connect(m_raven, &RavenLink::parked, this, &Station::finishPark, Qt::QueuedConnection);
    QMetaObject::invokeMethod(m_raven, &RavenLink::park, Qt::QueuedConnection);
    // The link answers within 1 s ramp + 2 s wait; a link thread that never answers must not
    // keep the program (and its other links) from closing.
    QTimer::singleShot(4000, this, [this] { finishPark(false, QStringLiteral("the motion link did not answer")); });
}

void Station::finishPark(bool ok, const QString &text)
{
    if (m_parkDone)
        return;
    m_parkDone = true;
    m_parkOk = ok;
    m_parkText = text;
    const QString line = ok ? QStringLiteral("exit: %1; closing the links").arg(text)
                            : QStringLiteral("exit: %1; closing the links anyway").arg(text);
    logStationEvent(line);
    emit eventRaised(Event{QStringLiteral("station"), ok ? QStringLiteral("station.exit_parked") : QStringLiteral("station.exit_not_parked"),
                           ok ? Severity::Info : Severity::Error, line, {text}});
    emit exitParked(ok, text);
}
// --- rider safety ---

void Station::startNewSession()
{
    if (m_recorder)
        QMetaObject::invokeMethod(m_recorder, "startNewSession", Qt::QueuedConnection,
                                  Q_ARG(QString, defaultSessionFolder()));
}

QJsonObject Station::recorderCounters() const
{
    QMutexLocker lock(&m_mutex);
    return m_recorder ? m_recorder->counters() : QJsonObject();
}

QString Station::sessionFolder() const
{
    QMutexLocker lock(&m_mutex);
    return m_folder;
}

void Station::stopRole(Role role)
{
    // Stop in reverse start order; keep the entries (with their final counters) for the last
    // session.json. The lock keeps snapshot() (recorder thread) off a worker being deleted.
    QMutexLocker lock(&m_mutex);
    for (auto it = m_entries.rbegin(); it != m_entries.rend(); ++it)
        if (it->role == role)
            it->host->stop();
}

void Station::stop()
{
    if (!m_running)
        return;
    m_running = false;
    unroute();
    stopRole(Role::Replay);
    stopRole(Role::Link);     // links first: their goodbyes still reach live emulators
    stopRole(Role::Emulator);
    if (m_recorder)
        QMetaObject::invokeMethod(m_recorder, "appendEvent", Qt::QueuedConnection,
                                  Q_ARG(QString, QStringLiteral("station")),
                                  Q_ARG(QString, QStringLiteral("session ended")));
    {
        QMutexLocker lock(&m_mutex); // recorderCounters() must not see it die
        m_recorder = nullptr;
    }
    m_recorderHost.reset(); // writes the final session.json in its thread
    QMutexLocker lock(&m_mutex);
    m_entries.clear();
    // The routing pointers died with their threads.
    m_raven = nullptr;
    m_ravenEmulatorPort = 0;
    m_flightAxisLink = nullptr;
    m_flightAxisEmulator = nullptr;
    m_px4 = nullptr;
    m_replay = nullptr;
}

void Station::unroute()
{
    for (const QMetaObject::Connection &c : m_routes)
        QObject::disconnect(c);
    m_routes.clear();
}

void Station::route()
{
    unroute();
    // Every connection here joins two worker threads: frames never pass through the main thread.
    // The recorder's record*() calls are non-blocking and thread-safe: they run directly in the
    // producing link's thread and only enqueue.
    SessionRecorder *rec = m_recorder;
    if (m_flightAxisLink)
        track(connect(m_flightAxisLink, &FlightAxisLink::frameReady, rec, [this, rec](const SimFrame &f) {
            rec->recordState(f, lastChannels());
        }, Qt::DirectConnection));
    if (m_px4) {
        track(connect(m_px4, &HilLink::channelsReady, rec, [this](const ChannelFrame &c) {
            QMutexLocker lock(&m_channelsMutex);
            m_lastChannels = c;
        }, Qt::DirectConnection));
        track(connect(m_px4, &HilLink::mavlinkFrame, rec, [rec](const QByteArray &wire, qint64 unixUs) {
            rec->recordMavlink(wire, unixUs);
        }, Qt::DirectConnection));
    }
    if (m_raven)
        track(connect(m_raven, &RavenLink::platformSample, rec, [rec](const PlatformSample &s) {
            rec->recordPlatform(platformRow(s));
        }, Qt::DirectConnection));
    routeTelemetry();
}

void Station::routeTelemetry()
{
    // The window's plots and link-statistics histograms, fed in the producing thread (the hub
    // is thread-safe and allocation-free per sample); the window only reads it on its timer.
    TelemetryHub *hub = m_telemetry.get();
    // Arrival period of a link's frames, a distribution per link. The last arrival lives in the
    // lambda: each connection is called from one thread only.
    auto periodProbe = [hub](const QString &link) {
        const int id = hub->declare(link + QStringLiteral("/period_ms"), QStringLiteral("ms"),
                                    TelemetryHub::Kind::Distribution);
        return [hub, id, lastNs = std::int64_t(0)](std::int64_t nowNs) mutable {
            if (lastNs != 0)
                hub->pushValue(id, hub->fromMonotonicNs(nowNs), (nowNs - lastNs) * 1e-6);
            lastNs = nowNs;
        };
    };
    if (m_flightAxisLink)
        track(connect(m_flightAxisLink, &FlightAxisLink::frameReady, hub,
                [hub, period = periodProbe(QStringLiteral("flightaxis"))](const SimFrame &f) mutable {
                    hub->push(f);
                    period(f.monotonicNs);
                }, Qt::DirectConnection));
    if (m_raven) {
        static const char *const kAxes[] = {"surge_m", "sway_m", "heave_m", "roll", "pitch", "yaw"};
        std::array<int, 6> ids{};
        for (int i = 0; i < 6; ++i)
            ids[i] = hub->declare(QStringLiteral("raven/") + QLatin1String(kAxes[i]), i < 3 ? "m" : "rad");
        track(connect(m_raven, &RavenLink::platformSample, hub,
                [hub, ids, period = periodProbe(QStringLiteral("raven"))](const PlatformSample &s) mutable {
                    period(s.monotonicNs);
                    if (!s.hasPose)
                        return;
                    const double t = hub->fromMonotonicNs(s.monotonicNs);
                    for (int i = 0; i < 3; ++i) {
                        hub->pushValue(ids[i], t, s.positionM[i]);
                        hub->pushValue(ids[i + 3], t, s.anglesRad[i]);
                    }
                }, Qt::DirectConnection));
    }
    if (m_px4) {
        std::array<int, 4> ids{};
        for (int i = 0; i < 4; ++i)
            ids[i] = hub->declare(QStringLiteral("px4/channel_%1").arg(i));
        track(connect(m_px4, &HilLink::channelsReady, hub,
                [hub, ids, period = periodProbe(QStringLiteral("px4"))](const ChannelFrame &c) mutable {
                    period(c.monotonicNs);
                    const double t = hub->fromMonotonicNs(c.monotonicNs);
                    for (int i = 0; i < 4; ++i)
                        hub->pushValue(ids[i], t, c.values[i]);
                }, Qt::DirectConnection));
    }
    if (m_flightAxisLink) {
        if (m_raven && !(m_replay && m_replayIntoMotion)) // one source of cues at a time
            track(connect(m_flightAxisLink, &FlightAxisLink::frameReady, m_raven, &RavenLink::onSimFrame,
                    Qt::QueuedConnection));
        if (m_px4) {
            track(connect(m_flightAxisLink, &FlightAxisLink::frameReady, m_px4, &HilLink::onSimFrame,
                    Qt::QueuedConnection));
            // setChannels is mutex-guarded: called directly in the PX4 link's thread, the
            // channels reach the next ExchangeData without a hop through an event queue.
            track(connect(m_px4, &HilLink::channelsReady, m_flightAxisLink, &FlightAxisLink::setChannels,
                    Qt::DirectConnection));
        }
    }
    // --- replay ---
    // Replayed frames go to the plots; into the motion platform only when the operator chose so
    // (then instead of the live simulator's), through the link's own safety (watchdog, ramps).
    if (m_replay) {
        track(connect(m_replay, &SessionReplay::frameReady, hub, [hub](const SimFrame &f) { hub->push(f); },
                      Qt::DirectConnection));
        if (m_raven && m_replayIntoMotion)
            track(connect(m_replay, &SessionReplay::frameReady, m_raven, &RavenLink::onSimFrame,
                          Qt::QueuedConnection));
    }
    // --- replay ---
}

ChannelFrame Station::lastChannels() const
{
    QMutexLocker lock(&m_channelsMutex);
    return m_lastChannels;
}

PlatformRow Station::platformRow(const PlatformSample &s)
{
    PlatformRow row;
    row.monotonicNs = s.monotonicNs;
    row.messageId = s.id;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    row.surgeM = s.hasPose ? s.positionM[0] : nan;
    row.swayM = s.hasPose ? s.positionM[1] : nan;
    row.heaveM = s.hasPose ? s.positionM[2] : nan;
    row.rollRad = s.hasPose ? s.anglesRad[0] : nan;
    row.pitchRad = s.hasPose ? s.anglesRad[1] : nan;
    row.yawRad = s.hasPose ? s.anglesRad[2] : nan;
    row.statusWord = s.status.raw;
    row.decodeStatus();
    return row;
}

Worker *Station::worker(const QString &name) const
{
    QMutexLocker lock(&m_mutex);
    for (const Entry &e : m_entries)
        if (e.name == name)
            return e.host->worker();
    return nullptr;
}

QJsonObject Station::snapshot() const
{
    QJsonObject links, emulators;
    QString folder;
    {
        QMutexLocker lock(&m_mutex);
        folder = m_folder;
        for (const Entry &e : m_entries) {
            if (e.role == Role::Replay)
                continue;
            Worker *w = e.host->worker();
            QJsonObject o = w ? w->counters() : e.host->finalCounters();
            if (w) {
                o.insert(QStringLiteral("state"), QLatin1String(linkStateName(w->state())));
                o.insert(QStringLiteral("endpoints"), w->endpoints());
            } else {
                o.insert(QStringLiteral("state"), QStringLiteral("stopped"));
                o.insert(QStringLiteral("endpoints"), e.host->finalEndpoints());
                // A stopped link is connected to nothing: what it was at the end is kept apart.
                if (o.contains(QLatin1String("connected"))) {
                    o.insert(QStringLiteral("connected_at_stop"), o.value(QLatin1String("connected")));
                    o.insert(QStringLiteral("connected"), false);
                }
            }
            (e.role == Role::Link ? links : emulators).insert(e.name, o);
        }
    }
    const QJsonObject home{{"latitude_deg", m_options.home.latitudeDeg},
                           {"longitude_deg", m_options.home.longitudeDeg},
                           {"altitude_m", m_options.home.altitudeM}};
    return {{"program", QStringLiteral("hilstation")},
            {"version", QStringLiteral(HIL_VERSION)},
            {"started_utc", m_startedUtc.toString(Qt::ISODateWithMs)},
            {"updated_utc", QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
            {"running", m_running.load()},
            {"command_line", QJsonArray::fromStringList(m_options.arguments)},
            {"headless", m_options.headless},
            {"folder", folder},
            {"home", home},
            {"emulate", QJsonArray::fromStringList(m_options.emulate)},
            {"links", links},
            {"emulators", emulators}};
}

} // namespace hil
