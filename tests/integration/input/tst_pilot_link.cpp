// The input link end to end on its own thread: a virtual gamepad's sticks reach pilotOut with the
// mapped signs; unplugged and plugged back while running (one inactive PilotControls, one event,
// never a stale stick); a mapped STOP and the enabling button from a map file; RealFlight's
// transmitter samples with their defaults and their staleness; the read rate from the stamps.
// SDL's virtual joysticks live in this process and are handled in the link's thread (runIn).
#include "core/post.h"
#include "core/workerhost.h"
#include "input/pilotlink.h"
#include "model/clock.h"
#include "queuedspy.h"
#include "testplatform.h"

#include <QTemporaryDir>
#include <QtTest>
#include <memory>

using namespace hil;
using namespace hil::input;

namespace {
constexpr const char *kPad = "hil test pad";

PilotControls controls(const QVariantList &args)
{
    return args.first().value<PilotControls>();
}

QStringList eventIds(const QueuedSpy &spy)
{
    QStringList ids;
    for (const QVariantList &args : spy)
        ids << args.first().value<Event>().id;
    return ids;
}

/// A link on its thread and spies on its streams.
struct Running
{
    PilotLink *link = nullptr;
    std::unique_ptr<WorkerHost> host;
    std::unique_ptr<QueuedSpy> out, events;

    explicit Running(PilotLinkConfig c)
    {
        c.allowVirtual = true;
        link = new PilotLink(c);
        out = std::make_unique<QueuedSpy>(link, &PilotLink::pilotControls);
        events = std::make_unique<QueuedSpy>(link, &Worker::eventRaised);
        host = std::make_unique<WorkerHost>(link);
    }
    bool start()
    {
        QString error;
        return host->start(&error);
    }
    int attach(bool gamepad = true, int axes = 6, int buttons = 15)
    {
        int id = -1;
        runIn(link, [&] { id = link->attachVirtual(QLatin1String(kPad), axes, buttons, gamepad); });
        return id;
    }
    void axis(int id, int axis, double v)
    {
        runIn(link, [&] { QVERIFY(link->setVirtualAxis(id, axis, v)); });
    }
    void button(int id, int b, bool down)
    {
        runIn(link, [&] { QVERIFY(link->setVirtualButton(id, b, down)); });
    }
    qint64 detach(int id)
    {
        qint64 at = 0;
        runIn(link, [&] { at = link->detachVirtual(id); });
        return at;
    }
    /// Waits until a sample satisfies `pred`; the last one seen.
    template <class P> std::optional<PilotControls> waitFor(P pred, int timeoutMs = 5000)
    {
        QDeadlineTimer deadline(timeoutMs);
        qsizetype seen = 0;
        while (!deadline.hasExpired()) {
            for (; seen < out->size(); ++seen) {
                const PilotControls c = controls(out->at(seen));
                if (pred(c))
                    return c;
            }
            QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        }
        return std::nullopt;
    }
    bool waitEvent(const QString &id, int timeoutMs = 5000)
    {
        QDeadlineTimer deadline(timeoutMs);
        while (!eventIds(*events).contains(id) && !deadline.hasExpired())
            QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        return eventIds(*events).contains(id);
    }
};

bool near(double a, double b)
{
    return std::abs(a - b) < 1e-3;
}
} // namespace

