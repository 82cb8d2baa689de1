// The platform measurement in the link (RavenLink::startPlatformMeasurement) against the
// RavenEmulator on 127.0.0.1, each in its own thread: the ways it ends without the operator.
//  - A pose past 80 % of the assumed reach stops it (reason "reach") and the test cue ramps out
//    to neutral instead of jumping.
//  - A platform that stops answering mid-run stops it (reason "silent").
//  - Refused on an address held by a failed axis check and while the platform is not in CUEING:
//    the transport delay's rules, through the same check; nothing is sent.
#include "core/post.h"
#include "core/workerhost.h"
#include "raven/axischeckstore.h"
#include "raven/ravenemulator.h"
#include "raven/ravenlink.h"

#include "ravenrig.h"
#include <QtTest>

using namespace hil;
using namespace hil::raven;

namespace {
PlatformMeasurementSettings fast()
{
    PlatformMeasurementSettings s;
    s.lowestRadS = 3.0;
    s.periods = 1;
    s.rampS = 0.3;
    s.restS = 0.3;
    s.startScale = 1.0;
    return s;
}

QJsonObject measurement(const testing::RavenRig &r)
{
    return r.link->counters()["platform_measurement"].toObject();
}

void start(testing::RavenRig &r, const PlatformMeasurementSettings &s)
{
    RavenLink *link = r.link;
    postTo(link, [link, s] { link->startPlatformMeasurement(s); }); // TSan sees the hand-over
}

bool toCueing(testing::RavenRig &r)
{
    if (!QTest::qWaitFor([&] { return r.link->counters()["link_up"].toBool(); }, 5000))
        return false;
    QMetaObject::invokeMethod(r.link, "requestMode", Qt::QueuedConnection, Q_ARG(int, ModeCueing));
    return QTest::qWaitFor([&] { return r.link->reportedMode() == ModeCueing; }, 5000);
}

int measurementCues(const std::vector<RavenEmulator::CueRecord> &history)
{
    return int(std::count_if(history.begin(), history.end(), [](const RavenEmulator::CueRecord &c) {
        return std::any_of(c.words.begin(), c.words.begin() + 6,
                           [](std::int32_t w) { return w != 0; });
    }));
}
} // namespace

class TestRavenMeasurement : public QObject
{
    Q_OBJECT
private slots:
    void pastTheReachStopsAndRampsOut()
    {
        testing::RavenRig r(0.05, IdAccelAttitude);
        QVERIFY(toCueing(r));
        PlatformMeasurementSettings s = fast();
        s.reachMin.fill(-0.002); // 2 mm, 0.1°: the first DoF's excitation passes 80 % of it
        s.reachMax.fill(0.002);
        start(r, s);
        QTRY_COMPARE_WITH_TIMEOUT(measurement(r)["state"].toString(), QStringLiteral("stopped"),
                                  10000);
        QCOMPARE(measurement(r)["reason_id"].toString(), QStringLiteral("reach"));
        QCOMPARE(measurement(r)["dofs_done"].toInt(), 0);
        // The way out is a ramp, then neutral: the last cue is neutral, and the one before it
        // is a small part of the excitation's largest, not a jump from it.
        QTest::qWait(600);
        const std::vector<RavenEmulator::CueRecord> history = r.emu->cueHistory();
        QVERIFY(history.size() > 10);
        QCOMPARE(measurementCues({history.end() - 1, history.end()}), 0);
        std::int32_t peak = 0;
        for (const RavenEmulator::CueRecord &c : history)
            for (int w = 0; w < 6; ++w)
                peak = std::max(peak, std::abs(c.words[std::size_t(w)]));
        const RavenEmulator::CueRecord &beforeLast = history[history.size() - 2];
        for (int w = 0; w < 6; ++w)
            QVERIFY2(
                std::abs(beforeLast.words[std::size_t(w)]) < peak / 5,
                qPrintable(
                    QStringLiteral("%1 of %2").arg(beforeLast.words[std::size_t(w)]).arg(peak)));
    }

    void aSilentPlatformStopsIt()
    {
        testing::RavenRig r(0.05, IdAccelAttitude);
        QVERIFY(toCueing(r));
        start(r, fast());
        QTRY_COMPARE_WITH_TIMEOUT(measurement(r)["state"].toString(), QStringLiteral("running"),
                                  5000);
        r.emu->setSilent(true);
        QTRY_COMPARE_WITH_TIMEOUT(measurement(r)["state"].toString(), QStringLiteral("stopped"),
                                  5000);
        QCOMPARE(measurement(r)["reason_id"].toString(), QStringLiteral("silent"));
    }

    void refusedLikeTheTransportDelay()
    {
        {
            testing::RavenRig r(0.05, IdAccelAttitude);
            QTRY_VERIFY_WITH_TIMEOUT(r.link->counters()["link_up"].toBool(), 5000);
            start(r, fast()); // the platform is OFF
            QTRY_COMPARE(measurement(r)["state"].toString(), QStringLiteral("refused"));
            QCOMPARE(measurement(r)["reason_id"].toString(), QStringLiteral("mode"));
        }
        {
            testing::RavenRig r(0.05, IdAccelAttitude);
            QVERIFY(toCueing(r));
            AxisCheckStore(r.store).recordOutcome(r.address, AxHeave, AxisOutcome::Crossed, AxRoll,
                                                  IdAccelAttitude);
            const int before = int(r.emu->cueHistory().size());
            start(r, fast());
            QTRY_COMPARE(measurement(r)["state"].toString(), QStringLiteral("refused"));
            QCOMPARE(measurement(r)["reason_id"].toString(), QStringLiteral("axis_hold"));
            QTest::qWait(300);
            const std::vector<RavenEmulator::CueRecord> history = r.emu->cueHistory();
            QCOMPARE(measurementCues({history.begin() + before, history.end()}), 0);
        }
    }
};

QTEST_GUILESS_MAIN(TestRavenMeasurement)
#include "tst_raven_measurement_link.moc"
