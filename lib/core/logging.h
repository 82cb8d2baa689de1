#pragma once
#include <QLoggingCategory>
// Workers' events and the station's own lines log under "hil.station": one category for the
// whole event stream, so `QT_LOGGING_RULES="hil.station.info=false"` silences it in one place.
Q_DECLARE_LOGGING_CATEGORY(lcStation) // "hil.station"