class TestPilotLink : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        qRegisterMetaType<PilotControls>();
        qRegisterMetaType<Event>();
    }

    void gamepadSticksReachPilotOut()
    {
        PilotLinkConfig c;
        c.joystickName = QLatin1String(kPad);
        Running r(c);
        QVERIFY(r.start());
        const int id = r.attach();
        QVERIFY(id >= 0);
        // Mode 2: left X yaw, left Y throttle (up = −1), right X roll, right Y pitch (up = −1).
        r.axis(id, 0, 0.25);
        r.axis(id, 1, -1.0);
        r.axis(id, 2, 0.5);
        r.axis(id, 3, -0.5);
        const auto got = r.waitFor([](const PilotControls &p) {
            return p.active && near(p.throttle, 1.0) && near(p.pitch, 0.5);
        });
        QVERIFY(got);
        QVERIFY(near(got->yaw, 0.25));
        QVERIFY(near(got->roll, 0.5));
        QCOMPARE(got->deviceName, QLatin1String(kPad));
        QCOMPARE(got->deviceId.size(), 32);
        QVERIFY(got->sampleNs > 0 && got->sampleNs <= steadyNowNs());
        QVERIFY(r.waitEvent(QStringLiteral("pilot.device_found")));
        r.axis(id, 2, -1.0);
        QVERIFY(r.waitFor([](const PilotControls &p) { return near(p.roll, -1.0); }));
        QCOMPARE(r.link->state(), LinkState::Up);
        // A stop ends the sticks for the consumers too, and is no loss (no event).
        r.host->stop();
        QCoreApplication::processEvents();
        QVERIFY(!controls(r.out->last()).active);
        QVERIFY(!eventIds(*r.events).contains(QStringLiteral("pilot.device_lost")));
    }

    void hotPlugAndUnplug()
    {
        PilotLinkConfig c;
        c.joystickName = QLatin1String(kPad);
        c.missingAfterMs = 10;
        Running r(c);
        QVERIFY(r.start());
        // Nothing plugged in: no controls at all, the link waits.
        QTest::qWait(50);
        QCoreApplication::processEvents();
        QCOMPARE(r.out->size(), 0);
        QCOMPARE(r.link->state(), LinkState::Connecting);
        QVERIFY(r.waitEvent(QStringLiteral("pilot.device_missing")));

        const int id = r.attach(false, 3, 4); // a flight stick with three axes
        QVERIFY(id >= 0);
        r.axis(id, 0, 0.5);
        QVERIFY(r.waitFor([](const PilotControls &p) { return p.active && near(p.roll, 0.5); }));
        QVERIFY(r.waitEvent(QStringLiteral("pilot.device_found")));

        // Unplugged: the next read sends one inactive PilotControls and one event, and no
        // active sample is ever stamped after the unplug.
        const qint64 unpluggedNs = r.detach(id);
        QVERIFY(unpluggedNs > 0);
        QVERIFY(r.waitEvent(QStringLiteral("pilot.device_lost")));
        QTest::qWait(30); // ten read periods more: nothing may follow
        QCoreApplication::processEvents();
        int inactive = 0;
        for (const QVariantList &args : *r.out) {
            const PilotControls p = controls(args);
            if (!p.active)
                ++inactive;
            else
                QVERIFY2(p.sampleNs < unpluggedNs, "an active sample after the unplug");
        }
        QCOMPARE(inactive, 1);
        QCOMPARE(eventIds(*r.events).count(QStringLiteral("pilot.device_lost")), 1);
        QCOMPARE(eventIds(*r.events).count(QStringLiteral("pilot.device_missing")), 1);
        const PilotControls last = controls(r.out->last());
        QVERIFY(!last.active);
        QCOMPARE(last.deviceName, QLatin1String(kPad));
        QCOMPARE(r.link->state(), LinkState::Down);

        // Back: an event and active again.
        const int again = r.attach(false, 3, 4);
        QVERIFY(again >= 0);
        QVERIFY(r.waitEvent(QStringLiteral("pilot.device_back")));
        QVERIFY(r.waitFor([](const PilotControls &p) { return p.active; }));
        // The counter snapshot is refreshed at 10 Hz.
        QTRY_COMPARE(r.link->counters().value(QStringLiteral("devices_found")).toInt(), 2);
        QCOMPARE(r.link->counters().value(QStringLiteral("stale_events")).toInt(), 1);
        r.host->stop();
    }

    void anotherDeviceIsNeverTakenOver()
    {
        // Both names match the selection; once "sticky pad A" was flown, only it comes back.
        PilotLinkConfig c;
        c.joystickName = QStringLiteral("sticky pad");
        Running r(c);
        QVERIFY(r.start());
        int a = -1;
        runIn(r.link,
              [&] { a = r.link->attachVirtual(QStringLiteral("sticky pad A"), 6, 15, true); });
        const auto first = r.waitFor([](const PilotControls &p) { return p.active; });
        QVERIFY(first);
        QVERIFY(r.detach(a) > 0);
        QVERIFY(r.waitEvent(QStringLiteral("pilot.device_lost")));
        int b = -1;
        runIn(r.link,
              [&] { b = r.link->attachVirtual(QStringLiteral("sticky pad B"), 6, 15, true); });
        QVERIFY(b >= 0);
        QTest::qWait(50); // more than ten read periods
        QCoreApplication::processEvents();
        QVERIFY(!controls(r.out->last()).active);
        QVERIFY(!eventIds(*r.events).contains(QStringLiteral("pilot.device_back")));
        runIn(r.link,
              [&] { a = r.link->attachVirtual(QStringLiteral("sticky pad A"), 6, 15, true); });
        QVERIFY(r.waitEvent(QStringLiteral("pilot.device_back")));
        QTRY_VERIFY(controls(r.out->last()).active);
        QCOMPARE(controls(r.out->last()).deviceId, first->deviceId);
        r.host->stop();
    }

    void stopAndEnablingButtonsFromMapFile()
    {
        // The virtual pad's GUID (SDL makes it from the name) as a first link sees it.
        QString guid;
        {
            PilotLinkConfig c;
            c.joystickName = QLatin1String(kPad);
            Running r(c);
            QVERIFY(r.start());
            QVERIFY(r.attach() >= 0);
            const auto p = r.waitFor([](const PilotControls &p) { return p.active; });
            QVERIFY(p);
            guid = p->deviceId;
            QVERIFY(!p->stopMapped); // the default mapping has no buttons
            r.host->stop();
        }
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("pilot.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral(R"({"format": "hilstation-pilot-map", "version": 1, "devices": {
            "%1": { "buttons": [ {"button": 1, "action": "stop"}, {"button": 0, "action": "arm"} ],
                    "enabling_button": 9 } } })")
                    .arg(guid.toUpper())
                    .toUtf8());
        f.close();
        QString error;
        PilotLinkConfig c;
        c.joystickName = guid; // by GUID this time
        c.map = readPilotMap(path, &error);
        QVERIFY2(c.map, qPrintable(error));
        Running r(c);
        QVERIFY(r.start());
        const int id = r.attach();
        auto p = r.waitFor([](const PilotControls &p) { return p.active; });
        QVERIFY(p);
        QVERIFY(p->stopMapped);
        QVERIFY(p->enablingConfigured);
        QVERIFY(!p->enablingHeld);
        QCOMPARE(p->held, 0u);

        r.button(id, 9, true); // the enabling button
        QVERIFY(r.waitFor([](const PilotControls &p) { return p.enablingHeld; }));
        r.button(id, 1, true); // STOP
        p = r.waitFor([](const PilotControls &p) { return p.held & PilotStop; });
        QVERIFY(p);
        QCOMPARE(p->pressed, std::uint32_t(PilotStop)); // pressed once, with the first held one
        QVERIFY(p->enablingHeld);
        QTest::qWait(20);
        QCoreApplication::processEvents();
        int presses = 0;
        for (const QVariantList &args : *r.out)
            presses += (controls(args).pressed & PilotStop) ? 1 : 0;
        QCOMPARE(presses, 1);
        r.button(id, 9, false);
        // Released while STOP stays held.
        QVERIFY(r.waitFor(
            [](const PilotControls &p) { return !p.enablingHeld && (p.held & PilotStop); }));
        r.host->stop();
    }

    void realFlightTransmitter()
    {
        PilotLinkConfig c;
        c.source = PilotLinkConfig::Source::RealFlight;
        c.allowVirtual = false;
        Running r(c);
        QVERIFY(r.start());
        std::uint64_t seq = 0;
        const auto offer = [&](std::vector<double> axes) {
            PilotSample s;
            s.deviceId = QStringLiteral("realflight");
            s.name = QStringLiteral("RealFlight");
            s.axes = std::move(axes);
            s.monotonicNs = steadyNowNs();
            s.sequence = ++seq;
            postTo(r.link, [link = r.link, s] { link->offerTransmitter(s); });
        };
        // Channels 1 roll, 2 pitch (forward = high on the InterLink), 3 throttle (−1 idle), 4 yaw.
        offer({0.5, 0.5, -1.0, -0.25});
        auto p = r.waitFor([](const PilotControls &p) { return p.active; });
        QVERIFY(p);
        QVERIFY(near(p->roll, 0.5));
        QVERIFY(near(p->pitch, 0.5));
        QVERIFY(near(p->throttle, 0.0));
        QVERIFY(near(p->yaw, -0.25));
        QCOMPARE(p->deviceId, QStringLiteral("realflight"));
        QVERIFY(r.waitEvent(QStringLiteral("pilot.device_found")));

        // A bad sample: dropped, counted, one event however many come.
        offer({std::nan(""), 0.0, 0.0, 0.0});
        offer({2.0, 0.0, 0.0, 0.0});
        QVERIFY(r.waitEvent(QStringLiteral("pilot.bad_sample")));

        // RealFlight gone: no sample for 100 ms → one inactive, one event (well within 1 s).
        QVERIFY(r.waitFor([](const PilotControls &p) { return !p.active; }, 2000));
        QVERIFY(r.waitEvent(QStringLiteral("pilot.device_lost")));
        QTest::qWait(150);
        QCoreApplication::processEvents();
        int inactive = 0;
        for (const QVariantList &args : *r.out)
            inactive += controls(args).active ? 0 : 1;
        QCOMPARE(inactive, 1);
        QCOMPARE(eventIds(*r.events).count(QStringLiteral("pilot.bad_sample")), 1);
        QTRY_COMPARE(r.link->counters().value(QStringLiteral("bad_samples")).toInt(), 2);

        offer({0.0, 0.0, 1.0, 0.0});
        QVERIFY(r.waitEvent(QStringLiteral("pilot.device_back")));
        p = r.waitFor([](const PilotControls &p) { return p.active && near(p.throttle, 1.0); });
        QVERIFY(p);
        r.host->stop();
    }

    void sampleRateFromStamps()
    {
        PilotLinkConfig c;
        c.joystickName = QLatin1String(kPad);
        Running r(c);
        QVERIFY(r.start());
        QVERIFY(r.attach() >= 0);
        QVERIFY(r.waitFor([](const PilotControls &p) { return p.active; }));
        QTest::qWait(2000);
        QCoreApplication::processEvents();
        r.host->stop();
        QCoreApplication::processEvents();
        // The samples' own stamps over the run: a count per second of steady-clock time, not a
        // timed wait (however late this thread ran, the stamps are the link's).
        std::vector<std::int64_t> stamps;
        for (const QVariantList &args : *r.out)
            if (controls(args).active)
                stamps.push_back(controls(args).sampleNs);
        QVERIFY(stamps.size() > 100);
        const double seconds = double(stamps.back() - stamps.front()) * 1e-9;
        const double hz = double(stamps.size() - 1) / seconds;
        qInfo("%zu samples in %.3f s: %.1f Hz", stamps.size(), seconds, hz);
        // 333 Hz asked. Under Wine, with another test beside it on two cores, the link's 3 ms
        // timer slipped to 215 Hz once: there the bound is what tells a 1 ms timer period from
        // Windows' default 15.6 ms tick (at most 64 reads a second), the failure Windows can have.
        const double atLeast = hil::testplatform::isWindows() ? 100.0 : 250.0;
        QVERIFY2(hz >= atLeast, qPrintable(QString::number(hz)));
        for (std::size_t i = 1; i < stamps.size(); ++i)
            QVERIFY(stamps[i] > stamps[i - 1]);
    }
};

QTEST_GUILESS_MAIN(TestPilotLink)
#include "tst_pilot_link.moc"
