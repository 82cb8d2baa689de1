// Tools → Rig check… driven by clicks: the menu opens the dialog, the run fills the table with
// every running link's verdicts with each fix whole, events.log says so; the transport-delay
// measurement first names the step the rig lacks (CUEING), then asks whether the seat is empty
// (Cancel: nothing runs), and its figure from the stand-in says so; "Open report" on a desktop
// without a viewer offers the folder.
#include "../common/standinwindow.h"
#include "../common/windowclicks.h"
#include "rigcheckrates.h"
#include "station/options.h"
#include "station/station.h"
#include "testpaths.h"
#include "ui/mainwindow.h"
#include "ui/panels/motionpanel.h"
#include "ui/panels/rigcheckdialog.h"
#include "ui/translations.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QStyle>
#include <QStyleOptionViewItem>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace hil;

class TestRigCheckGui : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void menuOpensDialogAndRunFillsTable();
    void transportDelayAsksForAnEmptySeat();
    void openReportWithoutAViewerOffersTheFolder();

private:
    RigCheckDialog *openFromMenu();
    QString verdictOf(QTableWidget *table, const QString &check) const;
    QByteArray eventsLog() const;

    hiltest::StandInWindow m_rig;
    std::unique_ptr<MainWindow> m_window;
};

void TestRigCheckGui::init()
{
    QString error;
    QVERIFY2(m_rig.start({QStringLiteral("--emulate"), QStringLiteral("flightaxis,raven")}, &error,
                         [](StationOptions &o) {
                             o.rigCheckSteps = 4; // the transport delay in 4 steps, not 20
                         }),
             qPrintable(error));
    m_window = m_rig.makeWindow(QSize(1400, 900));
    QVERIFY(m_window);
}

void TestRigCheckGui::cleanup()
{
    m_window.reset();
    m_rig.stop();
}

RigCheckDialog *TestRigCheckGui::openFromMenu()
{
    return hiltest::openFromMenu<RigCheckDialog>(m_window.get(), QStringLiteral("toolsMenu"),
                                                 QStringLiteral("rigCheckAction"),
                                                 QStringLiteral("rigCheckDialog"));
}

QString TestRigCheckGui::verdictOf(QTableWidget *table, const QString &check) const
{
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->item(r, 0) && table->item(r, 0)->data(Qt::UserRole).toString() == check)
            return table->item(r, 0)->text();
    return QStringLiteral("missing");
}

