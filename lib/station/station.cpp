#include "station/station.h"
#include "flightaxis/flightaxisemulator.h"
#include "flightaxis/flightaxislink.h"
#include "mavlink/hillink.h"
#include "mavlink/px4emulator.h"
#include "raven/platformsample.h"
#include "raven/ravenemulator.h"
#include "raven/ravenlink.h"
#include "rflysim/rflysimemulator.h"
#include "rflysim/rflysimlink.h"
#include "session/sessionrecorder.h"
#include "station/logging.h"
#include "station/workerhost.h"
#include "telemetry/telemetryhub.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonArray>
#include <QMutexLocker>
#include <QStandardPaths>
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
    m_startedUtc = QDateTime::currentDateTimeUtc();
    m_running = true; // before the recorder's first write, which reports it
    m_recorder = new SessionRecorder(m_folder, [this] { return snapshot(); });
    connect(m_recorder, &Worker::eventRaised, this, &Station::eventRaised);
    m_recorderHost = std::make_unique<WorkerHost>(m_recorder);
    if (!m_recorderHost->start(error)) {
        m_recorderHost.reset();
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
    connect(worker, &Worker::eventRaised, m_recorder, &SessionRecorder::appendEvent);
    connect(worker, &Worker::eventRaised, this, &Station::eventRaised);
    auto host = std::make_unique<WorkerHost>(worker);
    const QString name = worker->name();
    if (!host->start(error))
        return false;
    QMutexLocker lock(&m_mutex);
    m_entries.push_back({role, name, std::move(host)});
    return true;
}

bool Station::startEmulators(QString *error)
{
    // The emulators land with their link issues; each is a Worker started here, before the
    // links, so that the links can be pointed at the ports the emulators actually bound.
    // --- rflysim ---
    if (m_options.emulates(QStringLiteral("rflysim")) &&
        !launch(new RflySimEmulator(RflySimEmulatorConfig{}), Role::Emulator, error))
        return false;
    // --- rflysim ---
    // --- raven ---
    if (m_options.emulates(QStringLiteral("raven"))) {
        auto *emulator = new RavenEmulator(0);
        if (!launch(emulator, Role::Emulator, error))
            return false;
        m_ravenEmulatorPort = emulator->port();
    }
    // --- raven ---
    // --- flightaxis ---
    if (m_options.emulates(QStringLiteral("flightaxis"))) {
        auto *emu = new FlightAxisEmulator(0);
        if (!launch(emu, Role::Emulator, error))
            return false;
        m_flightAxisEmulator = emu;
    }
    // --- end flightaxis ---
    return true;
}

bool Station::startLinks(QString *error)
{
    // --- rflysim ---
    // Under the emulator the link sends its requests to the emulator's bound port and listens on
    // any free ports (unless given); the emulator then reports gimbal state to the link's port.
    if (m_options.rflysimHost || m_options.emulates(QStringLiteral("rflysim"))) {
        auto *emu = qobject_cast<RflySimEmulator *>(worker(QStringLiteral("emulator.rflysim")));
        RflySimLinkConfig c;
        c.window = m_options.rflysimWindow;
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
        } else {
            c.host = *m_options.rflysimHost;
            c.statePort = m_options.rflysimStatePort.value_or(rfly::kDefaultStatePort);
            c.sensorPort = m_options.rflysimSensorPort.value_or(rfly::kDefaultSensorPort);
        }
        auto *link = new RflySimLink(c);
        if (!launch(link, Role::Link, error))
            return false;
        if (emu)
            QMetaObject::invokeMethod(emu, "setStatePort", Qt::QueuedConnection,
                                      Q_ARG(quint16, link->boundStatePort()));
    }
    // --- rflysim ---
    // --- raven ---
    if (m_options.raven || m_ravenEmulatorPort != 0) {
        RavenLinkConfig cfg;
        if (m_ravenEmulatorPort != 0) { // --emulate points the link at the emulator
            cfg.host = QStringLiteral("127.0.0.1");
            cfg.port = m_ravenEmulatorPort;
        } else {
            cfg.host = m_options.raven->host;
            cfg.port = m_options.raven->port;
        }
        cfg.listenPort = m_options.ravenListenPort.value_or(m_ravenEmulatorPort != 0 ? 0 : 9201);
        cfg.cueing.frameId = m_options.ravenFrame;
        cfg.safety.unattendedMode = raven::modeFromOption(m_options.ravenMode); // -1 when not given
        auto *link = new RavenLink(cfg);
        if (!launch(link, Role::Link, error))
            return false;
        m_raven = link;
    }
    // --- raven ---
    // --- flightaxis ---
    if (m_options.flightaxis || m_flightAxisEmulator) {
        FlightAxisConfig config;
        if (m_flightAxisEmulator) { // --emulate wins: point the link at the port it bound
            config.host = QStringLiteral("127.0.0.1");
            config.port = m_flightAxisEmulator->port();
        } else {
            config.host = m_options.flightaxis->host;
            config.port = m_options.flightaxis->port;
        }
        config.home = m_options.home;
        auto *link = new FlightAxisLink(config);
        if (!launch(link, Role::Link, error))
            return false;
        m_flightAxisLink = link; // routing: frameReady → consumers, setChannels ← PX4
    }
    // --- end flightaxis ---
    // --- px4 ---
    // The PX4 stand-in is a TCP client, so here the link starts first and the emulator is
    // pointed at the port the link actually bound (127.0.0.1, any port, unless --px4 is given).
    if (m_options.px4 || m_options.emulates(QStringLiteral("px4"))) {
        HilLinkConfig cfg;
        cfg.home = m_options.home;
        if (m_options.px4) {
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
        if (m_options.emulates(QStringLiteral("px4"))) {
            Px4EmulatorConfig ec;
            ec.host = QStringLiteral("127.0.0.1");
            ec.port = quint16(link->endpoints().value(QStringLiteral("listen_port")).toInt());
            if (!launch(new Px4Emulator(ec), Role::Emulator, error))
                return false;
        }
    }
    // --- px4 ---
    return true;
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
    stopRole(Role::Link);     // links first: their goodbyes still reach live emulators
    stopRole(Role::Emulator);
    if (m_recorder)
        QMetaObject::invokeMethod(m_recorder, "appendEvent", Qt::QueuedConnection,
                                  Q_ARG(QString, QStringLiteral("station")),
                                  Q_ARG(QString, QStringLiteral("session ended")));
    m_recorderHost.reset(); // writes the final session.json in its thread
    m_recorder = nullptr;
    QMutexLocker lock(&m_mutex);
    m_entries.clear();
    // The routing pointers died with their threads.
    m_raven = nullptr;
    m_ravenEmulatorPort = 0;
    m_flightAxisLink = nullptr;
    m_flightAxisEmulator = nullptr;
    m_px4 = nullptr;
}

