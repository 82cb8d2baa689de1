// The pilot device's set-up wizard (ui/panels/pilotsetupdialog.h) against a Station running the
// input link with virtual joysticks (--pilot joystick --pilot-virtual), driven as a person would:
// the device chosen in the list, the axes and buttons moved on the virtual device, the wizard's
// buttons clicked. What it checks is what the link hands on (pilotControls, through a QueuedSpy):
// a finished set-up saved and used at once and after a restart from the same file; the device
// unused while the wizard runs and its old mapping back after Cancel; a device never calibrated
// kept unused after Cancel; a stick and a throttle quadrant making one set of controls; a 3-axis
// device with the stick-mode preset. A screenshot of the wizard lands in
// <build>/screenshots/pilot-setup-dialog.png for the docs.
#include "core/post.h"
#include "input/pilotlink.h"
#include "input/pilotmap.h"
#include "links/builtin.h"
#include "queuedspy.h"
#include "station/options.h"
#include "station/station.h"
#include "testpaths.h"
#include "ui/panels/pilotsetupdialog.h"

#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>

using namespace hil;

namespace {

/// A Station with the input link, its link, and every controls sample it hands on.
struct Rig
{
    LinkRegistry reg = links::builtinLinks(); ///< the Station keeps a reference to it
    std::unique_ptr<Station> station;
    input::PilotLink *link = nullptr;
    std::unique_ptr<QueuedSpy> spy;

    bool start(const QStringList &args, const QString &logDir)
    {
        ParseResult r = parseCommandLine(
            QStringList{QStringLiteral("hilstation"), QStringLiteral("--pilot"),
                        QStringLiteral("joystick"), QStringLiteral("--pilot-virtual")} +
                args,
            reg);
        if (r.action != ParseResult::Run) {
            qWarning("%s", qPrintable(r.message));
            return false;
        }
        r.options.logDir = logDir;
        station = std::make_unique<Station>(r.options, reg);
        QString error;
        if (!station->start(&error)) {
            qWarning("%s", qPrintable(error));
            return false;
        }
        link = qobject_cast<input::PilotLink *>(station->worker(QStringLiteral("pilot")));
        if (!link)
            return false;
        spy = std::make_unique<QueuedSpy>(link, &input::PilotLink::pilotControls);
        return true;
    }
    ~Rig()
    {
        spy.reset();
        if (station)
            station->stop();
    }

