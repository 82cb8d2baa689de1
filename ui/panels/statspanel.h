#pragma once
// StatsPanel ("Link statistics"): a histogram per distribution series of the TelemetryHub
// (TelemetryHub::Kind::Distribution: loop periods, round trips), drawn with Qt Charts, with the
// median, p99 and maximum in its title. GUI thread; refreshes at 5 Hz while visible.
//
// How a link publishes: declare once (in open()), push per sample from its thread:
//   m_periodId = hub->declare("flightaxis/period_ms", "ms", TelemetryHub::Kind::Distribution);
//   hub->pushValue(m_periodId, hub->now(), periodMs);
// The chart appears by itself, grouped under the part of the name before the first '/'.

#include "ui/panels/panel.h"

#include <QHash>
#include <vector>

class QGridLayout;
class QSpinBox;
class QLabel;

namespace hil {

class HistogramChart;

class StatsPanel : public Panel
{
    Q_OBJECT
public:
    explicit StatsPanel(Station *station, QWidget *parent = nullptr);
    QString title() const override;
    void load(QSettings &settings) override;
    void save(QSettings &settings) const override;
    void refreshSlow() override;

    /// How many of the newest samples each histogram counts.
    int sampleWindow() const;
    void setSampleWindow(int samples);
    int binCount() const;
    void setBinCount(int bins);
    /// The histogram of a series, or nullptr before the series exists (for tests).
    HistogramChart *chart(const QString &series) const;

private:
    void addCharts();

    QSpinBox *m_samples;
    QSpinBox *m_bins;
    QLabel *m_empty;
    QGridLayout *m_grid;
    QHash<QString, HistogramChart *> m_charts;
    std::vector<HistogramChart *> m_order;
    int m_knownSeries = 0;
    std::vector<double> m_values; // reused sample buffer
};

} // namespace hil
