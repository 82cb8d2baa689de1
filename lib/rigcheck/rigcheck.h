#pragma once
// The rig check's verdicts (docs/rig-check.md): what a running rig's links showed over a window of
// seconds, judged check by check — the figure, pass / warn / fail, and the fix in words.
//
// Pure: evaluate() reads only the Observation (the links' counter snapshots at the window's start,
// once a second and at its end, plus facts about this PC, plus the transport delay as the typed
// result the link's descriptor gives) and knows no protocol's types: it reads the counters by the
// names each link publishes (session.json's "links"). The runner that gathers
// an Observation from a running Station is rigcheckrun.h; the files are rigreport.h.
//
// Texts: every check's title and fix live in one table here, English in the source, translated
// through the "RigCheck" context (the window shows them in the operator's language; report.json
// keeps English). docs/troubleshooting.md's table of the rig check's findings quotes the English
// fixes word for word, and a test compares the two. A fix has no arguments: the figure carries
// the specifics.
//
// Thread: any (no state). Units: as the counters (Hz, ms, s, bytes).

#include "core/transportdelayresult.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QLocale>
#include <QMap>
#include <QString>
#include <QStringList>

namespace hil::rigcheck {

enum class Verdict { Pass, Warn, Fail };

/// "pass", "warn" or "fail" (report.json).
QString verdictName(Verdict v);
/// The verdict's light, "#rrggbb": green, amber, red (the window and the page alike).
QString verdictColour(Verdict v);

/// One argument of a figure: a number written with its decimals in the reader's locale, a word
/// of the check's own (English, translated in context "RigCheckFigure"), or text shown as it
/// came from the peer (a firmware version, PX4's pre-arm reasons, a link's name).
struct FigureArg
{
    enum class Kind { Number, Word, Text };
    Kind kind = Kind::Text;
    double number = 0.0;
    int decimals = 0;
    QString text;
};
FigureArg number(double v, int decimals = 0);
FigureArg word(const char *english);
FigureArg text(const QString &shown);

/// What a check was judged on, as the operator reads it: an English pattern with %1.. (context
/// "RigCheckFigure", marked where it is written) and its arguments. report.json keeps it in
/// English with C-locale numbers (Item::value); the window and the report's pages write it in
/// the operator's language and locale ("1.234,5 Hz" in German).
struct Figure
{
    const char *pattern = nullptr; ///< nullptr: no figure, Item::value is all there is
    QList<FigureArg> args;
};
/// The figure in English with C-locale numbers, or translated with `locale`'s numbers.
QString figureText(const Figure &f, bool translated, const QLocale &locale);

/// One finding.
struct Item
{
    QString link;  ///< "flightaxis", "px4", "raven", "rflysim", "pilot", "pc"
    QString check; ///< its id, "<link>.<what>" (the troubleshooting table's key)
    Verdict verdict = Verdict::Pass;
    QString value; ///< the figure it is judged on, English, numbers in the C locale
    Figure figure; ///< the same, to be written in the operator's language (valueOf())
};
/// An item's figure in the operator's language and locale (translated) or as report.json has it.
QString valueOf(const Item &item, bool translated, const QLocale &locale);

/// One check's texts, English (translate with QCoreApplication::translate("RigCheck", ...)).
struct CheckText
{
    const char *id;
    const char *title; ///< what it looked at
    const char *fix;   ///< what to do when it does not pass
};

/// Every check the rig check knows, in the report's order.
const QList<CheckText> &checkTexts();
/// The texts of one check id (nullptr when unknown).
const CheckText *textOf(const QString &id);
/// Title and fix of an item, in the operator's language (translated) or English.
QString titleOf(const Item &item, bool translated);
QString fixOf(const Item &item, bool translated);

/// What one link showed during the window: its session.json entry (counters and "endpoints") at
/// the start, once a second, and at the end.
struct LinkWindow
{
    QJsonObject first, last;
    QList<QJsonObject> samples; ///< about one a second, first and last included
    QList<double> sampleTimesS; ///< seconds since the window's start, one per sample
    double seconds() const { return sampleTimesS.isEmpty() ? 0.0 : sampleTimesS.last(); }
};

/// Facts the Windows firewall check found (platform layer); empty level: not applicable here.
struct FirewallFinding
{
    QString level; ///< "", "pass", "warn" or "fail"
    QString figure;
};

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

/// The verdicts, in checkTexts() order; a link that did not run has no item.
QList<Item> evaluate(const Observation &o);

/// True when any item fails (the command's exit status 4).
bool anyFails(const QList<Item> &items);

/// report.json's "checks": [{link, check, verdict, value, fix}] (English).
QJsonArray checksJson(const QList<Item> &items);

/// report.json's "transport_delay": per path {median_ms, max_ms, steps} (empty when not measured).
QJsonObject transportDelayJson(const Observation &o);

} // namespace hil::rigcheck
