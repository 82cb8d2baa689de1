// Rider safety timelines with a fake clock: watchdog ramps, STOP, link silence, mode requests
// only on operator action (or the unattended mode, once), polling rates, washout checks.
#include "raven/cueing.h"
#include "raven/ridersafety.h"

#include <QtTest>

using namespace hil;
using namespace hil::raven;

namespace {
constexpr std::int64_t ms(double v)
{
    return std::int64_t(v * 1'000'000);
}

/// A fake clock driving RiderSafety in 10 ms steps, with a simulator sending at 100 Hz while
/// `simRunning` and collecting everything the safety asks to send.
struct Rig
{
    RiderSafety s;
    std::int64_t now = ms(1000);
    bool simRunning = true;
    bool simStale = false;
    std::vector<QByteArray> sent;
    QStringList events;
    QList<hil::Event> typed;
    void take()
    {
        for (const hil::Event &e : s.takeEvents()) {
            typed << e;
            events << e.text;
        }
    }
    bool hasId(const char *id, hil::Severity sev) const
    {
        for (const hil::Event &e : typed)
            if (e.id == QLatin1String(id) && e.severity == sev)
                return true;
        return false;
    }
    std::uint32_t seq = 0;

    explicit Rig(const SafetySettings &set = {}) : s(set) {}
    void step(double durationMs)
    {
        const std::int64_t end = now + ms(durationMs);
        while (now < end) {
            now += ms(10);
            if (simRunning) {
                SimFrame f;
                f.sequence = ++seq;
                f.stale = simStale;
                f.physicsTimeS = double(now) * 1e-9; // physics in real time
                s.onSimFrame(f, now);
            }
            s.tick(now);
            for (QByteArray &b : s.dueFrames(now))
                sent.push_back(b);
            take();
        }
    }
    int countSent(const QByteArray &frame) const
    {
        return int(std::count(sent.begin(), sent.end(), frame));
    }
    int modeRequests() const
    {
        int n = 0;
        for (const QByteArray &b : sent)
            n += b.size() == 11;
        return n;
    }
    void reply(int mode, std::uint16_t id = IdDofPositions, int thermal = 0)
    {
        s.onPlatformReply(
            decodeStatus(encodeStatus(mode, thermal, {true, true, true, true, true, true})), id,
            now);
        take();
    }
};

bool anyContains(const QStringList &l, const QString &what)
{
    for (const QString &e : l)
        if (e.contains(what))
            return true;
    return false;
}
} // namespace

class TestRavenSafety : public QObject
{
    Q_OBJECT
private slots:
    void rampsInOverTwoSeconds();
    void staleSimulatorRampsDownWithinOneSecond();
    void stalledFlagTripsWatchdog();
    void freshAgainRampsBack();
    void rampInAgainAfterAHandOver();
    void emergencyStopZeroesAtOnceAndLatches();
    void stopModeCanBeOff();
    void neverRequestsModeByItself();
    void unattendedModeOnceAfterFirstAnswer();
    void modeRequestRepeatsUntilShown();
    void platformSilenceTakesLinkDown();
    void pollingRates();
    void washoutLimitsAndWarnings();
    void parkRampsThenLevelBrake();
    void parkNeedsNoModeWhenOff();
    void parkTimesOut();
    void safetyEventsAreTypedErrors();
    void axisHoldRampsToNeutralAndStays();
    void enablingButtonLostDeviceStopsOnlyInCueing();
    void gainHoldsNameWhatHoldsTheGain();
};

