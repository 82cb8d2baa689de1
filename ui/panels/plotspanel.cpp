#include "ui/panels/plotspanel.h"
#include "station/station.h"
#include "telemetry/telemetryhub.h"
#include "ui/panels/linkstyle.h"
#include "ui/panels/plotcursor.h"
#include "ui/panels/plotscsv.h"
#include "ui/panels/signalnames.h"
#include "ui/panels/signaltree.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLocale>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace hil {

namespace {

constexpr int kColValue = SignalTree::kColValue;
constexpr int kColFirstPlot = SignalTree::kColFirstPlot;

// Muted, distinguishable line colours (on white), in the order graphs get them.
const QColor kPalette[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x6a, 0x1f),
                           QColor(0x2c, 0x9a, 0x4a), QColor(0xb8, 0x3b, 0x3b),
                           QColor(0x7d, 0x5b, 0xa6), QColor(0x8c, 0x56, 0x4b),
                           QColor(0xc4, 0x5c, 0xa8), QColor(0x5f, 0x6b, 0x73)};

const QStringList kDefaultSignals[PlotsPanel::kMaxPlots] = {
    {QStringLiteral("position/n"), QStringLiteral("position/e"), QStringLiteral("position/d")},
    {QStringLiteral("attitude/roll"), QStringLiteral("attitude/pitch"),
     QStringLiteral("attitude/yaw")},
    {QStringLiteral("velocity/n"), QStringLiteral("velocity/e"), QStringLiteral("velocity/d")},
    {}};

} // namespace

PlotsPanel::PlotsPanel(Station *station, QWidget *parent)
    : Panel(QStringLiteral("plotsPanel"), station, parent)
{
    for (int i = 0; i < kMaxPlots; ++i)
        m_signals[i] = kDefaultSignals[i];
    buildUi();
    syncTree();
    setPlotCount(3);
}

PlotsPanel::~PlotsPanel() = default;

QString PlotsPanel::title() const
{
    return tr("Telemetry plots");
}

