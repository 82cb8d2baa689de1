#pragma once
#include <QLoggingCategory>
Q_DECLARE_LOGGING_CATEGORY(lcTelemetry) // "hil.telemetry"
