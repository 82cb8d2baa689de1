// The pilot's mapping, pure: the map file (docs/connecting.md, "The map file") read and written,
// a bad file's one-line error, the built-in defaults (RealFlight's channels, a gamepad in mode 2
// and 1, a joystick with too few axes) and the shaping (calibration, reverse, dead-band, expo).
#include "input/pilotmap.h"
#include "links/builtin.h"

#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

using namespace hil;
using namespace hil::input;

namespace {
PilotSample sample(std::vector<double> axes, std::uint64_t buttons = 0)
{
    PilotSample s;
    s.deviceId = QStringLiteral("realflight");
    s.axes = std::move(axes);
    s.buttons = buttons;
    s.monotonicNs = 42;
    s.sequence = 7;
    return s;
}

const char *kGood = R"({
  "format": "hilstation-pilot-map", "version": 1,
  "devices": {
    "03000000DEADBEEF0000000000000000": {
      "name": "a stick",
      "axes": {
        "roll": {"axis": 3, "reverse": true, "deadband": 0.1, "expo": 0.5},
        "throttle": {"axis": 0, "min": -0.8, "max": 0.8}
      },
      "buttons": [ {"button": 2, "action": "stop"}, {"button": 0, "action": "arm"} ],
      "enabling_button": 5
    },
    "realflight": { "buttons": [ {"button": 1, "action": "land"} ] },
    "0300000000000000000000000000beef": { "mode": 1 }
  }
})";
} // namespace

class TestPilotMap : public QObject
{
    Q_OBJECT
private slots:
    void realFlightDefaults()
    {
        // Channels 1 roll, 2 pitch (the InterLink's stick forward is a high value: pitch +),
        // 3 throttle (raw −1 idle), 4 yaw.
        PilotMapper m(defaultMap(DeviceKind::RealFlight));
        PilotControls c = m.map(sample({0.5, 0.5, -1.0, -0.25}));
        QVERIFY(c.active);
        QCOMPARE(c.roll, 0.5);
        QCOMPARE(c.pitch, 0.5);
        QCOMPARE(c.throttle, 0.0);
        QCOMPARE(c.yaw, -0.25);
        c = m.map(sample({0.0, -1.0, 1.0, 0.0}));
        QCOMPARE(c.pitch, -1.0);
        QCOMPARE(c.throttle, 1.0);
        c = m.map(sample({0.0, 0.0, 0.0, 0.0}));
        QCOMPARE(c.throttle, 0.5);
        QCOMPARE(c.sampleNs, std::int64_t(42));
        QCOMPARE(c.sequence, std::uint64_t(7));
        QVERIFY(!c.stopMapped);
        QVERIFY(!c.enablingConfigured);
    }

    void gamepadModes()
    {
        // SDL's gamepad axes: 0 left X, 1 left Y, 2 right X, 3 right Y; up reads −1.
        const std::vector<double> axes{0.25, -1.0, 0.5, -0.5, -1.0, -1.0};
        PilotMapper mode2(defaultMap(DeviceKind::Gamepad, 2));
        PilotControls c = mode2.map(sample(axes));
        QCOMPARE(c.yaw, 0.25);
        QCOMPARE(c.throttle, 1.0);
        QCOMPARE(c.roll, 0.5);
        QCOMPARE(c.pitch, 0.5);
        PilotMapper mode1(defaultMap(DeviceKind::Gamepad, 1));
        c = mode1.map(sample(axes));
        QCOMPARE(c.pitch, 1.0);
        QCOMPARE(c.throttle, 0.75);
    }

    void oddAxisCounts()
    {
        // A joystick with three axes: yaw (axis 3) is not mapped, the rest work.
        PilotMapper m(defaultMap(DeviceKind::Joystick));
        PilotControls c = m.map(sample({0.5, -0.5, -1.0}));
        QCOMPARE(c.roll, 0.5);
        QCOMPARE(c.pitch, 0.5);
        QCOMPARE(c.throttle, 1.0);
        QCOMPARE(c.yaw, 0.0);
        c = m.map(sample({}));
        QCOMPARE(c.throttle, 0.0); // nothing mapped: idle
    }

