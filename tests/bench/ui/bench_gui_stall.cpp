// How long the GUI thread's event loop stalls while the operator connects and disconnects a
// link from the Links panel (offscreen window, real platform stand-in on 127.0.0.1, a name lookup
// the benchmark replaces with a 300 ms sleep so no DNS query leaves the machine):
//   gui_max_stall_ms       largest gap between turns of a 2 ms GUI timer over 10 Connects
//                          (asynchronous: the lookup and the open run in the link's thread);
//   gui_disconnect_stall_ms  the same over the 10 Disconnects, from the click until the link
//                          has stopped (asynchronous: the park and the close run in the link's
//                          thread while the row shows "stopping");
//   gui_replay_open_stall_ms  the same gap while a 1-hour 250 Hz session (generated, ~300 MB)
//                          opens from the Replay panel, from the call until it is loaded;
//   gui_export_stall_ms    the same while that whole session is exported to CSV from the panel.
// Also printed: replay_open_ms and replay_export_ms, how long the open and the export took.
#include "../../common/longsession.h"
#include "../benchutil.h"
#include "core/hostlookup.h"
#include "core/workerhost.h"
#include "raven/ravenemulator.h"
#include "station/station.h"
#include "ui/mainwindow.h"
#include "ui/panels/replaypanel.h"

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
        while (station.linkState(QStringLiteral("raven")).has_value())
            QTest::qWait(1);
        QTest::qWait(50);
        disconnectStall = std::max(disconnectStall, maxGap);
    }
    bench::report("gui_max_stall_ms", double(connectStall), "ms");
    bench::report("gui_disconnect_stall_ms", double(disconnectStall), "ms");

    // Replay: open a 1-hour session, then export all of it, the window open.
    const QString rec = dir.filePath(QStringLiteral("hour"));
    QElapsedTimer gen;
    gen.start();
    const qint64 bytes = hil::testing::writeLongSession(rec);
    std::printf("# 1-hour session: %s MB written in %s s\n",
                qPrintable(QString::number(double(bytes) / 1e6, 'f', 0)),
                qPrintable(QString::number(double(gen.elapsed()) / 1e3, 'f', 1)));
    window.dock(QStringLiteral("replayPanel"))->raise();
    auto *replay = qobject_cast<hil::ReplayPanel *>(window.panel(QStringLiteral("replayPanel")));
    QTest::qWait(100);
    maxGap = 0;
    since.restart();
    QElapsedTimer took;
    took.start();
    replay->openPath(rec); // what the Open button does after its dialog
    while (replay->endS() <= 0.0)
        QTest::qWait(1);
    const qint64 openMs = took.elapsed();
    QTest::qWait(50);
    bench::report("gui_replay_open_stall_ms", double(maxGap), "ms");
    bench::report("replay_open_ms", double(openMs), "ms");
    maxGap = 0;
    since.restart();
    took.restart();
    replay->exportTo(dir.filePath(QStringLiteral("export.csv")));
    while (replay->isExporting())
        QTest::qWait(1);
    const qint64 exportMs = took.elapsed();
    QTest::qWait(50);
    bench::report("gui_export_stall_ms", double(maxGap), "ms");
    bench::report("replay_export_ms", double(exportMs), "ms");
    station.stop();
    hil::setHostResolverForTests({});
    return 0;
}
