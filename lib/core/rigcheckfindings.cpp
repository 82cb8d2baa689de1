#include "core/rigcheckfindings.h"

#include <QCoreApplication>

namespace hil::rigcheck {

Verdict rateVerdict(const RateLimit &limit, double perSecond)
{
    switch (limit.level(perSecond)) {
    case RateLimit::Level::Good:
        return Verdict::Pass;
    case RateLimit::Level::Low:
        return Verdict::Warn;
    case RateLimit::Level::Bad:
        break;
    }
    return Verdict::Fail;
}

void Builder::add(const QString &link, const char *check, Verdict v, const char *pattern,
                  QList<FigureArg> args)
{
    const Figure f{pattern, std::move(args)};
    items.append({link, QLatin1String(check), v, figureText(f, false, QLocale::c()), f});
}

FigureArg number(double v, int decimals)
{
    FigureArg a;
    a.kind = FigureArg::Kind::Number;
    a.number = v;
    a.decimals = decimals;
    return a;
}

FigureArg word(const char *english)
{
    FigureArg a;
    a.kind = FigureArg::Kind::Word;
    a.text = QString::fromUtf8(english);
    return a;
}

FigureArg text(const QString &shown)
{
    FigureArg a;
    a.text = shown;
    return a;
}

QString figureText(const Figure &f, bool translated, const QLocale &locale)
{
    if (!f.pattern)
        return {};
    const QString pattern = translated ? QCoreApplication::translate("RigCheckFigure", f.pattern)
                                       : QString::fromUtf8(f.pattern);
    // %1..%9 replaced in one pass: a peer's text holding "%2" stays as it is.
    QString out;
    out.reserve(pattern.size() + 16);
    for (int i = 0; i < pattern.size(); ++i) {
        const QChar c = pattern.at(i);
        const int n =
            c == QLatin1Char('%') && i + 1 < pattern.size() ? pattern.at(i + 1).digitValue() : -1;
        if (n < 1 || n > f.args.size()) {
            out += c;
            continue;
        }
        const FigureArg &a = f.args.at(n - 1);
        switch (a.kind) {
        case FigureArg::Kind::Number:
            out += locale.toString(a.number, 'f', a.decimals);
            break;
        case FigureArg::Kind::Word:
            out += translated
                       ? QCoreApplication::translate("RigCheckFigure", a.text.toUtf8().constData())
                       : a.text;
            break;
        case FigureArg::Kind::Text:
            out += a.text;
            break;
        }
        ++i;
    }
    return out;
}

} // namespace hil::rigcheck
