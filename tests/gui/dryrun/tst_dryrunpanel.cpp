// The Dry run panel (ui/panels/dryrunpanel, docs/perception.md) in the real window on a Station
// running the motion platform's stand-in, driven as an operator drives it: a recording picked in
// Qt's file dialog (a state.csv in the recorder's own row format), the surge gain typed into its
// box, the plots and the score follow; "Apply to platform" asks first (No: nothing sent; Yes: the
// link takes the settings and the Motion panel shows them), and while the platform is CUEING it
// is refused without a question and nothing reaches the link. "Suggest settings" searches over
// the recordings added to its list as well as the open one.
#include "../common/filedialoganswerer.h"
#include "dryrun/dryrunreport.h"
#include "dryrun/maneuvers.h"
#include "dryrun/suggest.h"
#include "platformmodel/modelfile.h"
#include "raven/cueing.h"
#include "raven/ravenlink.h"
#include "session/sessionformat.h"
#include "station/options.h"
#include "station/station.h"
#include "testpaths.h"
#include "ui/mainwindow.h"
#include "ui/panels/dryrunpanel.h"
#include "ui/panels/motionpanel.h"
#include "ui/translations.h"

#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>
#include <qcustomplot.h>

using namespace hil;

namespace {

/// Answers the next question box by clicking `button`; counts the boxes it answered.
class QuestionAnswerer : public QObject
{
public:
    explicit QuestionAnswerer(QMessageBox::StandardButton button) : m_button(button)
    {
        m_poll.setInterval(20);
        connect(&m_poll, &QTimer::timeout, this, [this] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box || !box->isVisible())
                return;
            QAbstractButton *b = box->button(m_button);
            if (!b)
                return;
            ++m_answered;
            m_poll.stop();
            QTimer::singleShot(0, b, [b] { QTest::mouseClick(b, Qt::LeftButton); });
        });
        m_poll.start();
    }
    int answered() const { return m_answered; }

private:
    QMessageBox::StandardButton m_button;
    QTimer m_poll;
    int m_answered = 0;
};

/// Picks `text` in a combo box the way an operator does: open the list, click the row.
void pick(QComboBox *combo, const QString &text)
{
    const int row = combo->findText(text);
    QVERIFY2(row >= 0, qPrintable(text));
    combo->showPopup();
    QAbstractItemView *view = combo->view();
    QTRY_VERIFY(view->isVisible());
    const QModelIndex index = view->model()->index(row, 0);
    view->scrollTo(index);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
    QTRY_VERIFY(!view->isVisible());
    QCOMPARE(combo->currentText(), text);
}

/// "Before: score S, N limit hits" as the search note writes it, for these inputs.
QString beforeText(const std::vector<QString> &maneuvers, const raven::CueingSettings &settings)
{
    std::vector<dryrun::DryRunInput> inputs(maneuvers.size());
    std::vector<const dryrun::DryRunInput *> pointers;
    for (std::size_t i = 0; i < maneuvers.size(); ++i) {
        QString error;
        dryrun::DryRunInput::Error kind;
        if (!inputs[i].load(QStringLiteral("maneuver:") + maneuvers[i], &error, &kind))
            return error;
        pointers.push_back(&inputs[i]);
    }
    dryrun::DryRunOptions options;
    options.cueing = settings;
    const dryrun::Evaluation e = dryrun::evaluateSettings(pointers, options, settings);
    return QStringLiteral("Before: score %1, %2 limit hits")
        .arg(QLocale().toString(e.score, 'f', 1)) // the window's numbers: the operator's locale
        .arg(e.limitHits);
}

double sum(const QCPGraph *g)
{
    double s = 0;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
        s += std::abs(it->value);
    return s;
}

} // namespace

