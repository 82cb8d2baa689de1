#pragma once
// A pseudo-terminal pair from socat (Debian's socat), as a USB serial cable without hardware:
// dir/a and dir/b are symlinks to the two /dev/pts nodes; stop() makes both disappear, as a pulled
// cable's device node does. Used by tst_px4hitl and tst_px4hitl_wine.
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QtTest>

class PtyPair
{
public:
    explicit PtyPair(const QString &dir) : m_dir(dir) {}
    ~PtyPair() { stop(); }
    QString a() const { return m_dir + QStringLiteral("/a"); }
    QString b() const { return m_dir + QStringLiteral("/b"); }
    bool start()
    {
        const QString socat = QStandardPaths::findExecutable(QStringLiteral("socat"));
        if (socat.isEmpty())
            return false;
        m_process.start(socat, {QStringLiteral("pty,raw,echo=0,link=") + a(),
                                QStringLiteral("pty,raw,echo=0,link=") + b()});
        if (!m_process.waitForStarted(5000))
            return false;
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 5000) {
            if (QFileInfo::exists(a()) && QFileInfo::exists(b()))
                return true;
            QTest::qWait(20);
        }
        return false;
    }
    /// Ends socat: both pty nodes go away, as a pulled USB cable's device node does.
    void stop()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        m_process.terminate();
        if (!m_process.waitForFinished(5000)) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }
    qint64 pid() const { return m_process.processId(); }

private:
    QString m_dir;
    QProcess m_process;
};