void PlotsPanel::buildUi()
{
    m_tree = new SignalTree(kMaxPlots);
    m_tree->setLinks(&station()->registry());
    connect(m_tree, &SignalTree::shownChanged, this, &PlotsPanel::onShownChanged);

    m_plotCount = new QSpinBox;
    m_plotCount->setObjectName(QStringLiteral("plotCount"));
    m_plotCount->setRange(1, kMaxPlots);
    m_plotCount->setFocusPolicy(Qt::ClickFocus); // not the window's first focus: stray keys
    connect(m_plotCount, qOverload<int>(&QSpinBox::valueChanged), this, [this] {
        m_plotsDirty = true;
        for (int i = 0; i < kMaxPlots; ++i)
            m_tree->setColumnHidden(kColFirstPlot + i, i >= plotCount());
    });
    m_window = new QComboBox;
    m_window->setObjectName(QStringLiteral("timeWindow"));
    for (double seconds : {10.0, 30.0, 60.0, 120.0, 300.0, 600.0, 0.0})
        m_window->addItem(QString(), seconds);
    m_window->setCurrentIndex(1);
    m_window->setFocusPolicy(Qt::ClickFocus);
    connect(m_window, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this] { m_viewDirty = true; });
    auto button = [](const QString &name, bool checkable) {
        auto *b = new QToolButton;
        b->setObjectName(name);
        b->setCheckable(checkable);
        b->setAutoRaise(true);
        return b;
    };
    m_pause = button(QStringLiteral("pauseButton"), true);
    connect(m_pause, &QToolButton::toggled, this, [this](bool on) {
        m_pause->setText(on ? tr("Resume") : tr("Pause"));
        m_viewDirty = true;
    });
    m_autoScale = button(QStringLiteral("autoScaleButton"), true);
    m_autoScale->setChecked(true);
    m_degrees = button(QStringLiteral("degreesButton"), true);
    connect(m_degrees, &QToolButton::toggled, this, [this] {
        m_plotsDirty = true;
        m_tree->headerItem()->setText(kColValue,
                                      degrees() ? tr("Value (angles in °)") : tr("Value (SI)"));
        refreshSlow();
    });
    m_legends = button(QStringLiteral("legendsButton"), true);
    m_legends->setChecked(true);
    connect(m_legends, &QToolButton::toggled, this, [this] { m_plotsDirty = true; });
    auto *png = button(QStringLiteral("exportPngButton"), false);
    auto *csv = button(QStringLiteral("exportCsvButton"), false);
    connect(png, &QToolButton::clicked, this, &PlotsPanel::exportPngDialog);
    connect(csv, &QToolButton::clicked, this, &PlotsPanel::exportCsvDialog);
    retranslate([=] {
        QStringList headers{tr("Signal"), degrees() ? tr("Value (angles in °)") : tr("Value (SI)")};
        for (int i = 0; i < kMaxPlots; ++i)
            headers << QString::number(i + 1);
        m_tree->setHeaderLabels(headers);
        m_tree->headerItem()->setToolTip(kColValue,
                                         tr("The newest value of each signal with its unit"));
        for (int i = 0; i < kMaxPlots; ++i)
            m_tree->headerItem()->setToolTip(kColFirstPlot + i, tr("Show in plot %1").arg(i + 1));
        m_plotCount->setPrefix(tr("Plots: "));
        const QString windows[] = {tr("10 s"),  tr("30 s"),   tr("1 min"),    tr("2 min"),
                                   tr("5 min"), tr("10 min"), tr("Unlimited")};
        for (int i = 0; i < m_window->count(); ++i)
            m_window->setItemText(i, windows[i]);
        m_window->setToolTip(tr("Visible time span"));
        m_pause->setText(isPaused() ? tr("Resume") : tr("Pause"));
        m_pause->setToolTip(tr("Freeze the view; drag and zoom to browse"));
        m_autoScale->setText(tr("Auto-scale"));
        m_autoScale->setToolTip(tr("Fit each plot's value axis to its data"));
        m_degrees->setText(tr("Angles in °"));
        m_degrees->setToolTip(tr("Show angles and angular rates in degrees; the files and the "
                                 "default view are SI (rad)"));
        m_legends->setText(tr("Legends"));
        m_legends->setToolTip(tr("Show each plot's legend beside it"));
        png->setText(tr("PNG…"));
        png->setToolTip(tr("Save the plots as an image"));
        csv->setText(tr("CSV…"));
        csv->setToolTip(tr("Save the visible data as CSV"));
        m_tree->retranslate();
        m_plotsDirty = true; // axis labels and legends
    });

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    for (QWidget *w : {static_cast<QWidget *>(m_plotCount), static_cast<QWidget *>(m_window)})
        bar->addWidget(w);
    bar->addWidget(m_pause);
    bar->addWidget(m_autoScale);
    bar->addWidget(m_degrees);
    bar->addWidget(m_legends);
    bar->addStretch();
    bar->addWidget(png);
    bar->addWidget(csv);

    m_plot = new QCustomPlot;
    m_plot->setObjectName(QStringLiteral("plot"));
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->setNoAntialiasingOnDrag(true);
    m_plot->setPlottingHint(QCP::phFastPolylines, true);
    m_plot->setMinimumSize(200, 150);
    m_cursor = std::make_unique<PlotCursor>(m_plot);

    m_splitter = new QSplitter(Qt::Horizontal);
    m_splitter->setObjectName(QStringLiteral("plotsSplitter"));
    m_splitter->addWidget(m_tree);
    m_splitter->addWidget(m_plot);
    // The tree keeps its width (names and values readable); the plots take the rest.
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setChildrenCollapsible(false);
    // With room for the vertical scroll bar: the tree scrolls in a short window.
    const int treeWidth = m_tree->columnWidth(kColValue) + 3 * 26 +
                          signalnames::widestGroup(m_tree->fontMetrics(), &station()->registry()) +
                          m_tree->indentation() + 20 +
                          m_tree->style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    m_splitter->setSizes({treeWidth, 1000});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(2);
    layout->addLayout(bar); // over tree and plots: its width never squeezes the tree
    layout->addWidget(m_splitter);
}

void PlotsPanel::retranslateUi()
{
    Panel::retranslateUi();
    m_cursor->refresh();
}

// --- signal selection ---------------------------------------------------------------------

void PlotsPanel::syncTree()
{
    if (m_tree->sync(*hub(), m_signals))
        m_plotsDirty = true; // a wanted series appeared: bind it
}

void PlotsPanel::onShownChanged(int p, const QString &name, bool on)
{
    if (on && !m_signals[p].contains(name))
        m_signals[p] << name;
    else if (!on)
        m_signals[p].removeAll(name);
    m_plotsDirty = true;
}

void PlotsPanel::setSignal(int plot, const QString &name, bool shown)
{
    if (plot < 0 || plot >= kMaxPlots)
        return;
    m_signals[plot].removeAll(name);
    if (shown)
        m_signals[plot] << name;
    m_tree->setShown(plot, name, shown);
    m_plotsDirty = true;
}

QStringList PlotsPanel::signalsOf(int plot) const
{
    return plot >= 0 && plot < kMaxPlots ? m_signals[plot] : QStringList();
}

