// The Pilot panel in the operator window, on a Station as the program runs it with a virtual
// gamepad (the input link's test hook, --pilot-virtual): the device listed and flying, the roll
// bar following the stick the test moves, a pressed button lit, MANUAL_CONTROL's rate to the PX4
// stand-in and PX4's verdict on COM_RC_IN_MODE; screenshots in English, German and Chinese
// (<build>/screenshots/pilot-panel-*.png). Then without PX4: RealFlight's channel map edited in
// the panel (keys on a spin box, a check box and Apply clicked) reaches the RealFlight stand-in's
// received channels.
#include "core/post.h"
#include "flightaxis/flightaxisemulator.h"
#include "flightaxis/flightaxislink.h"
#include "input/pilotlink.h"
#include "station/options.h"
#include "station/station.h"
#include "testpaths.h"
#include "ui/mainwindow.h"
#include "ui/panels/pilotpanel.h"
#include "ui/translations.h"

#include <QCheckBox>
#include <QDialog>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <memory>

using namespace hil;

class TestPilotPanel : public QObject
{
    Q_OBJECT
private slots:
    void cleanup();
    void showsTheSticksAndWhereTheyGo();
    void channelMapReachesRealFlight();
    void saysWhichDeviceItWaitsFor();

private:
    /// A Station from these command-line arguments and a 1280×720 window with the Pilot panel in
    /// front; a virtual gamepad attached and flying. False on failure (QVERIFY'd by the caller).
    bool start(const QStringList &args);
    template <class T> T *child(const char *name) const
    {
        return m_window->findChild<T *>(QLatin1String(name));
    }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Station> m_station;
    std::unique_ptr<MainWindow> m_window;
    input::PilotLink *m_link = nullptr;
    int m_pad = -1;
};

void TestPilotPanel::cleanup()
{
    installTranslations(*qApp, QStringLiteral("en"));
    m_window.reset();
    if (m_station)
        m_station->stop();
    m_station.reset();
    m_dir.reset();
}

bool TestPilotPanel::start(const QStringList &args)
{
    m_dir = std::make_unique<QTemporaryDir>();
    const ParseResult parsed = parseCommandLine(
        QStringList{QStringLiteral("hilstation")} + args +
        QStringList{QStringLiteral("--log-dir"), m_dir->filePath(QStringLiteral("session"))});
    if (parsed.action != ParseResult::Run)
        return false;
    m_station = std::make_unique<Station>(parsed.options);
    QString error;
    if (!m_station->start(&error)) {
        qWarning("%s", qPrintable(error));
        return false;
    }
    m_window = std::make_unique<MainWindow>(m_station.get());
    m_window->resize(1280, 720);
    m_window->resetLayout();
    m_window->show();
    if (!QTest::qWaitForWindowExposed(m_window.get()))
        return false;
    QDockWidget *dock = m_window->dock(QStringLiteral("pilotPanel"));
    if (!dock)
        return false;
    dock->raise();
    m_link = qobject_cast<input::PilotLink *>(m_station->worker(QStringLiteral("pilot")));
    if (!m_link)
        return false;
    input::PilotLink *link = m_link;
    runIn(link, [&] { m_pad = link->attachVirtual(QStringLiteral("Test Pad"), 6, 15, true); });
    return m_pad >= 0;
}

