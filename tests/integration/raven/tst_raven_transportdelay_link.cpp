// The transport delay measurement end to end: RavenLink against the RavenEmulator on 127.0.0.1,
// each in its own worker thread, the axis check store an INI file in a temporary folder.
//  - The stand-in answering cues 40 ms late: 9 steps, the median within 40 ± 5 ms; answering at
//    once: a median of a few ms. The figures are in the link's counters (transport_delay) and
//    one done event.
//  - Refused, with the reason in words, while the platform is not in CUEING, while the rider's
//    enabling button is released, and while the
//    address is held by a failed axis check (the link's hold from the store when it opened, and
//    a failed result the store got afterwards).
//  - STOP during the measurement: stopped at once, LEVEL BRAKE, no test cue after it.
#include "core/workerhost.h"
#include "raven/axischeckstore.h"
#include "raven/ravenemulator.h"
#include "raven/ravenlink.h"

#include "core/post.h"
#include "queuedspy.h"
#include "ravenrig.h"
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>

#include <QtTest>
#include <functional>
#include <memory>

using namespace hil;
using namespace hil::raven;

namespace {
// A seat three times as fast as the default is still again half a second after a step; the
// first 20 ms of a step still grow nearly as t² (what the onset rule assumes, reading ~2 ms early
// here). A short test: less neutral time between steps than on a rig (the step still waits for a
// still seat), a quicker ramp back.
struct Rig : testing::RavenRig
{
    explicit Rig(double responseDelayMs, const std::function<void(RavenRig &)> &beforeLink = {})
        : RavenRig(0.05, IdAccelAttitude,
                   [responseDelayMs, &beforeLink](RavenRig &rig, RavenLinkConfig &cfg) {
                       rig.emu->setResponseDelayMs(responseDelayMs);
                       cfg.transportDelay.quietS = 0.3;
                       cfg.transportDelay.rampS = 0.05;
                       if (beforeLink)
                           beforeLink(rig);
                   })
    {
    }
    QJsonObject td() const { return link->counters()["transport_delay"].toObject(); }
    void start(int steps)
    {
        QMetaObject::invokeMethod(link, "startTransportDelay", Qt::QueuedConnection,
                                  Q_ARG(int, steps));
    }
};

int countEvents(const QueuedSpy &events, const char *id)
{
    int n = 0;
    for (const auto &e : events)
        n += e.at(0).value<hil::Event>().id == QLatin1String(id);
    return n;
}

bool neutral(const RavenEmulator::CueRecord &r)
{
    for (std::size_t w = 0; w < 8; ++w)
        if (r.words[w] != 0)
            return false;
    return true;
}
} // namespace

class TestRavenTransportDelay : public QObject
{
    Q_OBJECT
private slots:
    void measuresTheStandInsResponseDelay_data();
    void measuresTheStandInsResponseDelay();
    void refusedWhenNotCueing();
    void refusedOnAnAddressHeldByAFailedAxisCheck();
    void stopDuringTheMeasurementStopsAndParks();
    void unansweredStepStopsAndRampsOut();

private:
    void toCueing(Rig &r);
};

void TestRavenTransportDelay::toCueing(Rig &r)
{
    QTRY_VERIFY_WITH_TIMEOUT(r.link->counters()["link_up"].toBool(), 5000);
    QMetaObject::invokeMethod(r.link, "requestMode", Qt::QueuedConnection, Q_ARG(int, ModeCueing));
    QTRY_COMPARE_WITH_TIMEOUT(r.link->reportedMode(), int(ModeCueing), 5000);
}

void TestRavenTransportDelay::measuresTheStandInsResponseDelay_data()
{
    QTest::addColumn<double>("setMs");
    QTest::addColumn<double>("low");
    QTest::addColumn<double>("high");
    QTest::newRow("40 ms") << 40.0 << 35.0 << 45.0;
    QTest::newRow("0 ms") << 0.0 << 0.0 << 5.0;
}

