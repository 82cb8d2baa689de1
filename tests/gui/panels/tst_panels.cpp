// The link panels (motion platform, gimbal, PX4) on a Station running every built-in emulator:
// live values arrive, the mode buttons reach the platform stand-in and light only what it
// reports, CUEING waits for confirmation, STOP (Esc) stops and brakes, the gimbal follows its
// slider, PX4 arms, the cueing settings export to a file and import back (the dry run's
// `--cueing FILE`), and each panel's settings survive save / new window / load. A screenshot of
// the window lands in the build folder.
#include "../common/filedialoganswerer.h"
#include "raven/cueing.h"
#include "raven/cueingfile.h"
#include "station/station.h"
#include "testpaths.h"
#include "ui/mainwindow.h"
#include "ui/panels/gimbalpanel.h"
#include "ui/panels/motionpanel.h"
#include "ui/panels/px4panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>

using hil::MainWindow;

class TestPanels : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void motionShowsLiveValues();
    void modeButtonsReachThePlatform();
    void cueingNeedsConfirmation();
    void stopBrakes();
    void gimbalFollowsSlider();
    void gimbalFocalFromCamera();
    void px4ShowsArmed();
    void cueingExportImport();
    void settingsPersist();
    void screenshot();

private:
    std::unique_ptr<MainWindow> makeWindow(QSettings *settings);
    QString counter(const QString &worker, const QString &key) const;
    hil::MotionPanel *motion() const;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<hil::Station> m_station;
    std::unique_ptr<MainWindow> m_window;
};

void TestPanels::initTestCase()
{
    m_dir = std::make_unique<QTemporaryDir>();
    hil::StationOptions o;
    o.emulate = hil::emulatorNames();
    o.logDir = m_dir->filePath(QStringLiteral("session"));
    m_station = std::make_unique<hil::Station>(o);
    QString error;
    QVERIFY2(m_station->start(&error), qPrintable(error));
    m_window = makeWindow(nullptr);
    QVERIFY(m_window);
}

void TestPanels::cleanupTestCase()
{
    m_window.reset();
    m_station->stop();
    m_station.reset();
    m_dir.reset();
}

std::unique_ptr<MainWindow> TestPanels::makeWindow(QSettings *settings)
{
    auto w = std::make_unique<MainWindow>(m_station.get(), settings);
    w->resize(1920, 1080);
    w->resetLayout();
    if (settings)
        w->loadSettings(*settings);
    for (const char *name : {"motionPanel", "gimbalPanel", "px4Panel"})
        w->dock(QLatin1String(name))->raise(); // refresh runs only for visible panels
    w->show();
    if (!QTest::qWaitForWindowExposed(w.get()))
        return nullptr;
    return w;
}

QString TestPanels::counter(const QString &worker, const QString &key) const
{
    hil::Worker *w = m_station->worker(worker);
    if (!w)
        return QStringLiteral("<no worker>");
    const QJsonValue v = w->counters().value(key);
    return v.isString() ? v.toString()
           : v.isBool() ? QString::number(v.toBool())
                        : QString::number(v.toDouble());
}

hil::MotionPanel *TestPanels::motion() const
{
    return qobject_cast<hil::MotionPanel *>(m_window->panel(QStringLiteral("motionPanel")));
}

static bool lit(QWidget *root, const char *button)
{
    auto *b = root->findChild<QPushButton *>(QLatin1String(button));
    return b && b->property("lit").toBool();
}

void TestPanels::motionShowsLiveValues()
{
    hil::MotionPanel *p = motion();
    QVERIFY(p);
    QVERIFY(!p->findChild<QLabel *>(QStringLiteral("motionNote"))->isVisible());
    auto *frames = p->findChild<QLabel *>(QStringLiteral("framesLabel"));
    auto received = [frames] {
        return frames->text().section(QLatin1Char('/'), 1).trimmed().toLongLong();
    };
    QTRY_VERIFY_WITH_TIMEOUT(received() > 0, 10000);
    const qint64 before = received();
    QTRY_VERIFY_WITH_TIMEOUT(received() > before + 10, 10000);
    QTRY_COMPARE_WITH_TIMEOUT(p->findChild<QLabel *>(QStringLiteral("modeLabel"))->text(),
                              QStringLiteral("OFF"), 10000);
    QVERIFY(lit(p, "modeOffButton"));
    QVERIFY(!lit(p, "modeLevelBrakeButton"));
    QVERIFY(p->findChild<QLabel *>(QStringLiteral("statusWordLabel"))
                ->text()
                .startsWith(QStringLiteral("0x")));
    // The emulator reports all motors fine: six green lights.
    QTRY_VERIFY_WITH_TIMEOUT(
        p->findChild<QLabel *>(QStringLiteral("motorLight5"))->property("lit").toBool(), 10000);
    // The reported pose comes from the hub: a number with its unit.
    QTRY_VERIFY_WITH_TIMEOUT(
        p->findChild<QLabel *>(QStringLiteral("pose_heave"))->text().endsWith(QStringLiteral(" m")),
        10000);
}

