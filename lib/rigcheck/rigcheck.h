#pragma once
// The rig check's verdicts (docs/rig-check.md): what a running rig's links showed over a window of
// seconds, judged check by check — the figure, pass / warn / fail, and the fix in words.
//
// Pure: evaluate() reads only the Observation (the links' snapshots at the window's start, once a
// second and at its end — typed, as each link's descriptor samples them, and their session.json
// entries — plus facts about this PC, plus the transport delay as the typed result the link's
// descriptor gives) and knows no protocol's types and no link by name: each link's checks are
// declared by its descriptor (LinkDescriptor::rigChecks, written in its registration in lib/links
// and reading the typed health that link offers); evaluate() runs those of every link that ran,
// then this PC's own checks (from the links' endpoints) and the transport delay's. The vocabulary
// they share (Verdict, Item, LinkWindow, Builder) is core/rigcheckfindings.h. The runner that
// gathers an Observation from a running Station is rigcheckrun.h; the files are rigreport.h.
//
// Texts: every check's title and fix are declared with its check (this PC's here, a link's in its
// registration), English in the source, translated through the "RigCheck" context (the window
// shows them in the operator's language; report.json keeps English). docs/troubleshooting.md's
// table of the rig check's findings quotes the English fixes word for word, and a test compares
// the two. A fix has no arguments: the figure carries the specifics.
//
// Thread: any (no state). Units: as the counters (Hz, ms, s, bytes).

#include "core/rigcheckfindings.h"
#include "core/transportdelayresult.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QLocale>
#include <QMap>
#include <QString>
#include <QStringList>

namespace hil {
class LinkRegistry;
}

namespace hil::rigcheck {

/// "pass", "warn" or "fail" (report.json).
QString verdictName(Verdict v);
/// The verdict's light, "#rrggbb": green, amber, red (the window and the page alike).
QString verdictColour(Verdict v);

/// An item's figure in the operator's language and locale (translated) or as report.json has it.
QString valueOf(const Item &item, bool translated, const QLocale &locale);

/// Every check the program's links (links::builtinLinks()) and this PC declare, in the
/// report's order.
const QList<CheckText> &checkTexts();
/// The texts of one check id (nullptr when unknown).
const CheckText *textOf(const QString &id);
/// Title and fix of an item, in the operator's language (translated) or English.
QString titleOf(const Item &item, bool translated);
QString fixOf(const Item &item, bool translated);

/// Everything the verdicts are drawn from.
struct Observation
{
    QMap<QString, LinkWindow> links; ///< by link name, only the links that ran
    qint64 freeBytes = -1;           ///< on the session folder's volume (-1 unknown)
    FirewallFinding firewall;        ///< the platform's reply port on this PC
    bool motionRequested = false;    ///< the transport-delay step was asked for
    QString motionRefused;           ///< why it did not run, when asked for (English)
    /// The measurement as the link reported it at its end (through its descriptor's
    /// transportDelay), when asked for and a link could run it.
    std::optional<TransportDelayResult> transportDelay;
};

/// The checks `links` declare and this PC's, in the report's order: the links by their
/// rigChecks' reportRank (ties in registry order), each with its texts, then this PC's.
QList<CheckText> checkTextsOf(const LinkRegistry &links);

/// The verdicts of every link in `links` that ran (its declared checks, the transport delay's)
/// and of this PC, in checkTextsOf(links) order; a link that did not run has no item.
QList<Item> evaluate(const Observation &o, const LinkRegistry &links);

/// True when any item fails (the command's exit status 4).
bool anyFails(const QList<Item> &items);

/// report.json's "checks": [{link, check, verdict, value, fix}] (English).
QJsonArray checksJson(const QList<Item> &items);

/// report.json's "transport_delay": per path {median_ms, max_ms, steps} (empty when not measured).
QJsonObject transportDelayJson(const Observation &o);

} // namespace hil::rigcheck
