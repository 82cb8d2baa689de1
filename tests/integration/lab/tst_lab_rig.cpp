// The lab link end to end (docs/lab.md): real `hilstation --headless` rigs with stand-ins publish
// to a private Mosquitto (labbroker.h: password file, ACL with %u patterns, TLS with certificates
// made now), and independent clients — Debian's python3-paho-mqtt (labclient.py) and
// mosquitto_rr, never our own client — check every topic: AeroSim's envelope and a numeric "t"
// on state, the rates, the retained online/links/session, the Last Will after kill -9 and after
// SIGSTOP (keep-alive expiry), the events raised while the broker was down delivered after it
// came back, an instructor's STOP parking a CUEING platform stand-in with the answer on the
// reply topic, and STOPs the ACL or the reply-topic rule refuse never reaching the platform.
#include "labbroker.h"
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <csignal>
#include <memory>

namespace {

/// One headless rig (a hilstation child) and what it left behind.
struct Rig
{
    QTemporaryDir logDir, instances;
    QProcess process;

    void start(const QStringList &args)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HIL_INSTANCE_DIR"), instances.path());
        process.setProcessEnvironment(env);
        // The rig's own lines go to a file, printed only when the test fails: CI shows a part of a
        // failed test's output, and the FAIL line must not drown in passing rigs' lines.
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.setStandardOutputFile(logDir.filePath(QStringLiteral("rig-output.txt")));
        process.start(hil::testpaths::program(),
                      QStringList{"--headless", "--log-dir", logDir.path()} + args);
        process.waitForStarted();
    }
    /// SIGTERM: the clean exit (park, then the links close).
    bool finish()
    {
        process.terminate();
        return process.waitForFinished(20000) && process.exitCode() == 0;
    }
    ~Rig()
    {
        if (QTest::currentTestFailed())
            qInfo().noquote() << "the rig's output:\n" + QString::fromUtf8(read("rig-output.txt"));
        if (process.state() != QProcess::NotRunning) {
            ::kill(pid_t(process.processId()), SIGCONT);
            process.kill();
            process.waitForFinished();
        }
    }
    QByteArray read(const char *name) const
    {
        QFile f(logDir.filePath(QLatin1String(name)));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    QJsonObject labCounters() const
    {
        return QJsonDocument::fromJson(read("session.json"))
            .object()["links"]
            .toObject()["lab"]
            .toObject();
    }
};

/// A client started in the background: wait until it is subscribed, act, then collect.
struct Client
{
    QProcess process;
    void start(const QStringList &args)
    {
        process.start(LabBroker::python(), args);
        process.waitForStarted();
    }
    bool waitConnected()
    {
        for (int i = 0; i < 200; ++i) {
            if (process.canReadLine() || process.waitForReadyRead(100)) {
                // Keep the line: peek, parse the first line only.
                if (process.peek(4096).contains("\"connected\": true"))
                    return true;
                if (process.peek(4096).contains("connect_failed"))
                    return false;
            }
            if (process.state() == QProcess::NotRunning)
                return false;
        }
        return false;
    }
    ClientRun finish(int timeoutMs = 60000)
    {
        process.waitForFinished(timeoutMs);
        return parseClientOutput(process.readAllStandardOutput());
    }
    ~Client()
    {
        if (process.state() != QProcess::NotRunning) {
            process.kill();
            process.waitForFinished();
        }
    }
};

} // namespace

class TestLabRig : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void everyTopicOverTls();
    void lastWillAfterKill9();
    void lastWillAfterSigstop();
    void brokerRestartDeliversTheQueuedEvents();
    void instructorStopParksACueingPlatform();
    void refusedStopsNeverReachThePlatform();
    void brokerDownAtStartThenUp();
    void plaintextOffHostWarnsOnce();
    void pilotSticksInTheState();
    void rigCheckRetainedForTheInstructor();

private:
    ClientRun run(const QString &user, const QStringList &extra, bool tls = true)
    {
        return m_broker->runClient(user, extra, tls);
    }
    bool waitFor(const QString &rig, const QString &leaf, const QString &text, int seconds = 30)
    {
        return m_broker->waitFor(rig, leaf, text, seconds);
    }
    QStringList rigArgs(const QString &rig, bool tls = true) const;

    std::unique_ptr<LabBroker> m_broker;
};

