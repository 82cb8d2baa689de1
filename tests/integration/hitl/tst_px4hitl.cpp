// PX4 HITL over a serial port, without hardware: socat makes a pseudo-terminal pair, the station
// opens one end (`--px4 serial:PATH`) and the PX4 stand-in, in its serial mode, the other, like a
// board on USB. What this proves: the serial transport, HITL pacing (no lockstep, the stand-in's
// motor flags 0x0F ignored), and the demultiplexing of one cable between the HIL link and the
// ground-station link (arm, take-off, land through px4gcs, with no UDP anywhere). What it does
// not: the stand-in is ours, so PX4's own HITL stream (its rates, which messages) is not tested
// here (tst_px4hitl_sitl runs the real PX4 through a pty; docs/protocols/mavlink-px4.md).
//
// Faults: the pty pair is killed mid-flight and made again (a cable pulled and plugged back);
// a missing device and a device this user may not open give their one event each.
#include "pilotfeeder.h"
#include "ptypair.h"
#include "px4flight.h"
#include "testpaths.h"
#include "tlogcount.h"

#include "core/workerhost.h"
#include "mavlink/messages.h"
#include "mavlink/px4emulator.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUdpSocket>
#include <QtTest>

#include <unistd.h>

using namespace hil;

namespace {

StationOptions hitlOptions(const QString &port, const QString &logDir)
{
    StationOptions o;
    o.headless = true;
    o.emulate = {QStringLiteral("flightaxis")};
    o.links.set(QStringLiteral("px4"), QVariant::fromValue(SerialPortSpec{port, 921600}));
    o.links.set(QStringLiteral("px4-takeoff"), 2.5);
    o.logDir = logDir;
    return o;
}

/// The PX4 stand-in in serial mode on `port`, waiting for the ground station's commands.
std::unique_ptr<WorkerHost> boardOn(const QString &port)
{
    Px4EmulatorConfig ec;
    ec.serialPath = port;
    ec.quad.autoArm = false;
    auto host = std::make_unique<WorkerHost>(new Px4Emulator(ec));
    QString error;
    if (!host->start(&error))
        qWarning("stand-in: %s", qPrintable(error));
    return host;
}

int countOf(const QByteArray &text, const char *needle)
{
    return int(text.count(needle));
}

/// Every event the station raised, as "id<TAB>text" lines (ids are what code matches on;
/// events.log holds the texts only). Connected before start(): Station::eventRaised is emitted
/// in the main thread.
struct EventLines
{
    explicit EventLines(Station &station)
    {
        QObject::connect(&station, &Station::eventRaised, &station, [this](const Event &e) {
            lines += e.id.toUtf8() + '\t' + e.text.toUtf8() + '\n';
        });
    }
    int count(const char *id) const { return int(lines.count(QByteArray(id) + '\t')); }
    QByteArray lines;
};

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// A link's final counters, from session.json once the station has stopped (its workers are
/// gone by then).
QJsonObject finalCounters(const QString &sessionFolder, const char *link)
{
    return QJsonDocument::fromJson(readAll(sessionFolder + QStringLiteral("/session.json")))
        .object()[QStringLiteral("links")]
        .toObject()[QLatin1String(link)]
        .toObject();
}

} // namespace

class TestPx4Hitl : public QObject
{
    Q_OBJECT
private slots:
    void takeoffWithTheGroundStationOnTheSameCable();
    void cablePulledAndPluggedBackMidFlight();
    void missingDeviceOneEvent();
    void permissionDeniedNamesDialout();
    void secondProgramOnThePortIsLocked();
    void forwardForQGroundControl();
    void sticksAndParametersOnTheSameCable();
};

