#include "rigcheck/rigreport.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFont>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextDocument>
#include <algorithm>
#include <memory>

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
    // A check on a built-in stand-in says so: its figure is no rig's.
    const QJsonObject peers = run.value(QLatin1String("link_peers")).toObject();
    QJsonArray checks = checksJson(items);
    for (QJsonValueRef c : checks) {
        QJsonObject o = c.toObject();
        if (peers.value(o.value(QLatin1String("link")).toString())
                .toObject()
                .value(QLatin1String("stand_in"))
                .toBool()) {
            o.insert(QStringLiteral("stand_in"), true);
            c = o;
        }
    }
    j.insert(QStringLiteral("checks"), checks);
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
    double ymax = part60::kTransportDelayLevelAB_ms * 1.1;
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
    limit(part60::kTransportDelayLevelCD_ms, QColor(0xe0, 0xa8, 0x00),
          QStringLiteral("Part 60 Levels C/D: 150 ms"));
    limit(part60::kTransportDelayLevelAB_ms, QColor(0xc0, 0x39, 0x2b),
          QStringLiteral("Part 60 Levels A/B: 300 ms"));
    p.setPen(QPen(QColor(0x2c, 0x6e, 0xb5), 2));
    p.setBrush(QColor(0x2c, 0x6e, 0xb5));
    for (int i = 0; i < n; ++i)
        p.drawEllipse(QPointF(x(i), y(samplesMs.at(i).toDouble())), 4, 4);
    p.end();
    return img;
}

