#pragma once
#include <QLoggingCategory>
Q_DECLARE_LOGGING_CATEGORY(lcStation)   // "hil.station"
Q_DECLARE_LOGGING_CATEGORY(lcSession)   // "hil.session"
