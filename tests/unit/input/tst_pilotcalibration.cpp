// The pilot set-up wizard's calibration (lib/input/pilotcalibration.h) without a window: synthetic
// raw samples fed over the wizard's steps as a person would make them, and the mapping it
// produces checked. A full run (a centre off zero, ends short of ±1, a reversed axis, a noisy
// slider that never counts, an axis already taken, buttons held across steps); the axis that
// moved most and its first direction; the calibration's rounding and centring; Back and Skip; the
// stick-mode presets on a 3-axis device; the feel of a saved mapping; a device that changes its
// number of axes.
#include "input/pilotcalibration.h"
#include "input/pilotmap.h"

#include <QJsonDocument>
#include <QtTest>

using namespace hil;
using namespace hil::input;

namespace {

using Step = PilotCalibration::Step;

/// A device's state as the wizard reads it: raw axes and held buttons, one sample per feed.
struct Device
{
    explicit Device(PilotCalibration &c) : cal(c) {}

    PilotCalibration &cal;
    std::vector<double> axes;
    std::uint64_t buttons = 0;
    std::uint64_t sequence = 0;

    /// Feeds the device as it is now; true when the step found its axis or button.
    bool feed()
    {
        PilotSample s;
        s.deviceId = QStringLiteral("0300000000000000deadbeef00000000");
        s.axes = axes;
        s.buttons = buttons;
        s.sequence = ++sequence;
        return cal.feed(s);
    }
    /// Moves one axis to `to` in `steps` samples (the link reads a moving stick many times).
    bool move(std::size_t axis, double to, int steps = 4)
    {
        const double from = axes[axis];
        bool found = false;
        for (int i = 1; i <= steps; ++i) {
            axes[axis] = from + (to - from) * i / steps;
            found = feed() || found;
        }
        return found;
    }
    void press(int button, bool down)
    {
        if (down)
            buttons |= std::uint64_t(1) << unsigned(button);
        else
            buttons &= ~(std::uint64_t(1) << unsigned(button));
    }
};

/// Each axis to both ends and back to where it was (the Ends step).
void sweep(Device &d, std::size_t axis, double low = -1.0, double high = 1.0)
{
    const double rest = d.axes[axis];
    d.move(axis, low);
    d.move(axis, high);
    d.move(axis, rest);
}

void compareAxis(const AxisMap &a, int axis, bool reverse, double min, double center, double max)
{
    QCOMPARE(a.axis, axis);
    QCOMPARE(a.reverse, reverse);
    QCOMPARE(a.min, min);
    QCOMPARE(a.center, center);
    QCOMPARE(a.max, max);
}

/// Centre at `rest`, every axis swept to both ends: the calibration on the Axes step.
void centreAndEnds(PilotCalibration &cal, Device &d, const std::vector<double> &rest)
{
    cal.start(QStringLiteral("pad"));
    d.axes = rest;
    d.feed();
    cal.next();
    for (std::size_t a = 0; a < rest.size(); ++a)
        sweep(d, a);
    cal.next();
    QCOMPARE(cal.step(), Step::Axes);
}

} // namespace

