#pragma once
// eventText(): the window's sentence for a hil::Event, in the operator's language. GUI thread
// (uses the installed translators); pure otherwise.
//
// The links raise events with a stable id, English text (for events.log, which stays English)
// and args: the text's variable parts in the C locale (core/event.h). This catalogue maps the ids
// operators see most (link states, PX4 connection/arming/lockstep, platform modes, STOP, motor,
// thermal and watchdog trips, exit parking, recording outages) to tr() sentences with %1.. filled
// from args. A platform mode arrives as its number and is shown as the translated name with the
// vendor's word beside it ("Bewegung (CUEING)"), the way the motion panel's buttons say it.
// Anything else (an unknown id, too few args, texts from peers such as PX4's STATUSTEXT) falls
// back to the English text unchanged.

#include "core/event.h"

#include <QString>

namespace hil {

QString eventText(const Event &event);
/// The catalogue has the operator's sentence for this id (some ids only with a given number of
/// args); false: the window shows the raiser's English text as it came.
bool eventCatalogued(const QString &id);
/// The catalogue's English sentences for this id (with %1.. where args go): what a test reads to
/// find a module prefix ("pilot: ...") where the operator should read a sentence.
QStringList eventCatalogueTexts(const QString &id);
/// The catalogue's fixes for this id, in English (the rig check's where an entry shares one):
/// what a test reads to find an Error without a fix.
QStringList eventCatalogueFixes(const QString &id);
/// What the operator can do about it, in their language; "" when there is nothing to do. The
/// fixes are the rig check's own where it checks the same thing (lib/rigcheck's one table), so
/// a message and a rig check report give the same advice.
QString eventFix(const Event &event);
/// The id's sentence says that cues ramp in or the platform moves ("cues ramping in over 2 s"):
/// while STOP is latched nothing moves until the operator picks a mode, so the window leaves
/// such a note out rather than promise motion that will not come.
bool eventPromisesMotion(const QString &id);

} // namespace hil
