// RavenLink against the RavenEmulator on 127.0.0.1, each in its own worker thread: modes change
// only on request, status flags decoded, CRC errors counted, merged/split replies, motor fault
// and overheat shown, silence → link down, STOP, cue frames from simulator states; the stand-in
// alone under the largest cues the wire carries for two seconds stays cool (its thermal model has
// minutes of time constant: tst_actuator_thermal).
#include "core/workerhost.h"
#include "model/clock.h"
#include "raven/ravenemulator.h"
#include "raven/ravenlink.h"

#include "queuedspy.h"
#include <QJsonArray>
#include <QNetworkProxy>
#include <QUdpSocket>
#include <QtTest>
#include <memory>

using namespace hil;

namespace {
struct Pair
{
    RavenEmulator *emu = nullptr;
    RavenLink *link = nullptr;
    std::unique_ptr<WorkerHost> emuHost, linkHost;

    explicit Pair(RavenLinkConfig cfg = {})
    {
        emu = new RavenEmulator(0);
        emuHost = std::make_unique<WorkerHost>(emu);
        QString err;
        if (!emuHost->start(&err))
            qFatal("emulator: %s", qPrintable(err));
        cfg.host = QStringLiteral("127.0.0.1");
        cfg.port = quint16(emu->endpoints()["port"].toInt());
        cfg.listenPort = 0;
        link = new RavenLink(cfg);
        linkHost = std::make_unique<WorkerHost>(link);
        if (!linkHost->start(&err))
            qFatal("link: %s", qPrintable(err));
    }
    ~Pair()
    {
        linkHost->stop();
        emuHost->stop();
    }
    QJsonObject c() const { return link->counters(); }
    double num(const char *key) const { return c()[key].toDouble(); }
    QString str(const char *key) const { return c()[key].toString(); }
    void call(const char *slot) { QMetaObject::invokeMethod(link, slot, Qt::QueuedConnection); }
    void mode(int m)
    {
        QMetaObject::invokeMethod(link, "requestMode", Qt::QueuedConnection, Q_ARG(int, m));
    }
};

SimFrame simFrame(std::uint32_t seq)
{
    SimFrame f;
    f.sequence = seq;
    f.physicsTimeS = double(steadyNowNs()) * 1e-9; // physics in real time
    f.vehicle.acceleration = {2.0, 0.0, 0.0};
    return f; // monotonicNs 0: the link stamps arrival itself
}
} // namespace

class TestRavenLink : public QObject
{
    Q_OBJECT
private slots:
    void answersAndModeStaysOff();
    void modeChangesOnRequestOnly();
    void unattendedModeRequestedOnce();
    void motorFaultDecoded();
    void crcErrorsCounted();
    void mergedAndSplitRepliesDecoded();
    void overheatShown();
    void silenceTakesLinkDownAndBack();
    void emergencyStopRequestsLevelBrake();
    void cuesFlowFromSimFrames();
    void largestCuesForSecondsKeepTheStandInCool();
};

void TestRavenLink::answersAndModeStaysOff()
{
    Pair p;
    QTRY_VERIFY_WITH_TIMEOUT(p.num("frames_received") > 5, 5000);
    QCOMPARE(p.str("mode"), QString("OFF"));
    QCOMPARE(p.str("thermal"), QString("NORMAL"));
    QTRY_VERIFY_WITH_TIMEOUT(p.c()["link_up"].toBool(), 5000);
    QCOMPARE(p.link->state(), LinkState::Up);
    QTRY_VERIFY_WITH_TIMEOUT(p.c().contains("firmware"), 5000); // 3780 asked and answered
    QVERIFY(p.num("rtt_ms_p50") > 0.0);
    const QJsonArray motors = p.c()["motors_ok"].toArray();
    QCOMPARE(motors.size(), 6);
    for (const auto &m : motors)
        QCOMPARE(m.toBool(), true);
    QCOMPARE(int(p.num("status_word")), 0xFC0);
}

