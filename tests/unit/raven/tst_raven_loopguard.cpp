// The loop guard on the cueing path, with a fake clock through RiderSafety: a slowed simulation,
// too few new states, PX4 lockstep timeouts, frames lost on the way to PX4, impossible simulator
// values and a platform at its end stops each ramp the cue gain to 0 (never a mode request), say
// so once, and let the cues back only after the loop has been healthy for healthyForS. The
// end-stop cases take the platform's pose from the dry-run's platform model (lib/platformmodel,
// written apart from the platform stand-in), not from the stand-in.
#include "platformmodel/platformmodel.h"
#include "raven/cueing.h"
#include "raven/ridersafety.h"

#include <QtTest>
#include <cmath>

using namespace hil;
using namespace hil::raven;

namespace {
// Field by field: the TSan build adds a member of its own at the end (lib/model/tsan.h), which a
// braced list would leave uninitialised (-Werror=missing-field-initializers).
LoopHealth loopHealth(std::int64_t nowNs, std::uint64_t timeouts, std::uint64_t frames,
                      std::uint64_t lost)
{
    LoopHealth h;
    h.monotonicNs = nowNs;
    h.lockstepTimeouts = timeouts;
    h.simFrames = frames;
    h.simFramesLost = lost;
    return h;
}

constexpr std::int64_t ms(double v)
{
    return std::int64_t(v * 1'000'000);
}

/// RiderSafety in 5 ms steps with a simulator at `frameHz` whose physics runs at `speed` of
/// real time; the platform answers CUEING.
struct Loop
{
    RiderSafety s;
    std::int64_t now = ms(1000);
    double frameHz = 200.0;
    double speed = 1.0;
    double physicsS = 72263.0;
    std::int64_t nextFrameNs = 0;
    std::function<void(SimFrame &)> shape; ///< alters each frame (impossible values)
    QList<hil::Event> events;
    int modeFrames = 0;
    std::uint32_t seq = 0;
    double minGain = 1.0;

    Loop()
    {
        s.onPlatformReply(decodeStatus(encodeStatus(ModeCueing, 0, {})), IdDofPositions, now);
    }
    void step(double durationMs, const std::function<void()> &each = {})
    {
        const std::int64_t end = now + ms(durationMs);
        while (now < end) {
            now += ms(5);
            physicsS += 0.005 * speed;
            if (frameHz > 0.0 && now >= nextFrameNs) {
                nextFrameNs = now + std::int64_t(1e9 / frameHz);
                SimFrame f;
                f.physicsTimeS = physicsS;
                f.monotonicNs = now;
                f.sequence = ++seq;
                if (shape)
                    shape(f);
                s.onSimFrame(f, now);
            }
            if (each)
                each();
            s.tick(now);
            for (const QByteArray &b : s.dueFrames(now))
                modeFrames += b.size() == 11;
            minGain = std::min(minGain, s.cueGain());
            for (const hil::Event &e : s.takeEvents())
                events << e;
        }
    }
    int count(const char *id) const
    {
        return int(std::count_if(events.begin(), events.end(),
                                 [id](const hil::Event &e) { return e.id == QLatin1String(id); }));
    }
    const hil::Event *find(const char *id) const
    {
        for (const hil::Event &e : events)
            if (e.id == QLatin1String(id))
                return &e;
        return nullptr;
    }
};

/// The dry-run's platform model turned into the reported pose of a platform cued with frame 21
/// accelerations (platform frame, SI) that `cue(t)` gives at time t.
struct ModelPlatform
{
    platformmodel::PlatformModel model;
    double t = 0.0;
    std::array<double, 6> stepTo(double untilS,
                                 const std::function<platformmodel::FrameCommand(double)> &cue)
    {
        platformmodel::StepResult r;
        while (t < untilS) {
            t += 0.004;
            r = model.step(cue(t));
        }
        return {r.pose.surgeM,  r.pose.swayM,    r.pose.heaveM,
                r.pose.rollRad, r.pose.pitchRad, r.pose.yawRad};
    }
};
} // namespace

class TestRavenLoopGuard : public QObject
{
    Q_OBJECT
private slots:
    void healthyLoopNeverHolds();
    void slowedSimulationRampsDownThenBackAfterHealthyTime();
    void fewNewStatesHold();
    void physicsMultiplierIsNotASlowDown();
    void lockstepTimeoutStreakHolds();
    void mostFramesLostHolds();
    void impossibleFrameMakesNoCueAndHolds();
    void endStopsOfThePlatformModelHold();
    void limitToLimitSwingHolds();
    void gentleCueingOnThePlatformModelDoesNotHold();
    void startUpIsNotASlowDown();
};

