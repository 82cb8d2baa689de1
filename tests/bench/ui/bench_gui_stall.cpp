// How long the GUI thread's event loop stalls while the operator connects and disconnects a
// link from the Links panel (offscreen window, real platform stand-in on 127.0.0.1, a name lookup
// the benchmark replaces with a 300 ms sleep so no DNS query leaves the machine):
//   gui_max_stall_ms       largest gap between turns of a 2 ms GUI timer over 10 Connects
//                          (asynchronous: the lookup and the open run in the link's thread);
//   gui_disconnect_stall_ms  the same over the 10 Disconnects (still synchronous: the link's
//                          close runs while the GUI thread waits; see README, Measured).
#include "../benchutil.h"
#include "core/hostlookup.h"
#include "core/workerhost.h"
#include "raven/ravenemulator.h"
#include "station/station.h"
#include "ui/mainwindow.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    hil::setHostResolverForTests([](const QString &) {
        QThread::msleep(300);
        return QHostAddress(QHostAddress::LocalHost);
    });
    auto *platform = new hil::RavenEmulator(0);
    hil::WorkerHost platformHost(platform);
    QString error;
    if (!platformHost.start(&error))
        return 1;
    QTemporaryDir dir;
    hil::StationOptions o;
    o.logDir = dir.filePath(QStringLiteral("session"));
    hil::Station station(o);
    if (!station.start(&error))
        return 1;
    hil::MainWindow window(&station, nullptr);
    window.resize(1600, 1000);
    window.show();
    window.dock(QStringLiteral("linksPanel"))->raise();
    QTest::qWait(200);

    qint64 maxGap = 0;
    QElapsedTimer since;
    QTimer beat;
    beat.setInterval(2);
    QObject::connect(&beat, &QTimer::timeout, [&] {
        if (since.isValid())
            maxGap = std::max(maxGap, since.elapsed());
        since.restart();
    });
    auto *field = window.findChild<QLineEdit *>(QStringLiteral("ravenAddress"));
    auto *button = window.findChild<QAbstractButton *>(QStringLiteral("ravenConnect"));
    qint64 connectStall = 0, disconnectStall = 0;
    beat.start();
    for (int i = 0; i < 10; ++i) {
        field->selectAll();
        QTest::keyClicks(field, QStringLiteral("platform.bench.test:%1").arg(platform->port()));
        maxGap = 0;
        since.restart();
        QTest::mouseClick(button, Qt::LeftButton);
        while (station.linkState(QStringLiteral("raven")) != hil::LinkState::Up)
            QTest::qWait(1);
        QTest::qWait(50);
        connectStall = std::max(connectStall, maxGap);
        maxGap = 0;
        since.restart();
        QTest::mouseClick(button, Qt::LeftButton); // Disconnect
        QTest::qWait(50);
        disconnectStall = std::max(disconnectStall, maxGap);
    }
    bench::report("gui_max_stall_ms", double(connectStall), "ms");
    bench::report("gui_disconnect_stall_ms", double(disconnectStall), "ms");
    station.stop();
    hil::setHostResolverForTests({});
    return 0;
}