void TestLabRig::initTestCase()
{
    for (const char *tool : {"mosquitto", "mosquitto_passwd", "mosquitto_rr", "openssl"})
        if (QStandardPaths::findExecutable(QLatin1String(tool)).isEmpty() &&
            !QFile::exists(QStringLiteral("/usr/sbin/") + QLatin1String(tool)))
            QFAIL(qPrintable(QStringLiteral("%1 is not installed (make deps)").arg(tool)));
    QProcess probe;
    probe.start(LabBroker::python(), {"-c", "import paho.mqtt.client"});
    QVERIFY2(probe.waitForFinished(20000) && probe.exitCode() == 0,
             "python3-paho-mqtt is not installed (make deps)");
}

void TestLabRig::init()
{
    m_broker = std::make_unique<LabBroker>();
    QVERIFY2(m_broker->setUp(), qPrintable(m_broker->lastError));
    QVERIFY2(m_broker->start(), qPrintable(m_broker->lastError));
}

void TestLabRig::cleanup()
{
    m_broker.reset();
}

QStringList TestLabRig::rigArgs(const QString &rig, bool tls) const
{
    QStringList a{
        "--rig", rig, "--lab-user", rig, "--lab-password-file", m_broker->passwordFile(rig)};
    if (tls)
        a << "--lab" << QStringLiteral("mqtts://127.0.0.1:%1").arg(m_broker->tlsPort) << "--lab-ca"
          << m_broker->file("ca.pem");
    else
        a << "--lab" << QStringLiteral("mqtt://127.0.0.1:%1").arg(m_broker->port);
    return a;
}

void TestLabRig::everyTopicOverTls()
{
    Rig rig;
    rig.start(
        QStringList{"--emulate", "flightaxis,raven", "--raven-mode", "cueing", "--lab-rate", "25"} +
        rigArgs("rig1"));
    QVERIFY(waitFor("rig1", "online", "\"online\":true"));
    QVERIFY(waitFor("rig1", "platform", "CUEING"));

    const ClientRun live =
        run("instructor", {"collect", "--topic", "hil/v1/rig1/#", "--seconds", "3"});
    QVERIFY2(live.connected, live.raw.constData());

    // state: AeroSim's envelope, a numeric Unix time "t", at most the asked rate.
    const QList<Message> state = live.on("state");
    QVERIFY2(state.size() >= 20, qPrintable(QString::number(state.size())));
    const double span = state.last().rx - state.first().rx;
    const double rate = (state.size() - 1) / span;
    QVERIFY2(rate > 10.0 && rate < 30.0, qPrintable(QString::number(rate)));
    const QRegularExpression numericT(QStringLiteral("\"t\":[0-9]"));
    for (const Message &m : {state.first(), state.last()}) {
        QVERIFY2(numericT.match(QString::fromUtf8(m.payload)).hasMatch(), m.payload.constData());
        const QJsonObject o = m.json();
        QVERIFY(o["t"].isDouble());
        QVERIFY(qAbs(o["t"].toDouble() - m.rx) < 5.0); // Unix time, not the physics time
        const QJsonObject meta = o["metadata"].toObject();
        QCOMPARE(meta["type_name"].toString(), QStringLiteral("aerosim::types::VehicleState"));
        QCOMPARE(meta["topic"].toString(), QStringLiteral("hil/v1/rig1/state"));
        for (const char *stamp : {"timestamp_sim", "timestamp_platform"}) {
            QVERIFY(meta[stamp].toObject()["sec"].isDouble());
            QVERIFY(meta[stamp].toObject()["nanosec"].isDouble());
        }
        QVERIFY(o["data"].toObject()["state"].toObject()["pose"].toObject().contains("position"));
        QVERIFY(o["hil"].toObject()["altitude_m"].isDouble());
    }

    // platform: the CUEING stand-in's reply at 10 Hz.
    const QList<Message> platform = live.on("platform");
    QVERIFY(platform.size() >= 10 && platform.size() <= 35);
    const QJsonObject p = platform.last().json();
    QCOMPARE(p["mode"].toString(), QStringLiteral("CUEING"));
    QCOMPARE(p["mode_id"].toInt(), 3);
    QCOMPARE(p["motors_ok"].toArray().size(), 6);
    QVERIFY(p["status_word"].isDouble());
    QVERIFY(p.contains("thermal"));
    QVERIFY(p["pose"].toObject()["heave_m"].isDouble());
    QVERIFY(p["t"].isDouble());

    // links: every link's state and counters with the descriptors' units, 2 Hz.
    const QList<Message> links = live.on("links");
    QVERIFY(links.size() >= 4 && links.size() <= 9);
    const QJsonObject l = links.last().json()["links"].toObject();
    QCOMPARE(l["raven"].toObject()["state"].toString(), QStringLiteral("up"));
    QVERIFY(l["raven"].toObject()["counters"].toObject().contains("frames_received"));
    QCOMPARE(l["raven"].toObject()["schema"].toObject()["rtt_ms_p50"].toObject()["unit"].toString(),
             QStringLiteral("ms"));
    QVERIFY(l.contains("flightaxis"));
    QVERIFY(l.contains("lab"));

    // A late subscriber gets the retained ones at once.
    const ClientRun late =
        run("instructor", {"collect", "--topic", "hil/v1/rig1/+", "--seconds", "1.5"});
    QList<Message> retained;
    for (const Message &m : late.messages)
        if (m.retain)
            retained << m;
    QStringList leaves;
    for (const Message &m : retained)
        leaves << m.topic.section(QLatin1Char('/'), -1);
    leaves.sort();
    QCOMPARE(leaves, (QStringList{"links", "online", "session"}));
    const QJsonObject session = late.on("session").first().json();
    QCOMPARE(session["folder"].toString(), QFileInfo(rig.logDir.path()).fileName());
    QCOMPARE(session["version"].toString(), QStringLiteral(HIL_VERSION));
    QCOMPARE(late.on("online").first().json()["online"].toBool(), true);

    // A clean exit says offline itself (retained), before the connection closes.
    Client watch;
    watch.start(m_broker->clientArgs("instructor") +
                QStringList{"collect", "--topic", "hil/v1/rig1/online", "--until",
                            "online=\"online\":false", "--seconds", "30"});
    QVERIFY(watch.waitConnected());
    QVERIFY(rig.finish());
    const ClientRun off = watch.finish();
    QVERIFY2(!off.timedOut, off.raw.constData());
    QCOMPARE(off.on("online").last().json()["reason"].toString(), QStringLiteral("exit"));

    // The events of the run went out (QoS 1), and no credential was written anywhere.
    const QJsonObject c = rig.labCounters();
    // More than the bound on unwritten messages: Paho reports them written, the bound drains.
    QVERIFY(c["state_published"].toInt() > 64);
    QVERIFY(c["unwritten"].toInt() < 64);
    QVERIFY(c["events_published"].toInt() > 0);
    QCOMPARE(c["events_dropped"].toInt(), 0);
    for (const char *f : {"session.json", "events.log"}) {
        QVERIFY(!rig.read(f).isEmpty());
        QVERIFY2(!rig.read(f).contains(LabBroker::password("rig1").toUtf8()), f);
    }
}

