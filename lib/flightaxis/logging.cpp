#include "flightaxis/logging.h"
Q_LOGGING_CATEGORY(lcFlightAxis, "hil.flightaxis")