class TestPilotCalibration : public QObject
{
    Q_OBJECT
private slots:
    /// A whole run on a 5-axis stick: roll on 0, pitch on 1 (forward reads −1: reversed), the
    /// throttle on 2 (rests at idle, −1), yaw on 3, and axis 4 a worn slider that jitters by
    /// ±0.2 throughout. STOP on button 3, the enabling button 5, arm on button 0 (held before
    /// its step, so counted only once released and pressed anew); the other actions skipped.
    void fullRun()
    {
        PilotCalibration cal;
        Device d{cal};
        QCOMPARE(cal.step(), Step::Device);
        cal.start(QStringLiteral("five axis stick"));
        QCOMPARE(cal.step(), Step::Centre);
        QVERIFY(!cal.haveSample());

        // Centre: the sticks let go; the newest sample at Next is the centre.
        d.axes = {0.3, 0.2, -1.0, -0.1, 0.3};
        d.feed();
        QVERIFY(cal.haveSample());
        d.axes = {0.02, -0.01, -1.0, 0.0, 0.1};
        d.feed();
        cal.next();
        QCOMPARE(cal.step(), Step::Ends);
        QCOMPARE(cal.center(), d.axes);
        QCOMPARE(cal.axesNotMoved(), (std::vector<int>{0, 1, 2, 3, 4}));

        // Ends: each axis to both ends; pitch's ends short of ±1 and yaw's a hair short (rounded
        // to 1e-4: −1). The slider only jitters.
        const auto jitter = [&d](int i) { d.axes[4] = i % 2 ? 0.3 : -0.1; };
        sweep(d, 0);
        jitter(1);
        sweep(d, 1, -0.98004, 0.97);
        jitter(2);
        sweep(d, 2, -1.0, 1.0);
        sweep(d, 3, -0.99999, 1.0);
        jitter(3);
        d.feed();
        QCOMPARE(cal.axesNotMoved(), std::vector<int>{4});
        d.axes[4] = 0.1;
        d.feed();
        cal.next();
        QCOMPARE(cal.step(), Step::Axes);

        // Roll right: the slider's jitter (0.2 from where it was) is no move; axis 0 is, and its
        // direction stays as first seen when it swings back past its centre.
        QCOMPARE(cal.axisStep(), int(PilotCalibration::Roll));
        for (int i = 0; i < 10; ++i) {
            jitter(i);
            QVERIFY(!d.feed());
        }
        QCOMPARE(cal.found(), -1);
        QVERIFY(d.move(0, 1.0));
        QCOMPARE(cal.found(), 0);
        QVERIFY(!cal.foundReversed());
        QVERIFY(!d.move(0, -1.0));
        QCOMPARE(cal.found(), 0);
        QVERIFY(!cal.foundReversed());
        cal.next();

        // Pitch forward, the roll stick dragged along further (it starts this step at −1): roll
        // has its control already, so pitch is axis 1, reversed.
        QCOMPARE(cal.axisStep(), int(PilotCalibration::Pitch));
        d.axes[0] = 1.0;
        d.axes[1] = -0.98;
        QVERIFY(d.feed());
        QCOMPARE(cal.found(), 1);
        QVERIFY(cal.foundReversed());
        d.axes[0] = 0.02;
        d.move(1, -0.01);
        cal.next();

        // Yaw right; the throttle from idle to full.
        QCOMPARE(cal.axisStep(), int(PilotCalibration::Yaw));
        QVERIFY(d.move(3, 1.0));
        QCOMPARE(cal.found(), 3);
        d.move(3, 0.0);
        cal.next();
        QCOMPARE(cal.axisStep(), int(PilotCalibration::Throttle));
        jitter(5);
        QVERIFY(d.move(2, 1.0));
        QCOMPARE(cal.found(), 2);
        QVERIFY(!cal.foundReversed());
        cal.next();
        QCOMPARE(cal.step(), Step::Feel);

        cal.setFeel({0.05, 0.3, 0.02});
        d.press(0, true); // held before the Buttons steps begin
        d.feed();
        cal.next();
        QCOMPARE(cal.step(), Step::Buttons);

        // STOP: button 0, held since before the step, does not count; button 3 does.
        QCOMPARE(PilotCalibration::kButtonActions[std::size_t(cal.buttonStep())],
                 std::uint32_t(PilotStop));
        QVERIFY(!d.feed());
        d.press(3, true);
        QVERIFY(d.feed());
        QCOMPARE(cal.found(), 3);
        d.press(3, false);
        d.feed();
        cal.next();
        // Enabling: button 5 (the lowest pressed since the step began).
        QCOMPARE(PilotCalibration::kButtonActions[std::size_t(cal.buttonStep())], 0u);
        d.press(5, true);
        d.press(7, true);
        QVERIFY(d.feed());
        QCOMPARE(cal.found(), 5);
        d.press(5, false);
        d.press(7, false);
        d.feed();
        cal.next();
        // Arm: button 0, still held, counts once released and pressed anew.
        QCOMPARE(PilotCalibration::kButtonActions[std::size_t(cal.buttonStep())],
                 std::uint32_t(PilotArm));
        QVERIFY(!d.feed());
        d.press(0, false);
        QVERIFY(!d.feed());
        d.press(0, true);
        QVERIFY(d.feed());
        QCOMPARE(cal.found(), 0);
        cal.next();
        while (cal.step() == Step::Buttons)
            cal.skip();
        QCOMPARE(cal.step(), Step::Done);

        const DeviceMap m = cal.mapping();
        QCOMPARE(m.name, QStringLiteral("five axis stick"));
        QVERIFY(m.axesGiven);
        compareAxis(m.roll, 0, false, -1.0, 0.02, 1.0);
        compareAxis(m.pitch, 1, true, -0.98, -0.01, 0.97);
        compareAxis(m.yaw, 3, false, -1.0, 0.0, 1.0);
        // The throttle is not centred: it rests at idle, its measured min.
        compareAxis(m.throttle, 2, false, -1.0, -1.0, 1.0);
        for (const AxisMap *a : {&m.roll, &m.pitch, &m.yaw}) {
            QCOMPARE(a->deadband, 0.05);
            QCOMPARE(a->expo, 0.3);
        }
        QCOMPARE(m.throttle.deadband, 0.02);
        QCOMPARE(m.throttle.expo, 0.0);
        QCOMPARE(m.buttons.size(), std::size_t(2));
        QCOMPARE(m.buttons[0].button, 3);
        QCOMPARE(m.buttons[0].action, PilotStop);
        QCOMPARE(m.buttons[1].button, 0);
        QCOMPARE(m.buttons[1].action, PilotArm);
        QCOMPARE(m.enablingButton, 5);

        // What the link makes of it: pitch full forward is +1, the throttle at idle 0, full 1.
        QCOMPARE(PilotMapper::stick(m.pitch, {0.0, -0.98, 0.0, 0.0, 0.1}), 1.0);
        QCOMPARE(PilotMapper::throttle(m.throttle, {0.0, 0.0, -1.0, 0.0, 0.1}), 0.0);
        QCOMPARE(PilotMapper::throttle(m.throttle, {0.0, 0.0, 1.0, 0.0, 0.1}), 1.0);

        // The map file takes it and gives the same mapping back.
        PilotMapFile file;
        file.devices[QStringLiteral("0300000000000000deadbeef00000000")] = m;
        QString error;
        const auto read = parsePilotMap(QJsonDocument(pilotMapJson(file)).toJson(), &error);
        QVERIFY2(read, qPrintable(error));
        const DeviceMap back = *read->find(QStringLiteral("0300000000000000DEADBEEF00000000"));
        compareAxis(back.pitch, 1, true, -0.98, -0.01, 0.97);
        compareAxis(back.throttle, 2, false, -1.0, -1.0, 1.0);
        QCOMPARE(back.enablingButton, 5);
        QCOMPARE(back.buttons.size(), std::size_t(2));
    }

