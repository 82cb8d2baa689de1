#pragma once
// The rig check's vocabulary (docs/rig-check.md), below the links so that each link's
// registration can judge its own health: a verdict, the figure it was judged on, one finding
// (Item), a check's texts, the window of snapshots a link showed, the rate helpers and the
// Builder a check adds its findings to. lib/rigcheck gathers the windows, runs every running
// link's declared checks (LinkDescriptor::rigChecks) and writes the report.
//
// A window holds two views of each snapshot: the typed one the link's descriptor samples
// (RigChecks::sample, the link's own health type), which the judges decide from, and the
// session.json entry (counters and "endpoints"), which the report prints. Judges read only the
// typed one: a counter's key is no contract between a link and its checks.
//
// Thread: any (no state). Units: as the counters (Hz, ms, s, bytes); rates per second.

#include "core/ratelimits.h"

#include <QJsonObject>
#include <QList>
#include <QLocale>
#include <QString>
#include <algorithm>
#include <any>
#include <functional>
#include <utility>
#include <vector>

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

/// One typed snapshot of a link (LinkDescriptor::RigChecks::sample): its own health type and,
/// for a link in a role other links' checks read (the motion link, the pilot's), that role's
/// shared type too (MotionRoleFacts, PilotRoleFacts). Empty: the link has no sampler.
class TypedSample
{
public:
    template <class... T> static TypedSample of(T... values)
    {
        TypedSample s;
        (s.m_values.emplace_back(std::move(values)), ...);
        return s;
    }
    /// The value of type T, or nullptr when the sample holds none.
    template <class T> const T *get() const
    {
        for (const std::any &v : m_values)
            if (const T *t = std::any_cast<T>(&v))
                return t;
        return nullptr;
    }
    bool isEmpty() const { return m_values.empty(); }

private:
    std::vector<std::any> m_values;
};

/// A window's typed samples of one type (LinkWindow::typed()): what a judge reads. A sample
/// without a T reads as a default T, as a counter missing from session.json read as 0: a link
/// that gave nothing is judged on nothing (its rates 0), never skipped and never a crash.
template <class T> struct TypedWindow
{
    T first, last;
    QList<T> samples;           ///< about one a second, first and last included
    QList<double> sampleTimesS; ///< seconds since the window's start, one per sample
    double seconds() const { return sampleTimesS.isEmpty() ? 0.0 : sampleTimesS.last(); }
};

/// What one link showed during the window: at the start, once a second and at the end, typed
/// (the judges') and as its session.json entry (counters and "endpoints", the report's).
/// `last` is the end's snapshot, taken again after the transport delay when that step ran.
struct LinkWindow
{
    QJsonObject first, last;
    QList<QJsonObject> samples; ///< about one a second, first and last included
    QList<double> sampleTimesS; ///< seconds since the window's start, one per sample
    TypedSample typedFirst, typedLast;
    QList<TypedSample> typedSamples; ///< one per sample (each empty without a sampler)
    double seconds() const { return sampleTimesS.isEmpty() ? 0.0 : sampleTimesS.last(); }

    template <class T> TypedWindow<T> typed() const
    {
        TypedWindow<T> w;
        const auto valueOf = [](const TypedSample &s) {
            const T *t = s.get<T>();
            return t ? *t : T{};
        };
        w.first = valueOf(typedFirst);
        w.last = valueOf(typedLast);
        const TypedSample none;
        for (int i = 0; i < sampleTimesS.size(); ++i)
            w.samples << valueOf(i < typedSamples.size() ? typedSamples.at(i) : none);
        w.sampleTimesS = sampleTimesS;
        return w;
    }
};

/// What the motion link (RigCheckInput::motion) tells the other links' checks.
struct MotionRoleFacts
{
    bool pilotStopMapped = false; ///< the pilot's active device has a button mapped to STOP
};

/// What the pilot's input link (RigCheckInput::pilot) tells the other links' checks.
struct PilotRoleFacts
{
    bool active = false; ///< a device flies (the pilot's sticks reach the autopilot)
};

/// Facts the Windows firewall check found on the motion link's reply port (platform layer);
/// empty level: not applicable here.
struct FirewallFinding
{
    QString level; ///< "", "pass", "warn" or "fail"
    QString figure;
};

/// A typed field's value as a number: `field` a member pointer (&FlightAxisHealth::exchanges) or
/// a function of the sample.
template <class T, class F> double fieldOf(const T &sample, const F &field)
{
    return double(std::invoke(field, sample));
}
/// Rate of a typed field over the window, per second (last minus first over the window's
/// length; the difference taken in double, so a counter that restarted reads negative).
template <class T, class F> double rate(const TypedWindow<T> &w, const F &field)
{
    const double s = w.seconds();
    return s > 0.0 ? (fieldOf(w.last, field) - fieldOf(w.first, field)) / s : 0.0;
}
/// Per-interval rates of a typed field between the samples (min, max), intervals shorter than
/// 0.2 s left out; {0, 0} without two samples.
template <class T, class F>
std::pair<double, double> rateSpread(const TypedWindow<T> &w, const F &field)
{
    double lo = 1e300, hi = -1e300;
    for (int i = 1; i < w.samples.size(); ++i) {
        const double dt = w.sampleTimesS[i] - w.sampleTimesS[i - 1];
        if (dt < 0.2)
            continue;
        const double r = (fieldOf(w.samples[i], field) - fieldOf(w.samples[i - 1], field)) / dt;
        lo = std::min(lo, r);
        hi = std::max(hi, r);
    }
    return lo > hi ? std::pair<double, double>{0.0, 0.0} : std::pair<double, double>{lo, hi};
}
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