void TestRavenSafety::enablingButtonLostDeviceStopsOnlyInCueing()
{
    // An enabling button configured, then its device lost: that is a release (cues ramp to 0),
    // and 2 s later a STOP, but only while the platform shows CUEING; in LOADING nothing is
    // requested. An operator's mode request gives the released button its full 2 s again.
    Rig r;
    r.step(2100);
    r.reply(ModeLoading);
    r.s.onPilot(true, true, true, r.now);
    r.step(100);
    const int requests = r.modeRequests();
    r.s.onPilot(false, false, false, r.now); // unplugged: the last controls say "no button"
    r.take();
    QVERIFY(r.s.enablingConfigured());
    QVERIFY(!r.s.enablingHeld());
    QVERIFY(r.hasId("raven.enabling_device_lost", hil::Severity::Warning));
    r.step(3000);
    QCOMPARE(r.modeRequests(), requests); // LOADING: no STOP, no request at all
    QVERIFY(!r.s.stopped());
    QCOMPARE(r.s.cueGain(), 0.0);
    QVERIFY(r.s.operatorMode(ModeCueing, r.now)); // the operator, not the button
    r.reply(ModeCueing);
    r.step(1900);
    QVERIFY(!r.s.stopped()); // 2 s from the operator's request, not from the release
    r.step(200);
    QVERIFY(r.s.stopped());
    QVERIFY(r.hasId("raven.enabling_stop", hil::Severity::Error));
    QVERIFY(r.hasId("raven.stop", hil::Severity::Error));
}

void TestRavenSafety::gainHoldsNameWhatHoldsTheGain()
{
    // cues.csv's `holds`: each rule that pulls the gain to 0 has its bit, none while it is 1.
    Rig r;
    QVERIFY(r.s.gainHolds() & HoldStale); // no simulator state yet
    r.step(2100);
    r.reply(ModeCueing);
    QCOMPARE(r.s.cueGain(), 1.0);
    QCOMPARE(r.s.gainHolds(), 0u);
    r.s.setAxisHold(true, AxHeave, AxRoll);
    r.step(10);
    QCOMPARE(r.s.gainHolds(), std::uint32_t(HoldAxis));
    r.s.setAxisHold(false);
    r.s.onPilot(true, true, false, r.now); // the enabling button released
    r.step(10);
    QCOMPARE(r.s.gainHolds(), std::uint32_t(HoldEnabling));
    r.s.onPilot(true, true, true, r.now);
    r.simRunning = false;
    r.step(200);
    QCOMPARE(r.s.gainHolds(), std::uint32_t(HoldStale));
    r.s.emergencyStop(r.now);
    QCOMPARE(r.s.gainHolds(), std::uint32_t(HoldStale | HoldStop));
    QCOMPARE(r.s.cueGain(), 0.0);
    r.s.beginPark(r.now);
    QVERIFY(r.s.gainHolds() & HoldPark);
}

void TestRavenSafety::axisHoldRampsToNeutralAndStays()
{
    // The axis check found another reading of the axes: the simulator keeps running, the cues
    // ramp to neutral within 1 s and stay there; no mode is requested; one event per change.
    Rig r;
    r.step(2100);
    r.reply(ModeCueing);
    QCOMPARE(r.s.cueGain(), 1.0);
    const int requests = r.modeRequests();
    r.s.setAxisHold(true, AxHeave, AxRoll);
    r.s.setAxisHold(true, AxHeave, AxRoll); // again: no second event
    r.step(10);
    QVERIFY(r.s.cueGain() < 1.0 && r.s.cueGain() > 0.9); // ramped, not a step
    r.step(1000);
    QCOMPARE(r.s.cueGain(), 0.0);
    r.step(3000);
    QCOMPARE(r.s.cueGain(), 0.0); // held while the simulator runs fresh
    QVERIFY(r.s.simFresh());
    QCOMPARE(r.modeRequests(), requests);
    QCOMPARE(r.events.filter(QStringLiteral("held at neutral")).size(), 1);
    QVERIFY(r.events.filter(QStringLiteral("a heave test cue moved roll")).size() == 1);
    QVERIFY(r.hasId("raven.axis_hold", hil::Severity::Error));
    r.s.setAxisHold(false);
    r.step(1000);
    QVERIFY(r.s.cueGain() > 0.4 && r.s.cueGain() < 0.6); // back in over 2 s
    QVERIFY(r.hasId("raven.axis_hold_released", hil::Severity::Info));
}

