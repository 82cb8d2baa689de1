#include "input/logging.h"
Q_LOGGING_CATEGORY(lcInput, "hil.input")