    void shaping()
    {
        AxisMap a;
        a.axis = 0;
        a.deadband = 0.1;
        QCOMPARE(PilotMapper::stick(a, {0.05}), 0.0);
        QCOMPARE(PilotMapper::stick(a, {0.55}), 0.5);
        QCOMPARE(PilotMapper::stick(a, {-1.0}), -1.0);
        a.deadband = 0.0;
        a.expo = 1.0;
        QCOMPARE(PilotMapper::stick(a, {0.5}), 0.125);
        a.expo = 0.0;
        a.min = -0.5;
        a.center = 0.1;
        a.max = 0.6;
        QCOMPARE(PilotMapper::stick(a, {0.6}), 1.0);
        QCOMPARE(PilotMapper::stick(a, {0.1}), 0.0);
        QCOMPARE(PilotMapper::stick(a, {-0.2}), -0.5);
        QCOMPARE(PilotMapper::stick(a, {-1.0}), -1.0); // beyond the calibration: clamped
        AxisMap t;
        t.axis = 0;
        t.min = -0.8;
        t.max = 0.8;
        QCOMPARE(PilotMapper::throttle(t, {-0.9}), 0.0);
        QCOMPARE(PilotMapper::throttle(t, {0.0}), 0.5);
        t.reverse = true;
        QCOMPARE(PilotMapper::throttle(t, {0.8}), 0.0);
        QCOMPARE(PilotMapper::stick(a, {std::nan("")}), 0.0);
    }

    void buttonsPressedAndHeld()
    {
        DeviceMap d = defaultMap(DeviceKind::Gamepad);
        d.buttons = {{2, PilotStop}, {0, PilotArm}};
        d.enablingButton = 5;
        PilotMapper m(d);
        // First sample with arm and STOP held: both held, only STOP pressed.
        PilotControls c = m.map(sample({}, 0b101));
        QCOMPARE(c.held, std::uint32_t(PilotStop | PilotArm));
        QCOMPARE(c.pressed, std::uint32_t(PilotStop));
        QVERIFY(c.stopMapped);
        QVERIFY(c.enablingConfigured);
        QVERIFY(!c.enablingHeld);
        c = m.map(sample({}, 0));
        QCOMPARE(c.held, 0u);
        QCOMPARE(c.pressed, 0u);
        c = m.map(sample({}, 0b100001));
        QCOMPARE(c.pressed, std::uint32_t(PilotArm));
        QVERIFY(c.enablingHeld);
        c = m.map(sample({}, 0b100001));
        QCOMPARE(c.pressed, 0u); // held, not pressed again
        QCOMPARE(c.held, std::uint32_t(PilotArm));
    }

    void fileReadAndWritten()
    {
        QString error;
        const auto file = parsePilotMap(kGood, &error);
        QVERIFY2(file, qPrintable(error));
        const auto stick = file->find(QStringLiteral("03000000deadbeef0000000000000000"));
        QVERIFY(stick);
        QCOMPARE(stick->roll.axis, 3);
        QVERIFY(stick->roll.reverse);
        QCOMPARE(stick->roll.expo, 0.5);
        QCOMPARE(stick->pitch.axis, -1); // left out: not mapped
        QCOMPARE(stick->throttle.min, -0.8);
        QCOMPARE(stick->enablingButton, 5);
        QCOMPARE(int(stick->buttons.size()), 2);
        QCOMPARE(stick->buttons[0].action, PilotStop);
        // An entry without axes keeps the device kind's default axes.
        const DeviceMap rf = mapFor(&*file, QStringLiteral("realflight"), DeviceKind::RealFlight);
        QCOMPARE(rf.pitch.axis, 1);
        QVERIFY(!rf.pitch.reverse); // the InterLink: forward is already +
        QCOMPARE(rf.buttons[0].action, PilotLand);
        const DeviceMap mode1 =
            mapFor(&*file, QStringLiteral("0300000000000000000000000000BEEF"), DeviceKind::Gamepad);
        QCOMPARE(mode1.throttle.axis, 3);
        const DeviceMap none = mapFor(&*file, QStringLiteral("ffff"), DeviceKind::Joystick);
        QCOMPARE(none.throttle.axis, 2);
        // Written and read back: the same mappings.
        const QByteArray written = QJsonDocument(pilotMapJson(*file)).toJson();
        const auto again = parsePilotMap(written, &error);
        QVERIFY2(again, qPrintable(error));
        QCOMPARE(again->devices.size(), file->devices.size());
        const auto stick2 = again->find(QStringLiteral("03000000deadbeef0000000000000000"));
        QCOMPARE(stick2->roll.deadband, 0.1);
        QCOMPARE(stick2->throttle.max, 0.8);
        QCOMPARE(stick2->pitch.axis, -1);
        QCOMPARE(
            mapFor(&*again, QStringLiteral("0300000000000000000000000000beef"), DeviceKind::Gamepad)
                .throttle.axis,
            3);
    }

