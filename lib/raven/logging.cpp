#include "raven/logging.h"
Q_LOGGING_CATEGORY(lcRaven, "hil.raven")
