// The same flight as tst_px4real against the PX4 stand-in (--emulate px4): the ground-station
// link arms it and takes off to 2.5 m through the stand-in's own GCS port, it holds 20 s, and
// Land through the GCS link ends disarmed on the ground. Then the refusals: a mode the stand-in
// does not fly is denied with its reason, and a command to a PX4 that is not there times out.
#include "px4flight.h"

#include "mavlink/messages.h"

#include <QTemporaryDir>
#include <QUdpSocket>
#include <QtTest>

class TestPx4GcsStandIn : public QObject
{
    Q_OBJECT
private slots:
    void takeoffHoldLandThroughTheGcsLink();
    void deniedWithReasonAndTimedOut();
    void chunkedReasonAndModes();
};

void TestPx4GcsStandIn::takeoffHoldLandThroughTheGcsLink()
{
    QTemporaryDir dir;
    hil::StationOptions o;
    o.headless = true;
    o.emulate = {QStringLiteral("flightaxis"), QStringLiteral("px4")};
    o.px4TakeoffM = 2.5;
    o.logDir = dir.path();
    hil::Station station(o);
    QString error;
    QVERIFY2(station.start(&error), qPrintable(error));
    const FlightReport r = flyTakeoffHoldLand(station, 2.5, 20.0, 30000);
    verifyFlight(r, 2.5);
}

void TestPx4GcsStandIn::deniedWithReasonAndTimedOut()
{
    using namespace hil;
    QTemporaryDir dir;
    StationOptions o;
    o.headless = true;
    o.emulate = {QStringLiteral("px4")};
    o.px4StandInWaits = true; // the stand-in waits for commands instead of arming by itself
    o.logDir = dir.path();
    Station station(o);
    QString error;
    QVERIFY2(station.start(&error), qPrintable(error));
    auto *gcs = qobject_cast<GcsLink *>(station.worker(QStringLiteral("px4gcs")));
    QVERIFY(gcs);
    QTRY_VERIFY_WITH_TIMEOUT(gcs->status().connected, 10000);
    QMetaObject::invokeMethod(gcs, "position", Qt::QueuedConnection);
    QTRY_VERIFY_WITH_TIMEOUT(gcs->lastResult(GcsLink::kCmdSetMode).result != GcsLink::Result::Pending &&
                                 gcs->lastResult(GcsLink::kCmdSetMode).command != 0, 5000);
    const GcsLink::CommandOutcome denied = gcs->lastResult(GcsLink::kCmdSetMode);
    QCOMPARE(denied.result, GcsLink::Result::Denied);
    QVERIFY2(denied.text.contains(QStringLiteral("not supported by the stand-in")), qPrintable(denied.text));
    QVERIFY(gcs->status().statusTexts.join('\n').contains(QStringLiteral("Mode switch denied")));
    station.stop();

    // Nobody on the other end: three attempts a second apart, then "timed out".
    GcsLinkConfig cfg;
    cfg.port = 9; // discard: nothing answers on loopback
    cfg.commandRetryMs = 200;
    GcsLink lonely(cfg);
    QVERIFY(lonely.start());
    lonely.arm(true);
    QTRY_VERIFY_WITH_TIMEOUT(lonely.lastResult(GcsLink::kCmdArm).result == GcsLink::Result::TimedOut, 5000);
    QVERIFY(lonely.lastResult(GcsLink::kCmdArm).text.contains(QStringLiteral("timed out")));
    QCOMPARE(lonely.counters()["commands_sent"].toInteger(), 3);
    lonely.stop();
}

void TestPx4GcsStandIn::chunkedReasonAndModes()
{
    // A PX4 played by the test on a UDP socket: it hears the GCS heartbeat, reports Position
    // mode, and refuses arming with a reason longer than one STATUSTEXT (two chunks, id 7).
    using namespace hil;
    using namespace hil::mavlink;
    QUdpSocket px4;
    QVERIFY(px4.bind(QHostAddress::LocalHost, 0));
    GcsLinkConfig cfg;
    cfg.port = px4.localPort();
    GcsLink gcs(cfg);
    QVERIFY(gcs.start());
    QHostAddress peer;
    quint16 peerPort = 0;
    QList<Frame> heard;
    auto pump = [&] {
        while (px4.hasPendingDatagrams()) {
            QByteArray d(int(px4.pendingDatagramSize()), '\0');
            px4.readDatagram(d.data(), d.size(), &peer, &peerPort);
            StreamParser p;
            p.feed(d.constData(), std::size_t(d.size()));
            Frame f;
            while (p.next(&f))
                heard.append(f);
        }
    };
    connect(&px4, &QUdpSocket::readyRead, this, pump);
    QTRY_VERIFY(peerPort != 0 && !heard.isEmpty());
    QCOMPARE(heard.first().msgId, Heartbeat::kId);
    const Heartbeat ours = Heartbeat::decode(heard.first().payload.data());
    QCOMPARE(int(ours.type), 6);      // MAV_TYPE_GCS
    QCOMPARE(int(ours.autopilot), 8); // MAV_AUTOPILOT_INVALID
    std::uint8_t seq = 0;
    auto send = [&](const auto &m) { px4.writeDatagram(encodeMessage(m, FrameHeader{seq++, 1, 1}), peer, peerPort); };
    send(Heartbeat{3u << 16, 2, 12, 1, 3, 3}); // Position, disarmed, standby
    QTRY_COMPARE(gcs.status().mode, QStringLiteral("Position"));
    QCOMPARE(gcs.status().armed, false);
    gcs.arm(true);
    QTRY_VERIFY(std::any_of(heard.begin(), heard.end(), [](const Frame &f) { return f.msgId == CommandLong::kId; }));
    StatusText a, b;
    a.severity = b.severity = 2;
    a.id = b.id = 7;
    a.setText(QStringLiteral("Arming denied: Resolve system health failures firs")); // 50 characters
    b.chunkSeq = 1;
    b.setText(QStringLiteral("t"));
    send(a);
    send(b);
    CommandAck ack;
    ack.command = GcsLink::kCmdArm;
    ack.result = 1; // temporarily rejected
    send(ack);
    QTRY_COMPARE(gcs.lastResult(GcsLink::kCmdArm).result, GcsLink::Result::Denied);
    QCOMPARE(gcs.lastResult(GcsLink::kCmdArm).text,
             QStringLiteral("temporarily rejected: Arming denied: Resolve system health failures first"));
    QCOMPARE(gcs.status().statusTexts.last(), QStringLiteral("critical: Arming denied: Resolve system health failures first"));
    send(Heartbeat{(3u << 24) | (4u << 16), 2, 12, 1 | 128, 4, 3}); // Auto/Hold, armed
    QTRY_COMPARE(gcs.status().mode, QStringLiteral("Hold"));
    QVERIFY(gcs.status().armed);
    gcs.stop();
}

QTEST_GUILESS_MAIN(TestPx4GcsStandIn)
#include "tst_px4gcs_standin.moc"
