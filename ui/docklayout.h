#pragma once
// DockLayout: where the operator window's docks go, and how that arrangement is kept. A concept
// of its own beside the window: it knows QMainWindow's dock areas and QSettings, not panels,
// STOP or quitting. GUI thread; sizes in device-independent pixels.
//
// The default puts the motion platform first in the right-hand area, which spans the window's
// full height, and sizes the docks for the window (arrangeDefault()). Layouts are saved per
// screen size (screenKey()) and restored only on a screen they fit (save()/restore()); a layout
// of another version (the set of core docks changed shape) is never restored.

#include <QList>
#include <QPair>
#include <QString>

class QDockWidget;
class QMainWindow;
class QRect;
class QSettings;
class QSize;

namespace hil {

class DockLayout
{
public:
    /// The docks in creation order with the area each asked for. A dock's objectName is its
    /// panel's + "Dock" ("plotsPanelDock", "motionPanelDock", ...).
    using Docks = QList<QPair<QDockWidget *, Qt::DockWidgetArea>>;

    /// The first-run arrangement fitted to the window's current size: plots upper left, links
    /// and session below (tabbed below 1600 px), the motion platform (else link statistics)
    /// first on the right with the right-area panels as further tabs, Link statistics last.
    static void arrangeDefault(QMainWindow &window, const Docks &docks);

    enum class Restored {
        Nothing,      ///< no layout for this screen, or the last one does not fit it
        Layout,       ///< geometry and dock state restored
        OtherVersion, ///< geometry restored; the dock state is another version's (not applied)
    };
    /// Saves geometry and dock state under "window" and "window/layouts/<screenKey>".
    static void save(const QMainWindow &window, QSettings &settings, int version);
    /// The layout saved for this screen size, else the last one if its window fits this screen.
    static Restored restore(QMainWindow &window, QSettings &settings, int version);

    /// The settings key of a screen size ("1920x1080"): layouts are kept per available size.
    static QString screenKey(const QSize &available);
    /// True when a window of this frame geometry lies within the available screen area.
    static bool fitsScreen(const QRect &frame, const QRect &available);
};

} // namespace hil
