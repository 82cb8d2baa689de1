// What the rig check reads from PX4 through the ground-station link (counters "params",
// "params_missing", "usb_mavlink", "prearm"), against the PX4 stand-in: the rig parameters read
// back, SYS_HITL set wrong seen as such, a parameter PX4 does not answer named as missing, the
// USB MAVLink verdict on a serial link (SYS_USB_AUTO answered by a PX4 played by the test), and
// the pre-arm state with PX4's reasons, kept distinct, at most 5, cleared once the checks pass.
#include "core/post.h"
#include "gcsonstandin.h"
#include "px4flight.h"

#include "mavlink/gcslink.h"
#include "mavlink/messages.h"
#include "mavlink/px4emulator.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace hil;
using namespace hil::mavlink;

namespace {
QJsonObject params(const Worker *w)
{
    return w->counters().value(QStringLiteral("params")).toObject();
}
QStringList missing(const Worker *w)
{
    QStringList out;
    for (const QJsonValue &v : w->counters().value(QStringLiteral("params_missing")).toArray())
        out << v.toString();
    return out;
}
QJsonObject prearm(const Worker *w)
{
    return w->counters().value(QStringLiteral("prearm")).toObject();
}
QStringList reasons(const Worker *w)
{
    QStringList out;
    for (const QJsonValue &v : prearm(w).value(QStringLiteral("reasons")).toArray())
        out << v.toString();
    return out;
}
} // namespace

class TestPx4RigCheck : public QObject
{
    Q_OBJECT
private slots:
    void rigParamsFromTheStandIn();
    void usbMavlinkOnASerialLink();
    void prearmStateWithReasons();
};

void TestPx4RigCheck::rigParamsFromTheStandIn()
{
    hiltest::GcsOnStandIn standIn;
    QVERIFY(standIn.start());
    GcsLink &gcs = *standIn.gcs;
    Px4Emulator &emu = *standIn.emu;
    QTRY_VERIFY_WITH_TIMEOUT(gcs.status().connected, 5000);
    QVERIFY(!gcs.counters().contains(QStringLiteral("params"))); // not asked yet
    postTo(&gcs, [&gcs] { gcs.requestRigParams(); });
    QTRY_COMPARE_WITH_TIMEOUT(params(&gcs).size(), 3, 5000);
    QCOMPARE(params(&gcs).value(QStringLiteral("SYS_HITL")).toDouble(-1), 0.0);
    QCOMPARE(params(&gcs).value(QStringLiteral("SYS_AUTOSTART")).toDouble(-1), 10015.0);
    QCOMPARE(params(&gcs).value(QStringLiteral("COM_RC_IN_MODE")).toDouble(-1), 1.0);
    QVERIFY(!gcs.counters().contains(QStringLiteral("params_missing")));
    QVERIFY(!gcs.counters().contains(QStringLiteral("usb_mavlink"))); // UDP: no USB port

    // SYS_HITL set wrong on the vehicle (HITL on a SITL-style UDP link): read again, seen as 1.
    emu.setParamForTest(QStringLiteral("SYS_HITL"), 1);
    emu.setParamForTest(QStringLiteral("SYS_AUTOSTART"), 4001);
    postTo(&gcs, [&gcs] { gcs.requestRigParams(); });
    QTRY_COMPARE_WITH_TIMEOUT(params(&gcs).value(QStringLiteral("SYS_HITL")).toDouble(-1), 1.0,
                              5000);
    QTRY_COMPARE_WITH_TIMEOUT(params(&gcs).value(QStringLiteral("SYS_AUTOSTART")).toDouble(-1),
                              4001.0, 5000);

    // A parameter PX4 does not answer: absent from "params" and, once the read gave up, named.
    emu.setParamForTest(QStringLiteral("SYS_AUTOSTART"), std::nan(""));
    postTo(&gcs, [&gcs] { gcs.requestRigParams(); });
    QTRY_COMPARE_WITH_TIMEOUT(missing(&gcs), QStringList{QStringLiteral("SYS_AUTOSTART")}, 5000);
    QVERIFY(!params(&gcs).contains(QStringLiteral("SYS_AUTOSTART")));
    QCOMPARE(params(&gcs).size(), 2);
    gcs.stop();
    emu.stop();
}

