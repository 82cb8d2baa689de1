// The station wiring: `hilstation --headless --emulate raven` talks to its built-in platform,
// reports links.raven in session.json and never changes the platform's mode by itself;
// --raven-mode asks once. A platform whose last axis check failed (the store says heave moved
// roll) gets CUEING when --raven-mode asks for it, but neutral cues only, and stderr and
// events.log say why.
#include "core/post.h"
#include "core/workerhost.h"
#include "headlessrun.h"
#include "raven/axischeckstore.h"
#include "raven/cueing.h"
#include "raven/ravenemulator.h"
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <QtTest>

namespace {
QJsonObject runSession(const QStringList &extra, QString *log)
{
    const HeadlessSession r =
        runHeadless(QStringList{"--emulate", "raven", "--duration", "2"} + extra);
    if (!r.ok)
        qWarning() << r.stderrText;
    *log = QString::fromUtf8(r.events);
    return r.ok ? r.json : QJsonObject{};
}
} // namespace

class TestRavenHeadless : public QObject
{
    Q_OBJECT
private slots:
    void emulatedPlatformAnswersModeStaysOff();
    void unattendedModeRequested();
    void failedAxisCheckHoldsCuesNeutral();
    void slowExchangesHoldCuesAndCountInSessionJson();
};

void TestRavenHeadless::emulatedPlatformAnswersModeStaysOff()
{
    QString log;
    const QJsonObject s = runSession({}, &log);
    const QJsonObject raven = s["links"].toObject()["raven"].toObject();
    QVERIFY2(!raven.isEmpty(), "links.raven missing");
    QVERIFY(raven["frames_received"].toDouble() > 0);
    QVERIFY(raven["frames_sent"].toDouble() > 0);
    QCOMPARE(raven["mode"].toString(), QString("OFF"));
    QCOMPARE(raven["mode_requests"].toDouble(), 0.0);
    QCOMPARE(raven["motors_ok"].toArray().size(), 6);
    QCOMPARE(raven["crc_errors"].toDouble(), 0.0);
    QVERIFY(raven["listen_port"].toInt() > 0);
    QCOMPARE(s["emulators"].toObject()["emulator.raven"].toObject()["mode"].toString(),
             QString("OFF"));
    QVERIFY(log.contains("raven\tplatform answered"));
}

void TestRavenHeadless::unattendedModeRequested()
{
    QString log;
    const QJsonObject s = runSession({"--raven-mode", "level-brake", "--raven-frame", "5"}, &log);
    const QJsonObject raven = s["links"].toObject()["raven"].toObject();
    QCOMPARE(raven["mode"].toString(), QString("LEVEL BRAKE"));
    QCOMPARE(raven["frame"].toInt(), 5);
    QVERIFY(log.contains("--raven-mode"));
}

void TestRavenHeadless::failedAxisCheckHoldsCuesNeutral()
{
    using namespace hil;
    using namespace hil::raven;
    // The platform stand-in lives in this test, so it sees every cue the program sends.
    auto *emu = new RavenEmulator(0);
    WorkerHost host(emu);
    QString err;
    QVERIFY2(host.start(&err), qPrintable(err));
    quint16 port = 0;
    runIn(emu, [&] { port = emu->port(); }); // before the fork, in its own thread (TSan)
    QTemporaryDir dir;
    const QString store = dir.filePath(QStringLiteral("axischeck.ini"));
    AxisCheckStore(store).recordOutcome(AxisCheckStore::address(QStringLiteral("127.0.0.1"), port),
                                        AxHeave, AxisOutcome::Crossed, AxRoll, 5);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HIL_AXIS_CHECK_STORE"), store); // the window's store, isolated
    const HeadlessSession r = runHeadless({"--emulate", "flightaxis,px4", "--raven",
                                           QStringLiteral("127.0.0.1:%1").arg(port), "--raven-mode",
                                           "cueing", "--duration", "8"},
                                          60000, env);
    QVERIFY2(r.ok, r.stderrText.constData());
    const QByteArray why = "simulator cues held at neutral: a heave test cue moved roll";
    QVERIFY2(r.stderrText.contains(why), r.stderrText.constData());
    QCOMPARE(r.events.count(why), 1); // once, not per packet
    QVERIFY2(r.events.contains("platform mode CUEING"), r.events.constData()); // not refused
    QCOMPARE(r.link("raven")["axis_hold"].toBool(), true);
    // The flight's cues (frame 21) would be far from neutral; every one the platform got is 0.
    const auto history = emu->cueHistory();
    QVERIFY2(history.size() > 100, qPrintable(QString::number(history.size())));
    for (const auto &rec : history)
        for (std::size_t w = 0; w < 8; ++w)
            QVERIFY2(rec.words[w] == 0,
                     qPrintable(QStringLiteral("word %1 = %2").arg(w).arg(rec.words[w])));
}

void TestRavenHeadless::slowExchangesHoldCuesAndCountInSessionJson()
{
    // RealFlight's exchanges limited to 20 a second (a PC that cannot keep up): too few new
    // states for a cue. The loop guard holds the cues at neutral in CUEING (no mode change), says
    // so once, and session.json counts the episode; the PX4 link's loop counts reach the motion
    // link through the Station meanwhile.
    const HeadlessSession r = runHeadless({"--emulate", "all", "--raven-mode", "cueing",
                                           "--flightaxis-max-rate", "20", "--duration", "5"},
                                          60000);
    QVERIFY2(r.ok, r.stderrText.constData());
    const QJsonObject raven = r.link("raven");
    QCOMPARE(raven["loop_guard_episodes"].toDouble(), 1.0);
    QCOMPARE(raven["end_stop_episodes"].toDouble(), 0.0);
    QVERIFY(raven["px4_loop_reports"].toDouble() > 5); // every 200 ms from the PX4 link
    QCOMPARE(r.events.count("loop degraded: "), 1);
    QVERIFY2(r.events.contains("new simulator states/s (at least 30)"), r.events.constData());
    QVERIFY2(r.stderrText.contains("loop degraded"), r.stderrText.constData());
    QVERIFY2(r.events.contains("platform mode CUEING"), r.events.constData()); // not refused
    // No mode change before the exit parks it.
    const qsizetype brake = r.events.indexOf("platform mode LEVEL BRAKE");
    QVERIFY2(brake < 0 || brake > r.events.indexOf("exit: cues ramping"), r.events.constData());
}

QTEST_GUILESS_MAIN(TestRavenHeadless)
#include "tst_raven_headless.moc"
