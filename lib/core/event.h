#pragma once
// hil::Event: one notable happening, raised by the code that knows what it means (links, their
// stand-ins, the station) and carried to events.log, the Session panel and the status bar. Plain
// value type, any thread (queued across threads as a registered metatype).
//
// `id` is a stable short ASCII key, "<source>.<what>" (e.g. "raven.stop", "raven.motor_fault",
// "px4.lockstep_stall"): code and tests match on it, never on the English text, which is for
// people and may be reworded or translated. `severity` is set by the raiser; the window colours
// by it. Rider-safety events (STOP, motor fault, overheat, watchdog trips, a platform that does
// not take a mode or goes silent, a failed park on exit) are always Error.
// events.log keeps its three columns (UTC, source, text): the severity, id and args are not
// written there, so existing readers of the file stay valid.
//
// `args` are the variable parts of the text (a port, an address, a count, a platform mode
// number), already formatted in the C locale, in the order the id's catalogue entry expects
// them. The window builds its own translated sentence from id + args (ui/eventtext.h) and falls
// back to `text` for ids it does not know; `text` stays English, for events.log and the console.

#include "model/tsan.h"

#include <QMetaType>
#include <QString>
#include <QStringList>
#include <utility>

namespace hil {

enum class Severity { Info, Warning, Error };

struct Event
{
    Event() = default;
    // A constructor (not an aggregate) so that four-field Event{...} stays valid without args.
    Event(QString source_, QString id_, Severity severity_, QString text_, QStringList args_ = {})
        : source(std::move(source_)), id(std::move(id_)), severity(severity_),
          text(std::move(text_)), args(std::move(args_))
    {
    }

    QString source; ///< the worker's name ("raven", "emulator.raven", "station", ...)
    QString id;     ///< stable key, "<source-ish>.<what>"
    Severity severity = Severity::Info;
    QString text;     ///< one line for people, English, no time stamp
    QStringList args; ///< variable parts of text, C locale (see above); may be empty
    HIL_TSAN_MARK;    // last: queued across threads (lib/model/tsan.h)
};

inline const char *severityName(Severity s)
{
    switch (s) {
    case Severity::Info:
        return "info";
    case Severity::Warning:
        return "warning";
    case Severity::Error:
        return "error";
    }
    return "info";
}

} // namespace hil

Q_DECLARE_METATYPE(hil::Event)
