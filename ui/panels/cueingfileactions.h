#pragma once
// CueingFileActions: the Motion panel's "Export cueing settings…" and "Import cueing settings…":
// Qt's own file dialog (the window sets Qt::AA_DontUseNativeDialogs, so STOP and Esc reach it),
// then the cueing file (raven/cueingfile.h, the file `hilstation --dry-run --cueing FILE` reads).
// Export writes through QSaveFile, so a failed write leaves no half file and is reported, never
// silent. Import only returns the settings: the panel puts them in its editor, and the operator
// applies them to the running link with "Apply to platform". GUI thread only (modal dialogs).
#include "raven/cueing.h"

#include <QCoreApplication>
#include <QString>

class QWidget;

namespace hil {

class CueingFileActions
{
    Q_DECLARE_TR_FUNCTIONS(hil::CueingFileActions)
public:
    /// Asks where to save (default `cueing.json` in *dir) and writes. False with *error (one
    /// line) when writing failed; false with *error empty when the operator cancelled. *dir
    /// becomes the chosen file's folder.
    static bool exportSettings(QWidget *parent, const raven::CueingSettings &settings, QString *dir,
                               QString *error);
    /// Writes the cueing file to path (QSaveFile); false with *error naming the file.
    static bool writeTo(const QString &path, const raven::CueingSettings &settings, QString *error);
    /// Asks for a cueing file and reads it into *out. False with *error (one line) when it cannot
    /// be used; false with *error empty when the operator cancelled.
    static bool importSettings(QWidget *parent, QString *dir, raven::CueingSettings *out,
                               QString *error);
};

} // namespace hil