void TestLabRig::lastWillAfterKill9()
{
    Rig rig;
    rig.start(QStringList{"--emulate", "raven"} + rigArgs("rig2", false));
    QVERIFY(waitFor("rig2", "online", "\"online\":true"));
    Client watch;
    watch.start(m_broker->clientArgs("instructor") +
                QStringList{"collect", "--topic", "hil/v1/rig2/online", "--until",
                            "online=\"online\":false", "--seconds", "30"});
    QVERIFY(watch.waitConnected());
    rig.process.kill(); // SIGKILL: no goodbye; the broker sees the socket close
    rig.process.waitForFinished();
    const ClientRun r = watch.finish();
    QVERIFY2(!r.timedOut, r.raw.constData());
    QCOMPARE(r.on("online").last().json()["reason"].toString(), QStringLiteral("lost"));
    // Retained: a subscriber arriving later sees the rig offline.
    const ClientRun later =
        run("instructor", {"collect", "--topic", "hil/v1/rig2/online", "--seconds", "1"});
    QVERIFY(!later.on("online").isEmpty());
    QCOMPARE(later.on("online").last().json()["online"].toBool(), false);
}

void TestLabRig::lastWillAfterSigstop()
{
    Rig rig;
    rig.start(QStringList{"--emulate", "raven", "--lab-keepalive", "1"} + rigArgs("rig3"));
    QVERIFY(waitFor("rig3", "online", "\"online\":true"));
    Client watch;
    watch.start(m_broker->clientArgs("instructor") +
                QStringList{"collect", "--topic", "hil/v1/rig3/online", "--until",
                            "online=\"online\":false", "--seconds", "30"});
    QVERIFY(watch.waitConnected());
    // Frozen, the socket stays open: only the keep-alive's expiry (1.5 x 1 s) tells the broker.
    QCOMPARE(::kill(pid_t(rig.process.processId()), SIGSTOP), 0);
    const ClientRun r = watch.finish();
    ::kill(pid_t(rig.process.processId()), SIGCONT);
    QVERIFY2(!r.timedOut, r.raw.constData());
    QCOMPARE(r.on("online").last().json()["reason"].toString(), QStringLiteral("lost"));
}