void TestRavenTransportDelay::measuresTheStandInsResponseDelay()
{
    QFETCH(double, setMs);
    QFETCH(double, low);
    QFETCH(double, high);
    Rig r(setMs);
    QueuedSpy events(r.link, &Worker::eventRaised);
    toCueing(r);
    QCOMPARE(r.td()["state"].toString(), QStringLiteral("idle"));
    // Nine steps, not a rig's twenty: the median still stands with four of them off.
    r.start(9);
    QTRY_COMPARE_WITH_TIMEOUT(r.td()["state"].toString(), QStringLiteral("done"), 60000);
    const QJsonObject td = r.td();
    QCOMPARE(td["steps"].toInt(), 9);
    QCOMPARE(td["samples_ms"].toArray().size(), 9);
    QCOMPARE(td["axis"].toString(), QStringLiteral("heave"));
    const double median = td["median_ms"].toDouble();
    const double max = td["max_ms"].toDouble();
    qInfo("stand-in delay %.0f ms: median %.2f ms, max %.2f ms, samples %s", setMs, median, max,
          QJsonDocument(td["samples_ms"].toArray()).toJson(QJsonDocument::Compact).constData());
    QVERIFY2(median >= low && median <= high, qPrintable(QString::number(median)));
    QVERIFY(max >= median);
    QTRY_COMPARE(countEvents(events, "raven.transport_delay_done"), 1);
    QCOMPARE(countEvents(events, "raven.transport_delay_stopped"), 0);
    QCOMPARE(r.emu->mode(), int(ModeCueing)); // the measurement asks for no mode
}

void TestRavenTransportDelay::refusedWhenNotCueing()
{
    Rig r(0.0);
    QueuedSpy events(r.link, &Worker::eventRaised);
    QTRY_VERIFY_WITH_TIMEOUT(r.link->counters()["link_up"].toBool(), 5000);
    QCOMPARE(r.link->reportedMode(), int(ModeOff));
    const std::size_t cues = r.emu->cueHistory().size();
    r.start(20);
    QTRY_COMPARE(r.td()["state"].toString(), QStringLiteral("refused"));
    QVERIFY2(r.td()["reason"].toString().contains(QLatin1String("CUEING")),
             qPrintable(r.td()["reason"].toString()));
    QTRY_COMPARE(countEvents(events, "raven.transport_delay_refused"), 1);

    // In CUEING, but the rider's enabling button is configured and released.
    toCueing(r);
    PilotControls pilot;
    pilot.active = true;
    pilot.enablingConfigured = true;
    pilot.enablingHeld = false;
    pilot.deviceName = QStringLiteral("test stick");
    hil::postTo(r.link, [l = r.link, pilot] { l->onPilot(pilot); });
    r.start(20);
    QTRY_COMPARE(countEvents(events, "raven.transport_delay_refused"), 2);
    // td() is the 10 Hz counter snapshot: it still shows the first refusal until the next one.
    QTRY_VERIFY2(r.td()["reason"].toString().contains(QLatin1String("enabling")),
                 qPrintable(r.td()["reason"].toString()));
    QCOMPARE(r.td()["state"].toString(), QStringLiteral("refused"));
    QTest::qWait(300);
    const auto history = r.emu->cueHistory();
    for (std::size_t i = cues; i < history.size(); ++i)
        QVERIFY(neutral(history[i])); // no step went out
}

