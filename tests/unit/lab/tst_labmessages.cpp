// The lab's contract as pure functions (docs/lab.md): broker URLs (never with credentials), rig
// names, the reply-topic rule, and the payloads' fields: AeroSim's envelope with a numeric
// top-level "t", the links message's units, the session message's folder name (not its path).
// Under any locale: numbers are written with a decimal point (the suite's de_DE pass).
#include "lab/labconfig.h"
#include "lab/labmessages.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>
#include <clocale>

using namespace hil;
using namespace hil::lab;

class TestLabMessages : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { std::setlocale(LC_ALL, ""); } // the user's locale, as the program
    void brokerUrls();
    void rigNamesAndTopics();
    void stateIsAnAeroSimEnvelopeWithANumericTime();
    void linksCarryTheCounterSchema();
    void sessionNamesTheFolderNotItsPath();
    void stopRepliesAndEvents();
    void platformKeepsTheLastPose();
};

void TestLabMessages::brokerUrls()
{
    BrokerUrl u;
    QString why;
    QVERIFY(parseBrokerUrl(QStringLiteral("mqtt://127.0.0.1"), &u, &why));
    QCOMPARE(u.port, quint16(1883));
    QVERIFY(!u.tls);
    QVERIFY(!u.plaintextOffHost());
    QCOMPARE(u.pahoUri(), QStringLiteral("tcp://127.0.0.1:1883"));
    QVERIFY(parseBrokerUrl(QStringLiteral("mqtts://lab.example:9883"), &u, &why));
    QVERIFY(u.tls);
    QCOMPARE(u.pahoUri(), QStringLiteral("ssl://lab.example:9883"));
    QVERIFY(parseBrokerUrl(QStringLiteral("mqtt://lab.example"), &u, &why));
    QVERIFY(u.plaintextOffHost());
    // Loopback is judged by the address, not by one spelling of it; names are never looked up.
    for (const char *local :
         {"mqtt://127.0.0.2", "mqtt://[::1]", "mqtt://[::ffff:127.0.0.1]", "mqtt://LocalHost"}) {
        QVERIFY2(parseBrokerUrl(QLatin1String(local), &u, &why), local);
        QVERIFY2(!u.plaintextOffHost(), local);
    }
    for (const char *remote :
         {"mqtt://10.0.0.7", "mqtt://[fe80::1]", "mqtt://0.0.0.0", "mqtt://broker.local"}) {
        QVERIFY2(parseBrokerUrl(QLatin1String(remote), &u, &why), remote);
        QVERIFY2(u.plaintextOffHost(), remote);
    }
    QVERIFY(!parseBrokerUrl(QStringLiteral("tcp://lab.example"), &u, &why));
    QVERIFY(!parseBrokerUrl(QStringLiteral("mqtt://"), &u, &why));
    QVERIFY(!parseBrokerUrl(QStringLiteral("mqtt://lab.example:99999"), &u, &why));
    QVERIFY(!parseBrokerUrl(QStringLiteral("mqtt://rig1:secret@lab.example"), &u, &why));
    QVERIFY(why.contains(QStringLiteral("--lab-password-file")));
    QVERIFY(!why.contains(QStringLiteral("secret")));
}