void TestLabRig::brokerRestartDeliversTheQueuedEvents()
{
    // A persistent instructor session: the broker queues QoS 1 events for it while it is away.
    QVERIFY(run("instructor", {"collect", "--topic", "hil/v1/rig1/event", "--client-id",
                               "instructor-log", "--persistent", "--seconds", "0.5"})
                .connected);
    Rig rig;
    rig.start(QStringList{"--emulate", "flightaxis,raven"} + rigArgs("rig1", false));
    QVERIFY(waitFor("rig1", "online", "\"online\":true"));

    m_broker->stop();
    // Raised while the broker is away: --send stop's own event and the platform's STOP.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HIL_INSTANCE_DIR"), rig.instances.path());
    QProcess send;
    send.setProcessEnvironment(env);
    send.start(hil::testpaths::program(),
               {"--send", "stop", "--to", QString::number(rig.process.processId())});
    QVERIFY(send.waitForFinished(20000));
    QCOMPARE(send.exitCode(), 0);
    QTest::qWait(1000); // the state of this second is dropped (counted), the events are kept
    QVERIFY2(m_broker->start(), qPrintable(m_broker->lastError));

    const ClientRun r = run("instructor", {"collect", "--topic", "hil/v1/rig1/event", "--client-id",
                                           "instructor-log", "--persistent", "--until",
                                           "event=station.send_stop", "--seconds", "30"});
    QVERIFY2(!r.timedOut, r.raw.constData());
    QVERIFY(waitFor("rig1", "online", "\"online\":true")); // and it says so again, retained
    QVERIFY(rig.finish());
    const QJsonObject c = rig.labCounters();
    QVERIFY2(c["connects"].toInt() >= 2, qPrintable(QJsonDocument(c).toJson()));
    QVERIFY(c["connections_lost"].toInt() >= 1);
    QVERIFY(c["state_dropped"].toInt() > 0);
    QCOMPARE(c["events_dropped"].toInt(), 0);
}

void TestLabRig::instructorStopParksACueingPlatform()
{
    Rig rig;
    rig.start(QStringList{"--emulate", "raven", "--raven-mode", "cueing"} + rigArgs("rig1"));
    QVERIFY(waitFor("rig1", "platform", "CUEING"));

    const ClientRun r =
        run("instructor",
            {"stop", "--rig", "rig1", "--reply-topic", "hil/v1/rig1/cmd/reply/instructor-7",
             "--correlation", "c-42", "--payload", "{\"by\":\"instructor\"}", "--seconds", "15"});
    QVERIFY2(!r.timedOut, r.raw.constData());
    const QList<Message> replies = r.on("instructor-7");
    QCOMPARE(replies.size(), 1);
    QCOMPARE(replies.first().correlation, QStringLiteral("c-42"));
    QCOMPARE(replies.first().json()["ok"].toBool(), true);
    QCOMPARE(replies.first().json()["mode"].toString(), QStringLiteral("LEVEL BRAKE"));
    QVERIFY(waitFor("rig1", "platform", "LEVEL BRAKE", 10));

    // Mosquitto's own request/response client, on the plaintext listener.
    QProcess rr;
    rr.start(QStringLiteral("mosquitto_rr"),
             {"-V", "5", "-h", "127.0.0.1", "-p", QString::number(m_broker->port), "-u",
              "instructor", "-P", LabBroker::password("instructor"), "-t", "hil/v1/rig1/cmd/stop",
              "-e", "hil/v1/rig1/cmd/reply/rr", "-m", "{}", "-W", "15"});
    QVERIFY(rr.waitForFinished(30000));
    const QJsonObject rrReply =
        QJsonDocument::fromJson(rr.readAllStandardOutput().trimmed()).object();
    QCOMPARE(rrReply["ok"].toBool(), true);
    QCOMPARE(rrReply["mode"].toString(), QStringLiteral("LEVEL BRAKE"));

    QVERIFY(rig.finish());
    const QByteArray events = rig.read("events.log");
    QCOMPARE(events.count("STOP from the lab (instructor)"), 1);
    QCOMPARE(events.count("STOP from the lab"), 2);
    const QJsonObject c = rig.labCounters();
    QCOMPARE(c["stops_requested"].toInt(), 2);
    QCOMPARE(c["replies_sent"].toInt(), 2);
    QCOMPARE(c["commands_refused"].toInt(), 0);
}

