// Replay panel and Links panel wiring, offscreen: a session written by SessionRecorder replayed
// into the telemetry hub at 4×, seek, motion routing only after confirmation; the raven emulator
// and link started from the Links panel's signals. A generated 1-hour session (~300 MB) opened
// and exported through the panel's buttons and Qt's own file dialogs: the GUI event loop keeps
// running while it loads, Cancel during the load leaves nothing, a cancelled export no file.
#include "../common/filedialoganswerer.h"
#include "core/workerhost.h"
#include "longsession.h"
#include "session/sessionrecorder.h"
#include "station/station.h"
#include "telemetry/telemetryhub.h"
#include "ui/mainwindow.h"
#include "ui/panels/linkspanel.h"
#include "ui/panels/replaypanel.h"

#include <QApplication>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>
#include <memory>

using namespace hil;

namespace {

void recordSession(const QString &folder, int frames, double rateHz)
{
    auto *rec = new SessionRecorder(folder, [] { return QJsonObject{}; });
    WorkerHost host(rec);
    QVERIFY(host.start(nullptr));
    for (int i = 0; i < frames; ++i) {
        SimFrame f;
        f.physicsTimeS = i / rateHz;
        f.vehicle.state.pose.position = {0.0, 0.0, -0.01 * i};
        rec->recordState(f, ChannelFrame{});
    }
    host.stop();
}

std::size_t hubSamples(TelemetryHub *hub)
{
    std::size_t n = 0;
    for (const auto &s : hub->seriesList())
        n += hub->sampleCount(hub->find(s.name));
    return n;
}

bool simFresh(Station &s)
{
    return s.snapshot()["links"].toObject()["raven"].toObject().value("sim_fresh").toBool();
}

/// Answers the modal dialogs a button opens, as an operator would: a Qt file dialog gets `path`
/// in its file name field and its accept button clicked; a question ("replace the file?") gets Yes.
/// Lives until destroyed; counts the file dialogs it filled.
class DialogAnswerer : public QObject
{
public:
    explicit DialogAnswerer(const QString &path) : m_path(path)
    {
        m_poll.setInterval(20);
        connect(&m_poll, &QTimer::timeout, this, [this] { answer(); });
        m_poll.start();
    }
    int fileDialogs = 0;

private:
    void answer()
    {
        QWidget *modal = QApplication::activeModalWidget();
        if (!modal || !modal->isVisible())
            return;
        // Once per dialog: the answer closes it, but the file dialog is still up for a moment
        // after its "replace it?" question closed.
        for (const QPointer<QWidget> &done : m_answered)
            if (done == modal)
                return;
        m_answered.append(modal);
        if (auto *dialog = qobject_cast<QFileDialog *>(modal)) {
            QAbstractButton *accept = hiltest::fillFileDialog(dialog, m_path);
            QVERIFY(accept);
            QTRY_VERIFY(accept->isEnabled());
            ++fileDialogs;
            // Clicked after this poll returns: a question the click opens ("replace it?") runs
            // its own loop inside the click, and this timer does not fire again while in here.
            QTimer::singleShot(0, accept, [accept] { QTest::mouseClick(accept, Qt::LeftButton); });
        } else if (auto *box = qobject_cast<QMessageBox *>(modal)) {
            QAbstractButton *yes = box->button(QMessageBox::Yes);
            QVERIFY(yes);
            QTimer::singleShot(0, yes, [yes] { QTest::mouseClick(yes, Qt::LeftButton); });
        }
    }
    QString m_path;
    QTimer m_poll;
    QList<QPointer<QWidget>> m_answered;
};

/// A spin box set by the keyboard: everything selected, the number typed, Enter.
void typeValue(QDoubleSpinBox *box, const QString &text)
{
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
}

} // namespace

class TestReplayPanel : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void replayFeedsPlotsAndSeeks();
    void motionOnlyAfterConfirmation();
    void linksPanelStartsRaven();
    void hourOpensWhileTheWindowRuns();
    void cancelDuringLoad();
    void exportCancelAndComplete();

