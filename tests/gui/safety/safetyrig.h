#pragma once
// SafetyRig: the rider-safety suites' rig, in the real window (offscreen, real widgets, real
// sockets on 127.0.0.1). The platform stand-in is switched on and the motion link connected from
// the Links panel at runtime (the case where STOP used to do nothing), then put in CUEING from
// the Motion panel at master gain 1. A test "simulator" feeds the motion link banked frames (roll
// angle 30°) at 100 Hz in real time, so the cues are far from neutral; a suite can level the
// aircraft (m_level) or slow its physics (m_physicsSpeed). Axis check results go to an INI file of
// the test's folder (HIL_AXIS_CHECK_STORE), never to the user's settings. GUI thread only.
//
// A suite derives from it and calls startRig() from its init() and stopRig() from its cleanup()
// (tst_safety_gui: STOP and the exits; tst_cuegates_gui: the axis check and the enabling button).
#include "core/post.h"
#include "model/clock.h"
#include "model/pilot.h"
#include "model/rotation.h"
#include "raven/ravencodec.h"
#include "raven/ravenemulator.h"
#include "raven/ravenlink.h"
#include "station/station.h"
#include "ui/mainwindow.h"
#include "ui/panels/motionpanel.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QDeadlineTimer>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>
#include <cmath>
#include <memory>
#include <thread>

namespace hiltest {

using namespace hil; // hil's names unqualified, as in the suites that use the rig

class SafetyRig : public QObject
{
protected:
    /// The suites' init(): the window, the platform from the Links panel, CUEING, cues flowing.
    void startRig()
    {
        m_level = false; // a test that failed while levelled must not level the next one
        m_physicsSpeed = 1.0;
        m_dir = std::make_unique<QTemporaryDir>();
        qputenv("HIL_AXIS_CHECK_STORE",
                m_dir->filePath(QStringLiteral("axischeck.ini")).toLocal8Bit());
        StationOptions o; // nothing on the command line: the platform comes from the Links panel
        o.logDir = m_dir->filePath(QStringLiteral("session"));
        m_station = std::make_unique<Station>(o);
        QVERIFY(m_station->start(nullptr));
        m_window = std::make_unique<MainWindow>(m_station.get(), nullptr);
        m_window->setClosesLinks(true); // as the program's window: closing it closes the links
        m_window->resize(1600, 1000);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        m_window->dock(QStringLiteral("motionPanel"))->raise();
        m_window->dock(QStringLiteral("linksPanel"))->raise();
        // The test's simulator: a level coordinated right turn, 30° bank, into the link running
        // now.
        m_feeder.setInterval(10);
        connect(&m_feeder, &QTimer::timeout, this, [this] {
            auto *link = m_station ? qobject_cast<RavenLink *>(m_station->motionLink()) : nullptr;
            if (!link)
                return;
            SimFrame f;
            f.sequence = ++m_seq;
            // Physics in real time (times m_physicsSpeed), as a simulator keeping up: a timer held
            // up by a busy machine must not look like a slowed simulation to the loop guard.
            if (!m_physicsClock.isValid())
                m_physicsClock.start();
            const double wallS = double(m_physicsClock.nsecsElapsed()) * 1e-9;
            m_physicsS += (wallS - m_lastWallS) * m_physicsSpeed;
            m_lastWallS = wallS;
            f.physicsTimeS = m_physicsS;
            const double phi = m_level ? 0.0 : degToRad(30.0);
            f.vehicle.state.pose.orientation = fromEuler({phi, 0.0, 0.0});
            f.vehicle.acceleration = {0.0, kGravityMps2 * std::tan(phi), 0.0};
            hil::postTo(link, [link, f] { link->onSimFrame(f); });
        });
        m_feeder.start();
        startPlatformFromLinksPanel();
        toCueing();
    }

    /// The suites' cleanup().
    void stopRig()
    {
        m_feeder.stop();
        m_feeder.disconnect();
        m_window.reset();
        if (m_station)
            m_station->stop();
        m_station.reset();
        m_dir.reset();
        qunsetenv("HIL_AXIS_CHECK_STORE");
    }

    RavenEmulator *emu() const
    {
        return qobject_cast<RavenEmulator *>(m_station->worker("emulator.raven"));
    }

