#pragma once
// DryRunSearchBox: the Dry run panel's "Suggest settings" (lib/dryrun/suggest.h) as a box of its
// own. The search runs over the panel's open recording and every recording the operator added to
// the box's list ("Add the open recording": open another, add it too — the same set the command
// line takes as several --dry-run inputs), with the editor's settings as the start; a progress
// bar and Cancel while it runs; the result in a note and a table that sets the suggestion beside
// the still seat (master gain 0) and the current settings, the search's other two candidates; "Use
// suggestion" hands the suggested settings back to the panel. Recordings are held as loaded
// (shared, immutable): adding one reads nothing again.
//
// GUI thread only; the search runs on a DryRunJob thread. The evaluation count and seed are
// fixed (the command line's), so the same set and start settings give the same suggestion.

#include "dryrun/dryruninput.h"
#include "dryrun/suggest.h"
#include "raven/cueing.h"

#include <QGroupBox>
#include <QPointer>
#include <functional>
#include <memory>
#include <vector>

class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace hil {

class DryRunJob;

class DryRunSearchBox : public QGroupBox
{
    Q_OBJECT
public:
    /// start(): the editor's settings and the platform model when the search begins.
    explicit DryRunSearchBox(std::function<dryrun::DryRunOptions()> start,
                             QWidget *parent = nullptr);
    ~DryRunSearchBox() override;

    /// The panel's open recording (nullptr: none); the search always covers it.
    void setOpenRecording(std::shared_ptr<const dryrun::DryRunInput> input);
    /// What the next search covers: the added recordings, then the open one (once).
    std::vector<std::shared_ptr<const dryrun::DryRunInput>> searchSet() const;
    bool isSearching() const;

public slots:
    void suggest();

signals:
    /// "Use suggestion" was clicked.
    void suggestionUsed(const raven::CueingSettings &settings);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void showNote();
    void finish(const dryrun::SuggestResult &result, int recordings);
    void updateButtons();

    std::function<dryrun::DryRunOptions()> m_start;
    std::shared_ptr<const dryrun::DryRunInput> m_open;
    std::vector<std::shared_ptr<const dryrun::DryRunInput>> m_added; ///< the list's rows
    std::unique_ptr<dryrun::SuggestResult> m_suggestion;
    int m_recordings = 0; ///< how many the last search covered
    QPointer<DryRunJob> m_job;

    QListWidget *m_list = nullptr;
    QPushButton *m_add = nullptr, *m_remove = nullptr, *m_suggest = nullptr, *m_cancel = nullptr,
                *m_use = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_note = nullptr;
    QTableWidget *m_compare = nullptr; ///< still seat, current, suggestion: score, skill, hits
};

} // namespace hil
