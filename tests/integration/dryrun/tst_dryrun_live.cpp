// The live link and the dry run share the cueing: the same frames (the built-in coordinated
// turn) go through a RavenLink into the RavenEmulator on 127.0.0.1, and through MotionCueing
// the way lib/dryrun/dryrun.cpp runs it (update() on every frame in order, encode() at safety
// gain 1). Once the link's rider-safety ramp-in is over, every cue the stand-in received must
// carry the very words the dry run computed for the same frame: a difference in settings,
// filters, pacing or encoding between the two paths fails here, naming the first frame.
//
// Exact matching: frames are sent one at a time and the next only after the stand-in has the
// cue, so the n-th cue belongs to the n-th frame. Pacing is off (maxRateHz 0) and the
// simulator watchdog generous, so neither wall-clock timing nor a loaded machine changes a cue.
#include "core/post.h"
#include "core/workerhost.h"
#include "dryrun/maneuvers.h"
#include "raven/cueing.h"
#include "raven/ravencodec.h"
#include "raven/ravenemulator.h"
#include "raven/ravenlink.h"

#include <QDeadlineTimer>
#include <QThread>
#include <QtTest>
#include <memory>

using namespace hil;

namespace {

raven::CueingSettings settings()
{
    raven::CueingSettings s; // frame 21, with filters and limits that keep state between frames
    s.maxRateHz = 0.0;       // no pacing: one cue per frame
    s.masterGain = 0.9;
    s.axes[raven::AxSurge].gain = 0.8;
    s.axes[raven::AxSway].lowPassTauS = 0.2;
    s.axes[raven::AxRoll].rateLimit = 2.0;
    s.axes[raven::AxRollAngle].limit = 0.3;
    return s;
}

/// The payload words of an encoded frame.
std::vector<std::int32_t> words(const QByteArray &bytes, int *id)
{
    std::vector<std::int32_t> out;
    raven::StreamDecoder decoder(raven::Direction::ToPlatform);
    decoder.feed(bytes, [&](const raven::Frame &f) {
        *id = f.id;
        out.assign(f.payload.begin(), f.payload.begin() + f.words);
    });
    return out;
}

QString text(const std::vector<std::int32_t> &w)
{
    QStringList parts;
    for (std::int32_t x : w)
        parts << QString::number(x);
    return parts.join(QLatin1Char(' '));
}

/// Waits (no fixed sleep in the assertion) until pred holds or timeoutMs passes.
template <class Pred> bool waitFor(Pred pred, int timeoutMs = 10000)
{
    const QDeadlineTimer deadline(timeoutMs);
    while (!pred()) {
        if (deadline.hasExpired())
            return false;
        QThread::usleep(50);
    }
    return true;
}

} // namespace

class TestDryRunLive : public QObject
{
    Q_OBJECT
private slots:
    void liveCuesEqualDryRun();
};

void TestDryRunLive::liveCuesEqualDryRun()
{
    std::vector<SimFrame> frames;
    QVERIFY(dryrun::makeManeuver(QStringLiteral("coordinated-turn"), &frames));
    QVERIFY(frames.size() > 5000); // 30 s: level, roll-in, turn, roll-out, level

    // Dry-run side: MotionCueing on every frame in order, encoded at safety gain 1.
    raven::MotionCueing offline(settings());
    std::vector<std::vector<std::int32_t>> expected;
    std::vector<int> expectedIds;
    for (const SimFrame &f : frames) {
        std::uint64_t clamps = 0;
        int id = 0;
        expected.push_back(words(offline.encode(offline.update(f), 1.0, &clamps), &id));
        expectedIds.push_back(id);
    }

    // Live side: the link against the platform stand-in, put in CUEING.
    auto *emu = new RavenEmulator(0);
    WorkerHost emuHost(emu);
    QString err;
    QVERIFY2(emuHost.start(&err), qPrintable(err));
    RavenLinkConfig cfg;
    cfg.host = QStringLiteral("127.0.0.1");
    cfg.port = quint16(emu->endpoints()["port"].toInt());
    cfg.listenPort = 0;
    cfg.cueing = settings();
    cfg.safety.unattendedMode = raven::ModeCueing;
    cfg.safety.staleAfterNs = 60'000'000'000; // a slow machine must not ramp the gain down
    // Nor the loop guard: frames go as fast as their cues come back (not in real time), and the
    // stand-in's seat may sit at its stroke in the turn. The comparison is of encodings.
    cfg.safety.guard.minFrameRateHz = 0.0;
    cfg.safety.guard.minSpeedRatio = 0.0;
    cfg.safety.guard.maxEndStopShare = 1.0;
    cfg.safety.guard.minReversalS = 0.0;
    auto *link = new RavenLink(cfg);
    WorkerHost linkHost(link);
    QVERIFY2(linkHost.start(&err), qPrintable(err));
    QTRY_COMPARE_WITH_TIMEOUT(link->counters()["mode"].toString(), QStringLiteral("CUEING"), 10000);

    // Ramp-in: warm-up frames far from the manoeuvre's time (1000 s), so the first real frame is
    // a time jump and MotionCueing starts it from scratch, as the dry run does.
    std::uint32_t warm = 0;
    QVERIFY2(waitFor(
                 [&] {
                     SimFrame f = frames.front();
                     f.sequence = 1'000'000 + warm;
                     f.physicsTimeS = 1000.0 + warm * 0.004;
                     ++warm;
                     postTo(link, [link, f] { link->onSimFrame(f); });
                     QThread::msleep(2);
                     return link->counters()["cue_gain"].toDouble() >= 1.0;
                 },
                 30000),
             "the link's cue gain never ramped in");

    std::size_t base = 0;
    QVERIFY(waitFor([&] {
        const std::size_t n = emu->cueHistory().size();
        QThread::msleep(20);
        base = emu->cueHistory().size();
        return n == base; // the warm-up's cues have all arrived
    }));
    for (std::size_t k = 0; k < frames.size(); ++k) {
        // Gain 1 before the frame and no watchdog: the cue for frame k goes out at gain 1.
        QVERIFY2(link->counters()["cue_gain"].toDouble() >= 1.0, qPrintable(QString::number(k)));
        const SimFrame f = frames[k];
        postTo(link, [link, f] { link->onSimFrame(f); });
        QVERIFY2(waitFor([&] { return emu->cueHistory().size() > base + k; }),
                 qPrintable(QStringLiteral("no cue for frame %1").arg(k)));
    }
    const std::vector<RavenEmulator::CueRecord> history = emu->cueHistory();
    QCOMPARE(history.size(), base + frames.size()); // one cue per frame, nothing else
    for (std::size_t k = 0; k < frames.size(); ++k) {
        const RavenEmulator::CueRecord &r = history[base + k];
        const std::vector<std::int32_t> live(r.words.begin(),
                                             r.words.begin() + std::ptrdiff_t(expected[k].size()));
        if (int(r.id) != expectedIds[k] || live != expected[k])
            QFAIL(qPrintable(QStringLiteral("frame %1 (t = %2 s): live cue id %3 [%4], dry run id "
                                            "%5 [%6]")
                                 .arg(k)
                                 .arg(frames[k].physicsTimeS)
                                 .arg(r.id)
                                 .arg(text(live))
                                 .arg(expectedIds[k])
                                 .arg(text(expected[k]))));
    }
    linkHost.stop();
    emuHost.stop();
}

QTEST_GUILESS_MAIN(TestDryRunLive)
#include "tst_dryrun_live.moc"