void TestRavenSafety::parkRampsThenLevelBrake()
{
    Rig r;
    r.step(2100);
    r.reply(ModeCueing);
    QCOMPARE(r.s.cueGain(), 1.0);
    const int before = r.countSent(encodeModeRequest(ModeLevelBrake));
    r.s.beginPark(r.now);
    // Ramping: no mode request yet, gain falling by at most 10 ms / 1 s per tick.
    double last = r.s.cueGain();
    for (int i = 0; i < 99; ++i) {
        r.step(10);
        r.reply(ModeCueing);
        QVERIFY(last - r.s.cueGain() <= 0.0101);
        last = r.s.cueGain();
    }
    QCOMPARE(r.countSent(encodeModeRequest(ModeLevelBrake)), before);
    r.step(20);
    QCOMPARE(r.s.cueGain(), 0.0); // within 1 s (+ one tick)
    QCOMPARE(r.s.parkState(), RiderSafety::Park::Waiting);
    QVERIFY(r.countSent(encodeModeRequest(ModeLevelBrake)) > before);
    r.reply(ModeLevelBrake);
    r.step(10);
    QCOMPARE(r.s.parkState(), RiderSafety::Park::Parked);
    QVERIFY(r.hasId("raven.parked", hil::Severity::Info));
    // Sim frames keep coming: the gain stays at 0 (no ramp back in after parking).
    r.step(500);
    QCOMPARE(r.s.cueGain(), 0.0);
}

void TestRavenSafety::parkNeedsNoModeWhenOff()
{
    Rig r;
    r.step(100);
    r.reply(ModeOff);
    r.s.beginPark(r.now);
    r.step(1100);
    QCOMPARE(r.s.parkState(), RiderSafety::Park::NotNeeded);
    QCOMPARE(r.modeRequests(), 0); // never an unasked mode change
}

void TestRavenSafety::parkTimesOut()
{
    Rig r;
    r.step(100);
    r.reply(ModeCueing);
    r.s.beginPark(r.now);
    r.step(1100);
    QCOMPARE(r.s.parkState(), RiderSafety::Park::Waiting);
    r.step(2100); // the platform keeps showing CUEING (no replies at all: mode stays CUEING)
    QCOMPARE(r.s.parkState(), RiderSafety::Park::TimedOut);
    QVERIFY(r.hasId("raven.park_failed", hil::Severity::Error));
}

void TestRavenSafety::safetyEventsAreTypedErrors()
{
    Rig r;
    r.step(100);
    r.s.onPlatformReply(
        decodeStatus(encodeStatus(ModeCueing, 1, {true, true, true, false, true, true})),
        IdDofPositions, r.now);
    r.take();
    QVERIFY(r.hasId("raven.motor_fault", hil::Severity::Error));
    QVERIFY(r.hasId("raven.overheat", hil::Severity::Error));
    r.s.emergencyStop(r.now);
    r.take();
    QVERIFY(r.hasId("raven.stop", hil::Severity::Error));
    r.simRunning = false;
    r.step(300);
    QVERIFY(r.hasId("raven.watchdog", hil::Severity::Error));
    r.step(1500);
    QVERIFY(r.hasId("raven.mode_timeout", hil::Severity::Error));
    QVERIFY(r.hasId("raven.platform_mode", hil::Severity::Info));
}

void TestRavenSafety::rampsInOverTwoSeconds()
{
    Rig r;
    r.step(10);
    QVERIFY(r.s.simFresh());
    QVERIFY(r.s.cueGain() < 0.05);
    r.step(1000);
    QVERIFY(qAbs(r.s.cueGain() - 0.5) < 0.02);
    r.step(1020);
    QCOMPARE(r.s.cueGain(), 1.0);
    QCOMPARE(r.s.watchdogTrips(), std::uint64_t(0));
}