void TestRavenLoopGuard::healthyLoopNeverHolds()
{
    Loop l;
    l.step(2500);
    QCOMPARE(l.s.cueGain(), 1.0);
    l.minGain = 1.0;
    l.step(20000, [&] {
        if (l.seq % 40 == 0) // PX4 answering every step: no timeouts, nothing lost
            l.s.onLoopHealth(loopHealth(l.now, 0, l.seq, 0), l.now);
    });
    QCOMPARE(l.s.cueGain(), 1.0);
    QCOMPARE(l.minGain, 1.0); // never reduced once ramped in
    QCOMPARE(l.s.loopGuard().episodes(), 0u);
    QCOMPARE(l.count("raven.loop_degraded"), 0);
}

void TestRavenLoopGuard::slowedSimulationRampsDownThenBackAfterHealthyTime()
{
    Loop l;
    l.step(2500);
    QCOMPARE(l.s.cueGain(), 1.0);
    l.speed = 0.4; // RealFlight slowed by a busy PC: 0.4 s of physics per second
    l.step(1100);
    QVERIFY(l.s.loopGuard().holding());
    QCOMPARE(l.s.loopGuard().problem(), LoopProblem::SlowSimulation);
    l.step(1000);
    QCOMPARE(l.s.cueGain(), 0.0); // within rampDownS of the trip
    l.step(5000);
    QCOMPARE(l.s.cueGain(), 0.0); // as long as it lasts
    const hil::Event *e = l.find("raven.loop_degraded");
    QVERIFY(e);
    QCOMPARE(e->severity, hil::Severity::Error);
    QCOMPARE(e->args.value(0), QStringLiteral("slow_simulation"));
    QVERIFY(e->text.contains(QStringLiteral("of real time")));
    QCOMPARE(l.count("raven.loop_degraded"), 1); // once per episode, not per frame

    l.speed = 1.0;
    l.step(2900); // healthy, but not yet for healthyForS (3 s, counted once the window is clean)
    QCOMPARE(l.s.cueGain(), 0.0);
    l.step(2000);
    QVERIFY(!l.s.loopGuard().holding());
    QVERIFY(l.s.cueGain() > 0.0 && l.s.cueGain() < 1.0); // ramping in, not a step
    l.step(2100);
    QCOMPARE(l.s.cueGain(), 1.0);
    QCOMPARE(l.count("raven.loop_healthy"), 1);
    QCOMPARE(l.s.loopGuard().episodes(), 1u);
    QCOMPARE(l.modeFrames, 0); // never a mode change
}

void TestRavenLoopGuard::fewNewStatesHold()
{
    Loop l;
    l.step(2500);
    l.frameHz = 20.0; // a 50 ms staircase, physics still real time
    l.step(1500);
    QVERIFY(l.s.loopGuard().holding());
    QCOMPARE(l.s.loopGuard().problem(), LoopProblem::SlowFrames);
    QVERIFY(l.s.loopGuard().figure() < 30.0);
}

void TestRavenLoopGuard::physicsMultiplierIsNotASlowDown()
{
    // The operator chose half speed in the simulator: physics at half the wall clock, as asked.
    Loop l;
    l.speed = 0.5;
    l.shape = [](SimFrame &f) { f.extras.physicsSpeedMultiplier = 0.5; };
    l.step(6000);
    QVERIFY(!l.s.loopGuard().holding());
    QCOMPARE(l.s.cueGain(), 1.0);
}

void TestRavenLoopGuard::lockstepTimeoutStreakHolds()
{
    Loop l;
    l.step(2500);
    std::uint64_t timeouts = 0;
    l.step(1000, [&] {
        if (l.seq % 20 == 0) // every 100 ms a report, 2 more timeouts each: 20 per second
            l.s.onLoopHealth(loopHealth(l.now, timeouts += 2, l.seq, 0), l.now);
    });
    QVERIFY(l.s.loopGuard().holding());
    QCOMPARE(l.s.loopGuard().problem(), LoopProblem::LockstepTimeouts);
    QCOMPARE(l.find("raven.loop_degraded")->args.value(0), QStringLiteral("lockstep_timeouts"));
}

void TestRavenLoopGuard::mostFramesLostHolds()
{
    Loop l;
    l.step(2500);
    l.step(1000, [&] {
        if (l.seq % 20 == 0) // 53 % of the frames dropped, as under a slow event loop
            l.s.onLoopHealth(loopHealth(l.now, 0, l.seq, l.seq * 53 / 100), l.now);
    });
    QVERIFY(l.s.loopGuard().holding());
    QCOMPARE(l.s.loopGuard().problem(), LoopProblem::FramesLost);
}

