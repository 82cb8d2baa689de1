#pragma once
// DryRunResultsView: the Dry run panel's results (dryrunpanel.h), beside its editor. Per axis (a
// combo): what the pilot and the rider would feel (perceived specific force or rate, top plot)
// and the platform's pose against its envelope (a band) with the predicted limit hits marked
// (an axis at its end stop, an actuator at its stroke, bottom plot), each plot with its legend;
// above them the score line, below them the score table with a tooltip per column.
// It keeps the panel's last preview and, once they are computed, that preview's full-rate
// figures; until then the line and the table show the preview's own, marked "≈". After "Use
// suggestion" it keeps the replaced pair as well and shows it beside the new one (dashed lines,
// "now (before)" in the cells) until another recording is opened.
//
// GUI thread only; it runs no dry run, it only draws what the panel's jobs computed. Units: the
// perceived signals in m/s² or °/s, the pose in mm or °, time in s from the recording's start.

#include "dryrun/perceptionscore.h"
#include "dryrun/preview.h"

#include <QWidget>
#include <array>
#include <memory>

class QComboBox;
class QCustomPlot;
class QCPLegend;
class QLabel;
class QTableWidget;

namespace hil {

/// The figures the results' line and table show: the dry run at the model's full rate, exactly
/// as report.json and the settings search compute them (the 50 Hz preview only draws the plots).
/// Limit hits: each DoF's end stops and each actuator's stroke.
struct DryRunFigures
{
    dryrun::PerceptionScore score; ///< without a trace
    std::array<int, 6> axisHits{}, actuatorHits{};
    int total() const;
    int actuatorTotal() const;
};

class DryRunResultsView : public QWidget
{
    Q_OBJECT
public:
    explicit DryRunResultsView(QWidget *parent = nullptr);
    ~DryRunResultsView() override;

    /// A new preview, drawn at once; the figures are its own ("≈") until setFigures().
    void setPreview(dryrun::Preview preview);
    /// The full-rate figures of the current preview's settings.
    void setFigures(const DryRunFigures &figures);
    /// "Use suggestion": the current preview and figures become the "before" drawn beside the
    /// next ones.
    void keepAsBefore();
    /// Another recording: nothing to compare with (drawn again with the next preview).
    void clearBefore();

    /// The last preview (nullptr before the first).
    const dryrun::Preview *preview() const { return m_preview.get(); }
    /// The full-rate figures of the last preview's settings (nullptr while they are computed).
    const DryRunFigures *figures() const { return m_figures.get(); }
    /// The preview from before "Use suggestion" (nullptr when none is kept).
    const dryrun::Preview *before() const { return m_before.get(); }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void showPreview();
    void drawAxis();

    std::unique_ptr<dryrun::Preview> m_preview;
    std::unique_ptr<dryrun::Preview> m_before; ///< see before()
    std::unique_ptr<DryRunFigures> m_figures, m_beforeFigures;

    QComboBox *m_axis = nullptr;
    QCustomPlot *m_plot = nullptr;
    QCPLegend *m_topLegend = nullptr, *m_bottomLegend = nullptr;
    QTableWidget *m_table = nullptr;
    QLabel *m_score = nullptr;
};

} // namespace hil
