// No silent loss: the real `hilstation --headless` with a session folder it cannot create exits
// 3 before any link starts, with one line on stderr naming the folder and the reason.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

class TestSessionFolder : public QObject
{
    Q_OBJECT

    struct Run
    {
        int exitCode = -1;
        QByteArray err;
    };
    static Run run(const QString &logDir)
    {
        QProcess p;
        p.start(HILSTATION_BIN,
                {"--headless", "--emulate", "all", "--duration", "5", "--log-dir", logDir});
        Run r;
        if (!p.waitForFinished(30000)) {
            p.kill();
            p.waitForFinished();
            return r;
        }
        r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.err = p.readAllStandardError();
        return r;
    }

private slots:
    void uncreatableFolderExits3()
    {
        const Run r = run(QStringLiteral("/proc/x"));
        QCOMPARE(r.exitCode, 3);
        const QByteArray line = r.err.trimmed();
        QVERIFY2(!line.contains('\n'), r.err.constData()); // one line: no link started, none logged
        QVERIFY2(line.startsWith("hilstation: session folder /proc/x: cannot create the folder: "),
                 r.err.constData());
        QVERIFY(line.size() >
                int(sizeof "hilstation: session folder /proc/x: cannot create the folder: "));
    }

    void folderUnderAFileExits3()
    {
        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("plain-file")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        const QString folder = dir.filePath(QStringLiteral("plain-file/session"));
        const Run r = run(folder);
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.trimmed().count('\n') == 0, r.err.constData());
        QVERIFY2(r.err.contains(folder.toUtf8()), r.err.constData());
        QVERIFY(!QFileInfo::exists(folder));
    }

    void writableFolderRuns()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("a/b/session"));
        QProcess p;
        p.start(HILSTATION_BIN, {"--headless", "--duration", "0.5", "--log-dir", folder});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(QFileInfo::exists(folder + QStringLiteral("/session.json")));
        QVERIFY(!QFileInfo::exists(folder +
                                   QStringLiteral("/.hilstation-write-test"))); // probe removed
    }
};

QTEST_GUILESS_MAIN(TestSessionFolder)
#include "tst_sessionfolder.moc"
