// The PX4 vocabulary: PX4's custom_mode, MAV_LANDED_STATE, MAV_RESULT and MAV_SEVERITY numbers as
// the names events.log and the counters show, and STATUSTEXT severities as event severities.
#include "mavlink/messages.h"
#include "mavlink/px4names.h"

#include <QSet>
#include <QtTest>
#include <cstring>
#include <iterator>
#include <utility>

using namespace hil;

namespace {
std::uint32_t customMode(int main, int sub)
{
    return std::uint32_t(main) << 16 | std::uint32_t(sub) << 24;
}
} // namespace

class TestPx4Names : public QObject
{
    Q_OBJECT
private slots:
    void modeNames();
    void everyModePx4DefinesIsInTheOneTable();
    void unknownModesNameTheirNumbers();
    void landedStates();
    void mavResults();
    void severities();
    void statusTextSeverity();
    void commandNames();
    void rcInModeVerdicts();
    void paramValuesBytewise();
};

void TestPx4Names::modeNames()
{
    QCOMPARE(px4::modeName(customMode(1, 0)), QStringLiteral("Manual"));
    QCOMPARE(px4::modeName(customMode(2, 0)), QStringLiteral("Altitude"));
    QCOMPARE(px4::modeName(customMode(3, 0)), QStringLiteral("Position"));
    QCOMPARE(px4::modeName(customMode(3, 1)), QStringLiteral("Orbit"));
    QCOMPARE(px4::modeName(customMode(3, 2)), QStringLiteral("Position slow"));
    QCOMPARE(px4::modeName(customMode(4, 2)), QStringLiteral("Takeoff"));
    QCOMPARE(px4::modeName(customMode(4, 3)), QStringLiteral("Hold"));
    QCOMPARE(px4::modeName(customMode(4, 4)), QStringLiteral("Mission"));
    QCOMPARE(px4::modeName(customMode(4, 5)), QStringLiteral("Return"));
    QCOMPARE(px4::modeName(customMode(4, 6)), QStringLiteral("Land"));
    QCOMPARE(px4::modeName(customMode(6, 0)), QStringLiteral("Offboard"));
    QCOMPARE(px4::modeName(customMode(10, 0)), QStringLiteral("Termination"));
    QCOMPARE(px4::modeName(customMode(4, 10)), QStringLiteral("VTOL takeoff"));
    // A main mode without sub modes ignores the sub mode; Position's unknown one is Position.
    QCOMPARE(px4::modeName(customMode(1, 5)), QStringLiteral("Manual"));
    QCOMPARE(px4::modeName(customMode(3, 9)), QStringLiteral("Position"));
    // The low 16 bits are not PX4's mode: they never change the name.
    QCOMPARE(px4::modeName(customMode(4, 3) | 0xFFFFu), QStringLiteral("Hold"));
}

void TestPx4Names::everyModePx4DefinesIsInTheOneTable()
{
    // PX4's px4_custom_mode.h: PX4_CUSTOM_MAIN_MODE MANUAL 1 .. STABILIZED 7, RATTITUDE_LEGACY 8,
    // (SIMPLE 9, reserved), TERMINATION 10, ALTITUDE_CRUISE 11; PX4_CUSTOM_SUB_MODE_POSCTL
    // POSCTL 0, ORBIT 1, SLOW 2; PX4_CUSTOM_SUB_MODE_AUTO READY 1 .. LAND 6, (7 reserved),
    // FOLLOW_TARGET 8, PRECLAND 9, VTOL_TAKEOFF 10.
    const std::pair<int, int> defined[] = {{1, 0}, {2, 0}, {3, 0}, {3, 1}, {3, 2},  {4, 1}, {4, 2},
                                           {4, 3}, {4, 4}, {4, 5}, {4, 6}, {4, 8},  {4, 9}, {4, 10},
                                           {5, 0}, {6, 0}, {7, 0}, {8, 0}, {10, 0}, {11, 0}};
    QCOMPARE(px4::flightModes().size(), std::size(defined));
    QSet<QString> names;
    for (const auto &[main, sub] : defined) {
        const px4::FlightMode *m = px4::flightMode(customMode(main, sub));
        QVERIFY2(m, qPrintable(QStringLiteral("%1/%2").arg(main).arg(sub)));
        QCOMPARE(m->main, main);
        QCOMPARE(m->sub, sub);
        QCOMPARE(px4::modeName(customMode(main, sub)), QLatin1String(m->name));
        names.insert(QLatin1String(m->name));
    }
    QCOMPARE(names.size(), int(std::size(defined))); // one name a mode
    QVERIFY(!px4::flightMode(customMode(9, 0)));
    QVERIFY(!px4::flightMode(customMode(4, 7)));
    QVERIFY(!px4::flightMode(customMode(4, 11)));
}

void TestPx4Names::unknownModesNameTheirNumbers()
{
    QCOMPARE(px4::modeName(customMode(4, 7)), QStringLiteral("Auto (7)"));
    QCOMPARE(px4::modeName(customMode(9, 2)), QStringLiteral("mode 9/2"));
    QCOMPARE(px4::modeName(0), QStringLiteral("mode 0/0"));
}

void TestPx4Names::landedStates()
{
    QCOMPARE(px4::landedStateName(0), QStringLiteral("unknown"));
    QCOMPARE(px4::landedStateName(1), QStringLiteral("on ground"));
    QCOMPARE(px4::landedStateName(2), QStringLiteral("in air"));
    QCOMPARE(px4::landedStateName(3), QStringLiteral("taking off"));
    QCOMPARE(px4::landedStateName(4), QStringLiteral("landing"));
    QCOMPARE(px4::landedStateName(99), QStringLiteral("unknown"));
}

