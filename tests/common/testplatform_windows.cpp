#include "testplatform.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

#include <iterator>

#include <windows.h>

namespace hil::testplatform {

QString loopTuningKey()
{
    return QStringLiteral("thread_priority");
}

int expectedLoopTuning()
{
    return THREAD_PRIORITY_HIGHEST;
}

int currentThreadPriority()
{
    const int p = GetThreadPriority(GetCurrentThread());
    return p == THREAD_PRIORITY_ERROR_RETURN ? -100 : p;
}

int expectedWindowThreadPriority(int)
{
    return THREAD_PRIORITY_NORMAL;
}

int expectedLoopThreadPriority()
{
    return THREAD_PRIORITY_HIGHEST;
}

const char *expectedThreadDispatcher()
{
    return "QEventDispatcherWin32";
}

QString userDataFolder(const QString &)
{
    return QDir::cleanPath(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation));
}

QString executableDir()
{
    wchar_t path[32768];
    const DWORD n = GetModuleFileNameW(nullptr, path, DWORD(std::size(path)));
    return QFileInfo(QString::fromWCharArray(path, int(n))).absolutePath();
}

QString executableSuffix()
{
    return QStringLiteral(".exe");
}

QString childProgramName()
{
    return QStringLiteral("hilstation-console");
}

bool isWindows()
{
    return true;
}

bool hasPosixSignals()
{
    return false;
}

bool sendSignal(qint64, Signal)
{
    return false;
}

} // namespace hil::testplatform
