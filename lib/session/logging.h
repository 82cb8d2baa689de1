#pragma once
// The session module logs under "hil.session". The category was declared with the foundation in
// station/logging.h (the recorder predates this folder); this header is the module's own entry
// point so that session code never reaches into station/ for logging.
#include "station/logging.h"
