#pragma once
// Shared look of link states in every panel and the status bar: one colour and one translated
// word per state name as session.json writes it ("stopped", "connecting", "up", "down").
// Also the display conversion of SI units (stored SI, shown in degrees). GUI thread.

#include "core/linkdescriptor.h"

#include <QColor>
#include <QIcon>
#include <QString>

namespace hil {

QColor stateColor(const QString &state);
QString stateText(const QString &state);
/// A small round light in the state's colour.
QIcon stateIcon(const QString &state);
/// The operator's name of a link, translated ("raven" -> "Motion platform" / "Bewegungsplattform").
QString linkTitle(const LinkDescriptor &d);
/// The same by name; the name itself when the registry has no such link.
QString linkTitle(const LinkRegistry &registry, const QString &name);

struct DisplayUnit
{
    double scale = 1.0; ///< display value = SI value * scale
    QString unit;
};
/// With `degrees`: rad -> °, rad/s -> °/s; everything else (and everything without) unchanged.
DisplayUnit displayUnit(const QString &siUnit, bool degrees = true);

} // namespace hil
