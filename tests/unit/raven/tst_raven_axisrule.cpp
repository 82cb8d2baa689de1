// The axis check's judgement and its record, without sockets: AxisResponse's noise thresholds
// and its choice of the DoF that moved most (angles weighted 1 mm ≙ 0.01°), and the
// AxisCheckStore's rule (a crossing holds and forgets earlier passes; all six passes release),
// in an INI file of a temporary folder, read back through a second store object.
#include "raven/axischeckstore.h"
#include "raven/axisresponse.h"
#include "raven/cueing.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace hil::raven;

namespace {
constexpr std::int64_t kMs = 1'000'000;
std::array<double, 6> pose(int dof = -1, double value = 0.0)
{
    std::array<double, 6> p{};
    if (dof >= 0)
        p[std::size_t(dof)] = value;
    return p;
}
} // namespace

class TestRavenAxisRule : public QObject
{
    Q_OBJECT
private slots:
    void floorsWithoutNoise();
    void noiseOfTheSecondBeforeRaisesTheThreshold();
    void angleOutweighsTravelByTheTestCueRatio();
    void storeHoldsUntilEveryAxisPasses();
    void storeKeepsAnswersBesideOutcomes();
    void storeKeepsTheTimeAndTheSummary();
};

void TestRavenAxisRule::floorsWithoutNoise()
{
    AxisResponse r;
    std::int64_t t = 0;
    for (int i = 0; i < 20; ++i)
        r.addPose(pose(), t += 50 * kMs);
    r.begin(t);
    QCOMPARE(r.threshold(AxHeave), AxisResponse::kFloorM);
    QCOMPARE(r.threshold(AxRoll), AxisResponse::kFloorRad);
    r.addPose(pose(AxHeave, 0.0019), t += 10 * kMs);
    QCOMPARE(r.leader(), -1); // under 2 mm: nothing moved
    r.addPose(pose(AxHeave, 0.0021), t += 10 * kMs);
    QCOMPARE(r.leader(), int(AxHeave));
    QCOMPARE(r.change(AxHeave), 0.0021);
}

void TestRavenAxisRule::noiseOfTheSecondBeforeRaisesTheThreshold()
{
    AxisResponse r;
    std::int64_t t = 0;
    // 2 s of sway wobbling ±1.5 mm; only the last second counts, measured from the last pose.
    for (int i = 0; i < 40; ++i)
        r.addPose(pose(AxSway, (i % 2 ? 1 : -1) * (i < 15 ? 0.010 : 0.0015)), t += 50 * kMs);
    r.begin(t);
    QVERIFY(std::abs(r.threshold(AxSway) - 0.009) < 1e-12); // max |deviation| 3 mm, × 3
    QCOMPARE(r.threshold(AxSurge), AxisResponse::kFloorM);
    r.addPose(pose(AxSway, 0.0015 + 0.008), t += 10 * kMs); // 8 mm: within the noise
    QCOMPARE(r.leader(), -1);
    r.addPose(pose(AxSway, 0.0015 + 0.0095), t += 10 * kMs);
    QCOMPARE(r.leader(), int(AxSway));
}

void TestRavenAxisRule::angleOutweighsTravelByTheTestCueRatio()
{
    AxisResponse r;
    std::int64_t t = 0;
    r.addPose(pose(), t);
    r.begin(t += 10 * kMs);
    // 100 mm of heave against 1° of roll (≙ 100 mm): the larger one leads.
    std::array<double, 6> p = pose(AxHeave, 0.100);
    p[AxRoll] = 0.99 * 3.14159265358979323846 / 180.0;
    r.addPose(p, t += 10 * kMs);
    QCOMPARE(r.leader(), int(AxHeave));
    p[AxRoll] = 1.01 * 3.14159265358979323846 / 180.0;
    r.addPose(p, t += 10 * kMs);
    QCOMPARE(r.leader(), int(AxRoll));
    QVERIFY(std::abs(AxisResponse::kMetresPerRad * (3.14159265358979323846 / 180.0) - 0.1) < 1e-9);
}

void TestRavenAxisRule::storeHoldsUntilEveryAxisPasses()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("axischeck.ini"));
    const QString at = AxisCheckStore::address(QStringLiteral("127.0.0.1"), 9200);
    const QString other = AxisCheckStore::address(QStringLiteral("10.0.0.2"), 9200);
    AxisCheckStore store(file);
    QVERIFY(!store.status(at).held);
    for (int a = 0; a < 6; ++a)
        store.recordOutcome(at, a, AxisOutcome::Passed, a, 21);
    QVERIFY(store.status(at).allPassed());
    // Heave moved roll: held, and every earlier pass forgotten.
    AxisCheckStore::Status st = store.recordOutcome(at, AxHeave, AxisOutcome::Crossed, AxRoll, 5);
    QVERIFY(st.held);
    QCOMPARE(st.heldAxis, int(AxHeave));
    QCOMPARE(st.movedAxis, int(AxRoll));
    QCOMPARE(st.passedMask, 0u);
    QVERIFY(!AxisCheckStore(file).status(other).held); // per address
    // Refused and cancelled tests are not results.
    store.recordOutcome(at, AxSurge, AxisOutcome::Refused, -1, 5);
    store.recordOutcome(at, AxSurge, AxisOutcome::Cancelled, -1, 5);
    QCOMPARE(AxisCheckStore(file).status(at).passedMask, 0u);
    for (int a = 0; a < 5; ++a)
        QVERIFY(store.recordOutcome(at, a, AxisOutcome::Passed, a, 5).held);
    // A pass that is lost again (no response) is not a pass.
    QVERIFY(store.recordOutcome(at, AxSurge, AxisOutcome::NoResponse, -1, 5).held);
    QVERIFY(store.recordOutcome(at, AxYaw, AxisOutcome::Passed, AxYaw, 5).held);
    st = store.recordOutcome(at, AxSurge, AxisOutcome::Passed, AxSurge, 5);
    QVERIFY(!st.held);
    QVERIFY(st.allPassed());
    QVERIFY(store.lastWriteOk());
    // Another store object (another thread, or the next run) reads the same.
    const AxisCheckStore::Status again = AxisCheckStore(file).status(at);
    QVERIFY(!again.held);
    QVERIFY(again.allPassed());
    // The file keeps the C locale's numbers and the axis names.
    QSettings ini(file, QSettings::IniFormat);
    QCOMPARE(ini.value(QStringLiteral("axisCheck/127.0.0.1:9200/heave/frame")).toInt(), 5);
    QCOMPARE(ini.value(QStringLiteral("axisCheck/127.0.0.1:9200/heave/moved")).toString(),
             QStringLiteral("heave"));
}

