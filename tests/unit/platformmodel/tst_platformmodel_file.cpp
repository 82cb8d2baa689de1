// The platform-model file (--platform-model FILE): round trip, missing = default, unknown keys
// and bad values named, the stroke defaulting around the file's own geometry, and the shipped
// example (docs/examples/platform-model.json) holding exactly the defaults.
#include "model/rotation.h"
#include "platformmodel/modelfile.h"
#include "testpaths.h"

#include <QtTest>
#include <cmath>

using hil::degToRad;
using hil::platformmodel::actuatorLengths;
using hil::platformmodel::ModelConfig;
using hil::platformmodel::parseModelFile;
using hil::platformmodel::readModelFile;
using hil::platformmodel::writeModelFile;

namespace {

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-12 * std::max(1.0, std::abs(b));
}

/// Every number of two configs, in one list (the order does not matter, only that both agree).
std::vector<double> numbers(const ModelConfig &c)
{
    std::vector<double> v{c.rateHz,
                          c.geometry.neutralHeightM,
                          c.envelope.actuatorMinM,
                          c.envelope.actuatorMaxM,
                          c.washout.tiltLowPassRadps,
                          c.washout.tiltLowPassDamping,
                          c.washout.tiltRateLimitRadps,
                          c.washout.tiltMaxRad,
                          c.delayS,
                          c.washout.tiltCoordination ? 1.0 : 0.0};
    for (int i = 0; i < 6; ++i) {
        v.push_back(c.washout.gain[i]);
        v.insert(v.end(), {c.envelope.dofMin[i], c.envelope.dofMax[i], c.geometry.baseJointsM[i].x,
                           c.geometry.baseJointsM[i].y, c.geometry.baseJointsM[i].z,
                           c.geometry.seatJointsM[i].x, c.geometry.seatJointsM[i].y,
                           c.geometry.seatJointsM[i].z});
    }
    for (int i = 0; i < 3; ++i) {
        v.insert(v.end(),
                 {c.washout.translational[i].naturalRadps, c.washout.translational[i].damping,
                  c.washout.translational[i].breakRadps, c.washout.rotational[i].naturalRadps,
                  c.washout.rotational[i].damping});
    }
    return v;
}

bool same(const ModelConfig &a, const ModelConfig &b)
{
    const std::vector<double> x = numbers(a), y = numbers(b);
    for (std::size_t i = 0; i < x.size(); ++i)
        if (!near(x[i], y[i]))
            return false;
    return true;
}

QString parseError(const QByteArray &json)
{
    ModelConfig c;
    QString error;
    if (parseModelFile(json, QStringLiteral("test.json"), &c, &error))
        return QString();
    return error;
}

} // namespace

class TestPlatformModelFile : public QObject
{
    Q_OBJECT
private slots:
    void roundTrip()
    {
        ModelConfig c;
        c.rateHz = 200.0;
        c.envelope.dofMax[4] = degToRad(14.5);
        c.envelope.actuatorMaxM = 0.7;
        c.washout.translational[1].breakRadps = 0.75;
        c.washout.rotational[2].damping = 0.8;
        c.washout.tiltRateLimitRadps = degToRad(4.0);
        c.geometry.seatJointsM[3].z = -0.05;
        c.delayS = 0.032;
        c.washout.gain[3] = 0.8;
        c.washout.tiltCoordination = false;
        c.origin.identifiedUtc = QStringLiteral("2026-11-28T18:00:00Z");
        c.origin.sessions = QStringList{QStringLiteral("ride (platform at 10.0.0.7)")};
        c.origin.validatedOn = QStringLiteral("stand-ins");
        const QByteArray json = writeModelFile(c, QStringLiteral("identified"));
        QVERIFY(json.contains("\"tilt_rate_limit_deg_s\": 4"));
        QVERIFY(json.contains("\"delay_ms\": 32"));
        QVERIFY(json.contains("\"roll_gain\": 0.8"));
        QVERIFY(json.contains("\"tilt_coordination\": \"none\""));
        QVERIFY(json.contains("\"comment\": \"identified\""));
        QVERIFY(json.contains("\"pitch_max_deg\": 14.5"));
        ModelConfig back;
        QString error;
        QVERIFY2(parseModelFile(json, QStringLiteral("round trip"), &back, &error),
                 qPrintable(error));
        QVERIFY(same(back, c));
        QVERIFY(!same(back, ModelConfig())); // the comparison sees a difference
        QCOMPARE(back.origin.identifiedUtc, c.origin.identifiedUtc);
        QCOMPARE(back.origin.sessions, c.origin.sessions);
        QCOMPARE(back.origin.validatedOn, c.origin.validatedOn);
        QVERIFY(!ModelConfig().origin.identified());
    }

