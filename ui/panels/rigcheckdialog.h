#pragma once
// RigCheckDialog: Tools → Rig check… (docs/rig-check.md). Runs one RigCheckRun on the running
// links and shows every check's verdict, figure and fix in the operator's language as the rows
// come in; the report (report.json, report.html, report.pdf) goes to the session folder's
// rig-check/. The fixes wrap in their rows, and the selected row's check, figure and fix are
// shown whole below the table. "Measure the transport delay" steps the platform: it first names a
// step the rig lacks (CUEING, STOP released, the enabling button held), then asks whether the seat
// is empty (procedure step 2); the platform link itself still refuses it outside CUEING, after a
// STOP or on an address held by a failed axis check. A figure measured on a built-in stand-in is
// marked as such. "Open report" on a desktop with no program for the page offers the folder.
// Non-modal; GUI thread; nothing here waits: the run samples counters on a timer and writes its
// files in a thread of its own.

#include <QDialog>
#include <functional>
#include <memory>

class QCheckBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace hil {

class Station;
namespace rigcheck {
class RigCheckRun;
struct RunResult;
struct Progress;
} // namespace rigcheck

class RigCheckDialog : public QDialog
{
    Q_OBJECT
public:
    explicit RigCheckDialog(Station *station, QWidget *parent = nullptr);
    ~RigCheckDialog() override;

    /// The report folder of the last run (empty before one finished).
    QString reportFolder() const { return m_folder; }
    /// How "Open report" opens a file; QDesktopServices::openUrl by default (tests: a desktop
    /// without a handler). False: nothing opened it, and the dialog offers the folder instead.
    void setOpenUrlHook(std::function<bool(const QUrl &)> open) { m_openUrl = std::move(open); }

    /// What a procedure that moves the seat (the transport delay, the platform measurement)
    /// needs that the rig lacks now, in the operator's words ("" when nothing): asked before any
    /// question. The link's own refusal stays the authority.
    static QString motionMissing(const Station *station);
    /// Procedure step 2's question before a procedure moves the seat, `what` saying how: true
    /// only when the operator answers "Seat empty" (Cancel is the default).
    static bool askSeatEmpty(QWidget *parent, const QString &title, const QString &objectName,
                             const QString &what);

protected:
    void changeEvent(QEvent *event) override;

private:
    void start();
    void onFinished(const rigcheck::RunResult &result);
    /// The last run's rows and summary, in the current language (again after a switch).
    void showResult();
    static QString stepText(const rigcheck::Progress &p);
    void showProgress();
    /// "Open report" found no program for the page: says so and offers the folder.
    void offerFolder();
    void showDetails();
    void retranslateUi();

    Station *m_station;
    std::unique_ptr<rigcheck::RigCheckRun> m_run;
    QLabel *m_intro = nullptr, *m_phase = nullptr, *m_summary = nullptr, *m_secondsLabel = nullptr;
    QSpinBox *m_seconds = nullptr;
    QCheckBox *m_motion = nullptr;
    QPushButton *m_start = nullptr, *m_open = nullptr, *m_close = nullptr;
    QProgressBar *m_progress = nullptr;
    QTableWidget *m_table = nullptr;
    QLabel *m_details = nullptr; ///< the selected row's check, figure and fix, whole
    std::unique_ptr<rigcheck::RunResult> m_result;       ///< the last finished run, shown
    std::unique_ptr<rigcheck::Progress> m_progressShown; ///< the step the line names
    QString m_folder;
    std::function<bool(const QUrl &)> m_openUrl;
};

} // namespace hil
