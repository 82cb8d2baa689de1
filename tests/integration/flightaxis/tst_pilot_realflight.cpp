// RealFlight flown by the pilot's device without PX4: a headless Station with the RealFlight
// stand-in and a virtual gamepad (--pilot-virtual, moved in the input link's thread), routed by
// the descriptors alone. What counts is what the stand-in parsed from the ExchangeData requests
// it received over 127.0.0.1 (FlightAxisEmulator::receivedChannels): the mapped channels and
// only those selected, the stick's direction on the right channel; with PX4 running, PX4's
// outputs and never the pilot's; PX4 stopped mid-flight, the pilot's device takes over. And the
// link alone: an autopilot routed in drops the pilot's channels at once.
#include "core/post.h"
#include "core/workerhost.h"
#include "flightaxis/flightaxisemulator.h"
#include "flightaxis/flightaxislink.h"
#include "input/pilotlink.h"
#include "links/builtin.h"
#include "model/clock.h"
#include "station/options.h"
#include "station/station.h"

#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace hil;

namespace {
StationOptions parsed(const QStringList &args, const LinkRegistry &reg, const QString &logDir)
{
    ParseResult r = parseCommandLine(QStringList{QStringLiteral("hilstation")} + args, reg);
    if (r.action != ParseResult::Run)
        qWarning("%s", qPrintable(r.message));
    r.options.logDir = logDir;
    return r.options;
}

/// A virtual gamepad in the input link's thread (stick mode 2: axis 2 right X = roll, axis 1
/// left Y = throttle, up reading −1).
struct Pad
{
    input::PilotLink *link = nullptr;
    int id = -1;
    bool attach(const QString &name)
    {
        runIn(link, [&] { id = link->attachVirtual(name, 6, 15, true); });
        return id >= 0;
    }
    void axis(int a, double v)
    {
        runIn(link, [&] { link->setVirtualAxis(id, a, v); });
    }
    void detach()
    {
        runIn(link, [&] { link->detachVirtual(id); });
    }
};

QJsonObject linkJson(const Station &s, const char *name)
{
    return s.snapshot()["links"].toObject()[QLatin1String(name)].toObject();
}
} // namespace

class TestPilotRealFlight : public QObject
{
    Q_OBJECT
private slots:
    void pilotFliesRealFlightWithoutPx4()
    {
        const LinkRegistry reg = links::builtinLinks();
        QTemporaryDir dir;
        Station station(
            parsed({"--emulate", "flightaxis", "--pilot", "joystick:rf pad", "--pilot-virtual"},
                   reg, dir.path()),
            reg);
        QString error;
        QVERIFY2(station.start(&error), qPrintable(error));
        auto *emu = qobject_cast<FlightAxisEmulator *>(station.worker("emulator.flightaxis"));
        Pad pad{static_cast<input::PilotLink *>(station.worker(QStringLiteral("pilot")))};
        QVERIFY(emu && pad.link);
        // No device yet: RealFlight's controller keeps every channel.
        QTRY_VERIFY(emu->receivedChannels().exchanges > 5);
        QCOMPARE(emu->receivedChannels().mask, 0u);

        QVERIFY(pad.attach(QStringLiteral("rf pad")));
        pad.axis(2, 1.0);  // roll: stick right
        pad.axis(1, -1.0); // throttle: full
        QTRY_VERIFY_WITH_TIMEOUT(emu->receivedChannels().values[0] > 0.99 &&
                                     emu->receivedChannels().values[2] > 0.99,
                                 5000);
        FlightAxisEmulator::ReceivedChannels r = emu->receivedChannels();
        QCOMPARE(r.mask, 0xFu); // aileron, elevator, throttle, rudder: nothing else
        QCOMPARE(r.values[1], 0.5);
        QCOMPARE(r.values[3], 0.5);
        pad.axis(2, -1.0); // stick left, throttle idle
        pad.axis(1, 1.0);
        QTRY_VERIFY(emu->receivedChannels().values[0] < 0.01 &&
                    emu->receivedChannels().values[2] < 0.01);
        QCOMPARE(emu->receivedChannels().mask, 0xFu);
        // The counters are published at 10 Hz: the first channels can reach RealFlight before.
        QTRY_COMPARE(linkJson(station, "flightaxis").value("channel_source").toString(),
                     QStringLiteral("pilot"));
        // session.json: the map in the link's endpoints.
        QCOMPARE(linkJson(station, "flightaxis")["endpoints"].toObject()["pilot_channels"],
                 QJsonValue(QStringLiteral("ail=1,ele=2,thr=3,rud=4")));

        // The device gone: every channel back to RealFlight's controller.
        pad.detach();
        QTRY_COMPARE(emu->receivedChannels().mask, 0u);
        station.stop();
    }

