// The operator window on the offscreen platform: it opens on a running Station and shows the
// session folder; a screenshot lands in the build folder for a person to look at.
#include "station/station.h"
#include "ui/mainwindow.h"

#include <QLabel>
#include <QTemporaryDir>
#include <QtTest>

class TestMainWindow : public QObject
{
    Q_OBJECT
private slots:
    void opensOnStation();
};

void TestMainWindow::opensOnStation()
{
    QTemporaryDir dir;
    hil::StationOptions o;
    o.logDir = dir.path();
    hil::Station station(o);
    QVERIFY(station.start(nullptr));
    hil::MainWindow w(&station);
    w.resize(1366, 768);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto *label = w.findChild<QLabel *>("sessionFolderLabel");
    QVERIFY(label);
    QVERIFY(label->text().contains(dir.path()));
    QVERIFY(w.grab().save(QStringLiteral(HIL_BINARY_DIR "/mainwindow.png")));
    station.stop();
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