QByteArray TestRigCheckGui::eventsLog() const
{
    QFile f(m_rig.station()->sessionFolder() + QStringLiteral("/events.log"));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void TestRigCheckGui::menuOpensDialogAndRunFillsTable()
{
    RigCheckDialog *dialog = openFromMenu();
    QVERIFY(dialog);
    auto *seconds = dialog->findChild<QSpinBox *>(QStringLiteral("rigCheckSeconds"));
    auto *run = dialog->findChild<QPushButton *>(QStringLiteral("rigCheckRunButton"));
    auto *table = dialog->findChild<QTableWidget *>(QStringLiteral("rigCheckTable"));
    auto *summary = dialog->findChild<QLabel *>(QStringLiteral("rigCheckSummary"));
    QVERIFY(seconds && run && table && summary);
    seconds->selectAll();
    QTest::keyClicks(seconds, QStringLiteral("2"));
    QCOMPARE(seconds->value(), 2);
    QTest::mouseClick(run, Qt::LeftButton);
    // While it samples, the line names the step and how far into it, the bar the whole check:
    // two figures that say what they count.
    auto *phase = dialog->findChild<QLabel *>(QStringLiteral("rigCheckPhase"));
    auto *progress = dialog->findChild<QProgressBar *>(QStringLiteral("rigCheckProgress"));
    QTRY_VERIFY_WITH_TIMEOUT(
        phase->text().startsWith(QStringLiteral("Step 2 of 3: watching the links, ")), 15000);
    QVERIFY2(phase->text().endsWith(QStringLiteral(" of 2 s")), qPrintable(phase->text()));
    QVERIFY2(progress->text().endsWith(QStringLiteral("of the check")),
             qPrintable(progress->text()));
    QTRY_VERIFY_WITH_TIMEOUT(table->rowCount() > 0, 30000);
    QCOMPARE(verdictOf(table, QStringLiteral("raven.replies")), QStringLiteral("pass"));
    QCOMPARE(verdictOf(table, QStringLiteral("raven.axis_check")), QStringLiteral("warn")); // never
    if (hil::test::ratesJudged()) { // (tests/common/rigcheckrates.h)
        QCOMPARE(verdictOf(table, QStringLiteral("flightaxis.exchange_rate")),
                 QStringLiteral("pass"));
        QVERIFY2(summary->text().contains(QStringLiteral("Passed: ")), qPrintable(summary->text()));
    }
    QVERIFY(QFile::exists(dialog->reportFolder() + QStringLiteral("/report.pdf")));
    QTRY_VERIFY_WITH_TIMEOUT(eventsLog().contains("rig check: "), 5000);
    QVERIFY(dialog->findChild<QPushButton *>(QStringLiteral("rigCheckOpenButton"))->isEnabled());
    // Every fix whole in its row (wrapped, never cut), and the selected row's whole below.
    int fixes = 0;
    for (int r = 0; r < table->rowCount(); ++r) {
        QTableWidgetItem *fix = table->item(r, 3);
        if (!fix || fix->text().isEmpty())
            continue;
        ++fixes;
        const QRect cell = table->visualItemRect(fix);
        // What the style needs to paint this text wrapped at this width, asked the way the view's
        // delegate asks it (QFontMetrics' own wrapping differs by a word from the text layout
        // the style paints with under Wine: it measured four lines where three were painted).
        QStyleOptionViewItem opt;
        opt.initFrom(table->viewport());
        opt.rect = cell;
        opt.font = table->font();
        opt.fontMetrics = QFontMetrics(opt.font);
        opt.text = fix->text();
        opt.features = QStyleOptionViewItem::WrapText | QStyleOptionViewItem::HasDisplay;
        opt.displayAlignment = Qt::AlignLeft | Qt::AlignVCenter;
        const QSize need =
            table->style()->sizeFromContents(QStyle::CT_ItemViewItem, &opt, QSize(), table);
        QVERIFY2(cell.height() >= need.height() && cell.width() > 100,
                 qPrintable(QStringLiteral("row %1: %2x%3 for %4x%5: %6")
                                .arg(r)
                                .arg(cell.width())
                                .arg(cell.height())
                                .arg(need.width())
                                .arg(need.height())
                                .arg(fix->text())));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        auto *details = dialog->findChild<QLabel *>(QStringLiteral("rigCheckDetails"));
        QVERIFY(details);
        QVERIFY2(details->text().contains(fix->text()), qPrintable(details->text()));
    }
    QVERIFY(fixes > 0); // the axis check was never run: that row has a fix
    QDir().mkpath(hil::testpaths::binaryDir() + QStringLiteral("/screenshots"));
    QTest::qWait(100); // the details' new height laid out
    dialog->grab()
        .toImage()
        .convertToFormat(QImage::Format_Indexed8, Qt::ThresholdDither | Qt::AvoidDither)
        .save(hil::testpaths::binaryDir() + QStringLiteral("/screenshots/rig-check-dialog.png"));
    QVERIFY(!table->horizontalHeaderItem(3)->text().isEmpty());

    // The operator switches to German with the results on screen: rows, summary and the
    // selected row's details follow at once, the verdicts kept.
    const QString fixBefore = table->item(table->currentRow(), 3)->text();
    const QString titleBefore = table->item(table->currentRow(), 1)->text();
    m_window->findChild<QAction *>(QStringLiteral("language_de"))->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(verdictOf(table, QStringLiteral("raven.replies")),
                              QStringLiteral("bestanden"), 5000);
    QCOMPARE(dialog->windowTitle(), QStringLiteral("Prüfstandsprüfung"));
    QVERIFY2(table->item(table->currentRow(), 3)->text() != fixBefore, qPrintable(fixBefore));
    QVERIFY2(table->item(table->currentRow(), 1)->text() != titleBefore, qPrintable(titleBefore));
    auto *details = dialog->findChild<QLabel *>(QStringLiteral("rigCheckDetails"));
    QVERIFY2(details->text().contains(table->item(table->currentRow(), 3)->text()),
             qPrintable(details->text()));
    QVERIFY2(!phase->text().startsWith(QStringLiteral("Step ")), qPrintable(phase->text()));
    QVERIFY2(!progress->text().endsWith(QStringLiteral("of the check")),
             qPrintable(progress->text()));
    if (hil::test::ratesJudged())
        QVERIFY2(summary->text().startsWith(QStringLiteral("Bestanden: ")),
                 qPrintable(summary->text()));
    QTest::qWait(100); // the rows' new heights laid out
    dialog->grab()
        .toImage()
        .convertToFormat(QImage::Format_Indexed8, Qt::ThresholdDither | Qt::AvoidDither)
        .save(hil::testpaths::binaryDir() + QStringLiteral("/screenshots/rig-check-dialog-de.png"));
    m_window->findChild<QAction *>(QStringLiteral("language_en"))->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(verdictOf(table, QStringLiteral("raven.replies")),
                              QStringLiteral("pass"), 5000);
}

void TestRigCheckGui::openReportWithoutAViewerOffersTheFolder()
{
    RigCheckDialog *dialog = openFromMenu();
    QVERIFY(dialog);
    dialog->findChild<QSpinBox *>(QStringLiteral("rigCheckSeconds"))->setValue(2);
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("rigCheckRunButton")),
                      Qt::LeftButton);
    auto *open = dialog->findChild<QPushButton *>(QStringLiteral("rigCheckOpenButton"));
    QTRY_VERIFY_WITH_TIMEOUT(open->isEnabled(), 30000);
    QList<QUrl> asked;
    dialog->setOpenUrlHook([&asked](const QUrl &url) {
        asked << url;
        return false; // a desktop with no program for the page
    });
    int offered = 0;
    hiltest::answerNextBox(this, QStringLiteral("rigCheckCopyPath"), &offered);
    QTest::mouseClick(open, Qt::LeftButton);
    QCOMPARE(offered, 1);
    QCOMPARE(asked.size(), 1);
    QVERIFY(asked.first().toLocalFile().endsWith(QStringLiteral("report.html")));
    QCOMPARE(QGuiApplication::clipboard()->text(),
             QDir::toNativeSeparators(dialog->reportFolder()));
}

