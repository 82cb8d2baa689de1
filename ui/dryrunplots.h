#pragma once
// The dry run's PNG plots (docs/dry-run.md): one per DoF (dof-<name>.png: the platform's pose
// and the demanded pose over time, the envelope as a band, predicted limit hits marked) and one of
// the six actuator lengths against their stroke (actuators.png), and one per axis of what the
// pilot and the rider would feel (perceived-<name>.png), and the measured OMCT's Bode plots
// (omct-<test>.png: measured against predicted). Drawn offscreen with QCustomPlot,
// the library the window's plots use; needs a QApplication (any platform plugin, offscreen
// included) and runs in the GUI thread, which a dry run has to itself.

#include "dryrun/dryrun.h"
#include "dryrun/perceptionscore.h"

#include <QImage>
#include <QJsonObject>
#include <QString>
#include <vector>

namespace hil {

/// Writes the PNGs into dir. False with *error naming the file that could not be written.
bool writeDryRunPlots(const QString &dir, const dryrun::DryRunResult &result,
                      const dryrun::DryRunOptions &options, QString *error);
/// perceived-<axis>.png: what the pilot (aircraft) and the rider (platform) would feel on each
/// axis (docs/perception.md), predicted limit hits marked. score needs a trace (traceStride > 0).
bool writePerceptionPlots(const QString &dir, const dryrun::PerceptionScore &score,
                          const dryrun::DryRunResult &result, QString *error);

/// omct-<test>.png per test of the measured OMCT's omct.json (lib/dryrun/omctmeasured.h): gain
/// and phase against frequency, measured points (hollow: not measurable or low coherence)
/// beside the prediction's line.
bool writeOmctPlots(const QString &dir, const QJsonObject &omctJson, QString *error);

/// A plot drawn, not yet written: the window draws in the GUI thread and writes in another.
struct NamedImage
{
    QString fileName; ///< in the folder it is written to
    QImage image;
};
/// The plots writeOmctPlots writes, drawn (GUI thread).
std::vector<NamedImage> drawOmctPlots(const QJsonObject &omctJson);
/// Writes each image as PNG into dir; any thread. False with *error naming the file.
bool writeImages(const QString &dir, const std::vector<NamedImage> &images, QString *error);

} // namespace hil
