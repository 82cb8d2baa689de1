// RealFlight's transmitter through the Station: the FlightAxis link's transmitterOut reaches a
// link that declares transmitterIn (here a sink written for this test, standing in for the input
// link), routed by the descriptors alone, in the consumer's own thread. The real stand-in over
// 127.0.0.1 as RealFlight, its scripted transmitter moved by the test.
#include "flightaxis/flightaxisemulator.h"
#include "links/builtin.h"
#include "model/pilot.h"
#include "model/tsan.h"
#include "station/options.h"
#include "station/station.h"

#include <QMutex>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>
#include <atomic>

using namespace hil;

namespace {
/// Takes PilotSamples and keeps them; its thread is its own (WorkerHost).
class PilotSink : public Worker
{
    Q_OBJECT
public:
    PilotSink() : Worker(QStringLiteral("pilotsink")) {}
    void take(const PilotSample &s)
    {
        tsanArrived(s);
        const bool own = QThread::currentThread() == thread();
        QMutexLocker lock(&m_mutex);
        m_samples.push_back(s);
        m_wrongThread += own ? 0 : 1;
    }
    QList<PilotSample> samples() const
    {
        QMutexLocker lock(&m_mutex);
        return m_samples;
    }
    int wrongThread() const
    {
        QMutexLocker lock(&m_mutex);
        return m_wrongThread;
    }

protected:
    bool open(QString *) override
    {
        setState(LinkState::Up);
        return true;
    }
    void close() override {}
    QJsonObject collectCounters() const override { return {}; }

private:
    mutable QMutex m_mutex;
    QList<PilotSample> m_samples;
    int m_wrongThread = 0;
};

std::atomic<PilotSink *> g_sink{nullptr};
std::atomic<FlightAxisEmulator *> g_emulator{nullptr};

LinkRegistry withPilotSink()
{
    LinkRegistry r = links::builtinLinks();
    LinkDescriptor d;
    d.name = QStringLiteral("pilotsink");
    d.title = QStringLiteral("Pilot sink");
    d.companionOf = QStringLiteral("flightaxis"); // runs whenever RealFlight's link does
    d.makeLink = [](const LinkContext &ctx, QString *) -> Worker * {
        g_emulator = static_cast<FlightAxisEmulator *>(ctx.worker("emulator.flightaxis"));
        auto *sink = new PilotSink;
        g_sink = sink;
        return sink;
    };
    d.transmitterIn = [](Worker *w, const PilotSample &s) { static_cast<PilotSink *>(w)->take(s); };
    r.add(d);
    return r;
}
} // namespace

class TestRealFlightTransmitter : public QObject
{
    Q_OBJECT
private slots:
    void reachesTheTransmitterConsumer();
};

void TestRealFlightTransmitter::reachesTheTransmitterConsumer()
{
    const LinkRegistry reg = withPilotSink();
    QTemporaryDir dir;
    StationOptions o;
    o.logDir = dir.path();
    o.emulate = {QStringLiteral("flightaxis")};
    Station station(o, reg);
    QString error;
    QVERIFY2(station.start(&error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(g_sink.load() && g_emulator.load(), 10000);
    PilotSink *sink = g_sink;
    QTRY_VERIFY_WITH_TIMEOUT(sink->samples().size() > 10, 15000);
    QCOMPARE(sink->samples().first().deviceId, QStringLiteral("realflight"));
    QCOMPARE(sink->wrongThread(), 0); // queued into the consumer's thread

    g_emulator.load()->setTransmitter({0.0, 1.0, 1.0, 0.5});
    QTRY_VERIFY_WITH_TIMEOUT(sink->samples().last().axes == (std::vector<double>{-1, 1, 1, 0}),
                             10000);
    QTRY_VERIFY_WITH_TIMEOUT(station.snapshot()["links"]
                                     .toObject()["flightaxis"]
                                     .toObject()
                                     .value("transmitter_samples")
                                     .toDouble() > 0,
                             5000);
    station.stop();
    g_sink = nullptr;
    g_emulator = nullptr;
}

QTEST_GUILESS_MAIN(TestRealFlightTransmitter)
#include "tst_realflight_transmitter.moc"
