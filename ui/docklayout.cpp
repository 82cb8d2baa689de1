#include "ui/docklayout.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QScreen>
#include <QSettings>
#include <algorithm>

namespace hil {

void DockLayout::arrangeDefault(QMainWindow &w, const Docks &docks)
{
    // Plots fill the upper left with links and session below them; the right-hand area spans the
    // full height and shows the motion platform first (the reason the program exists), with
    // gimbal, PX4 and link statistics as further tabs. Sizes follow the window, so that at
    // 1280×720 the platform's status, mode buttons and pose are on screen without scrolling.
    w.setCorner(Qt::TopLeftCorner, Qt::LeftDockWidgetArea);
    w.setCorner(Qt::BottomLeftCorner, Qt::BottomDockWidgetArea);
    w.setCorner(Qt::TopRightCorner, Qt::RightDockWidgetArea);
    w.setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    auto dock = [&w](const char *panel) {
        return w.findChild<QDockWidget *>(QString::fromLatin1(panel) + QStringLiteral("Dock"),
                                          Qt::FindDirectChildrenOnly);
    };
    QDockWidget *plots = dock("plotsPanel");
    QDockWidget *motion = dock("motionPanel");
    QDockWidget *stats = dock("statsPanel");
    QDockWidget *links = dock("linksPanel");
    QDockWidget *session = dock("sessionPanel");
    QDockWidget *right = motion ? motion : stats;
    for (const auto &d : docks) {
        d.first->setFloating(false);
        w.removeDockWidget(d.first);
    }
    w.addDockWidget(Qt::LeftDockWidgetArea, plots);
    w.addDockWidget(Qt::RightDockWidgetArea, right);
    // Below 1600 px the links table (whose Address column matters) and the events do not both
    // fit side by side: they become tabs, the events first and so in front (the link states are
    // in the status bar as well).
    const bool wide = w.width() >= 1600;
    if (wide) {
        w.addDockWidget(Qt::BottomDockWidgetArea, links);
        w.splitDockWidget(links, session, Qt::Horizontal);
    } else {
        w.addDockWidget(Qt::BottomDockWidgetArea, session);
        w.tabifyDockWidget(session, links);
    }
    // Right-hand tabs in creation order after the motion platform; Link statistics last.
    QList<QDockWidget *> rightTabs;
    for (const auto &[d, area] : docks) {
        if (d == plots || d == right || d == links || d == session)
            continue;
        if (area == Qt::RightDockWidgetArea)
            rightTabs.append(d);
        else
            w.tabifyDockWidget(area == Qt::BottomDockWidgetArea ? session : plots, d);
    }
    std::stable_partition(rightTabs.begin(), rightTabs.end(),
                          [stats](QDockWidget *d) { return d != stats; });
    QDockWidget *previous = right;
    for (QDockWidget *d : qAsConst(rightTabs)) {
        w.tabifyDockWidget(previous, d);
        previous = d;
    }
    for (const auto &d : docks)
        d.first->show();
    plots->raise();
    right->raise();
    session->raise();
    const int width = w.width(), h = w.height();
    // 38 %: at 1280 px the right-hand tab titles (five with the Pilot panel) are whole in German;
    // 460 at least, and no more below that, or the plots' signal names are cut at 1152 px.
    const int rightWidth = std::clamp(width * 38 / 100, 460, 640);
    const int bottomHeight = std::clamp(h * 27 / 100, 150, 300);
    w.resizeDocks({plots, right}, {width - rightWidth, rightWidth}, Qt::Horizontal);
    if (wide)
        w.resizeDocks({links, session},
                      {(width - rightWidth) * 11 / 20, (width - rightWidth) * 9 / 20},
                      Qt::Horizontal);
    w.resizeDocks({plots, links}, {h - bottomHeight, bottomHeight}, Qt::Vertical);
}

QString DockLayout::screenKey(const QSize &available)
{
    return QStringLiteral("%1x%2").arg(available.width()).arg(available.height());
}

bool DockLayout::fitsScreen(const QRect &frame, const QRect &available)
{
    return available.contains(frame);
}

void DockLayout::save(const QMainWindow &w, QSettings &s, int version)
{
    // One layout per screen size, so a layout made on a 1920×1080 monitor never lands on the
    // 1280×720 one (where it would not fit); the last one is also kept for unknown screens.
    const QRect available = w.screen() ? w.screen()->availableGeometry() : QRect();
    for (const QString &group : {QStringLiteral("window"),
                                 QStringLiteral("window/layouts/") + screenKey(available.size())}) {
        s.beginGroup(group);
        s.setValue(QStringLiteral("geometry"), w.saveGeometry());
        s.setValue(QStringLiteral("frame"), w.frameGeometry());
        s.setValue(QStringLiteral("state"), w.saveState(version));
        s.setValue(QStringLiteral("layoutVersion"), version);
        s.endGroup();
    }
}

DockLayout::Restored DockLayout::restore(QMainWindow &w, QSettings &s, int version)
{
    // The layout saved for this screen size, else the last one if its window fits this screen;
    // anything else keeps the default layout fitted to the screen.
    const QRect available = w.screen() ? w.screen()->availableGeometry() : QRect();
    QString group = QStringLiteral("window/layouts/") + screenKey(available.size());
    if (!s.contains(group + QStringLiteral("/state"))) {
        const QRect frame = s.value(QStringLiteral("window/frame")).toRect();
        if (available.isValid() && frame.isValid() && !fitsScreen(frame, available))
            return Restored::Nothing;
        group = QStringLiteral("window");
    }
    s.beginGroup(group);
    const QByteArray geometry = s.value(QStringLiteral("geometry")).toByteArray();
    if (!geometry.isEmpty())
        w.restoreGeometry(geometry);
    const QByteArray state = s.value(QStringLiteral("state")).toByteArray();
    const bool otherVersion = !state.isEmpty() && !w.restoreState(state, version);
    s.endGroup();
    return otherVersion ? Restored::OtherVersion : Restored::Layout;
}

} // namespace hil