void TestPanels::modeButtonsReachThePlatform()
{
    hil::MotionPanel *p = motion();
    p->findChild<QPushButton *>(QStringLiteral("modeLevelBrakeButton"))->click();
    // Nothing lights before the platform says so; the stand-in receives the request.
    QVERIFY(!lit(p, "modeLevelBrakeButton"));
    QTRY_COMPARE_WITH_TIMEOUT(counter(QStringLiteral("emulator.raven"), QStringLiteral("mode")),
                              QStringLiteral("LEVEL BRAKE"), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(lit(p, "modeLevelBrakeButton"), 10000);
    QVERIFY(!lit(p, "modeOffButton"));
    QCOMPARE(p->findChild<QLabel *>(QStringLiteral("modeLabel"))->text(),
             QStringLiteral("LEVEL BRAKE"));
}

void TestPanels::cueingNeedsConfirmation()
{
    hil::MotionPanel *p = motion();
    int asked = 0;
    p->setConfirmHook([&asked] {
        ++asked;
        return false;
    });
    const QString requestsBefore =
        counter(QStringLiteral("raven"), QStringLiteral("mode_requests"));
    p->findChild<QPushButton *>(QStringLiteral("modeCueingButton"))->click();
    QCOMPARE(asked, 1);
    // Declined: no request goes out (a later one would, so wait past a few counter refreshes).
    QTest::qWait(500);
    QCOMPARE(counter(QStringLiteral("raven"), QStringLiteral("mode_requests")), requestsBefore);
    QCOMPARE(counter(QStringLiteral("emulator.raven"), QStringLiteral("mode")),
             QStringLiteral("LEVEL BRAKE"));
    QVERIFY(!lit(p, "modeCueingButton"));

    p->setConfirmHook([&asked] {
        ++asked;
        return true;
    });
    p->findChild<QPushButton *>(QStringLiteral("modeCueingButton"))->click();
    QCOMPARE(asked, 2);
    QTRY_COMPARE_WITH_TIMEOUT(counter(QStringLiteral("emulator.raven"), QStringLiteral("mode")),
                              QStringLiteral("CUEING"), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(lit(p, "modeCueingButton"), 10000);
    QVERIFY(!lit(p, "modeLevelBrakeButton"));
}

void TestPanels::stopBrakes()
{
    hil::MotionPanel *p = motion();
    QTRY_VERIFY_WITH_TIMEOUT(lit(p, "modeCueingButton"), 10000);
    QCOMPARE(counter(QStringLiteral("raven"), QStringLiteral("stopped")), QStringLiteral("0"));
    QTest::keyClick(m_window.get(), Qt::Key_Escape);
    QTRY_COMPARE_WITH_TIMEOUT(counter(QStringLiteral("raven"), QStringLiteral("stopped")),
                              QStringLiteral("1"), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(counter(QStringLiteral("emulator.raven"), QStringLiteral("mode")),
                              QStringLiteral("LEVEL BRAKE"), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(lit(p, "modeLevelBrakeButton"), 10000);
    QCOMPARE(counter(QStringLiteral("raven"), QStringLiteral("cue_gain")), QStringLiteral("0"));
    // The panel's own STOP button triggers the window's STOP action.
    QSignalSpy stops(m_window.get(), &MainWindow::stopRequested);
    p->findChild<QPushButton *>(QStringLiteral("motionStopButton"))->click();
    QCOMPARE(stops.count(), 1);
}

void TestPanels::gimbalFollowsSlider()
{
    auto *g = m_window->panel(QStringLiteral("gimbalPanel"));
    QVERIFY(g);
    QVERIFY(!g->findChild<QLabel *>(QStringLiteral("gimbalNote"))->isVisible());
    auto *reported = g->findChild<QLabel *>(QStringLiteral("reportedLabel"));
    QTRY_VERIFY_WITH_TIMEOUT(reported->property("pitchDeg").isValid(), 10000);
    g->findChild<QSlider *>(QStringLiteral("pitchSlider"))->setValue(-30);
    g->findChild<QSlider *>(QStringLiteral("yawSlider"))->setValue(45);
    QVERIFY(g->findChild<QLabel *>(QStringLiteral("commandedLabel")) != nullptr);
    QTRY_VERIFY_WITH_TIMEOUT(std::abs(reported->property("pitchDeg").toDouble() + 30.0) < 0.5,
                             15000);
    QTRY_VERIFY_WITH_TIMEOUT(std::abs(reported->property("yawDeg").toDouble() - 45.0) < 0.5, 15000);
    QTRY_COMPARE_WITH_TIMEOUT(
        g->findChild<QLabel *>(QStringLiteral("staleLabel"))->property("stale").toBool(), false,
        5000);
}

void TestPanels::gimbalFocalFromCamera()
{
    auto *g = m_window->panel(QStringLiteral("gimbalPanel"));
    auto *focal = g->findChild<QDoubleSpinBox *>(QStringLiteral("focalSpin"));
    auto *reported = g->findChild<QLabel *>(QStringLiteral("reportedLabel"));
    // At connect the field shows what the camera reports (the stand-in's 4.5 mm), and that value
    // was not sent: the camera still reports it.
    QTRY_VERIFY_WITH_TIMEOUT(reported->property("focalMm").isValid(), 10000);
    const double cameraMm = reported->property("focalMm").toDouble();
    QVERIFY(cameraMm > 0);
    QTRY_VERIFY_WITH_TIMEOUT(focal->isEnabled(), 5000);
    QCOMPARE(focal->value(), cameraMm);
    // Before any focal length is set, the requests (the slider moves above) carry the camera's own
    // FOV, not a default: 90° is what the stand-in reports at start.
    auto *extra = g->findChild<QLabel *>(QStringLiteral("gimbalExtraLabel"));
    auto *commanded = g->findChild<QLabel *>(QStringLiteral("commandedLabel"));
    QTRY_VERIFY_WITH_TIMEOUT(std::abs(extra->property("fovDeg").toDouble() - 90.0) < 0.1, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(std::abs(commanded->property("fovDeg").toDouble() - 90.0) < 0.1, 5000);
    // The operator types a focal length: it goes out, the camera reports it, commanded shows it.
    focal->setFocus();
    focal->selectAll();
    QTest::keyClicks(focal, QStringLiteral("12"));
    QTest::keyClick(focal, Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(reported->property("focalMm").toDouble(), 12.0, 10000);
    QVERIFY(g->findChild<QLabel *>(QStringLiteral("commandedLabel"))
                ->text()
                .contains(QStringLiteral("12")));
    QCOMPARE(focal->value(), 12.0);
    // The reported FOV follows: the stand-in's pinhole on its 9.0 mm sensor at 12 mm gives
    // 2·atan(4.5/12) = 41.112° (worked out by hand, not by either program).
    constexpr double kFov12mmDeg = 41.112;
    QTRY_VERIFY_WITH_TIMEOUT(std::abs(extra->property("fovDeg").toDouble() - kFov12mmDeg) < 0.05,
                             10000);
    QTRY_VERIFY_WITH_TIMEOUT(
        std::abs(commanded->property("fovDeg").toDouble() - kFov12mmDeg) < 0.05, 5000);
    // And the request that went out carried that FOV, not a fixed 90°.
    QTRY_VERIFY_WITH_TIMEOUT(std::abs(m_station->worker(QStringLiteral("emulator.rflysim"))
                                          ->counters()
                                          .value("last_request_fov_deg")
                                          .toDouble() -
                                      kFov12mmDeg) < 0.05,
                             5000);
    // The sliders have a scale and a numeric entry that moves them.
    auto *yaw = g->findChild<QSlider *>(QStringLiteral("yawSlider"));
    QVERIFY(yaw->tickPosition() != QSlider::NoTicks && yaw->tickInterval() > 0);
    auto *yawEntry = g->findChild<QSpinBox *>(QStringLiteral("yawEntry"));
    yawEntry->setFocus();
    yawEntry->selectAll();
    QTest::keyClicks(yawEntry, QStringLiteral("-20"));
    QTest::keyClick(yawEntry, Qt::Key_Return);
    QCOMPARE(yaw->value(), -20);
    QTRY_VERIFY_WITH_TIMEOUT(std::abs(reported->property("yawDeg").toDouble() + 20.0) < 0.5, 15000);
}

void TestPanels::px4ShowsArmed()
{
    auto *p = m_window->panel(QStringLiteral("px4Panel"));
    QVERIFY(p);
    QTRY_COMPARE_WITH_TIMEOUT(
        p->findChild<QLabel *>(QStringLiteral("px4ArmedLabel"))->property("armed").toBool(), true,
        20000);
    QCOMPARE(counter(QStringLiteral("px4"), QStringLiteral("armed")), QStringLiteral("1"));
    QTRY_VERIFY_WITH_TIMEOUT(
        p->findChild<QProgressBar *>(QStringLiteral("channelBar0"))->value() > 0, 10000);
    QCOMPARE(p->findChild<QTableWidget *>(QStringLiteral("mappingTable"))->rowCount(), 4);
}

/// A spin box set by the keyboard: everything selected, the number typed (its locale), Enter.
static void typeValue(QDoubleSpinBox *box, double value)
{
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, box->locale().toString(value, 'f', box->decimals()));
    QTest::keyClick(box, Qt::Key_Return);
}

void TestPanels::cueingExportImport()
{
    hil::MotionPanel *p = motion();
    QVERIFY(p);
    auto *gain = p->findChild<QDoubleSpinBox *>(QStringLiteral("surgeGain"));
    auto *exportButton = p->findChild<QPushButton *>(QStringLiteral("exportCueingButton"));
    auto *importButton = p->findChild<QPushButton *>(QStringLiteral("importCueingButton"));
    QVERIFY(gain && exportButton && importButton);
    QVERIFY(importButton->toolTip().contains(
        p->findChild<QPushButton *>(QStringLiteral("applyCueingButton"))->text()));
    const double before = gain->value();
    const QString path = m_dir->filePath(QStringLiteral("cueing.json"));
    QSignalSpy errors(p, &hil::Panel::errorRaised);

    typeValue(gain, 1.35);
    QCOMPARE(gain->value(), 1.35);
    {
        hiltest::FileDialogAnswerer answerer(path);
        QTest::mouseClick(exportButton, Qt::LeftButton); // returns once the dialog is answered
        QCOMPARE(answerer.answered(), 1);
    }
    QFile file(path);
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
    hil::raven::CueingSettings exported;
    QString error;
    QVERIFY2(hil::raven::parseCueingFile(file.readAll(), &exported, &error), qPrintable(error));
    QCOMPARE(exported.axes[hil::raven::AxSurge].gain, 1.35);
    QCOMPARE(errors.count(), 0);

    typeValue(gain, 0.4);
    QCOMPARE(gain->value(), 0.4);
    {
        hiltest::FileDialogAnswerer answerer(path);
        QTest::mouseClick(importButton, Qt::LeftButton);
        QCOMPARE(answerer.answered(), 1);
    }
    QCOMPARE(gain->value(), 1.35);
    QCOMPARE(errors.count(), 0);

    // A folder that cannot be written (a plain file stands in for it: root writes anywhere).
    const QString notFolder = m_dir->filePath(QStringLiteral("notAFolder"));
    {
        QFile plain(notFolder);
        QVERIFY(plain.open(QIODevice::WriteOnly));
    }
    {
        hiltest::FileDialogAnswerer answerer(notFolder + QStringLiteral("/cueing.json"));
        QTest::mouseClick(exportButton, Qt::LeftButton);
        QCOMPARE(answerer.answered(), 1);
    }
    QTRY_COMPARE(errors.count(), 1); // shown in the window's error bar
    QVERIFY(m_window->currentError().contains(QStringLiteral("notAFolder")));
    // An unusable file: the one-line reason, and the editor keeps what it showed.
    {
        QFile bad(m_dir->filePath(QStringLiteral("bad.json")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("{\"format\": \"hilstation-cueing\", \"version\": 2, \"gian\": 1}");
    }
    {
        hiltest::FileDialogAnswerer answerer(m_dir->filePath(QStringLiteral("bad.json")));
        QTest::mouseClick(importButton, Qt::LeftButton);
        QCOMPARE(answerer.answered(), 1);
    }
    QTRY_COMPARE(errors.count(), 2);
    QVERIFY(m_window->currentError().contains(QStringLiteral("gian")));
    QVERIFY(!m_window->currentError().contains(QLatin1Char('\n')));
    QCOMPARE(gain->value(), 1.35);
    typeValue(gain, before);
}

void TestPanels::settingsPersist()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("station.ini"));
    {
        QSettings s(path, QSettings::IniFormat);
        auto w = makeWindow(nullptr);
        QVERIFY(w);
        auto *m = qobject_cast<hil::MotionPanel *>(w->panel(QStringLiteral("motionPanel")));
        hil::raven::CueingSettings cs = m->cueingSettings();
        cs.frameId = 85;
        cs.masterGain = 0.75;
        cs.axes[hil::raven::AxSway].invert = true;
        cs.axes[hil::raven::AxHeave].gain = 0.5;
        cs.axes[hil::raven::AxPitch].lowPassTauS = 0.2;
        cs.axes[hil::raven::AxRoll].limit = 0.3;
        m->setCueingSettings(cs);
        auto *g = w->panel(QStringLiteral("gimbalPanel"));
        g->findChild<QSpinBox *>(QStringLiteral("zoomSpin"))->setValue(7);
        g->findChild<QComboBox *>(QStringLiteral("lightCombo"))->setCurrentIndex(2);
        auto *x = qobject_cast<hil::Px4Panel *>(w->panel(QStringLiteral("px4Panel")));
        x->setActuatorMap(hil::mavlink::ActuatorMap::fixedWing());
        w->saveSettings(s);
        s.sync();
    }
    QSettings s(path, QSettings::IniFormat);
    auto w = makeWindow(&s);
    QVERIFY(w);
    auto *m = qobject_cast<hil::MotionPanel *>(w->panel(QStringLiteral("motionPanel")));
    const hil::raven::CueingSettings cs = m->cueingSettings();
    QCOMPARE(cs.frameId, 85);
    QCOMPARE(cs.masterGain, 0.75);
    QVERIFY(cs.axes[hil::raven::AxSway].invert);
    QVERIFY(!cs.axes[hil::raven::AxSurge].invert);
    QCOMPARE(cs.axes[hil::raven::AxHeave].gain, 0.5);
    QCOMPARE(cs.axes[hil::raven::AxPitch].lowPassTauS, 0.2);
    QCOMPARE(cs.axes[hil::raven::AxRoll].limit, 0.3);
    auto *g = w->panel(QStringLiteral("gimbalPanel"));
    QCOMPARE(g->findChild<QSpinBox *>(QStringLiteral("zoomSpin"))->value(), 7);
    // The focal length is never remembered: the camera's own is shown once it reports.
    QVERIFY(!s.contains(QStringLiteral("panels/gimbalPanel/focalLengthMm")));
    QCOMPARE(g->findChild<QComboBox *>(QStringLiteral("lightCombo"))->currentIndex(), 2);
    auto *x = qobject_cast<hil::Px4Panel *>(w->panel(QStringLiteral("px4Panel")));
    QCOMPARE(hil::Px4Panel::toText(x->actuatorMap()),
             hil::Px4Panel::toText(hil::mavlink::ActuatorMap::fixedWing()));
    // Fixed wing: output 2 (rudder) drives channel 3 (index 3), centred safe value.
    QCOMPARE(x->actuatorMap().entries.at(2).channel, 3);
    QCOMPARE(x->actuatorMap().entries.at(2).safeValue, 0.5);
}

void TestPanels::screenshot()
{
    // Show the motion and gimbal panels (tabbed with the statistics by default) for a person.
    m_window->dock(QStringLiteral("motionPanel"))->raise();
    QTest::qWait(600);
    QVERIFY(m_window->grab().save(hil::testpaths::binaryDir() +
                                  QStringLiteral("/mainwindow-panels.png")));
    m_window->dock(QStringLiteral("gimbalPanel"))->raise();
    QTest::qWait(600);
    QVERIFY(m_window->grab().save(hil::testpaths::binaryDir() +
                                  QStringLiteral("/mainwindow-panels-gimbal.png")));
}

QTEST_MAIN(TestPanels)
#include "tst_panels.moc"
