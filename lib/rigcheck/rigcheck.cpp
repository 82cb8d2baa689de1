#include "rigcheck/rigcheck.h"
#include "core/linkdescriptor.h"
#include "links/builtin.h"

#include <QCoreApplication>
#include <QtGlobal>
#include <algorithm>
#include <cmath>

namespace hil::rigcheck {

namespace {

// This PC's own checks, after every link's in the report. Titles say what was looked at; fixes
// what to do when it does not pass. docs/troubleshooting.md ("The rig check's findings") quotes
// each fix word for word, as it quotes the links' (declared in their registrations).
const QList<CheckText> kPcTexts = {
    {"pc.loop_threads", QT_TRANSLATE_NOOP("RigCheck", "This PC: the loop threads' priority"),
     QT_TRANSLATE_NOOP("RigCheck",
                       "The loop threads did not get their scheduling (Linux: a kernel older than "
                       "6.12 has no short time slices; Windows: the priority was refused). Expect "
                       "more jitter; on Linux use a newer kernel.")},
    {"pc.free_space", QT_TRANSLATE_NOOP("RigCheck", "This PC: free space for the session folder"),
     QT_TRANSLATE_NOOP("RigCheck",
                       "Little space left for recordings (about 100 MB an hour). Free space or "
                       "choose another folder with --log-dir.")},
};

// The links that declare checks, in the report's order: by rank, ties in registry order.
QList<const LinkDescriptor *> withChecks(const LinkRegistry &links)
{
    QList<const LinkDescriptor *> out;
    for (const LinkDescriptor &d : links.all())
        if (d.rigChecks)
            out << &d;
    std::stable_sort(out.begin(), out.end(), [](const LinkDescriptor *a, const LinkDescriptor *c) {
        return a->rigChecks->reportRank < c->rigChecks->reportRank;
    });
    return out;
}

const LinkWindow *windowOf(const Observation &o, const QString &name)
{
    auto it = o.links.constFind(name);
    return it == o.links.constEnd() ? nullptr : &it.value();
}

// The window of the first running link whose descriptor has what `has` asks for.
const LinkWindow *windowWith(const Observation &o, const LinkRegistry &links,
                             const std::function<bool(const LinkDescriptor &)> &has)
{
    for (const LinkDescriptor &d : links.all())
        if (has(d))
            if (const LinkWindow *w = windowOf(o, d.name))
                return w;
    return nullptr;
}

void checkTransportDelay(const Observation &o, const QString &link, Builder &b)
{
    if (!o.motionRequested)
        return;
    const QByteArray check = (link + QStringLiteral(".transport_delay")).toUtf8();
    const TransportDelayResult td = o.transportDelay.value_or(TransportDelayResult{});
    if (td.state != TransportDelayResult::State::Done) {
        QString why = o.motionRefused;
        if (why.isEmpty())
            why = td.reason;
        const QString state =
            o.transportDelay ? TransportDelayResult::stateName(td.state) : QString();
        b.add(link, check.constData(), Verdict::Fail,
              why.isEmpty() && state.isEmpty()
                  ? QT_TRANSLATE_NOOP("RigCheckFigure", "not measured: no answer")
                  : QT_TRANSLATE_NOOP("RigCheckFigure", "not measured: %1"),
              {text(why.isEmpty() ? state : why)});
        return;
    }
    const double median = td.medianMs(), worst = td.maxMs();
    b.add(link, check.constData(),
          worst <= part60::kTransportDelayLevelCD_ms   ? Verdict::Pass
          : worst <= part60::kTransportDelayLevelAB_ms ? Verdict::Warn
                                                       : Verdict::Fail,
          QT_TRANSLATE_NOOP("RigCheckFigure", "median %1 ms, worst %2 ms over %3 steps"),
          {number(median, 1), number(worst, 1), number(double(td.samplesMs.size()))});
}

void checkPc(const Observation &o, Builder &b)
{
    // The loop links say what scheduling their thread got.
    QStringList got, missed;
    for (auto it = o.links.constBegin(); it != o.links.constEnd(); ++it) {
        const QJsonObject ep = it.value().last.value(QLatin1String("endpoints")).toObject();
        if (ep.contains(QLatin1String("sched_slice_us"))) {
            const int us = ep.value(QLatin1String("sched_slice_us")).toInt();
            (us > 0 ? got : missed) << QStringLiteral("%1 slice %2 µs").arg(it.key()).arg(us);
        } else if (ep.contains(QLatin1String("thread_priority"))) {
            const int p = ep.value(QLatin1String("thread_priority")).toInt();
            (p >= 2 ? got : missed) << QStringLiteral("%1 priority %2").arg(it.key()).arg(p);
        }
    }
    if (!got.isEmpty() || !missed.isEmpty())
        b.add("pc", "pc.loop_threads", missed.isEmpty() ? Verdict::Pass : Verdict::Warn, "%1",
              {text((missed + got).join(QStringLiteral(", ")))});
    if (o.freeBytes >= 0) {
        const double gb = double(o.freeBytes) / 1e9;
        b.add("pc", "pc.free_space",
              gb >= 2.0   ? Verdict::Pass
              : gb >= 0.5 ? Verdict::Warn
                          : Verdict::Fail,
              QT_TRANSLATE_NOOP("RigCheckFigure", "%1 GB free"), {number(gb, 1)});
    }
}

} // namespace

QString verdictName(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return QStringLiteral("pass");
    case Verdict::Warn:
        return QStringLiteral("warn");
    case Verdict::Fail:
        break;
    }
    return QStringLiteral("fail");
}

