#pragma once
// HistogramChart: one Qt Charts view showing the distribution of a series' newest samples as a
// filled step outline, with median / p99 / max in the title. GUI thread.

#include <QChartView>
#include <QString>
#include <vector>

class QAreaSeries;
class QLineSeries;
class QValueAxis;

namespace hil {

class HistogramChart : public QChartView
{
    Q_OBJECT
public:
    HistogramChart(const QString &name, const QString &unit, QWidget *parent = nullptr);
    /// Recomputes from the given samples (sorted in place).
    void setSamples(std::vector<double> &values, int bins);
    int sampleCount() const { return m_count; }
    double median() const { return m_median; }

private:
    QString m_name;
    QString m_unit;
    QLineSeries *m_upper;
    QAreaSeries *m_area;
    QValueAxis *m_x;
    QValueAxis *m_y;
    int m_count = 0;
    double m_median = 0.0;
};

} // namespace hil