namespace {

/// The verdict, its counts, the program and each link's peer: what a reader needs before the
/// table (report.json's "verdict", "fails", "warnings", "link_peers").
QString headHtml(const Report &r)
{
    const bool t = r.translated;
    const auto text = [t](const char *s) { return t ? tr(s) : QString::fromUtf8(s); };
    const QString verdict = r.json.value(QLatin1String("verdict")).toString();
    const Verdict v = verdict == QLatin1String("fail")   ? Verdict::Fail
                      : verdict == QLatin1String("warn") ? Verdict::Warn
                                                         : Verdict::Pass;
    const int fails = r.json.value(QLatin1String("fails")).toInt();
    const int warns = r.json.value(QLatin1String("warnings")).toInt();
    const int passes = int(r.items.size()) - fails - warns;
    QString h;
    h += QStringLiteral("<h1>%1</h1>").arg(text(QT_TRANSLATE_NOOP("RigCheck", "Rig check")));
    h += QStringLiteral("<table cellpadding=\"6\"><tr><td bgcolor=\"%1\"><big><b>%2</b></big></td>"
                        "<td><big>%3</big></td></tr></table>")
             .arg(verdictColour(v),
                  (text(QT_TRANSLATE_NOOP("RigCheck", "Verdict: %1")).arg(verdictText(v, t)))
                      .toHtmlEscaped(),
                  text(QT_TRANSLATE_NOOP("RigCheck", "Passed: %1 · warnings: %2 · failed: %3"))
                      .arg(passes)
                      .arg(warns)
                      .arg(fails)
                      .toHtmlEscaped());
    h += QStringLiteral("<p>%1</p>")
             .arg(QStringLiteral("%1 %2 · %3 %4 s · %5")
                      .arg(r.json.value(QLatin1String("program")).toString(),
                           r.json.value(QLatin1String("version")).toString(),
                           text(QT_TRANSLATE_NOOP("RigCheck", "window")),
                           QString::number(r.json.value(QLatin1String("seconds")).toDouble(), 'f',
                                           1),
                           r.json.value(QLatin1String("started_utc")).toString())
                      .toHtmlEscaped());
    const QJsonObject peers = r.json.value(QLatin1String("link_peers")).toObject();
    if (!peers.isEmpty()) {
        h += QStringLiteral("<p><b>%1</b><br>")
                 .arg(text(QT_TRANSLATE_NOOP("RigCheck", "Links checked")).toHtmlEscaped());
        QStringList lines;
        for (auto it = peers.constBegin(); it != peers.constEnd(); ++it) {
            const QJsonObject p = it.value().toObject();
            QString where;
            if (p.value(QLatin1String("stand_in")).toBool()) {
                where = text(QT_TRANSLATE_NOOP("RigCheck", "built-in stand-in: its figures are "
                                                           "no rig's"));
            } else {
                QStringList parts;
                const QJsonObject ep = p.value(QLatin1String("endpoints")).toObject();
                for (auto e = ep.constBegin(); e != ep.constEnd(); ++e)
                    parts << QStringLiteral("%1 %2").arg(
                        e.key(), e.value().isDouble() ? QString::number(e.value().toDouble())
                                                      : e.value().toString());
                where = parts.join(QStringLiteral(", "));
            }
            lines << QStringLiteral("<tt>%1</tt>: %2")
                         .arg(it.key().toHtmlEscaped(), where.toHtmlEscaped());
        }
        h += lines.join(QStringLiteral("<br>")) + QStringLiteral("</p>");
    }
    return h;
}

bool linkIsStandIn(const Report &r, const QString &link)
{
    return r.json.value(QLatin1String("link_peers"))
        .toObject()
        .value(link)
        .toObject()
        .value(QLatin1String("stand_in"))
        .toBool();
}

/// The table's opening tag and header row; the same column widths on every page.
QString tableHeadHtml(bool t)
{
    const auto text = [t](const char *s) { return t ? tr(s) : QString::fromUtf8(s); };
    return QStringLiteral("<table border=\"1\" cellspacing=\"0\" cellpadding=\"4\" width=\"100%\">"
                          "<tr><th width=\"10%\">%1</th><th width=\"34%\">%2</th>"
                          "<th width=\"22%\">%3</th><th width=\"34%\">%4</th></tr>")
        .arg(text(QT_TRANSLATE_NOOP("RigCheck", "Verdict")),
             text(QT_TRANSLATE_NOOP("RigCheck", "Check")),
             text(QT_TRANSLATE_NOOP("RigCheck", "Figure")),
             text(QT_TRANSLATE_NOOP("RigCheck", "Fix")));
}

QString rowHtml(const Report &r, const Item &i, bool widths)
{
    const bool t = r.translated;
    // A stand-in's figure is no rig's: said beside it, so 0.0 ms is not read as measured.
    const QString value = valueOf(i, t, t ? QLocale() : QLocale::c());
    const QString figure = linkIsStandIn(r, i.link)
                               ? (t ? tr(QT_TRANSLATE_NOOP("RigCheck", "%1 (stand-in)"))
                                    : QStringLiteral("%1 (stand-in)"))
                                     .arg(value)
                               : value;
    // Check ids in a fixed-width font: proportional fonts join "fl" into one glyph, and a reader
    // searching the PDF for an id with "fl" in it would not find it.
    return QStringLiteral("<tr><td bgcolor=\"%1\"%7><b>%2</b></td><td%8><tt "
                          "style=\"font-size:8pt\">%3</tt><br>%4</td>"
                          "<td%9>%5</td><td%8>%6</td></tr>")
        .arg(verdictColour(i.verdict), verdictText(i.verdict, t).toHtmlEscaped(),
             i.check.toHtmlEscaped(), titleOf(i, t).toHtmlEscaped(), figure.toHtmlEscaped(),
             fixOf(i, t).toHtmlEscaped(), widths ? QStringLiteral(" width=\"10%\"") : QString(),
             widths ? QStringLiteral(" width=\"34%\"") : QString(),
             widths ? QStringLiteral(" width=\"22%\"") : QString());
}

QString transportDelayHtml(const Report &r)
{
    const bool t = r.translated;
    const auto text = [t](const char *s) { return t ? tr(s) : QString::fromUtf8(s); };
    const QJsonObject td = r.json.value(QLatin1String("transport_delay")).toObject();
    if (td.isEmpty())
        return {};
    QString h = QStringLiteral("<h2>%1</h2><ul>")
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
                           "RigCheck", "Limits: %1 ms for Levels C and D, %2 ms for Levels A and B "
                                       "(14 CFR Part 60, Appendix A, Attachment 2, Table A2A)."))
                      .arg(part60::kTransportDelayLevelCD_ms)
                      .arg(part60::kTransportDelayLevelAB_ms));
    if (td.contains(QLatin1String("cue_to_platform")))
        h += QStringLiteral("<p><img src=\"transport-delay.png\" width=\"600\"></p>");
    return h;
}