void TestPx4Hitl::takeoffWithTheGroundStationOnTheSameCable()
{
    QTemporaryDir dir;
    PtyPair pty(dir.path());
    QVERIFY2(pty.start(), "socat could not make a pty pair (Debian package socat)");
    auto board = boardOn(pty.b());
    Station station(hitlOptions(pty.a(), dir.path() + QStringLiteral("/session")));
    EventLines events(station);
    QString error;
    QVERIFY2(station.start(&error), qPrintable(error));
    auto *px4 = qobject_cast<HilLink *>(station.worker(QStringLiteral("px4")));
    QVERIFY(px4);
    const QString folder = station.sessionFolder();
    const FlightReport r = flyTakeoffHoldLand(station, 2.5, 5.0, 30000); // stops the station
    verifyFlight(r, 2.5);
    const QJsonObject c = finalCounters(folder, "px4");
    QCOMPARE(c["mode"].toString(), QStringLiteral("hitl"));
    QCOMPARE(c["lockstep"].toBool(), false);
    QCOMPARE(c["lockstep_timeouts"].toInteger(), 0);  // nothing is ever awaited
    QCOMPARE(c["interpolated_steps"].toInteger(), 0); // one HIL_SENSOR per RealFlight frame
    QVERIFY(c["gcs_frames_in"].toInteger() > 0);      // PX4's heartbeats, status, acks...
    QVERIFY(c["gcs_frames_out"].toInteger() > 0);     // ...and our heartbeats and commands
    QCOMPARE(c["gcs_frames_dropped"].toInteger(), 0);
    QVERIFY(board->report().counters["gcs_commands"].toInteger() >= 3); // arm, take-off, land
    QCOMPARE(events.count("px4.serial_opened"), 1);
    QCOMPARE(events.count("px4.actuators_hitl"), 1);
    QCOMPARE(events.count("px4.actuators_lockstep"), 0); // flags 0x0F: not our lockstep bit
    board->stop();

    // mavlink.tlog, read by an independent reader (tests/common/tlogcount.h): the cable's
    // ground-station frames both ways, each once — the PX4 link records the port, the
    // ground-station link (no socket of its own here) records nothing.
    const TlogCount t = countTlog(folder + QStringLiteral("/mavlink.tlog"));
    if (!t.skipReason.isEmpty())
        QSKIP(qPrintable(t.skipReason));
    QVERIFY2(t.error.isEmpty(), qPrintable(t.error));
    const QByteArray seen = t.summary().toUtf8();
    QCOMPARE(t.value("crc_errors"), 0);
    QCOMPARE(t.value("time_steps_back"), 0);
    QVERIFY2(t.count("ATTITUDE") > 0, seen.constData());
    QVERIFY2(t.count("GLOBAL_POSITION_INT") > 0, seen.constData());
    QVERIFY2(t.count("SYS_STATUS") > 0, seen.constData());
    QVERIFY2(t.count("HIL_SENSOR") > 0, seen.constData());
    // Ours, as the PX4 link wrote them (gcs_frames_out): each once. The recording is unrouted
    // before the links stop, so a frame or two written while they stop is not in it.
    const qint64 ours = t.framesFrom("255/190"), written = c["gcs_frames_out"].toInteger();
    QVERIFY2(ours <= written && ours >= written - 2,
             qPrintable(QStringLiteral("%1 frames of ours in mavlink.tlog, %2 written to the port")
                            .arg(ours)
                            .arg(written)));
}

