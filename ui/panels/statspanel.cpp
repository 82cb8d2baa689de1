#include "ui/panels/statspanel.h"
#include "station/station.h"
#include "telemetry/telemetryhub.h"
#include "ui/panels/histogramchart.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

namespace hil {

StatsPanel::StatsPanel(Station *station, QWidget *parent)
    : Panel(QStringLiteral("statsPanel"), station, parent), m_samples(new QSpinBox),
      m_bins(new QSpinBox), m_empty(new QLabel), m_grid(new QGridLayout)
{
    m_samples->setObjectName(QStringLiteral("histogramSamples"));
    m_samples->setRange(100, static_cast<int>(std::min<std::size_t>(hub()->capacity(), 1000000)));
    m_samples->setSingleStep(500);
    m_samples->setValue(std::min(2500, m_samples->maximum()));

    m_bins->setObjectName(QStringLiteral("histogramBins"));
    m_bins->setRange(5, 200);
    m_bins->setValue(40);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_samples);
    bar->addWidget(m_bins);
    bar->addStretch();
    retranslate([this] {
        m_samples->setPrefix(tr("last "));
        m_samples->setSuffix(tr(" samples"));
        m_samples->setToolTip(tr("How many of the newest samples each histogram counts"));
        m_bins->setSuffix(tr(" bins"));
        m_empty->setText(tr("No link publishes a distribution yet."));
    });
    m_empty->setStyleSheet(QStringLiteral("color: palette(mid);"));
    m_empty->setAlignment(Qt::AlignCenter);
    auto *inner = new QWidget;
    auto *innerLayout = new QVBoxLayout(inner);
    innerLayout->setContentsMargins(0, 0, 0, 0);
    innerLayout->addWidget(m_empty);
    innerLayout->addLayout(m_grid);
    innerLayout->addStretch();
    auto *scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(inner);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(scroll, 1);
}

QString StatsPanel::title() const
{
    return tr("Link statistics");
}

void StatsPanel::addCharts()
{
    const int count = hub()->seriesCount();
    for (int id = m_knownSeries; id < count; ++id) {
        const TelemetryHub::SeriesInfo info = hub()->info(id);
        if (info.kind != TelemetryHub::Kind::Distribution)
            continue;
        auto *chart = new HistogramChart(info.name, info.unit);
        chart->setProperty("seriesId", id);
        m_charts.insert(info.name, chart);
        // Keep a link's charts together: sort by name, then lay out in one column.
        m_order.push_back(chart);
        std::sort(m_order.begin(), m_order.end(), [](HistogramChart *a, HistogramChart *b) {
            return a->objectName() < b->objectName();
        });
        for (std::size_t i = 0; i < m_order.size(); ++i)
            m_grid->addWidget(m_order[i], static_cast<int>(i), 0);
    }
    m_knownSeries = count;
    m_empty->setVisible(m_order.empty());
}

void StatsPanel::refreshSlow()
{
    addCharts();
    for (HistogramChart *chart : m_order) {
        hub()->latestValues(chart->property("seriesId").toInt(),
                            static_cast<std::size_t>(sampleWindow()), &m_values);
        chart->setSamples(m_values, binCount());
    }
}

int StatsPanel::sampleWindow() const
{
    return m_samples->value();
}
void StatsPanel::setSampleWindow(int samples)
{
    m_samples->setValue(samples);
}
int StatsPanel::binCount() const
{
    return m_bins->value();
}
void StatsPanel::setBinCount(int bins)
{
    m_bins->setValue(bins);
}
HistogramChart *StatsPanel::chart(const QString &series) const
{
    return m_charts.value(series);
}

void StatsPanel::load(QSettings &s)
{
    setSampleWindow(s.value(QStringLiteral("samples"), sampleWindow()).toInt());
    setBinCount(s.value(QStringLiteral("bins"), binCount()).toInt());
}

void StatsPanel::save(QSettings &s) const
{
    s.setValue(QStringLiteral("samples"), sampleWindow());
    s.setValue(QStringLiteral("bins"), binCount());
}

} // namespace hil
