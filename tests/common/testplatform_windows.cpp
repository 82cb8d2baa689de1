#include "testplatform.h"

#include <QDir>
#include <QStandardPaths>

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