void TestLabRig::refusedStopsNeverReachThePlatform()
{
    Rig rig;
    rig.start(QStringList{"--emulate", "raven", "--raven-mode", "cueing"} + rigArgs("rig1"));
    QVERIFY(waitFor("rig1", "platform", "CUEING"));

    // Not allowed by the ACL: another rig, and the rig's own user (it reads its cmd/, never
    // writes cmd/stop). The broker drops them; the rig never sees them. A reply takes
    // milliseconds on 127.0.0.1: each listens 0.75 s for one that must not come.
    for (const QString &user : {QStringLiteral("rig2"), QStringLiteral("rig1")}) {
        const ClientRun r =
            run(user, {"stop", "--rig", "rig1", "--client-id", user + "-intruder", "--reply-topic",
                       "hil/v1/" + user + "/cmd/reply/x", "--seconds", "0.75"});
        QVERIFY2(r.connected, r.raw.constData());
        QVERIFY(r.on("x").isEmpty());
    }
    // Allowed by the broker, refused by the rig: a payload that is not JSON (twice: logged
    // once), and a reply topic outside hil/v1/rig1/cmd/reply/.
    for (int i = 0; i < 2; ++i)
        QVERIFY(run("instructor", {"stop", "--rig", "rig1", "--payload", "STOP!", "--reply-topic",
                                   "hil/v1/rig1/cmd/reply/m", "--seconds", "0.75"})
                    .on("m")
                    .isEmpty());
    QVERIFY(run("instructor", {"stop", "--rig", "rig1", "--reply-topic",
                               "hil/v1/rig2/cmd/reply/elsewhere", "--seconds", "0.75"})
                .on("elsewhere")
                .isEmpty());

    // Still CUEING: nothing above stopped it.
    QVERIFY(waitFor("rig1", "platform", "CUEING", 5));
    QVERIFY(rig.finish());
    const QJsonObject c = rig.labCounters();
    QCOMPARE(c["commands_received"].toInt(), 3); // the ACL's refusals never arrived
    QCOMPARE(c["commands_refused"].toInt(), 3);
    QCOMPARE(c["stops_requested"].toInt(), 0);
    const QByteArray events = rig.read("events.log");
    QVERIFY(!events.contains("STOP from the lab"));
    QCOMPARE(events.count("command refused"), 2); // one line per kind, not per message
}

void TestLabRig::brokerDownAtStartThenUp()
{
    m_broker->stop();
    Rig rig;
    rig.start(
        QStringList{"--emulate", "raven", "--raven-mode", "cueing", "--lab-backoff-max", "0.5"} +
        rigArgs("rig1", false));
    // The rig runs without its broker: the platform stand-in is driven as usual.
    QTest::qWait(1500);
    QCOMPARE(rig.process.state(), QProcess::Running);
    QVERIFY2(m_broker->start(), qPrintable(m_broker->lastError));
    QVERIFY(waitFor("rig1", "online", "\"online\":true", 20));
    QVERIFY(waitFor("rig1", "platform", "CUEING", 10));
    QVERIFY(rig.finish());
    const QJsonObject c = rig.labCounters();
    QVERIFY(c["connect_failures"].toInt() >= 2); // retried, at most 0.5 s apart
    QCOMPARE(c["connects"].toInt(), 1);
    QCOMPARE(rig.read("events.log").count("lab: cannot connect"), 1); // once, not per retry
}