private:
    /// A window on a running station, the Replay dock in front (its widgets really shown).
    struct Rig
    {
        QTemporaryDir live;
        std::unique_ptr<Station> station;
        std::unique_ptr<MainWindow> window;
        ReplayPanel *panel = nullptr;
        template <typename T> T *child(const char *name) const
        {
            return window->findChild<T *>(QLatin1String(name));
        }
    };
    std::unique_ptr<Rig> makeRig();
    /// Clicks "Open session..." and picks folder in the real dialog; returns when it closed.
    void openThroughDialog(Rig &rig, const QString &folder);

    QTemporaryDir m_hourDir; ///< holds a 1-hour 250 Hz session (state.csv), made once
};

void TestReplayPanel::initTestCase()
{
    QVERIFY(m_hourDir.isValid());
    const qint64 bytes = hil::testing::writeLongSession(m_hourDir.path());
    QVERIFY2(bytes > 100'000'000, qPrintable(QString::number(bytes)));
}

std::unique_ptr<TestReplayPanel::Rig> TestReplayPanel::makeRig()
{
    auto rig = std::make_unique<Rig>();
    StationOptions o;
    o.logDir = rig->live.path();
    rig->station = std::make_unique<Station>(o);
    QString error;
    if (!rig->station->start(&error))
        qWarning("station: %s", qPrintable(error));
    rig->window = std::make_unique<MainWindow>(rig->station.get());
    rig->window->resize(1280, 720);
    rig->window->show();
    rig->window->dock(QStringLiteral("replayPanel"))->show();
    rig->window->dock(QStringLiteral("replayPanel"))->raise();
    rig->panel = qobject_cast<ReplayPanel *>(rig->window->panel(QStringLiteral("replayPanel")));
    if (!QTest::qWaitForWindowExposed(rig->window.get()))
        qWarning("window not exposed");
    return rig;
}

void TestReplayPanel::openThroughDialog(Rig &rig, const QString &folder)
{
    DialogAnswerer answerer(folder);
    auto *open = rig.child<QPushButton>("replayOpenFolder");
    QVERIFY(open && open->isVisible());
    QTest::mouseClick(open, Qt::LeftButton); // returns once the dialog has closed
    QCOMPARE(answerer.fileDialogs, 1);
    QVERIFY(!QApplication::activeModalWidget());
}

void TestReplayPanel::replayFeedsPlotsAndSeeks()
{
    QTemporaryDir rec, live;
    recordSession(rec.path(), 400, 100.0); // 4 s at 100 Hz
    StationOptions o;
    o.logDir = live.path();
    Station s(o);
    QString error;
    QVERIFY2(s.start(&error), qPrintable(error));
    MainWindow w(&s);
    auto *panel = qobject_cast<ReplayPanel *>(w.panel(QStringLiteral("replayPanel")));
    QVERIFY(panel);
    QVERIFY(panel->openPath(rec.path()));
    QVERIFY(s.replay());
    QTRY_VERIFY(panel->isLoaded());
    QVERIFY(panel->endS() > 3.9);
    const std::size_t before = hubSamples(s.telemetry());
    panel->setSpeed(4.0);
    panel->play();
    QTRY_VERIFY(panel->isPlaying());
    QTRY_VERIFY_WITH_TIMEOUT(hubSamples(s.telemetry()) > before + 100, 10000);
    panel->pause();
    QTRY_VERIFY(!panel->isPlaying());
    panel->seek(2.0);
    QTRY_VERIFY_WITH_TIMEOUT(std::abs(panel->positionS() - 2.0) < 0.05, 5000);
    auto *label = panel->findChild<QLabel *>(QStringLiteral("replayPosition"));
    QVERIFY(label->text().startsWith(QStringLiteral("0:02")));
    // Export a range of one column.
    panel->findChild<QLineEdit *>(QStringLiteral("replayColumns"))
        ->setText(QStringLiteral("position/d"));
    const QString out = live.filePath(QStringLiteral("export.csv"));
    QVERIFY(panel->exportTo(out));
    QTRY_VERIFY(!panel->isExporting());
    const qint64 rows = panel->lastExportRows();
    QVERIFY2(rows >= 390, qPrintable(QString::number(rows)));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readLine().trimmed(), QByteArray("time_s,position/d"));
    s.stopReplay();
    QVERIFY(!s.replay());
    s.stop();
}