    /// Several axes past the threshold (0.5 from where the step began): the one that moved most
    /// is taken, and stays taken, direction and all, whatever moves afterwards.
    void mostMovedAxisWins()
    {
        PilotCalibration cal;
        Device d{cal};
        centreAndEnds(cal, d, {0.0, 0.0, 0.0});
        d.axes = {0.45, -0.45, 0.0};
        QVERIFY(!d.feed()); // short of the threshold
        d.axes = {0.6, -0.8, 0.55};
        QVERIFY(d.feed());
        QCOMPARE(cal.found(), 1);
        QVERIFY(cal.foundReversed());
        d.axes = {1.0, 0.0, 1.0};
        QVERIFY(!d.feed());
        QCOMPARE(cal.found(), 1);
        QVERIFY(cal.foundReversed());
        cal.next();
        QCOMPARE(cal.control(PilotCalibration::Roll).axis, 1);
        QVERIFY(cal.control(PilotCalibration::Roll).reverse);
    }

    /// calibrated(): ends and centre rounded to 1e-4; an axis moved less than half its travel
    /// keeps the full raw range; a stick's centre near an end is put between the ends (the file
    /// requires min < center < max), a throttle's is not; an axis the device lacks, the defaults.
    void calibration()
    {
        PilotCalibration cal;
        Device d{cal};
        cal.start(QStringLiteral("pad"));
        d.axes = {0.123456, 0.97, 0.1, 0.0};
        d.feed();
        cal.next();
        sweep(d, 0, -0.987649, 0.970061);
        sweep(d, 1);
        sweep(d, 2, -0.1, 0.3); // 0.4 of travel: not moved
        sweep(d, 3, -0.2, 0.9); // a lopsided range: the centre stays where it was measured
        compareAxis(cal.calibrated(0, true), 0, false, -0.9876, 0.1235, 0.9701);
        compareAxis(cal.calibrated(1, true), 1, false, -1.0, 0.0, 1.0); // centre 0.97: too near
        compareAxis(cal.calibrated(1, false), 1, false, -1.0, 0.97, 1.0);
        compareAxis(cal.calibrated(2, true), 2, false, -1.0, 0.1, 1.0);
        compareAxis(cal.calibrated(3, true), 3, false, -0.2, 0.0, 0.9);
        compareAxis(cal.calibrated(7, true), 7, false, -1.0, 0.0, 1.0);
        QCOMPARE(cal.axesNotMoved(), std::vector<int>{2});
    }

