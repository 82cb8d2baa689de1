// `hilstation --send`: the instance channel (station/instancechannel.h) on real local sockets
// (Linux) and named pipes (Windows, under Wine). send() blocks, as in the one-shot --send process:
// it runs in a thread of its own here while this thread serves.
#include "platform/platform.h"
#include "station/instancechannel.h"

#include <QDir>
#include <QFile>
#include <QLocalSocket>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <atomic>
#include <thread>

using namespace hil;

class TestInstanceChannel : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    /// send() in another thread while this one runs its event loop (the server's).
    static InstanceChannel::SendResult sendServed(InstanceChannel::Command command,
                                                  qint64 toPid = 0)
    {
        InstanceChannel::SendResult r;
        std::atomic<bool> done{false};
        std::thread t([&] {
            r = InstanceChannel::send(command, toPid, 5000, true);
            done = true;
        });
        while (!done) // send() has its own timeouts: this ends
            QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        t.join();
        return r;
    }

private slots:
    void init()
    {
        QVERIFY(m_dir.isValid());
        qputenv("HIL_INSTANCE_DIR", m_dir.path().toUtf8());
        for (const QString &f : QDir(m_dir.path()).entryList(QDir::Files))
            QFile::remove(m_dir.filePath(f));
    }

    void announcesItselfAndCleansUp()
    {
        const QString file =
            m_dir.filePath(QStringLiteral("%1.instance").arg(platform::processId()));
        {
            InstanceChannel channel;
            QString error;
            QVERIFY2(channel.listen(&error), qPrintable(error));
            QFile f(file);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QCOMPARE(QString::fromUtf8(f.readAll()).trimmed(), channel.serverName());
        }
        QVERIFY(!QFile::exists(file));
    }

    void stopReachesTheInstance()
    {
        InstanceChannel channel;
        QString error;
        QVERIFY2(channel.listen(&error), qPrintable(error));
        QSignalSpy stop(&channel, &InstanceChannel::stopRequested);
        QSignalSpy quit(&channel, &InstanceChannel::quitRequested);
        const auto r = sendServed(InstanceChannel::Command::Stop);
        QCOMPARE(r.reached, QList<qint64>{platform::processId()});
        QVERIFY(r.failures.isEmpty());
        QCOMPARE(stop.size(), 1);
        QCOMPARE(quit.size(), 0);
    }

    void quitToOnePid()
    {
        InstanceChannel channel;
        QString error;
        QVERIFY2(channel.listen(&error), qPrintable(error));
        QSignalSpy quit(&channel, &InstanceChannel::quitRequested);
        const auto r = sendServed(InstanceChannel::Command::Quit, platform::processId());
        QCOMPARE(r.reached.size(), 1);
        QCOMPARE(quit.size(), 1);
    }

    void noInstanceReachesNone()
    {
        const auto r = sendServed(InstanceChannel::Command::Stop);
        QVERIFY(r.reached.isEmpty());
        QVERIFY(r.failures.isEmpty());
        const auto one = sendServed(InstanceChannel::Command::Quit, 999999);
        QVERIFY(one.reached.isEmpty());
        QCOMPARE(one.failures.size(), 1); // named, so said
    }

    void staleFileIsRemoved()
    {
        // A process that has ended: its file stays behind (a crash), naming a dead server.
        QProcess child;
        child.start(QCoreApplication::applicationFilePath(), {"-functions"});
        QVERIFY(child.waitForStarted());
        const qint64 pid = child.processId();
        QVERIFY(child.waitForFinished(30000));
        const QString stale = m_dir.filePath(QStringLiteral("%1.instance").arg(pid));
        QFile f(stale);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(platform::instanceServerName(pid).toUtf8() + '\n');
        f.close();
        const auto r = sendServed(InstanceChannel::Command::Stop);
        QVERIFY(r.reached.isEmpty());
        QCOMPARE(r.staleRemoved, 1);
        QVERIFY(!QFile::exists(stale));
    }

    void foreignInputIsRefused()
    {
        InstanceChannel channel;
        QString error;
        QVERIFY2(channel.listen(&error), qPrintable(error));
        QSignalSpy stop(&channel, &InstanceChannel::stopRequested);
        QSignalSpy quit(&channel, &InstanceChannel::quitRequested);
        // An unknown word gets an answer saying so ...
        QLocalSocket s;
        s.connectToServer(channel.serverName());
        QVERIFY(s.waitForConnected(5000));
        s.write("reboot\n");
        QTRY_VERIFY_WITH_TIMEOUT(s.canReadLine(), 5000);
        QCOMPARE(s.readLine().trimmed(), QByteArray("error unknown command"));
        // ... a long line without an end is cut off, and neither moves anything.
        QLocalSocket flood;
        flood.connectToServer(channel.serverName());
        QVERIFY(flood.waitForConnected(5000));
        flood.write(QByteArray(4096, 's'));
        QTRY_COMPARE_WITH_TIMEOUT(flood.state(), QLocalSocket::UnconnectedState, 5000);
        QCOMPARE(stop.size(), 0);
        QCOMPARE(quit.size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestInstanceChannel)
#include "tst_instancechannel.moc"