    /// Attaches a virtual joystick (not a gamepad); its instance id.
    int attach(const QString &name, int axes, int buttons)
    {
        int id = -1;
        runIn(link, [&] { id = link->attachVirtual(name, axes, buttons, false); });
        return id;
    }
    /// The GUID the link lists the device by (waits for it to be listed).
    QString guid(const QString &name) const
    {
        QDeadlineTimer deadline(10000);
        while (!deadline.hasExpired()) {
            for (const input::PilotDeviceInfo &d : link->devices())
                if (d.name == name)
                    return d.id;
            QTest::qWait(10);
        }
        return {};
    }
    void axis(int id, int a, double v)
    {
        runIn(link, [&] { link->setVirtualAxis(id, a, v); });
    }
    void button(int id, int b, bool down)
    {
        runIn(link, [&] { link->setVirtualButton(id, b, down); });
    }
    PilotControls last() const
    {
        return spy->isEmpty() ? PilotControls{} : spy->last().first().value<PilotControls>();
    }
    /// Every emission the link made so far has reached the spy: the device has been read twice
    /// more since now (each read stores its sample before it hands on the controls).
    void settle(const QString &guid)
    {
        const auto seq = [&] {
            const auto s = link->latestSample(guid);
            return s ? s->sequence : 0;
        };
        const std::uint64_t from = seq();
        QDeadlineTimer deadline(10000);
        while (seq() < from + 2 && !deadline.hasExpired())
            QTest::qWait(5);
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
    }
};

QPushButton *button(QDialog *d, const char *name)
{
    return d->findChild<QPushButton *>(QLatin1String(name));
}

void click(QDialog *d, const char *name)
{
    QPushButton *b = button(d, name);
    QVERIFY2(b && b->isVisible() && b->isEnabled(), name);
    QTest::mouseClick(b, Qt::LeftButton);
}

/// Moves a virtual axis and waits until the wizard has read it.
bool move(Rig &rig, PilotSetupDialog &d, int id, int a, double v)
{
    rig.axis(id, a, v);
    QDeadlineTimer deadline(10000);
    while (!deadline.hasExpired()) {
        const auto &axes = d.liveAxes();
        if (std::size_t(a) < axes.size() && std::abs(axes[std::size_t(a)] - v) < 0.01)
            return true;
        QTest::qWait(5);
    }
    return false;
}

/// What one control step of the wizard does: an axis moved to `to` and back to `rest`, or
/// Skip (axis −1).
struct Step
{
    int axis = -1;
    double to = 1.0, rest = 0.0;
};

/// Runs the wizard on a device from the choice to the last page (not Finish): rest values for
/// the centre step, each axis to both ends, the four control steps, no dead-band or expo, and
/// the STOP button (−1: every button step skipped).
void runWizard(Rig &rig, PilotSetupDialog &d, const QString &guid, int id,
               const std::vector<double> &rest, const Step (&steps)[4], int stopButton,
               const QString &shot = {})
{
    auto *combo = d.findChild<QComboBox *>(QStringLiteral("pilotDeviceCombo"));
    QVERIFY(combo);
    QTRY_VERIFY_WITH_TIMEOUT(combo->findData(guid) >= 0, 10000);
    combo->setCurrentIndex(combo->findData(guid));
    click(&d, "pilotNextButton");
    QCOMPARE(d.page(), int(PilotSetupDialog::PageCentre));
    for (std::size_t a = 0; a < rest.size(); ++a)
        QVERIFY(move(rig, d, id, int(a), rest[a]));
    QTRY_VERIFY_WITH_TIMEOUT(button(&d, "pilotNextButton")->isEnabled(), 10000);
    click(&d, "pilotNextButton");
    QCOMPARE(d.page(), int(PilotSetupDialog::PageEnds));
    for (std::size_t a = 0; a < rest.size(); ++a) {
        QVERIFY(move(rig, d, id, int(a), -1.0));
        QVERIFY(move(rig, d, id, int(a), 1.0));
        QVERIFY(move(rig, d, id, int(a), rest[a]));
    }
    click(&d, "pilotNextButton");
    for (const Step &s : steps) {
        QCOMPARE(d.page(), int(PilotSetupDialog::PageAxes));
        if (s.axis < 0) {
            click(&d, "pilotSkipButton");
            continue;
        }
        rig.axis(id, s.axis, s.to);
        QTRY_COMPARE_WITH_TIMEOUT(d.found(), s.axis, 10000);
        // The operator reads axes numbered from 1, as in the Pilot panel and the docs.
        auto *found = d.findChild<QLabel *>(QStringLiteral("pilotAxisFound"));
        QTRY_VERIFY2(found->text().contains(QStringLiteral("axis %1").arg(s.axis + 1)),
                     qPrintable(found->text()));
        QVERIFY(move(rig, d, id, s.axis, s.rest));
        if (!shot.isEmpty() && &s == &steps[1]) {
            QDir().mkpath(testpaths::binaryDir() + QStringLiteral("/screenshots"));
            QVERIFY(
                d.grab()
                    .toImage()
                    .convertToFormat(QImage::Format_Indexed8, Qt::ThresholdDither | Qt::AvoidDither)
                    .save(shot));
        }
        click(&d, "pilotNextButton");
    }
    QCOMPARE(d.page(), int(PilotSetupDialog::PageTuning));
    d.findChild<QDoubleSpinBox *>(QStringLiteral("pilotDeadbandSpin"))->setValue(0.0);
    d.findChild<QDoubleSpinBox *>(QStringLiteral("pilotExpoSpin"))->setValue(0.0);
    click(&d, "pilotNextButton");
    QCOMPARE(d.page(), int(PilotSetupDialog::PageButtons));
    if (stopButton >= 0) {
        rig.button(id, stopButton, true);
        QTRY_COMPARE_WITH_TIMEOUT(d.found(), stopButton, 10000);
        rig.button(id, stopButton, false);
        click(&d, "pilotNextButton");
    }
    while (d.page() == PilotSetupDialog::PageButtons)
        click(&d, "pilotSkipButton");
    QCOMPARE(d.page(), int(PilotSetupDialog::PageDone));
}

// Not "near": Windows' headers define near and far as macros.
bool closeTo(double a, double b)
{
    return std::abs(a - b) < 0.01;
}

const QByteArray kEmptyMap = R"({"format": "hilstation-pilot-map", "version": 1, "devices": {}})";

bool writeFile(const QString &path, const QByteArray &text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestPilotSetup : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        // The default map file in a test folder of its own, never the user's.
        QStandardPaths::setTestModeEnabled(true);
        QFile::remove(input::defaultPilotMapPath());
    }
    void cleanupTestCase() { QFile::remove(input::defaultPilotMapPath()); }

