#include "ui/translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QPointer>
#include <QTranslator>

namespace hil {

namespace {
// The translators installed last (ours, Qt's), removed before a switch to another language.
QPointer<QTranslator> g_ours, g_qt;
} // namespace

QString installTranslations(QCoreApplication &app, const QString &language, bool numberLocale)
{
    for (QPointer<QTranslator> *t : {&g_ours, &g_qt}) {
        if (*t) {
            QCoreApplication::removeTranslator(*t);
            delete t->data();
        }
    }
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    if (numberLocale)
        QLocale::setDefault(locale);
    if (locale.language() == QLocale::English || locale.language() == QLocale::C)
        return QStringLiteral("en");
    auto *ours = new QTranslator(&app);
    if (!ours->load(locale, QStringLiteral("hilstation"), QStringLiteral("_"),
                    QStringLiteral(":/i18n"))) {
        delete ours;
        return QStringLiteral("en");
    }
    app.installTranslator(ours);
    g_ours = ours;
    auto *qt = new QTranslator(&app); // Qt's own dialogs (file dialog, message boxes)
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        app.installTranslator(qt);
        g_qt = qt;
    } else
        delete qt;
    return locale.name();
}

} // namespace hil
