// The lab's rig side on Windows: the Windows build (build-win/bin/hilstation-console.exe, under
// Wine) publishes to a private Mosquitto on Linux over TLS with a password and the ACL of
// docs/lab.md, and an instructor's STOP through the broker parks its CUEING platform stand-in.
// Checked only with independent clients (Debian's python3-paho-mqtt through labclient.py): the
// online message and its retained end, AeroSim's envelope with a numeric "t" on state, the reply
// with the correlation data. Proves Paho's and OpenSSL's Windows builds as we ship them (TLS
// handshake, MQTT 5 properties) and the Windows program's lab link; not Windows' own TLS stack or
// firewall (Wine uses Linux's sockets). Skipped without Wine or a Windows build (make windows).
#include "labbroker.h"
#include "winebuild.h"

#include <QFile>
#include <QtTest>

class TestLabWine : public QObject
{
    Q_OBJECT
private slots:
    void windowsRigPublishesAndObeysStop();
};

void TestLabWine::windowsRigPublishesAndObeysStop()
{
    const WineBuild win;
    if (!win.missing().isEmpty())
        QSKIP(qPrintable(win.missing()));

    LabBroker broker;
    QVERIFY2(broker.setUp(), qPrintable(broker.lastError));
    QVERIFY2(broker.start(), qPrintable(broker.lastError));

    // The instructor listens from before the rig starts, so the whole life of the rig's topics
    // is seen: online true first, online false (a clean exit, not the Last Will) last.
    QProcess watch;
    watch.start(LabBroker::python(),
                broker.clientArgs(QStringLiteral("instructor")) +
                    QStringList{"collect", "--topic", "hil/v1/rig2/#", "--until", "online=\"exit\"",
                                "--seconds", "150"});
    QVERIFY(watch.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(watch.peek(4096).contains("\"connected\": true"), 20000);

    QTemporaryDir logDir;
    QProcess rig;
    rig.setProcessChannelMode(QProcess::MergedChannels);
    rig.start(win.runner, {win.exe,
                           "--headless",
                           "--log-dir",
                           WineBuild::windowsPath(logDir.path()),
                           "--emulate",
                           "flightaxis,raven",
                           "--raven-mode",
                           "cueing",
                           "--duration",
                           "40",
                           "--lab",
                           QStringLiteral("mqtts://127.0.0.1:%1").arg(broker.tlsPort),
                           "--lab-ca",
                           WineBuild::windowsPath(broker.file("ca.pem")),
                           "--rig",
                           "rig2",
                           "--lab-user",
                           "rig2",
                           "--lab-password-file",
                           WineBuild::windowsPath(broker.passwordFile("rig2"))});
    QVERIFY(rig.waitForStarted());
    QVERIFY2(broker.waitFor("rig2", "platform", "CUEING", 90), rig.readAll().constData());

    const ClientRun stop = broker.runClient(
        QStringLiteral("instructor"),
        {"stop", "--rig", "rig2", "--reply-topic", "hil/v1/rig2/cmd/reply/wine-1", "--correlation",
         "w-1", "--payload", "{\"by\":\"instructor\"}", "--seconds", "20"});
    QVERIFY2(!stop.timedOut, stop.raw.constData());
    const QList<Message> replies = stop.on("wine-1");
    QCOMPARE(replies.size(), 1);
    QCOMPARE(replies.first().correlation, QStringLiteral("w-1"));
    QCOMPARE(replies.first().json()["ok"].toBool(), true);
    QCOMPARE(replies.first().json()["mode"].toString(), QStringLiteral("LEVEL BRAKE"));

    QVERIFY2(rig.waitForFinished(120000), "the Windows build did not end after --duration");
    const QByteArray out = rig.readAll();
    QVERIFY2(rig.exitCode() == 0, out.right(3000).constData());
    QVERIFY(watch.waitForFinished(30000));
    const ClientRun seen = parseClientOutput(watch.readAllStandardOutput());
    QVERIFY2(!seen.timedOut, seen.raw.right(3000).constData());

    const QList<Message> online = seen.on(QStringLiteral("online"));
    QVERIFY(online.size() >= 2);
    QCOMPARE(online.first().json()["online"].toBool(), true);
    QCOMPARE(online.last().json()["online"].toBool(), false);
    QCOMPARE(online.last().json()["reason"].toString(), QStringLiteral("exit"));
    const QList<Message> states = seen.on(QStringLiteral("state"));
    QVERIFY2(states.size() > 100, qPrintable(QString::number(states.size())));
    const QJsonObject state = states.last().json();
    QCOMPARE(state["metadata"].toObject()["type_name"].toString(),
             QStringLiteral("aerosim::types::VehicleState"));
    QVERIFY(state["t"].isDouble());
    QVERIFY(!seen.on(QStringLiteral("links")).isEmpty());
    QVERIFY(!seen.on(QStringLiteral("session")).isEmpty());
    bool braked = false;
    for (const Message &m : seen.on(QStringLiteral("platform")))
        braked = braked || m.payload.contains("LEVEL BRAKE");
    QVERIFY(braked);

    QFile events(logDir.filePath("events.log"));
    QVERIFY(events.open(QIODevice::ReadOnly));
    QCOMPARE(events.readAll().count("STOP from the lab (instructor)"), 1);
    std::printf("BENCH lab_wine_state_messages %lld\n", static_cast<long long>(states.size()));
}

QTEST_GUILESS_MAIN(TestLabWine)
#include "tst_labwine.moc"
