// Sensor synthesis: the readings PX4 gets from a SimFrame, in PX4's units and frames.
#include "mavlink/sensorsynth.h"
#include "model/rotation.h"

#include <QtTest>
#include <cmath>

using namespace hil;
using namespace hil::mavlink;

namespace {
SimFrame restingFrame(double altitudeM = 432.0)
{
    SimFrame f;
    f.latitudeDeg = 47.458;
    f.longitudeDeg = 8.548;
    f.altitudeM = altitudeM;
    f.extras.airspeedMps = 0.0;
    return f;
}

SensorConfig noiseless()
{
    SensorConfig c;
    c.noise = SensorNoise{0, 0, 0, 0, 0, 0};
    return c;
}
} // namespace

class TestSensorSynth : public QObject
{
    Q_OBJECT
private slots:
    void restingLevel();
    void isaAtmosphere();
    void magnetometerRotatesIntoBody();
    void noiseIsSeededAndNeverStale();
    void differentialPressureFromAirspeed();
    void gpsFields();
    void groundTruth();
    void interpolation();
};

void TestSensorSynth::restingLevel()
{
    SensorSynth synth(noiseless());
    const HilSensor s = synth.sensor(restingFrame(), 4000);
    QCOMPARE(s.timeUsec, std::uint64_t(4000));
    QCOMPARE(s.xacc, 0.0f);
    QVERIFY(std::abs(s.zacc + 9.80665f) < 1e-5f); // specific force FRD: up = −z
    QCOMPARE(s.fieldsUpdated, 0x1FFFu);
    QVERIFY((s.fieldsUpdated & (512 | 2048 | 4096)) == (512 | 2048 | 4096)); // PX4 uses baro
    QCOMPARE(int(s.id), 0);
    // ISA at 432 m: 962.4 hPa, 12.34 °C
    QVERIFY(std::abs(s.absPressureHpa - 962.42f) < 0.05f);
    QVERIFY(std::abs(s.temperatureC - (15.0f - 0.0065f * 432.0f)) < 0.01f);
    QVERIFY(std::abs(s.pressureAltM - 432.0f) < 0.01f);
    QCOMPARE(s.diffPressureHpa, 0.0f);
    // magnetometer level, facing north: the NED field itself, in gauss
    const Vector3 field = SensorSynth::earthFieldNed(EarthField{});
    QVERIFY(std::abs(s.xmag - field.x) < 1e-6);
    QVERIFY(std::abs(s.zmag - field.z) < 1e-6);
    QVERIFY(s.zmag > 0.4f); // points down in the northern hemisphere
    QVERIFY(std::abs(std::hypot(std::hypot(s.xmag, s.ymag), s.zmag) - 0.48f) < 1e-5f);
}

void TestSensorSynth::isaAtmosphere()
{
    QCOMPARE(SensorSynth::isaPressurePa(0.0), 101325.0);
    QVERIFY(std::abs(SensorSynth::isaPressurePa(1000.0) - 89874.6) < 1.0);
    QVERIFY(std::abs(SensorSynth::isaTemperatureK(1000.0) - 281.65) < 1e-9);
    for (double h : {-100.0, 0.0, 432.0, 2500.0, 9000.0})
        QVERIFY(std::abs(SensorSynth::pressureAltitudeM(SensorSynth::isaPressurePa(h)) - h) < 1e-6);
}

void TestSensorSynth::magnetometerRotatesIntoBody()
{
    SensorSynth synth(noiseless());
    SimFrame f = restingFrame();
    f.vehicle.state.pose.orientation = fromEuler({0.0, 0.0, degToRad(90.0)}); // facing east
    const HilSensor s = synth.sensor(f, 1);
    const Vector3 field = SensorSynth::earthFieldNed(EarthField{});
    // nose east: body x sees the east component, body y (right = south) sees −north
    QVERIFY(std::abs(s.xmag - field.y) < 1e-6);
    QVERIFY(std::abs(s.ymag + field.x) < 1e-6);
    QVERIFY(std::abs(s.zmag - field.z) < 1e-6);
    QVERIFY(field.y > 0); // declination east
}

void TestSensorSynth::noiseIsSeededAndNeverStale()
{
    SensorConfig c;
    c.seed = 7;
    SensorSynth a(c), b(c);
    c.seed = 8;
    SensorSynth other(c);
    const SimFrame f = restingFrame();
    HilSensor prev = a.sensor(f, 1);
    b.sensor(f, 1);
    other.sensor(f, 1);
    bool anyDifferentFromOther = false;
    int baroEqual = 0;
    for (int i = 2; i < 200; ++i) {
        const HilSensor s = a.sensor(f, i);
        const HilSensor t = b.sensor(f, i);
        const HilSensor u = other.sensor(f, i);
        QCOMPARE(s.zacc, t.zacc); // same seed, same readings
        QCOMPARE(s.absPressureHpa, t.absPressureHpa);
        anyDifferentFromOther |= s.zacc != u.zacc;
        // PX4's staleness check: consecutive samples must differ by more than 1e-6
        QVERIFY(std::abs(s.zacc - prev.zacc) > 1e-6f);
        QVERIFY(std::abs(s.xgyro - prev.xgyro) > 1e-6f);
        QVERIFY(std::abs(s.xmag - prev.xmag) > 1e-6f);
        // a float at 962 hPa has 6e-5 hPa steps: an equal pair happens, a run of 100 must not
        baroEqual += std::abs(s.absPressureHpa - prev.absPressureHpa) <= 1e-6f;
        QVERIFY(std::abs(s.zacc + 9.80665f) < 0.2f); // small noise
        QVERIFY(std::abs(s.pressureAltM - 432.0f) < 0.5f);
        prev = s;
    }
    QVERIFY(anyDifferentFromOther);
    QVERIFY(baroEqual < 20);
}

