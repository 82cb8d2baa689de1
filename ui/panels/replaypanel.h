#pragma once
// ReplayPanel: plays a recorded session folder or a QGroundControl .tlog through the Station's
// replay worker (Station::startReplay), so the plots show it as if live: play/pause, speed
// 0.25×..16×, seek slider, loop, position; "replay into the motion platform" behind a
// confirmation (the raven link's watchdog, ramps and STOP apply unchanged); export of a time
// range and chosen state.csv columns to CSV (hil::CsvExportJob). GUI thread; the replay worker is
// driven through queued calls. Times are media seconds of the recording.
//
// Neither opening nor exporting waits in the GUI thread (an hour at 250 Hz is ~300 MB): the
// replay reads its file in its own thread and the export runs in a thread of its own; each shows
// a progress bar and a Cancel button meanwhile. Transport and export stay disabled until the
// recording is loaded; a failure goes to the window's error bar; a cancelled export leaves no
// file (and an existing one untouched). STOP (toolbar, Esc) is never behind either.

#include "ui/panels/panel.h"

#include <functional>
#include <memory>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSlider;

namespace hil {

class SessionReplay;
class CsvExportJob;

class ReplayPanel : public Panel
{
    Q_OBJECT
public:
    explicit ReplayPanel(Station *station, QWidget *parent = nullptr);
    ~ReplayPanel() override;
    QString title() const override;
    void load(QSettings &settings) override;
    void save(QSettings &settings) const override;

    /// Asked before replay frames may reach the motion platform; true = the operator confirmed.
    /// Default: a question box. Tests inject their own.
    void setConfirmHook(std::function<bool()> hook) { m_confirm = std::move(hook); }

    /// Opens a session folder, state.csv or .tlog (what the Open buttons do after their
    /// dialog). Returns at once: true when the replay started loading (isLoading() until it is
    /// loaded, or failed: then the error bar says why).
    bool openPath(const QString &path);
    /// Starts writing [from, to] and the chosen columns of the open recording to outPath (what
    /// Export does after its dialog); returns at once, false when nothing is loaded or an export
    /// runs already. isExporting() until done; lastExportRows() then says how it ended.
    bool exportTo(const QString &outPath);
    bool isLoading() const { return m_loading; }
    bool isLoaded() const { return m_replay && m_loaded; }
    bool isExporting() const { return m_exportJob != nullptr; }
    /// Rows of the last export that completed; -1 when it failed or was cancelled.
    qint64 lastExportRows() const { return m_lastExportRows; }

    QString currentPath() const { return m_path; }
    bool isPlaying() const { return m_playing; }
    double positionS() const { return m_positionS; }
    double startS() const { return m_startS; }
    double endS() const { return m_endS; }

public slots:
    void play();
    void pause();
    void seek(double timeS);
    void setSpeed(double speed);
    void setLoop(bool loop);
    /// Turns motion routing on (after confirmation) or off; false when not confirmed.
    bool setIntoMotion(bool on);
    /// STOP: pause and take the replay off the motion platform.
    void stop();

private:
    void attach(SessionReplay *replay);
    void onLoaded(const QString &path, double startS, double endS, int frames);
    void onPosition(double timeS);
    void updateLabel();
    void updateEnabled();
    void chooseAndOpen(bool folder);
    void chooseAndExport();
    void onLoadProgress(qint64 done, qint64 total);
    void onLoadFailed(const QString &error, bool cancelled);
    void onExportFinished(qint64 rows, const QString &error, bool cancelled);
    void updateExportStatus();

    QPushButton *m_openFolder;
    QPushButton *m_openFile;
    QPushButton *m_play;
    QComboBox *m_speed;
    QSlider *m_slider;
    QCheckBox *m_loop;
    QLabel *m_position;
    QCheckBox *m_intoMotion;
    QDoubleSpinBox *m_from;
    QDoubleSpinBox *m_to;
    QLineEdit *m_columns;
    QPushButton *m_export;
    QProgressBar *m_loadProgress;
    QPushButton *m_loadCancel;
    QProgressBar *m_exportProgress;
    QPushButton *m_exportCancel;
    QLabel *m_exportStatus;
    std::unique_ptr<CsvExportJob> m_exportJob;
    qint64 m_lastExportRows = -1;
    QString m_exportedTo; ///< file of the running or last export (its status text)
    enum class ExportStatus { None, Running, Done, Cancelled };
    ExportStatus m_exportStatusKind = ExportStatus::None;
    std::function<bool()> m_confirm;
    SessionReplay *m_replay = nullptr;
    QString m_path;
    bool m_playing = false;
    bool m_loading = false;      ///< m_replay is reading its file
    bool m_loaded = false;       ///< m_replay has its file
    bool m_sliderUpdate = false; ///< the slider is being moved by the position, not the operator
    double m_positionS = 0.0;
    double m_startS = 0.0;
    double m_endS = 0.0;
    int m_frames = 0;
};

} // namespace hil
