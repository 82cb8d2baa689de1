// The accelerations that leave the program, from the two real RealFlight captures that show
// RealFlight's bad values: the waiting-to-launch reply (tests/fixtures/flightaxis/
// return-data-200.xml: world AZ +9.84, body AZ +0.04 = free fall while held still) and the
// on-ground reply (seed000-return-data-8ch.xml: world AZ +1.53 with every velocity < 1 mm/s).
// Each goes through the real parser and FrameConverter, then the real motion cueing (frames 5
// and 21, decoded back from the bytes) and the real HIL_SENSOR synthesis: nothing may imply free
// fall. Acceptance numbers are the issue's: frame 5 heave 9807 ± 150, frame 21 heave 0 ± 150,
// PX4 zacc −9.81 ± 0.3. The raw values must survive in extras (session files).
#include "flightaxis/flightaxiscodec.h"
#include "flightaxis/frameconverter.h"
#include "mavlink/sensorsynth.h"
#include "raven/cueing.h"
#include "raven/ravencodec.h"
#include "testpaths.h"

#include <QFile>
#include <QtTest>

using namespace hil;
using namespace hil::raven;
using hil::mavlink::SensorConfig;
using hil::mavlink::SensorSynth;

namespace {
QByteArray readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing capture %s", qPrintable(path));
    return f.readAll();
}

flightaxis::ReturnData parse(const QByteArray &xml)
{
    flightaxis::ReturnData r;
    QString error;
    if (!flightaxis::parseReturnData(xml, &r, &error))
        qFatal("capture does not parse: %s", qPrintable(error));
    return r;
}

Frame cue(int frameId, const SimFrame &f)
{
    CueingSettings s;
    s.frameId = frameId;
    MotionCueing c(s);
    StreamDecoder d(Direction::ToPlatform);
    Frame out;
    d.feed(c.encode(c.update(f), 1.0, nullptr), [&](const Frame &fr) { out = fr; });
    return out;
}

float px4Zacc(const SimFrame &f)
{
    SensorConfig cfg;
    cfg.noise = {};
    cfg.noise.accelMps2 = 0.0;
    SensorSynth synth(cfg);
    return synth.sensor(f, 1000).zacc;
}
} // namespace

class TestAccelCaptures : public QObject
{
    Q_OBJECT
private slots:
    void waitingToLaunchIsAtRest();
    void onGroundUsesVelocityDerivative();
    void inFlightKeepsRealFlightValues();
    void angularAccelerationFromRates();
};

void TestAccelCaptures::waitingToLaunchIsAtRest()
{
    const auto r = parse(readFile(hil::testpaths::fixturesDir() +
                                  QStringLiteral("/flightaxis/return-data-200.xml")));
    QCOMPARE(r.state.status, QStringLiteral("CAS-WAITINGTOLAUNCH"));
    flightaxis::FrameConverter conv;
    const SimFrame f = conv.convert(r);
    QCOMPARE(int(f.extras.accelSource), int(AccelSource::AtRest));
    const Frame f21 = cue(21, f), f5 = cue(5, f);
    QVERIFY2(qAbs(f21.payload[2]) <= 150, qPrintable(QString::number(f21.payload[2]))); // was −9840
    QVERIFY2(qAbs(f5.payload[2] - 9807) <= 150,
             qPrintable(QString::number(f5.payload[2]))); // was −38
    const float z = px4Zacc(f);
    QVERIFY2(qAbs(z + 9.81f) <= 0.3f, qPrintable(QString::number(z)));
    // RealFlight's own numbers are kept for the session files.
    QVERIFY(qAbs(f.extras.rawAccelNedMps2.z - 9.8442) < 1e-3);
    QVERIFY(qAbs(f.extras.rawSpecificForceFrdMps2.z - 0.0442) < 1e-3);
}

void TestAccelCaptures::onGroundUsesVelocityDerivative()
{
    const auto r =
        parse(readFile(hil::testpaths::sourceDir() +
                       QStringLiteral("/tests/unit/flightaxis/seed000-return-data-8ch.xml")));
    QVERIFY(r.state.touchingGround);
    QCOMPARE(r.state.status, QStringLiteral("CAS-FLYING"));
    flightaxis::FrameConverter conv;
    SimFrame f = conv.convert(r);
    QCOMPARE(int(f.extras.accelSource), int(AccelSource::VelocityDerivative));
    QVERIFY2(qAbs(cue(5, f).payload[2] - 9807) <= 150,
             qPrintable(QString::number(cue(5, f).payload[2]))); // was 8272
    QVERIFY(qAbs(cue(21, f).payload[2]) <= 150);
    QVERIFY(qAbs(px4Zacc(f) + 9.81f) <= 0.3f);
    // The same reply again 4 ms later (velocities unchanged): still at rest, not the raw +1.53.
    flightaxis::ReturnData next = r;
    next.state.physicsTimeS += 0.004;
    f = conv.convert(next);
    QVERIFY(qAbs(f.vehicle.acceleration.z) < 1e-9);
    QVERIFY(qAbs(f.extras.rawAccelNedMps2.z - 1.5337) < 1e-3);
    // A real change of velocity on the ground shows, low-passed: +0.1 m/s down in 10 ms is
    // 10 m/s², of which dt/(τ+dt) = 1/6 passes in the first step.
    next.state.physicsTimeS += 0.010;
    next.state.velocityWorldWMps += 0.1;
    f = conv.convert(next);
    QVERIFY2(qAbs(f.vehicle.acceleration.z - 10.0 / 6.0) < 0.05,
             qPrintable(QString::number(f.vehicle.acceleration.z)));
}

void TestAccelCaptures::inFlightKeepsRealFlightValues()
{
    auto r = parse(readFile(hil::testpaths::fixturesDir() +
                            QStringLiteral("/flightaxis/return-data-200.xml")));
    r.state.status = QStringLiteral("CAS-FLYING");
    r.state.touchingGround = false;
    flightaxis::FrameConverter conv;
    const SimFrame f = conv.convert(r);
    QCOMPARE(int(f.extras.accelSource), int(AccelSource::Simulator));
    QVERIFY(qAbs(f.vehicle.acceleration.z - 9.8442) <
            1e-3); // RealFlight's value, trusted in flight
    QVERIFY(qAbs(f.extras.specificForceFrdMps2.z - 0.0442) < 1e-3);
}

void TestAccelCaptures::angularAccelerationFromRates()
{
    auto r = parse(readFile(hil::testpaths::sourceDir() +
                            QStringLiteral("/tests/unit/flightaxis/seed000-return-data-8ch.xml")));
    flightaxis::FrameConverter conv;
    conv.convert(r);
    r.state.physicsTimeS += 0.05;
    r.state.rollRateDegps += 57.29577951308232 * 0.5; // +0.5 rad/s in 50 ms = 10 rad/s²
    const SimFrame f = conv.convert(r);
    QVERIFY2(qAbs(f.vehicle.angular_acceleration.x - 5.0) < 0.05, // τ = dt: half passes
             qPrintable(QString::number(f.vehicle.angular_acceleration.x)));
}

QTEST_GUILESS_MAIN(TestAccelCaptures)
#include "tst_accel_captures.moc"
