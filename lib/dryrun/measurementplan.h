#pragma once
// The two measurements' designed excitations for a platform believed to be `prior` (its
// envelope is the reach the run may use, as the platform reports none): the platform
// measurement (identifies the model, docs/platform-model.md "Measuring the platform") and the
// measured OMCT (the OMCT's twelve frequencies on each input, "The OMCT measured"). `fast` is
// the tests' seconds-long timing (the hidden --omct-fast): the same procedure on higher
// harmonics, whose figures are no OMCT's. Used by the command line and by the window. Pure.

#include "core/omctmeasurement.h"
#include "core/platformmeasurement.h"
#include "platformmodel/platformmodel.h"

namespace hil::dryrun {

PlatformMeasurementSettings platformMeasurementPlan(const platformmodel::ModelConfig &prior,
                                                    bool fast);
OmctMeasurementSettings omctMeasurementPlan(const platformmodel::ModelConfig &prior, bool fast);

} // namespace hil::dryrun
