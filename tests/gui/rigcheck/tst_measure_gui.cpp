// Tools → Measure the platform… driven by clicks on the platform's stand-in in CUEING: the
// dialog says how long it takes before anything moves, asks procedure step 2's seat question,
// shows the axis and the time left, writes the identified model into the session folder and
// hands it to the Dry run panel, which then says its figures rest on a measured platform. With
// STOP latched it names what is missing before any question, and nothing moves.
#include "../common/standinwindow.h"
#include "../common/windowclicks.h"
#include "dryrun/measurementplan.h"
#include "station/options.h"
#include "station/station.h"
#include "testpaths.h"
#include "ui/mainwindow.h"
#include "ui/panels/measuredialog.h"
#include "ui/translations.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QTemporaryDir>
#include <QUrl>
#include <QtTest>

using namespace hil;

class TestMeasureGui : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void measuresAndTheDryRunUsesTheModel();
    void stopLatchedIsNamedBeforeAnyQuestion();
    void omctStoppedFromTheDialogWritesItsPage();

private:
    MeasureDialog *openFromMenu();

    hiltest::StandInWindow m_rig;
    std::unique_ptr<MainWindow> m_window;
};

void TestMeasureGui::init()
{
    QString error;
    QVERIFY2(m_rig.start({QStringLiteral("--emulate"), QStringLiteral("raven"),
                          QStringLiteral("--raven-mode"), QStringLiteral("cueing")},
                         &error),
             qPrintable(error));
    m_window = m_rig.makeWindow(QSize(1280, 720));
    QVERIFY(m_window);
    Station *station = m_rig.station();
    QTRY_VERIFY_WITH_TIMEOUT(station->motionStatus() && station->motionStatus()->reportedMode == 3,
                             10000);
}

void TestMeasureGui::cleanup()
{
    m_window.reset();
    m_rig.stop();
}

MeasureDialog *TestMeasureGui::openFromMenu()
{
    return hiltest::openFromMenu<MeasureDialog>(m_window.get(), QStringLiteral("toolsMenu"),
                                                QStringLiteral("measureAction"),
                                                QStringLiteral("measureDialog"));
}

void TestMeasureGui::measuresAndTheDryRunUsesTheModel()
{
    MeasureDialog *dialog = openFromMenu();
    QVERIFY(dialog);
    PlatformMeasurementSettings fast; // the same procedure in seconds
    fast.lowestRadS = 3.0;
    fast.periods = 1;
    fast.rampS = 0.3;
    fast.restS = 0.3;
    fast.startScale = 1.0;
    for (std::size_t d = 3; d < 6; ++d)
        fast.amplitude[d] *= fast.maxScale;
    dialog->setSettings(fast);
    // The time it takes, said before anything moves.
    QVERIFY2(dialog->findChildren<QLabel *>().first()->text().contains(QLatin1String("min")),
             "the estimate");
    int asked = 0;
    hiltest::answerNextBox(this, QStringLiteral("seatEmptyButton"), &asked);
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("measureStartButton")),
                      Qt::LeftButton);
    QCOMPARE(asked, 1);
    auto *state = dialog->findChild<QLabel *>(QStringLiteral("measureState"));
    QTRY_VERIFY_WITH_TIMEOUT(state->text().startsWith(QLatin1String("Axis ")), 10000);
    QVERIFY2(state->text().contains(QLatin1String(" left.")), qPrintable(state->text()));
    auto *use = dialog->findChild<QPushButton *>(QStringLiteral("measureUseButton"));
    QTRY_VERIFY_WITH_TIMEOUT(use->isEnabled(), 60000);
    QVERIFY(QFile::exists(dialog->modelFile()));
    QVERIFY(dialog->modelFile().startsWith(m_rig.station()->sessionFolder()));
    auto *outcome = dialog->findChild<QLabel *>(QStringLiteral("measureOutcome"));
    QVERIFY2(outcome->text().contains(QLatin1String("heave")), qPrintable(outcome->text()));
    QDir().mkpath(hil::testpaths::binaryDir() + QStringLiteral("/screenshots"));
    dialog->grab().save(hil::testpaths::binaryDir() +
                        QStringLiteral("/screenshots/measure-dialog.png"));
    QTest::mouseClick(use, Qt::LeftButton);
    auto *note = m_window->findChild<QLabel *>(QStringLiteral("dryRunModelNote"));
    QVERIFY(note);
    QTRY_VERIFY_WITH_TIMEOUT(note->text().contains(QLatin1String("measured on this platform")),
                             10000);
    QVERIFY(m_window->dock(QStringLiteral("dryRunPanel"))->isVisible());
}