// PX4 on a serial port: the link's frames go out through frameToSend; this test answers each
// PARAM_REQUEST_READ as a board with SYS_USB_AUTO 0 (no MAVLink on USB) would, then 2.
void TestPx4RigCheck::usbMavlinkOnASerialLink()
{
    GcsLinkConfig cfg;
    cfg.viaPx4Link = true;
    cfg.readRcInMode = false;
    cfg.paramRetryMs = 200;
    GcsLink gcs(cfg);
    std::atomic<int> usbAuto{0};
    std::uint8_t seq = 0;
    connect(&gcs, &GcsLink::frameToSend, &gcs, [&](const MavlinkPacket &p) {
        // In the link's thread (a direct connection within it).
        StreamParser parser;
        parser.feed(p.wire.constData(), std::size_t(p.wire.size()));
        Frame f;
        while (parser.next(&f)) {
            if (f.msgId != ParamRequestRead::kId)
                continue;
            const QString name = fromParamId(ParamRequestRead::decode(f.payload.data()).paramId);
            const QHash<QString, double> board{{QStringLiteral("SYS_HITL"), 1},
                                               {QStringLiteral("SYS_AUTOSTART"), 4001},
                                               {QStringLiteral("COM_RC_IN_MODE"), 1},
                                               {QStringLiteral("SYS_USB_AUTO"), usbAuto.load()}};
            ParamValue v;
            v.paramId = toParamId(name);
            v.paramType = kParamInt32;
            v.paramValue = encodeParamValue(board.value(name), kParamInt32);
            const MavlinkPacket answer{encodeMessage(v, FrameHeader{seq++, 1, 1})};
            postTo(&gcs, [&gcs, answer] { gcs.deliver(answer); });
        }
    });
    QVERIFY(gcs.start());
    postTo(&gcs, [&gcs] { gcs.requestRigParams(); });
    QTRY_COMPARE_WITH_TIMEOUT(params(&gcs).size(), 4, 5000);
    QCOMPARE(params(&gcs).value(QStringLiteral("SYS_USB_AUTO")).toDouble(-1), 0.0);
    QJsonObject usb = gcs.counters().value(QStringLiteral("usb_mavlink")).toObject();
    QCOMPARE(usb.value(QStringLiteral("rate_bps")).toInt(-1), 0);
    QCOMPARE(usb.value(QStringLiteral("hil_min_rate_bps")).toInt(), 5000);
    QCOMPARE(usb.value(QStringLiteral("ok")), QJsonValue(false));
    usbAuto = 2;
    postTo(&gcs, [&gcs] { gcs.requestRigParams(); });
    QTRY_COMPARE_WITH_TIMEOUT(params(&gcs).value(QStringLiteral("SYS_USB_AUTO")).toDouble(-1), 2.0,
                              5000);
    usb = gcs.counters().value(QStringLiteral("usb_mavlink")).toObject();
    QCOMPARE(usb.value(QStringLiteral("rate_bps")).toInt(-1), 800000);
    QCOMPARE(usb.value(QStringLiteral("ok")), QJsonValue(true));
    gcs.stop();
}

void TestPx4RigCheck::prearmStateWithReasons()
{
    QTemporaryDir dir;
    StationOptions o;
    o.headless = true;
    o.emulate = {QStringLiteral("flightaxis"), QStringLiteral("px4")};
    o.links.set(QStringLiteral("px4-standin-waits"), true); // disarmed until told
    o.logDir = dir.path();
    Station station(o);
    QString error;
    QVERIFY2(station.start(&error), qPrintable(error));
    auto *gcs = qobject_cast<GcsLink *>(station.worker(QStringLiteral("px4gcs")));
    auto *px4 = qobject_cast<Px4Emulator *>(station.worker(QStringLiteral("emulator.px4")));
    QVERIFY(gcs && px4);
    // Sensors and GPS flowing: the stand-in's pre-arm checks pass.
    QTRY_COMPARE_WITH_TIMEOUT(prearm(gcs).value(QStringLiteral("ok")), QJsonValue(true), 30000);
    QVERIFY(reasons(gcs).isEmpty());

    px4->setPrearmFailureForTest(QStringLiteral("Compass 0 uncalibrated"));
    QTRY_COMPARE_WITH_TIMEOUT(prearm(gcs).value(QStringLiteral("ok")), QJsonValue(false), 5000);
    QTRY_COMPARE_WITH_TIMEOUT(
        reasons(gcs), QStringList{QStringLiteral("Preflight Fail: Compass 0 uncalibrated")}, 5000);
    // Arming refused: PX4 repeats the failure and adds its refusal; each reason kept once.
    QMetaObject::invokeMethod(gcs, "arm", Qt::QueuedConnection, Q_ARG(bool, true));
    const QStringList afterArm{QStringLiteral("Preflight Fail: Compass 0 uncalibrated"),
                               QStringLiteral("Arming denied: resolve health failures first")};
    QTRY_COMPARE_WITH_TIMEOUT(reasons(gcs), afterArm, 5000);
    // More reasons than kept: the latest 5, the latest last.
    for (int i = 1; i <= 5; ++i)
        px4->setPrearmFailureForTest(QStringLiteral("Accel %1 inconsistent - check cal").arg(i));
    QTRY_COMPARE_WITH_TIMEOUT(reasons(gcs).size(), 5, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(reasons(gcs).last(),
                              QStringLiteral("Preflight Fail: Accel 5 inconsistent - check cal"),
                              5000);
    QCOMPARE(reasons(gcs).first(),
             QStringLiteral("Preflight Fail: Accel 1 inconsistent - check cal"));
    QCOMPARE(gcs->status().prearmReasons, reasons(gcs));
    // Passing again: ok, and the reasons are history.
    px4->setPrearmFailureForTest(QString());
    QTRY_COMPARE_WITH_TIMEOUT(prearm(gcs).value(QStringLiteral("ok")), QJsonValue(true), 5000);
    QVERIFY(reasons(gcs).isEmpty());
    station.stop();
}

QTEST_GUILESS_MAIN(TestPx4RigCheck)
#include "tst_px4rigcheck.moc"
