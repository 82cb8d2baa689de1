// The window shows numbers in the operator's locale (a German default locale gives a decimal
// comma in the Links table's rate) while files and wires stay C.
// The window and the session folder, offscreen: the start-failure dialog really opens modally and
// is closed with its button; a folder that fails while recording raises the red bar (and the
// recorder counts), and that bar's visibility is not brought back by the saved layout.
#include "station/station.h"
#include "ui/mainwindow.h"
#include "ui/panels/sessionpanel.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolBar>
#include <QtTest>

#include "testplatform.h"
#include <memory>

using namespace hil;

class TestSessionFolderGui : public QObject
{
    Q_OBJECT
private slots:
    void windowNumbersInOperatorsLocale()
    {
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        QTemporaryDir dir;
        StationOptions o;
        o.logDir = dir.filePath(QStringLiteral("session"));
        o.emulate = {QStringLiteral("flightaxis")};
        Station station(o);
        QVERIFY(station.start(nullptr));
        {
            MainWindow w(&station, nullptr);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            auto *table = w.findChild<QTableWidget *>(QStringLiteral("linksTable"));
            QVERIFY(table);
            // Column 3 is the rate ("250,0 Hz"); the FlightAxis link is one of the rows.
            auto rateShown = [table] {
                for (int r = 0; r < table->rowCount(); ++r)
                    if (auto *it = table->item(r, 3);
                        it && it->text().endsWith(QStringLiteral(" Hz")))
                        return it->text();
                return QString();
            };
            QTRY_VERIFY_WITH_TIMEOUT(rateShown().contains(QLatin1Char(',')), 15000);
            QVERIFY2(!rateShown().contains(QLatin1Char('.')), qPrintable(rateShown()));
        }
        station.stop();
        QLocale::setDefault(before);
        // The session's numbers are C whatever the window shows.
        QFile state(dir.filePath(QStringLiteral("session/state.csv")));
        QVERIFY(state.open(QIODevice::ReadOnly));
        state.readLine(); // header
        const QByteArray row = state.readLine();
        QVERIFY2(row.contains('.'), row.constData());
    }

