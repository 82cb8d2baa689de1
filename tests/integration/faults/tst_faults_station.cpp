// The whole Station (--emulate all, session folder in a temp dir) under faults: the simulator
// stalls (the platform watchdog must trip), every listening port is flooded with garbage, a
// half-open client sits on the PX4 port. The station keeps running, every link is Up again, and
// state.csv keeps every row written before the faults (same bytes, time_s never decreasing).

#include "faultutil.h"

#include "flightaxis/flightaxisemulator.h"
#include "station/station.h"

#include <QJsonDocument>
#include <QTemporaryDir>

using namespace hil;
using faults::counter;

class TestFaultsStation : public QObject
{
    Q_OBJECT
private slots:
    void stationSurvivesFaults();
    void listeningSocketsAreLoopback();
};

namespace {
/// Local addresses (hex, as /proc/net/{udp,tcp} print them, e.g. "0100007F") bound to port.
QStringList boundAddresses(const char *table, quint16 port)
{
    QFile f(QStringLiteral("/proc/net/") + QLatin1String(table));
    QStringList out;
    if (!f.open(QIODevice::ReadOnly))
        return out;
    const QList<QByteArray> lines = f.readAll().split('\n');
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QList<QByteArray> cols = lines[i].simplified().split(' ');
        if (cols.size() < 4)
            continue;
        const QList<QByteArray> local = cols[1].split(':');
        // tcp: only listening sockets (state 0A); udp: every bound socket.
        if (local.size() == 2 && local[1].toUInt(nullptr, 16) == port &&
            (QByteArray(table) != "tcp" || cols[3] == "0A"))
            out << QString::fromLatin1(local[0]);
    }
    return out;
}
} // namespace

void TestFaultsStation::stationSurvivesFaults()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    StationOptions opt;
    opt.headless = true;
    opt.emulate = emulatorNames();
    opt.logDir = dir.path();
    Station station(opt);
    QString error;
    QVERIFY2(station.start(&error), qPrintable(error));

    Worker *fa = station.worker(QStringLiteral("flightaxis"));
    Worker *raven = station.worker(QStringLiteral("raven"));
    Worker *px4 = station.worker(QStringLiteral("px4"));
    Worker *rfly = station.worker(QStringLiteral("rflysim"));
    auto *faEmu =
        qobject_cast<FlightAxisEmulator *>(station.worker(QStringLiteral("emulator.flightaxis")));
    QVERIFY(fa && raven && px4 && rfly && faEmu);
    auto allUp = [&] {
        for (Worker *w : {fa, raven, px4, rfly})
            if (w->state() != LinkState::Up)
                return false;
        return true;
    };
    QTRY_VERIFY_WITH_TIMEOUT(allUp(), 15000);
    QTRY_VERIFY_WITH_TIMEOUT(faults::stateTimes(station.sessionFolder()).size() > 200, 15000);
    faults::spin(1500); // the watchdog counts a trip only after the state was fresh once

    // What the session holds before any fault.
    QByteArray before;
    const std::vector<double> timesBefore = faults::stateTimes(station.sessionFolder(), &before);
    before.truncate(before.lastIndexOf('\n') + 1);

    // 1. The simulator stalls for 800 ms: the platform watchdog must trip.
    const double trips = counter(raven, "watchdog_trips");
    faEmu->delayReplies(800, 1);
    QTRY_VERIFY_WITH_TIMEOUT(counter(raven, "watchdog_trips") > trips, 5000);

    // 2. Garbage on every port the station listens on, and a half-open client on PX4's.
    const quint16 ravenPort =
        quint16(raven->endpoints().value(QStringLiteral("listen_port")).toInt());
    const quint16 statePort =
        quint16(rfly->endpoints().value(QStringLiteral("state_port")).toInt());
    const quint16 sensorPort =
        quint16(rfly->endpoints().value(QStringLiteral("sensor_port")).toInt());
    const quint16 px4Port = quint16(px4->endpoints().value(QStringLiteral("listen_port")).toInt());
    QVERIFY(ravenPort && statePort && sensorPort && px4Port);
    QTcpSocket halfOpen;
    halfOpen.connectToHost(QHostAddress::LocalHost, px4Port);
    QVERIFY(halfOpen.waitForConnected(5000));
    QTcpSocket garbageClient;
    garbageClient.connectToHost(QHostAddress::LocalHost, px4Port);
    QVERIFY(garbageClient.waitForConnected(5000));
    garbageClient.write(faults::garbage(4096, 7));
    for (int round = 0; round < 50; ++round) {
        for (quint16 port : {ravenPort, statePort, sensorPort})
            faults::udpBurst(port, 10, [&](int i) {
                return faults::garbage(64 + i * 13, quint32(round * 100 + i));
            });
        faults::spin(20);
    }

    // The station runs on and every link is Up and moving again.
    QVERIFY(station.isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(allUp(), 10000);
    const double ex = counter(fa, "exchanges");
    const double rx = counter(raven, "frames_received");
    const double sensors = counter(px4, "hil_sensor_sent");
    const double states = counter(rfly, "gimbal_states_received");
    QTRY_VERIFY_WITH_TIMEOUT(counter(fa, "exchanges") > ex + 50 &&
                                 counter(raven, "frames_received") > rx + 5 &&
                                 counter(px4, "hil_sensor_sent") > sensors + 50 &&
                                 counter(rfly, "gimbal_states_received") > states + 5,
                             10000);
    QVERIFY(counter(raven, "bytes_discarded") > 0);
    QVERIFY(counter(rfly, "packets_dropped") > 0);

    // The session lost nothing from before the faults, and time only moved forward.
    QByteArray after;
    const std::vector<double> timesAfter = faults::stateTimes(station.sessionFolder(), &after);
    QVERIFY(after.startsWith(before));
    QVERIFY(timesAfter.size() > timesBefore.size() + 100);
    for (size_t i = 1; i < timesAfter.size(); ++i)
        QVERIFY2(timesAfter[i] >= timesAfter[i - 1], qPrintable(QStringLiteral("row %1").arg(i)));

    station.stop();
    QFile json(dir.path() + QStringLiteral("/session.json"));
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonObject links =
        QJsonDocument::fromJson(json.readAll()).object().value(QStringLiteral("links")).toObject();
    QVERIFY(links.value(QStringLiteral("raven"))
                .toObject()
                .value(QStringLiteral("watchdog_trips"))
                .toDouble() > trips);
}

