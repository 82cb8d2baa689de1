#pragma once
// The measured OMCT written: a recorded session analysed (omctmeasured.h) against the
// prediction of the same signal, into DIR/omct.json and DIR/omct.html. The Bode plots the page
// shows (omct-<test>.png) are drawn by the caller, which has the GUI thread (ui/dryrunplots.h).
// Used by `--omct DIR` and by the window's Tools → Measure the platform…. File reading and
// writing: any thread but the GUI's.

#include "dryrun/omctmeasured.h"

#include <QJsonObject>
#include <QString>

namespace hil::dryrun {

struct OmctFiles
{
    OmctMeasured measured;
    QJsonObject json; ///< what omct.json holds
    bool written = false;
    QString error; ///< why not, one line: the folder or a file that cannot be written
};

/// predictionThreads: omctRun's (0: one per core). A caller on a thread of its own passes 1: the
/// prediction then runs in that thread, starting none (under Wine a pool started from such a
/// thread crashed inside Qt once in eight runs, as the dry run's prefetch had).
OmctFiles analyseAndWriteOmct(const OmctMeasuredInput &input, const QString &dir,
                              int predictionThreads = 0);

} // namespace hil::dryrun
