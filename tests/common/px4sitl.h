#pragma once
// A real PX4 SITL for tests: found through PX4_SITL_DIR (default ../shared/px4-sitl beside the
// source folder), started as one instance with its own working folder, stopped at the end.
//
// PX4 runs its shell commands (px4-param, px4-commander, ...) as links to its own binary found
// on PATH next to it. A copy whose links were flattened into small files holding "px4" cannot
// start (its start script fails with "Permission denied"), so the test builds a private tree
// in its temporary folder: bin/px4 and one symbolic link per command, etc/ linked to the real
// one. Nothing in the SITL folder is written.
#include "testpaths.h"
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <QtGlobal>

class Px4Sitl
{
public:
    /// The SITL folder, or empty when there is none (the caller skips).
    static QString findDir()
    {
        QString dir = qEnvironmentVariable("PX4_SITL_DIR");
        if (dir.isEmpty())
            dir = hil::testpaths::sourceDir() + QStringLiteral("/../shared/px4-sitl");
        return QFileInfo::exists(dir + QStringLiteral("/bin/px4")) &&
                       QFileInfo::exists(dir + QStringLiteral("/etc"))
                   ? QDir(dir).absolutePath()
                   : QString();
    }

    explicit Px4Sitl(int instance) : m_instance(instance) {}
    ~Px4Sitl() { stop(); }

    int instance() const { return m_instance; }
    quint16 simulatorPort() const { return quint16(4560 + m_instance); }
    quint16 gcsPort() const { return quint16(18570 + m_instance); }
    QString log() const
    {
        QFile f(m_tmp.path() + QStringLiteral("/work/px4.log"));
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }

    /// Builds the private tree and starts PX4 (it then connects to 127.0.0.1:simulatorPort()).
    bool start(const QString &sitlDir, QString *error)
    {
        const QString root = m_tmp.path() + QStringLiteral("/sitl");
        const QString work = m_tmp.path() + QStringLiteral("/work");
        if (!QDir().mkpath(root + QStringLiteral("/bin")) || !QDir().mkpath(work)) {
            *error = QStringLiteral("cannot make %1").arg(root);
            return false;
        }
        QFile::link(sitlDir + QStringLiteral("/etc"), root + QStringLiteral("/etc"));
        QFile::link(sitlDir + QStringLiteral("/bin/px4"), root + QStringLiteral("/bin/px4"));
        const QDir bin(sitlDir + QStringLiteral("/bin"));
        for (const QFileInfo &fi :
             bin.entryInfoList({QStringLiteral("px4-*")}, QDir::Files | QDir::System)) {
            const QString dst = root + QStringLiteral("/bin/") + fi.fileName();
            QFile f(fi.filePath());
            const bool flattened = !fi.isSymLink() && fi.size() < 16 &&
                                   f.open(QIODevice::ReadOnly) && f.readAll().trimmed() == "px4";
            QFile::link(flattened ? QStringLiteral("px4") : fi.absoluteFilePath(), dst);
        }
        // A run that crashed may have left this instance's server behind; the instance is this
        // test's own (CTest resource lock), so ask that one to shut down first.
        {
            QProcess quiet; // "PX4 server not running" is the usual answer: not worth printing
            quiet.setProcessChannelMode(QProcess::MergedChannels);
            quiet.start(QStringLiteral("timeout"),
                        {QStringLiteral("5"), root + QStringLiteral("/bin/px4-shutdown"),
                         QStringLiteral("--instance"), QString::number(m_instance)});
            quiet.waitForFinished(7000);
        }
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PX4_SIM_MODEL"), QStringLiteral("gazebo-classic_iris"));
        for (const char *k :
             {"PX4_SYS_AUTOSTART", "PX4_SIMULATOR", "PX4_SIM_HOSTNAME", "PX4_SIM_HOST_ADDR"})
            env.remove(QLatin1String(k));
        p.setProcessEnvironment(env);
        p.setWorkingDirectory(work);
        p.setStandardOutputFile(work + QStringLiteral("/px4.log"));
        p.setStandardInputFile(QProcess::nullDevice());
        p.setProcessChannelMode(QProcess::MergedChannels);
        // setsid: its own process group, so that stop() can end PX4 and everything it started.
        // timeout: a test killed by ctest's timeout cannot stop() it, and a PX4 left behind
        // spins ~45 % of a core waiting for a simulator (two such orphans were found eating
        // the machine); it now ends by itself kMaxLifeS after it started.
        p.setProgram(QStringLiteral("setsid"));
        p.setArguments({QStringLiteral("timeout"), QStringLiteral("-k"), QStringLiteral("5"),
                        QString::number(kMaxLifeS), root + QStringLiteral("/bin/px4"),
                        QStringLiteral("-d"), QStringLiteral("-i"), QString::number(m_instance),
                        QStringLiteral("-w"), work, root + QStringLiteral("/etc")});
        qint64 pid = 0;
        if (!p.startDetached(&pid)) {
            *error = QStringLiteral("cannot start %1/bin/px4").arg(root);
            return false;
        }
        m_pid = pid;
        m_root = root;
        return true;
    }

    bool logContains(const QString &text) const { return log().contains(text); }

    void stop()
    {
        if (m_pid <= 0)
            return;
        // While its start script still waits for the first sensor, a plain SIGTERM is not
        // enough: ask it to shut down, then end that one process.
        QProcess::execute(QStringLiteral("timeout"),
                          {QStringLiteral("5"), m_root + QStringLiteral("/bin/px4-shutdown"),
                           QStringLiteral("--instance"), QString::number(m_instance)});
        for (int i = 0; i < 50 && QFileInfo::exists(QStringLiteral("/proc/%1").arg(m_pid)); ++i)
            QThread::msleep(100);
        if (QFileInfo::exists(QStringLiteral("/proc/%1").arg(m_pid)))
            QProcess::execute(
                QStringLiteral("kill"), // the group: timeout and PX4 under it
                {QStringLiteral("-9"), QStringLiteral("--"), QStringLiteral("-%1").arg(m_pid)});
        m_pid = 0;
    }

private:
    /// Longer than any test's ctest timeout (600 s under the sanitizers).
    static constexpr int kMaxLifeS = 900;
    int m_instance;
    QTemporaryDir m_tmp;
    QString m_root;
    qint64 m_pid = 0;
};