QString verdictColour(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return QStringLiteral("#27ae60");
    case Verdict::Warn:
        return QStringLiteral("#e0a800");
    case Verdict::Fail:
        break;
    }
    return QStringLiteral("#c0392b");
}

QList<CheckText> checkTextsOf(const LinkRegistry &links)
{
    QList<CheckText> texts;
    for (const LinkDescriptor *d : withChecks(links))
        texts += d->rigChecks->texts;
    return texts + kPcTexts;
}

const QList<CheckText> &checkTexts()
{
    static const QList<CheckText> texts = checkTextsOf(links::builtinLinks());
    return texts;
}

const CheckText *textOf(const QString &id)
{
    for (const CheckText &t : checkTexts())
        if (id == QLatin1String(t.id))
            return &t;
    return nullptr;
}

QString titleOf(const Item &item, bool translated)
{
    const CheckText *t = textOf(item.check);
    if (!t)
        return item.check;
    return translated ? QCoreApplication::translate("RigCheck", t->title) : QLatin1String(t->title);
}

QString fixOf(const Item &item, bool translated)
{
    const CheckText *t = textOf(item.check);
    if (!t || item.verdict == Verdict::Pass)
        return {};
    return translated ? QCoreApplication::translate("RigCheck", t->fix) : QString::fromUtf8(t->fix);
}

QList<Item> evaluate(const Observation &o, const LinkRegistry &links)
{
    Builder b;
    RigCheckInput shared;
    shared.motion = windowWith(o, links, [](const LinkDescriptor &d) { return bool(d.motion); });
    shared.pilot = windowWith(o, links, [](const LinkDescriptor &d) { return bool(d.pilotOut); });
    shared.firewall = o.firewall;
    for (const LinkDescriptor &d : links.all()) {
        RigCheckInput in = shared;
        in.name = d.name;
        in.self = windowOf(o, d.name);
        in.companion = windowWith(o, links, [&d](const LinkDescriptor &c) {
            return !c.companionOf.isEmpty() && c.companionOf == d.name;
        });
        if (d.rigChecks && d.rigChecks->judge && (in.self || in.companion))
            d.rigChecks->judge(in, b);
        if (d.transportDelay && in.self)
            checkTransportDelay(o, d.name, b);
    }
    checkPc(o, b);
    // The report's order, whatever order the links were looked at in.
    const QList<CheckText> order = checkTextsOf(links);
    const auto index = [&order](const QString &id) {
        for (int i = 0; i < order.size(); ++i)
            if (id == QLatin1String(order[i].id))
                return i;
        return int(order.size());
    };
    std::stable_sort(b.items.begin(), b.items.end(), [&index](const Item &a, const Item &c) {
        return index(a.check) < index(c.check);
    });
    return b.items;
}

bool anyFails(const QList<Item> &items)
{
    return std::any_of(items.begin(), items.end(),
                       [](const Item &i) { return i.verdict == Verdict::Fail; });
}

QJsonArray checksJson(const QList<Item> &items)
{
    QJsonArray a;
    for (const Item &i : items)
        a.append(QJsonObject{{"link", i.link},
                             {"check", i.check},
                             {"verdict", verdictName(i.verdict)},
                             {"value", i.value},
                             {"fix", fixOf(i, false)}});
    return a;
}

QJsonObject transportDelayJson(const Observation &o)
{
    QJsonObject out;
    if (!o.transportDelay || o.transportDelay->state != TransportDelayResult::State::Done)
        return out;
    const QJsonObject td = o.transportDelay->toJson();
    out.insert(QStringLiteral("cue_to_platform"),
               QJsonObject{{"median_ms", td.value(QLatin1String("median_ms"))},
                           {"max_ms", td.value(QLatin1String("max_ms"))},
                           {"steps", td.value(QLatin1String("steps"))},
                           {"samples_ms", td.value(QLatin1String("samples_ms"))}});
    // PX4's own segment (MANUAL_CONTROL out → first changed actuator output), when measured.
    // Found by the counter the ground-station link publishes, in whichever link's window holds it.
    for (const LinkWindow &w : o.links) {
        const QJsonObject seg = w.last.value(QLatin1String("px4_delay")).toObject();
        if (seg.value(QLatin1String("state")).toString() == QLatin1String("done")) {
            out.insert(QStringLiteral("px4_segment"),
                       QJsonObject{{"median_ms", seg.value(QLatin1String("median_ms"))},
                                   {"max_ms", seg.value(QLatin1String("max_ms"))},
                                   {"steps", seg.value(QLatin1String("steps"))}});
            break;
        }
    }
    return out;
}

QString valueOf(const Item &item, bool translated, const QLocale &locale)
{
    return translated && item.figure.pattern ? figureText(item.figure, true, locale) : item.value;
}

} // namespace hil::rigcheck
