#pragma once
// The dry run's PNG plots (docs/dry-run.md): one per DoF (dof-<name>.png: the platform's pose
// and the demanded pose over time, the envelope as a band, predicted limit hits marked) and one of
// the six actuator lengths against their stroke (actuators.png). Drawn offscreen with QCustomPlot,
// the library the window's plots use; needs a QApplication (any platform plugin, offscreen
// included) and runs in the GUI thread, which a dry run has to itself.

#include "dryrun/dryrun.h"

#include <QString>

namespace hil {

/// Writes the PNGs into dir. False with *error naming the file that could not be written.
bool writeDryRunPlots(const QString &dir, const dryrun::DryRunResult &result,
                      const dryrun::DryRunOptions &options, QString *error);

} // namespace hil
