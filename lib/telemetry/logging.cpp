#include "telemetry/logging.h"
Q_LOGGING_CATEGORY(lcTelemetry, "hil.telemetry")
