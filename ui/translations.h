#pragma once
// Loading the window's translations (translations/hilstation_<lang>.ts, compiled into the
// program under :/i18n) and Qt's own, for the language in the settings or the system locale.
// GUI thread: before the first window is built, and again to switch language at run time.

#include <QString>

class QCoreApplication;

namespace hil {

/// The QSettings key of the chosen language: "" = system locale, "en", "de", "zh_CN".
inline constexpr char kLanguageKey[] = "ui/language";

/// Installs the translators on app, replacing those this function installed before (so it also
/// switches the language of a running window: Qt then sends every widget a LanguageChange);
/// returns the language actually loaded ("en" when none).
/// numberLocale: also make the language's locale Qt's default (QLocale::setDefault), so that
/// the window writes numbers as the operator's language does ("0,30" in German). Only at start-up,
/// before the links' threads run: Qt's default locale is not safe to change while other threads
/// may read it, so a switch at run time changes the words at once and the numbers from the next
/// start. Files and wires never use the default locale (always QLocale::c()).
QString installTranslations(QCoreApplication &app, const QString &language,
                            bool numberLocale = false);

} // namespace hil
