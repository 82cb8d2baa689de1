#pragma once
// InstructorWindow: the lab's instructor view (docs/lab.md, "The instructor window"). One tile
// per rig seen on the broker — online light, link lights, platform mode and thermal, altitude
// and speed, the last event coloured by severity, a STOP button — and STOP ALL. A rig that goes
// offline greys out and keeps its last values.
//
// Thread: GUI. It owns a LabWatcher on its own thread (its own subscriber) and reads its
// thread-safe snapshot on a 10 Hz timer; a STOP click only queues the request into the
// watcher's thread. Nothing here waits on the broker: the watcher opens asynchronously.

#include "lab/labconfig.h"
#include "lab/labwatcher.h"

#include <QMap>
#include <QWidget>
#include <memory>

class QGridLayout;
class QLabel;
class QPushButton;
class QTimer;
class QCustomPlot;
class QMouseEvent;

namespace hil {

class LinkOptions;
class WorkerHost;

/// `hilstation --instructor --lab URL ...`: the instructor window on the lab's options, no station
/// and no local link; returns the application's exit status (3 when the options make no lab
/// configuration, after one line on stderr). Needs the QApplication running.
int runInstructorWindow(const LinkOptions &options);

/// One rig's tile. GUI thread.
class RigTile : public QWidget
{
    Q_OBJECT
public:
    explicit RigTile(const QString &rig, QWidget *parent = nullptr);
    void show(const lab::RigView &v);
    bool isOnline() const { return m_online; }

signals:
    void stopClicked(const QString &rig);
    /// The tile was clicked (not its STOP): its rig's state is plotted.
    void selected(const QString &rig);

protected:
    void mousePressEvent(QMouseEvent *event) override;

private:
    QString m_rig;
    bool m_online = false;
    QLabel *m_name, *m_light, *m_links, *m_mode, *m_flight, *m_event, *m_answer, *m_rigCheck;
    QPushButton *m_stop;
};

class InstructorWindow : public QWidget
{
    Q_OBJECT
public:
    explicit InstructorWindow(const lab::LabConfig &config, QWidget *parent = nullptr);
    ~InstructorWindow() override;

    RigTile *tile(const QString &rig) const { return m_tiles.value(rig); }
    int tileCount() const { return int(m_tiles.size()); }
    /// The selected rig's altitude (graph 0) and airspeed (graph 1) over the last minute.
    QCustomPlot *plot() const { return m_plot; }

signals:
    /// After each refresh, with what the tiles now show (the benchmark's publish-to-screen).
    void refreshed(const QList<hil::lab::RigView> &rigs);

private:
    void refresh();
    void requestStop(const QString &rig);
    void replot();

    std::unique_ptr<WorkerHost> m_host; ///< the LabWatcher, reached through withWorker() only
    QGridLayout *m_grid;
    QLabel *m_status;
    QTimer *m_timer;
    QCustomPlot *m_plot;
    QLabel *m_plotTitle;
    QMap<QString, RigTile *> m_tiles;
};

} // namespace hil
