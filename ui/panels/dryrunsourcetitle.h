#pragma once
// The operator's name for what a dry run plays: a built-in manoeuvre in the operator's words
// ("takeoff" → "Take-off"; the command line's maneuver:NAME stays the same in every language), a
// recording by its file, a session's state.csv by its folder. The Dry run panel's note and its
// search list both show it. GUI thread (translators).

#include "dryrun/dryruninput.h"

#include <QCoreApplication>
#include <QString>

namespace hil {

class DryRunSourceTitle
{
    Q_DECLARE_TR_FUNCTIONS(hil::DryRunSourceTitle)
public:
    static QString of(const dryrun::DryRunInput &input);
    /// A built-in manoeuvre's name (dryrun::maneuverNames()); a name this table does not know
    /// yet is shown as it is.
    static QString maneuver(const QString &name);
};

} // namespace hil
