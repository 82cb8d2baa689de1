#include "rigcheck/rigreport.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFont>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextDocument>
#include <algorithm>

namespace hil::rigcheck {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("RigCheck", text);
}

QString verdictText(Verdict v, bool translated)
{
    const char *t = v == Verdict::Pass   ? QT_TRANSLATE_NOOP("RigCheck", "pass")
                    : v == Verdict::Warn ? QT_TRANSLATE_NOOP("RigCheck", "warn")
                                         : QT_TRANSLATE_NOOP("RigCheck", "fail");
    return translated ? tr(t) : QLatin1String(t);
}

bool saveBytes(const QString &path, const QByteArray &bytes, QString *error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit()) {
        *error = QStringLiteral("cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

} // namespace

QJsonObject reportJson(const QList<Item> &items, const Observation &o, const QJsonObject &run)
{
    QJsonObject j = run;
    QJsonArray links;
    for (auto it = o.links.constBegin(); it != o.links.constEnd(); ++it)
        links.append(it.key());
    j.insert(QStringLiteral("links"), links);
    j.insert(QStringLiteral("checks"), checksJson(items));
    j.insert(QStringLiteral("transport_delay"), transportDelayJson(o));
    int fails = 0, warns = 0;
    for (const Item &i : items) {
        fails += i.verdict == Verdict::Fail;
        warns += i.verdict == Verdict::Warn;
    }
    j.insert(QStringLiteral("verdict"), fails   ? QStringLiteral("fail")
                                        : warns ? QStringLiteral("warn")
                                                : QStringLiteral("pass"));
    j.insert(QStringLiteral("fails"), fails);
    j.insert(QStringLiteral("warnings"), warns);
    return j;
}

QImage transportDelayPlot(const QJsonArray &samplesMs, const QString &title)
{
    if (samplesMs.isEmpty())
        return {};
    const int w = 900, h = 360, left = 70, right = 20, top = 40, bottom = 50;
    QImage img(w, h, QImage::Format_RGB32);
    img.fill(Qt::white);
    QPainter p(&img);
    p.setRenderHint(QPainter::Antialiasing);
    double ymax = kTransportDelayLevelAB_ms * 1.1;
    for (const QJsonValue &v : samplesMs)
        ymax = std::max(ymax, v.toDouble() * 1.1);
    const int n = int(samplesMs.size());
    const auto x = [&](double i) {
        return left + (w - left - right) * (n > 1 ? i / (n - 1) : 0.5);
    };
    const auto y = [&](double ms) { return top + (h - top - bottom) * (1.0 - ms / ymax); };
    p.setPen(Qt::black);
    p.drawText(QRectF(0, 5, w, 30), Qt::AlignCenter, title);
    p.drawLine(QPointF(left, top), QPointF(left, h - bottom));
    p.drawLine(QPointF(left, h - bottom), QPointF(w - right, h - bottom));
    for (double ms = 0; ms <= ymax; ms += 50) {
        p.drawText(QRectF(0, y(ms) - 8, left - 6, 16), Qt::AlignRight | Qt::AlignVCenter,
                   QString::number(ms, 'f', 0));
    }
    p.drawText(QRectF(0, h - bottom + 20, w, 20), Qt::AlignCenter,
               QStringLiteral("step (1-%1), delay in ms").arg(n));
    const auto limit = [&](double ms, const QColor &c, const QString &label) {
        p.setPen(QPen(c, 1.5, Qt::DashLine));
        p.drawLine(QPointF(left, y(ms)), QPointF(w - right, y(ms)));
        p.drawText(QPointF(w - right - 230, y(ms) - 4), label);
    };
    limit(kTransportDelayLevelCD_ms, QColor(0xe0, 0xa8, 0x00),
          QStringLiteral("Part 60 Levels C/D: 150 ms"));
    limit(kTransportDelayLevelAB_ms, QColor(0xc0, 0x39, 0x2b),
          QStringLiteral("Part 60 Levels A/B: 300 ms"));
    p.setPen(QPen(QColor(0x2c, 0x6e, 0xb5), 2));
    p.setBrush(QColor(0x2c, 0x6e, 0xb5));
    for (int i = 0; i < n; ++i)
        p.drawEllipse(QPointF(x(i), y(samplesMs.at(i).toDouble())), 4, 4);
    p.end();
    return img;
}

QString reportHtml(const Report &r)
{
    const bool t = r.translated;
    const auto text = [t](const char *s) { return t ? tr(s) : QString::fromUtf8(s); };
    QString h;
    h += QStringLiteral("<html><head><meta charset=\"utf-8\"><title>%1</title></head><body>")
             .arg(text(QT_TRANSLATE_NOOP("RigCheck", "Rig check")).toHtmlEscaped());
    h += QStringLiteral("<h1>%1</h1>").arg(text(QT_TRANSLATE_NOOP("RigCheck", "Rig check")));
    h += QStringLiteral("<p>%1</p>")
             .arg(QStringLiteral("%1 %2 · %3 %4 s · %5")
                      .arg(r.json.value(QLatin1String("program")).toString(),
                           r.json.value(QLatin1String("version")).toString(),
                           text(QT_TRANSLATE_NOOP("RigCheck", "window")),
                           QString::number(r.json.value(QLatin1String("seconds")).toDouble(), 'f',
                                           1),
                           r.json.value(QLatin1String("started_utc")).toString())
                      .toHtmlEscaped());
    // Check ids in a fixed-width font: proportional fonts join "fl" into one glyph, and a reader
    // searching the PDF for an id with "fl" in it would not find it.
    h += QStringLiteral("<table border=\"1\" cellspacing=\"0\" cellpadding=\"4\" width=\"100%\">"
                        "<tr><th width=\"10%\">%1</th><th width=\"34%\">%2</th>"
                        "<th width=\"22%\">%3</th><th width=\"34%\">%4</th></tr>")
             .arg(text(QT_TRANSLATE_NOOP("RigCheck", "Verdict")),
                  text(QT_TRANSLATE_NOOP("RigCheck", "Check")),
                  text(QT_TRANSLATE_NOOP("RigCheck", "Figure")),
                  text(QT_TRANSLATE_NOOP("RigCheck", "Fix")));
    for (const Item &i : r.items)
        h += QStringLiteral("<tr><td bgcolor=\"%1\"><b>%2</b></td><td><tt "
                            "style=\"font-size:8pt\">%3</tt><br>%4</td>"
                            "<td>%5</td><td>%6</td></tr>")
                 .arg(verdictColour(i.verdict), verdictText(i.verdict, t).toHtmlEscaped(),
                      i.check.toHtmlEscaped(), titleOf(i, t).toHtmlEscaped(),
                      i.value.toHtmlEscaped(), fixOf(i, t).toHtmlEscaped());
    h += QStringLiteral("</table>");
    const QJsonObject td = r.json.value(QLatin1String("transport_delay")).toObject();
    if (!td.isEmpty()) {
        h += QStringLiteral("<h2>%1</h2><ul>")
                 .arg(text(QT_TRANSLATE_NOOP("RigCheck", "Transport delay")));
        for (auto it = td.constBegin(); it != td.constEnd(); ++it) {
            const QJsonObject p = it.value().toObject();
            h += QStringLiteral("<li>%1: median %2 ms, worst %3 ms, %4 steps</li>")
                     .arg(it.key(),
                          QString::number(p.value(QLatin1String("median_ms")).toDouble(), 'f', 1),
                          QString::number(p.value(QLatin1String("max_ms")).toDouble(), 'f', 1))
                     .arg(p.value(QLatin1String("steps")).toInt());
        }
        h += QStringLiteral("</ul><p>%1</p>")
                 .arg(text(QT_TRANSLATE_NOOP(
                     "RigCheck", "Limits: 150 ms for Levels C and D, 300 ms for Levels A and B "
                                 "(14 CFR Part 60, Appendix A, Attachment 2, Table A2A).")));
        if (td.contains(QLatin1String("cue_to_platform")))
            h += QStringLiteral("<p><img src=\"transport-delay.png\" width=\"600\"></p>");
    }
    h += QStringLiteral("</body></html>");
    return h;
}

RenderedReport renderReport(const Report &r)
{
    RenderedReport out;
    out.json = QJsonDocument(r.json).toJson(QJsonDocument::Indented);
    const QJsonArray samples = r.json.value(QLatin1String("transport_delay"))
                                   .toObject()
                                   .value(QLatin1String("cue_to_platform"))
                                   .toObject()
                                   .value(QLatin1String("samples_ms"))
                                   .toArray();
    const QImage plot =
        transportDelayPlot(samples, QStringLiteral("Transport delay, cue step to the seat moving"));
    if (!plot.isNull()) {
        QBuffer png(&out.png);
        png.open(QIODevice::WriteOnly);
        plot.save(&png, "PNG");
    }
    const QString html = reportHtml(r);
    out.html = html.toUtf8();

    // The PDF: the same page laid out by QTextDocument, the plot as a document resource.
    QBuffer pdfBytes(&out.pdf);
    pdfBytes.open(QIODevice::WriteOnly);
    {
        QPdfWriter pdf(&pdfBytes);
        pdf.setPageSize(QPageSize(QPageSize::A4));
        pdf.setResolution(150);
        pdf.setTitle(QStringLiteral("Rig check"));
        pdf.setCreator(QStringLiteral("hilstation"));
        QTextDocument doc;
        QFont font = doc.defaultFont();
        font.setPointSizeF(9.0);
        doc.setDefaultFont(font);
        if (!plot.isNull())
            doc.addResource(QTextDocument::ImageResource,
                            QUrl(QStringLiteral("transport-delay.png")), plot);
        doc.setHtml(html);
        doc.print(&pdf);
    }
    return out;
}

bool writeRendered(const QString &dir, const RenderedReport &r, QStringList *files, QString *error)
{
    if (!QDir().mkpath(dir)) {
        *error = QStringLiteral("cannot create the report folder %1").arg(dir);
        return false;
    }
    const QDir d(dir);
    const std::pair<const char *, const QByteArray *> parts[] = {{"report.json", &r.json},
                                                                 {"transport-delay.png", &r.png},
                                                                 {"report.html", &r.html},
                                                                 {"report.pdf", &r.pdf}};
    for (const auto &[name, bytes] : parts) {
        if (bytes->isEmpty() && qstrcmp(name, "transport-delay.png") == 0)
            continue; // no transport delay measured: no plot
        const QString path = d.filePath(QLatin1String(name));
        if (bytes->isEmpty()) {
            *error = QStringLiteral("cannot write %1: nothing was rendered").arg(path);
            return false;
        }
        if (!saveBytes(path, *bytes, error))
            return false;
        *files << path;
    }
    return true;
}

bool writeReport(const QString &dir, const Report &r, QStringList *files, QString *error)
{
    return writeRendered(dir, renderReport(r), files, error);
}

} // namespace hil::rigcheck