// --- plots -------------------------------------------------------------------------------

void PlotsPanel::rebuildPlots()
{
    m_plotsDirty = false;
    m_viewDirty = true;
    m_plot->clearGraphs();
    m_plot->clearItems();
    m_cursor->clear();
    m_bindings.clear();
    m_plot->plotLayout()->clear(); // deletes the old axis rects and their legends
    m_rects.clear();
    auto *margins = new QCPMarginGroup(m_plot);
    const int n = plotCount();
    const QColor axisColor(0x60, 0x66, 0x6c), gridColor(0xe3, 0xe6, 0xe9);
    for (int p = 0; p < n; ++p) {
        auto *rect = new QCPAxisRect(m_plot);
        m_plot->plotLayout()->addElement(p, 0, rect);
        rect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
        for (QCPAxis *axis : rect->axes()) {
            axis->setBasePen(QPen(axisColor));
            axis->setTickPen(QPen(axisColor));
            axis->setSubTickPen(QPen(axisColor));
            axis->setTickLabelColor(axisColor);
            axis->setLabelColor(axisColor);
            axis->grid()->setPen(QPen(gridColor));
        }
        QCPAxis *x = rect->axis(QCPAxis::atBottom);
        x->setTickLabels(p == n - 1);
        if (p == n - 1)
            x->setLabel(tr("time (s)"));
        connect(x, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this,
                [this, x](const QCPRange &r) {
                    for (QCPAxisRect *other : qAsConst(m_rects))
                        if (other->axis(QCPAxis::atBottom) != x &&
                            other->axis(QCPAxis::atBottom)->range() != r)
                            other->axis(QCPAxis::atBottom)->setRange(r);
                    if (isPaused())
                        m_viewDirty = true;
                });
        // The legend sits beside its plot (never over the curves); "Legends" hides them all.
        auto *legend = new QCPLegend;
        legend->setBrush(Qt::NoBrush);
        legend->setBorderPen(Qt::NoPen);
        legend->setTextColor(axisColor);
        legend->setRowSpacing(-3);
        QFont small = m_plot->font();
        small.setPointSizeF(small.pointSizeF() * 0.85);
        legend->setFont(small);
        legend->setVisible(false);
        if (legendsShown()) {
            m_plot->plotLayout()->addElement(p, 1, legend);
            legend->setMargins(QMargins(2, 4, 4, 4));
        } else {
            rect->insetLayout()->addElement(legend, Qt::AlignTop | Qt::AlignLeft);
        }
        legend->setLayer(QStringLiteral("legend")); // once it belongs to the plot
        m_cursor->addPlot(rect);
        m_rects << rect;

        // Signals of one group ("position/n", "position/e") are named by their last part in the
        // legend, the group going to the axis label: narrow legends leave room for the curves.
        QString group;
        bool oneGroup = true;
        for (const QString &name : qAsConst(m_signals[p])) {
            const QString g = name.section(QLatin1Char('/'), 0, -2);
            oneGroup = oneGroup && !g.isEmpty() && (group.isEmpty() || g == group);
            group = g;
        }
        QStringList units;
        std::size_t colour = 0;
        for (const QString &name : qAsConst(m_signals[p])) {
            const int id = hub()->find(name);
            if (id < 0)
                continue;
            const DisplayUnit du = displayUnit(hub()->info(id).unit, degrees());
            auto *g = m_plot->addGraph(x, rect->axis(QCPAxis::atLeft));
            const QColor c = kPalette[colour++ % 8];
            g->setPen(QPen(c, 1.0));
            const LinkRegistry *links = &station()->registry();
            const QString shown = oneGroup
                                      ? signalnames::word(name.section(QLatin1Char('/'), -1), links)
                                      : signalnames::text(name, links);
            g->setName(du.unit.isEmpty()
                           ? shown
                           : shown + QStringLiteral(" (") + du.unit + QLatin1Char(')'));
            g->removeFromLegend();
            g->addToLegend(legend);
            legend->setVisible(legendsShown());
            m_bindings.push_back({p, id, name, du.scale, du.unit, g});
            if (!du.unit.isEmpty() && !units.contains(du.unit))
                units << du.unit;
        }
        const QString unitText = units.join(QStringLiteral(", "));
        const QString groupText = signalnames::text(group, &station()->registry());
        rect->axis(QCPAxis::atLeft)
            ->setLabel(oneGroup && !group.isEmpty()
                           ? (unitText.isEmpty()
                                  ? groupText
                                  : groupText + QStringLiteral(" (") + unitText + QLatin1Char(')'))
                           : unitText);
    }
    std::vector<PlotCursor::Trace> traces;
    for (const Binding &b : m_bindings)
        traces.push_back({b.graph, signalnames::text(b.name, &station()->registry()), b.unit});
    m_cursor->setTraces(std::move(traces));
    if (legendsShown() && m_plot->plotLayout()->columnCount() > 1)
        m_plot->plotLayout()->setColumnStretchFactors({1.0, 0.001}); // legends take what they need
}

