// The same flight as tst_px4real against the PX4 stand-in (--emulate px4): the ground-station
// link arms it and takes off to 2.5 m through the stand-in's own GCS port, it holds 8 s, and
// Land through the GCS link ends disarmed on the ground. Then the refusals: a mode the stand-in
// does not fly is denied with its reason, and a command to a PX4 that is not there times out.
#include "core/post.h"
#include "px4flight.h"

#include "mavlink/messages.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUdpSocket>
#include <QtTest>

namespace {
/// The events of one id that a spy on Worker::eventRaised caught (code matches on ids, not texts).
QList<hil::Event> eventsWithId(const QSignalSpy &spy, const char *id)
{
    QList<hil::Event> out;
    for (const QList<QVariant> &args : spy) {
        const hil::Event e = args.at(0).value<hil::Event>();
        if (e.id == QLatin1String(id))
            out << e;
    }
    return out;
}
} // namespace

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
    o.links.set(QStringLiteral("px4-takeoff"), 2.5);
    o.logDir = dir.path();
    hil::Station station(o);
    QString error;
    QVERIFY2(station.start(&error), qPrintable(error));
    // The real PX4's flight holds 20 s (tst_px4real); the stand-in's hold is a scripted line, and
    // 4 s of it shows the same: the altitude band, the tilt, no timeouts, landed and disarmed.
    const FlightReport r = flyTakeoffHoldLand(station, 2.5, 4.0, 30000);
    verifyFlight(r, 2.5);
}

