#include "dryrun/omctfiles.h"

#include "dryrun/omct.h"

#include <QDir>
#include <QJsonDocument>
#include <QSaveFile>

namespace hil::dryrun {

OmctFiles analyseAndWriteOmct(const OmctMeasuredInput &input, const QString &dir,
                              int predictionThreads)
{
    OmctFiles out;
    out.measured = analyseOmct(input, omctRun(input.options, predictionThreads));
    out.json = omctMeasuredJson(out.measured, input);
    if (!QDir().mkpath(dir)) {
        out.error = QStringLiteral("cannot create %1").arg(dir);
        return out;
    }
    auto write = [&](const QString &name, const QByteArray &bytes) {
        QSaveFile f(QDir(dir).filePath(name));
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit()) {
            out.error = QStringLiteral("cannot write %1").arg(f.fileName());
            return false;
        }
        return true;
    };
    out.written = write(QStringLiteral("omct.json"),
                        QJsonDocument(out.json).toJson(QJsonDocument::Indented)) &&
                  write(QStringLiteral("omct.html"), omctMeasuredHtml(out.json).toUtf8());
    return out;
}

} // namespace hil::dryrun
