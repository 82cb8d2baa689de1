// Core model: rotations, frame changes, geodesy against an exact ECEF computation, AeroSim JSON.
#include "model/aerosimjson.h"
#include "model/geodesy.h"
#include "model/rotation.h"

#include <QJsonDocument>
#include <QtTest>
#include <cmath>

using namespace hil;

namespace {
bool near(const Vector3 &a, const Vector3 &b, double tol)
{
    return (a - b).norm() < tol;
}

// The test's own ECEF: written independently of lib/model/geodesy.cpp (Heikkinen's closed form
// for the inverse), so that a shared mistake cannot pass.
struct Geo
{
    double lat, lon, alt;
};
Vector3 ecef(Geo g)
{
    const double a = 6378137.0, f = 1 / 298.257223563, e2 = f * (2 - f);
    const double la = g.lat * kPi / 180, lo = g.lon * kPi / 180;
    const double n = a / std::sqrt(1 - e2 * std::sin(la) * std::sin(la));
    return {(n + g.alt) * std::cos(la) * std::cos(lo), (n + g.alt) * std::cos(la) * std::sin(lo),
            (n * (1 - e2) + g.alt) * std::sin(la)};
}
Geo geodeticHeikkinen(Vector3 e)
{
    const double a = 6378137.0, f = 1 / 298.257223563, b = a * (1 - f);
    const double e2 = f * (2 - f), ep2 = (a * a - b * b) / (b * b);
    const double p = std::hypot(e.x, e.y);
    const double F = 54 * b * b * e.z * e.z;
    const double G = p * p + (1 - e2) * e.z * e.z - e2 * (a * a - b * b);
    const double c = e2 * e2 * F * p * p / (G * G * G);
    const double s = std::cbrt(1 + c + std::sqrt(c * c + 2 * c));
    const double P = F / (3 * (s + 1 / s + 1) * (s + 1 / s + 1) * G * G);
    const double Q = std::sqrt(1 + 2 * e2 * e2 * P);
    const double r0 = -(P * e2 * p) / (1 + Q) +
                      std::sqrt(0.5 * a * a * (1 + 1 / Q) -
                                P * (1 - e2) * e.z * e.z / (Q * (1 + Q)) - 0.5 * P * p * p);
    const double U = std::hypot(p - e2 * r0, e.z);
    const double V = std::sqrt((p - e2 * r0) * (p - e2 * r0) + (1 - e2) * e.z * e.z);
    const double z0 = b * b * e.z / (a * V);
    return {std::atan((e.z + ep2 * z0) / p) * 180 / kPi, std::atan2(e.y, e.x) * 180 / kPi,
            U * (1 - b * b / (a * V))};
}
} // namespace

class TestModel : public QObject
{
    Q_OBJECT
private slots:
    void quaternionEulerRoundTrip_data();
    void quaternionEulerRoundTrip();
    void rotateMatchesKnownAxes();
    void frameChanges();
    void attitudeNedToEnu();
    void wrapPi();
    void timeStamp();
    void geodesyTenKilometres_data();
    void geodesyTenKilometres();
    void geodesyMatchesIndependentInverse();
    void vehicleStateJsonRoundTrip();
    void envelopeShapeAndErrors();
    void commandsJsonRoundTrip();
};

void TestModel::quaternionEulerRoundTrip_data()
{
    QTest::addColumn<double>("roll");
    QTest::addColumn<double>("pitch");
    QTest::addColumn<double>("yaw");
    QTest::newRow("level") << 0.0 << 0.0 << 0.0;
    QTest::newRow("mixed") << 0.3 << -0.4 << 2.5;
    QTest::newRow("steep") << -1.2 << 1.4 << -3.0;
    QTest::newRow("west") << 0.0 << 0.0 << -kPi / 2;
}

void TestModel::quaternionEulerRoundTrip()
{
    QFETCH(double, roll);
    QFETCH(double, pitch);
    QFETCH(double, yaw);
    const EulerAngles e = toEuler(fromEuler({roll, pitch, yaw}));
    QVERIFY(std::fabs(e.roll - roll) < 1e-12);
    QVERIFY(std::fabs(e.pitch - pitch) < 1e-12);
    QVERIFY(std::fabs(e.yaw - yaw) < 1e-12);
}

void TestModel::rotateMatchesKnownAxes()
{
    // Yaw 90° (facing east): body forward points east in NED.
    const Quaternion east = fromEuler({0, 0, kPi / 2});
    QVERIFY(near(rotate(east, {1, 0, 0}), {0, 1, 0}, 1e-12));
    // Pitch up 90°: body forward points up (NED -z).
    QVERIFY(near(rotate(fromEuler({0, kPi / 2, 0}), {1, 0, 0}), {0, 0, -1}, 1e-12));
    // Roll right 90°: body right points down.
    QVERIFY(near(rotate(fromEuler({kPi / 2, 0, 0}), {0, 1, 0}), {0, 0, 1}, 1e-12));
    // Inverse rotation: world down seen from a body rolled 90° right is body right (+y).
    QVERIFY(near(rotateInverse(fromEuler({kPi / 2, 0, 0}), {0, 0, 1}), {0, 1, 0}, 1e-12));
    QVERIFY(std::fabs(angleBetween(east, fromEuler({0, 0, 0})) - kPi / 2) < 1e-12);
}