void TestPx4Names::mavResults()
{
    QCOMPARE(px4::mavResultName(0), QStringLiteral("accepted"));
    QCOMPARE(px4::mavResultName(1), QStringLiteral("temporarily rejected"));
    QCOMPARE(px4::mavResultName(2), QStringLiteral("denied"));
    QCOMPARE(px4::mavResultName(4), QStringLiteral("failed"));
    QCOMPARE(px4::mavResultName(6), QStringLiteral("cancelled"));
    QCOMPARE(px4::mavResultName(42), QStringLiteral("result 42"));
}

void TestPx4Names::severities()
{
    QCOMPARE(px4::severityName(0), QStringLiteral("emergency"));
    QCOMPARE(px4::severityName(3), QStringLiteral("error"));
    QCOMPARE(px4::severityName(4), QStringLiteral("warning"));
    QCOMPARE(px4::severityName(7), QStringLiteral("debug"));
    QCOMPARE(px4::severityName(8), QStringLiteral("severity 8"));
    QCOMPARE(px4::severityName(-1), QStringLiteral("severity -1"));
}

void TestPx4Names::statusTextSeverity()
{
    for (int s = 0; s <= 3; ++s)
        QCOMPARE(px4::statusTextSeverity(s), Severity::Error);
    QCOMPARE(px4::statusTextSeverity(4), Severity::Warning);
    for (int s = 5; s <= 7; ++s)
        QCOMPARE(px4::statusTextSeverity(s), Severity::Info);
    // A broken sender's value is the mildest, never an alarm.
    QCOMPARE(px4::statusTextSeverity(-1), Severity::Info);
    QCOMPARE(px4::statusTextSeverity(200), Severity::Info);
}

void TestPx4Names::commandNames()
{
    QCOMPARE(px4::commandName(px4::kCmdArm), QStringLiteral("arm/disarm"));
    QCOMPARE(px4::commandName(px4::kCmdTakeoff), QStringLiteral("takeoff"));
    QCOMPARE(px4::commandName(px4::kCmdSetMode), QStringLiteral("set mode"));
    QCOMPARE(px4::commandName(511), QStringLiteral("command 511"));
}

void TestPx4Names::rcInModeVerdicts()
{
    // PX4's parameter metadata names 0..8; which of them let a ground station's sticks in.
    QCOMPARE(px4::rcInModeName(0), QStringLiteral("RC only"));
    QCOMPARE(px4::rcInModeName(1), QStringLiteral("MAVLink only"));
    QCOMPARE(px4::rcInModeName(3), QStringLiteral("RC or MAVLink keep first"));
    QCOMPARE(px4::rcInModeName(4), QStringLiteral("Disable manual control"));
    QCOMPARE(px4::rcInModeName(6), QStringLiteral("Prio: MAVL 1 > MAVL 2 > RC"));
    QCOMPARE(px4::rcInModeName(9), QStringLiteral("value 9"));
    for (int v : {0, 4, 9, -1})
        QCOMPARE(px4::gcsSticksAccepted(v), px4::GcsSticks::No);
    for (int v : {1, 6, 8})
        QCOMPARE(px4::gcsSticksAccepted(v), px4::GcsSticks::Yes);
    for (int v : {2, 3, 5, 7})
        QCOMPARE(px4::gcsSticksAccepted(v), px4::GcsSticks::IfNoRc);
    QCOMPARE(px4::rcInModeVerdict(0),
             QStringLiteral("COM_RC_IN_MODE 0 (RC only): PX4 ignores MANUAL_CONTROL; set "
                            "COM_RC_IN_MODE to 1 (MAVLink only)"));
    QCOMPARE(px4::rcInModeVerdict(1),
             QStringLiteral("COM_RC_IN_MODE 1 (MAVLink only): PX4 takes the sticks from this "
                            "ground station"));
    QVERIFY(px4::isManualMainMode(px4::kMainPosition));
    QVERIFY(px4::isManualMainMode(px4::kMainAltitude));
    QVERIFY(px4::isManualMainMode(px4::kMainStabilized));
    QVERIFY(!px4::isManualMainMode(px4::kMainAuto));
}

void TestPx4Names::paramValuesBytewise()
{
    using namespace hil::mavlink;
    // PX4 puts an INT32's bytes in PARAM_VALUE's float: 1 is the float with bit pattern 1.
    const float one = encodeParamValue(1, kParamInt32);
    std::uint32_t bits = 0;
    std::memcpy(&bits, &one, 4);
    QCOMPARE(bits, 1u);
    QCOMPARE(decodeParamValue(one, kParamInt32), 1.0);
    QCOMPARE(decodeParamValue(encodeParamValue(-7, kParamInt32), kParamInt32), -7.0);
    QCOMPARE(decodeParamValue(encodeParamValue(10015, kParamInt32), kParamInt32), 10015.0);
    QCOMPARE(encodeParamValue(2.5, kParamReal32), 2.5f);
    QCOMPARE(decodeParamValue(2.5f, kParamReal32), 2.5);
    QCOMPARE(fromParamId(toParamId(QStringLiteral("COM_RC_IN_MODE"))),
             QStringLiteral("COM_RC_IN_MODE"));
    QCOMPARE(fromParamId(toParamId(QStringLiteral("SIXTEEN_CHARS_XY"))),
             QStringLiteral("SIXTEEN_CHARS_XY")); // 16: no terminating NUL on the wire
}

QTEST_GUILESS_MAIN(TestPx4Names)
#include "tst_px4names.moc"
