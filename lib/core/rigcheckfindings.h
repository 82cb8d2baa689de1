#pragma once
// The rig check's vocabulary (docs/rig-check.md), below the links so that each link's
// registration can judge its own counters: a verdict, the figure it was judged on, one finding
// (Item), a check's texts, the window of counter snapshots a link showed, the rate helpers and the
// Builder a check adds its findings to. lib/rigcheck gathers the windows, runs every running
// link's declared checks (LinkDescriptor::rigChecks) and writes the report.
//
// Thread: any (no state). Units: as the counters (Hz, ms, s, bytes); rates per second.

#include "core/ratelimits.h"

#include <QJsonObject>
#include <QList>
#include <QLocale>
#include <QString>
#include <utility>

namespace hil::rigcheck {

enum class Verdict { Pass, Warn, Fail };

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
    QString link;  ///< the descriptor's name of the link judged, or "pc"
    QString check; ///< its id, "<link>.<what>" (the troubleshooting table's key)
    Verdict verdict = Verdict::Pass;
    QString value; ///< the figure it is judged on, English, numbers in the C locale
    Figure figure; ///< the same, to be written in the operator's language (valueOf())
};

/// One check's texts, English (translate with QCoreApplication::translate("RigCheck", ...)).
/// A fix has no arguments: the figure carries the specifics.
struct CheckText
{
    const char *id;
    const char *title; ///< what it looked at
    const char *fix;   ///< what to do when it does not pass
};

/// What one link showed during the window: its session.json entry (counters and "endpoints") at
/// the start, once a second, and at the end.
struct LinkWindow
{
    QJsonObject first, last;
    QList<QJsonObject> samples; ///< about one a second, first and last included
    QList<double> sampleTimesS; ///< seconds since the window's start, one per sample
    double seconds() const { return sampleTimesS.isEmpty() ? 0.0 : sampleTimesS.last(); }
};

/// Facts the Windows firewall check found on the motion link's reply port (platform layer);
/// empty level: not applicable here.
struct FirewallFinding
{
    QString level; ///< "", "pass", "warn" or "fail"
    QString figure;
};

/// A counter's number, or `fallback` when it is missing or not a number.
double num(const QJsonObject &o, const char *key, double fallback = 0.0);
/// Rate of a counter over the window, per second.
double rate(const LinkWindow &w, const char *key);
/// Per-interval rates of a counter between the samples (min, max); {0, 0} without two samples.
std::pair<double, double> rateSpread(const LinkWindow &w, const char *key);
/// A rate's verdict by the table the window's rig strip colours the same rate with.
Verdict rateVerdict(const RateLimit &limit, double perSecond);

/// Collects a check's findings, their English figure written as report.json keeps it.
struct Builder
{
    QList<Item> items;
    void add(const QString &link, const char *check, Verdict v, const char *pattern,
             QList<FigureArg> args = {});
};

} // namespace hil::rigcheck