void TestModel::frameChanges()
{
    QCOMPARE(nedToEnu({1, 2, 3}), (Vector3{2, 1, -3}));
    QCOMPARE(enuToNed(nedToEnu({1, 2, 3})), (Vector3{1, 2, 3}));
    QCOMPARE(frdToFlu({1, 2, 3}), (Vector3{1, -2, -3}));
    QCOMPARE(fluToFrd(frdToFlu({1, 2, 3})), (Vector3{1, 2, 3}));
}

void TestModel::attitudeNedToEnu()
{
    // Facing north, level, in NED/FRD is yaw +90° in ENU/FLU (x forward along ENU +y).
    const Quaternion q = nedFrdToEnuFlu(Quaternion{});
    QVERIFY(angleBetween(q, fromAxisAngle({0, 0, 1}, kPi / 2)) < 1e-12);
    // For any attitude: rotating a FLU vector by the ENU attitude equals converting the
    // NED-rotated FRD vector.
    const Quaternion att = fromEuler({0.2, -0.5, 1.1});
    const Vector3 vFrd{0.3, -1.2, 2.0};
    QVERIFY(near(rotate(nedFrdToEnuFlu(att), frdToFlu(vFrd)), nedToEnu(rotate(att, vFrd)), 1e-12));
    QVERIFY(angleBetween(enuFluToNedFrd(nedFrdToEnuFlu(att)), att) < 1e-7);
}

void TestModel::wrapPi()
{
    QVERIFY(std::fabs(hil::wrapPi(3 * kPi / 2) + kPi / 2) < 1e-12);
    QVERIFY(std::fabs(hil::wrapPi(-3 * kPi / 2) - kPi / 2) < 1e-12);
    QVERIFY(std::fabs(hil::wrapPi(kPi) - kPi) < 1e-12);
}

void TestModel::timeStamp()
{
    const TimeStamp t = TimeStamp::fromSeconds(72263.411813672);
    QCOMPARE(t.sec, 72263);
    QVERIFY(std::abs(static_cast<long>(t.nanosec) - 411813672L) <= 1);
    QCOMPARE(TimeStamp::fromSeconds(1.9999999999).sec, 2); // rounds into the next second
    QCOMPARE(TimeStamp::fromSeconds(1.9999999999).nanosec, 0u);
    QVERIFY(TimeStamp::fromSeconds(1.5) < TimeStamp::fromSeconds(1.6));
}

void TestModel::geodesyTenKilometres_data()
{
    QTest::addColumn<double>("lat");
    QTest::addColumn<double>("lon");
    QTest::addColumn<double>("alt");
    QTest::newRow("zurich") << 47.458 << 8.548 << 432.0;
    QTest::newRow("equator") << 0.0 << 0.0 << 0.0;
    QTest::newRow("south-west") << -33.9 << -70.8 << 500.0;
    QTest::newRow("arctic") << 78.2 << 15.6 << 10.0;
    QTest::newRow("date line") << 10.0 << 179.99 << 0.0;
}

void TestModel::geodesyTenKilometres()
{
    QFETCH(double, lat);
    QFETCH(double, lon);
    QFETCH(double, alt);
    const LocalFrame frame({lat, lon, alt});
    const Vector3 homeEcef = ecef({lat, lon, alt});
    const double la = lat * kPi / 180, lo = lon * kPi / 180;
    // Unit vectors of the local north, east, down axes in ECEF, from the test's own algebra.
    const Vector3 n{-std::sin(la) * std::cos(lo), -std::sin(la) * std::sin(lo), std::cos(la)};
    const Vector3 e{-std::sin(lo), std::cos(lo), 0};
    const Vector3 d{-std::cos(la) * std::cos(lo), -std::cos(la) * std::sin(lo), -std::sin(la)};
    const Vector3 offsets[] = {
        {10000, 0, 0}, {0, 10000, 0}, {0, 0, -10000}, {7071, -7071, -300}, {-6000, 8000, 50}};
    for (const Vector3 &ned : offsets) {
        const Vector3 expectEcef = homeEcef + n * ned.x + e * ned.y + d * ned.z;
        const GeoPoint g = frame.toGeodetic(ned);
        const Vector3 gotEcef = ecef({g.latitudeDeg, g.longitudeDeg, g.altitudeM});
        QVERIFY2((gotEcef - expectEcef).norm() < 0.01,
                 qPrintable(QStringLiteral("error %1 m").arg((gotEcef - expectEcef).norm())));
        QVERIFY(near(frame.toNed(g), ned, 0.01));
    }
}

