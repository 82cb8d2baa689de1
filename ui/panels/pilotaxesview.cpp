#include "ui/panels/pilotaxesview.h"

#include <QPainter>
#include <algorithm>

namespace hil {

PilotAxesView::PilotAxesView(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("pilotAxesView"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);
}

void PilotAxesView::setValues(const std::vector<double> &values)
{
    const bool resized = values.size() != m_values.size();
    m_values = values;
    if (resized)
        updateGeometry();
    update();
}

void PilotAxesView::setRange(const std::vector<double> &min, const std::vector<double> &center,
                             const std::vector<double> &max)
{
    m_min = min;
    m_center = center;
    m_max = max;
    update();
}

void PilotAxesView::setLabels(const QStringList &labels)
{
    m_labels = labels;
    update();
}

QSize PilotAxesView::sizeHint() const
{
    const int row = fontMetrics().height() + 8;
    return {420, int(std::max<std::size_t>(m_values.size(), 1)) * row + 4};
}

QSize PilotAxesView::minimumSizeHint() const
{
    return {240, sizeHint().height()};
}

void PilotAxesView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QFontMetrics fm = fontMetrics();
    const int row = fm.height() + 8;
    const int labelW = fm.horizontalAdvance(tr("Axis %1").arg(88)) + 8;
    int tagW = fm.horizontalAdvance(QStringLiteral("throttle")) + 8;
    for (const QString &label : m_labels)
        tagW = std::max(tagW, fm.horizontalAdvance(label) + 8);
    const int x0 = labelW, w = std::max(40, width() - labelW - tagW);
    const auto xOf = [&](double v) { return x0 + int((std::clamp(v, -1.0, 1.0) + 1.0) / 2 * w); };
    const QPalette pal = palette();
    if (m_values.empty()) {
        p.drawText(rect(), Qt::AlignCenter, tr("No reading from the device yet"));
        return;
    }
    // Numbered from 1, as the Pilot panel and the docs count them (the map file keeps 0-based).
    for (std::size_t i = 0; i < m_values.size(); ++i) {
        const int y = int(i) * row + 2;
        const QRect bar(x0, y + 3, w, row - 6);
        p.setPen(pal.color(QPalette::WindowText));
        p.drawText(QRect(0, y, labelW - 4, row), Qt::AlignVCenter | Qt::AlignRight,
                   tr("Axis %1").arg(i + 1));
        p.fillRect(bar, pal.color(QPalette::Base));
        // The recorded range, light; the value, from the centre line, strong.
        if (i < m_min.size() && i < m_max.size() && m_max[i] > m_min[i])
            p.fillRect(QRect(QPoint(xOf(m_min[i]), bar.top()), QPoint(xOf(m_max[i]), bar.bottom())),
                       pal.color(QPalette::Highlight).lighter(170));
        const int mid = xOf(0.0), v = xOf(m_values[i]);
        p.fillRect(QRect(QPoint(std::min(mid, v), bar.top() + 2),
                         QPoint(std::max(mid, v), bar.bottom() - 2)),
                   pal.color(QPalette::Highlight));
        p.setPen(pal.color(QPalette::Mid));
        p.drawRect(bar);
        p.drawLine(mid, bar.top(), mid, bar.bottom());
        if (i < m_center.size()) {
            p.setPen(QPen(Qt::darkGreen, 2));
            const int c = xOf(m_center[i]);
            p.drawLine(c, bar.top() - 2, c, bar.bottom() + 2);
        }
        p.setPen(pal.color(QPalette::WindowText));
        if (int(i) < m_labels.size())
            p.drawText(QRect(x0 + w + 8, y, tagW, row), Qt::AlignVCenter | Qt::AlignLeft,
                       m_labels[int(i)]);
    }
}

} // namespace hil
