#pragma once
// The rig check's files (docs/rig-check.md): report.json for programs, report.html and report.pdf
// for a person (the checks as a table with their lights, the transport-delay steps as a plot,
// transport-delay.png beside the page). The PDF is drawn by Qt's own text layout into a
// QPdfWriter: no browser, no printer driver.
//
// Thread: any thread but needs a QGuiApplication (fonts); the runner calls it in a thread of its
// own so that the window never waits on the disk. Numbers in the files: C locale.

#include "rigcheck/rigcheck.h"

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

/// Writes report.json, report.html, report.pdf (and transport-delay.png when measured) into dir,
/// made if missing. False with a reason when any of them cannot be written; files lists those
/// written.
bool writeReport(const QString &dir, const Report &r, QStringList *files, QString *error);

} // namespace hil::rigcheck
