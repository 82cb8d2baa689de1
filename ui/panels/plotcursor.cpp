#include "ui/panels/plotcursor.h"

#include <qcustomplot.h>

#include <QCoreApplication>
#include <QEvent>
#include <QLabel>
#include <QLocale>
#include <algorithm>

namespace hil {

PlotCursor::PlotCursor(QCustomPlot *plot) : m_plot(plot), m_time(qQNaN())
{
    connect(m_plot, &QCustomPlot::mouseMove, this,
            [this](QMouseEvent *e) { onMouseMove(e->pos().x()); });
    m_plot->installEventFilter(this);
    // Floats over the plot: a child in no layout, so its text never resizes anything.
    m_readout = new QLabel(m_plot);
    m_readout->setObjectName(QStringLiteral("cursorReadout"));
    m_readout->setTextFormat(Qt::RichText);
    m_readout->setAttribute(Qt::WA_TransparentForMouseEvents);
    m_readout->setStyleSheet(
        QStringLiteral("QLabel { background: rgba(255, 255, 255, 225); color: #3c4146;"
                       " border: 1px solid #c9ced3; border-radius: 3px; padding: 3px; }"));
    m_readout->hide();
}

PlotCursor::~PlotCursor()
{
    m_plot->removeEventFilter(this);
}

void PlotCursor::clear()
{
    m_lines.clear();
    m_rects.clear();
    m_traces.clear();
}

void PlotCursor::addPlot(QCPAxisRect *rect)
{
    QCPAxis *x = rect->axis(QCPAxis::atBottom);
    auto *line = new QCPItemStraightLine(m_plot);
    line->setClipAxisRect(rect);
    line->point1->setAxes(x, rect->axis(QCPAxis::atLeft));
    line->point2->setAxes(x, rect->axis(QCPAxis::atLeft));
    line->setPen(QPen(QColor(0x90, 0x96, 0x9c), 1, Qt::DashLine));
    line->setVisible(false);
    m_lines << line;
    m_rects << rect;
}

void PlotCursor::setTraces(std::vector<Trace> traces)
{
    m_traces = std::move(traces);
}

void PlotCursor::refresh()
{
    if (m_pixelX >= 0)
        updateReadout();
}

void PlotCursor::onMouseMove(int pixelX)
{
    if (m_rects.isEmpty() || pixelX < m_rects.first()->left() ||
        pixelX > m_rects.first()->right()) {
        if (m_pixelX >= 0)
            hide(); // over an axis or a legend: no time there
        return;
    }
    m_pixelX = pixelX;
    updateReadout();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void PlotCursor::hide()
{
    m_pixelX = -1;
    m_time = qQNaN();
    m_readout->hide();
    for (QCPItemStraightLine *c : qAsConst(m_lines))
        c->setVisible(false);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

bool PlotCursor::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_plot && event->type() == QEvent::Leave)
        hide();
    else if (watched == m_plot && event->type() == QEvent::Resize && m_readout->isVisible())
        placeReadout();
    return QObject::eventFilter(watched, event);
}

void PlotCursor::updateReadout()
{
    if (m_rects.isEmpty() || m_pixelX < 0)
        return;
    const double t = m_rects.first()->axis(QCPAxis::atBottom)->pixelToCoord(m_pixelX);
    m_time = t;
    for (QCPItemStraightLine *c : qAsConst(m_lines)) {
        c->point1->setCoords(t, 0);
        c->point2->setCoords(t, 1);
        c->setVisible(true);
    }
    // The panel's locale, and its words: translated in the Telemetry plots' context.
    const QLocale loc = m_plot->locale();
    QString html =
        QStringLiteral(
            "<table cellspacing='0' cellpadding='0'><tr><td colspan='2'><b>%1</b></td></tr>")
            .arg(QCoreApplication::translate("hil::PlotsPanel", "t = %1 s")
                     .arg(loc.toString(t, 'f', 3)));
    for (const Trace &b : m_traces) {
        auto it = b.graph->data()->findBegin(t, true); // the sample at or just before t
        if (it == b.graph->data()->constEnd() || it->key > t)
            continue; // nothing recorded yet at t
        const QString value = loc.toString(it->value, 'g', 5) +
                              (b.unit.isEmpty() ? QString() : QLatin1Char(' ') + b.unit);
        html +=
            QStringLiteral("<tr><td><span style='color:%1'>■</span> %2&nbsp;&nbsp;</td><td "
                           "align='right'>%3</td></tr>")
                .arg(b.graph->pen().color().name(), b.name.toHtmlEscaped(), value.toHtmlEscaped());
    }
    html += QStringLiteral("</table>");
    m_readout->setText(html);
    placeReadout();
    m_readout->show();
    m_readout->raise();
}

void PlotCursor::placeReadout()
{
    // In the top corner away from the mouse, so the cursor line stays in view.
    m_readout->adjustSize();
    const QSize s = m_readout->size();
    const int margin = 8;
    const QRect area = m_rects.isEmpty() ? m_plot->rect() : m_rects.first()->rect();
    const bool left = m_pixelX > area.center().x();
    const int x = left ? area.left() + margin : area.right() - s.width() - margin;
    m_readout->move(std::max(0, x), std::max(0, area.top() + margin));
}

} // namespace hil
