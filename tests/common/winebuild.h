#pragma once
// The Windows build (make windows) as Linux tests run it under Wine: hilstation-console.exe
// through build-win/wine-run.sh (the SDK's DLLs on WINEPATH; started bare, Wine ends it with
// exit code 53). HIL_WIN_BUILD overrides the folder. Used by tst_px4wine, tst_labwine and
// tst_px4hitl_wine.
#include "testpaths.h"
#include <QFile>
#include <QStandardPaths>
#include <QString>

struct WineBuild
{
    QString exe, runner;
    QString prefix; ///< WINEPREFIX as wine-run.sh sets it (its own, inside the build folder)

    WineBuild()
    {
        const QString dir = qEnvironmentVariable("HIL_WIN_BUILD", hil::testpaths::sourceDir() +
                                                                      QStringLiteral("/build-win"));
        exe = dir + QStringLiteral("/bin/hilstation-console.exe");
        runner = dir + QStringLiteral("/wine-run.sh");
        prefix = qEnvironmentVariable("WINEPREFIX", dir + QStringLiteral("/wineprefix"));
    }
    /// Why it cannot run here (for QSKIP), or empty.
    QString missing() const
    {
        if (!QFile::exists(exe) || !QFile::exists(runner))
            return QStringLiteral("no Windows build (make windows)");
        if (!QFile::exists(QStringLiteral("/usr/lib/wine/wine64")) &&
            QStandardPaths::findExecutable(QStringLiteral("wine64")).isEmpty())
            return QStringLiteral("no wine64");
        return QString();
    }
    /// A Linux path as the Windows program sees it (Wine maps Z: to /).
    static QString windowsPath(const QString &path)
    {
        return QStringLiteral("Z:") + QString(path).replace(QLatin1Char('/'), QLatin1Char('\\'));
    }
};