    /// (a) Finished and saved in the default file (no --pilot-map), used at once, and a new
    /// Station on the same file maps the device the same way.
    void finishedSavedAndRestarted()
    {
        QTemporaryDir dir;
        const QString name = QStringLiteral("wizard stick");
        const auto check = [&](Rig &rig, int id, const QString &guid) {
            rig.axis(id, 0, -0.5); // pitch forward (reversed)
            rig.axis(id, 1, 0.5);  // roll right
            rig.axis(id, 2, 0.0);  // throttle half
            rig.axis(id, 3, -1.0); // yaw right (reversed)
            rig.button(id, 2, true);
            rig.settle(guid);
            QTRY_VERIFY_WITH_TIMEOUT(rig.last().active && closeTo(rig.last().roll, 0.5), 10000);
            const PilotControls c = rig.last();
            QVERIFY2(closeTo(c.pitch, 0.5), qPrintable(QString::number(c.pitch)));
            QVERIFY2(closeTo(c.yaw, 1.0), qPrintable(QString::number(c.yaw)));
            QVERIFY2(closeTo(c.throttle, 0.5), qPrintable(QString::number(c.throttle)));
            QVERIFY(c.held & PilotStop);
            QVERIFY(c.stopMapped);
            rig.button(id, 2, false);
        };
        QString guid;
        {
            Rig rig;
            QVERIFY(rig.start({}, dir.path()));
            const int id = rig.attach(name, 4, 4);
            QVERIFY(id >= 0);
            guid = rig.guid(name);
            QVERIFY(!guid.isEmpty());
            rig.axis(id, 2, -1.0); // the throttle rests at idle
            PilotSetupDialog d(rig.station.get());
            QCOMPARE(d.mapPath(), input::defaultPilotMapPath());
            d.show();
            const Step steps[4] = {{1, 1.0, 0.0}, {0, -1.0, 0.0}, {3, -1.0, 0.0}, {2, 1.0, -1.0}};
            runWizard(rig, d, guid, id, {0.0, 0.0, -1.0, 0.0}, steps, 2,
                      testpaths::binaryDir() +
                          QStringLiteral("/screenshots/pilot-setup-dialog.png"));
            if (QTest::currentTestFailed())
                return;
            click(&d, "pilotFinishButton");
            QVERIFY(QFile::exists(input::defaultPilotMapPath()));
            check(rig, id, guid);
        }
        Rig again; // the restart: a new Station and link on the same (default) file
        QVERIFY(again.start({}, dir.path()));
        const int id = again.attach(name, 4, 4);
        QCOMPARE(again.guid(name), guid);
        check(again, id, guid);
    }

    /// (b) Cancel half-way: the device is unused while the wizard runs, its old mapping and the
    /// file are back afterwards; a device never calibrated stays unused after Cancel.
    void cancelledHalfWay()
    {
        QTemporaryDir dir;
        const QString name = QStringLiteral("calibrated stick");
        const QString mapPath = dir.filePath(QStringLiteral("pilot.json"));
        QVERIFY(writeFile(mapPath, kEmptyMap));
        QString guid;
        {
            // The GUID first (a virtual device's is made from its name and kind).
            Rig probe;
            QVERIFY(probe.start({QStringLiteral("--pilot-map"), mapPath}, dir.path()));
            probe.attach(name, 4, 4);
            guid = probe.guid(name);
        }
        const QByteArray map = QStringLiteral(
                                   R"({"format": "hilstation-pilot-map", "version": 1,
            "devices": {"%1": {"axes": {"roll": {"axis": 0}, "pitch": {"axis": 1}}}}})")
                                   .arg(guid)
                                   .toUtf8();
        QVERIFY(writeFile(mapPath, map));
        Rig rig;
        QVERIFY(rig.start({QStringLiteral("--pilot-map"), mapPath}, dir.path()));
        const int id = rig.attach(name, 4, 4);
        rig.axis(id, 0, 0.5);
        QTRY_VERIFY_WITH_TIMEOUT(rig.last().active && closeTo(rig.last().roll, 0.5), 10000);

        PilotSetupDialog d(rig.station.get());
        d.show();
        auto *combo = d.findChild<QComboBox *>(QStringLiteral("pilotDeviceCombo"));
        QTRY_VERIFY_WITH_TIMEOUT(combo->findData(guid) >= 0, 10000);
        combo->setCurrentIndex(combo->findData(guid));
        click(&d, "pilotNextButton");
        QTRY_VERIFY_WITH_TIMEOUT(!rig.last().active, 10000);
        const qsizetype held = rig.spy->size();
        QVERIFY(move(rig, d, id, 0, 0.0));
        click(&d, "pilotNextButton");      // centred
        QVERIFY(move(rig, d, id, 1, 1.0)); // half-way through the range step
        rig.settle(guid);
        QCOMPARE(rig.spy->size(), held); // nothing handed on while it is being set up
        click(&d, "pilotCancelButton");
        QVERIFY(!d.isVisible());
        QCOMPARE(readFile(mapPath), map);
        rig.axis(id, 0, -0.5);
        QTRY_VERIFY_WITH_TIMEOUT(rig.last().active && closeTo(rig.last().roll, -0.5), 10000);
        QVERIFY(closeTo(rig.last().pitch, 1.0)); // the old mapping: pitch on axis 1, not reversed