void Station::route()
{
    // Every connection here joins two worker threads: frames never pass through the main thread.
    // The recorder's record*() calls are non-blocking and thread-safe: they run directly in the
    // producing link's thread and only enqueue.
    SessionRecorder *rec = m_recorder;
    if (m_flightAxisLink)
        connect(m_flightAxisLink, &FlightAxisLink::frameReady, rec, [this, rec](const SimFrame &f) {
            rec->recordState(f, lastChannels());
        }, Qt::DirectConnection);
    if (m_px4) {
        connect(m_px4, &HilLink::channelsReady, rec, [this](const ChannelFrame &c) {
            QMutexLocker lock(&m_channelsMutex);
            m_lastChannels = c;
        }, Qt::DirectConnection);
        connect(m_px4, &HilLink::mavlinkFrame, rec, [rec](const QByteArray &wire, qint64 unixUs) {
            rec->recordMavlink(wire, unixUs);
        }, Qt::DirectConnection);
    }
    if (m_raven)
        connect(m_raven, &RavenLink::platformSample, rec, [rec](const PlatformSample &s) {
            rec->recordPlatform(platformRow(s));
        }, Qt::DirectConnection);
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
        connect(m_flightAxisLink, &FlightAxisLink::frameReady, hub,
                [hub, period = periodProbe(QStringLiteral("flightaxis"))](const SimFrame &f) mutable {
                    hub->push(f);
                    period(f.monotonicNs);
                }, Qt::DirectConnection);
    if (m_raven) {
        static const char *const kAxes[] = {"surge_m", "sway_m", "heave_m", "roll", "pitch", "yaw"};
        std::array<int, 6> ids{};
        for (int i = 0; i < 6; ++i)
            ids[i] = hub->declare(QStringLiteral("raven/") + QLatin1String(kAxes[i]), i < 3 ? "m" : "rad");
        connect(m_raven, &RavenLink::platformSample, hub,
                [hub, ids, period = periodProbe(QStringLiteral("raven"))](const PlatformSample &s) mutable {
                    period(s.monotonicNs);
                    if (!s.hasPose)
                        return;
                    const double t = hub->fromMonotonicNs(s.monotonicNs);
                    for (int i = 0; i < 3; ++i) {
                        hub->pushValue(ids[i], t, s.positionM[i]);
                        hub->pushValue(ids[i + 3], t, s.anglesRad[i]);
                    }
                }, Qt::DirectConnection);
    }
    if (m_px4) {
        std::array<int, 4> ids{};
        for (int i = 0; i < 4; ++i)
            ids[i] = hub->declare(QStringLiteral("px4/channel_%1").arg(i));
        connect(m_px4, &HilLink::channelsReady, hub,
                [hub, ids, period = periodProbe(QStringLiteral("px4"))](const ChannelFrame &c) mutable {
                    period(c.monotonicNs);
                    const double t = hub->fromMonotonicNs(c.monotonicNs);
                    for (int i = 0; i < 4; ++i)
                        hub->pushValue(ids[i], t, c.values[i]);
                }, Qt::DirectConnection);
    }
    if (m_flightAxisLink) {
        if (m_raven)
            connect(m_flightAxisLink, &FlightAxisLink::frameReady, m_raven, &RavenLink::onSimFrame,
                    Qt::QueuedConnection);
        if (m_px4) {
            connect(m_flightAxisLink, &FlightAxisLink::frameReady, m_px4, &HilLink::onSimFrame,
                    Qt::QueuedConnection);
            // setChannels is mutex-guarded: called directly in the PX4 link's thread, the
            // channels reach the next ExchangeData without a hop through an event queue.
            connect(m_px4, &HilLink::channelsReady, m_flightAxisLink, &FlightAxisLink::setChannels,
                    Qt::DirectConnection);
        }
    }
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
    {
        QMutexLocker lock(&m_mutex);
        for (const Entry &e : m_entries) {
            Worker *w = e.host->worker();
            QJsonObject o = w ? w->counters() : e.host->finalCounters();
            if (w) {
                o.insert(QStringLiteral("state"), QLatin1String(linkStateName(w->state())));
                o.insert(QStringLiteral("endpoints"), w->endpoints());
            } else {
                o.insert(QStringLiteral("state"), QStringLiteral("stopped"));
                o.insert(QStringLiteral("endpoints"), e.host->finalEndpoints());
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
            {"folder", m_folder},
            {"home", home},
            {"emulate", QJsonArray::fromStringList(m_options.emulate)},
            {"links", links},
            {"emulators", emulators}};
}

} // namespace hil
