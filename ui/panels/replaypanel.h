#pragma once
// ReplayPanel: plays a recorded session folder or a QGroundControl .tlog through the Station's
// replay worker (Station::startReplay), so the plots show it as if live: play/pause, speed
// 0.25×..16×, seek slider, loop, position; "replay into the motion platform" behind a
// confirmation (the raven link's watchdog, ramps and STOP apply unchanged); export of a time
// range and chosen state.csv columns to CSV (hil::exportCsv). GUI thread; the replay worker is
// driven through queued calls. Times are media seconds of the recording.

#include "ui/panels/panel.h"

#include <functional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSlider;

namespace hil {

class SessionReplay;

class ReplayPanel : public Panel
{
    Q_OBJECT
public:
    explicit ReplayPanel(Station *station, QWidget *parent = nullptr);
    QString title() const override;
    void load(QSettings &settings) override;
    void save(QSettings &settings) const override;

    /// Asked before replay frames may reach the motion platform; true = the operator confirmed.
    /// Default: a question box. Tests inject their own.
    void setConfirmHook(std::function<bool()> hook) { m_confirm = std::move(hook); }

    /// Opens a session folder, state.csv or .tlog (what the Open buttons do after their dialog).
    bool openPath(const QString &path);
    /// Writes [from, to] and the chosen columns of the open recording to outPath; rows or -1.
    qint64 exportTo(const QString &outPath);

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
    std::function<bool()> m_confirm;
    SessionReplay *m_replay = nullptr;
    QString m_path;
    bool m_playing = false;
    bool m_sliderUpdate = false; ///< the slider is being moved by the position, not the operator
    double m_positionS = 0.0;
    double m_startS = 0.0;
    double m_endS = 0.0;
    int m_frames = 0;
};

} // namespace hil