void TestPx4GcsStandIn::deniedWithReasonAndTimedOut()
{
    using namespace hil;
    QTemporaryDir dir;
    StationOptions o;
    o.headless = true;
    o.emulate = {QStringLiteral("px4")};
    o.links.set(QStringLiteral("px4-standin-waits"),
                true); // the stand-in waits for commands instead of arming by itself
    o.logDir = dir.path();
    Station station(o);
    QString error;
    QVERIFY2(station.start(&error), qPrintable(error));
    auto *gcs = qobject_cast<GcsLink *>(station.worker(QStringLiteral("px4gcs")));
    QVERIFY(gcs);
    QTRY_VERIFY_WITH_TIMEOUT(gcs->status().connected, 10000);
    // Offboard: a mode the stand-in does not fly.
    postTo(gcs, [gcs] { gcs->sendCommand(GcsLink::kCmdSetMode, {1, 6, 0, 0, 0, 0, 0}); });
    QTRY_VERIFY_WITH_TIMEOUT(gcs->lastResult(GcsLink::kCmdSetMode).result !=
                                     GcsLink::Result::Pending &&
                                 gcs->lastResult(GcsLink::kCmdSetMode).command != 0,
                             5000);
    const GcsLink::CommandOutcome denied = gcs->lastResult(GcsLink::kCmdSetMode);
    QCOMPARE(denied.result, GcsLink::Result::Denied);
    QVERIFY2(denied.text.contains(QStringLiteral("not supported by the stand-in")),
             qPrintable(denied.text));
    QVERIFY(gcs->status().statusTexts.join('\n').contains(QStringLiteral("Mode switch denied")));
    station.stop();

    // Nobody on the other end: three attempts a second apart, then "timed out".
    GcsLinkConfig cfg;
    cfg.port = 9; // discard: nothing answers on loopback
    cfg.commandRetryMs = 200;
    GcsLink lonely(cfg);
    QSignalSpy lonelyEvents(&lonely, &Worker::eventRaised);
    QVERIFY(lonely.start());
    lonely.arm(true);
    QTRY_VERIFY_WITH_TIMEOUT(
        lonely.lastResult(GcsLink::kCmdArm).result == GcsLink::Result::TimedOut, 5000);
    QVERIFY(lonely.lastResult(GcsLink::kCmdArm).text.contains(QStringLiteral("timed out")));
    const QList<Event> timedOut = eventsWithId(lonelyEvents, "px4gcs.command_timed_out");
    QCOMPARE(timedOut.size(), 1);
    QCOMPARE(timedOut.first().severity, Severity::Warning);
    QCOMPARE(timedOut.first().text,
             QStringLiteral("arm/disarm: timed out (no answer after 3 attempts)"));
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
    QSignalSpy events(&gcs, &Worker::eventRaised);
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
    auto send = [&](const auto &m) {
        px4.writeDatagram(encodeMessage(m, FrameHeader{seq++, 1, 1}), peer, peerPort);
    };
    send(Heartbeat{3u << 16, 2, 12, 1, 3, 3}); // Position, disarmed, standby
    QTRY_COMPARE(gcs.status().mode, QStringLiteral("Position"));
    QCOMPARE(gcs.status().armed, false);
    gcs.arm(true);
    QTRY_VERIFY(std::any_of(heard.begin(), heard.end(),
                            [](const Frame &f) { return f.msgId == CommandLong::kId; }));
    StatusText a, b;
    a.severity = b.severity = 2;
    a.id = b.id = 7;
    a.setText(
        QStringLiteral("Arming denied: Resolve system health failures firs")); // 50 characters
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
             QStringLiteral(
                 "temporarily rejected: Arming denied: Resolve system health failures first"));
    QCOMPARE(gcs.status().statusTexts.last(),
             QStringLiteral("critical: Arming denied: Resolve system health failures first"));
    // Events carry ids and severities: PX4's CRITICAL text is an Error, the refusal a Warning.
    const QList<Event> texts = eventsWithId(events, "px4.statustext");
    QCOMPARE(texts.size(), 1); // the two chunks are one text
    QCOMPARE(texts.first().source, QStringLiteral("px4gcs"));
    QCOMPARE(texts.first().severity, Severity::Error);
    QCOMPARE(texts.first().text,
             QStringLiteral("PX4 critical: Arming denied: Resolve system health failures first"));
    const QList<Event> denied = eventsWithId(events, "px4gcs.command_denied");
    QCOMPARE(denied.size(), 1);
    QCOMPARE(denied.first().severity, Severity::Warning);
    QVERIFY(eventsWithId(events, "px4gcs.command_accepted").isEmpty());
    // MAV_SEVERITY as PX4 sends it: 0-3 Error, 4 Warning, 5-7 Info.
    events.clear();
    for (const auto &[mavSeverity, expected] :
         {std::pair{0, Severity::Error}, std::pair{3, Severity::Error},
          std::pair{4, Severity::Warning}, std::pair{5, Severity::Info},
          std::pair{6, Severity::Info}, std::pair{7, Severity::Info}}) {
        StatusText t;
        t.severity = std::uint8_t(mavSeverity);
        t.setText(QStringLiteral("text of severity %1").arg(mavSeverity));
        send(t);
        QTRY_COMPARE(eventsWithId(events, "px4.statustext").size(), 1);
        const Event e = eventsWithId(events, "px4.statustext").last();
        QVERIFY2(e.text.endsWith(QStringLiteral("text of severity %1").arg(mavSeverity)),
                 qPrintable(e.text));
        QCOMPARE(e.severity, expected);
        events.clear();
    }
    send(Heartbeat{(3u << 24) | (4u << 16), 2, 12, 1 | 128, 4, 3}); // Auto/Hold, armed
    QTRY_COMPARE(gcs.status().mode, QStringLiteral("Hold"));
    QVERIFY(gcs.status().armed);
    QCOMPARE(eventsWithId(events, "px4gcs.armed").size(), 1);
    QCOMPARE(eventsWithId(events, "px4gcs.mode").size(), 1);
    // PX4 goes quiet: one Warning once its heartbeats stop for peerSilentMs.
    QTRY_VERIFY_WITH_TIMEOUT(!eventsWithId(events, "px4gcs.px4_silent").isEmpty(), 10000);
    QCOMPARE(eventsWithId(events, "px4gcs.px4_silent").size(), 1);
    QCOMPARE(eventsWithId(events, "px4gcs.px4_silent").first().severity, Severity::Warning);
    QVERIFY(!gcs.status().connected);
    gcs.stop();
}

QTEST_GUILESS_MAIN(TestPx4GcsStandIn)
#include "tst_px4gcs_standin.moc"