void TestRavenTransportDelay::refusedOnAnAddressHeldByAFailedAxisCheck()
{
    {
        // Held by the link: the store's failed record read when the link opened.
        Rig r(0.0, [](testing::RavenRig &rig) {
            AxisCheckStore(rig.store).recordOutcome(rig.address, AxHeave, AxisOutcome::Crossed,
                                                    AxRoll, IdAccelAttitude);
        });
        toCueing(r);
        QVERIFY(r.link->axisHeld());
        r.start(20);
        QTRY_COMPARE(r.td()["state"].toString(), QStringLiteral("refused"));
        QVERIFY2(r.td()["reason"].toString().contains(QLatin1String("axis check")),
                 qPrintable(r.td()["reason"].toString()));
    }
    {
        // Held by the store only: a failed result written after the link opened (the dialog).
        Rig r(0.0);
        toCueing(r);
        QVERIFY(!r.link->axisHeld());
        AxisCheckStore(r.store).recordOutcome(r.address, AxPitch, AxisOutcome::Crossed, AxSurge,
                                              IdAccelAttitude);
        r.start(20);
        QTRY_COMPARE(r.td()["state"].toString(), QStringLiteral("refused"));
        QVERIFY2(r.td()["reason"].toString().contains(QLatin1String("axis check")),
                 qPrintable(r.td()["reason"].toString()));
    }
}

void TestRavenTransportDelay::stopDuringTheMeasurementStopsAndParks()
{
    Rig r(40.0);
    QueuedSpy events(r.link, &Worker::eventRaised);
    toCueing(r);
    r.start(20);
    QTRY_VERIFY_WITH_TIMEOUT(r.td()["steps"].toInt() >= 2, 20000);
    QMetaObject::invokeMethod(r.link, "emergencyStop", Qt::QueuedConnection);
    QTRY_COMPARE(r.td()["state"].toString(), QStringLiteral("stopped"));
    QCOMPARE(r.td()["reason"].toString(), QStringLiteral("STOP"));
    QVERIFY(r.td()["steps"].toInt() < 20);
    QTRY_COMPARE_WITH_TIMEOUT(r.emu->mode(), int(ModeLevelBrake), 5000);
    QTRY_COMPARE(countEvents(events, "raven.transport_delay_stopped"), 1);
    QCOMPARE(countEvents(events, "raven.transport_delay_done"), 0);
    // No test cue after the STOP: every frame the stand-in receives from now on is neutral.
    const std::size_t mark = r.emu->cueHistory().size();
    QVERIFY(mark > 0);
    QVERIFY(neutral(r.emu->cueHistory().back()));
    QTest::qWait(500);
    const auto history = r.emu->cueHistory();
    for (std::size_t i = mark; i < history.size(); ++i)
        QVERIFY(neutral(history[i]));
}

void TestRavenTransportDelay::unansweredStepStopsAndRampsOut()
{
    // The seat answers a second late: the step is not answered within 0.6 s. The measurement
    // stops, says why, and ramps the test cue out (no jump back), staying in CUEING.
    Rig r(1000.0);
    QueuedSpy events(r.link, &Worker::eventRaised);
    toCueing(r);
    r.start(3);
    QTRY_COMPARE_WITH_TIMEOUT(r.td()["state"].toString(), QStringLiteral("stopped"), 10000);
    QVERIFY2(r.td()["reason"].toString().contains(QLatin1String("did not answer step 1")),
             qPrintable(r.td()["reason"].toString()));
    QCOMPARE(r.td()["steps"].toInt(), 0);
    QTRY_COMPARE(countEvents(events, "raven.transport_delay_stopped"), 1);
    QTRY_VERIFY(neutral(r.emu->cueHistory().back()));
    const auto history = r.emu->cueHistory();
    std::size_t first = 0;
    while (first < history.size() && history[first].words[2] == 0)
        ++first;
    QVERIFY(first < history.size());
    QCOMPARE(history[first].words[2], 500); // the step: 0.5 m/s² in mm/s²
    int maxStep = 0;
    for (std::size_t i = first + 1; i < history.size(); ++i)
        maxStep = std::max(maxStep, std::abs(history[i].words[2] - history[i - 1].words[2]));
    QVERIFY2(maxStep <= 150, qPrintable(QString::number(maxStep))); // 100 per 10 ms tick
    QCOMPARE(r.emu->mode(), int(ModeCueing));
}

QTEST_GUILESS_MAIN(TestRavenTransportDelay)
#include "tst_raven_transportdelay_link.moc"