void TestSensorSynth::differentialPressureFromAirspeed()
{
    SensorSynth synth(noiseless());
    SimFrame f = restingFrame(0.0);
    f.extras.airspeedMps = 20.0;
    QVERIFY(std::abs(synth.sensor(f, 1).diffPressureHpa - 2.45f) < 0.005f); // ½ρv² = 245 Pa
    f.extras.airspeedMps = std::nan("");
    f.vehicle.velocity = {10.0, 0.0, 0.0};
    f.extras.windNedMps = {-10.0, 0.0, 0.0}; // head wind: 20 m/s through the air
    QVERIFY(std::abs(synth.sensor(f, 1).diffPressureHpa - 2.45f) < 0.005f);
}

void TestSensorSynth::gpsFields()
{
    SensorSynth synth;
    SimFrame f = restingFrame(500.25);
    f.vehicle.velocity = {0.0, 5.0, -1.0};
    const HilGps g = synth.gps(f, 1700000000123456ull);
    QCOMPARE(g.timeUsec, 1700000000123456ull);
    QCOMPARE(g.fixType, std::uint8_t(3));
    QCOMPARE(g.satellitesVisible, std::uint8_t(10));
    QCOMPARE(g.ephCm, std::uint16_t(30));
    QCOMPARE(g.epvCm, std::uint16_t(40));
    QCOMPARE(g.latDegE7, 474580000);
    QCOMPARE(g.lonDegE7, 85480000);
    QCOMPARE(g.altMm, 500250);
    QCOMPARE(g.velCmps, std::uint16_t(500));
    QCOMPARE(g.veCmps, std::int16_t(500));
    QCOMPARE(g.vdCmps, std::int16_t(-100));
    QCOMPARE(g.cogCdeg, std::uint16_t(9000)); // east
    f.vehicle.velocity = {-3.0, -3.0, 0.0};
    QCOMPARE(synth.gps(f, 1).cogCdeg, std::uint16_t(22500)); // south-west
    f.vehicle.velocity = {};
    QCOMPARE(synth.gps(f, 1).cogCdeg, std::uint16_t(65535)); // at rest: unknown
}

void TestSensorSynth::groundTruth()
{
    SensorSynth synth;
    SimFrame f = restingFrame();
    f.vehicle.state.pose.orientation = fromEuler({0.1, -0.2, 1.0});
    f.vehicle.angular_velocity = {0.5, -0.25, 0.125};
    f.vehicle.velocity = {1.5, -2.5, 0.5};
    f.extras.airspeedMps = 12.0;
    const HilStateQuaternion s = synth.groundTruth(f, 123);
    const Quaternion q = f.vehicle.state.pose.orientation;
    QVERIFY(std::abs(s.attitudeQuaternion[0] - q.w) < 1e-6);
    QVERIFY(std::abs(s.attitudeQuaternion[3] - q.z) < 1e-6);
    QCOMPARE(s.rollspeed, 0.5f);
    QCOMPARE(s.vxCmps, std::int16_t(150));
    QCOMPARE(s.vyCmps, std::int16_t(-250));
    QCOMPARE(s.trueAirspeedCmps, std::uint16_t(1200));
    QVERIFY(s.indAirspeedCmps < 1200 && s.indAirspeedCmps > 1150); // thinner air at 432 m
    QCOMPARE(s.zaccMg, std::int16_t(-1000));
    QCOMPARE(s.altMm, 432000);
}

void TestSensorSynth::interpolation()
{
    SimFrame a = restingFrame(400.0), b = restingFrame(500.0);
    a.physicsTimeS = 1.0;
    b.physicsTimeS = 1.01;
    a.vehicle.state.pose.position = {0, 0, -10};
    b.vehicle.state.pose.position = {2, 0, -20};
    a.vehicle.state.pose.orientation = fromEuler({0, 0, 0.0});
    b.vehicle.state.pose.orientation = fromEuler({0, 0, 0.2});
    const SimFrame m = interpolate(a, b, 0.5);
    QVERIFY(std::abs(m.physicsTimeS - 1.005) < 1e-12);
    QCOMPARE(m.vehicle.state.pose.position.x, 1.0);
    QCOMPARE(m.vehicle.state.pose.position.z, -15.0);
    QCOMPARE(m.altitudeM, 450.0);
    QVERIFY(std::abs(toEuler(m.vehicle.state.pose.orientation).yaw - 0.1) < 1e-3);
    // a quaternion given with the opposite sign is the same attitude: still the short arc
    b.vehicle.state.pose.orientation = {
        -b.vehicle.state.pose.orientation.w, -b.vehicle.state.pose.orientation.x,
        -b.vehicle.state.pose.orientation.y, -b.vehicle.state.pose.orientation.z};
    QVERIFY(std::abs(toEuler(interpolate(a, b, 0.5).vehicle.state.pose.orientation).yaw - 0.1) <
            1e-3);
}

QTEST_GUILESS_MAIN(TestSensorSynth)
#include "tst_sensorsynth.moc"