void TestPilotPanel::showsTheSticksAndWhereTheyGo()
{
    QVERIFY(start({QStringLiteral("--emulate"), QStringLiteral("flightaxis,px4"),
                   QStringLiteral("--pilot"), QStringLiteral("joystick"),
                   QStringLiteral("--pilot-virtual")}));
    auto *devices = child<QLabel>("pilotDevicesLabel");
    QVERIFY(devices);
    QTRY_COMPARE_WITH_TIMEOUT(devices->property("flying").toString(), QStringLiteral("Test Pad"),
                              10000);
    // The Links panel's "Pilot input" row asks for a device, not a host and port.
    auto *address = child<QLineEdit>("pilotAddress");
    QVERIFY(address);
    QVERIFY2(address->placeholderText().contains(QStringLiteral("joystick")),
             qPrintable(address->placeholderText()));
    QVERIFY(child<QLineEdit>("flightaxisAddress")->placeholderText().contains(QLatin1Char(':')));
    QVERIFY(devices->text().contains(QLatin1String("Test Pad")));
    QVERIFY(devices->text().contains(m_link->devices().value(0).id)); // the GUID
    QVERIFY(!child<QLabel>("pilotNote")->isVisible());
    QVERIFY(child<QLabel>("pilotMappingLabel")->text().contains(QLatin1String("Roll")));

    // The stick the mapping calls roll, moved right: the roll bar follows.
    const int rollAxis = m_link->flying().map.roll.axis;
    QVERIFY(rollAxis >= 0);
    auto *roll = child<QProgressBar>("pilotRollBar");
    QTRY_COMPARE_WITH_TIMEOUT(roll->value(), 0, 5000);
    input::PilotLink *link = m_link;
    const int pad = m_pad;
    runIn(link, [=] { link->setVirtualAxis(pad, rollAxis, 0.9); });
    QTRY_VERIFY_WITH_TIMEOUT(roll->value() > 500, 5000);
    runIn(link, [=] { link->setVirtualAxis(pad, rollAxis, -0.9); });
    QTRY_VERIFY_WITH_TIMEOUT(roll->value() < -500, 5000);

    // A pressed button lights; released, it goes dark.
    auto *light = child<QLabel>("pilotButton2");
    QCOMPARE(light->property("lit").toBool(), false);
    runIn(link, [=] { link->setVirtualButton(pad, 2, true); });
    QTRY_VERIFY_WITH_TIMEOUT(light->property("lit").toBool(), 5000);
    QCOMPARE(child<QLabel>("pilotButton1")->property("lit").toBool(), false);

    // MANUAL_CONTROL to the PX4 stand-in at its rate; PX4's verdict (the stand-in's
    // COM_RC_IN_MODE is 1: it takes the sticks).
    auto *manual = child<QLabel>("pilotManualControlLabel");
    QTRY_VERIFY_WITH_TIMEOUT(manual->property("hz").toDouble() > 5.0, 15000);
    QVERIFY(manual->text().contains(QLatin1String("MANUAL_CONTROL")));
    QTRY_COMPARE_WITH_TIMEOUT(child<QLabel>("pilotPx4VerdictLabel")->property("rcInMode").toInt(),
                              1, 15000);
    QVERIFY(child<QLabel>("pilotPx4VerdictLabel")->text().contains(QLatin1String("takes")));

    // The set-up hook.
    QSignalSpy setup(qobject_cast<PilotPanel *>(m_window->panel(QStringLiteral("pilotPanel"))),
                     &PilotPanel::setupRequested);
    QTest::mouseClick(child<QPushButton>("pilotSetupButton"), Qt::LeftButton);
    QCOMPARE(setup.count(), 1);
    // ... opens the set-up wizard (closed again: Cancel keeps the mapping).
    auto *wizard = m_window->findChild<QDialog *>(QStringLiteral("pilotSetupDialog"));
    QVERIFY(wizard && wizard->isVisible());
    wizard->close();

    // Pictures, in each language, the button still held.
    const QString dir = testpaths::binaryDir() + QStringLiteral("/screenshots");
    QDir().mkpath(dir);
    for (const char *language : {"en", "de", "zh_CN"}) {
        installTranslations(*qApp, QLatin1String(language));
        QTest::qWait(400); // two slow refreshes: texts at their live length
        QVERIFY(
            m_window->dock(QStringLiteral("pilotPanel"))
                ->grab()
                .save(dir + QStringLiteral("/pilot-panel-%1.png").arg(QLatin1String(language))));
    }
    runIn(link, [=] { link->setVirtualButton(pad, 2, false); });
    QTRY_VERIFY_WITH_TIMEOUT(!light->property("lit").toBool(), 5000);
}

