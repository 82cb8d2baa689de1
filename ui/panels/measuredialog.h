#pragma once
// MeasureDialog (Tools → Measure the platform…): the two measurements of the platform from the
// window, as `--omct DIR --omct-seat-empty [--omct-quick]` runs them headless
// (docs/platform-model.md, "Measuring the platform" and "The OMCT measured"): the platform's
// model (identified for the dry run) or the OMCT's ten tests (measured beside the prediction).
// Says what the chosen one does and how long it takes before anything moves; checks what the
// rig lacks (CUEING, STOP, the enabling button) before any question; asks procedure step 2's
// seat question (Cancel by default); shows the axis and the time left while it runs (STOP is
// the dialog's STOP area and every other STOP); then works on what was recorded so far off the
// GUI thread: the model into the session folder's platform-model/, offered to the Dry run
// panel; or the OMCT's omct.json, Bode plots and page into the session folder's omct/, the page
// one click away.
//
// Thread: the GUI thread; the link is reached through rigcheck::MeasurementRun (its 10 Hz
// snapshot); the identification, the OMCT's analysis and every file written run on a thread of
// their own (the plots are drawn in the GUI thread, QCustomPlot being a widget).

#include "core/omctmeasurement.h"
#include "core/platformmeasurement.h"

#include <QDialog>
#include <functional>
#include <memory>

class QLabel;
class QProgressBar;
class QPushButton;
class QRadioButton;
class QJsonObject;
class QUrl;

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

    /// The excitations' settings (tests: seconds-long ones). Before Start.
    void setSettings(const PlatformMeasurementSettings &settings);
    void setOmctSettings(const OmctMeasurementSettings &settings);
    /// The model the last run wrote, empty before one.
    QString modelFile() const { return m_modelFile; }
    /// The OMCT's page the last run wrote (omct.html), empty before one.
    QString omctPage() const { return m_omctPage; }
    /// How "Open the page" opens a file; QDesktopServices::openUrl by default (tests: a desktop
    /// without a browser).
    void setOpenUrlHook(std::function<bool(const QUrl &)> open) { m_openUrl = std::move(open); }

signals:
    /// "Use in the dry run": the model file the Dry run panel should read.
    void modelChosen(const QString &path);

protected:
    void changeEvent(QEvent *event) override;

private:
    bool omct() const;
    double totalS() const;
    void start();
    void onFinished(const PlatformMeasurementResult &result);
    void identify(const PlatformMeasurementResult &result);
    void analyseOmct(const PlatformMeasurementResult &result);
    void writeOmctPlots(const QJsonObject &json, const QString &dir, const QString &summary);
    void showOutcome(const QString &text);
    void retranslateUi();
    void showState();

    Station *m_station;
    PlatformMeasurementSettings m_settings;
    OmctMeasurementSettings m_omctSettings;
    std::unique_ptr<rigcheck::MeasurementRun> m_run;
    bool m_runIsOmct = false; ///< what m_run measures (the choice may change after it ended)
    PlatformMeasurementResult m_shown;
    QRadioButton *m_kindModel = nullptr, *m_kindOmct = nullptr;
    QLabel *m_intro = nullptr, *m_state = nullptr, *m_outcome = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_start = nullptr, *m_use = nullptr, *m_open = nullptr, *m_close = nullptr;
    QString m_modelFile, m_omctPage, m_outcomeText;
    bool m_working = false; ///< identifying, or analysing and writing the OMCT
    std::function<bool(const QUrl &)> m_openUrl;
};

} // namespace hil
