// No silent loss: the real `hilstation --headless` with a session folder it cannot create exits
// 3 before any link starts, with one line on stderr naming the folder and the reason. And where
// the folder goes, what its files are called and how their lines end are the same on Linux and
// Windows (the Windows build runs this under Wine).
#include "testpaths.h"
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "testplatform.h"

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
        p.start(hil::testpaths::program(),
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
        p.start(hil::testpaths::program(),
                {"--headless", "--duration", "0.5", "--log-dir", folder});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(QFileInfo::exists(folder + QStringLiteral("/session.json")));
        QVERIFY(!QFileInfo::exists(folder +
                                   QStringLiteral("/.hilstation-write-test"))); // probe removed
    }

    // Without --log-dir: the per-user, per-machine application data (Linux ~/.local/share, here
    // XDG_DATA_HOME; Windows %LOCALAPPDATA%, not the roaming profile, which a domain copies to a
    // server at every logoff, and not the temporary folder, which cleanup tools empty).
    void defaultFolderIsPerUserLocalAppData()
    {
        QTemporaryDir home;
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"),
                   home.path()); // Linux only; Windows asks the shell
        p.setProcessEnvironment(env);
        p.start(hil::testpaths::program(), {"--headless", "--duration", "0.5"});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        const QByteArray out = p.readAllStandardOutput() + p.readAllStandardError();
        const QString base = hil::testplatform::userDataFolder(home.path());
        const QString sessions = base + QStringLiteral("/HIL Station/hilstation/sessions");
        const QStringList made = QDir(sessions).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        QVERIFY2(!made.isEmpty(), qPrintable(sessions + ": no session folder\n" + out));
        const QString folder = sessions + "/" + made.last();
        QVERIFY(QFileInfo::exists(folder + "/session.json"));
        const QString temp = QDir::cleanPath(QDir::tempPath()) + "/";
        if (!base.startsWith(temp)) // Linux here: XDG_DATA_HOME is the test's own, under temp
            QVERIFY2(!folder.startsWith(temp), qPrintable(folder)); // Windows: %TEMP% is below
                                                                    // %LOCALAPPDATA%
        QVERIFY(!folder.contains(QStringLiteral("Roaming")));
        QDir(folder).removeRecursively(); // leave the user's folder as found
    }

    // Every file name is valid on Windows (no ':' and the like) and no line of a text file ends
    // in CR LF (mavlink.tlog is binary: its bytes may be anything).
    void filesAreTheSameOnEverySystem()
    {
        QTemporaryDir dir;
        QProcess p;
        p.start(hil::testpaths::program(),
                {"--headless", "--emulate", "all", "--duration", "3", "--log-dir", dir.path()});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        int files = 0;
        QDirIterator it(dir.path(), QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            const QString name = it.fileName();
            QVERIFY2(!name.contains(QRegularExpression(QStringLiteral("[<>:\"|?*\\\\]"))),
                     qPrintable(name));
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const bool text =
                QRegularExpression(QStringLiteral("\\.(csv|log|json|txt)$")).match(name).hasMatch();
            if (text)
                QVERIFY2(!f.readAll().contains('\r'), qPrintable(name + ": CR in a file of ours"));
            ++files;
        }
        QVERIFY2(files >= 4, "session.json, events.log, state.csv and more expected");
        QFile json(dir.filePath("session.json"));
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(json.readAll()).object();
        QCOMPARE(o["platform"].toString(),
                 QSysInfo::productType() == QLatin1String("windows") ? "windows" : "linux");
    }
};

QTEST_GUILESS_MAIN(TestSessionFolder)
#include "tst_sessionfolder.moc"