void TestPilotPanel::channelMapReachesRealFlight()
{
    QVERIFY(
        start({QStringLiteral("--emulate"), QStringLiteral("flightaxis"), QStringLiteral("--pilot"),
               QStringLiteral("joystick"), QStringLiteral("--pilot-virtual")}));
    auto *rf = qobject_cast<FlightAxisEmulator *>(
        m_station->worker(QStringLiteral("emulator.flightaxis")));
    auto *fa = qobject_cast<FlightAxisLink *>(m_station->worker(QStringLiteral("flightaxis")));
    QVERIFY(rf && fa);
    auto *source = child<QLabel>("pilotRealFlightLabel");
    QTRY_COMPARE_WITH_TIMEOUT(source->property("source").toString(), QStringLiteral("pilot"),
                              15000);
    // The default map: aileron on channel 1.
    QTRY_COMPARE_WITH_TIMEOUT(rf->receivedChannels().mask, 0x0Fu, 10000);
    auto *aileron = child<QSpinBox>("pilotAileronChannel");
    QCOMPARE(aileron->value(), 1);

    // Aileron to channel 5, reversed, with the keyboard and the mouse; Apply.
    aileron->setFocus();
    for (int i = 0; i < 4; ++i)
        QTest::keyClick(aileron, Qt::Key_Up);
    QCOMPARE(aileron->value(), 5);
    auto *reverse = child<QCheckBox>("pilotAileronReverse");
    QTest::mouseClick(reverse, Qt::LeftButton, {}, QPoint(4, reverse->height() / 2));
    QVERIFY(reverse->isChecked());
    QTest::mouseClick(child<QPushButton>("pilotChannelsApply"), Qt::LeftButton);
    QCOMPARE(fa->pilotChannels().toString(), QStringLiteral("ail=5,ele=2,thr=3,rud=4,rev=ail"));

    // Roll right reaches RealFlight on channel 5, reversed: (1 − roll) / 2; channel 1 is
    // RealFlight's own again.
    input::PilotLink *link = m_link;
    const int pad = m_pad, rollAxis = m_link->flying().map.roll.axis;
    runIn(link, [=] { link->setVirtualAxis(pad, rollAxis, 0.9); });
    auto *roll = child<QProgressBar>("pilotRollBar");
    QTRY_VERIFY_WITH_TIMEOUT(roll->value() > 500, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(rf->receivedChannels().mask, 0x1Eu, 10000);
    const double stick = roll->property("stick").toDouble();
    QTRY_VERIFY_WITH_TIMEOUT(
        std::abs(rf->receivedChannels().values[4] - (1.0 - stick) / 2.0) < 0.01, 10000);
    QVERIFY(rf->receivedChannels().values[4] < 0.25);
    QTRY_VERIFY_WITH_TIMEOUT(source->property("exchanges").toDouble() > 0.0, 5000);
}

// Devices are listed (RealFlight's transmitter, the virtual pad) but the link was told to take
// another one: the Sticks line names the one it waits for and where that is chosen, never a bare
// "waiting for a device" beside a list of devices.
void TestPilotPanel::saysWhichDeviceItWaitsFor()
{
    QVERIFY(
        start({QStringLiteral("--emulate"), QStringLiteral("flightaxis"), QStringLiteral("--pilot"),
               QStringLiteral("joystick:No Such Stick"), QStringLiteral("--pilot-virtual")}));
    auto *devices = child<QLabel>("pilotDevicesLabel");
    auto *state = child<QLabel>("pilotSticksLabel");
    QTRY_VERIFY_WITH_TIMEOUT(!devices->property("devices").toStringList().isEmpty(), 15000);
    QCOMPARE(devices->property("flying").toString(), QString());
    QTRY_VERIFY2_WITH_TIMEOUT(state->text().contains(QLatin1String("No Such Stick")),
                              qPrintable(state->text()), 5000);
    QVERIFY(state->text().contains(QLatin1String("Pilot input")));
}

QTEST_MAIN(TestPilotPanel)
#include "tst_pilotpanel.moc"