void TestLabRig::plaintextOffHostWarnsOnce()
{
    // The warning needs a broker whose address is not loopback, yet no packet of a test may leave
    // this machine: 0.0.0.0 as a destination is this host on Linux (the kernel connects it to
    // 127.0.0.1), so the rig reaches the test's own broker while its URL reads as off host. A
    // reconnect must not warn again.
    QStringList args = rigArgs("rig1", false);
    args[args.indexOf("--lab") + 1] = QStringLiteral("mqtt://0.0.0.0:%1").arg(m_broker->port);
    Rig rig;
    rig.start(QStringList{"--emulate", "raven", "--lab-backoff-max", "0.5"} + args);
    QVERIFY(waitFor("rig1", "online", "\"online\":true"));
    m_broker->stop();
    QTest::qWait(1000);
    QVERIFY2(m_broker->start(), qPrintable(m_broker->lastError));
    QVERIFY(waitFor("rig1", "online", "\"online\":true", 20));
    QVERIFY(rig.finish());
    QVERIFY(rig.labCounters()["connects"].toInt() >= 2);
    const QByteArray events = rig.read("events.log");
    QCOMPARE(events.count("without TLS"), 1);
    QVERIFY(events.contains("mqtt://0.0.0.0:"));
}

void TestLabRig::pilotSticksInTheState()
{
    // RealFlight's stand-in reports a transmitter held at roll a quarter right, pitch 0.8
    // forward, throttle 0.75; the input link flies it: the instructor reads the sticks in state.
    Rig rig;
    rig.start(QStringList{"--emulate", "flightaxis", "--pilot", "realflight",
                          "--flightaxis-standin-transmitter", "0.625,0.9,0.75,0.5", "--lab-rate",
                          "25"} +
              rigArgs("rig1"));
    const ClientRun r = run("instructor", {"collect", "--topic", "hil/v1/rig1/state", "--until",
                                           "state=\"pilot\"", "--seconds", "30"});
    QVERIFY2(!r.timedOut, r.raw.constData());
    const QJsonObject pilot = r.on("state").last().json()["pilot"].toObject();
    QVERIFY2(std::abs(pilot["roll"].toDouble() - 0.25) < 0.01 &&
                 std::abs(pilot["pitch"].toDouble() - 0.8) < 0.01 &&
                 std::abs(pilot["yaw"].toDouble()) < 0.01 &&
                 std::abs(pilot["throttle"].toDouble() - 0.75) < 0.01,
             QJsonDocument(pilot).toJson(QJsonDocument::Compact).constData());
    QVERIFY(pilot["buttons"].isDouble());
    QVERIFY2(!pilot["device"].toString().isEmpty(), r.raw.constData());
    // Without a pilot device the state carries no sticks.
    Rig plain;
    plain.start(QStringList{"--emulate", "flightaxis", "--lab-rate", "25"} + rigArgs("rig2"));
    const ClientRun q = run("instructor", {"collect", "--topic", "hil/v1/rig2/state", "--until",
                                           "state=\"hil\"", "--seconds", "30"});
    QVERIFY2(!q.timedOut, q.raw.constData());
    QVERIFY(!q.on("state").last().json().contains(QLatin1String("pilot")));
}

// A rig check's verdicts on the bus, retained: a late subscriber (python3-paho-mqtt) reads them
// after the rig has exited.
void TestLabRig::rigCheckRetainedForTheInstructor()
{
    Rig rig;
    rig.start(QStringList{"--emulate", "flightaxis,raven", "--rig-check",
                          rig.logDir.filePath("report"), "--rig-check-seconds", "2"} +
              rigArgs("rig1"));
    QVERIFY(rig.process.waitForFinished(60000));
    QCOMPARE(rig.process.exitCode(), 0); // warnings only: the axis check was never run
    const ClientRun late =
        run("instructor", {"collect", "--topic", "hil/v1/rig1/rigcheck", "--seconds", "1.5"});
    QVERIFY2(late.connected, late.raw.constData());
    const QList<Message> checks = late.on("rigcheck");
    QCOMPARE(checks.size(), 1);
    QVERIFY(checks.first().retain);
    const QJsonObject o = checks.first().json();
    QCOMPARE(o["rig"].toString(), QStringLiteral("rig1"));
    QCOMPARE(o["verdict"].toString(), QStringLiteral("warn"));
    QCOMPARE(o["fails"].toInt(), 0);
    QVERIFY(qAbs(o["time"].toDouble() - checks.first().rx) < 60.0); // Unix time of the check
    bool replies = false;
    for (const QJsonValue &v : o["checks"].toArray())
        replies = replies || (v.toObject()["check"].toString() == QLatin1String("raven.replies") &&
                              v.toObject()["verdict"].toString() == QLatin1String("pass"));
    QVERIFY2(replies, checks.first().payload.constData());
}

QTEST_GUILESS_MAIN(TestLabRig)
#include "tst_lab_rig.moc"