void TestMeasureGui::stopLatchedIsNamedBeforeAnyQuestion()
{
    m_rig.station()->emergencyStop();
    QTRY_VERIFY_WITH_TIMEOUT(m_rig.station()->motionStatus()->stopLatched, 5000);
    MeasureDialog *dialog = openFromMenu();
    QVERIFY(dialog);
    int boxes = 0;
    QString shown;
    hiltest::answerNextBox(this, [&](QMessageBox *box) {
        ++boxes;
        shown = box->objectName() + QStringLiteral(": ") + box->text();
        return box->button(QMessageBox::Ok);
    });
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("measureStartButton")),
                      Qt::LeftButton);
    QCOMPARE(boxes, 1);
    QVERIFY2(shown.startsWith(QLatin1String("measureMotionMissing: STOP is latched")),
             qPrintable(shown));
    QTest::qWait(500);
    QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("measureState"))->text() ==
            QStringLiteral("Not started."));
}

// The OMCT's ten tests chosen in the dialog, started, and stopped from the dialog's own STOP
// while the second input runs: the platform parks, what the first input measured is analysed
// into the session folder's omct/ (omct.json marked stopped, a Bode plot per test, the page),
// the dialog says so in words and "Open the page" opens it.
void TestMeasureGui::omctStoppedFromTheDialogWritesItsPage()
{
    MeasureDialog *dialog = openFromMenu();
    QVERIFY(dialog);
    dialog->setOmctSettings(dryrun::omctMeasurementPlan(platformmodel::ModelConfig(), true));
    QList<QUrl> opened;
    dialog->setOpenUrlHook([&opened](const QUrl &url) {
        opened << url;
        return true;
    });
    auto *kind = dialog->findChild<QRadioButton *>(QStringLiteral("measureKindOmct"));
    QVERIFY(kind);
    QTest::mouseClick(kind, Qt::LeftButton);
    QVERIFY(kind->isChecked());
    int asked = 0;
    hiltest::answerNextBox(this, QStringLiteral("seatEmptyButton"), &asked);
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("measureStartButton")),
                      Qt::LeftButton);
    QCOMPARE(asked, 1);
    QVERIFY(!kind->isEnabled()); // no other choice while it runs
    auto *state = dialog->findChild<QLabel *>(QStringLiteral("measureState"));
    QTRY_VERIFY_WITH_TIMEOUT(state->text().startsWith(QLatin1String("Input 2 of 6")), 40000);
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("dialogStopButton")),
                      Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(state->text().startsWith(QLatin1String("Stopped after 1 of 6 inputs")),
                             10000);
    auto *open = dialog->findChild<QPushButton *>(QStringLiteral("measureOpenPageButton"));
    QTRY_VERIFY_WITH_TIMEOUT(open->isEnabled(), 30000);
    const QString dir = m_rig.station()->sessionFolder() + QStringLiteral("/omct");
    QCOMPARE(dialog->omctPage(), dir + QStringLiteral("/omct.html"));
    QVERIFY(QFile::exists(dialog->omctPage()));
    QVERIFY(QFile::exists(dir + QStringLiteral("/omct-surge.png")));
    QFile json(dir + QStringLiteral("/omct.json"));
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonObject o = QJsonDocument::fromJson(json.readAll()).object();
    QCOMPARE(o.value(QStringLiteral("state")).toString(), QStringLiteral("stopped"));
    const QString outcome = dialog->findChild<QLabel *>(QStringLiteral("measureOutcome"))->text();
    QVERIFY2(outcome.contains(QLatin1String("these results are partial")), qPrintable(outcome));
    QVERIFY2(QRegularExpression(QStringLiteral("Measured [1-9]\\d* of 10 tests"))
                 .match(outcome)
                 .hasMatch(),
             qPrintable(outcome));
    for (const char *language : {"de", "zh_CN", "en"}) { // pictures to look at, in each language
        hil::installTranslations(*qApp, QLatin1String(language));
        QTest::qWait(50); // the LanguageChange events delivered
        dialog->grab().save(
            hil::testpaths::binaryDir() +
            QStringLiteral("/screenshots/measure-dialog-omct-%1.png").arg(QLatin1String(language)));
    }
    QTest::mouseClick(open, Qt::LeftButton);
    QCOMPARE(opened.size(), 1);
    QCOMPARE(opened.first().toLocalFile(), dialog->omctPage());
    QVERIFY(kind->isEnabled());
}

QTEST_MAIN(TestMeasureGui)
#include "tst_measure_gui.moc"