QString page(const Report &r, const QString &body)
{
    const bool t = r.translated;
    return QStringLiteral("<html><head><meta charset=\"utf-8\"><title>%1</title></head><body>%2"
                          "</body></html>")
        .arg((t ? tr(QT_TRANSLATE_NOOP("RigCheck", "Rig check")) : QStringLiteral("Rig check"))
                 .toHtmlEscaped(),
             body);
}

/// Lays one piece of the page out at the page's width (device pixels).
std::unique_ptr<QTextDocument> piece(const QString &html, const QFont &font, qreal width,
                                     const QImage &plot)
{
    auto doc = std::make_unique<QTextDocument>();
    doc->setDefaultFont(font);
    doc->setDocumentMargin(0);
    if (!plot.isNull())
        doc->addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("transport-delay.png")),
                         plot);
    doc->setHtml(html);
    doc->setTextWidth(width);
    return doc;
}

/// report.pdf, A4: the head, then the table one row at a time, so that a row that would cross
/// the page's foot starts the next page, under the table's header again (Qt's own printing
/// splits a table row across two pages). placed: each row's page (0-based).
void drawPdf(const Report &r, const QImage &plot, QIODevice *out, QList<int> *placed)
{
    QPdfWriter pdf(out);
    pdf.setPageSize(QPageSize(QPageSize::A4));
    pdf.setResolution(150);
    pdf.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
    pdf.setTitle(QStringLiteral("Rig check"));
    pdf.setCreator(QStringLiteral("hilstation"));
    QPainter p(&pdf);
    QFont font;
    font.setPointSizeF(9.0);
    const qreal width = pdf.width(), height = pdf.height();
    qreal y = 0;
    int pageNo = 0;
    const auto draw = [&](QTextDocument &doc) {
        p.save();
        p.translate(0, y);
        doc.drawContents(&p);
        p.restore();
        y += doc.size().height();
    };
    const auto newPage = [&] {
        pdf.newPage();
        ++pageNo;
        y = 0;
    };
    auto head = piece(page(r, headHtml(r)), font, width, {});
    draw(*head);
    auto header =
        piece(page(r, tableHeadHtml(r.translated) + QStringLiteral("</table>")), font, width, {});
    draw(*header);
    for (const Item &i : r.items) {
        auto row = piece(page(r, QStringLiteral("<table border=\"1\" cellspacing=\"0\" "
                                                "cellpadding=\"4\" width=\"100%\">") +
                                     rowHtml(r, i, true) + QStringLiteral("</table>")),
                         font, width, {});
        // Borders of adjacent one-row tables overlap by their width: drawn as one table.
        y -= 1;
        if (y + row->size().height() > height && y > header->size().height()) {
            newPage();
            draw(*header);
            y -= 1;
        }
        if (placed)
            placed->append(pageNo);
        draw(*row);
    }
    const QString td = transportDelayHtml(r);
    if (!td.isEmpty()) {
        auto tail = piece(page(r, td), font, width, plot);
        if (y + tail->size().height() > height)
            newPage();
        draw(*tail);
    }
}

} // namespace

QString reportHtml(const Report &r)
{
    QString body = headHtml(r) + tableHeadHtml(r.translated);
    for (const Item &i : r.items)
        body += rowHtml(r, i, false);
    body += QStringLiteral("</table>") + transportDelayHtml(r);
    return page(r, body);
}

QList<int> pdfRowPages(const Report &r)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QList<int> placed;
    drawPdf(r, {}, &buffer, &placed);
    return placed;
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
    out.html = reportHtml(r).toUtf8();
    QBuffer pdfBytes(&out.pdf);
    pdfBytes.open(QIODevice::WriteOnly);
    drawPdf(r, plot, &pdfBytes, nullptr);
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
