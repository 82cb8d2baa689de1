#pragma once
// The dry-run tests' one way to load an input ("maneuver:NAME", a session folder, a file): a
// spec that does not load stops the test program with the loader's own message, since every
// check after it would read an empty recording.
#include "dryrun/dryrunreport.h"

#include <QtGlobal>

namespace hil::dryrun::test {

inline DryRunInput load(const QString &spec)
{
    DryRunInput in;
    QString error;
    DryRunInput::Error kind;
    if (!in.load(spec, &error, &kind))
        qFatal("%s: %s", qPrintable(spec), qPrintable(error));
    return in;
}

} // namespace hil::dryrun::test
