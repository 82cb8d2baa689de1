#include "mavlink/logging.h"
Q_LOGGING_CATEGORY(lcMavlink, "hil.mavlink")
