#include "paths.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace hil {

QStringList translationSearchPaths(const QString &executableDir)
{
    const QDir exe(executableDir);
    return {QDir::cleanPath(exe.filePath(QStringLiteral("../share/hilstation/translations"))),
            QDir::cleanPath(exe.filePath(QStringLiteral("../translations")))};
}

QString findTranslationsDir(const QString &executableDir)
{
    const QStringList catalogues{QStringLiteral("hilstation_*.qm")};
    for (const QString &path : translationSearchPaths(executableDir)) {
        if (!QDir(path).entryList(catalogues, QDir::Files).isEmpty())
            return path;
    }
    return {};
}

bool installTranslations(QCoreApplication *app, const QLocale &locale,
                         const QString &executableDir)
{
    // Qt's own strings (dialog buttons and the like) come from Qt's folder: Debian's
    // qt6-translations-l10n, or the translations/ folder windeployqt writes beside the .exe.
    auto *qt = new QTranslator(app);
    const QString qtDirs[] = {QLibraryInfo::path(QLibraryInfo::TranslationsPath),
                              QDir(executableDir).filePath(QStringLiteral("translations"))};
    bool qtLoaded = false;
    for (const QString &qtDir : qtDirs) {
        if (!qtLoaded)
            qtLoaded = qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), qtDir);
    }
    if (qtLoaded)
        QCoreApplication::installTranslator(qt);
    else
        delete qt;

    const QString dir = findTranslationsDir(executableDir);
    if (dir.isEmpty())
        return false;
    auto *own = new QTranslator(app);
    // load(QLocale, ...) tries every UI language of the locale in turn (de_AT, then de).
    if (!own->load(locale, QStringLiteral("hilstation"), QStringLiteral("_"), dir)) {
        delete own;
        return false;
    }
    QCoreApplication::installTranslator(own);
    return true;
}

} // namespace hil
