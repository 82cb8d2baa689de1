#include "testpaths.h"

#include "testplatform.h"

#include <QDir>
#include <QFile>
#include <QtGlobal>

namespace hil::testpaths {

QString binaryDir()
{
    return QDir::cleanPath(testplatform::executableDir() + QStringLiteral("/.."));
}

QString sourceDir()
{
    // Read once per process; a missing or foreign file is a broken build tree, said loudly.
    static const QString dir = [] {
        const QString file = binaryDir() + QStringLiteral("/testpaths.txt");
        QFile f(file);
        if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
            qFatal("testpaths: cannot read %s (written by CMake at configure time)",
                   qPrintable(file));
        const QByteArray key = "source=";
        for (const QByteArray &line : f.readAll().split('\n')) {
            if (line.startsWith(key))
                return QDir::cleanPath(binaryDir() + QLatin1Char('/') +
                                       QString::fromUtf8(line.mid(key.size()).trimmed()));
        }
        qFatal("testpaths: no source= line in %s", qPrintable(file));
        return QString();
    }();
    return dir;
}

QString fixturesDir()
{
    return sourceDir() + QStringLiteral("/tests/fixtures");
}

QString executable(const QString &name)
{
    return binaryDir() + QStringLiteral("/bin/") + name + testplatform::executableSuffix();
}

QString program()
{
    return executable(testplatform::childProgramName());
}

} // namespace hil::testpaths