void TestPx4Hitl::cablePulledAndPluggedBackMidFlight()
{
    QTemporaryDir dir;
    PtyPair pty(dir.path());
    QVERIFY(pty.start());
    auto board = boardOn(pty.b());
    Station station(hitlOptions(pty.a(), dir.path() + QStringLiteral("/session")));
    EventLines events(station);
    QString error;
    QVERIFY2(station.start(&error), qPrintable(error));
    auto *px4 = qobject_cast<HilLink *>(station.worker(QStringLiteral("px4")));
    auto *gcs = qobject_cast<GcsLink *>(station.worker(QStringLiteral("px4gcs")));
    auto *sim =
        qobject_cast<FlightAxisEmulator *>(station.worker(QStringLiteral("emulator.flightaxis")));
    QVERIFY(px4 && gcs && sim);
    QTRY_VERIFY_WITH_TIMEOUT(vehicleAltitude(sim->modelState()) > 1.5, 30000); // flying

    pty.stop(); // the cable is pulled
    QTRY_COMPARE_WITH_TIMEOUT(px4->counters()["serial_losses"].toInteger(), 1, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(px4->state(), LinkState::Down, 5000);
    QTest::qWait(1200); // a few failed re-opens while it is out: one event, not one per try

    QVERIFY(pty.start()); // plugged back: new /dev/pts nodes behind the same names
    QTRY_COMPARE_WITH_TIMEOUT(px4->counters()["serial_opens"].toInteger(), 2, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(px4->state(), LinkState::Up, 5000);
    const qint64 actuators = px4->counters()["actuator_received"].toInteger();
    QTRY_VERIFY_WITH_TIMEOUT(px4->counters()["actuator_received"].toInteger() > actuators + 100,
                             5000);
    QTRY_VERIFY_WITH_TIMEOUT(gcs->status().connected, 5000);
    const qint64 heartbeats = gcs->counters()["heartbeats_received"].toInteger();
    QTRY_VERIFY_WITH_TIMEOUT(gcs->counters()["heartbeats_received"].toInteger() > heartbeats, 3000);
    station.stop();
    board->stop();
    QCOMPARE(events.count("px4.serial_lost"), 1);
    QCOMPARE(events.count("px4.serial_opened"), 2);
    QVERIFY2(events.count("px4.serial_missing") <= 1, events.lines.constData());
}

void TestPx4Hitl::missingDeviceOneEvent()
{
    QTemporaryDir dir;
    Station station(hitlOptions(dir.path() + QStringLiteral("/ttyACM9"),
                                dir.path() + QStringLiteral("/session")));
    EventLines events(station);
    QString error;
    QVERIFY2(station.start(&error), qPrintable(error)); // a board may still be booting
    auto *px4 = qobject_cast<HilLink *>(station.worker(QStringLiteral("px4")));
    QVERIFY(px4);
    QTest::qWait(1600); // the first try and three retries
    QCOMPARE(px4->state(), LinkState::Connecting);
    station.stop();
    QCOMPARE(events.count("px4.serial_missing"), 1);
    QVERIFY2(events.lines.contains("ttyACM9: no such device"), events.lines.constData());
}

void TestPx4Hitl::permissionDeniedNamesDialout()
{
    // The real program on a real tty this user may not open: as root (containers, CI) it runs
    // as `nobody` (setpriv), otherwise the pty is made unreadable for its owner.
    QTemporaryDir dir;
    QVERIFY(QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                  QFileDevice::ExeOwner | QFileDevice::ReadOther |
                                                  QFileDevice::ExeOther | QFileDevice::ReadGroup |
                                                  QFileDevice::ExeGroup));
    PtyPair pty(dir.path());
    QVERIFY(pty.start());
    const QString logDir = dir.path() + QStringLiteral("/session");
    QVERIFY(QDir().mkpath(logDir));
    QVERIFY(QFile::setPermissions(logDir, QFileDevice::Permissions(0x7777)));
    QStringList command{hil::testpaths::program(),    QStringLiteral("--headless"),
                        QStringLiteral("--log-dir"),  logDir,
                        QStringLiteral("--px4"),      QStringLiteral("serial:") + pty.a(),
                        QStringLiteral("--duration"), QStringLiteral("1.5")};
    if (::geteuid() == 0) {
        command = QStringList{QStringLiteral("--reuid=nobody"), QStringLiteral("--regid=nogroup"),
                              QStringLiteral("--clear-groups"), QStringLiteral("--")} +
                  command;
        command.prepend(QStandardPaths::findExecutable(QStringLiteral("setpriv")));
    } else {
        QVERIFY(QFile::setPermissions(QFileInfo(pty.a()).canonicalFilePath(), {}));
    }
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), logDir); // nobody's home is not writable
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), logDir);
    env.insert(QStringLiteral("HIL_INSTANCE_DIR"), logDir);
    p.setProcessEnvironment(env);
    p.start(command.takeFirst(), command);
    QVERIFY(p.waitForFinished(30000));
    // The program's log on stderr names each event by its id (events.log holds the texts).
    const QByteArray log = p.readAllStandardError();
    QVERIFY2(p.exitCode() == 0, log.constData());
    QCOMPARE(countOf(log, "px4.serial_permission "), 1);
    QVERIFY2(log.contains("permission denied") && log.contains("dialout"), log.constData());
    QVERIFY(readAll(logDir + QStringLiteral("/events.log")).contains("dialout"));
}

