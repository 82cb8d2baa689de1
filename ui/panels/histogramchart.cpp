#include "ui/panels/histogramchart.h"

#include <QAreaSeries>
#include <QChart>
#include <QLineSeries>
#include <QLocale>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace hil {

HistogramChart::HistogramChart(const QString &name, const QString &unit, QWidget *parent)
    : QChartView(parent), m_name(name), m_unit(unit), m_upper(new QLineSeries(this)),
      m_area(nullptr), // QAreaSeries does not own it
      m_x(new QValueAxis), m_y(new QValueAxis)
{
    setObjectName(name);
    QChart *chart = this->chart(); // the view's own: setChart() would orphan (leak) it
    chart->legend()->hide();
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    chart->setAnimationOptions(QChart::NoAnimation);
    QFont f = chart->titleFont();
    f.setPointSizeF(f.pointSizeF() * 0.9);
    chart->setTitleFont(f);
    m_area = new QAreaSeries(m_upper);
    m_area->setColor(QColor(0x1f, 0x77, 0xb4, 110));
    m_area->setBorderColor(QColor(0x1f, 0x77, 0xb4));
    chart->addSeries(m_area);
    QFont small = m_x->labelsFont();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    m_x->setLabelsFont(small);
    m_y->setLabelsFont(small);
    m_x->setTitleText(unit);
    m_x->setTitleFont(small);
    m_y->setLabelFormat(QStringLiteral("%d"));
    m_x->setLabelFormat(QStringLiteral("%.3g"));
    m_x->setTickCount(5);
    m_y->setTickCount(3);
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    m_area->attachAxis(m_x);
    m_area->attachAxis(m_y);
    chart->setTitle(tr("%1 — no samples").arg(name));
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(220, 150);
}

void HistogramChart::setSamples(std::vector<double> &values, int bins)
{
    values.erase(
        std::remove_if(values.begin(), values.end(), [](double v) { return !std::isfinite(v); }),
        values.end());
    m_count = static_cast<int>(values.size());
    if (values.empty()) {
        m_upper->clear();
        chart()->setTitle(tr("%1 — no samples").arg(m_name));
        return;
    }
    std::sort(values.begin(), values.end());
    const auto pct = [&values](double p) {
        return values[std::min(values.size() - 1,
                               static_cast<std::size_t>(p * (values.size() - 1) + 0.5))];
    };
    m_median = pct(0.5);
    const double lo = values.front(), hi = values.back();
    const double width = hi > lo ? (hi - lo) / bins : 1.0;
    std::vector<int> counts(static_cast<std::size_t>(bins), 0);
    for (double v : values)
        ++counts[std::min<std::size_t>(static_cast<std::size_t>((v - lo) / width),
                                       counts.size() - 1)];
    QList<QPointF> pts;
    pts.reserve(2 * bins + 2);
    pts << QPointF(lo, 0);
    int peak = 1;
    for (int i = 0; i < bins; ++i) {
        const int c = counts[static_cast<std::size_t>(i)];
        peak = std::max(peak, c);
        pts << QPointF(lo + i * width, c) << QPointF(lo + (i + 1) * width, c);
    }
    pts << QPointF(lo + bins * width, 0);
    m_upper->replace(pts);
    m_x->setRange(lo, lo + bins * width);
    m_y->setRange(0, peak * 1.1);
    chart()->setTitle(tr("%1<br>median %2, p99 %3, max %4 %5 (n = %6)")
                          .arg(m_name)
                          .arg(QLocale().toString(m_median, 'g', 4))
                          .arg(QLocale().toString(pct(0.99), 'g', 4))
                          .arg(QLocale().toString(hi, 'g', 4))
                          .arg(m_unit)
                          .arg(m_count));
}

} // namespace hil