void PlotsPanel::visibleRange(double *t0, double *t1) const
{
    if (isPaused() && !m_rects.isEmpty()) {
        const QCPRange r = m_rects.first()->axis(QCPAxis::atBottom)->range();
        *t0 = r.lower;
        *t1 = r.upper;
        return;
    }
    *t1 = hub()->now();
    const double w = windowSeconds();
    double first = 0, last = 0;
    if (w > 0)
        *t0 = *t1 - w;
    else
        *t0 = hub()->timeSpan(&first, &last) ? std::min(first, *t1 - 1.0) : *t1 - 10.0;
}

void PlotsPanel::updateData(double t0, double t1)
{
    // One min/max pair per two pixel columns (spikes survive, half the points of one per column,
    // indistinguishable on screen); right after a rebuild the rect has no width yet: use the
    // plot's.
    const int rectWidth = m_rects.isEmpty() ? 0 : m_rects.first()->width();
    const int buckets = std::max(100, (rectWidth > 0 ? rectWidth : m_plot->width()) / 2);
    std::vector<double> lo(m_rects.size(), qInf()), hi(m_rects.size(), -qInf());
    for (Binding &b : m_bindings) {
        hub()->snapshot(b.seriesId, t0, t1, buckets, &m_points);
        m_graphData.resize(static_cast<int>(m_points.size()));
        double mn = qInf(), mx = -qInf();
        for (std::size_t i = 0; i < m_points.size(); ++i) {
            const double v = m_points[i].v * b.scale;
            m_graphData[static_cast<int>(i)] = QCPGraphData(m_points[i].t, v);
            if (m_points[i].t >= t0 && m_points[i].t <= t1 && std::isfinite(v)) {
                mn = std::min(mn, v);
                mx = std::max(mx, v);
            }
        }
        b.graph->data()->set(m_graphData, true);
        lo[static_cast<std::size_t>(b.plot)] = std::min(lo[static_cast<std::size_t>(b.plot)], mn);
        hi[static_cast<std::size_t>(b.plot)] = std::max(hi[static_cast<std::size_t>(b.plot)], mx);
    }
    for (int p = 0; p < m_rects.size(); ++p) {
        if (!isPaused())
            m_rects[p]->axis(QCPAxis::atBottom)->setRange(t0, t1);
        if (m_autoScale->isChecked() &&
            lo[static_cast<std::size_t>(p)] <= hi[static_cast<std::size_t>(p)]) {
            double a = lo[static_cast<std::size_t>(p)], b = hi[static_cast<std::size_t>(p)];
            const double pad = b > a ? (b - a) * 0.08 : std::max(1.0, std::abs(a) * 0.1);
            m_rects[p]->axis(QCPAxis::atLeft)->setRange(a - pad, b + pad);
        }
    }
}

void PlotsPanel::replotNow()
{
    syncTree();
    if (m_plotsDirty)
        rebuildPlots();
    QElapsedTimer copyClock;
    copyClock.start();
    double t0 = 0, t1 = 0;
    visibleRange(&t0, &t1);
    updateData(t0, t1);
    m_lastCopyMs = copyClock.nsecsElapsed() * 1e-6;
    m_viewDirty = false;
    m_cursor->refresh(); // the time under the mouse has moved on with the plot
    fitTickCounts();
    m_plot->replot(QCustomPlot::rpImmediateRefresh);
}

// QCustomPlot aims at five ticks whatever the room, so a narrow dock printed "-1510-5 0 5 10":
// as many ticks as labels fit with a label's width (height) of space between them. The rects'
// sizes are the last layout's; a resize settles on the next frame.
void PlotsPanel::fitTickCounts()
{
    for (QCPAxisRect *rect : qAsConst(m_rects)) {
        QCPAxis *x = rect->axis(QCPAxis::atBottom), *y = rect->axis(QCPAxis::atLeft);
        const QFontMetrics fm(x->tickLabelFont());
        const int labelWidth = fm.horizontalAdvance(QStringLiteral("-00.00"));
        x->ticker()->setTickCount(std::clamp(rect->width() / (2 * labelWidth), 2, 6));
        y->ticker()->setTickCount(std::clamp(rect->height() / (3 * fm.height()), 2, 6));
    }
}