void TestLabMessages::rigNamesAndTopics()
{
    QVERIFY(isValidRigName(QStringLiteral("rig_1-A")));
    QVERIFY(!isValidRigName(QString()));
    QVERIFY(!isValidRigName(QStringLiteral("rig/1")));
    QVERIFY(!isValidRigName(QStringLiteral("rig+")));
    QVERIFY(!isValidRigName(QStringLiteral("rig#")));
    QVERIFY(!isValidRigName(QString(65, QLatin1Char('a'))));
    QVERIFY(isValidRigName(defaultRigName()));
    QCOMPARE(topic(QStringLiteral("r1"), QStringLiteral("state")),
             QStringLiteral("hil/v1/r1/state"));
    QVERIFY(isReplyTopicOf(QStringLiteral("r1"), QStringLiteral("hil/v1/r1/cmd/reply/abc")));
    QVERIFY(!isReplyTopicOf(QStringLiteral("r1"), QStringLiteral("hil/v1/r1/cmd/reply/")));
    QVERIFY(!isReplyTopicOf(QStringLiteral("r1"), QStringLiteral("hil/v1/r2/cmd/reply/abc")));
    QVERIFY(!isReplyTopicOf(QStringLiteral("r1"), QStringLiteral("hil/v1/r1/cmd/stop")));
    QVERIFY(!isReplyTopicOf(QStringLiteral("r1"), QStringLiteral("hil/v1/r1/cmd/reply/+")));
    QVERIFY(!isReplyTopicOf(QStringLiteral("r1"), QStringLiteral("hil/v1/r1/cmd/reply/#")));
    QVERIFY(!isReplyTopicOf(QStringLiteral("r1"), QStringLiteral("hil/v1/r1x/cmd/reply/a")));
}

void TestLabMessages::stateIsAnAeroSimEnvelopeWithANumericTime()
{
    SimFrame f;
    f.physicsTimeS = 12.5;
    f.vehicle.state.pose.position = {1.25, -2.5, -30.75};
    f.altitudeM = 130.75;
    f.extras.airspeedMps = 17.5;
    const QByteArray raw = stateMessage(QStringLiteral("r1"), f, 1764000000.125);
    QVERIFY2(!raw.contains("1764000000,125") && !raw.contains("12,5"), raw.constData());
    const QJsonObject o = QJsonDocument::fromJson(raw).object();
    QVERIFY(o.value("t").isDouble());
    QCOMPARE(o.value("t").toDouble(), 1764000000.125);
    const QJsonObject meta = o.value("metadata").toObject();
    QCOMPARE(meta.value("type_name").toString(), QStringLiteral("aerosim::types::VehicleState"));
    QCOMPARE(meta.value("topic").toString(), QStringLiteral("hil/v1/r1/state"));
    QCOMPARE(meta.value("timestamp_sim").toObject().value("sec").toInt(), 12);
    QCOMPARE(meta.value("timestamp_sim").toObject().value("nanosec").toInt(), 500000000);
    QCOMPARE(meta.value("timestamp_platform").toObject().value("sec").toInteger(), 1764000000);
    QVERIFY(o.value("data").toObject().contains("state"));
    QCOMPARE(o.value("hil").toObject().value("airspeed_mps").toDouble(), 17.5);
    QCOMPARE(o.value("hil").toObject().value("altitude_m").toDouble(), 130.75);
}

void TestLabMessages::linksCarryTheCounterSchema()
{
    const QJsonObject snapshot{
        {"links",
         QJsonObject{{"raven", QJsonObject{{"state", "up"},
                                           {"rtt_ms_p50", 1.5},
                                           {"endpoints", QJsonObject{{"platform_port", 9200}}}}}}},
        {"counter_schema",
         QJsonObject{{"raven", QJsonObject{{"rtt_ms_p50",
                                            QJsonObject{{"unit", "ms"}, {"kind", "value"}}}}}}}};
    const QJsonObject o = QJsonDocument::fromJson(linksMessage(snapshot, 5.25)).object();
    QCOMPARE(o.value("t").toDouble(), 5.25);
    const QJsonObject raven = o.value("links").toObject().value("raven").toObject();
    QCOMPARE(raven.value("state").toString(), QStringLiteral("up"));
    QCOMPARE(raven.value("counters").toObject().value("rtt_ms_p50").toDouble(), 1.5);
    QVERIFY(!raven.value("counters").toObject().contains("endpoints"));
    QCOMPARE(raven.value("schema").toObject().value("rtt_ms_p50").toObject().value("unit"),
             QJsonValue("ms"));
}

