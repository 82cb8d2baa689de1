#pragma once
// Where hilstation finds the files that are not compiled into it (today: translations), both
// when installed and when run from the build folder. Icons and other resources are compiled in
// (resources/resources.qrc), so only translations need looking up.
//
// Layout searched, relative to the folder holding the executable (EXE), best first:
//   EXE/../share/hilstation/translations   installed: /usr/bin -> /usr/share/hilstation/...,
//                                           Windows: <InstallDir>\bin -> <InstallDir>\share\...
//   EXE/../translations                     build tree: build/bin -> build/translations
// Functions only, Qt Core only; call from the main thread once the QCoreApplication exists.

#include <QString>
#include <QStringList>

class QCoreApplication;
class QLocale;

namespace hil {

// The folders above, best first, whether they exist or not.
QStringList translationSearchPaths(const QString &executableDir);

// The first folder of translationSearchPaths() that holds a hilstation_*.qm, or an empty string.
QString findTranslationsDir(const QString &executableDir);

// Loads hilstation_<language>.qm for the locale (e.g. hilstation_de.qm) and Qt's own qtbase
// catalogue into the application; the translators are children of app. Returns true when the
// program's own catalogue was found; English (no catalogue) is not an error for the caller.
bool installTranslations(QCoreApplication *app, const QLocale &locale,
                         const QString &executableDir);

} // namespace hil