void TestRavenSafety::staleSimulatorRampsDownWithinOneSecond()
{
    Rig r;
    r.step(2500);
    QCOMPARE(r.s.cueGain(), 1.0);
    r.simRunning = false;
    r.step(100);
    QVERIFY(r.s.simFresh()); // 100 ms old is still fresh
    QCOMPARE(r.s.watchdogTrips(), std::uint64_t(0));
    r.step(20);
    QVERIFY(!r.s.simFresh());
    QCOMPARE(r.s.watchdogTrips(), std::uint64_t(1));
    QVERIFY(anyContains(r.events, "watchdog"));
    r.step(500);
    QVERIFY(r.s.cueGain() > 0.3 && r.s.cueGain() < 0.7);
    r.step(500);
    QCOMPARE(r.s.cueGain(), 0.0);
    r.step(2000); // still stale: one trip, not one per tick
    QCOMPARE(r.s.watchdogTrips(), std::uint64_t(1));
}

void TestRavenSafety::stalledFlagTripsWatchdog()
{
    Rig r;
    r.step(2500);
    r.simStale = true; // frames keep coming, physics paused
    r.step(10);
    QVERIFY(!r.s.simFresh());
    QCOMPARE(r.s.watchdogTrips(), std::uint64_t(1));
    r.step(1000);
    QCOMPARE(r.s.cueGain(), 0.0);
}

void TestRavenSafety::freshAgainRampsBack()
{
    Rig r;
    r.step(2500);
    r.simRunning = false;
    r.step(1500);
    QCOMPARE(r.s.cueGain(), 0.0);
    r.simRunning = true;
    r.step(1000);
    QVERIFY(qAbs(r.s.cueGain() - 0.5) < 0.02);
    r.step(1010);
    QCOMPARE(r.s.cueGain(), 1.0);
}

void TestRavenSafety::rampInAgainAfterAHandOver()
{
    // The axis check hands the platform back to the simulator: its cues must come back ramped
    // from neutral over the ramp-up time, not as a step at full gain.
    Rig r;
    r.step(2500);
    QCOMPARE(r.s.cueGain(), 1.0);
    r.s.rampInAgain();
    QCOMPARE(r.s.cueGain(), 0.0);
    r.step(1000);
    QVERIFY(qAbs(r.s.cueGain() - 0.5) < 0.02);
    r.step(1010);
    QCOMPARE(r.s.cueGain(), 1.0);
    QCOMPARE(r.s.watchdogTrips(), std::uint64_t(0));
}

void TestRavenSafety::emergencyStopZeroesAtOnceAndLatches()
{
    Rig r;
    r.reply(ModeCueing);
    r.step(2500);
    QCOMPARE(r.s.cueGain(), 1.0);
    r.s.emergencyStop(r.now);
    QCOMPARE(r.s.cueGain(), 0.0); // at once, no ramp
    QVERIFY(r.s.stopped());
    const auto frames = r.s.dueFrames(r.now);
    QVERIFY(!frames.empty());
    QCOMPARE(frames.front(), encodeModeRequest(ModeLevelBrake));
    r.step(3000); // simulator still fresh: stays at zero until the operator acts
    QCOMPARE(r.s.cueGain(), 0.0);
    QVERIFY(r.s.operatorMode(ModeCueing, r.now));
    QVERIFY(!r.s.stopped());
    r.step(2010);
    QCOMPARE(r.s.cueGain(), 1.0);
}

void TestRavenSafety::stopModeCanBeOff()
{
    SafetySettings set;
    set.stopMode = ModeOff;
    Rig r(set);
    r.s.emergencyStop(r.now);
    QCOMPARE(r.s.dueFrames(r.now).front(), encodeModeRequest(ModeOff));
}

void TestRavenSafety::neverRequestsModeByItself()
{
    Rig r;
    r.reply(ModeOff);
    r.step(3000);
    r.simRunning = false;
    r.step(2000);
    r.reply(ModeLoading); // platform changes mode itself (e.g. a pendant): we only show it
    r.step(1000);
    QCOMPARE(r.modeRequests(), 0);
    QCOMPARE(r.s.platformMode(), int(ModeLoading));
    QVERIFY(anyContains(r.events, "platform mode LOADING"));
}

