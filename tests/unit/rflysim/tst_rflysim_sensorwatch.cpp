// SensorWatch without sockets: a request is confirmed by frames only; it is re-sent with a
// bounded back-off until then, and again when the frames stop for max(2 s, 3 frame periods);
// without gimbal state (peerQuiet) a quiet sensor is asked every 500 ms. The clock is the test's.
#include "rflysim/sensorwatch.h"

#include <QtTest>

using namespace hil;
using State = SensorWatch::State;

namespace {
/// When the requests go out over [from, to) ms polled every 100 ms, as the link polls.
QVector<qint64> sendTimes(SensorWatch &w, qint64 from, qint64 to, bool peerQuiet = false)
{
    QVector<qint64> sent;
    for (qint64 t = from; t < to; t += 100)
        if (w.requestDue(t, peerQuiet)) {
            w.requestSent(t);
            sent << t;
        }
    return sent;
}
} // namespace

class TestRflysimSensorWatch : public QObject
{
    Q_OBJECT
private slots:
    void silenceThresholdFollowsTheRequestedRate_data()
    {
        QTest::addColumn<double>("rateHz");
        QTest::addColumn<qint64>("silenceMs");
        QTest::newRow("30 Hz: the 2 s floor") << 30.0 << qint64(2000);
        QTest::newRow("1.5 Hz: exactly 2 s") << 1.5 << qint64(2000);
        QTest::newRow("1 Hz: three periods") << 1.0 << qint64(3000);
        QTest::newRow("0.5 Hz") << 0.5 << qint64(6000);
        QTest::newRow("0: RflySim3D's 30 Hz") << 0.0 << qint64(2000);
    }
    void silenceThresholdFollowsTheRequestedRate()
    {
        QFETCH(double, rateHz);
        QFETCH(qint64, silenceMs);
        QCOMPARE(SensorWatch(rateHz, 0).silenceMs(), silenceMs);
    }

    void unansweredRequestBacksOffUpToTheSilenceThreshold()
    {
        SensorWatch w(30.0, 0);
        QCOMPARE(w.state(), State::Requested);
        // At once, then 500, 1000, 2000 ms apart, and never further apart than silenceMs.
        QCOMPARE(sendTimes(w, 0, 9600), (QVector<qint64>{0, 500, 1500, 3500, 5500, 7500, 9500}));
        QCOMPARE(w.requests(), quint64(7));
        QCOMPARE(w.state(), State::Requested);
        QCOMPARE(w.frames(), quint64(0));
    }

    void firstFrameConfirmsAndStopsTheRequests()
    {
        SensorWatch w(10.0, 0);
        QCOMPARE(sendTimes(w, 0, 1000), (QVector<qint64>{0, 500}));
        QVERIFY(w.frameArrived(1000)); // a change: one event
        QCOMPARE(w.state(), State::Streaming);
        QVERIFY(!w.frameArrived(1100)); // no change: no event
        for (qint64 t = 1200; t < 10000; t += 100) {
            QVERIFY(!w.frameArrived(t));
            QVERIFY(!w.poll(t));
            QVERIFY(!w.requestDue(t, false));
        }
        QCOMPARE(w.requests(), quint64(2));
        QCOMPARE(w.frames(), quint64(90));
    }

    void framesStoppingMakeItSilentAndRequestedAtOnce()
    {
        SensorWatch w(30.0, 0);
        w.requestSent(0);
        QVERIFY(w.frameArrived(100));
        QVERIFY(!w.poll(2100)); // exactly silenceMs: not yet
        QVERIFY(!w.requestDue(2100, false));
        QVERIFY(w.poll(2101));
        QCOMPARE(w.state(), State::Silent);
        QVERIFY(!w.poll(2200)); // one change, one event
        // Re-requested at once, then with the back-off again, staying silent meanwhile.
        QCOMPARE(sendTimes(w, 2200, 6000), (QVector<qint64>{2200, 2700, 3700, 5700}));
        QCOMPARE(w.state(), State::Silent);
        // Frames again: streaming, no more requests.
        QVERIFY(w.frameArrived(6000));
        QCOMPARE(w.state(), State::Streaming);
        QVERIFY(!w.requestDue(6100, false));
        QCOMPARE(w.requests(), quint64(5));
    }

    void slowSensorGetsThreeFramePeriods()
    {
        SensorWatch w(0.5, 0); // a frame every 2 s
        w.requestSent(0);
        QVERIFY(w.frameArrived(1000));
        QVERIFY(!w.poll(5000)); // two periods late: still streaming
        QVERIFY(!w.poll(7000));
        QVERIFY(w.poll(7001));
        QCOMPARE(w.state(), State::Silent);
    }

    void peerQuietAsksQuietSensorsEvery500Ms()
    {
        // No gimbal state either: RflySim3D looks gone. A quiet sensor is asked every 500 ms
        // (what brings a restarted RflySim3D back within a second), a sensor that still sends
        // frames is left alone.
        SensorWatch quiet(30.0, 0), busy(30.0, 0);
        quiet.requestSent(0);
        busy.requestSent(0);
        QVERIFY(quiet.frameArrived(50));
        QVERIFY(busy.frameArrived(50));
        QVector<qint64> sent;
        for (qint64 t = 100; t < 2000; t += 100) {
            QVERIFY(!busy.frameArrived(t));
            if (busy.requestDue(t, true))
                sent << -t;
            if (quiet.requestDue(t, true)) {
                quiet.requestSent(t);
                sent << t;
            }
        }
        QCOMPARE(sent, (QVector<qint64>{600, 1100, 1600}));
        QCOMPARE(quiet.state(), State::Streaming); // silence is still the 2 s rule
    }

    void stateNamesAreSessionJsonWords()
    {
        QCOMPARE(SensorWatch::stateName(State::Requested), "requested");
        QCOMPARE(SensorWatch::stateName(State::Streaming), "streaming");
        QCOMPARE(SensorWatch::stateName(State::Silent), "silent");
    }
};

QTEST_APPLESS_MAIN(TestRflysimSensorWatch)
#include "tst_rflysim_sensorwatch.moc"
