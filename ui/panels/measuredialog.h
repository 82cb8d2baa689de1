#pragma once
// MeasureDialog (Tools → Measure the platform…): the platform measurement from the window, as
// `--omct DIR --omct-seat-empty --omct-quick` runs it headless (docs/platform-model.md,
// "Measuring the platform"). Says what it does and how long it takes before anything moves;
// checks what the rig lacks (CUEING, STOP, the enabling button) before any question; asks
// procedure step 2's seat question (Cancel by default); shows the DoF and the time left while
// it runs (STOP is the dialog's STOP area and every other STOP); then identifies the session
// recorded so far off the GUI thread into the session folder's platform-model/ and offers the
// model to the Dry run panel.
//
// Thread: the GUI thread; the link is reached through rigcheck::MeasurementRun (its 10 Hz
// snapshot) and the identification runs on a thread of its own.

#include "core/platformmeasurement.h"

#include <QDialog>
#include <memory>

class QLabel;
class QProgressBar;
class QPushButton;

namespace hil {
class Station;
namespace rigcheck {
class MeasurementRun;
}

class MeasureDialog : public QDialog
{
    Q_OBJECT
public:
    explicit MeasureDialog(Station *station, QWidget *parent = nullptr);
    ~MeasureDialog() override;

    /// The excitation's settings (tests: a seconds-long one). Before Start.
    void setSettings(const PlatformMeasurementSettings &settings);
    /// The model the last run wrote, empty before one.
    QString modelFile() const { return m_modelFile; }

signals:
    /// "Use in the dry run": the model file the Dry run panel should read.
    void modelChosen(const QString &path);

protected:
    void changeEvent(QEvent *event) override;

private:
    void start();
    void onFinished(const PlatformMeasurementResult &result);
    void identify(const PlatformMeasurementResult &result);
    void retranslateUi();
    void showState();

    Station *m_station;
    PlatformMeasurementSettings m_settings;
    std::unique_ptr<rigcheck::MeasurementRun> m_run;
    PlatformMeasurementResult m_shown;
    QLabel *m_intro = nullptr, *m_state = nullptr, *m_outcome = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_start = nullptr, *m_use = nullptr, *m_close = nullptr;
    QString m_modelFile, m_outcomeText;
    bool m_identifying = false;
};

} // namespace hil