void TestRavenSafety::unattendedModeOnceAfterFirstAnswer()
{
    SafetySettings set;
    set.unattendedMode = ModeCueing;
    Rig r(set);
    r.step(500);
    QCOMPARE(r.modeRequests(), 0); // not before the platform answered
    r.reply(ModeOff);
    r.step(10);
    QCOMPARE(r.countSent(encodeModeRequest(ModeCueing)), 1);
    r.reply(ModeCueing);
    r.step(2000);
    // Silent, then back: no second unattended request.
    r.step(600);
    QCOMPARE(r.s.link(), RiderSafety::Link::Silent);
    r.reply(ModeOff);
    r.step(1000);
    QCOMPARE(r.countSent(encodeModeRequest(ModeCueing)), 1);
}

void TestRavenSafety::modeRequestRepeatsUntilShown()
{
    Rig r;
    r.reply(ModeOff);
    r.s.operatorMode(ModeLoading, r.now);
    r.step(250); // not yet shown: repeated every 100 ms
    QCOMPARE(r.countSent(encodeModeRequest(ModeLoading)), 3);
    r.reply(ModeLoading);
    r.step(500);
    QCOMPARE(r.countSent(encodeModeRequest(ModeLoading)), 3);
    // A request the platform refuses is given up after 1 s, with an event.
    r.s.operatorMode(ModeCueing, r.now);
    r.step(2000);
    QVERIFY(r.countSent(encodeModeRequest(ModeCueing)) <= 11);
    QVERIFY(anyContains(r.events, "did not take mode CUEING"));
}

void TestRavenSafety::platformSilenceTakesLinkDown()
{
    Rig r;
    QCOMPARE(r.s.link(), RiderSafety::Link::NeverAnswered);
    r.reply(ModeOff);
    QCOMPARE(r.s.link(), RiderSafety::Link::Up);
    r.step(490);
    QCOMPARE(r.s.link(), RiderSafety::Link::Up);
    r.step(30);
    QCOMPARE(r.s.link(), RiderSafety::Link::Silent);
    QVERIFY(anyContains(r.events, "silent"));
    const auto polls = r.countSent(encodeRequest(IdDofPositions));
    r.step(1000);
    QVERIFY(r.countSent(encodeRequest(IdDofPositions)) > polls); // keeps asking / listening
    r.reply(ModeOff);
    QCOMPARE(r.s.link(), RiderSafety::Link::Up);
}

void TestRavenSafety::pollingRates()
{
    Rig r;
    r.step(2000);
    QVERIFY(qAbs(r.countSent(encodeRequest(IdDofPositions)) - 40) <= 1);
    QCOMPARE(r.countSent(encodeRequest(IdTemperatures)), 2);
    QCOMPARE(r.countSent(encodeRequest(IdPower)), 2);
    QCOMPARE(r.countSent(encodeRequest(IdFirmware)), 2); // until it answers
    r.reply(ModeOff, IdFirmware);
    r.step(3000);
    QCOMPARE(r.countSent(encodeRequest(IdFirmware)), 2);
    QCOMPARE(r.countSent(encodeRequest(IdPower)), 5);
}

void TestRavenSafety::washoutLimitsAndWarnings()
{
    std::uint64_t clamps = 0;
    WashoutCheck w =
        checkWashout({0.0, 0.0, 0.1, 0.0, 5.0 * 3.14159265358979323846 / 180.0, 0.0}, &clamps);
    QCOMPARE(w.words[2], 100000);
    QCOMPARE(w.words[4], 5000);
    QVERIFY(w.warnings.isEmpty());
    w = checkWashout({0.05, 0.0, 3.0, 0.0, 0.0, 0.0}, &clamps);
    QCOMPARE(w.words[0], 50000);
    QCOMPARE(w.words[2], 2000000);
    QCOMPARE(clamps, std::uint64_t(1));
    QCOMPARE(w.warnings.size(), 2);
    QVERIFY(anyContains(w.warnings, "surge/sway"));
}

QTEST_GUILESS_MAIN(TestRavenSafety)
#include "tst_raven_safety.moc"
