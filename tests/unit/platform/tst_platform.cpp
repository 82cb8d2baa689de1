// The platform layer (lib/platform) against what the system itself reports: the loop thread's
// tuning and priority, the window thread's, the exit and STOP requests from outside, and the
// folders it names. The Windows build runs the same test under Wine (make windows-test).
#include "core/post.h"
#include "platform/platform.h"
#include "testplatform.h"

#include <QAbstractEventDispatcher>
#include <QDir>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QSysInfo>
#include <QThread>
#include <QtTest>
#include <atomic>
#include <thread>

using namespace hil;

class TestPlatform : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("HIL Station"));
        QCoreApplication::setApplicationName(QStringLiteral("hilstation"));
    }

    void nameIsTheSystemsOwn()
    {
        // QSysInfo asks the running system (under Wine: Windows), not the code under test.
        const QString expected =
            QSysInfo::productType() == QLatin1String("windows") ? "windows" : "linux";
        QCOMPARE(platform::name(), expected);
        QCOMPARE(platform::loopTuningKey(), testplatform::loopTuningKey());
    }

    void loopThreadIsTunedAndReleased()
    {
        platform::LoopTuning tuning;
        int priorityAfter = -100;
        const int priorityBefore = testplatform::currentThreadPriority();
        QThread thread;
        QObject inThread;
        inThread.moveToThread(&thread);
        thread.start();
        // runIn, not invokeMethod with a lambda: TSan sees its hand-over (docs/architecture.md).
        runIn(&inThread, [&] {
            tuning = platform::tuneLoopThread();
            priorityAfter = testplatform::currentThreadPriority();
            platform::releaseLoopThread();
            platform::releaseLoopThread(); // a second release is harmless
        });
        thread.quit();
        thread.wait();
        QCOMPARE(tuning.key, testplatform::loopTuningKey());
        QCOMPARE(tuning.value, testplatform::expectedLoopTuning());
        QCOMPARE(priorityAfter, testplatform::expectedLoopThreadPriority());
        // The tuning stays in its thread: this one is untouched.
        QCOMPARE(testplatform::currentThreadPriority(), priorityBefore);
    }

    // Link threads run Qt's own poll loop: GLib's wakes itself on every socket notifier change,
    // which with RealFlight's connection per request cost ~8 system calls per exchange (issue 22).
    void threadsRunQtsOwnEventLoop()
    {
        QThread thread;
        QObject inThread;
        inThread.moveToThread(&thread);
        thread.start();
        QByteArray dispatcher;
        runIn(&inThread, [&] {
            dispatcher = QAbstractEventDispatcher::instance()->metaObject()->className();
        });
        thread.quit();
        thread.wait();
        QCOMPARE(dispatcher, QByteArray(testplatform::expectedThreadDispatcher()));
    }

    void windowThreadGivesWay()
    {
        int reported = -100, seen = -100;
        std::thread t([&] {
            reported = platform::lowerWindowThread(platform::kDefaultWindowNice);
            seen = testplatform::currentThreadPriority();
        });
        t.join();
        const int expected =
            testplatform::expectedWindowThreadPriority(platform::kDefaultWindowNice);
        QCOMPARE(seen, expected);
        QCOMPARE(reported, testplatform::hasPosixSignals() ? expected : 0);
    }

    void terminationFromOutsideIsQueued()
    {
        platform::ExitSignals signals_;
        QSignalSpy terminate(&signals_, &platform::ExitSignals::terminationRequested);
        QSignalSpy stop(&signals_, &platform::ExitSignals::stopRequested);
        std::atomic<bool> returned{false};
        // CTRL_C_EVENT on Windows, SIGINT on Linux, from another thread as the system sends it.
        std::thread t([&] {
            platform::ExitSignals::simulate(0);
            returned = true;
        });
        QTRY_COMPARE_WITH_TIMEOUT(terminate.size(), 1, 5000); // delivered in this thread
        QCOMPARE(stop.size(), 0);
        signals_.notifyParked();
        t.join();
        QVERIFY(returned);
    }

    void stopSignal()
    {
        if (!testplatform::hasPosixSignals())
            QSKIP("no SIGUSR1 on Windows: `hilstation --send stop` is STOP (tst_instancechannel)");
        platform::ExitSignals signals_;
        QSignalSpy terminate(&signals_, &platform::ExitSignals::terminationRequested);
        QSignalSpy stop(&signals_, &platform::ExitSignals::stopRequested);
        platform::ExitSignals::simulate(-1);
        QTRY_COMPARE_WITH_TIMEOUT(stop.size(), 1, 5000);
        QCOMPARE(terminate.size(), 0);
    }

    // Windows: the console handler for a closed console (CTRL_CLOSE_EVENT = 2) returns only once
    // the program says it is parked; the process ends when it returns. Wine cannot close a
    // console under a running program, so the handler's own function is called, from another
    // thread as Windows does.
    void consoleCloseWaitsForThePark()
    {
        if (testplatform::hasPosixSignals())
            QSKIP("Windows' console handler: Linux parks on SIGTERM (tst_raven_exit)");
        platform::ExitSignals signals_;
        QSignalSpy terminate(&signals_, &platform::ExitSignals::terminationRequested);
        std::atomic<bool> returned{false};
        std::atomic<bool> result{false};
        std::thread t([&] {
            result = platform::ExitSignals::simulate(2);
            returned = true;
        });
        QTRY_COMPARE_WITH_TIMEOUT(terminate.size(), 1, 5000);
        QTest::qWait(500); // the park takes its time: the handler must still be waiting
        QVERIFY2(!returned, "the console handler let the process end before the park");
        signals_.notifyParked();
        t.join();
        QVERIFY(returned);
        QVERIFY(result); // TRUE: handled
    }

    void instanceFolderIsPerUserAppData()
    {
        qunsetenv("HIL_INSTANCE_DIR");
        const QString dir = QDir::cleanPath(platform::instanceDirectory());
        const QString appData =
            QDir::cleanPath(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation));
        QVERIFY2(dir.startsWith(appData + "/"), qPrintable(dir));
        QVERIFY2(!dir.startsWith(QDir::cleanPath(QDir::tempPath()) + "/"), qPrintable(dir));
        qputenv("HIL_INSTANCE_DIR", "/elsewhere");
        QCOMPARE(platform::instanceDirectory(), QStringLiteral("/elsewhere"));
        qunsetenv("HIL_INSTANCE_DIR");
    }

    void processes()
    {
        QCOMPARE(platform::processId(), QCoreApplication::applicationPid());
        QVERIFY(platform::processAlive(platform::processId()));
        QVERIFY(!platform::processAlive(0));
        // A process that has ended: a child we started and waited for.
        QProcess child;
        child.start(QCoreApplication::applicationFilePath(), {"-functions"});
        QVERIFY(child.waitForStarted());
        const qint64 pid = child.processId();
        QVERIFY(child.waitForFinished(30000));
        QVERIFY(!platform::processAlive(pid));
    }
};

QTEST_GUILESS_MAIN(TestPlatform)
#include "tst_platform.moc"