void TestRavenLoopGuard::impossibleFrameMakesNoCueAndHolds()
{
    RiderSafety s;
    SimFrame f;
    f.physicsTimeS = 1.0;
    QVERIFY(s.onSimFrame(f, ms(1000)));
    f.physicsTimeS = 1.005;
    f.extras.specificForceFrdMps2 = Vector3{0.0, 0.0, -30.0 * 9.80665}; // a 30 g "crash"
    QVERIFY(!s.onSimFrame(f, ms(1005)));
    QVERIFY(s.loopGuard().holding());
    QCOMPARE(s.loopGuard().problem(), LoopProblem::Implausible);
    f.extras.specificForceFrdMps2 = Vector3{0.0, 0.0, -9.80665};
    f.vehicle.angular_velocity = Vector3{std::nan(""), 0.0, 0.0};
    QVERIFY(!s.onSimFrame(f, ms(1010)));
    f.vehicle.angular_velocity = Vector3{25.0, 0.0, 0.0}; // 1,432 °/s
    QVERIFY(!s.onSimFrame(f, ms(1015)));
    f.vehicle.angular_velocity = Vector3{3.0, 0.0, 0.0};
    QVERIFY(s.onSimFrame(f, ms(1020)));
    QCOMPARE(s.loopGuard().episodes(), 1u);
}

void TestRavenLoopGuard::endStopsOfThePlatformModelHold()
{
    // The crashed quad's cues: ±15 m/s² sway and ±30 rad/s² roll, flipping every 0.6 s. The
    // model platform spends most of the time on its envelope; the guard sees it in the pose.
    Loop l;
    ModelPlatform p;
    l.step(2500);
    const auto cue = [](double t) {
        platformmodel::FrameCommand c = platformmodel::neutralCommand(21);
        const double sgn = std::fmod(t, 1.2) < 0.6 ? 1.0 : -1.0;
        c.accelMps2[1] = 15.0 * sgn;
        c.angAccelRadps2[0] = 30.0 * sgn;
        return c;
    };
    l.step(3000, [&] {
        if (l.seq % 4 == 0) // the 20 Hz pose poll
            l.s.onPose(p.stepTo(double(l.now) * 1e-9, cue), l.now);
    });
    QVERIFY(l.s.loopGuard().holding());
    const LoopProblem problem = l.s.loopGuard().problem();
    QVERIFY2(problem == LoopProblem::EndStops || problem == LoopProblem::LimitReversal,
             loopProblemName(problem));
    QCOMPARE(l.s.loopGuard().endStopEpisodes(), 1u);
    QVERIFY(l.s.cueGain() < 1.0);
}

void TestRavenLoopGuard::limitToLimitSwingHolds()
{
    Loop l;
    l.step(2500);
    const double roll = l.s.loopGuard().settings().reach[3];
    l.s.onPose({0, 0, 0, roll, 0, 0}, l.now);
    l.step(300);
    l.s.onPose({0, 0, 0, -roll, 0, 0}, l.now);
    l.step(5);
    QVERIFY(l.s.loopGuard().holding());
    QCOMPARE(l.s.loopGuard().problem(), LoopProblem::LimitReversal);
    QCOMPARE(l.s.loopGuard().axis(), 3);
    QVERIFY(l.find("raven.loop_degraded")->text.contains(QStringLiteral("roll")));
}

void TestRavenLoopGuard::gentleCueingOnThePlatformModelDoesNotHold()
{
    // A steady coordinated flight's cues: 1 m/s² surge and 0.5 rad/s² roll at 0.3 Hz.
    Loop l;
    ModelPlatform p;
    const auto cue = [](double t) {
        platformmodel::FrameCommand c = platformmodel::neutralCommand(21);
        c.accelMps2[0] = 1.0 * std::sin(2.0 * M_PI * 0.3 * t);
        c.angAccelRadps2[0] = 0.5 * std::sin(2.0 * M_PI * 0.3 * t);
        return c;
    };
    l.step(20000, [&] {
        if (l.seq % 4 == 0)
            l.s.onPose(p.stepTo(double(l.now) * 1e-9, cue), l.now);
    });
    QVERIFY(!l.s.loopGuard().holding());
    QCOMPARE(l.s.loopGuard().episodes(), 0u);
}

void TestRavenLoopGuard::startUpIsNotASlowDown()
{
    // The first frames after a start (or after a stall the watchdog handled) are too few for a
    // rate: no verdict before a whole window of frames.
    Loop l;
    l.step(600);
    QVERIFY(!l.s.loopGuard().holding());
    l.frameHz = 0.0; // stalled: the watchdog's business
    l.step(1000);
    l.frameHz = 200.0;
    l.step(500);
    QVERIFY(!l.s.loopGuard().holding());
    QCOMPARE(l.count("raven.loop_degraded"), 0);
    QVERIFY(l.s.watchdogTrips() >= 1);
}

QTEST_APPLESS_MAIN(TestRavenLoopGuard)
#include "tst_raven_loopguard.moc"