void TestPx4Hitl::secondProgramOnThePortIsLocked()
{
    // Two hilstations on one board: the second is told which process holds the port.
    QTemporaryDir dir;
    PtyPair pty(dir.path());
    QVERIFY(pty.start());
    QProcess first;
    first.start(hil::testpaths::program(),
                {QStringLiteral("--headless"), QStringLiteral("--log-dir"),
                 dir.path() + QStringLiteral("/first"), QStringLiteral("--px4"),
                 QStringLiteral("serial:") + pty.a(), QStringLiteral("--duration"),
                 QStringLiteral("20")});
    QVERIFY(first.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(
        readAll(dir.path() + QStringLiteral("/first/events.log")).contains(" open at "), 15000);
    Station station(hitlOptions(pty.a(), dir.path() + QStringLiteral("/second")));
    EventLines events(station);
    QString error;
    QVERIFY2(station.start(&error), qPrintable(error));
    QTest::qWait(1200);
    station.stop();
    const QByteArray holder = QByteArray("process ") + QByteArray::number(first.processId());
    first.terminate();
    first.waitForFinished(10000);
    QCOMPARE(events.count("px4.serial_locked"), 1);
    QVERIFY2(events.lines.contains(holder), events.lines.constData());
}

void TestPx4Hitl::forwardForQGroundControl()
{
    // A QGroundControl played by a UDP socket: it gets the board's stream and its command reaches
    // the board, whose answer comes back to it.
    QTemporaryDir dir;
    PtyPair pty(dir.path());
    QVERIFY(pty.start());
    auto board = boardOn(pty.b());
    QUdpSocket qgc;
    QVERIFY(qgc.bind(QHostAddress::LocalHost, 0));
    StationOptions o = hitlOptions(pty.a(), dir.path() + QStringLiteral("/session"));
    o.links = LinkOptions();
    o.links.set(QStringLiteral("px4"), QVariant::fromValue(SerialPortSpec{pty.a(), 921600}));
    o.links.set(QStringLiteral("px4-forward"),
                Endpoint{QStringLiteral("127.0.0.1"), qgc.localPort()});
    Station station(o);
    EventLines events(station);
    QString error;
    QVERIFY2(station.start(&error), qPrintable(error));
    mavlink::StreamParser parser; // one stream, whatever the datagrams' boundaries
    QHostAddress from;
    quint16 fromPort = 0;
    QSet<std::uint32_t> seen; // message ids heard so far (QTRY evaluates its condition twice)
    auto heard = [&](std::uint32_t msgId) {
        while (qgc.hasPendingDatagrams()) {
            QByteArray d(int(qgc.pendingDatagramSize()), '\0');
            qgc.readDatagram(d.data(), d.size(), &from, &fromPort);
            parser.feed(d.constData(), std::size_t(d.size()));
            mavlink::Frame f;
            while (parser.next(&f))
                seen.insert(f.msgId);
        }
        return seen.contains(msgId);
    };
    auto *px4 = qobject_cast<HilLink *>(station.worker(QStringLiteral("px4")));
    QVERIFY(px4);
    QTRY_VERIFY2_WITH_TIMEOUT(heard(mavlink::Heartbeat::kId),
                              QJsonDocument(px4->counters()).toJson().constData(), 5000);
    QCOMPARE(from, QHostAddress(QHostAddress::LocalHost));
    mavlink::CommandLong land; // refused by a disarmed board: an answer either way
    land.command = 21;
    land.targetSystem = 1;
    land.targetComponent = 1;
    qgc.writeDatagram(mavlink::encodeMessage(land, mavlink::FrameHeader{0, 255, 190}), from,
                      fromPort);
    QTRY_VERIFY_WITH_TIMEOUT(heard(mavlink::CommandAck::kId), 5000);
    // (the board's counters are a snapshot refreshed at 10 Hz)
    QTRY_VERIFY_WITH_TIMEOUT(board->report().counters["gcs_commands"].toInteger() >= 1, 2000);
    station.stop();
    board->stop();
    QCOMPARE(events.count("px4.forwarding"), 1);
}

void TestPx4Hitl::sticksAndParametersOnTheSameCable()
{
    // MANUAL_CONTROL and the parameter protocol share the cable like the commands: the
    // ground-station link's frames leave through the HIL link's port.
    QTemporaryDir dir;
    PtyPair pty(dir.path());
    QVERIFY2(pty.start(), "socat could not make a pty pair (Debian package socat)");
    auto board = boardOn(pty.b());
    Station station(hitlOptions(pty.a(), dir.path() + QStringLiteral("/session")));
    QString error;
    QVERIFY2(station.start(&error), qPrintable(error));
    auto *gcs = qobject_cast<GcsLink *>(station.worker(QStringLiteral("px4gcs")));
    auto *emu =
        qobject_cast<FlightAxisEmulator *>(station.worker(QStringLiteral("emulator.flightaxis")));
    QVERIFY(gcs && emu);
    auto call = [gcs](std::function<void(GcsLink *)> fn) {
        QMetaObject::invokeMethod(
            gcs, [gcs, fn] { fn(gcs); }, Qt::QueuedConnection);
    };
    QTRY_COMPARE_WITH_TIMEOUT(gcs->status().rcInMode, 1, 10000);
    call([](GcsLink *g) { g->requestParam(QStringLiteral("SYS_HITL")); });
    QTRY_COMPARE_WITH_TIMEOUT(gcs->param(QStringLiteral("SYS_HITL")).state,
                              Px4Param::State::Received, 5000);
    QCOMPARE(gcs->param(QStringLiteral("SYS_HITL")).value, 1.0);
    QTRY_VERIFY_WITH_TIMEOUT(vehicleAltitude(emu->modelState()) > 2.2, 30000);
    PilotFeeder feeder(
        [&](const PilotControls &c) { call([c](GcsLink *g) { g->pilotControls(c); }); });
    feeder.set(0, 0, 0, 0.5);
    QTest::qWait(200);
    call([](GcsLink *g) { g->position(); });
    QTRY_COMPARE_WITH_TIMEOUT(gcs->status().mode, QStringLiteral("Position"), 5000);
    feeder.set(1.0, 0, 0, 0.5);
    QTest::qWait(2000);
    const double vNorth = emu->modelState().velocityNedMps.x;
    QVERIFY2(vNorth > 1.0, qPrintable(QString::number(vNorth)));
    QVERIFY(board->report().counters["manual_control_received"].toInteger() > 50);
    QVERIFY(board->report().counters["param_answers"].toInteger() >= 2);
    station.stop();
    board->stop();
}

QTEST_GUILESS_MAIN(TestPx4Hitl)
#include "tst_px4hitl.moc"
