#include "lab/logging.h"
Q_LOGGING_CATEGORY(lcLab, "hil.lab")
