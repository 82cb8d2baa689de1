#pragma once
// PlotCursor: the Telemetry plots' cursor — a dashed vertical line through every plot at the
// mouse, and a readout of each graph's value there (the sample at or just before that time, in
// the unit the graph shows). GUI thread.
//
// The readout is a label floating inside the plot (a child of the QCustomPlot, in no layout), so
// its text never changes any size hint and so never the window's width. The cursor is kept as a
// pixel column, not a time: while the plots run live, the time under the mouse moves on with
// them, and refresh() (called at every replot) makes the readout follow it.

#include <QList>
#include <QObject>
#include <QString>
#include <vector>

class QCPAxisRect;
class QCPGraph;
class QCPItemStraightLine;
class QCustomPlot;
class QLabel;

namespace hil {

class PlotCursor : public QObject
{
    Q_OBJECT
public:
    /// A graph the readout lists: its name and the unit its values are in.
    struct Trace
    {
        QCPGraph *graph;
        QString name;
        QString unit;
    };

    /// Follows the mouse over `plot` (objectName of the readout: "cursorReadout"). No QObject
    /// parent: its owner destroys it before the plot, whose events it filters and whose items it
    /// keeps (a Leave sent while the plot is being destroyed must not reach it).
    explicit PlotCursor(QCustomPlot *plot);
    ~PlotCursor() override;

    /// The plots are being rebuilt: forgets the lines (the plot deletes its items) and plots.
    void clear();
    /// A plot (axis rect) of the new layout, top first: the cursor draws a line in it. The first
    /// one's time axis and width are the cursor's.
    void addPlot(QCPAxisRect *rect);
    void setTraces(std::vector<Trace> traces);
    /// Re-reads the time under the mouse and the values (after a replot or a language change).
    void refresh();
    /// The readout's time, s, or NaN while the mouse is not over a plot.
    double time() const { return m_time; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void onMouseMove(int pixelX);
    void hide();
    void updateReadout();
    void placeReadout();

    QCustomPlot *m_plot;
    QLabel *m_readout;
    QList<QCPAxisRect *> m_rects;
    QList<QCPItemStraightLine *> m_lines;
    std::vector<Trace> m_traces;
    int m_pixelX = -1; ///< the mouse's column in the plot, -1 = not over it
    double m_time;
};

} // namespace hil