void PlotsPanel::refreshFast()
{
    if (m_plotsDirty || m_viewDirty || !isPaused())
        replotNow();
}

void PlotsPanel::refreshSlow()
{
    syncTree();
    if (!m_tree->isVisible())
        return;
    m_tree->showValues(*hub(), degrees(), locale()); // the rows on screen only
}

double PlotsPanel::cursorTime() const
{
    return m_cursor->time();
}

// --- settings and state ------------------------------------------------------------------

void PlotsPanel::setPlotCount(int count)
{
    m_plotCount->setValue(count);
    m_plotsDirty = true;
}
int PlotsPanel::plotCount() const
{
    return m_plotCount->value();
}

void PlotsPanel::setWindowSeconds(double seconds)
{
    const int i = m_window->findData(seconds);
    m_window->setCurrentIndex(i >= 0 ? i : 1);
}

double PlotsPanel::windowSeconds() const
{
    return m_window->currentData().toDouble();
}
void PlotsPanel::setPaused(bool paused)
{
    m_pause->setChecked(paused);
}
bool PlotsPanel::isPaused() const
{
    return m_pause->isChecked();
}
void PlotsPanel::setAutoScale(bool on)
{
    m_autoScale->setChecked(on);
}
void PlotsPanel::setDegrees(bool on)
{
    m_degrees->setChecked(on);
}
bool PlotsPanel::degrees() const
{
    return m_degrees->isChecked();
}
void PlotsPanel::setLegendsShown(bool on)
{
    m_legends->setChecked(on);
}
bool PlotsPanel::legendsShown() const
{
    return m_legends->isChecked();
}

int PlotsPanel::pointCount() const
{
    int n = 0;
    for (const Binding &b : m_bindings)
        n += b.graph->dataCount();
    return n;
}

void PlotsPanel::load(QSettings &s)
{
    setPlotCount(s.value(QStringLiteral("plots"), plotCount()).toInt());
    setWindowSeconds(s.value(QStringLiteral("windowSeconds"), windowSeconds()).toDouble());
    setAutoScale(s.value(QStringLiteral("autoScale"), true).toBool());
    setDegrees(s.value(QStringLiteral("degrees"), false).toBool());
    setLegendsShown(s.value(QStringLiteral("legends"), true).toBool());
    for (int p = 0; p < kMaxPlots; ++p) {
        const QString key = QStringLiteral("signals%1").arg(p + 1);
        if (!s.contains(key))
            continue;
        for (const QString &name : signalsOf(p))
            setSignal(p, name, false);
        for (const QString &name : s.value(key).toStringList())
            setSignal(p, name, true);
    }
    const QByteArray split = s.value(QStringLiteral("splitter")).toByteArray();
    if (!split.isEmpty())
        m_splitter->restoreState(split);
}

void PlotsPanel::save(QSettings &s) const
{
    s.setValue(QStringLiteral("plots"), plotCount());
    s.setValue(QStringLiteral("windowSeconds"), windowSeconds());
    s.setValue(QStringLiteral("autoScale"), m_autoScale->isChecked());
    s.setValue(QStringLiteral("degrees"), degrees());
    s.setValue(QStringLiteral("legends"), legendsShown());
    for (int p = 0; p < kMaxPlots; ++p)
        s.setValue(QStringLiteral("signals%1").arg(p + 1), m_signals[p]);
    s.setValue(QStringLiteral("splitter"), m_splitter->saveState());
}

// --- export ------------------------------------------------------------------------------

bool PlotsPanel::exportPng(const QString &path)
{
    return m_plot->savePng(path, 0, 0, 1.0, -1, 96);
}

bool PlotsPanel::exportCsv(const QString &path, QString *error) const
{
    double t0 = 0, t1 = 0;
    visibleRange(&t0, &t1);
    std::vector<CsvSeries> series;
    for (const Binding &b : m_bindings)
        series.emplace_back(b.seriesId, b.name);
    return writePlotsCsv(*hub(), series, t0, t1, path, error);
}

void PlotsPanel::exportPngDialog()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export plots as PNG"), QStringLiteral("plots.png"), tr("PNG images (*.png)"));
    if (!path.isEmpty() && !exportPng(path))
        emit errorRaised(tr("Could not write %1").arg(path));
}

void PlotsPanel::exportCsvDialog()
{
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export visible data as CSV"),
                                     QStringLiteral("plots.csv"), tr("CSV files (*.csv)"));
    QString error;
    if (!path.isEmpty() && !exportCsv(path, &error))
        emit errorRaised(tr("Could not write %1: %2").arg(path, error));
}

} // namespace hil
