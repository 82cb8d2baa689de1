// Linux side of the platform layer's serial-port diagnosis (platform.h, "serial ports").
//
// Qt SerialPort folds three different failures into QSerialPort::PermissionError: open() refused
// with EACCES (the user is not in the device's group, on Debian `dialout` for /dev/ttyACM* and
// /dev/ttyUSB*), open() refused with EBUSY (another program opened the port with TIOCEXCL), and a
// UUCP-style lock file another program holds ("Permission error while locking the device"). The
// device node and the lock directories tell them apart. A second program that opened the port
// without either lock leaves no trace: that case cannot be detected (docs/connecting.md).
#include "platform/platform.h"

#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <grp.h>
#include <sys/stat.h>
#include <unistd.h>

namespace hil::platform {

namespace {

QString groupName(gid_t gid)
{
    const group *g = getgrgid(gid);
    return g ? QString::fromLocal8Bit(g->gr_name) : QString::number(gid);
}

// The lock files a port may have: the UUCP convention (LCK..ttyACM0, as minicom, ModemManager's
// peers and most serial tools write it) and Qt's own (LCK.. plus the path with '/' as '_' when
// the port was opened by a path outside /dev). The first line of either is the holder's pid.
QString lockHolder(const QString &path, QString *lockFile)
{
    const QString base = QFileInfo(path).fileName();
    QString mangled = path;
    mangled.replace(QLatin1Char('/'), QLatin1Char('_'));
    for (const char *dir : {"/var/lock", "/run/lock", "/tmp", "/var/spool/locks"}) {
        for (const QString &name : {base, mangled}) {
            QFile f(QLatin1String(dir) + QStringLiteral("/LCK..") + name);
            if (!f.open(QIODevice::ReadOnly))
                continue;
            const QByteArray first = f.readLine(64).trimmed();
            bool ok = false;
            const qint64 pid = first.toLongLong(&ok); // ASCII digits: no locale involved
            if (ok && pid > 0 && processAlive(pid) && pid != processId()) {
                *lockFile = f.fileName();
                return QString::number(pid);
            }
        }
    }
    return {};
}

} // namespace

SerialPortProblem diagnoseSerialPort(const QString &path, SerialOpenError error)
{
    SerialPortProblem p;
    const QByteArray native = QFile::encodeName(path);
    struct stat st
    {
    };
    if (::stat(native.constData(), &st) != 0) {
        p.kind = SerialPortProblem::Kind::Missing;
        p.detail = QStringLiteral("%1: no such device (is the board plugged in and powered? "
                                  "ls /dev/ttyACM* /dev/serial/by-id/ lists what is there)")
                       .arg(path);
        p.args = {path};
        return p;
    }
    if (::access(native.constData(), R_OK | W_OK) != 0 && errno == EACCES) {
        const QString group = groupName(st.st_gid);
        p.kind = SerialPortProblem::Kind::PermissionDenied;
        const QString mode = QString::number(st.st_mode & 0777, 8);
        if (group == QLatin1String("dialout"))
            p.detail = QStringLiteral("%1: permission denied (group dialout, mode %2): add your "
                                      "user to the dialout group (sudo usermod -aG dialout "
                                      "$USER), then log out and in again")
                           .arg(path, mode);
        else
            p.detail = QStringLiteral("%1: permission denied (group %2, mode %3): serial ports "
                                      "are for the dialout group; add your user to it (sudo "
                                      "usermod -aG dialout $USER, then log in again) and make "
                                      "sure this device belongs to it")
                           .arg(path, group, mode);
        p.args = {path, group, mode};
        return p;
    }
    QString lockFile;
    const QString holder = lockHolder(path, &lockFile);
    if (!holder.isEmpty()) {
        p.kind = SerialPortProblem::Kind::Locked;
        p.detail = QStringLiteral("%1 is in use: process %2 holds its lock file %3 (another "
                                  "ground station or terminal program?)")
                       .arg(path, holder, lockFile);
        p.args = {path, holder, lockFile};
        return p;
    }
    if (error == SerialOpenError::Permission) {
        p.kind = SerialPortProblem::Kind::Locked;
        p.detail = QStringLiteral("%1 is in use: another program opened it exclusively").arg(path);
        p.args = {path};
        return p;
    }
    if (error == SerialOpenError::NotFound) {
        p.kind = SerialPortProblem::Kind::Missing;
        p.detail = QStringLiteral("%1: no such device").arg(path);
        p.args = {path};
    }
    return p;
}

} // namespace hil::platform
