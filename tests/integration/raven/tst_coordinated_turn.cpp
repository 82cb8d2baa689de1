// End to end, the platform's right-handed frame: a level coordinated RIGHT turn at bank 30° goes
// from a SimFrame through the real RavenLink (cueing, encoding, UDP on 127.0.0.1) into the
// platform stand-in, whose Mantis-like gravity projection is written on its own (rotation
// matrices in the seat frame x fwd, y left, z up; it never calls cueing.h). Acceptance numbers
// (the issue's; derivation in cueing.h): frame 21 sway ≈ −4903, heave ≈ +2831 mm/s², roll angle
// +30000 mdeg; frame 85 the same plus gravity; frame 5 sway ≈ 0, heave ≈ +11324; and the rider
// feels no side force.
#include "core/post.h"
#include "core/workerhost.h"
#include "model/clock.h"
#include "model/rotation.h"
#include "raven/ravenemulator.h"
#include "raven/ravenlink.h"

#include <QtTest>
#include <cmath>
#include <memory>

using namespace hil;
using namespace hil::raven;

class TestCoordinatedTurn : public QObject
{
    Q_OBJECT
private slots:
    void turn_data();
    void turn();
};

void TestCoordinatedTurn::turn_data()
{
    QTest::addColumn<int>("frameId");
    QTest::newRow("frame 5") << 5;
    QTest::newRow("frame 21") << 21;
    QTest::newRow("frame 85") << 85;
}

void TestCoordinatedTurn::turn()
{
    QFETCH(int, frameId);
    auto *emu = new RavenEmulator(0);
    WorkerHost emuHost(emu);
    QString err;
    QVERIFY2(emuHost.start(&err), qPrintable(err));
    RavenLinkConfig cfg;
    cfg.host = QStringLiteral("127.0.0.1");
    cfg.port = emu->port();
    cfg.listenPort = 0;
    cfg.cueing.frameId = frameId;
    cfg.cueing.masterGain = 1.0; // the acceptance numbers are the unscaled cue
    cfg.safety.rampUpS = 0.0;    // full cues at once: the test reads steady values
    auto *link = new RavenLink(cfg);
    WorkerHost linkHost(link);
    QVERIFY2(linkHost.start(&err), qPrintable(err));

    // Heading 40°, bank 30° right wing down, centripetal g·tan φ towards the right wing.
    const double phi = degToRad(30.0), yaw = degToRad(40.0);
    const double a = kGravityMps2 * std::tan(phi);
    std::uint32_t seq = 0;
    auto feed = [&] {
        SimFrame f;
        f.sequence = ++seq;
        f.physicsTimeS = double(steadyNowNs()) * 1e-9; // physics in real time
        f.vehicle.state.pose.orientation = fromEuler({phi, 0.0, yaw});
        f.vehicle.acceleration = {-a * std::sin(yaw), a * std::cos(yaw), 0.0};
        postTo(link, [link, f] { link->onSimFrame(f); });
    };
    auto lastCue = [&]() -> RavenEmulator::CueRecord {
        const auto h = emu->cueHistory();
        return h.empty() ? RavenEmulator::CueRecord{} : h.back();
    };
    QTRY_VERIFY_WITH_TIMEOUT(
        (feed(), lastCue().id == frameId && std::abs(lastCue().words[2]) > 1000), 5000);
    for (int i = 0; i < 20; ++i) {
        feed();
        QTest::qWait(5);
    }
    const RavenEmulator::CueRecord c = lastCue();
    QCOMPARE(int(c.id), frameId);
    const auto w = c.words;
    if (frameId == 5) {
        QVERIFY2(std::abs(w[1]) <= 5, qPrintable(QString::number(w[1])));
        QVERIFY2(std::abs(w[2] - 11324) <= 5, qPrintable(QString::number(w[2])));
    } else {
        QVERIFY2(std::abs(w[1] - (-4903)) <= 5, qPrintable(QString::number(w[1])));
        QVERIFY2(std::abs(w[2] - 2831) <= 5, qPrintable(QString::number(w[2])));
        QVERIFY2(std::abs(w[6] - 30000) <= 2, qPrintable(QString::number(w[6])));
        QVERIFY(std::abs(w[7]) <= 2);
        if (frameId == 85)
            QVERIFY(std::abs(w[8] - 9807) <= 1);
    }
    // What the stand-in says the rider feels: no side force, pressed into the seat by g/cos φ.
    const auto felt = c.feltMps2;
    QVERIFY2(std::abs(felt[1]) < 0.01, qPrintable(QString::number(felt[1])));
    QVERIFY2(std::abs(felt[2] - kGravityMps2 / std::cos(phi)) < 0.01,
             qPrintable(QString::number(felt[2])));
    QVERIFY(std::abs(felt[0]) < 0.01);
    linkHost.stop();
    emuHost.stop();
}

QTEST_GUILESS_MAIN(TestCoordinatedTurn)
#include "tst_coordinated_turn.moc"
