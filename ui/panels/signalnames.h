#pragma once
// What the plots and their signal tree show for a telemetry series. A series keeps its name
// ("flightaxis/period_ms", "position/n") in files, settings, CSV headers and tooltips: that name
// is the engineer's handle and never changes with the language. The window shows each part of
// it in the operator's language: a link's part as the link's title ("RealFlight",
// "Bewegungsplattform"), every other known part from a table of words (translation context
// "hil::SignalWord"; the English text is the part itself, so an English window shows the names
// the files use), an unknown part (a lab rig's own series) as it is. GUI thread.

#include <QString>

class QFontMetrics;

namespace hil {

class LinkRegistry;

namespace signalnames {

/// One part of a series name ("angular_velocity", "n", a link's name, "channel_3") in the
/// operator's language. `links` may be null: link names then stay as they are.
QString word(const QString &part, const LinkRegistry *links);
/// A whole name, each part through word(), joined by "/" as the name is.
QString text(const QString &name, const LinkRegistry *links);

/// The widest group word the tree can show in the current language (the links' titles and the
/// table's groups), in pixels of `metrics`: what the tree's name column needs at the top level.
int widestGroup(const QFontMetrics &metrics, const LinkRegistry *links);

} // namespace signalnames
} // namespace hil
