#include "core/logging.h"
Q_LOGGING_CATEGORY(lcStation, "hil.station")
