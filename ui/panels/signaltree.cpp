#include "ui/panels/signaltree.h"
#include "telemetry/telemetryhub.h"
#include "ui/panels/linkstyle.h"
#include "ui/panels/signalnames.h"

#include <QHeaderView>
#include <QLocale>

namespace hil {

namespace {
constexpr int kIdRole = Qt::UserRole;       // a series' id; -1 on a group row
constexpr int kNameRole = Qt::UserRole + 1; // a series' name, or a group's path ("extras/wind")
} // namespace

SignalTree::SignalTree(int plots, QWidget *parent) : QTreeWidget(parent), m_plots(plots)
{
    setObjectName(QStringLiteral("signalTree"));
    setColumnCount(kColFirstPlot + plots);
    setUniformRowHeights(true);
    setAlternatingRowColors(true);
    setFocusPolicy(Qt::ClickFocus); // no focus frame on the first row at start
    header()->setStretchLastSection(false);
    header()->setSectionResizeMode(kColName, QHeaderView::Stretch);
    header()->setMinimumSectionSize(24);
    // Wide enough for four significant digits and a unit ("-0.0001234 m/s²").
    setColumnWidth(kColValue,
                   fontMetrics().horizontalAdvance(QStringLiteral("-0.0001234 m/s²")) + 12);
    for (int i = 0; i < plots; ++i)
        setColumnWidth(kColFirstPlot + i, 26);
    connect(this, &QTreeWidget::itemChanged, this, &SignalTree::onItemChanged);
}

QTreeWidgetItem *SignalTree::groupItem(const QString &path)
{
    if (path.isEmpty())
        return invisibleRootItem();
    const int slash = path.lastIndexOf(QLatin1Char('/'));
    QTreeWidgetItem *parent = groupItem(slash < 0 ? QString() : path.left(slash));
    for (int i = 0; i < parent->childCount(); ++i)
        if (parent->child(i)->data(kColName, kIdRole).toInt() < 0 &&
            parent->child(i)->data(kColName, kNameRole).toString() == path)
            return parent->child(i);
    auto *item = new QTreeWidgetItem(parent, {signalnames::word(path.mid(slash + 1), m_links)});
    item->setData(kColName, kIdRole, -1);
    item->setData(kColName, kNameRole, path);
    item->setToolTip(kColName, path);
    item->setFlags(Qt::ItemIsEnabled);
    item->setExpanded(path.count(QLatin1Char('/')) == 0 && parent == invisibleRootItem() &&
                      topLevelItemCount() <= 4);
    return item;
}

bool SignalTree::sync(const TelemetryHub &hub, const QStringList *shown)
{
    const int count = hub.seriesCount();
    if (count == m_knownSeries)
        return false;
    bool wanted = false;
    m_syncing = true;
    for (int id = m_knownSeries; id < count; ++id) {
        const TelemetryHub::SeriesInfo info = hub.info(id);
        const int slash = info.name.lastIndexOf(QLatin1Char('/'));
        QTreeWidgetItem *parent = groupItem(slash < 0 ? QString() : info.name.left(slash));
        auto *item =
            new QTreeWidgetItem(parent, {signalnames::word(info.name.mid(slash + 1), m_links)});
        item->setData(kColName, kIdRole, id);
        item->setData(kColName, kNameRole, info.name);
        item->setToolTip(kColName, info.unit.isEmpty() ? info.name
                                                       : info.name + QStringLiteral(" [") +
                                                             info.unit + QLatin1Char(']'));
        item->setTextAlignment(kColValue, Qt::AlignRight | Qt::AlignVCenter);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        for (int p = 0; p < m_plots; ++p) {
            const bool on = shown[p].contains(info.name);
            item->setCheckState(kColFirstPlot + p, on ? Qt::Checked : Qt::Unchecked);
            wanted = wanted || on;
        }
    }
    m_syncing = false;
    m_knownSeries = count;
    return wanted;
}

void SignalTree::onItemChanged(QTreeWidgetItem *item, int column)
{
    if (m_syncing || column < kColFirstPlot || item->data(kColName, kIdRole).toInt() < 0)
        return;
    emit shownChanged(column - kColFirstPlot, item->data(kColName, kNameRole).toString(),
                      item->checkState(column) == Qt::Checked);
}

void SignalTree::setShown(int plot, const QString &name, bool shown)
{
    m_syncing = true;
    for (QTreeWidgetItemIterator it(this); *it; ++it)
        if ((*it)->data(kColName, kIdRole).toInt() >= 0 &&
            (*it)->data(kColName, kNameRole).toString() == name)
            (*it)->setCheckState(kColFirstPlot + plot, shown ? Qt::Checked : Qt::Unchecked);
    m_syncing = false;
}

void SignalTree::setLinks(const LinkRegistry *links)
{
    m_links = links;
    retranslate();
}

void SignalTree::retranslate()
{
    m_syncing = true;
    for (QTreeWidgetItemIterator it(this); *it; ++it)
        (*it)->setText(
            kColName, signalnames::word(
                          (*it)->data(kColName, kNameRole).toString().section(QLatin1Char('/'), -1),
                          m_links));
    m_syncing = false;
}

void SignalTree::showValues(const TelemetryHub &hub, bool degrees, const QLocale &locale)
{
    for (QTreeWidgetItemIterator it(this); *it; ++it) {
        QTreeWidgetItem *item = *it;
        const int id = item->data(kColName, kIdRole).toInt();
        if (id < 0 || (item->parent() && !item->parent()->isExpanded()))
            continue;
        TelemetryPoint p;
        if (hub.latest(id, &p)) {
            const DisplayUnit du = displayUnit(hub.info(id).unit, degrees);
            const QString number = locale.toString(p.v * du.scale, 'g', 4);
            item->setText(kColValue,
                          du.unit.isEmpty() ? number : number + QLatin1Char(' ') + du.unit);
        }
    }
}

} // namespace hil