    /// Waits until the stand-in reports `mode`.
    bool waitMode(int mode, int timeoutMs = 8000)
    {
        QDeadlineTimer deadline(timeoutMs);
        while (!deadline.hasExpired()) {
            if (emu() && emu()->mode() == mode)
                return true;
            QTest::qWait(10);
        }
        return false;
    }

    /// The Links panel's Connect / Disconnect of the platform.
    void clickConnect()
    {
        auto *connectButton =
            m_window->findChild<QAbstractButton *>(QStringLiteral("ravenConnect"));
        QVERIFY(connectButton && connectButton->isEnabled());
        QTest::mouseClick(connectButton, Qt::LeftButton);
    }

    void startPlatformFromLinksPanel()
    {
        QVERIFY(!m_station->motionLink());
        auto *emulator = m_window->findChild<QCheckBox *>(QStringLiteral("ravenEmulator"));
        QVERIFY(emulator);
        QTest::mouseClick(emulator, Qt::LeftButton, {}, QPoint(6, emulator->height() / 2));
        QTRY_VERIFY_WITH_TIMEOUT(emu() != nullptr, 5000);
        clickConnect();
        QTRY_VERIFY_WITH_TIMEOUT(m_station->motionLink() != nullptr, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(m_station->platformMode(), int(raven::ModeOff), 5000);
    }

    /// CUEING from the Motion panel (the question answered yes), master gain 1 applied.
    void toCueing()
    {
        auto *motion = qobject_cast<MotionPanel *>(m_window->panel(QStringLiteral("motionPanel")));
        QVERIFY(motion);
        motion->setConfirmHook([] { return true; }); // the operator confirms the CUEING question
        auto *cueing = m_window->findChild<QPushButton *>(QStringLiteral("modeCueingButton"));
        QVERIFY(cueing);
        QTRY_VERIFY_WITH_TIMEOUT(cueing->isEnabled() && cueing->isVisible(), 5000);
        QTest::mouseClick(cueing, Qt::LeftButton);
        QVERIFY(waitMode(raven::ModeCueing));
        QTRY_COMPARE_WITH_TIMEOUT(m_station->platformMode(), int(raven::ModeCueing), 5000);
        // The full cue, as an operator raises it from the first ride's master gain: the ramp checks
        // need a large roll angle to tell a ramp from a step.
        auto *master = m_window->findChild<QDoubleSpinBox *>(QStringLiteral("masterGainSpin"));
        auto *apply = m_window->findChild<QPushButton *>(QStringLiteral("applyCueingButton"));
        QVERIFY(master && apply);
        master->setValue(1.0);
        QTest::mouseClick(apply, Qt::LeftButton);
        // Cues are flowing and leaving neutral: the link ramps them in over 2 s. A case that needs
        // them far from neutral waits for that itself (awaitFullCue); the others run during the
        // ramp, which a STOP or an exit must handle as well as the full cue.
        QTRY_VERIFY_WITH_TIMEOUT(
            !emu()->cueHistory().empty() && emu()->cueHistory().back().words[6] > 0, 8000);
    }

    /// Until the roll cue is far from neutral (30° bank = 30000 mdeg, over 20000): what a check
    /// that tells a ramp from a step needs.
    void awaitFullCue()
    {
        QTRY_VERIFY_WITH_TIMEOUT(
            !emu()->cueHistory().empty() && emu()->cueHistory().back().words[6] > 20000, 8000);
    }

    QByteArray eventsLog() const
    {
        QFile f(m_station->sessionFolder() + QStringLiteral("/events.log"));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

    /// Sends the pilot's controls to the motion link from a thread of its own, as the input
    /// link does: straight into the link's thread, never through this (the main) one.
    void pilotFromAnotherThread(const PilotControls &controls)
    {
        auto *link = qobject_cast<RavenLink *>(m_station->motionLink());
        QVERIFY(link);
        std::thread input(
            [link, controls] { postTo(link, [link, controls] { link->onPilot(controls); }); });
        input.join();
    }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Station> m_station;
    std::unique_ptr<MainWindow> m_window;
    QTimer m_feeder;
    std::uint32_t m_seq = 0;
    QElapsedTimer m_physicsClock;
    double m_physicsS = 100.0, m_lastWallS = 0.0;
    double m_physicsSpeed = 1.0; ///< physics seconds per wall second of the test's simulator
    bool m_level = false;        ///< the simulated aircraft at rest instead of turning
};

} // namespace hiltest
