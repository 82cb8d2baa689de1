// Replay panel and Links panel wiring, offscreen: a session written by SessionRecorder replayed
// into the telemetry hub at 4×, seek, motion routing only after confirmation; the raven emulator
// and link started from the Links panel's signals.
#include "core/workerhost.h"
#include "session/sessionrecorder.h"
#include "station/station.h"
#include "telemetry/telemetryhub.h"
#include "ui/mainwindow.h"
#include "ui/panels/linkspanel.h"
#include "ui/panels/replaypanel.h"

#include <QCheckBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QtTest>

using namespace hil;

namespace {

void recordSession(const QString &folder, int frames, double rateHz)
{
    auto *rec = new SessionRecorder(folder, [] { return QJsonObject{}; });
    WorkerHost host(rec);
    QVERIFY(host.start(nullptr));
    for (int i = 0; i < frames; ++i) {
        SimFrame f;
        f.physicsTimeS = i / rateHz;
        f.vehicle.state.pose.position = {0.0, 0.0, -0.01 * i};
        rec->recordState(f, ChannelFrame{});
    }
    host.stop();
}

std::size_t hubSamples(TelemetryHub *hub)
{
    std::size_t n = 0;
    for (const auto &s : hub->seriesList())
        n += hub->sampleCount(hub->find(s.name));
    return n;
}

bool simFresh(Station &s)
{
    return s.snapshot()["links"].toObject()["raven"].toObject().value("sim_fresh").toBool();
}

} // namespace

class TestReplayPanel : public QObject
{
    Q_OBJECT
private slots:
    void replayFeedsPlotsAndSeeks();
    void motionOnlyAfterConfirmation();
    void linksPanelStartsRaven();
};

void TestReplayPanel::replayFeedsPlotsAndSeeks()
{
    QTemporaryDir rec, live;
    recordSession(rec.path(), 400, 100.0); // 4 s at 100 Hz
    StationOptions o;
    o.logDir = live.path();
    Station s(o);
    QString error;
    QVERIFY2(s.start(&error), qPrintable(error));
    MainWindow w(&s);
    auto *panel = qobject_cast<ReplayPanel *>(w.panel(QStringLiteral("replayPanel")));
    QVERIFY(panel);
    QVERIFY(panel->openPath(rec.path()));
    QVERIFY(s.replay());
    QTRY_COMPARE(panel->endS() > 3.9, true);
    const std::size_t before = hubSamples(s.telemetry());
    panel->setSpeed(4.0);
    panel->play();
    QTRY_VERIFY(panel->isPlaying());
    QTRY_VERIFY_WITH_TIMEOUT(hubSamples(s.telemetry()) > before + 100, 10000);
    panel->pause();
    QTRY_VERIFY(!panel->isPlaying());
    panel->seek(2.0);
    QTRY_VERIFY_WITH_TIMEOUT(std::abs(panel->positionS() - 2.0) < 0.05, 5000);
    auto *label = panel->findChild<QLabel *>(QStringLiteral("replayPosition"));
    QVERIFY(label->text().startsWith(QStringLiteral("0:02")));
    // Export a range of one column.
    panel->findChild<QLineEdit *>(QStringLiteral("replayColumns"))
        ->setText(QStringLiteral("position/d"));
    const QString out = live.filePath(QStringLiteral("export.csv"));
    const qint64 rows = panel->exportTo(out);
    QVERIFY2(rows >= 390, qPrintable(QString::number(rows)));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readLine().trimmed(), QByteArray("time_s,position/d"));
    s.stopReplay();
    QVERIFY(!s.replay());
    s.stop();
}

void TestReplayPanel::motionOnlyAfterConfirmation()
{
    QTemporaryDir rec, live;
    recordSession(rec.path(), 2000, 100.0); // 20 s: still playing while the test looks
    StationOptions o;
    o.logDir = live.path();
    o.emulate = {QStringLiteral("raven")};
    Station s(o);
    QString error;
    QVERIFY2(s.start(&error), qPrintable(error));
    MainWindow w(&s);
    auto *panel = qobject_cast<ReplayPanel *>(w.panel(QStringLiteral("replayPanel")));
    int asked = 0;
    bool answer = false;
    panel->setConfirmHook([&] {
        ++asked;
        return answer;
    });
    QVERIFY(panel->openPath(rec.path()));
    panel->play();
    QTRY_VERIFY(panel->isPlaying());
    QTest::qWait(500);
    QVERIFY(!simFresh(s));                // plots only: the platform gets nothing
    QVERIFY(!panel->setIntoMotion(true)); // operator said no
    QCOMPARE(asked, 1);
    QVERIFY(!s.replayIntoMotion());
    QTest::qWait(300);
    QVERIFY(!simFresh(s));
    answer = true;
    QVERIFY(panel->setIntoMotion(true));
    QCOMPARE(asked, 2);
    QVERIFY(s.replayIntoMotion());
    QTRY_VERIFY_WITH_TIMEOUT(simFresh(s), 5000);
    // STOP from outside the window (SIGUSR1 calls the Station directly) takes the replay off
    // the platform, and the panel's box follows: the next replay needs a new confirmation.
    auto *box = w.findChild<QCheckBox *>(QStringLiteral("replayIntoMotion"));
    QVERIFY(box && box->isChecked());
    s.emergencyStop();
    QVERIFY(!s.replayIntoMotion());
    QVERIFY(!box->isChecked());
    QVERIFY(panel->openPath(rec.path()));
    QVERIFY(!s.replayIntoMotion());
    QCOMPARE(asked, 2);
    s.stop();
}

void TestReplayPanel::linksPanelStartsRaven()
{
    QTemporaryDir live;
    StationOptions o;
    o.logDir = live.path();
    Station s(o);
    QString error;
    QVERIFY2(s.start(&error), qPrintable(error));
    MainWindow w(&s);
    auto *links = qobject_cast<LinksPanel *>(w.panel(QStringLiteral("linksPanel")));
    QVERIFY(links);
    emit links->emulatorRequested(QStringLiteral("raven"), true);
    QVERIFY(s.isEmulatorRunning(QStringLiteral("raven")));
    emit links->connectRequested(QStringLiteral("raven"), links->address(QStringLiteral("raven")));
    QTRY_VERIFY_WITH_TIMEOUT(s.isLinkRunning(QStringLiteral("raven")),
                             5000); // Connect is asynchronous
    QTRY_COMPARE_WITH_TIMEOUT(
        s.snapshot()["links"].toObject()["raven"].toObject().value("state").toString(),
        QStringLiteral("up"), 10000);
    emit links->disconnectRequested(QStringLiteral("raven"));
    QVERIFY(!s.isLinkRunning(QStringLiteral("raven")));
    emit links->emulatorRequested(QStringLiteral("raven"), false);
    QVERIFY(!s.isEmulatorRunning(QStringLiteral("raven")));
    QVERIFY(w.currentError().isEmpty());
    s.stop();
}

QTEST_MAIN(TestReplayPanel)
#include "tst_replaypanel.moc"
