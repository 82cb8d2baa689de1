#pragma once
// SignalTree: the Telemetry plots' series picker. Every series in the TelemetryHub as a tree row,
// grouped by the '/' in its name ("position/n" under "position"), its newest value with the unit
// it is shown in, and one checkbox column per plot. GUI thread. Rows show each part of the name
// in the operator's language (signalnames.h); the name itself is the row's tooltip and data.
//
// It shows a selection, it does not own one: the panel's per-plot lists are the truth (they are
// what the settings keep). The panel tells the tree (setShown()) and the tree tells the panel
// (shownChanged(), only for the operator's clicks), so the two never echo each other. Rows only
// ever appear (sync()): the hub never forgets a series.

#include <QTreeWidget>

class QLocale;

namespace hil {

class LinkRegistry;
class TelemetryHub;

class SignalTree : public QTreeWidget
{
    Q_OBJECT
public:
    static constexpr int kColName = 0;
    static constexpr int kColValue = 1;
    static constexpr int kColFirstPlot = 2;

    /// objectName "signalTree"; plots: the number of checkbox columns.
    explicit SignalTree(int plots, QWidget *parent = nullptr);

    /// Adds rows for the series declared since the last call, each checked in plot p when
    /// shown[p] (one list per plot) names it. True when such a wanted series appeared: the plots
    /// must bind it.
    bool sync(const TelemetryHub &hub, const QStringList *shown);
    /// Checks or unchecks `name` in plot `plot` without emitting shownChanged().
    void setShown(int plot, const QString &name, bool shown);
    /// The registry whose links' titles name their groups (a link's group shows its descriptor's
    /// title); without one, link names show as they are.
    void setLinks(const LinkRegistry *links);
    /// Re-words every row in the current language.
    void retranslate();
    /// The Value column of the rows on screen (collapsed groups skipped): the newest sample,
    /// four significant digits, in degrees for angles when `degrees`.
    void showValues(const TelemetryHub &hub, bool degrees, const QLocale &locale);

signals:
    /// The operator checked (or unchecked) series `name` in plot `plot` (0-based).
    void shownChanged(int plot, const QString &name, bool shown);

private:
    QTreeWidgetItem *groupItem(const QString &path);
    void onItemChanged(QTreeWidgetItem *item, int column);

    const LinkRegistry *m_links = nullptr;
    int m_plots;
    int m_knownSeries = 0;
    bool m_syncing = false;
};

} // namespace hil