void TestModel::geodesyMatchesIndependentInverse()
{
    const Geo pts[] = {{47.458, 8.548, 432}, {-45, 120, 3000}, {0.5, -0.5, -20}, {89.5, 10, 100}};
    for (const Geo &p : pts) {
        const Vector3 x = ecef(p);
        const GeoPoint ours = ecefToGeodetic(x);
        const Geo ref = geodeticHeikkinen(x);
        QVERIFY(std::fabs(ours.latitudeDeg - ref.lat) < 1e-9);
        QVERIFY(std::fabs(ours.longitudeDeg - ref.lon) < 1e-9);
        QVERIFY(std::fabs(ours.altitudeM - ref.alt) < 1e-3);
        QVERIFY(std::fabs(ours.altitudeM - p.alt) < 1e-3);
    }
}

void TestModel::vehicleStateJsonRoundTrip()
{
    VehicleState s;
    s.state.pose.position = {1.5, -2.25, -10};
    s.state.pose.orientation = fromEuler({0.1, 0.2, 0.3});
    s.velocity = {3, 4, -0.5};
    s.angular_velocity = {0.01, -0.02, 0.03};
    s.acceleration = {0, 0, 0.2};
    s.angular_acceleration = {1, 2, 3};
    const QJsonObject o = json::toJson(s);
    // The AeroSim nesting: state.pose.position.
    QCOMPARE(o["state"].toObject()["pose"].toObject()["position"].toObject()["y"].toDouble(),
             -2.25);
    VehicleState back;
    QString err;
    QVERIFY2(
        json::fromJson(QJsonDocument::fromJson(QJsonDocument(o).toJson()).object(), &back, &err),
        qPrintable(err));
    QCOMPARE(back.state.pose.position, s.state.pose.position);
    QCOMPARE(back.state.pose.orientation, s.state.pose.orientation);
    QCOMPARE(back.angular_acceleration, s.angular_acceleration);

    QJsonObject broken = o;
    QJsonObject vel = broken["velocity"].toObject();
    vel.remove("z");
    broken["velocity"] = vel;
    QVERIFY(!json::fromJson(broken, &back, &err));
    QVERIFY2(err.contains("velocity") && err.contains("'z'"), qPrintable(err));
}

void TestModel::envelopeShapeAndErrors()
{
    json::Metadata m{"aerosim.actor1.vehicle_state", "aerosim::types::VehicleState",
                     TimeStamp::fromSeconds(12.5), TimeStamp::fromSeconds(1700000000.25)};
    const QJsonObject env = json::envelope(m, json::toJson(VehicleState{}));
    QCOMPARE(env.keys(), (QStringList{"data", "metadata"}));
    QCOMPARE(env["metadata"].toObject()["timestamp_sim"].toObject()["nanosec"].toInt(), 500000000);
    json::Metadata back;
    QJsonObject data;
    QString err;
    QVERIFY(json::openEnvelope(env, &back, &data, &err));
    QCOMPARE(back.topic, m.topic);
    QCOMPARE(back.timestampPlatform, m.timestampPlatform);
    QVERIFY(data.contains("state"));
    QVERIFY(!json::openEnvelope(QJsonObject{{"data", QJsonObject{}}}, &back, &data, &err));
    QVERIFY(err.contains("metadata"));
}

void TestModel::commandsJsonRoundTrip()
{
    FlightControlCommand c;
    c.power_cmd = {0.1, 0.2, 0.3, 0.4};
    c.roll_cmd = -0.5;
    c.wheel_brake_cmd = 1;
    FlightControlCommand cb;
    QVERIFY(json::fromJson(json::toJson(c), &cb));
    QCOMPARE(cb.power_cmd, c.power_cmd);
    QCOMPARE(cb.roll_cmd, -0.5);
    QCOMPARE(cb.wheel_brake_cmd, 1.0);

    AircraftEffectorCommand a;
    a.throttle_cmd = {0.7};
    a.flap_cmd_angle_rad = {0.1, 0.1};
    AircraftEffectorCommand ab;
    QVERIFY(json::fromJson(json::toJson(a), &ab));
    QCOMPARE(ab.flap_cmd_angle_rad, a.flap_cmd_angle_rad);
    QJsonObject bad = json::toJson(a);
    bad["throttle_cmd"] = QJsonArray{0.5, "x"};
    QString err;
    QVERIFY(!json::fromJson(bad, &ab, &err));
    QVERIFY(err.contains("throttle_cmd"));
}

QTEST_GUILESS_MAIN(TestModel)
#include "tst_model.moc"
