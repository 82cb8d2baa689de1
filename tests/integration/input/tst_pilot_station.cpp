// The pilot link in the Station, as the program runs it: `--pilot` and `--pilot-map` parsed
// through the built-in registry, the link started at launch because --pilot is given, and routed
// by the streams it declares. A test-only link (added to the registry like any other) stands for
// both sides: it produces RealFlight's transmitter samples (transmitterOut) and consumes the
// pilot's controls (pilotIn), each in its own thread. And the STOP button end to end: a virtual
// gamepad's button mapped to STOP by a map file reaches the platform stand-in in CUEING while
// this (the main) thread is blocked for 2 s. And RealFlight's transmitter flying PX4: the
// RealFlight stand-in's scripted sticks through the input link to the ground-station link's
// MANUAL_CONTROL, as the PX4 stand-in receives it; RealFlight gone, the sticks stop within 1 s.
// And the sticks kept: a virtual gamepad's samples in the session's pilot.csv (values and times
// against the samples the consumers got), in the plots' `pilot` group, and replayed from the
// recorded session into the plots of another Station (and into no link).
#include "core/post.h"
#include "input/pilotlink.h"
#include "links/builtin.h"
#include "links/registration.h"
#include "model/clock.h"
#include "raven/ravencodec.h"
#include "raven/ravenemulator.h"
#include "session/sessionformat.h"
#include "session/sessionreplay.h"
#include "station/options.h"
#include "station/station.h"
#include "telemetry/telemetryhub.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QMutex>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>
#include <cmath>
#include <thread>
#include <vector>

using namespace hil;

namespace {
/// Stands for FlightAxis (transmitter samples out) and the consumers (controls in).
class PilotPeer : public Worker
{
    Q_OBJECT
public:
    PilotPeer() : Worker(QStringLiteral("pilotpeer")) {}
    /// Thread-safe: a copy of every element made under the lock (a QList copy would share its
    /// buffer with the list this link's thread appends to).
    std::vector<PilotControls> received() const
    {
        QMutexLocker lock(&m_mutex);
        return m_received;
    }
    /// In this link's thread (pilotIn).
    void take(const PilotControls &c)
    {
        tsanArrived(c);
        QMutexLocker lock(&m_mutex);
        m_received.push_back(c);
    }
    void send(const PilotSample &s) { emit transmitter(s); }

signals:
    void transmitter(const hil::PilotSample &s);

protected:
    bool open(QString *) override { return true; }
    void close() override {}
    QJsonObject collectCounters() const override { return {}; }

private:
    mutable QMutex m_mutex;
    std::vector<PilotControls> m_received;
};

LinkRegistry withPeer()
{
    LinkRegistry r = links::builtinLinks();
    LinkDescriptor d;
    d.name = QStringLiteral("pilotpeer");
    d.title = QStringLiteral("Pilot peer");
    OptionSpec on;
    on.name = QStringLiteral("pilotpeer");
    on.description = QStringLiteral("test peer");
    d.options = {on};
    d.addressOption = on.name;
    d.makeLink = [](const LinkContext &, QString *) -> Worker * { return new PilotPeer; };
    d.transmitterOut = links::streamOut(&PilotPeer::transmitter);
    d.pilotIn = [](Worker *w, const PilotControls &c) { static_cast<PilotPeer *>(w)->take(c); };
    r.add(d);
    return r;
}

StationOptions parsed(const QStringList &args, const LinkRegistry &reg, const QString &logDir)
{
    ParseResult r = parseCommandLine(QStringList{QStringLiteral("hilstation")} + args, reg);
    if (r.action != ParseResult::Run)
        qWarning("%s", qPrintable(r.message));
    r.options.logDir = logDir;
    return r.options;
}
} // namespace

