#pragma once
// PlotsPanel ("Telemetry plots"): a tree of every series in the TelemetryHub and up to four
// stacked plots sharing one time axis. The window's timer calls refreshFast(); the panel copies
// only the visible window, decimated to the plot's pixel width, and replots once. GUI thread.
//
// Time axis: seconds on the hub's clock (since the Station was created). Values: SI in the hub and
// on screen (as in the session files), unless the operator picks "Angles in °" (rad and rad/s shown
// as ° and °/s; the Value column's header and every unit then say so). Pause freezes the view;
// drag/zoom then browses the buffer.
//
// Parts with a concept of their own: the series picker (SignalTree), the cursor and its readout
// (PlotCursor), the CSV export (writePlotsCsv).

#include "telemetry/ringseries.h"
#include "ui/panels/panel.h"

#include <qcustomplot.h>

#include <QVector>
#include <memory>
#include <vector>

class QComboBox;
class QSpinBox;
class QSplitter;
class QToolButton;

namespace hil {

class PlotCursor;
class SignalTree;

class PlotsPanel : public Panel
{
    Q_OBJECT
public:
    static constexpr int kMaxPlots = 4;

    explicit PlotsPanel(Station *station, QWidget *parent = nullptr);
    ~PlotsPanel() override;
    QString title() const override;
    void load(QSettings &settings) override;
    void save(QSettings &settings) const override;
    void refreshFast() override;
    void refreshSlow() override;

    /// Shows (or hides) a series in plot `plot` (0-based).
    void setSignal(int plot, const QString &name, bool shown);
    QStringList signalsOf(int plot) const;
    void setPlotCount(int count);
    int plotCount() const;
    /// Visible time span in s; 0 = everything buffered.
    void setWindowSeconds(double seconds);
    double windowSeconds() const;
    void setPaused(bool paused);
    bool isPaused() const;
    void setAutoScale(bool on);
    /// Angles (rad, rad/s) shown in degrees in the plots and the Value column.
    void setDegrees(bool on);
    bool degrees() const;
    void setLegendsShown(bool on);
    bool legendsShown() const;
    /// The readout's time, s, or NaN while the mouse is not over a plot (for tests).
    double cursorTime() const;
    /// Number of points currently drawn over all graphs (for tests and the benchmark).
    int pointCount() const;
    /// Time the last replotNow() spent copying data out of the hub, ms (the rest is drawing).
    double lastCopyMs() const { return m_lastCopyMs; }
    QCustomPlot *plot() const { return m_plot; }

    /// Copies the visible window and replots immediately (the benchmark's unit of work).
    void fitTickCounts();
    void replotNow();
    bool exportPng(const QString &path);
    /// The visible window's raw samples: `time_s` then one column per shown series (SI;
    /// writePlotsCsv()).
    bool exportCsv(const QString &path, QString *error = nullptr) const;

private:
    struct Binding
    {
        int plot;
        int seriesId;
        QString name;
        double scale;
        QString unit;
        QCPGraph *graph;
    };
    void buildUi();
    void syncTree();
    void onShownChanged(int plot, const QString &name, bool shown);
    void rebuildPlots();
    void updateData(double t0, double t1);
    void visibleRange(double *t0, double *t1) const;
    void retranslateUi() override;
    void exportPngDialog();
    void exportCsvDialog();

    QSplitter *m_splitter = nullptr;
    SignalTree *m_tree = nullptr;
    QCustomPlot *m_plot = nullptr;
    QSpinBox *m_plotCount = nullptr;
    QComboBox *m_window = nullptr;
    QToolButton *m_pause = nullptr;
    QToolButton *m_autoScale = nullptr;
    QToolButton *m_degrees = nullptr;
    QToolButton *m_legends = nullptr;
    std::unique_ptr<PlotCursor> m_cursor; // before the plot goes: see PlotCursor

    QList<QCPAxisRect *> m_rects;
    QStringList m_signals[kMaxPlots]; // the series names shown per plot (the settings' truth)
    std::vector<Binding> m_bindings;
    int m_knownSeries = 0;
    bool m_plotsDirty = true;
    bool m_viewDirty = true;
    double m_lastCopyMs = 0.0;
    std::vector<TelemetryPoint> m_points; // reused snapshot buffer
    QVector<QCPGraphData> m_graphData;    // reused conversion buffer
};

} // namespace hil