class TestDryRunPanel : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        StationOptions o;
        o.emulate = {QStringLiteral("raven")};
        o.logDir = m_dir->filePath(QStringLiteral("session"));
        m_station = std::make_unique<Station>(o);
        QString error;
        QVERIFY2(m_station->start(&error), qPrintable(error));
        connect(m_station.get(), &Station::eventRaised, this, [this](const Event &e) {
            if (e.id == QLatin1String("raven.cueing_settings"))
                ++m_applied;
        });
        m_window = std::make_unique<MainWindow>(m_station.get(), nullptr);
        m_window->resize(1920, 1080);
        m_window->resetLayout();
        m_window->dock(QStringLiteral("dryRunPanel"))->raise();
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        m_panel = qobject_cast<DryRunPanel *>(m_window->panel(QStringLiteral("dryRunPanel")));
        QVERIFY(m_panel);
    }
    void cleanupTestCase()
    {
        m_window.reset();
        m_station->stop();
        m_station.reset();
        m_dir.reset();
    }

    void pickRecordingChangeGainScoreFollows()
    {
        // A recording: the takeoff, written row by row in the recorder's state.csv format.
        std::vector<SimFrame> frames;
        QVERIFY(dryrun::makeManeuver(QStringLiteral("takeoff"), &frames));
        QByteArray csv = stateCsvHeader();
        for (const SimFrame &f : frames)
            appendStateRow(csv, f, ChannelFrame{}, f.physicsTimeS);
        QDir().mkpath(m_dir->filePath(QStringLiteral("rec")));
        const QString path = m_dir->filePath(QStringLiteral("rec/state.csv"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(csv) == csv.size());
        file.close();

        hiltest::FileDialogAnswerer answerer(path);
        QTest::mouseClick(m_panel->findChild<QPushButton *>(QStringLiteral("dryRunOpenButton")),
                          Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(answerer.answered(), 1, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(m_panel->preview() && !m_panel->isBusy(), 30000);
        auto *score = m_panel->findChild<QLabel *>(QStringLiteral("dryRunScoreLabel"));
        auto *table = m_panel->findChild<QTableWidget *>(QStringLiteral("dryRunScoreTable"));
        auto *plot = m_panel->findChild<QCustomPlot *>(QStringLiteral("dryRunPlot"));
        QVERIFY(score->text().contains(QLatin1String("of 100")));
        QVERIFY(plot->graphCount() >= 2 && plot->graph(1)->dataCount() > 100);
        const QString scoreBefore = score->text();
        const QString surgeBefore = table->item(0, 1)->text();
        const double plotBefore = sum(plot->graph(1)); // the platform's perceived surge

        // The operator types a new surge gain.
        auto *gain = m_panel->findChild<QDoubleSpinBox *>(QStringLiteral("dryRunGain_surge"));
        QVERIFY(gain);
        QCOMPARE(gain->value(), 1.0);
        gain->setFocus();
        QTest::keyClick(gain, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(gain, QLocale().toString(0.2, 'f', 1)); // the spin box's own locale
        QTest::keyClick(gain, Qt::Key_Return);
        QCOMPARE(gain->value(), 0.2);
        QTRY_VERIFY_WITH_TIMEOUT(table->item(0, 1)->text() != surgeBefore, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!m_panel->isBusy(), 10000);
        QVERIFY(score->text() != scoreBefore);
        QVERIFY(std::abs(sum(plot->graph(1)) - plotBefore) > 0.1 * plotBefore);
    }

    // The platform model the figures rest on is said in the panel; the operator switches to a
    // model measured on the platform (a file written by --platform-identify) and back, and a
    // file that cannot be used is refused in words with the model in use kept.
    void platformModelIsChosenAndSaid()
    {
        if (!m_panel->preview()) // run alone: a recording to preview first (set-up, not tested)
            m_panel->openSource(QStringLiteral("maneuver:takeoff"));
        QTRY_VERIFY_WITH_TIMEOUT(m_panel->preview() && !m_panel->isBusy(), 30000);
        auto *note = m_panel->findChild<QLabel *>(QStringLiteral("dryRunModelNote"));
        QVERIFY(note);
        QVERIFY(!m_panel->model().origin.identified());
        const QString assumedText = note->text();
        QVERIFY(!assumedText.isEmpty());

        platformmodel::ModelConfig measured;
        measured.washout.gain[0] = 0.5;
        measured.delayS = 0.032;
        measured.origin.identifiedUtc = QStringLiteral("2026-11-28T18:00:00Z");
        measured.origin.sessions = {QStringLiteral("ride (platform at 127.0.0.1)")};
        measured.origin.validatedOn = QStringLiteral("stand-ins");
        const QString path = m_dir->filePath(QStringLiteral("rig.json"));
        QFile file(path);
        const QByteArray json = platformmodel::writeModelFile(measured);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(json) == json.size());
        file.close();
        auto *use = m_panel->findChild<QPushButton *>(QStringLiteral("dryRunModelButton"));
        QVERIFY(use && use->isVisible());
        {
            hiltest::FileDialogAnswerer answerer(path);
            QTest::mouseClick(use, Qt::LeftButton);
            QTRY_COMPARE_WITH_TIMEOUT(answerer.answered(), 1, 10000);
        }
        QTRY_VERIFY_WITH_TIMEOUT(m_panel->model().origin.identified(), 10000);
        QVERIFY2(note->text().contains(QLatin1String("rig.json")), qPrintable(note->text()));
        QVERIFY(note->text() != assumedText);
        QTRY_VERIFY_WITH_TIMEOUT(m_panel->preview() && !m_panel->isBusy() &&
                                     m_panel->preview()->options.model.washout.gain[0] == 0.5,
                                 30000);

        // A file that is no model: refused, the measured model stays.
        const QString bad = m_dir->filePath(QStringLiteral("not-a-model.json"));
        QFile badFile(bad);
        QVERIFY(badFile.open(QIODevice::WriteOnly) && badFile.write("{\"washout\": 3}") > 0);
        badFile.close();
        QSignalSpy errors(m_panel, &Panel::errorRaised);
        {
            hiltest::FileDialogAnswerer answerer(bad);
            QTest::mouseClick(use, Qt::LeftButton);
            QTRY_COMPARE_WITH_TIMEOUT(answerer.answered(), 1, 10000);
        }
        QTRY_COMPARE_WITH_TIMEOUT(errors.count(), 1, 10000);
        QVERIFY2(errors.at(0).at(0).toString().contains(QLatin1String("not-a-model.json")),
                 qPrintable(errors.at(0).at(0).toString()));
        QVERIFY(m_panel->model().origin.identified());

        QTest::mouseClick(
            m_panel->findChild<QPushButton *>(QStringLiteral("dryRunAssumedModelButton")),
            Qt::LeftButton);
        QVERIFY(!m_panel->model().origin.identified());
        QCOMPARE(note->text(), assumedText);
        QTRY_VERIFY_WITH_TIMEOUT(m_panel->preview() && !m_panel->isBusy() &&
                                     m_panel->preview()->options.model.washout.gain[0] == 1.0,
                                 30000);
    }

    // Suggest settings: a progress bar and Cancel while it searches; Cancel keeps the best so far
    // and says so, with before and after; "Use suggestion" puts it in the editor.
    void suggestShowsProgressAndCancels()
    {
        auto *suggest = m_panel->findChild<QPushButton *>(QStringLiteral("dryRunSuggestButton"));
        auto *cancel =
            m_panel->findChild<QPushButton *>(QStringLiteral("dryRunCancelSuggestButton"));
        auto *progress =
            m_panel->findChild<QProgressBar *>(QStringLiteral("dryRunSuggestProgress"));
        auto *note = m_panel->findChild<QLabel *>(QStringLiteral("dryRunSuggestNote"));
        QTest::mouseClick(suggest, Qt::LeftButton);
        QVERIFY(progress->isVisible() && cancel->isVisible() && !suggest->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(progress->value() >= 2, 10000);
        QTest::mouseClick(cancel, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!progress->isVisible(), 10000);
        QVERIFY(suggest->isEnabled());
        QVERIFY2(note->text().startsWith(QLatin1String("Cancelled")) &&
                     note->text().contains(QLatin1String("Before: score")) &&
                     note->text().contains(QLatin1String("Suggested: score")),
                 qPrintable(note->text()));
        auto *use = m_panel->findChild<QPushButton *>(QStringLiteral("dryRunUseSuggestionButton"));
        QVERIFY(use->isVisible());
        auto *plot = m_panel->findChild<QCustomPlot *>(QStringLiteral("dryRunPlot"));
        const int graphs = plot->graphCount();
        QTest::mouseClick(use, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!m_panel->isBusy(), 10000);
        // Before and after side by side: the replaced settings' platform perception and pose stay
        // drawn (dashed), the score line and the table give both.
        QVERIFY(m_panel->before());
        QCOMPARE(plot->graphCount(), graphs + 2);
        QCPGraph *before = nullptr;
        for (int g = 0; g < plot->graphCount(); ++g)
            if (plot->graph(g)->name() == QLatin1String("platform before the suggestion"))
                before = plot->graph(g);
        QVERIFY(before);
        QCOMPARE(before->dataCount(), plot->graph(1)->dataCount());
        auto *score = m_panel->findChild<QLabel *>(QStringLiteral("dryRunScoreLabel"));
        QTRY_VERIFY_WITH_TIMEOUT(m_panel->figures(), 10000);
        QVERIFY2(score->text().contains(QLatin1String("Before the suggestion")),
                 qPrintable(score->text()));
        // The header's "before" is the suggestion's: the same full-rate figure, one recording.
        const QString beforeScore = note->text()
                                        .section(QLatin1String("Before: score "), 1)
                                        .section(QLatin1Char(','), 0, 0);
        QVERIFY2(score->text().contains(
                     QStringLiteral("Before the suggestion: score %1").arg(beforeScore)),
                 qPrintable(score->text() + QStringLiteral(" / ") + note->text()));
        auto *table = m_panel->findChild<QTableWidget *>(QStringLiteral("dryRunScoreTable"));
        QVERIFY(table->item(0, 0)->text().contains(QLatin1Char('(')));
        // Back to the gain the next test expects (0.2), typed as before.
        auto *gain = m_panel->findChild<QDoubleSpinBox *>(QStringLiteral("dryRunGain_surge"));
        gain->setFocus();
        QTest::keyClick(gain, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(gain, QLocale().toString(0.2, 'f', 1));
        QTest::keyClick(gain, Qt::Key_Return);
        QCOMPARE(gain->value(), 0.2);
    }

    // The search covers the recordings added to its list besides the open one (as several
    // --dry-run inputs do on the command line): catapult added, landing open, the note's "before"
    // is the two manoeuvres' evaluation, not the open one's; removed again, only the open one.
    void suggestCoversTheAddedRecordings()
    {
        auto *source = m_panel->findChild<QComboBox *>(QStringLiteral("dryRunSourceCombo"));
        auto *sourceNote = m_panel->findChild<QLabel *>(QStringLiteral("dryRunSourceNote"));
        auto *list = m_panel->findChild<QListWidget *>(QStringLiteral("dryRunSearchList"));
        auto *add = m_panel->findChild<QPushButton *>(QStringLiteral("dryRunSearchAddButton"));
        auto *remove =
            m_panel->findChild<QPushButton *>(QStringLiteral("dryRunSearchRemoveButton"));
        auto *suggest = m_panel->findChild<QPushButton *>(QStringLiteral("dryRunSuggestButton"));
        auto *cancel =
            m_panel->findChild<QPushButton *>(QStringLiteral("dryRunCancelSuggestButton"));
        auto *note = m_panel->findChild<QLabel *>(QStringLiteral("dryRunSuggestNote"));
        QVERIFY(source && sourceNote && list && add && remove && suggest && cancel && note);
        // Each returns false on failure (a QVERIFY inside a lambda would only leave the lambda).
        const auto open = [&](const QString &name) {
            pick(source, name);
            return !QTest::currentTestFailed() && QTest::qWaitFor([&] {
                return sourceNote->text().startsWith(name + QLatin1Char(':')) && !m_panel->isBusy();
            });
        };
        const auto searchAndCancel = [&] {
            QTest::mouseClick(suggest, Qt::LeftButton);
            if (!cancel->isVisible())
                return false;
            QTest::mouseClick(cancel, Qt::LeftButton);
            return QTest::qWaitFor([&] { return !cancel->isVisible(); });
        };

        QVERIFY(open(QStringLiteral("Catapult launch")));
        QTest::mouseClick(add, Qt::LeftButton);
        QTest::mouseClick(add, Qt::LeftButton); // once in the list, however often added
        QCOMPARE(list->count(), 1);
        QCOMPARE(list->item(0)->text(), QStringLiteral("Catapult launch"));
        QVERIFY(open(QStringLiteral("Landing")));

        const QString both = beforeText({"catapult", "landing"}, m_panel->settings());
        const QString landingOnly = beforeText({"landing"}, m_panel->settings());
        QVERIFY2(both != landingOnly, qPrintable(both)); // the check can tell them apart
        QVERIFY(searchAndCancel());
        QVERIFY2(note->text().contains(QLatin1String("Over 2 recordings.")) &&
                     note->text().contains(both),
                 qPrintable(note->text() + QLatin1String(" / expected ") + both));

        QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                          list->visualItemRect(list->item(0)).center());
        QVERIFY(remove->isEnabled());
        QTest::mouseClick(remove, Qt::LeftButton);
        QCOMPARE(list->count(), 0);
        QVERIFY(searchAndCancel());
        QVERIFY2(note->text().contains(QLatin1String("Over the open recording.")) &&
                     note->text().contains(landingOnly),
                 qPrintable(note->text() + QLatin1String(" / expected ") + landingOnly));
        // For a person to look at: the panel with its search box (<build>/screenshots/).
        QDir().mkpath(hil::testpaths::binaryDir() + QStringLiteral("/screenshots"));
        m_window->grab().save(hil::testpaths::binaryDir() +
                              QStringLiteral("/screenshots/dryrun-panel.png"));
    }

    void applyAsksFirstAndIsRefusedWhileCueing()
    {
        auto *apply = m_panel->findChild<QPushButton *>(QStringLiteral("dryRunApplyButton"));
        auto *note = m_panel->findChild<QLabel *>(QStringLiteral("dryRunApplyNote"));
        auto *link = qobject_cast<RavenLink *>(m_station->worker(QStringLiteral("raven")));
        QVERIFY(link);
        QTRY_VERIFY_WITH_TIMEOUT(link->reportedMode() >= 0, 10000);
        QVERIFY(link->reportedMode() != raven::ModeCueing);
        auto *motion = qobject_cast<MotionPanel *>(m_window->panel(QStringLiteral("motionPanel")));
        QVERIFY(motion);
        QCOMPARE(motion->cueingSettings().axes[raven::AxSurge].gain, 1.0);

        // Asked first; No sends nothing.
        const int appliedBefore = m_applied;
        {
            QuestionAnswerer no(QMessageBox::No);
            QTest::mouseClick(apply, Qt::LeftButton);
            QCOMPARE(no.answered(), 1);
        }
        QTest::qWait(300);
        QCOMPARE(m_applied, appliedBefore);
        QCOMPARE(motion->cueingSettings().axes[raven::AxSurge].gain, 1.0);
        // Yes: the link takes them (its event) and the Motion panel shows them.
        {
            QuestionAnswerer yes(QMessageBox::Yes);
            QTest::mouseClick(apply, Qt::LeftButton);
            QCOMPARE(yes.answered(), 1);
        }
        QTRY_COMPARE_WITH_TIMEOUT(m_applied, appliedBefore + 1, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(motion->cueingSettings().axes[raven::AxSurge].gain, 0.2, 10000);

        // CUEING (the Motion panel's button, confirmed): Apply is refused without a question.
        motion->setConfirmHook([] { return true; });
        QTest::mouseClick(motion->findChild<QPushButton *>(QStringLiteral("modeLevelBrakeButton")),
                          Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(link->reportedMode(), int(raven::ModeLevelBrake), 10000);
        QTest::mouseClick(motion->findChild<QPushButton *>(QStringLiteral("modeCueingButton")),
                          Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(link->reportedMode(), int(raven::ModeCueing), 10000);
        auto *gain = m_panel->findChild<QDoubleSpinBox *>(QStringLiteral("dryRunGain_surge"));
        gain->setValue(0.4);
        const int appliedInCueing = m_applied;
        {
            QuestionAnswerer any(QMessageBox::Yes);
            QTest::mouseClick(apply, Qt::LeftButton);
            QTest::qWait(300);
            QCOMPARE(any.answered(), 0);
        }
        QVERIFY2(note->text().contains(QLatin1String("CUEING")), qPrintable(note->text()));
        QCOMPARE(m_applied, appliedInCueing);
        QCOMPARE(motion->cueingSettings().axes[raven::AxSurge].gain, 0.2);

        // Park: STOP (Esc) brakes the platform.
        QTest::keyClick(m_window.get(), Qt::Key_Escape);
        QTRY_COMPARE_WITH_TIMEOUT(link->reportedMode(), int(raven::ModeLevelBrake), 10000);
    }

    // Every figure explains itself and agrees with report.json: the header's score and limit
    // hits (an axis's end stops and the actuators' strokes, told apart), the table's end-stop
    // hits per axis, the master gain among the settings, a legend in each plot, a tooltip on
    // each column.
    // The built-in manoeuvres in the operator's words, in the list and in the note, and again in
    // the language the operator switches to; the command line's name in the tooltip.
    void maneuversInTheOperatorsWords()
    {
        auto *source = m_panel->findChild<QComboBox *>(QStringLiteral("dryRunSourceCombo"));
        auto *sourceNote = m_panel->findChild<QLabel *>(QStringLiteral("dryRunSourceNote"));
        QVERIFY(source && sourceNote);
        const int takeoff = source->findData(QStringLiteral("maneuver:takeoff"));
        QVERIFY(takeoff >= 0);
        QCOMPARE(source->itemText(takeoff), QStringLiteral("Take-off"));
        QCOMPARE(source->itemData(takeoff, Qt::ToolTipRole).toString(),
                 QStringLiteral("maneuver:takeoff"));
        QCOMPARE(source->itemText(source->findData(QStringLiteral("maneuver:omct-heave"))),
                 QStringLiteral("OMCT test, heave"));
        pick(source, QStringLiteral("Take-off"));
        QTRY_VERIFY_WITH_TIMEOUT(sourceNote->text().startsWith(QStringLiteral("Take-off: ")) &&
                                     !m_panel->isBusy(),
                                 30000);
        QCOMPARE(installTranslations(*qApp, QStringLiteral("de"), false), QStringLiteral("de_DE"));
        QTRY_COMPARE(source->itemText(takeoff), QStringLiteral("Start"));
        QTRY_VERIFY2(sourceNote->text().startsWith(QStringLiteral("Start: ")),
                     qPrintable(sourceNote->text()));
        installTranslations(*qApp, QStringLiteral("en"), false);
        QTRY_COMPARE(source->itemText(takeoff), QStringLiteral("Take-off"));
    }

    void figuresAgreeWithReportAndExplainThemselves()
    {
        // The settings the tests before left depend on how far a cancelled search had got (its
        // best so far was used): start from the defaults, at which the catapult hits a limit.
        m_panel->setSettings(raven::CueingSettings{});
        m_panel->openSource(QStringLiteral("maneuver:catapult"));
        auto *master = m_panel->findChild<QDoubleSpinBox *>(QStringLiteral("dryRunMasterGain"));
        QVERIFY(master && master->isVisible());
        QCOMPARE(master->value(), m_panel->settings().masterGain);
        master->setFocus();
        QTest::keyClick(master, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(master, QLocale().toString(1.0, 'f', 2));
        QTest::keyClick(master, Qt::Key_Return);
        QCOMPARE(m_panel->settings().masterGain, 1.0);
        QTRY_VERIFY_WITH_TIMEOUT(!m_panel->isBusy() && m_panel->figures(), 30000);

        dryrun::DryRunInput input;
        QString error;
        dryrun::DryRunInput::Error kind;
        QVERIFY(input.load(QStringLiteral("maneuver:catapult"), &error, &kind));
        dryrun::DryRunOptions options;
        options.cueing = m_panel->settings();
        const QJsonObject report = dryrun::buildReport(input, options, runDryRun(input, options));
        const int total = report.value("limit_hits_total").toInt();
        QVERIFY2(total > 0, "the catapult at master gain 1 hits a limit");
        auto *score = m_panel->findChild<QLabel *>(QStringLiteral("dryRunScoreLabel"));
        const double overall =
            report.value("perception").toObject().value("overall_score").toDouble();
        QVERIFY2(score->text().contains(QStringLiteral("Score %1 of 100 · limit hits %2:")
                                            .arg(QLocale().toString(overall, 'f', 1))
                                            .arg(total)),
                 qPrintable(score->text()));
        int stroke = 0;
        for (const QJsonValue &a : report.value("actuators").toArray())
            stroke += int(a.toObject().value("limit_hits").toArray().size());
        QVERIFY2(score->text().contains(QStringLiteral("%1 at an actuator's stroke").arg(stroke)),
                 qPrintable(score->text()));
        QVERIFY(!score->toolTip().isEmpty());
        auto *table = m_panel->findChild<QTableWidget *>(QStringLiteral("dryRunScoreTable"));
        const char *dof[6] = {"surge", "sway", "heave", "roll", "pitch", "yaw"};
        for (int d = 0; d < 6; ++d) {
            const int hits = int(report.value("axes")
                                     .toObject()
                                     .value(QLatin1String(dof[d]))
                                     .toObject()
                                     .value("limit_hits")
                                     .toArray()
                                     .size());
            QCOMPARE(table->item(d, 4)->text(), QString::number(hits));
        }
        for (int c = 0; c < table->columnCount(); ++c)
            QVERIFY(!table->horizontalHeaderItem(c)->toolTip().isEmpty());

        // Each plot names its lines and bands.
        auto *plot = m_panel->findChild<QCustomPlot *>(QStringLiteral("dryRunPlot"));
        QStringList names;
        for (QCPLegend *legend : plot->findChildren<QCPLegend *>())
            for (int i = 0; i < legend->itemCount(); ++i)
                if (auto *item = qobject_cast<QCPPlottableLegendItem *>(legend->item(i)))
                    names << item->plottable()->name();
        for (const char *name : {"aircraft (pilot)", "platform (rider)", "platform's pose",
                                 "this axis at its end stop", "an actuator at its stroke"})
            QVERIFY2(names.contains(QLatin1String(name)), qPrintable(names.join(", ")));
    }

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Station> m_station;
    std::unique_ptr<MainWindow> m_window;
    DryRunPanel *m_panel = nullptr;
    int m_applied = 0;
};

QTEST_MAIN(TestDryRunPanel)
#include "tst_dryrunpanel.moc"