void TestLabMessages::sessionNamesTheFolderNotItsPath()
{
    const QJsonObject snapshot{{"folder", "/home/op/sessions/20261126-010203"},
                               {"started_utc", "2026-11-26T01:02:03.000Z"},
                               {"version", "1.2.3"}};
    const QJsonObject o =
        QJsonDocument::fromJson(sessionMessage(snapshot, QStringLiteral("r1"))).object();
    QCOMPARE(o.value("folder").toString(), QStringLiteral("20261126-010203"));
    QCOMPARE(o.value("rig").toString(), QStringLiteral("r1"));
    QCOMPARE(o.value("version").toString(), QStringLiteral("1.2.3"));
}

void TestLabMessages::stopRepliesAndEvents()
{
    QJsonObject r = QJsonDocument::fromJson(stopReply(true, 1, {})).object();
    QCOMPARE(r.value("ok").toBool(), true);
    QCOMPARE(r.value("mode").toString(), QStringLiteral("LEVEL BRAKE"));
    r = QJsonDocument::fromJson(stopReply(false, -1, QStringLiteral("no motion link"))).object();
    QCOMPARE(r.value("ok").toBool(), false);
    QCOMPARE(r.value("error").toString(), QStringLiteral("no motion link"));
    QVERIFY(!r.contains("mode"));
    const Event e(QStringLiteral("raven"), QStringLiteral("raven.stop"), Severity::Error,
                  QStringLiteral("STOP"), {QStringLiteral("3")});
    const QJsonObject ev = QJsonDocument::fromJson(eventMessage(e, 2.5)).object();
    QCOMPARE(ev.value("id").toString(), QStringLiteral("raven.stop"));
    QCOMPARE(ev.value("severity").toString(), QStringLiteral("error"));
    QCOMPARE(ev.value("source").toString(), QStringLiteral("raven"));
    QCOMPARE(ev.value("args").toArray().size(), 1);
    const QJsonObject online =
        QJsonDocument::fromJson(onlineMessage(QStringLiteral("r1"), false, "lost", 0)).object();
    QCOMPARE(online.value("online").toBool(), false);
    QCOMPARE(online.value("reason").toString(), QStringLiteral("lost"));
}

// A temperature reply (no pose) after a motion reply: the platform message keeps the last pose
// and takes the new status; a later motion reply replaces the pose.
void TestLabMessages::platformKeepsTheLastPose()
{
    const QJsonObject motion{{"mode", "CUEING"},
                             {"status_word", 4032},
                             {"pose", QJsonObject{{"heave_m", 0.012}, {"roll_rad", -0.02}}}};
    const QJsonObject temperatures{{"mode", "LEVEL BRAKE"}, {"status_word", 4033}};
    QJsonObject p = mergePlatformReply({}, motion);
    p = mergePlatformReply(p, temperatures);
    QCOMPARE(p["mode"].toString(), QStringLiteral("LEVEL BRAKE"));
    QCOMPARE(p["status_word"].toInt(), 4033);
    QCOMPARE(p["pose"].toObject()["heave_m"].toDouble(), 0.012);
    const QJsonObject json = QJsonDocument::fromJson(platformMessage(p, 0.5, 1.0e9)).object();
    QCOMPARE(json["pose"].toObject()["roll_rad"].toDouble(), -0.02);
    p = mergePlatformReply(
        p, QJsonObject{{"mode", "LEVEL BRAKE"}, {"pose", QJsonObject{{"heave_m", 0.0}}}});
    QCOMPARE(p["pose"].toObject()["heave_m"].toDouble(), 0.0);
    QVERIFY(!p["pose"].toObject().contains("roll_rad")); // a new pose replaces, never mixes
    QVERIFY(!mergePlatformReply({}, temperatures).contains("pose")); // none reported yet: none
}

QTEST_GUILESS_MAIN(TestLabMessages)
#include "tst_labmessages.moc"
