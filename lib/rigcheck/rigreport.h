#pragma once
// The rig check's files (docs/rig-check.md): report.json for programs, report.html and report.pdf
// for a person (the verdict and its counts first, each link's peer or "stand-in", the checks as
// a table with their lights, the transport-delay steps as a plot, transport-delay.png beside the
// page). The PDF is drawn by Qt's own text layout into a QPdfWriter, one table row at a time so
// that no row is split across pages: no browser, no printer driver.
//
// Thread: renderReport in the thread that owns the fonts and images (the GUI thread, or main()'s
// without a window; needs a QGuiApplication); writeRendered in any thread (the runner's report
// thread, so that the window never waits on the disk). Qt's text layout and image conversions
// start timers and the global thread pool's threads: from a bare std::thread the Windows build
// crashed, from a QThread it hung at the process's exit. Numbers in the files: C locale.

#include "rigcheck/rigcheck.h"

#include <QByteArray>
#include <QImage>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace hil::rigcheck {

struct Report
{
    QJsonObject json;       ///< report.json, whole
    QList<Item> items;      ///< the same checks, for the page's texts
    bool translated = true; ///< the page in the operator's language (report.json stays English)
};

/// report.json's body from the verdicts and the run's facts.
QJsonObject reportJson(const QList<Item> &items, const Observation &o, const QJsonObject &run);

/// The transport-delay steps (ms, in order) as a plot with the Part 60 limits; null image when
/// there are no samples.
QImage transportDelayPlot(const QJsonArray &samplesMs, const QString &title);

/// The page a person reads, as HTML (images referred to by file name).
QString reportHtml(const Report &r);

/// report.pdf's page for each row of the table (0-based, in r.items order): rows are placed
/// whole, a row that would cross a page's foot starting the next page.
QList<int> pdfRowPages(const Report &r);

/// The report's files as bytes: report.json, report.html, report.pdf and, when the transport
/// delay was measured, transport-delay.png (else empty). Tens of milliseconds (make bench).
struct RenderedReport
{
    QByteArray json, html, pdf, png;
};
RenderedReport renderReport(const Report &r);

/// Writes a rendered report into dir, made if missing. False with a reason when any file cannot
/// be written; files lists those written.
bool writeRendered(const QString &dir, const RenderedReport &r, QStringList *files, QString *error);

/// renderReport and writeRendered in one call (the calling thread owns the fonts).
bool writeReport(const QString &dir, const Report &r, QStringList *files, QString *error);

} // namespace hil::rigcheck