    /// Back forgets what the step found (the same step again) or, with nothing found, goes one
    /// step back and forgets the control or the buttons; Skip leaves a control unmapped.
    void backAndSkip()
    {
        PilotCalibration cal;
        Device d{cal};
        centreAndEnds(cal, d, {0.0, 0.0, 0.0, 0.0});
        QVERIFY(d.move(0, 1.0));
        d.move(0, 0.0);
        cal.back(); // found: the same step again
        QCOMPARE(cal.step(), Step::Axes);
        QCOMPARE(cal.axisStep(), int(PilotCalibration::Roll));
        QCOMPARE(cal.found(), -1);
        QVERIFY(d.move(2, -1.0));
        d.move(2, 0.0);
        cal.next();
        QCOMPARE(cal.control(PilotCalibration::Roll).axis, 2);
        QVERIFY(cal.control(PilotCalibration::Roll).reverse);
        cal.back(); // nothing found on pitch: back to roll, forgotten
        QCOMPARE(cal.axisStep(), int(PilotCalibration::Roll));
        QCOMPARE(cal.control(PilotCalibration::Roll).axis, -1);
        cal.back(); // and from the first control to the range
        QCOMPARE(cal.step(), Step::Ends);
        cal.next();
        QVERIFY(d.move(0, 1.0));
        d.move(0, 0.0);
        cal.next();
        cal.skip(); // pitch
        QVERIFY(d.move(1, 1.0));
        d.move(1, 0.0);
        cal.next(); // yaw on axis 1
        cal.skip(); // throttle
        QCOMPARE(cal.step(), Step::Feel);

        // Buttons: STOP found, then Back from the enabling step forgets it.
        cal.next();
        d.press(1, true);
        QVERIFY(d.feed());
        cal.next();
        cal.back();
        QCOMPARE(cal.step(), Step::Feel);
        QVERIFY(cal.mapping().buttons.empty());
        cal.next();
        d.press(1, false);
        d.feed();
        d.press(2, true);
        QVERIFY(d.feed());
        cal.next();
        while (cal.step() == Step::Buttons)
            cal.skip();
        QCOMPARE(cal.mapping().buttons.size(), std::size_t(1));
        QCOMPARE(cal.mapping().buttons[0].button, 2);
        cal.back(); // from Done: the buttons again from STOP
        QCOMPARE(cal.step(), Step::Buttons);
        QCOMPARE(cal.buttonStep(), 0);
        QVERIFY(cal.mapping().buttons.empty());

        const DeviceMap m = cal.mapping();
        QCOMPARE(m.roll.axis, 0);
        QCOMPARE(m.pitch.axis, -1);
        QCOMPARE(m.pitch.deadband, 0.0); // an unmapped control takes no feel
        QCOMPARE(m.yaw.axis, 1);
        QCOMPARE(m.throttle.axis, -1);
        QCOMPARE(m.roll.deadband, 0.03); // the default feel

        // Back from Centre: no device being set up.
        cal.start(QStringLiteral("pad"));
        cal.back();
        QCOMPARE(cal.step(), Step::Device);
    }

