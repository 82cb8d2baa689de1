#include "ui/mainwindow.h"
#include "station/station.h"

#include <QLabel>
#include <QStatusBar>

namespace hil {

MainWindow::MainWindow(Station *station, QWidget *parent) : QMainWindow(parent), m_station(station)
{
    setObjectName(QStringLiteral("MainWindow"));
    setWindowTitle(tr("HIL Station"));
    resize(1280, 800);
    auto *folder = new QLabel(tr("Session: %1").arg(station->sessionFolder()), this);
    folder->setObjectName(QStringLiteral("sessionFolderLabel"));
    statusBar()->addPermanentWidget(folder);
    connect(station, &Station::eventRaised, this, [this](const QString &worker, const QString &text) {
        statusBar()->showMessage(QStringLiteral("%1: %2").arg(worker, text), 5000);
    });
}

MainWindow::~MainWindow() = default;

} // namespace hil