void TestRavenLink::modeChangesOnRequestOnly()
{
    Pair p;
    QTRY_VERIFY_WITH_TIMEOUT(p.num("frames_received") > 20, 5000); // ~1 s of polling
    QCOMPARE(p.emu->mode(), 0);
    QCOMPARE(p.num("mode_requests"), 0.0);
    p.mode(2);
    QTRY_COMPARE_WITH_TIMEOUT(p.str("mode"), QString("LOADING"), 5000);
    QCOMPARE(p.emu->mode(), 2);
    QMetaObject::invokeMethod(p.link, "setWashoutTargets", Qt::QueuedConnection, Q_ARG(double, 0.0),
                              Q_ARG(double, 0.0), Q_ARG(double, 0.05), Q_ARG(double, 0.0),
                              Q_ARG(double, 0.0), Q_ARG(double, 0.0));
    QueuedSpy samples(p.link, &RavenLink::platformSample);
    QTRY_VERIFY_WITH_TIMEOUT(!samples.isEmpty() &&
                                 samples.last().at(0).value<PlatformSample>().positionM[2] > 0.02,
                             5000);
    QCOMPARE(samples.last().at(0).value<PlatformSample>().status.mode, 2);
}

void TestRavenLink::unattendedModeRequestedOnce()
{
    RavenLinkConfig cfg;
    cfg.safety.unattendedMode = raven::ModeCueing;
    Pair p(cfg);
    QTRY_COMPARE_WITH_TIMEOUT(p.str("mode"), QString("CUEING"), 5000);
    QTRY_COMPARE_WITH_TIMEOUT(p.emu->counters()["mode_changes"].toDouble(), 1.0, 5000);
    QTest::qWait(500);
    QCOMPARE(p.emu->counters()["mode_changes"].toDouble(), 1.0);
}

void TestRavenLink::motorFaultDecoded()
{
    Pair p;
    QTRY_VERIFY_WITH_TIMEOUT(p.num("frames_received") > 0, 5000);
    p.emu->setMotorOk(2, false);
    QTRY_VERIFY_WITH_TIMEOUT(!p.c()["motors_ok"].toArray().at(2).toBool(), 5000);
    const QJsonArray m = p.c()["motors_ok"].toArray();
    QCOMPARE(m.at(0).toBool(), true);
    QCOMPARE(m.at(5).toBool(), true);
    QCOMPARE(int(p.num("status_word")), 0xFC0 & ~(1 << 9));
}

void TestRavenLink::crcErrorsCounted()
{
    Pair p;
    QTRY_VERIFY_WITH_TIMEOUT(p.num("frames_received") > 0, 5000);
    QCOMPARE(p.num("crc_errors"), 0.0);
    p.emu->setCorruptEvery(3);
    QTRY_VERIFY_WITH_TIMEOUT(p.num("crc_errors") >= 3, 5000);
    QVERIFY(p.num("bytes_discarded") > 0);
    const double received = p.num("frames_received");
    QTRY_VERIFY_WITH_TIMEOUT(p.num("frames_received") > received + 5,
                             5000); // good ones still decode
}

void TestRavenLink::mergedAndSplitRepliesDecoded()
{
    Pair p;
    p.emu->setMergeReplies(true);
    p.emu->setSplitReplies(true);
    QTRY_VERIFY_WITH_TIMEOUT(p.num("frames_received") > 30, 8000);
    QCOMPARE(p.num("crc_errors"), 0.0);
    QCOMPARE(p.num("bytes_discarded"), 0.0);
}

