#pragma once
// The window's panels for links: a factory per panel id, the id a LinkDescriptor names in its
// `panel` field (lib/core knows no widgets, only the id). MainWindow creates, in registration
// order (the default layout's tab order), the panel of every id some descriptor of the Station's
// registry names; a link without a panel gets none, an id nobody registered is logged once.
// General panels (plots, statistics, links, session, replay) are not here. GUI thread.
//
// One line per panel in builtinLinkPanels() (ui/panels/builtinpanels.cpp).

#include <QString>
#include <Qt>
#include <functional>
#include <vector>

class QSettings;

namespace hil {

class Panel;
class Station;

/// What a link panel's factory gets from the window.
struct LinkPanelContext
{
    Station *station = nullptr;
    QSettings *settings = nullptr; ///< the window's settings, nullptr when it keeps none
    /// The window's STOP (toolbar action): a panel's own STOP button calls this.
    std::function<void()> stop;
};

struct LinkPanelSpec
{
    QString id; ///< as LinkDescriptor::panel names it
    Qt::DockWidgetArea area;
    std::function<Panel *(const LinkPanelContext &)> make;
};

/// The built-in link panels, in the default layout's tab order.
const std::vector<LinkPanelSpec> &builtinLinkPanels();

} // namespace hil
