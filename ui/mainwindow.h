#pragma once
// MainWindow: the operator's window, a thin shell that hosts the dock panels (ui/panels/) and
// the status bar. GUI thread only; it never carries per-frame traffic: panels read snapshots on
// a timer.

#include <QMainWindow>

namespace hil {

class Station;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(Station *station, QWidget *parent = nullptr);
    ~MainWindow() override;

private:
    Station *m_station;
};

} // namespace hil
