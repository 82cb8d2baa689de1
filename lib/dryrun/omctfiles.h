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

OmctFiles analyseAndWriteOmct(const OmctMeasuredInput &input, const QString &dir);

} // namespace hil::dryrun