    void missingIsDefault()
    {
        ModelConfig c;
        c.rateHz = 1.0;
        QString error;
        QVERIFY2(parseModelFile("{}", QStringLiteral("empty"), &c, &error), qPrintable(error));
        QVERIFY(same(c, ModelConfig()));
        QVERIFY(parseModelFile(R"({"washout": {"surge_damping": 0.7}})", QStringLiteral("one"), &c,
                               &error));
        QCOMPARE(c.washout.translational[0].damping, 0.7);
        QCOMPARE(c.washout.translational[0].naturalRadps,
                 ModelConfig().washout.translational[0].naturalRadps);
    }

    void strokeFollowsTheFilesGeometry()
    {
        // A taller seat and no stroke given: 150 mm around the new neutral length.
        ModelConfig c;
        QString error;
        QVERIFY2(parseModelFile(R"({"geometry": {"neutral_height_m": 0.55}})",
                                QStringLiteral("tall"), &c, &error),
                 qPrintable(error));
        const double neutral = actuatorLengths(c.geometry, {})[0];
        QVERIFY(std::abs(neutral - 0.637815) < 1e-6); // √(0.1043078 + 0.55²)
        QVERIFY(near(c.envelope.actuatorMinM, neutral - 0.075));
        QVERIFY(near(c.envelope.actuatorMaxM, neutral + 0.075));
    }

    void errorsNameTheKey_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("named");
        QTest::newRow("unknown top-level key") << QByteArray(R"({"rate": 250})") << "\"rate\"";
        QTest::newRow("unknown key in a section")
            << QByteArray(R"({"washout": {"surge_freq_rad_s": 3}})") << "washout.surge_freq_rad_s";
        QTest::newRow("unknown section") << QByteArray(R"({"limits": {}})") << "\"limits\"";
        QTest::newRow("string for a number")
            << QByteArray(R"({"envelope": {"surge_max_m": "0.1"}})") << "envelope.surge_max_m";
        QTest::newRow("zero damping")
            << QByteArray(R"({"washout": {"heave_damping": 0}})") << "washout.heave_damping";
        QTest::newRow("range without neutral")
            << QByteArray(R"({"envelope": {"roll_min_deg": 2}})") << "envelope.roll_min";
        QTest::newRow("stroke not holding neutral")
            << QByteArray(R"({"envelope": {"actuator_max_m": 0.59}})") << "actuator_max_m";
        QTest::newRow("five joints")
            << QByteArray(
                   R"({"geometry": {"base_joints_m": [[0,0,0],[0,0,0],[0,0,0],[0,0,0],[0,0,0]]}})")
            << "geometry.base_joints_m";
        QTest::newRow("negative delay") << QByteArray(R"({"delay_ms": -4})") << "delay_ms";
        QTest::newRow("zero gain")
            << QByteArray(R"({"washout": {"yaw_gain": 0}})") << "washout.yaw_gain";
        QTest::newRow("unknown tilt coordination")
            << QByteArray(R"({"washout": {"tilt_coordination": "classic"}})")
            << "washout.tilt_coordination";
        QTest::newRow("identified without a time")
            << QByteArray(R"({"identified": {"sessions": []}})") << "identified";
        QTest::newRow("comment not a string") << QByteArray(R"({"comment": 1})") << "comment";
        QTest::newRow("not JSON") << QByteArray("{ surge: 1 }") << "not JSON";
    }
    void errorsNameTheKey()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, named);
        const QString error = parseError(json);
        QVERIFY2(error.startsWith(QStringLiteral("test.json: ")), qPrintable(error));
        QVERIFY2(error.contains(named), qPrintable(error));
    }

    void commentsAreAllowed()
    {
        QCOMPARE(parseError(R"({"comment": "x", "washout": {"comment": "ASSUMPTION"}})"),
                 QString());
    }

    void shippedExampleHoldsTheDefaults()
    {
        ModelConfig c;
        c.rateHz = 1.0;
        QString error;
        QVERIFY2(readModelFile(hil::testpaths::sourceDir() +
                                   QStringLiteral("/docs/examples/platform-model.json"),
                               &c, &error),
                 qPrintable(error));
        QVERIFY(same(c, ModelConfig()));
        QVERIFY(!readModelFile(hil::testpaths::sourceDir() +
                                   QStringLiteral("/docs/examples/no-such-file.json"),
                               &c, &error));
        QVERIFY(error.contains(QStringLiteral("no-such-file.json")));
    }
};

QTEST_APPLESS_MAIN(TestPlatformModelFile)
#include "tst_platformmodel_file.moc"
