#include "ui/translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace hil {

QString installTranslations(QCoreApplication &app, const QString &language)
{
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    if (locale.language() == QLocale::English || locale.language() == QLocale::C)
        return QStringLiteral("en");
    auto *ours = new QTranslator(&app);
    if (!ours->load(locale, QStringLiteral("hilstation"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        delete ours;
        return QStringLiteral("en");
    }
    app.installTranslator(ours);
    auto *qt = new QTranslator(&app); // Qt's own dialogs (file dialog, message boxes)
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        app.installTranslator(qt);
    else
        delete qt;
    return locale.name();
}

} // namespace hil
