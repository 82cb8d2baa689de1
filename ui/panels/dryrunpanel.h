#pragma once
// DryRunPanel: ride it before anyone rides it (docs/perception.md). Pick a recording (a session
// folder's state.csv or a .tlog, through Qt's file dialog; this session's own folder; the Replay
// panel's recording) or a built-in manoeuvre; the panel runs the dry run and shows, per axis,
// what the pilot and the rider would feel and the platform's pose against its envelope, with
// the score line and table (dryrunresults.h: the plots, the line and the table, before and after
// a suggestion). The line and the table give the full-rate figures (report.json's, the settings
// search's), computed after the 50 Hz preview that draws the plots.
// The cueing settings are edited here (master gain; gain, low-pass, limit per axis: the Motion
// panel's settings, taken from it and given back to it) and every change re-runs a preview (50 Hz,
// lib/dryrun/preview.h) at once. "Suggest settings" (dryrunsearch.h: over the open recording and
// any others added to its list) hands its result back, and the panel then shows before and after
// side by side (DryRunResultsView). "Apply to platform" asks
// first and is refused while the platform reports CUEING: the check is made again in the link's
// own thread, right before the settings are set, so a mode change in between cannot slip through.
//
// GUI thread only; loading, previews and the search run on DryRunJob threads (dryrunjob.h), never
// in the GUI thread. A settings change during a preview runs one more preview afterwards (the
// latest settings win). Units as cueing.h: gains plain, τ in s, limits in m/s² or rad/s² (0 = the
// platform's own).

#include "dryrun/preview.h"
#include "raven/cueing.h"
#include "ui/panels/dryrunresults.h"
#include "ui/panels/panel.h"

#include <QPointer>
#include <array>
#include <functional>
#include <memory>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace hil {

class DryRunJob;
class DryRunSearchBox;

class DryRunPanel : public Panel
{
    Q_OBJECT
public:
    explicit DryRunPanel(Station *station, QWidget *parent = nullptr);
    ~DryRunPanel() override;
    QString title() const override;

    /// Where "From Motion panel" reads and "Apply to platform" also writes the editor's settings
    /// (the window connects the Motion panel; unset: the button is hidden).
    void setMotionSettingsHooks(std::function<raven::CueingSettings()> get,
                                std::function<void(const raven::CueingSettings &)> set);
    /// Where the Replay panel's recording is (the window connects it; empty: none open).
    void setReplaySourceHook(std::function<QString()> source) { m_replaySource = source; }

    raven::CueingSettings settings() const;
    void setSettings(const raven::CueingSettings &settings);
    /// Loads a recording (session folder, state.csv, .tlog) or maneuver:NAME, then previews.
    void openSource(const QString &spec);
    /// The figures the panel's line and table show (dryrunresults.h).
    using Figures = DryRunFigures;
    /// The last preview (nullptr before the first).
    const dryrun::Preview *preview() const { return m_results->preview(); }
    /// The full-rate figures of the last preview's settings (nullptr while they are computed).
    const Figures *figures() const { return m_results->figures(); }
    /// The platform model the preview and the search use: the assumed defaults until the
    /// operator picks a model file (an identified platform's, normally).
    const platformmodel::ModelConfig &model() const { return m_model; }
    /// Reads a model file off the GUI thread, then uses it (an error names the file and key).
    void openModel(const QString &path);
    /// The preview from before "Use suggestion", drawn beside the current one (nullptr when no
    /// suggestion has been used on this recording).
    const dryrun::Preview *before() const { return m_results->before(); }
    bool isBusy() const;

public slots:
    void applyToPlatform();

private:
    QWidget *buildSource();
    QWidget *buildEditor();
    void schedulePreview();
    void showSourceNote();
    void setApplyNote(const QString &text, bool error);

    std::shared_ptr<const dryrun::DryRunInput> m_input;
    QPointer<DryRunJob> m_loadJob, m_previewJob;
    bool m_previewPending = false;
    bool m_settingFromCode = false;
    raven::CueingSettings m_base; ///< what the editor does not show (frame, master gain, …)
    int m_loadGeneration = 0;     ///< a newer openSource() makes an older load's result stale

    QComboBox *m_source = nullptr;
    QLabel *m_sourceNote = nullptr;
    /// What the source note says, kept so that a language switch composes it again.
    QString m_sourceSpec, m_sourceError;
    bool m_sourceLoading = false;
    QLabel *m_modelNote = nullptr;
    platformmodel::ModelConfig m_model;
    QString m_modelFile; ///< empty: the assumed defaults
    int m_modelGeneration = 0;
    void showModel();
    static constexpr int kEditedAxes = raven::AxisCount;
    std::array<QDoubleSpinBox *, kEditedAxes> m_gain{}, m_tau{}, m_limit{};
    QDoubleSpinBox *m_master = nullptr;
    DryRunResultsView *m_results = nullptr;
    QLabel *m_applyNote = nullptr;
    QPushButton *m_fromMotion = nullptr;
    DryRunSearchBox *m_search = nullptr;
    std::function<raven::CueingSettings()> m_getMotion;
    std::function<void(const raven::CueingSettings &)> m_setMotion;
    std::function<QString()> m_replaySource;
};

} // namespace hil