    // File → New session, opened with clicks: the question names the folder this session closes
    // and the next one; after "Start new session" the old session.json says it is over and the
    // recorder writes in exactly the folder the question named (beside the --log-dir folder).
    void newSessionFromTheFileMenuClosesTheOldOne()
    {
        QTemporaryDir dir;
        StationOptions o;
        o.logDir = dir.filePath(QStringLiteral("given"));
        o.emulate = {QStringLiteral("flightaxis")};
        Station station(o);
        QVERIFY(station.start(nullptr));
        const QString old = station.sessionFolder();
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(old + QStringLiteral("/session.json")), 10000);
        MainWindow w(&station, nullptr);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QString informative;
        QTimer::singleShot(0, this, [&] {
            QTRY_VERIFY_WITH_TIMEOUT(QApplication::activeModalWidget() != nullptr, 10000);
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            QVERIFY(box);
            QCOMPARE(box->objectName(), QStringLiteral("newSessionQuestion"));
            QCOMPARE(box->defaultButton(), box->button(QMessageBox::Cancel));
            informative = box->informativeText();
            auto *start = box->findChild<QPushButton *>(QStringLiteral("startNewSessionButton"));
            QVERIFY(start);
            QTest::mouseClick(start, Qt::LeftButton);
        });
        // The File menu, opened and used as a person does.
        auto *menu = w.findChild<QMenu *>(QStringLiteral("fileMenu"));
        QVERIFY(menu);
        QMenuBar *bar = w.menuBar();
        QTest::mouseClick(bar, Qt::LeftButton, {},
                          bar->actionGeometry(menu->menuAction()).center());
        QTRY_VERIFY(menu->isVisible());
        auto *action = w.findChild<QAction *>(QStringLiteral("newSessionAction"));
        QVERIFY(action);
        QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(action).center());
        QTRY_VERIFY_WITH_TIMEOUT(station.sessionFolder() != old, 10000);
        const QString next = station.sessionFolder();
        QVERIFY2(informative.contains(QDir::toNativeSeparators(old)), qPrintable(informative));
        QVERIFY2(informative.contains(QDir::toNativeSeparators(next)), qPrintable(informative));
        QCOMPARE(QFileInfo(next).dir().absolutePath(), QDir(dir.path()).absolutePath());
        QVERIFY(QFileInfo(next).fileName().startsWith(QStringLiteral("given-")));
        QFile json(old + QStringLiteral("/session.json"));
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QJsonObject doc = QJsonDocument::fromJson(json.readAll()).object();
        QCOMPARE(doc.value(QStringLiteral("running")).toBool(true), false);
        QCOMPARE(doc.value(QStringLiteral("continued_in")).toString(), next);
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(next + QStringLiteral("/session.json")), 10000);
        station.stop();
    }

    void startFailureIsAModalError()
    {
        QString seenText;
        bool wasModal = false;
        QTimer::singleShot(0, this, [&] {
            // Runs inside the dialog's own event loop.
            QTRY_VERIFY_WITH_TIMEOUT(QApplication::activeModalWidget() != nullptr, 10000);
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            QVERIFY(box);
            QCOMPARE(box->objectName(), QStringLiteral("startFailureDialog"));
            wasModal = box->isModal();
            seenText = box->text();
            QAbstractButton *close = box->button(QMessageBox::Close);
            QVERIFY(close);
            QTest::mouseClick(close, Qt::LeftButton);
        });
        SessionPanel::showStartFailure(
            nullptr,
            QStringLiteral(
                "session folder /proc/x: cannot create the folder: No such file or directory"));
        QVERIFY(wasModal);
        QVERIFY2(seenText.contains(QStringLiteral("/proc/x")), qPrintable(seenText));
        QVERIFY(seenText.contains(QStringLiteral("No such file or directory")));
    }

    void failingFolderRaisesRedBarNotSavedWithLayout()
    {
        if (hil::testplatform::isWindows())
            QSKIP("Windows deletes no file another handle holds open: the folder cannot vanish "
                  "under the recorder there");
        QTemporaryDir dir;
        StationOptions o;
        const QString folder = dir.filePath(QStringLiteral("session"));
        o.logDir = folder;
        Station station(o);
        QVERIFY(station.start(nullptr));
        QSettings settings(dir.filePath(QStringLiteral("layout.ini")), QSettings::IniFormat);
        {
            MainWindow w(&station, &settings);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(folder + QStringLiteral("/events.log")),
                                     10000);
            // The folder goes, and a plain file takes its name: it cannot come back. The
            // recorder writes into it all the while (session.json every 500 ms through a
            // temporary file), so emptying it file by file could race a new file and fail: it
            // is moved aside in one step instead, and again should the recorder re-create it
            // before the file is there.
            int moves = 0;
            QTRY_VERIFY_WITH_TIMEOUT(
                ([&] {
                    if (QFileInfo(folder).isDir())
                        QDir().rename(folder,
                                      folder + QStringLiteral(".gone") + QString::number(++moves));
                    QFile blocker(folder);
                    if (!QFileInfo::exists(folder) && blocker.open(QIODevice::WriteOnly))
                        blocker.close();
                    return QFileInfo(folder).isFile();
                })(),
                5000);
            QTRY_VERIFY_WITH_TIMEOUT(
                w.currentError().contains(QStringLiteral("recording interrupted")), 10000);
            auto *bar = w.findChild<QToolBar *>(QStringLiteral("errorBar"));
            QVERIFY(bar && bar->isVisible());
            QTRY_VERIFY_WITH_TIMEOUT(
                station.recorderCounters().value(QStringLiteral("write_errors")).toDouble() >= 2,
                10000);
            QVERIFY(bar->isVisible()); // still up while the folder keeps failing
            w.saveSettings(settings);
        }
        settings.sync();
        MainWindow again(&station, &settings);
        again.loadSettings(settings);
        again.show();
        QVERIFY(QTest::qWaitForWindowExposed(&again));
        auto *bar = again.findChild<QToolBar *>(QStringLiteral("errorBar"));
        QVERIFY(bar);
        // The message row stays in place (messages never move a control) but starts empty and
        // uncoloured: a message is not carried over to the next start.
        QVERIFY(again.currentError().isEmpty());
        QVERIFY(!bar->styleSheet().contains(QStringLiteral("background")));
        station.stop();
    }
};

QTEST_MAIN(TestSessionFolderGui)
#include "tst_sessionfolder_gui.moc"