void TestReplayPanel::motionOnlyAfterConfirmation()
{
    QTemporaryDir rec, live;
    recordSession(rec.path(), 2000, 100.0); // 20 s: still playing while the test looks
    StationOptions o;
    o.logDir = live.path();
    o.emulate = {QStringLiteral("raven")};
    Station s(o);
    QString error;
    QVERIFY2(s.start(&error), qPrintable(error));
    MainWindow w(&s);
    auto *panel = qobject_cast<ReplayPanel *>(w.panel(QStringLiteral("replayPanel")));
    int asked = 0;
    bool answer = false;
    panel->setConfirmHook([&] {
        ++asked;
        return answer;
    });
    QVERIFY(panel->openPath(rec.path()));
    panel->play();
    QTRY_VERIFY(panel->isPlaying());
    QTest::qWait(500);
    QVERIFY(!simFresh(s));                // plots only: the platform gets nothing
    QVERIFY(!panel->setIntoMotion(true)); // operator said no
    QCOMPARE(asked, 1);
    QVERIFY(!s.replayIntoMotion());
    QTest::qWait(300);
    QVERIFY(!simFresh(s));
    answer = true;
    QVERIFY(panel->setIntoMotion(true));
    QCOMPARE(asked, 2);
    QVERIFY(s.replayIntoMotion());
    QTRY_VERIFY_WITH_TIMEOUT(simFresh(s), 5000);
    // STOP from outside the window (SIGUSR1 calls the Station directly) takes the replay off
    // the platform, and the panel's box follows: the next replay needs a new confirmation.
    auto *box = w.findChild<QCheckBox *>(QStringLiteral("replayIntoMotion"));
    QVERIFY(box && box->isChecked());
    s.emergencyStop();
    QVERIFY(!s.replayIntoMotion());
    QVERIFY(!box->isChecked());
    QVERIFY(panel->openPath(rec.path()));
    QVERIFY(!s.replayIntoMotion());
    QCOMPARE(asked, 2);
    s.stop();
}

void TestReplayPanel::linksPanelStartsRaven()
{
    QTemporaryDir live;
    StationOptions o;
    o.logDir = live.path();
    Station s(o);
    QString error;
    QVERIFY2(s.start(&error), qPrintable(error));
    MainWindow w(&s);
    auto *links = qobject_cast<LinksPanel *>(w.panel(QStringLiteral("linksPanel")));
    QVERIFY(links);
    emit links->emulatorRequested(QStringLiteral("raven"), true);
    QVERIFY(s.isEmulatorRunning(QStringLiteral("raven")));
    emit links->connectRequested(QStringLiteral("raven"), links->address(QStringLiteral("raven")));
    QTRY_VERIFY_WITH_TIMEOUT(s.isLinkRunning(QStringLiteral("raven")),
                             5000); // Connect is asynchronous
    QTRY_COMPARE_WITH_TIMEOUT(
        s.snapshot()["links"].toObject()["raven"].toObject().value("state").toString(),
        QStringLiteral("up"), 10000);
    emit links->disconnectRequested(QStringLiteral("raven"));
    QVERIFY(!s.isLinkRunning(QStringLiteral("raven")));
    emit links->emulatorRequested(QStringLiteral("raven"), false);
    QVERIFY(!s.isEmulatorRunning(QStringLiteral("raven")));
    QVERIFY(w.currentError().isEmpty());
    s.stop();
}