    /// A 3-axis gamepad-layout device through the presets: the axes it has are mapped with the
    /// preset's directions and the measured calibration; a control on an axis it lacks is not.
    /// Back from Feel is the throttle's step again, the throttle forgotten, and the wizard goes
    /// on from there (it once asked for a fifth control and wrote past the four).
    void backFromFeel()
    {
        PilotCalibration cal;
        Device d{cal};
        centreAndEnds(cal, d, {0.0, 0.0, 0.0, 0.0});
        for (int axis = 0; axis < 4; ++axis) {
            QVERIFY(d.move(axis, 1.0));
            d.move(axis, 0.0);
            cal.next();
        }
        QCOMPARE(cal.step(), Step::Feel);
        QCOMPARE(cal.control(PilotCalibration::Throttle).axis, 3);
        cal.back();
        QCOMPARE(cal.step(), Step::Axes);
        QCOMPARE(cal.axisStep(), int(PilotCalibration::Throttle));
        QCOMPARE(cal.control(PilotCalibration::Throttle).axis, -1);
        QCOMPARE(cal.control(PilotCalibration::Yaw).axis, 2); // the others kept
        cal.skip();
        QCOMPARE(cal.step(), Step::Feel);
        QCOMPARE(cal.mapping().throttle.axis, -1);
        QCOMPARE(cal.mapping().roll.axis, 0);
    }

    void presets()
    {
        for (int mode : {1, 2}) {
            PilotCalibration cal;
            Device d{cal};
            cal.start(QStringLiteral("small pad"));
            d.axes = {0.0, 0.0, 0.0};
            d.feed();
            cal.next();
            sweep(d, 0);
            sweep(d, 1, -1.0, 0.9);
            sweep(d, 2);
            cal.next();
            cal.applyPreset(mode);
            QCOMPARE(cal.step(), Step::Feel);
            const DeviceMap m = cal.mapping();
            const DeviceMap preset = defaultMap(DeviceKind::Gamepad, mode);
            compareAxis(m.yaw, 0, preset.yaw.reverse, -1.0, 0.0, 1.0);
            compareAxis(m.roll, 2, preset.roll.reverse, -1.0, 0.0, 1.0);
            const AxisMap &onAxis1 = mode == 1 ? m.pitch : m.throttle;
            const AxisMap &onAxis3 = mode == 1 ? m.throttle : m.pitch;
            QVERIFY(onAxis1.reverse); // left Y pushed away reads −1
            compareAxis(onAxis1, 1, true, -1.0, 0.0, 0.9);
            QCOMPARE(onAxis3.axis, -1);
        }
    }

    /// The feel Finish saved before: a mapped roll's dead-band and expo, a mapped throttle's
    /// dead-band; the defaults for what the saved mapping does not map.
    void feelOfSaved()
    {
        DeviceMap saved;
        saved.roll = {0, false, 0.1, 0.4};
        saved.throttle = {2, false, 0.05, 0.0};
        PilotCalibration::Feel f = PilotCalibration::feelOf(saved);
        QCOMPARE(f.stickDeadband, 0.1);
        QCOMPARE(f.stickExpo, 0.4);
        QCOMPARE(f.throttleDeadband, 0.05);
        f = PilotCalibration::feelOf(DeviceMap{});
        QCOMPARE(f.stickDeadband, 0.03);
        QCOMPARE(f.stickExpo, 0.0);
        QCOMPARE(f.throttleDeadband, 0.0);
    }

    /// A sample with another number of axes starts the range afresh (centre 0, ends the sample).
    void axisCountChanges()
    {
        PilotCalibration cal;
        Device d{cal};
        cal.start(QStringLiteral("pad"));
        d.axes = {0.2, 0.2};
        d.feed();
        cal.next();
        sweep(d, 0);
        d.axes = {0.5, 0.4, -0.3};
        d.feed();
        QCOMPARE(cal.center(), (std::vector<double>{0.0, 0.0, 0.0}));
        QCOMPARE(cal.min(), d.axes);
        QCOMPARE(cal.max(), d.axes);
        QCOMPARE(cal.axes(), d.axes);
    }
};

QTEST_GUILESS_MAIN(TestPilotCalibration)
#include "tst_pilotcalibration.moc"
