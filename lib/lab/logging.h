#pragma once
#include <QLoggingCategory>
Q_DECLARE_LOGGING_CATEGORY(lcLab) // "hil.lab"