/// The GUID the input link reports for a virtual gamepad of this name (what a map file is keyed
/// by): a Station run once with the pad attached.
QString virtualPadGuid(const LinkRegistry &reg, const QString &name, const QString &logDir)
{
    Station probe(parsed({"--pilot", "joystick:" + name, "--pilot-virtual"}, reg, logDir), reg);
    QString error;
    if (!probe.start(&error))
        return {};
    auto *link = static_cast<input::PilotLink *>(probe.worker(QStringLiteral("pilot")));
    runIn(link, [&] { link->attachVirtual(name, 6, 15, true); });
    QElapsedTimer t;
    t.start();
    while (link->devices().isEmpty() && t.elapsed() < 5000)
        QTest::qWait(10);
    const QString guid = link->devices().isEmpty() ? QString() : link->devices().first().id;
    probe.stop();
    return guid;
}

bool writeFile(const QString &path, const QString &text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text.toUtf8()) > 0;
}

class TestPilotStation : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { qRegisterMetaType<PilotSample>(); }

    void realFlightThroughTheStation()
    {
        const LinkRegistry reg = withPeer();
        QTemporaryDir dir;
        Station station(parsed({"--pilot", "realflight", "--pilotpeer"}, reg, dir.path()), reg);
        QString error;
        QVERIFY2(station.start(&error), qPrintable(error));
        QVERIFY(station.worker(QStringLiteral("pilot")));
        auto *peer = static_cast<PilotPeer *>(station.worker(QStringLiteral("pilotpeer")));
        QVERIFY(peer);
        PilotSample s;
        s.deviceId = QStringLiteral("realflight");
        s.name = QStringLiteral("RealFlight");
        s.axes = {0.0, 0.5, 1.0, 0.5}; // pitch: forward is the InterLink's high value
        s.monotonicNs = steadyNowNs();
        s.sequence = 1;
        postTo(peer, [peer, s] { peer->send(s); });
        QTRY_VERIFY(!peer->received().empty());
        const PilotControls c = peer->received().front();
        QVERIFY(c.active);
        QCOMPARE(c.pitch, 0.5);
        QCOMPARE(c.throttle, 1.0);
        QCOMPARE(c.yaw, 0.5);
        // Nothing more from RealFlight: one inactive after 100 ms, and nothing after it.
        QTRY_VERIFY(!peer->received().back().active);
        QTest::qWait(200);
        QCOMPARE(peer->received().size(), std::size_t(2));
        station.stop();
    }

    void virtualJoystickThroughTheStation()
    {
        const LinkRegistry reg = withPeer();
        QTemporaryDir dir;
        Station station(
            parsed({"--pilot", "joystick:station pad", "--pilot-virtual", "--pilotpeer"}, reg,
                   dir.path()),
            reg);
        QString error;
        QVERIFY2(station.start(&error), qPrintable(error));
        auto *link = static_cast<input::PilotLink *>(station.worker(QStringLiteral("pilot")));
        auto *peer = static_cast<PilotPeer *>(station.worker(QStringLiteral("pilotpeer")));
        QVERIFY(link && peer);
        int id = -1;
        runIn(link, [&] { id = link->attachVirtual(QStringLiteral("station pad"), 6, 15, true); });
        QVERIFY(id >= 0);
        runIn(link, [&] { link->setVirtualAxis(id, 2, 1.0); });
        QTRY_VERIFY(!peer->received().empty() && peer->received().back().roll > 0.99);
        runIn(link, [&] { link->detachVirtual(id); });
        QTRY_VERIFY(!peer->received().back().active);
        // session.json's counters: the link by its registered name.
        QTRY_COMPARE(station.snapshot()["links"]
                         .toObject()["pilot"]
                         .toObject()
                         .value(QLatin1String("stale_events"))
                         .toInt(),
                     1);
        station.stop();
    }

    void stopButtonWithMainThreadBlocked()
    {
        const LinkRegistry reg = withPeer();
        QTemporaryDir dir;
        qputenv("HIL_AXIS_CHECK_STORE", dir.filePath(QStringLiteral("axischeck.ini")).toUtf8());
        // The virtual pad's GUID, as the input link reports it, for the map file.
        const QString guid =
            virtualPadGuid(reg, QStringLiteral("stop pad"), dir.filePath(QStringLiteral("probe")));
        QVERIFY(!guid.isEmpty());
        const QString map = dir.filePath(QStringLiteral("map.json"));
        QVERIFY(writeFile(map, QStringLiteral(R"({"format": "hilstation-pilot-map", "version": 1,
                "devices": {"%1": {"buttons": [{"button": 1, "action": "stop"}]}}})")
                                   .arg(guid)));

        Station station(parsed({"--pilot", "joystick:stop pad", "--pilot-virtual", "--pilot-map",
                                map, "--emulate", "raven", "--raven-mode", "cueing"},
                               reg, dir.filePath(QStringLiteral("session"))),
                        reg);
        QString error;
        QVERIFY2(station.start(&error), qPrintable(error));
        auto *link = static_cast<input::PilotLink *>(station.worker(QStringLiteral("pilot")));
        auto *emu = qobject_cast<RavenEmulator *>(station.worker(QStringLiteral("emulator.raven")));
        QVERIFY(link && emu);
        int id = -1;
        runIn(link, [&] { id = link->attachVirtual(QStringLiteral("stop pad"), 6, 15, true); });
        QVERIFY(id >= 0);
        QTRY_COMPARE_WITH_TIMEOUT(emu->mode(), int(raven::ModeCueing), 8000);
        QTRY_VERIFY(station.motionLink()->counters().value("pilot_stop_mapped").toBool());
        // The pilot presses STOP while this thread does nothing for 2 s.
        std::thread pilot(
            [link, id] { runIn(link, [link, id] { link->setVirtualButton(id, 1, true); }); });
        bool parkedWhileBlocked = false;
        QElapsedTimer blocked;
        blocked.start();
        while (blocked.elapsed() < 2000 && !parkedWhileBlocked) {
            parkedWhileBlocked = emu->mode() == raven::ModeLevelBrake;
            QThread::msleep(10);
        }
        pilot.join();
        QVERIFY(parkedWhileBlocked);
        QTRY_VERIFY(station.motionLink()->counters().value("stopped").toBool());
        QCOMPARE(station.motionLink()->counters().value("pilot_stops").toInt(), 1);
        station.stop();
    }

    void realFlightTransmitterReachesPx4()
    {
        const LinkRegistry reg = withPeer();
        QTemporaryDir dir;
        // Roll a quarter right, pitch 0.8 forward (channel 2 high), throttle 0.75, yaw centred.
        Station station(parsed({"--emulate", "flightaxis,px4", "--pilot", "realflight",
                                "--flightaxis-standin-transmitter", "0.625,0.9,0.75,0.5"},
                               reg, dir.path()),
                        reg);
        QString error;
        QVERIFY2(station.start(&error), qPrintable(error));
        Worker *standIn = station.worker(QStringLiteral("emulator.px4"));
        QVERIFY(standIn);
        auto px4 = [standIn](const char *key) { return standIn->counters().value(key); };
        QTRY_VERIFY_WITH_TIMEOUT(px4("manual_control_received").toInt() > 20, 10000);
        // PX4's receiver's conventions: x pitch, y roll, r yaw ±1000, z throttle 0..1000.
        const QJsonArray last = px4("manual_control_last").toArray();
        QCOMPARE(last.size(), 4);
        QVERIFY2(std::abs(last[0].toInt() - 800) <= 2 && std::abs(last[1].toInt() - 250) <= 2 &&
                     std::abs(last[2].toInt() - 750) <= 2 && std::abs(last[3].toInt()) <= 2,
                 qPrintable(QStringLiteral("%1 %2 %3 %4")
                                .arg(last[0].toInt())
                                .arg(last[1].toInt())
                                .arg(last[2].toInt())
                                .arg(last[3].toInt())));
        // RealFlight gone: no more MANUAL_CONTROL within 1 s.
        station.stopLink(QStringLiteral("flightaxis"));
        QElapsedTimer gone;
        gone.start();
        QTRY_VERIFY_WITH_TIMEOUT(!station.snapshot()["links"]
                                      .toObject()["px4gcs"]
                                      .toObject()
                                      .value(QLatin1String("manual_control_active"))
                                      .toBool(),
                                 3000);
        QVERIFY2(gone.elapsed() < 1000, qPrintable(QString::number(gone.elapsed())));
        // The last one sent may still be on its way, and the counters are a 10 Hz snapshot (under
        // TSan one more arrived after the first reading): the count settles over 250 ms first.
        // A link still sending at its 20 Hz or more would add five in that time.
        int after = px4("manual_control_received").toInt();
        for (int i = 0; i < 8; ++i) {
            QTest::qWait(250);
            const int now = px4("manual_control_received").toInt();
            if (now == after)
                break;
            after = now;
        }
        QTest::qWait(300);
        QCOMPARE(px4("manual_control_received").toInt(), after);
        station.stop();
    }

    void virtualGamepadFliesThePx4StandIn()
    {
        // The whole loop on stand-ins: the RealFlight stand-in's physics, the PX4 stand-in as the
        // autopilot, a virtual gamepad in stick mode 2 with two buttons mapped to Position and
        // Altitude. Read from the simulator's own state (the plots' series, then state.csv).
        const LinkRegistry reg = withPeer();
        QTemporaryDir dir;
        const QString guid =
            virtualPadGuid(reg, QStringLiteral("fly pad"), dir.filePath(QStringLiteral("probe")));
        QVERIFY(!guid.isEmpty());
        const QString map = dir.filePath(QStringLiteral("map.json"));
        QVERIFY(writeFile(map, QStringLiteral(R"({"format": "hilstation-pilot-map", "version": 1,
                "devices": {"%1": {"buttons": [{"button": 0, "action": "mode_position"},
                                               {"button": 1, "action": "mode_altitude"}]}}})")
                                   .arg(guid)));
        const QString session = dir.filePath(QStringLiteral("session"));
        Station station(parsed({"--emulate", "flightaxis,px4", "--px4-takeoff", "3", "--pilot",
                                "joystick:fly pad", "--pilot-virtual", "--pilot-map", map},
                               reg, session),
                        reg);
        QString error;
        QVERIFY2(station.start(&error), qPrintable(error));
        auto *link = static_cast<input::PilotLink *>(station.worker(QStringLiteral("pilot")));
        Worker *px4 = station.worker(QStringLiteral("emulator.px4"));
        QVERIFY(link && px4);
        int id = -1;
        runIn(link, [&] { id = link->attachVirtual(QStringLiteral("fly pad"), 6, 15, true); });
        QVERIFY2(id >= 0, qPrintable(link->counters().value("state").toString()));
        auto axis = [&](int a, double v) { runIn(link, [&] { link->setVirtualAxis(id, a, v); }); };
        auto press = [&](int b) {
            runIn(link, [&] { link->setVirtualButton(id, b, true); });
            QTest::qWait(50);
            runIn(link, [&] { link->setVirtualButton(id, b, false); });
        };
        TelemetryHub *hub = station.telemetry();
        auto latest = [hub](const char *series) {
            TelemetryPoint p;
            const int sid = hub->find(QLatin1String(series));
            return sid >= 0 && hub->latest(sid, &p) ? p.v : std::nan("");
        };
        auto mode = [&] {
            return station.snapshot()["links"].toObject()["px4gcs"].toObject().value(
                QLatin1String("mode"));
        };
        // Mode 2: right stick Y (axis 3) is pitch, left stick Y (axis 1) throttle, both with up
        // (forward) reading −1; centred sticks are the spring-centred throttle's hover.
        QTRY_VERIFY_WITH_TIMEOUT(px4->counters().value("altitude_m").toDouble() > 2.5, 20000);
        press(0);
        QTRY_COMPARE_WITH_TIMEOUT(mode().toString(), QStringLiteral("Position"), 5000);
        axis(3, -1.0); // pitch stick forward: fly north (heading north after take-off)
        QTRY_VERIFY_WITH_TIMEOUT(latest("velocity/n") > 1.0, 3000);
        axis(3, 0.0); // centred: stop
        QTRY_VERIFY_WITH_TIMEOUT(std::abs(latest("velocity/n")) < 0.3, 8000);
        press(1);
        QTRY_COMPARE_WITH_TIMEOUT(mode().toString(), QStringLiteral("Altitude"), 5000);
        axis(1, -1.0); // throttle up: climb (NED: velocity down negative)
        QTRY_VERIFY_WITH_TIMEOUT(latest("velocity/d") < -0.5, 3000);
        axis(1, 0.0);
        station.stop();
        // The same flight in the session's state.csv.
        QFile csv(session + QStringLiteral("/state.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> header = csv.readLine().trimmed().split(',');
        const int vn = header.indexOf("velocity/n"), vd = header.indexOf("velocity/d");
        QVERIFY(vn >= 0 && vd >= 0);
        double maxNorth = 0, maxClimb = 0;
        while (!csv.atEnd()) {
            const QList<QByteArray> row = csv.readLine().trimmed().split(',');
            if (row.size() <= std::max(vn, vd))
                continue;
            maxNorth = std::max(maxNorth, row[vn].toDouble());
            maxClimb = std::max(maxClimb, -row[vd].toDouble());
        }
        QVERIFY2(maxNorth > 1.0 && maxClimb > 0.5,
                 qPrintable(QStringLiteral("%1 %2").arg(maxNorth).arg(maxClimb)));
    }

    void sticksRecordedPlottedAndReplayed()
    {
        const LinkRegistry reg = withPeer();
        QTemporaryDir dir;
        QString folder;
        std::vector<PilotControls> sent;
        {
            // The RealFlight stand-in gives state.csv its frames (the replay's timeline).
            Station station(parsed({"--emulate", "flightaxis", "--pilot", "joystick:rec pad",
                                    "--pilot-virtual", "--pilotpeer"},
                                   reg, dir.filePath(QStringLiteral("live"))),
                            reg);
            QString error;
            QVERIFY2(station.start(&error), qPrintable(error));
            folder = station.sessionFolder();
            auto *link = static_cast<input::PilotLink *>(station.worker(QStringLiteral("pilot")));
            auto *peer = static_cast<PilotPeer *>(station.worker(QStringLiteral("pilotpeer")));
            QVERIFY(link && peer);
            int id = -1;
            runIn(link, [&] { id = link->attachVirtual(QStringLiteral("rec pad"), 6, 15, true); });
            QVERIFY(id >= 0);
            runIn(link, [&] {
                link->setVirtualAxis(id, 2, 1.0); // roll full right
                link->setVirtualButton(id, 0, true);
            });
            QTRY_VERIFY(!peer->received().empty() && peer->received().back().roll > 0.99);
            // The plots: the `pilot` group, newest value the stick's.
            TelemetryHub *hub = station.telemetry();
            for (const char *name :
                 {"pilot/roll", "pilot/pitch", "pilot/yaw", "pilot/throttle", "pilot/buttons"})
                QVERIFY2(hub->find(QLatin1String(name)) >= 0, name);
            TelemetryPoint p;
            QTRY_VERIFY(hub->latest(hub->find(QStringLiteral("pilot/roll")), &p) && p.v > 0.99);
            QVERIFY(hub->latest(hub->find(QStringLiteral("pilot/buttons")), &p) && p.v == 1.0);
            QTRY_VERIFY_WITH_TIMEOUT(station.recorderCounters().value("state_rows").toDouble() > 50,
                                     10000);
            runIn(link, [&] { link->detachVirtual(id); });
            QTRY_VERIFY(!peer->received().back().active);
            sent = peer->received(); // nothing follows the inactive sample; the peer goes at stop
            station.stop();
        }
        // pilot.csv: every sample the consumers got, same values, its own time on the session's
        // host clock (a constant offset from the sample's steady-clock time).
        QFile f(QDir(folder).filePath(QStringLiteral("pilot.csv")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray header = f.readLine();
        QCOMPARE(header, pilotCsvHeader());
        const std::vector<int> map = pilotColumnMap(header.trimmed());
        std::vector<std::pair<double, PilotControls>> rows;
        while (!f.atEnd()) {
            PilotControls c;
            double t = 0;
            QVERIFY(parsePilotRow(f.readLine(), map, &c, &t));
            rows.emplace_back(t, c);
        }
        QCOMPARE(rows.size(), sent.size());
        QVERIFY(rows.size() > 10);
        const double offset = rows.front().first - sent.front().sampleNs * 1e-9;
        bool sawFullRoll = false;
        for (size_t i = 0; i < rows.size(); ++i) {
            const PilotControls &c = rows[i].second;
            QCOMPARE(c.active, sent[i].active);
            QCOMPARE(c.roll, sent[i].roll);
            QCOMPARE(c.pitch, sent[i].pitch);
            QCOMPARE(c.throttle, sent[i].throttle);
            QCOMPARE(c.buttons, sent[i].buttons);
            QCOMPARE(c.sequence, sent[i].sequence);
            QVERIFY2(std::abs(rows[i].first - sent[i].sampleNs * 1e-9 - offset) < 1e-6,
                     qPrintable(QString::number(i)));
            sawFullRoll = sawFullRoll || (c.roll > 0.99 && c.buttons == 1);
        }
        QVERIFY(sawFullRoll);
        QVERIFY(!rows.back().second.active);
        // The recorded session replayed: its sticks reach the plots, and no pilot consumer.
        Station replay(parsed({"--pilotpeer"}, reg, dir.filePath(QStringLiteral("replay"))), reg);
        QString error;
        QVERIFY2(replay.start(&error), qPrintable(error));
        QVERIFY2(replay.startReplay(folder, &error), qPrintable(error));
        QTRY_VERIFY(replay.replay() && !replay.isReplayLoading());
        SessionReplay *r = replay.replay();
        postTo(r, [r] {
            r->setSpeed(4.0);
            r->play();
        });
        TelemetryHub *hub = replay.telemetry();
        TelemetryPoint p;
        QTRY_VERIFY_WITH_TIMEOUT(hub->find(QStringLiteral("pilot/roll")) >= 0 &&
                                     hub->latest(hub->find(QStringLiteral("pilot/roll")), &p) &&
                                     p.v > 0.99,
                                 10000);
        auto *peer = static_cast<PilotPeer *>(replay.worker(QStringLiteral("pilotpeer")));
        QVERIFY(peer && peer->received().empty());
        replay.stop();
    }

    void badMapFileIsOneLine()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("map.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": \"hilstation-pilot-map\", \"version\": 1, \"devices\": "
                "{\"realflight\": {\"axes\": {\"roll\": {\"axis\": \"one\"}}}}}");
        f.close();
        const ParseResult r =
            parseCommandLine({QStringLiteral("hilstation"), QStringLiteral("--pilot"),
                              QStringLiteral("realflight"), QStringLiteral("--pilot-map"), path});
        QCOMPARE(r.action, ParseResult::Error);
        QVERIFY2(r.message.contains(QStringLiteral("--pilot-map")) &&
                     r.message.contains(QStringLiteral("devices.realflight.axes.roll.axis")) &&
                     !r.message.contains(QLatin1Char('\n')),
                 qPrintable(r.message));
    }
};

QTEST_GUILESS_MAIN(TestPilotStation)
#include "tst_pilot_station.moc"