void TestRavenAxisRule::storeKeepsAnswersBesideOutcomes()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("axischeck.ini"));
    const QString at = AxisCheckStore::address(QStringLiteral("127.0.0.1"), 9200);
    AxisCheckStore store(file);
    store.recordOutcome(at, AxSway, AxisOutcome::Passed, AxSway, 21);
    store.recordAnswer(at, AxSway, QStringLiteral("opposite"), true, -0.012);
    QSettings ini(file, QSettings::IniFormat);
    ini.beginGroup(QStringLiteral("axisCheck/127.0.0.1:9200/sway"));
    QCOMPARE(ini.value(QStringLiteral("result")).toString(), QStringLiteral("passed"));
    QCOMPARE(ini.value(QStringLiteral("answer")).toString(), QStringLiteral("opposite"));
    QCOMPARE(ini.value(QStringLiteral("invert")).toBool(), true);
    QCOMPARE(ini.value(QStringLiteral("poseChange")).toDouble(), -0.012);
    // HIL_AXIS_CHECK_STORE points the default store (the window's and the headless program's)
    // at a file: the same record.
    qputenv("HIL_AXIS_CHECK_STORE", file.toLocal8Bit());
    QVERIFY(AxisCheckStore().status(at).passedMask == (1u << AxSway));
    qunsetenv("HIL_AXIS_CHECK_STORE");
}

void TestRavenAxisRule::storeKeepsTheTimeAndTheSummary()
{
    // Passed / failed / never, and when: the rig check's question.
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("axischeck.ini"));
    const QString at = AxisCheckStore::address(QStringLiteral("127.0.0.1"), 9200);
    AxisCheckStore store(file);
    AxisCheckStore::Status st = store.status(at);
    QCOMPARE(st.summary, AxisCheckStore::Status::Summary::Never);
    QVERIFY(!st.lastTime.isValid());
    QCOMPARE(AxisCheckStore::summaryName(st.summary), QStringLiteral("never"));

    const QDateTime t0(QDate(2026, 3, 14), QTime(9, 26, 53), Qt::UTC);
    for (int a = 0; a < 3; ++a)
        st = store.recordOutcome(at, a, AxisOutcome::Passed, a, 21, t0.addSecs(a));
    QCOMPARE(st.summary, AxisCheckStore::Status::Summary::Incomplete);
    QCOMPARE(st.lastTime, t0.addSecs(2));
    for (int a = 3; a < 6; ++a)
        st = store.recordOutcome(at, a, AxisOutcome::Passed, a, 21, t0.addSecs(a));
    QCOMPARE(st.summary, AxisCheckStore::Status::Summary::Passed);
    QCOMPARE(AxisCheckStore::summaryName(st.summary), QStringLiteral("passed"));
    QCOMPARE(st.lastTime, t0.addSecs(5));
    QVERIFY(st.lastTime.timeSpec() == Qt::UTC);
    // Written as UTC ISO 8601, read back by another store object.
    QSettings ini(file, QSettings::IniFormat);
    QCOMPARE(ini.value(QStringLiteral("axisCheck/127.0.0.1:9200/yaw/time")).toString(),
             QStringLiteral("2026-03-14T09:26:58Z"));
    QCOMPARE(AxisCheckStore(file).status(at).lastTime, t0.addSecs(5));

    // A crossing: failed, at its time; without a time given, now.
    const QDateTime before = QDateTime::currentDateTimeUtc().addSecs(-1);
    st = store.recordOutcome(at, AxHeave, AxisOutcome::Crossed, AxRoll, 5);
    QCOMPARE(st.summary, AxisCheckStore::Status::Summary::Failed);
    QCOMPARE(AxisCheckStore::summaryName(st.summary), QStringLiteral("failed"));
    QVERIFY(st.lastTime >= before && st.lastTime <= QDateTime::currentDateTimeUtc().addSecs(1));
    // No response on an axis is a failed check too, though nothing is held.
    const QString other = AxisCheckStore::address(QStringLiteral("127.0.0.2"), 9200);
    st = store.recordOutcome(other, AxRoll, AxisOutcome::NoResponse, -1, 21, t0);
    QVERIFY(!st.held);
    QCOMPARE(st.summary, AxisCheckStore::Status::Summary::Failed);
    // A record from before times were kept: a summary, no time.
    ini.setValue(QStringLiteral("axisCheck/127.0.0.3:9200/surge/result"), QStringLiteral("passed"));
    ini.sync();
    st = AxisCheckStore(file).status(AxisCheckStore::address(QStringLiteral("127.0.0.3"), 9200));
    QCOMPARE(st.summary, AxisCheckStore::Status::Summary::Incomplete);
    QVERIFY(!st.lastTime.isValid());
}

QTEST_GUILESS_MAIN(TestRavenAxisRule)
#include "tst_raven_axisrule.moc"