        // A second device, never calibrated (the file has no entry for it): Cancel keeps it out
        // of use, and with it the controls.
        QStringList heldEvents;
        connect(rig.station.get(), &Station::eventRaised, this, [&heldEvents](const Event &e) {
            if (e.id == QLatin1String("pilot.device_not_calibrated"))
                heldEvents << e.text;
        });
        const QString rawName = QStringLiteral("new stick");
        const int rawId = rig.attach(rawName, 3, 2);
        const QString rawGuid = rig.guid(rawName);
        PilotSetupDialog d2(rig.station.get());
        d2.show();
        auto *combo2 = d2.findChild<QComboBox *>(QStringLiteral("pilotDeviceCombo"));
        QTRY_VERIFY_WITH_TIMEOUT(combo2->findData(rawGuid) >= 0, 10000);
        combo2->setCurrentIndex(combo2->findData(rawGuid));
        click(&d2, "pilotNextButton");
        QVERIFY(move(rig, d2, rawId, 0, 0.3));
        QTRY_VERIFY_WITH_TIMEOUT(!rig.last().active, 10000);
        d2.close(); // the window's close box: as Cancel
        rig.axis(id, 0, 0.25);
        rig.settle(guid);
        rig.settle(guid);
        QVERIFY(!rig.last().active);
        QCOMPARE(readFile(mapPath), map);
        QTRY_COMPARE_WITH_TIMEOUT(heldEvents.size(), 1, 10000); // it says why, once
        QVERIFY2(heldEvents.first().contains(rawGuid) &&
                     heldEvents.first().contains(QLatin1String("calibration")),
                 qPrintable(heldEvents.first()));
    }

    /// (c, d) A 3-axis stick for roll, pitch and yaw and a 7-axis throttle quadrant, each set up
    /// in turn: one set of controls from both.
    void stickAndQuadrant()
    {
        QTemporaryDir dir;
        const QString mapPath = dir.filePath(QStringLiteral("pilot.json"));
        QVERIFY(writeFile(mapPath, kEmptyMap));
        const auto check = [](Rig &r, int stickId, int quadId, const QString &stickId_) {
            r.axis(stickId, 0, 0.5);
            r.axis(stickId, 1, -0.25);
            r.axis(stickId, 2, 0.75);
            r.axis(quadId, 5, 0.0);
            r.button(stickId, 1, true);
            QTRY_VERIFY_WITH_TIMEOUT(r.last().active && closeTo(r.last().throttle, 0.5) &&
                                         closeTo(r.last().roll, 0.5),
                                     10000);
            r.settle(stickId_);
            const PilotControls c = r.last();
            QVERIFY2(closeTo(c.roll, 0.5), qPrintable(QString::number(c.roll)));
            QVERIFY2(closeTo(c.pitch, 0.25), qPrintable(QString::number(c.pitch)));
            QVERIFY2(closeTo(c.yaw, 0.75), qPrintable(QString::number(c.yaw)));
            QVERIFY(closeTo(c.throttle, 0.5));
            QVERIFY(c.held & PilotStop);
            QCOMPARE(c.deviceId, stickId_);
        };
        QString stickGuid, quadGuid;
        {
            Rig rig;
            QVERIFY(rig.start({QStringLiteral("--pilot-map"), mapPath}, dir.path()));
            const int stick = rig.attach(QStringLiteral("three axis stick"), 3, 2);
            stickGuid = rig.guid(QStringLiteral("three axis stick"));
            const int quad = rig.attach(QStringLiteral("throttle quadrant"), 7, 3);
            quadGuid = rig.guid(QStringLiteral("throttle quadrant"));
            QVERIFY(stickGuid != quadGuid);
            {
                PilotSetupDialog d(rig.station.get());
                d.show();
                const Step steps[4] = {{0, 1.0, 0.0}, {1, -1.0, 0.0}, {2, 1.0, 0.0}, {}};
                runWizard(rig, d, stickGuid, stick, {0.0, 0.0, 0.0}, steps, 1);
                if (QTest::currentTestFailed())
                    return;
                click(&d, "pilotFinishButton");
            }
            {
                PilotSetupDialog d(rig.station.get());
                d.show();
                const Step steps[4] = {{}, {}, {}, {5, 1.0, -1.0}};
                runWizard(rig, d, quadGuid, quad, {0, 0, 0, 0, 0, -1.0, 0}, steps, -1);
                if (QTest::currentTestFailed())
                    return;
                click(&d, "pilotFinishButton");
            }
            check(rig, stick, quad, stickGuid);
            if (QTest::currentTestFailed())
                return;
        } // SDL's devices are the process's: the first Station's go with it
        // After a restart both are opened from the file alone (no wizard held the quadrant).
        Rig again;
        QVERIFY(again.start({QStringLiteral("--pilot-map"), mapPath}, dir.path()));
        const int stick2 = again.attach(QStringLiteral("three axis stick"), 3, 2);
        QCOMPARE(again.guid(QStringLiteral("three axis stick")), stickGuid);
        const int quad2 = again.attach(QStringLiteral("throttle quadrant"), 7, 3);
        check(again, stick2, quad2, stickGuid);
        if (QTest::currentTestFailed())
            return;
        // The quadrant unplugged: its throttle is left out (idle); plugged in again, it is back.
        runIn(again.link, [&] { again.link->detachVirtual(quad2); });
        QTRY_VERIFY2_WITH_TIMEOUT(again.last().active && again.last().throttle == 0.0,
                                  qPrintable(QStringLiteral("active %1 throttle %2")
                                                 .arg(again.last().active)
                                                 .arg(again.last().throttle)),
                                  10000);
        const int quad3 = again.attach(QStringLiteral("throttle quadrant"), 7, 3);
        check(again, stick2, quad3, stickGuid);
    }

    /// (d) A 3-axis device through the mode-2 preset: the axes it has are mapped, pitch (axis 3
    /// in the preset) is not.
    void threeAxisPreset()
    {
        QTemporaryDir dir;
        const QString mapPath = dir.filePath(QStringLiteral("pilot.json"));
        QVERIFY(writeFile(mapPath, kEmptyMap));
        Rig rig;
        QVERIFY(rig.start({QStringLiteral("--pilot-map"), mapPath}, dir.path()));
        const QString name = QStringLiteral("small pad");
        const int id = rig.attach(name, 3, 1);
        const QString guid = rig.guid(name);
        PilotSetupDialog d(rig.station.get());
        d.show();
        auto *combo = d.findChild<QComboBox *>(QStringLiteral("pilotDeviceCombo"));
        QTRY_VERIFY_WITH_TIMEOUT(combo->findData(guid) >= 0, 10000);
        combo->setCurrentIndex(combo->findData(guid));
        click(&d, "pilotNextButton");
        QTRY_VERIFY_WITH_TIMEOUT(button(&d, "pilotNextButton")->isEnabled(), 10000);
        click(&d, "pilotNextButton"); // centred
        for (int a = 0; a < 3; ++a) {
            QVERIFY(move(rig, d, id, a, -1.0));
            QVERIFY(move(rig, d, id, a, 1.0));
            QVERIFY(move(rig, d, id, a, 0.0));
        }
        click(&d, "pilotNextButton");
        click(&d, "pilotMode2Button");
        QCOMPARE(d.page(), int(PilotSetupDialog::PageTuning));
        d.findChild<QDoubleSpinBox *>(QStringLiteral("pilotDeadbandSpin"))->setValue(0.0);
        click(&d, "pilotNextButton");
        while (d.page() == PilotSetupDialog::PageButtons)
            click(&d, "pilotSkipButton");
        click(&d, "pilotFinishButton");
        rig.axis(id, 2, 0.5);  // right X: roll
        rig.axis(id, 1, -1.0); // left Y pushed away: full throttle
        rig.axis(id, 0, 0.25); // left X: yaw
        // The three moves may be read by two polls: waited for together, yaw last set.
        QTRY_VERIFY_WITH_TIMEOUT(rig.last().active && closeTo(rig.last().roll, 0.5) &&
                                     closeTo(rig.last().throttle, 1.0) &&
                                     closeTo(rig.last().yaw, 0.25),
                                 10000);
        QCOMPARE(rig.last().pitch, 0.0);
        QString error;
        const auto saved = input::readPilotMap(mapPath, &error);
        QVERIFY(saved && saved->find(guid));
        QCOMPARE(saved->find(guid)->pitch.axis, -1);
    }
};

QTEST_MAIN(TestPilotSetup)
#include "tst_pilotsetup.moc"