    void channelMapFromTheCommandLine()
    {
        const LinkRegistry reg = links::builtinLinks();
        QTemporaryDir dir;
        Station station(parsed({"--emulate", "flightaxis", "--pilot", "joystick:map pad",
                                "--pilot-virtual", "--pilot-channels", "ail=5,thr=7,rev=ail"},
                               reg, dir.path()),
                        reg);
        QString error;
        QVERIFY2(station.start(&error), qPrintable(error));
        auto *emu = qobject_cast<FlightAxisEmulator *>(station.worker("emulator.flightaxis"));
        Pad pad{static_cast<input::PilotLink *>(station.worker(QStringLiteral("pilot")))};
        QVERIFY(emu && pad.link);
        QVERIFY(pad.attach(QStringLiteral("map pad")));
        pad.axis(2, 1.0); // stick right on a reversed aileron: low
        pad.axis(1, -1.0);
        QTRY_VERIFY_WITH_TIMEOUT(emu->receivedChannels().mask == 0x50u &&
                                     emu->receivedChannels().values[4] < 0.01 &&
                                     emu->receivedChannels().values[6] > 0.99,
                                 5000);
        auto *fa = static_cast<FlightAxisLink *>(station.worker(QStringLiteral("flightaxis")));
        QCOMPARE(fa->pilotChannels().toString(), QStringLiteral("ail=5,thr=7,rev=ail"));
        // Changed at runtime (a panel's call, from this thread, never waiting on the link's).
        fa->setPilotChannels(*PilotChannelMap::parse(QStringLiteral("ail=1"), &error));
        QTRY_VERIFY(emu->receivedChannels().mask == 0x1u &&
                    emu->receivedChannels().values[0] > 0.99);
        QTRY_COMPARE(linkJson(station, "flightaxis")["endpoints"].toObject()["pilot_channels"],
                     QJsonValue(QStringLiteral("ail=1")));
        pad.detach();
        station.stop();
    }

    void px4WinsAndThePilotTakesOverWhenItStops()
    {
        const LinkRegistry reg = links::builtinLinks();
        QTemporaryDir dir;
        Station station(parsed({"--emulate", "flightaxis,px4", "--pilot", "joystick:px4 pad",
                                "--pilot-virtual"},
                               reg, dir.path()),
                        reg);
        QString error;
        QVERIFY2(station.start(&error), qPrintable(error));
        auto *emu = qobject_cast<FlightAxisEmulator *>(station.worker("emulator.flightaxis"));
        Pad pad{static_cast<input::PilotLink *>(station.worker(QStringLiteral("pilot")))};
        QVERIFY(emu && pad.link);
        QVERIFY(pad.attach(QStringLiteral("px4 pad")));
        pad.axis(2, 1.0);
        pad.axis(1, -1.0);
        // The sticks reach PX4 (MANUAL_CONTROL), and PX4's outputs reach RealFlight.
        QTRY_VERIFY_WITH_TIMEOUT(
            linkJson(station, "px4gcs").value("manual_control_active").toBool(), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(linkJson(station, "flightaxis").value("channel_source"),
                                  QJsonValue(QStringLiteral("autopilot")), 10000);
        const quint64 seen = emu->receivedChannels().exchanges;
        QTRY_VERIFY(emu->receivedChannels().exchanges > seen + 50);
        // PX4 disarmed: its motors at 0, never the pilot's full stick.
        QVERIFY(emu->receivedChannels().values[0] < 0.99);
        QCOMPARE(linkJson(station, "flightaxis").value("pilot_exchanges").toInt(), 0);
        QCOMPARE(linkJson(station, "flightaxis").value("channel_source"),
                 QJsonValue(QStringLiteral("autopilot")));

        // PX4 stopped mid-flight: the pilot's device flies RealFlight.
        station.stopLink(QStringLiteral("px4"));
        QTRY_VERIFY_WITH_TIMEOUT(emu->receivedChannels().mask == 0xFu &&
                                     emu->receivedChannels().values[0] > 0.99 &&
                                     emu->receivedChannels().values[2] > 0.99,
                                 5000);
        pad.detach();
        station.stop();
    }

    void autopilotRoutedInDropsThePilot()
    {
        // The link alone, as the Station drives it when PX4 is connected mid-flight.
        auto *emuWorker = new FlightAxisEmulator(0);
        FlightAxisEmulator &emu = *emuWorker;
        emu.setFramePeriodMs(0);
        WorkerHost emuHost(emuWorker);
        QString error;
        QVERIFY2(emuHost.start(&error), qPrintable(error));
        FlightAxisConfig config;
        config.port = emu.port();
        auto *link = new FlightAxisLink(config);
        WorkerHost host(link);
        QVERIFY2(host.start(&error), qPrintable(error));
        PilotControls c;
        c.active = true;
        c.roll = 1.0;
        c.throttle = 1.0;
        c.deviceId = QStringLiteral("0300aa");
        // Repeated like the input link does while active; posted into the link's thread.
        QTimer feed;
        feed.setInterval(10);
        connect(&feed, &QTimer::timeout, &feed, [link, c] {
            PilotControls now = c;
            now.sampleNs = steadyNowNs();
            postTo(link, [link, now] { link->setPilot(now); });
        });
        feed.start();
        QTRY_VERIFY(emu.receivedChannels().mask == 0xFu && emu.receivedChannels().values[0] == 1.0);
        link->setAutopilotFed(true); // no autopilot frame yet: RealFlight's controller
        QTRY_COMPARE(emu.receivedChannels().mask, 0u);
        ChannelFrame px4;
        px4.values[0] = 0.25;
        px4.selectedMask = 0x1;
        link->setChannels(px4);
        QTRY_COMPARE(emu.receivedChannels().mask, 0x1u);
        QCOMPARE(emu.receivedChannels().values[0], 0.25);
        // The autopilot unrouted: its channels go with it, the pilot's come back.
        link->setAutopilotFed(false);
        QTRY_VERIFY(emu.receivedChannels().mask == 0xFu && emu.receivedChannels().values[0] == 1.0);
        // RealFlight's own controller as the pilot's device is never injected back.
        feed.stop();
        c.deviceId = QLatin1String(FlightAxisLink::kTransmitterId);
        c.sampleNs = steadyNowNs();
        postTo(link, [link, c] { link->setPilot(c); });
        QTRY_COMPARE(emu.receivedChannels().mask, 0u);
        host.stop();
        emuHost.stop();
    }
};

QTEST_GUILESS_MAIN(TestPilotRealFlight)
#include "tst_pilot_realflight.moc"
