// Station runtime control: links and emulators started and stopped one at a time while the
// station runs (what the window's Links panel does), the routing rebuilt without duplicates,
// and session.json keeping a stopped link's last counters.
#include "station/station.h"

#include <QFile>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace hil;

namespace {

QString stateOf(const QJsonObject &snap, const char *group, const char *name)
{
    return snap.value(QLatin1String(group))
        .toObject()
        .value(QLatin1String(name))
        .toObject()
        .value(QLatin1String("state"))
        .toString();
}

} // namespace

class TestStationControl : public QObject
{
    Q_OBJECT
private slots:
    void ravenLinkStartsStopsAndRestarts();
    void reroutingDoesNotDuplicateFrames();
    void refusesWhenNotRunningOrUnknown();
};

void TestStationControl::ravenLinkStartsStopsAndRestarts()
{
    QTemporaryDir dir;
    StationOptions o;
    o.logDir = dir.path();
    Station s(o);
    QString error;
    QVERIFY2(s.start(&error), qPrintable(error));
    QSignalSpy changed(&s, &Station::linksChanged);

    QVERIFY2(s.startEmulator(QStringLiteral("raven"), &error), qPrintable(error));
    QVERIFY(s.isEmulatorRunning(QStringLiteral("raven")));
    QVERIFY2(s.startLink(QStringLiteral("raven"), Endpoint{}, &error), qPrintable(error));
    QVERIFY(s.motionLink() != nullptr);
    QTRY_COMPARE_WITH_TIMEOUT(stateOf(s.snapshot(), "links", "raven"), QStringLiteral("up"), 10000);
    QCOMPARE(changed.count(), 2);

    // Let it exchange a little, then stop: the entry stays with its last counters.
    QTRY_VERIFY_WITH_TIMEOUT(s.snapshot()["links"].toObject()["raven"].toObject().size() > 3, 5000);
    // stopLink() does not wait: the link is gone for callers at once, "stopping" while the
    // platform parks and the worker closes in its thread, then "stopped".
    s.stopLink(QStringLiteral("raven"));
    QVERIFY(s.motionLink() == nullptr);
    QVERIFY(!s.isLinkRunning(QStringLiteral("raven")));
    QCOMPARE(stateOf(s.snapshot(), "links", "raven"), QStringLiteral("stopping"));
    QTRY_VERIFY_WITH_TIMEOUT(!s.isLinkStopping(QStringLiteral("raven")), 10000);
    const QJsonObject stopped = s.snapshot()["links"].toObject()["raven"].toObject();
    QCOMPARE(stopped.value("state").toString(), QStringLiteral("stopped"));
    QVERIFY(stopped.size() > 3); // counters kept, not just the state
    // ...and the recorder's session.json shows that too.
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            QFile f(QDir(dir.path()).filePath("session.json"));
            if (!f.open(QIODevice::ReadOnly))
                return false;
            const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
            return stateOf(doc, "links", "raven") == QLatin1String("stopped");
        }(),
        5000);

    // Restart against the same emulator (given explicitly this time).
    const quint16 port = quint16(s.snapshot()["emulators"]
                                     .toObject()["emulator.raven"]
                                     .toObject()["endpoints"]
                                     .toObject()
                                     .value("port")
                                     .toInt());
    Endpoint ep{QStringLiteral("127.0.0.1"), port};
    if (port == 0)
        ep = Endpoint{}; // the emulator names its port differently: use the default route
    QVERIFY2(s.startLink(QStringLiteral("raven"), ep, &error), qPrintable(error));
    QTRY_COMPARE_WITH_TIMEOUT(stateOf(s.snapshot(), "links", "raven"), QStringLiteral("up"), 10000);
    QCOMPARE(s.snapshot()["links"].toObject().size(), 1); // replaced, not added twice

    s.stopEmulator(QStringLiteral("raven"));
    QVERIFY(!s.isEmulatorRunning(QStringLiteral("raven")));
    QCOMPARE(stateOf(s.snapshot(), "emulators", "emulator.raven"), QStringLiteral("stopped"));
    s.stop();
}

void TestStationControl::reroutingDoesNotDuplicateFrames()
{
    // Every start/stop rebuilds the routing; frames recorded must still be one row per frame.
    QTemporaryDir dir;
    StationOptions o;
    o.logDir = dir.path();
    o.emulate = {QStringLiteral("flightaxis")};
    Station s(o);
    QString error;
    QVERIFY2(s.start(&error), qPrintable(error));
    QVERIFY(s.isLinkRunning(QStringLiteral("flightaxis")));
    for (int i = 0; i < 3; ++i) { // three re-routes while the simulator link runs
        QVERIFY2(s.startEmulator(QStringLiteral("raven"), &error), qPrintable(error));
        QVERIFY2(s.startLink(QStringLiteral("raven"), Endpoint{}, &error), qPrintable(error));
        s.stopLink(QStringLiteral("raven"));
        s.stopEmulator(QStringLiteral("raven"));
    }
    QTRY_VERIFY_WITH_TIMEOUT(s.recorderCounters().value("state_rows").toDouble() > 200, 15000);
    s.stopLink(QStringLiteral("flightaxis"));
    QTRY_VERIFY_WITH_TIMEOUT(!s.isLinkStopping(QStringLiteral("flightaxis")), 10000);
    const double exchanges =
        s.snapshot()["links"].toObject()["flightaxis"].toObject().value("exchanges").toDouble();
    QTRY_VERIFY_WITH_TIMEOUT(s.recorderCounters().value("state_rows").toDouble() > 0, 2000);
    QTest::qWait(300); // the recorder drains every 100 ms
    const double rows = s.recorderCounters().value("state_rows").toDouble();
    QVERIFY2(rows <= exchanges + 2 && rows > exchanges * 0.5,
             qPrintable(QStringLiteral("rows %1 exchanges %2").arg(rows).arg(exchanges)));
    s.stop();
}

void TestStationControl::refusesWhenNotRunningOrUnknown()
{
    QTemporaryDir dir;
    StationOptions o;
    o.logDir = dir.path();
    Station s(o);
    QString error;
    QVERIFY(!s.startLink(QStringLiteral("raven"), Endpoint{}, &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(s.start(&error));
    error.clear();
    QVERIFY(!s.startLink(QStringLiteral("nosuch"), Endpoint{}, &error));
    QVERIFY(!error.isEmpty());
    error.clear();
    QVERIFY(!s.startLink(QStringLiteral("raven"), Endpoint{}, &error)); // no emulator, no address
    QVERIFY(!error.isEmpty());
    error.clear();
    QVERIFY(!s.startEmulator(QStringLiteral("px4"), &error)); // the stand-in needs the link
    QVERIFY(!error.isEmpty());
    s.stop();
}

QTEST_GUILESS_MAIN(TestStationControl)
#include "tst_stationcontrol.moc"
