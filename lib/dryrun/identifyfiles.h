#pragma once
// The identification (identify.h) of recorded session folders, written: the identified model as
// a normal --platform-model file whose comment and `identified` object say where, when and from
// which firmware, and NAME.identification.json beside it. Used by `--platform-identify` and by
// the platform measurement (`--omct … --omct-quick`), which identifies the session it recorded.
// File reading and writing; any thread but the GUI's.

#include "dryrun/identify.h"
#include "platformmodel/modelfile.h"

#include <QString>
#include <QStringList>
#include <vector>

namespace hil::dryrun {

struct IdentificationFiles
{
    /// 0 done; 3 a session without cues or poses, or an output that cannot be written; 4 nothing
    /// determined (no model written, the report is).
    int status = 0;
    QString error; ///< what went wrong, one line, when status != 0
    IdentificationResult result;
    std::vector<IdRecording> recordings;
    qint64 poses = 0;
    QStringList sessions; ///< each session's provenance: folder, when, where, firmware
    QString modelFile, reportFile;
};

/// Identifies the sessions against `prior` and writes `modelOut` (when anything was determined)
/// and its report.
IdentificationFiles identifyAndWrite(const QStringList &sessionDirs, const QString &modelOut,
                                     const platformmodel::ModelConfig &prior);

} // namespace hil::dryrun
