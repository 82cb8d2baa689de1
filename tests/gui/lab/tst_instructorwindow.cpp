// The instructor window (ui/lab/instructorwindow.h) watching three real headless rigs through a
// private Mosquitto (tests/common/labbroker.h): a tile per rig, a rig killed with SIGKILL greys
// out (the broker's Last Will) and keeps its last values, and a click on one tile's STOP parks
// that rig's CUEING platform stand-in; a click on a tile plots that rig's state from the bus —
// checked by an independent client (python3-paho-mqtt) on the rig's platform topic — while the
// others keep CUEING.
#include "lab/labconfig.h"
#include "labbroker.h"
#include "testpaths.h"
#include "ui/lab/instructorwindow.h"

#include <qcustomplot.h>

#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>

using namespace hil;

class TestInstructorWindow : public QObject
{
    Q_OBJECT
private slots:
    void threeRigsOneKilledOneStopped();
};

void TestInstructorWindow::threeRigsOneKilledOneStopped()
{
    LabBroker broker;
    QVERIFY2(broker.setUp(), qPrintable(broker.lastError));
    QVERIFY2(broker.start(), qPrintable(broker.lastError));

    std::vector<std::unique_ptr<QProcess>> rigs;
    std::vector<std::unique_ptr<QTemporaryDir>> dirs;
    for (const char *name : {"rig1", "rig2", "rig3"}) {
        dirs.push_back(std::make_unique<QTemporaryDir>());
        auto p = std::make_unique<QProcess>();
        p->setProcessChannelMode(QProcess::ForwardedChannels);
        p->start(hil::testpaths::program(),
                 {"--headless", "--log-dir", dirs.back()->path(), "--emulate",
                  QLatin1String(name) == QLatin1String("rig1") ? "flightaxis,raven" : "raven",
                  "--raven-mode", "cueing", "--lab",
                  QStringLiteral("mqtt://127.0.0.1:%1").arg(broker.port), "--rig", name,
                  "--lab-user", name, "--lab-password-file", broker.passwordFile(name)});
        QVERIFY(p->waitForStarted());
        rigs.push_back(std::move(p));
    }

    lab::LabConfig config;
    QString why;
    QVERIFY(lab::parseBrokerUrl(QStringLiteral("mqtts://127.0.0.1:%1").arg(broker.tlsPort),
                                &config.broker, &why));
    config.rig = QStringLiteral("instructor");
    config.user = QStringLiteral("instructor");
    config.passwordFile = broker.passwordFile(QStringLiteral("instructor"));
    config.caFile = broker.file(QStringLiteral("ca.pem"));
    InstructorWindow window(config);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    QTRY_COMPARE_WITH_TIMEOUT(window.tileCount(), 3, 60000);
    for (const char *name : {"rig1", "rig2", "rig3"}) {
        QTRY_VERIFY_WITH_TIMEOUT(window.tile(name)->isOnline(), 30000);
    }
    for (const char *name : {"rig1", "rig2", "rig3"})
        QVERIFY(broker.waitFor(name, "platform", "CUEING", 30));

    // A click on rig1's tile plots its state from the bus (it flies on a RealFlight stand-in).
    QTest::mouseClick(window.tile("rig1"), Qt::LeftButton, {}, QPoint(5, 5));
    QTRY_VERIFY_WITH_TIMEOUT(window.plot()->graph(0)->dataCount() > 10, 20000);
    QVERIFY(window.plot()->graph(1)->dataCount() > 10);

    // rig2 dies: the broker's Last Will greys its tile out; its last values stay.
    rigs[1]->kill();
    rigs[1]->waitForFinished();
    QTRY_VERIFY_WITH_TIMEOUT(!window.tile("rig2")->isOnline(), 30000);
    QCOMPARE(window.tile("rig2")->palette().color(QPalette::Window), QColor(0xc8, 0xc8, 0xc8));
    QVERIFY(window.tile("rig1")->isOnline());

    // STOP on rig1's tile: rig1's platform shows LEVEL BRAKE, the tile shows the answer.
    auto *stop = window.findChild<QPushButton *>(QStringLiteral("stop_rig1"));
    QVERIFY(stop);
    QTest::mouseClick(stop, Qt::LeftButton);
    QVERIFY(broker.waitFor("rig1", "platform", "LEVEL BRAKE", 20));
    auto *answer = window.tile("rig1")->findChild<QLabel *>(QStringLiteral("stopAnswer"));
    QTRY_VERIFY_WITH_TIMEOUT(answer->text().contains(QStringLiteral("LEVEL BRAKE")), 20000);
    QVERIFY(broker.waitFor("rig3", "platform", "CUEING", 10)); // the others untouched

    // rig4 runs the rig check and exits: its tile shows the check's light, counts and age from
    // the retained rigcheck topic.
    QTemporaryDir checkDir;
    QProcess checker;
    checker.setProcessChannelMode(QProcess::ForwardedChannels);
    checker.start(hil::testpaths::program(),
                  {"--log-dir", checkDir.filePath("session"), "--emulate", "raven", "--rig-check",
                   checkDir.filePath("report"), "--rig-check-seconds", "2", "--lab",
                   QStringLiteral("mqtt://127.0.0.1:%1").arg(broker.port), "--rig", "rig4",
                   "--lab-user", "rig4", "--lab-password-file", broker.passwordFile("rig4")});
    QVERIFY(checker.waitForFinished(60000));
    QCOMPARE(checker.exitCode(), 0); // warnings only: the axis check was never run
    QTRY_VERIFY_WITH_TIMEOUT(window.tile("rig4") != nullptr, 20000);
    auto *check = window.tile("rig4")->findChild<QLabel *>(QStringLiteral("rigCheck_rig4"));
    QVERIFY(check);
    QTRY_VERIFY_WITH_TIMEOUT(
        check->text().contains(QStringLiteral("Rig check: failed 0 · warnings")), 20000);
    QVERIFY2(check->text().contains(QStringLiteral(" s ago")), qPrintable(check->text()));
    QVERIFY(window.findChild<QLabel *>(QStringLiteral("rigCheck_rig1"))
                ->text()
                .contains(QStringLiteral("Rig check: none")));

    // docs/lab.md's picture (docs/screenshots/instructor-window.png is a copy of this).
    window.resize(1000, 420);
    QTest::qWait(300);
    QDir().mkpath(hil::testpaths::binaryDir() + QStringLiteral("/screenshots"));
    QVERIFY(window.grab().save(hil::testpaths::binaryDir() +
                               QStringLiteral("/screenshots/instructor-window.png")));

    for (auto &p : rigs)
        if (p->state() != QProcess::NotRunning) {
            p->terminate();
            p->waitForFinished(20000);
        }
}

QTEST_MAIN(TestInstructorWindow)
#include "tst_instructorwindow.moc"
