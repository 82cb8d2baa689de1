#pragma once
// RigCheckDialog: Tools → Rig check… (docs/rig-check.md). Runs one RigCheckRun on the running
// links and shows every check's verdict, figure and fix in the operator's language as the rows
// come in; the report (report.json, report.html, report.pdf) goes to the session folder's
// rig-check/. "Measure the transport delay" steps the platform: it asks first whether the seat is
// empty (procedure step 2), and the platform link itself refuses it outside CUEING, after a STOP
// or on an address held by a failed axis check. Non-modal; GUI thread; nothing here waits: the
// run samples counters on a timer and writes its files in a thread of its own.

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
} // namespace rigcheck

class RigCheckDialog : public QDialog
{
    Q_OBJECT
public:
    explicit RigCheckDialog(Station *station, QWidget *parent = nullptr);
    ~RigCheckDialog() override;

    /// The report folder of the last run (empty before one finished).
    QString reportFolder() const { return m_folder; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void start();
    void onFinished(const rigcheck::RunResult &result);
    bool askSeatEmpty();
    void retranslateUi();

    Station *m_station;
    std::unique_ptr<rigcheck::RigCheckRun> m_run;
    QLabel *m_intro = nullptr, *m_phase = nullptr, *m_summary = nullptr, *m_secondsLabel = nullptr;
    QSpinBox *m_seconds = nullptr;
    QCheckBox *m_motion = nullptr;
    QPushButton *m_start = nullptr, *m_open = nullptr, *m_close = nullptr;
    QProgressBar *m_progress = nullptr;
    QTableWidget *m_table = nullptr;
    QString m_folder;
};

} // namespace hil