void TestRigCheckGui::transportDelayAsksForAnEmptySeat()
{
    RigCheckDialog *dialog = openFromMenu();
    QVERIFY(dialog);
    auto *seconds = dialog->findChild<QSpinBox *>(QStringLiteral("rigCheckSeconds"));
    auto *motion = dialog->findChild<QCheckBox *>(QStringLiteral("rigCheckMotion"));
    auto *run = dialog->findChild<QPushButton *>(QStringLiteral("rigCheckRunButton"));
    auto *table = dialog->findChild<QTableWidget *>(QStringLiteral("rigCheckTable"));
    auto *progress = dialog->findChild<QProgressBar *>(QStringLiteral("rigCheckProgress"));
    QVERIFY(seconds && motion && run && table && progress);
    seconds->setValue(2);
    QTest::mouseClick(motion, Qt::LeftButton, {}, QPoint(6, motion->height() / 2));
    QVERIFY(motion->isChecked());
    // The platform is not in CUEING: the dialog names that step before any question.
    bool told = false;
    QString said;
    hiltest::answerNextBox(this, [&told, &said](QMessageBox *box) {
        told = box->objectName() == QLatin1String("rigCheckMotionMissing");
        said = box->text();
        return box->button(QMessageBox::Ok);
    });
    QTest::mouseClick(run, Qt::LeftButton);
    QVERIFY2(told, qPrintable(said));
    QVERIFY2(said.contains(QStringLiteral("CUEING")), qPrintable(said));
    QCOMPARE(table->rowCount(), 0);

    // CUEING from the Motion panel's button (the seat empty), then the seat question.
    auto *panel = qobject_cast<MotionPanel *>(m_window->panel(QStringLiteral("motionPanel")));
    QVERIFY(panel);
    panel->setConfirmHook([] { return int(MotionPanel::SeatEmpty); });
    QTest::mouseClick(m_window->findChild<QPushButton *>(QStringLiteral("modeCueingButton")),
                      Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(m_rig.station()->platformMode() == 3, 10000);
    int asked = 0;
    hiltest::answerNextBox(this, {}, &asked); // Cancel: nothing runs
    QTest::mouseClick(run, Qt::LeftButton);
    QCOMPARE(asked, 1);
    QTest::qWait(300);
    QCOMPARE(progress->value(), 0);
    QCOMPARE(table->rowCount(), 0);
    QVERIFY(!eventsLog().contains("transport-delay steps confirmed"));

    QString question;
    hiltest::answerNextBox(this, [&question](QMessageBox *box) -> QAbstractButton * {
        question = box->text() + QLatin1Char(' ') + box->informativeText();
        return box->findChild<QPushButton *>(QStringLiteral("seatEmptyButton"));
    });
    QTest::mouseClick(run, Qt::LeftButton);
    // The question says how many steps move the seat: the ones the options ask for.
    QVERIFY2(question.contains(QStringLiteral("(4 steps)")), qPrintable(question));
    QTRY_VERIFY_WITH_TIMEOUT(table->rowCount() > 0, 60000);
    QTRY_VERIFY_WITH_TIMEOUT(eventsLog().contains("transport-delay steps confirmed with the seat "
                                                  "empty"),
                             5000);
    // Measured on the platform's stand-in: the figure says so.
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->item(r, 0)->data(Qt::UserRole).toString() ==
            QLatin1String("raven.transport_delay"))
            QVERIFY2(table->item(r, 2)->text().contains(QStringLiteral("(stand-in)")),
                     qPrintable(table->item(r, 2)->text()));
}

QTEST_MAIN(TestRigCheckGui)
#include "tst_rigcheck_gui.moc"
