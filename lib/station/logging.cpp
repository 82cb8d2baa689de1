#include "station/logging.h"
Q_LOGGING_CATEGORY(lcStation, "hil.station")
Q_LOGGING_CATEGORY(lcSession, "hil.session")
