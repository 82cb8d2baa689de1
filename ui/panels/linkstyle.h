#pragma once
// Shared look of link states in every panel and the status bar: one colour and one translated
// word per typed state (hil::LinkState from the Station; std::nullopt = not running). The window
// never compares the state words session.json writes.
// Also the display conversion of SI units (stored SI, shown in degrees). GUI thread.

#include "core/linkdescriptor.h"

#include <QColor>
#include <QIcon>
#include <QString>
#include <optional>

namespace hil {

/// A link's state as the window shows it: std::nullopt when the link is not running.
using ShownState = std::optional<LinkState>;
QColor stateColor(ShownState state);
QString stateText(ShownState state);
/// A small round light in the state's colour.
QIcon stateIcon(ShownState state);
/// The colour of something that went wrong (the "down" red).
QColor faultColor();
/// The operator's name of a link, translated from its descriptor's title ("Motion platform" ->
/// "Bewegungsplattform").
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