// Issue 10: listening sockets bind 127.0.0.1 unless an address is given. Under --emulate all
// every peer is on this machine, so every port the station opens must be loopback-only.
void TestFaultsStation::listeningSocketsAreLoopback()
{
    if (!QFile::exists(QStringLiteral("/proc/net/udp")))
        QSKIP("needs /proc/net");
    QTemporaryDir dir;
    StationOptions opt;
    opt.headless = true;
    opt.emulate = emulatorNames();
    opt.logDir = dir.path();
    Station station(opt);
    QString error;
    QVERIFY2(station.start(&error), qPrintable(error));
    struct Port
    {
        const char *worker, *key, *table;
    };
    const Port ports[] = {{"raven", "listen_port", "udp"},
                          {"rflysim", "state_port", "udp"},
                          {"rflysim", "sensor_port", "udp"},
                          {"px4", "listen_port", "tcp"},
                          {"emulator.raven", "port", "udp"},
                          {"emulator.flightaxis", "port", "tcp"},
                          {"emulator.rflysim", "request_port", "udp"}};
    for (const Port &p : ports) {
        Worker *w = station.worker(QLatin1String(p.worker));
        QVERIFY2(w, p.worker);
        const quint16 port = quint16(w->endpoints().value(QLatin1String(p.key)).toInt());
        QVERIFY2(port != 0, p.worker);
        const QStringList addrs = boundAddresses(p.table, port);
        QVERIFY2(!addrs.isEmpty(), p.worker);
        for (const QString &a : addrs)
            QVERIFY2(a == QLatin1String("0100007F"),
                     qPrintable(QStringLiteral("%1 %2 bound %3")
                                    .arg(QLatin1String(p.worker), QLatin1String(p.key), a)));
    }
    station.stop();
}

QTEST_GUILESS_MAIN(TestFaultsStation)
#include "tst_faults_station.moc"