void TestReplayPanel::hourOpensWhileTheWindowRuns()
{
    auto rig = makeRig();
    QVERIFY(rig->panel);
    auto *bar = rig->child<QProgressBar>("replayLoadProgress");
    auto *cancel = rig->child<QPushButton>("replayLoadCancel");
    auto *play = rig->child<QPushButton>("replayPlay");
    QVERIFY(bar && cancel && play);
    QVERIFY(!bar->isVisible());
    // A GUI-thread timer: how often it fired while the panel said "loading", and whether the
    // progress bar and its Cancel were on screen then. A load in the GUI thread gives 0 turns.
    int turnsWhileLoading = 0;
    bool barSeen = false;
    int maxProgress = 0;
    QTimer beat;
    beat.setInterval(2);
    connect(&beat, &QTimer::timeout, this, [&] {
        if (!rig->panel->isLoading())
            return;
        ++turnsWhileLoading;
        barSeen = barSeen || (bar->isVisible() && cancel->isVisible());
        maxProgress = std::max(maxProgress, bar->value());
    });
    beat.start();
    openThroughDialog(*rig, m_hourDir.path());
    QVERIFY(rig->panel->isLoading()); // the click came back before the file was read
    QVERIFY(!play->isEnabled());      // nothing to play yet
    QTRY_VERIFY_WITH_TIMEOUT(rig->panel->isLoaded(), 60000);
    beat.stop();
    QVERIFY2(turnsWhileLoading > 0, "the event loop did not run while the replay loaded");
    QVERIFY(barSeen);
    QVERIFY(maxProgress > 0); // the progress reached the bar
    QVERIFY(!bar->isVisible());
    QVERIFY(!cancel->isVisible());
    QCOMPARE(rig->panel->endS(), 3599.996);
    QVERIFY(rig->window->currentError().isEmpty());
    // And it plays.
    QTRY_VERIFY(play->isEnabled());
    const std::size_t before = hubSamples(rig->station->telemetry());
    QTest::mouseClick(play, Qt::LeftButton);
    QTRY_VERIFY(rig->panel->isPlaying());
    QTRY_VERIFY_WITH_TIMEOUT(hubSamples(rig->station->telemetry()) > before + 100, 10000);
    QVERIFY(rig->panel->positionS() >= 0.0);
    rig->station->stop();
}

void TestReplayPanel::cancelDuringLoad()
{
    auto rig = makeRig();
    QVERIFY(rig->panel);
    QSignalSpy failed(rig->station.get(), &Station::replayLoadFailed);
    QSignalSpy loaded(rig->station.get(), &Station::replayLoaded);
    openThroughDialog(*rig, m_hourDir.path());
    QVERIFY(rig->panel->isLoading());
    QVERIFY(rig->station->isReplayLoading());
    auto *cancel = rig->child<QPushButton>("replayLoadCancel");
    QVERIFY(cancel && cancel->isVisible());
    QTest::mouseClick(cancel, Qt::LeftButton);
    // Gone at once: no replay worker, the panel idle, no error and no dialog.
    QVERIFY(!rig->station->replay());
    QVERIFY(!rig->station->isReplayLoading());
    QVERIFY(!rig->panel->isLoading());
    QVERIFY(!rig->panel->isLoaded());
    QVERIFY(!cancel->isVisible());
    QVERIFY(!rig->child<QProgressBar>("replayLoadProgress")->isVisible());
    QVERIFY(!rig->child<QPushButton>("replayPlay")->isEnabled());
    QVERIFY(!rig->child<QPushButton>("replayExport")->isEnabled());
    QCOMPARE(rig->child<QLabel>("replayPosition")->text(), ReplayPanel::tr("nothing open"));
    QCOMPARE(failed.count(), 1);
    QCOMPARE(failed.at(0).at(2).toBool(), true); // cancelled, not an error
    QTest::qWait(300); // anything still queued from the cancelled load arrives and is ignored
    QCOMPARE(loaded.count(), 0);
    QCOMPARE(failed.count(), 1);
    QVERIFY(!rig->station->replay());
    QVERIFY(!QApplication::activeModalWidget());
    QVERIFY(rig->window->currentError().isEmpty());
    // The panel still opens the next one.
    openThroughDialog(*rig, m_hourDir.path());
    QTRY_VERIFY_WITH_TIMEOUT(rig->panel->isLoaded(), 60000);
    rig->station->stop();
}

