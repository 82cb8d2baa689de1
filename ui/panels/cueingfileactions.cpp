#include "ui/panels/cueingfileactions.h"
#include "raven/cueingfile.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QSaveFile>

namespace hil {

bool CueingFileActions::exportSettings(QWidget *parent, const raven::CueingSettings &settings,
                                       QString *dir, QString *error)
{
    error->clear();
    const QString start =
        QDir(dir->isEmpty() ? QDir::homePath() : *dir).filePath(QStringLiteral("cueing.json"));
    const QString path = QFileDialog::getSaveFileName(parent, tr("Export cueing settings"), start,
                                                      tr("Cueing settings (*.json)"));
    if (path.isEmpty())
        return false;
    *dir = QFileInfo(path).absolutePath();
    return writeTo(path, settings, error);
}

bool CueingFileActions::writeTo(const QString &path, const raven::CueingSettings &settings,
                                QString *error)
{
    QSaveFile file(path);
    const QByteArray bytes = raven::writeCueingFile(settings);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        *error = tr("Cueing settings not exported: cannot write %1: %2")
                     .arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    return true;
}

bool CueingFileActions::importSettings(QWidget *parent, QString *dir, raven::CueingSettings *out,
                                       QString *error)
{
    error->clear();
    const QString path = QFileDialog::getOpenFileName(
        parent, tr("Import cueing settings"), dir->isEmpty() ? QDir::homePath() : *dir,
        tr("Cueing settings (*.json);;All files (*)"));
    if (path.isEmpty())
        return false;
    *dir = QFileInfo(path).absolutePath();
    QString why;
    if (!raven::readCueingFile(path, out, &why)) {
        *error = tr("Cueing settings not imported: %1").arg(why);
        return false;
    }
    return true;
}

} // namespace hil
