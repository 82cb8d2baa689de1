#include "rflysim/logging.h"
Q_LOGGING_CATEGORY(lcRflysim, "hil.rflysim")