void TestRavenLink::overheatShown()
{
    Pair p;
    QTRY_VERIFY_WITH_TIMEOUT(p.num("frames_received") > 0, 5000);
    p.emu->setTemperatureC(85.0);
    QTRY_COMPARE_WITH_TIMEOUT(p.str("thermal"), QString("OVERHEAT PROTECTION"), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(p.c()["temperatures_c"].toArray().at(0).toDouble() >= 80.0, 5000);
    p.emu->setTemperatureC(40.0);
    QTRY_COMPARE_WITH_TIMEOUT(p.str("thermal"), QString("NORMAL"), 5000);
}

void TestRavenLink::silenceTakesLinkDownAndBack()
{
    Pair p;
    QueuedSpy events(p.link, &Worker::eventRaised);
    QTRY_COMPARE_WITH_TIMEOUT(p.link->state(), LinkState::Up, 5000);
    p.emu->setSilent(true);
    QTRY_COMPARE_WITH_TIMEOUT(p.link->state(), LinkState::Down, 5000);
    p.emu->setSilent(false);
    QTRY_COMPARE_WITH_TIMEOUT(p.link->state(), LinkState::Up, 5000);
    auto sawSilent = [&events] {
        for (const auto &e : events)
            if (e.at(0).value<hil::Event>().text.contains("silent"))
                return true;
        return false;
    };
    QTRY_VERIFY(sawSilent()); // events arrive queued
}

void TestRavenLink::emergencyStopRequestsLevelBrake()
{
    Pair p;
    QTRY_VERIFY_WITH_TIMEOUT(p.num("frames_received") > 0, 5000);
    p.mode(3);
    QTRY_COMPARE_WITH_TIMEOUT(p.str("mode"), QString("CUEING"), 5000);
    p.call("emergencyStop");
    QTRY_COMPARE_WITH_TIMEOUT(p.str("mode"), QString("LEVEL BRAKE"), 5000);
    QCOMPARE(p.c()["stopped"].toBool(), true);
    QCOMPARE(p.num("cue_gain"), 0.0);
}

void TestRavenLink::cuesFlowFromSimFrames()
{
    Pair p;
    QTRY_VERIFY_WITH_TIMEOUT(p.c()["link_up"].toBool(), 5000);
    const double before = p.num("frames_sent");
    std::uint32_t seq = 0;
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 600) {
        QMetaObject::invokeMethod(p.link, "onSimFrame", Qt::QueuedConnection,
                                  Q_ARG(hil::SimFrame, simFrame(++seq)));
        QTest::qWait(10);
    }
    QTRY_VERIFY_WITH_TIMEOUT(p.c()["sim_fresh"].toBool() || p.num("watchdog_trips") > 0, 5000);
    QVERIFY(p.num("frames_sent") - before >= seq / 2); // cue frames on top of the polls
    QVERIFY(p.num("cue_gain") > 0.0);
    // The simulator stops: the watchdog trips once and the ramp runs to zero.
    QTRY_COMPARE_WITH_TIMEOUT(p.num("watchdog_trips"), 1.0, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(p.num("cue_gain"), 0.0, 5000);
    QCOMPARE(p.emu->mode(), 0); // cues never change the mode
}

void TestRavenLink::largestCuesForSecondsKeepTheStandInCool()
{
    // The stand-in on its own, driven from a plain socket: CUEING, then frame 5 with every word at
    // the wire's limit (±60,000 mm/s², ±4,000 deg/s²) at 100 Hz for 2 s. A real platform's
    // actuators take minutes to heat up; two seconds of any cue must not trip its thermal word.
    auto *emu = new RavenEmulator(0);
    WorkerHost host(emu);
    QString err;
    QVERIFY2(host.start(&err), qPrintable(err));
    const auto port = quint16(emu->endpoints()["port"].toInt());
    QUdpSocket sock;
    sock.setProxy(QNetworkProxy::NoProxy);
    QVERIFY(sock.bind(QHostAddress::LocalHost, 0));
    auto send = [&](const QByteArray &frame) {
        sock.writeDatagram(frame, QHostAddress::LocalHost, port);
        while (sock.hasPendingDatagrams()) // the replies are not what this test reads
            sock.receiveDatagram();
    };
    const std::int32_t cueing[1] = {raven::ModeCueing};
    send(raven::encodeFrame(raven::IdModeRequest, cueing, 1));
    QTRY_COMPARE_WITH_TIMEOUT(emu->mode(), int(raven::ModeCueing), 5000);

    const std::int32_t largest[6] = {60000, -60000, 60000, 4000, -4000, 4000};
    QElapsedTimer t;
    t.start();
    int sent = 0;
    while (t.elapsed() < 2000) {
        send(raven::encodeFrame(raven::IdAccel, largest, 6));
        ++sent;
        QTest::qWait(10);
    }
    QTRY_VERIFY_WITH_TIMEOUT(emu->counters()["frames_received"].toDouble() >= sent + 1, 5000);
    const QJsonObject c = emu->counters();
    QCOMPARE(c["mode"].toString(), QString("CUEING"));
    QCOMPARE(c["thermal"].toString(), QString("NORMAL"));
    const QJsonArray temps = c["temperatures_c"].toArray();
    QCOMPARE(temps.size(), 6);
    for (const auto &v : temps)
        QVERIFY2(v.toDouble() < 35.0, qPrintable(QString::number(v.toDouble())));
    host.stop();
}

QTEST_GUILESS_MAIN(TestRavenLink)
#include "tst_raven_link.moc"