    void badFiles_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not json") << QByteArray("{ nope") << "not JSON at byte";
        QTest::newRow("format") << QByteArray(R"({"version": 1, "devices": {}})") << "format:";
        QTest::newRow("version")
            << QByteArray(R"({"format": "hilstation-pilot-map", "version": 2, "devices": {}})")
            << "version: expected 1";
        QTest::newRow("bad id") << QByteArray(R"({"format": "hilstation-pilot-map", "version": 1,
            "devices": {"pad": {}}})")
                                << "devices.pad: expected a device GUID";
        QTest::newRow("deadband") << QByteArray(R"({"format": "hilstation-pilot-map", "version": 1,
            "devices": {"realflight": {"axes": {"roll": {"axis": 0, "deadband": "0,1"}}}}})")
                                  << "devices.realflight.axes.roll.deadband: expected a number";
        QTest::newRow("unknown control")
            << QByteArray(R"({"format": "hilstation-pilot-map", "version": 1,
            "devices": {"realflight": {"axes": {"rudder": {"axis": 0}}}}})")
            << "devices.realflight.axes.rudder: expected roll, pitch, yaw or throttle";
        QTest::newRow("calibration")
            << QByteArray(R"({"format": "hilstation-pilot-map", "version": 1,
            "devices": {"realflight": {"axes": {"yaw": {"axis": 0, "center": 0.9, "max": 0.5}}}}})")
            << "devices.realflight.axes.yaw: expected min < center < max";
        QTest::newRow("action") << QByteArray(R"({"format": "hilstation-pilot-map", "version": 1,
            "devices": {"realflight": {"buttons": [{"button": 1, "action": "eject"}]}}})")
                                << "devices.realflight.buttons[0].action: expected one of stop";
        QTest::newRow("enabling") << QByteArray(R"({"format": "hilstation-pilot-map", "version": 1,
            "devices": {"realflight": {"enabling_button": 1.5}}})")
                                  << "devices.realflight.enabling_button: expected a button";
    }

    void badFiles()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        QString error;
        QVERIFY(!parsePilotMap(json, &error));
        QVERIFY2(error.startsWith(expected), qPrintable(error));
        QVERIFY(!error.contains(QLatin1Char('\n')));
    }

    void options()
    {
        // --pilot and --pilot-map as the option parser sees them (the pilot link's descriptor).
        const LinkDescriptor *d = links::builtinLinks().find(QStringLiteral("pilot"));
        QVERIFY(d);
        QCOMPARE(d->addressOption, QStringLiteral("pilot"));
        const auto spec = [d](const char *name) {
            for (const OptionSpec &s : d->options)
                if (s.name == QLatin1String(name))
                    return s;
            return OptionSpec{};
        };
        QVariant v;
        QString why;
        for (const char *good : {"realflight", "joystick", "joystick:2", "joystick:Mad Catz"})
            QVERIFY2(spec("pilot").parse(QLatin1String(good), &v, &why), good);
        for (const char *bad : {"mouse", "joystick:", "joystick:-1", "joystick2"})
            QVERIFY2(!spec("pilot").parse(QLatin1String(bad), &v, &why), bad);
        QVERIFY(spec("pilot-virtual").hidden);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("map.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "hilstation-pilot-map", "version": 1, "devices": [1]})");
        f.close();
        QVERIFY(!spec("pilot-map").parse(path, &v, &why));
        QVERIFY2(why.startsWith(path + QStringLiteral(": devices: expected an object")),
                 qPrintable(why));
        QVERIFY(!spec("pilot-map").parse(dir.filePath(QStringLiteral("none.json")), &v, &why));
        QVERIFY2(why.contains(QStringLiteral("none.json")), qPrintable(why));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(kGood);
        f.close();
        QVERIFY2(spec("pilot-map").parse(path, &v, &why), qPrintable(why));
    }
};

QTEST_GUILESS_MAIN(TestPilotMap)
#include "tst_pilotmap.moc"
