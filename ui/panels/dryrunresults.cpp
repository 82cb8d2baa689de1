#include "ui/panels/dryrunresults.h"
#include "dryrun/dryrunreport.h"
#include "ui/rigstatetext.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace hil {

namespace {
constexpr double kRadToDeg = 57.29577951308232;

double poseValue(const platformmodel::Pose &p, int d)
{
    const double v[6] = {p.surgeM, p.swayM, p.heaveM, p.rollRad, p.pitchRad, p.yawRad};
    return v[d];
}
} // namespace

DryRunResultsView::DryRunResultsView(QWidget *parent) : QWidget(parent)
{
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    auto *row = new QHBoxLayout;
    m_axis = new QComboBox;
    m_axis->setObjectName(QStringLiteral("dryRunAxisCombo"));
    for (int d = 0; d < 6; ++d)
        m_axis->addItem(QString());
    connect(m_axis, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] { drawAxis(); });
    m_score = new QLabel;
    m_score->setObjectName(QStringLiteral("dryRunScoreLabel"));
    row->addWidget(m_axis);
    row->addWidget(m_score, 1);
    v->addLayout(row);
    m_plot = new QCustomPlot;
    m_plot->setObjectName(QStringLiteral("dryRunPlot"));
    m_plot->setMinimumHeight(220);
    m_plot->plotLayout()->addElement(1, 0, new QCPAxisRect(m_plot));
    // A legend inside each plot's top-left corner (QCustomPlot's own one belongs to the first).
    for (int i = 0; i < 2; ++i) {
        QCPAxisRect *r = m_plot->axisRect(i);
        auto *legend = i == 0 ? m_plot->legend : new QCPLegend;
        if (i == 1) {
            r->insetLayout()->addElement(legend, Qt::AlignTop | Qt::AlignLeft);
            legend->setLayer(QStringLiteral("legend"));
        } else {
            r->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
        }
        legend->setVisible(true);
        legend->setBrush(QColor(255, 255, 255, 200));
        // In rows across the plot's top: a column of five entries would hide the first seconds.
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
        legend->setWrap(3);
        legend->setRowSpacing(0);
        QFont small = legend->font();
        small.setPointSizeF(small.pointSizeF() * 0.85);
        legend->setFont(small);
        (i == 0 ? m_topLegend : m_bottomLegend) = legend;
    }
    m_plot->setAutoAddPlottableToLegend(false);
    v->addWidget(m_plot, 2);
    m_table = new QTableWidget(6, 5);
    m_table->setObjectName(QStringLiteral("dryRunScoreTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(true);
    retranslateUi();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    v->addWidget(m_table, 1);
}

DryRunResultsView::~DryRunResultsView() = default;

void DryRunResultsView::retranslateUi()
{
    QStringList rows;
    for (int d = 0; d < 6; ++d) {
        rows << RigStateText::dof(d);
        m_axis->setItemText(d, RigStateText::dof(d));
    }
    m_table->setVerticalHeaderLabels(rows);
    m_table->setHorizontalHeaderLabels(
        {tr("Score"), tr("nRMSE"), tr("r"), tr("False cues (n · θ·s)"), tr("End-stop hits")});
    const QString tips[5] = {
        tr("This axis's score: 1 − its perception error over a still seat's (1 is perfect, "
           "0 no better than sitting still, below 0 worse)"),
        tr("Root-mean-square error between what the rider and the pilot feel, over the "
           "pilot's range (0 is perfect)"),
        tr("Correlation between what the rider and the pilot feel (1: same shape, 0: none, "
           "below 0: opposite)"),
        tr("False cues: how often the rider feels a motion the pilot does not, or the "
           "opposite one, above the perception threshold (tilt included); then their weight, "
           "in thresholds × seconds"),
        tr("Times this axis reaches its end stop; the actuators' stroke hits are in the line "
           "above")};
    for (int c = 0; c < 5; ++c)
        if (QTableWidgetItem *h = m_table->horizontalHeaderItem(c))
            h->setToolTip(tips[c]);
    // The figures' line, cells and plots are composed texts: written again in the new language.
    if (m_preview)
        showPreview();
}

void DryRunResultsView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void DryRunResultsView::setPreview(dryrun::Preview preview)
{
    m_preview = std::make_unique<dryrun::Preview>(std::move(preview));
    m_figures.reset();
    showPreview();
}

void DryRunResultsView::setFigures(const DryRunFigures &figures)
{
    m_figures = std::make_unique<DryRunFigures>(figures);
    showPreview();
}

void DryRunResultsView::keepAsBefore()
{
    if (m_preview)
        m_before = std::make_unique<dryrun::Preview>(*m_preview);
    if (m_figures)
        m_beforeFigures = std::make_unique<DryRunFigures>(*m_figures);
}

void DryRunResultsView::clearBefore()
{
    m_before.reset();
    m_beforeFigures.reset();
}

int DryRunFigures::total() const
{
    int n = 0;
    for (int i = 0; i < 6; ++i)
        n += axisHits[std::size_t(i)] + actuatorHits[std::size_t(i)];
    return n;
}

int DryRunFigures::actuatorTotal() const
{
    int n = 0;
    for (int h : actuatorHits)
        n += h;
    return n;
}

void DryRunResultsView::showPreview()
{
    // The figures are the full rate's; until they are there the preview's stand in, marked "≈".
    const DryRunFigures *f = m_figures.get();
    const dryrun::PerceptionScore &score = f ? f->score : m_preview->score;
    DryRunFigures fromPreview;
    if (!f) {
        for (int i = 0; i < 6; ++i) {
            fromPreview.axisHits[std::size_t(i)] =
                int(dryrun::limitHits(m_preview->result, i, false).size());
            fromPreview.actuatorHits[std::size_t(i)] =
                int(dryrun::limitHits(m_preview->result, i, true).size());
        }
    }
    const DryRunFigures &hits = f ? *f : fromPreview;
    const QString approx = f ? QString() : QStringLiteral("≈");
    QString text = tr("Score %1%2 of 100 · limit hits %3%4: %5 at an axis's end stop, %6 at an "
                      "actuator's stroke")
                       .arg(approx, QLocale().toString(score.overall, 'f', 1))
                       .arg(approx)
                       .arg(hits.total())
                       .arg(hits.total() - hits.actuatorTotal())
                       .arg(hits.actuatorTotal());
    if (m_beforeFigures)
        text +=
            QLatin1Char('\n') + tr("Before the suggestion: score %1, limit hits %2")
                                    .arg(QLocale().toString(m_beforeFigures->score.overall, 'f', 1))
                                    .arg(m_beforeFigures->total());
    if (!f)
        text += QLatin1Char('\n') + tr("(from the 50 Hz preview; the full-rate figures follow)");
    m_score->setText(text);
    m_score->setToolTip(
        tr("Score: how well the rider's felt motion follows the pilot's, 0 to 100 (100 · the "
           "skill %1 over a still seat, which scores 0). Limit hits: times the platform reaches "
           "an end of its travel; the table's column counts the axes', the plot marks both. "
           "Figures at the model's full rate, as report.json and the settings search give them; "
           "the plots come from a 50 Hz preview.")
            .arg(QLocale().toString(score.skill, 'f', 3)));
    // "now (before)" in a cell when a suggestion has been used.
    // An axis the pilot does not feel has no score of its own (perceptionscore.h).
    const auto number = [](double v, int decimals) {
        return std::isfinite(v) ? QLocale().toString(v, 'f', decimals) : tr("unused");
    };
    const DryRunFigures *was = m_beforeFigures.get();
    const auto cell = [was, number](double now, double before, int decimals) {
        const QString n = number(now, decimals);
        return was ? tr("%1 (%2)").arg(n, number(before, decimals)) : n;
    };
    for (int d = 0; d < 6; ++d) {
        const dryrun::AxisPerceptionScore &a = score.axes[std::size_t(d)];
        const dryrun::AxisPerceptionScore &b = was ? was->score.axes[std::size_t(d)] : a;
        const int axisHits = hits.axisHits[std::size_t(d)];
        const QString cells[5] = {
            cell(a.score, b.score, 3), cell(a.nrmse, b.nrmse, 3),
            std::isfinite(a.pearson) ? QLocale().toString(a.pearson, 'f', 3) : QStringLiteral("–"),
            // events and their weight, threshold·s (the tilt's are among them)
            tr("%1 · %2")
                .arg(a.falseCueEvents)
                .arg(QLocale().toString(a.falseCueThresholdS, 'f', 1)),
            cell(axisHits, was ? was->axisHits[std::size_t(d)] : axisHits, 0)};
        for (int c = 0; c < 5; ++c) {
            auto *item = m_table->item(d, c);
            if (!item)
                m_table->setItem(d, c, item = new QTableWidgetItem);
            item->setText(approx + cells[c]);
        }
    }
    drawAxis();
}

void DryRunResultsView::drawAxis()
{
    m_plot->clearGraphs();
    m_plot->clearItems();
    if (!m_preview) {
        m_plot->replot();
        return;
    }
    const dryrun::Preview &p = *m_preview;
    const int d = std::max(0, m_axis->currentIndex());
    const double scale = d < 3 ? 1.0 : kRadToDeg;
    QCPAxisRect *top = m_plot->axisRect(0), *bottom = m_plot->axisRect(1);
    const dryrun::PerceptionTrace &tr_ = p.score.trace;
    const double poseScale = d < 3 ? 1000.0 : kRadToDeg;
    QVector<double> t(tr_.timeS.begin(), tr_.timeS.end()), air;
    for (std::size_t i = 0; i < tr_.timeS.size(); ++i)
        air.append(tr_.aircraft[std::size_t(d)][i] * scale);
    // A preview's platform side on this axis, at its trace's times: perceived, and the pose.
    const auto platformOf = [&](const dryrun::Preview &q, QVector<double> *felt,
                                QVector<double> *pose) {
        for (std::size_t i = 0; i < q.score.trace.timeS.size(); ++i) {
            felt->append(q.score.trace.platform[std::size_t(d)][i] * scale);
            const std::size_t k =
                std::min(q.result.samples.size() - 1, i * std::size_t(q.traceStride));
            pose->append(poseValue(q.result.samples[k].step.pose, d) * poseScale);
        }
    };
    QVector<double> plat, pose;
    platformOf(p, &plat, &pose);
    auto graph = [&](QCPAxisRect *r, const QVector<double> &y, const QColor &c) {
        QCPGraph *g = m_plot->addGraph(r->axis(QCPAxis::atBottom), r->axis(QCPAxis::atLeft));
        g->setData(t, y, true);
        g->setPen(QPen(c, 1.5));
        g->setName(QString()); // unnamed lines stay out of the legend
        return g;
    };
    graph(top, air, QColor(40, 40, 40))->setName(tr("aircraft (pilot)"));
    graph(top, plat, QColor(30, 80, 200))->setName(tr("platform (rider)"));
    // The pose against the envelope (a band), at the trace's times.
    const double lo = p.options.model.envelope.dofMin[std::size_t(d)] * poseScale;
    const double hi = p.options.model.envelope.dofMax[std::size_t(d)] * poseScale;
    QVector<double> low(t.size(), lo), high(t.size(), hi);
    QCPGraph *gl = graph(bottom, low, QColor(90, 150, 90));
    QCPGraph *gh = graph(bottom, high, QColor(90, 150, 90));
    gh->setBrush(QColor(90, 170, 90, 40));
    gh->setChannelFillGraph(gl);
    gh->setName(tr("travel (the platform's envelope)"));
    graph(bottom, pose, QColor(30, 80, 200))->setName(tr("platform's pose"));
    if (m_before && m_before->score.trace.timeS.size() == tr_.timeS.size()) {
        // Before the suggestion, dashed grey, on the same times (same recording, same preview).
        QVector<double> platBefore, poseBefore;
        platformOf(*m_before, &platBefore, &poseBefore);
        const QPen dashed(QColor(140, 140, 140), 1.2, Qt::DashLine);
        QCPGraph *gb = graph(top, platBefore, QColor());
        gb->setPen(dashed);
        gb->setName(tr("platform before the suggestion"));
        QCPGraph *pb = graph(bottom, poseBefore, QColor());
        pb->setPen(dashed);
        pb->setName(tr("pose before the suggestion"));
    }
    // Where the platform runs out of travel: this axis at its end stop (red), any actuator at its
    // stroke (dark red: it limits every axis at once).
    const QColor axisHit(220, 40, 40, 90), strokeHit(120, 0, 0, 110);
    std::vector<std::pair<dryrun::LimitHit, QColor>> bands;
    for (const dryrun::LimitHit &h : dryrun::limitHits(p.result, d, false))
        bands.emplace_back(h, axisHit);
    for (int a = 0; a < 6; ++a)
        for (const dryrun::LimitHit &h : dryrun::limitHits(p.result, a, true))
            bands.emplace_back(h, strokeHit);
    for (const auto &[h, colour] : bands) {
        auto *r = new QCPItemRect(m_plot);
        r->setClipAxisRect(bottom);
        for (QCPItemPosition *pos : {r->topLeft, r->bottomRight}) {
            pos->setAxisRect(bottom);
            pos->setAxes(bottom->axis(QCPAxis::atBottom), bottom->axis(QCPAxis::atLeft));
            pos->setTypeX(QCPItemPosition::ptPlotCoords);
            pos->setTypeY(QCPItemPosition::ptAxisRectRatio);
        }
        r->topLeft->setCoords(h.startS, 0.0);
        r->bottomRight->setCoords(std::max(h.endS, h.startS + 0.05), 1.0);
        r->setPen(Qt::NoPen);
        r->setBrush(colour);
    }
    // The legends: one per plot, the bands' colours as empty graphs that only name them.
    const auto swatch = [&](const QColor &c, const QString &name) {
        QCPGraph *g =
            m_plot->addGraph(bottom->axis(QCPAxis::atBottom), bottom->axis(QCPAxis::atLeft));
        g->setPen(QPen(c, 8));
        g->setName(name);
    };
    swatch(axisHit, tr("this axis at its end stop"));
    swatch(strokeHit, tr("an actuator at its stroke"));
    for (QCPAxisRect *r : {top, bottom}) {
        QCPLegend *legend = r == top ? m_topLegend : m_bottomLegend;
        legend->clearItems();
        for (int g = 0; g < m_plot->graphCount(); ++g) {
            QCPGraph *graph = m_plot->graph(g);
            if (graph->keyAxis()->axisRect() == r && !graph->name().isEmpty())
                legend->addItem(new QCPPlottableLegendItem(legend, graph));
        }
    }
    top->axis(QCPAxis::atLeft)->setLabel(d < 3 ? tr("perceived (m/s²)") : tr("perceived (°/s)"));
    bottom->axis(QCPAxis::atLeft)->setLabel(d < 3 ? tr("pose (mm)") : tr("pose (°)"));
    bottom->axis(QCPAxis::atBottom)->setLabel(tr("time (s)"));
    m_plot->rescaleAxes();
    m_plot->replot();
}

} // namespace hil