void TestReplayPanel::exportCancelAndComplete()
{
    auto rig = makeRig();
    QVERIFY(rig->panel);
    openThroughDialog(*rig, m_hourDir.path());
    QTRY_VERIFY_WITH_TIMEOUT(rig->panel->isLoaded(), 60000);
    auto *exportButton = rig->child<QPushButton>("replayExport");
    auto *cancel = rig->child<QPushButton>("replayExportCancel");
    auto *bar = rig->child<QProgressBar>("replayExportProgress");
    auto *status = rig->child<QLabel>("replayExportStatus");
    QVERIFY(exportButton && cancel && bar && status);
    QTRY_VERIFY(exportButton->isEnabled());

    // The whole hour, all columns (seconds of work), cancelled at once: the file that was there
    // stays as it was and no temporary is left beside it.
    QTemporaryDir outDir;
    const QString out = outDir.filePath(QStringLiteral("flight.csv"));
    {
        QFile old(out);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("keep me\n");
    }
    {
        DialogAnswerer answerer(out); // file name, then "replace it?" Yes
        QTest::mouseClick(exportButton, Qt::LeftButton);
        QCOMPARE(answerer.fileDialogs, 1);
    }
    QVERIFY(rig->panel->isExporting());
    QVERIFY(bar->isVisible() && cancel->isVisible());
    QVERIFY(!exportButton->isEnabled());
    QTest::mouseClick(cancel, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!rig->panel->isExporting(), 30000);
    QCOMPARE(rig->panel->lastExportRows(), -1);
    QVERIFY(!bar->isVisible() && !cancel->isVisible());
    QCOMPARE(status->text(), ReplayPanel::tr("Export cancelled: no file written"));
    {
        QFile old(out);
        QVERIFY(old.open(QIODevice::ReadOnly));
        QCOMPARE(old.readAll(), QByteArray("keep me\n"));
    }
    QCOMPARE(QDir(outDir.path()).entryList(QDir::Files), QStringList{"flight.csv"});
    QVERIFY(rig->window->currentError().isEmpty());

    // 10 s .. 20 s of one column, typed into the fields: 2,501 rows at 250 Hz.
    QFile::remove(out);
    rig->child<QLineEdit>("replayColumns")->setFocus();
    QTest::keyClicks(rig->child<QLineEdit>("replayColumns"), QStringLiteral("position/d"));
    const auto spins = rig->panel->findChildren<QDoubleSpinBox *>();
    QCOMPARE(spins.size(), 2);
    typeValue(spins[0], QStringLiteral("10"));
    typeValue(spins[1], QStringLiteral("20"));
    QCOMPARE(spins[0]->value(), 10.0);
    QCOMPARE(spins[1]->value(), 20.0);
    {
        DialogAnswerer answerer(out);
        QTest::mouseClick(exportButton, Qt::LeftButton);
        QCOMPARE(answerer.fileDialogs, 1);
    }
    QTRY_VERIFY_WITH_TIMEOUT(!rig->panel->isExporting(), 30000);
    QCOMPARE(rig->panel->lastExportRows(), 2501);
    QVERIFY(status->text().contains(QStringLiteral("2501")));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().split('\n');
    QCOMPARE(lines.size(), 2503); // header, 2,501 rows, the empty piece after the last '\n'
    QCOMPARE(lines.first(), QByteArray("time_s,position/d"));
    QCOMPARE(lines[1].left(3), QByteArray("10,"));
    QCOMPARE(lines[2501].left(3), QByteArray("20,"));
    QVERIFY(rig->window->currentError().isEmpty());
    rig->station->stop();
}

QTEST_MAIN(TestReplayPanel)
#include "tst_replaypanel.moc"
