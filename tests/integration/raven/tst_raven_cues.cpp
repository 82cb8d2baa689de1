// cues.csv from a real RavenLink to the platform stand-in on 127.0.0.1, recorded by a real
// SessionRecorder through the link's registration (links/raven.cpp): simulator frames for a
// while, STOP in the middle, more frames after it. Every cue frame the stand-in received (its own
// record, RavenEmulator::cueHistory, independent of the link's code) is one row, in order, with
// the same words and their SI values; the gains are recorded (the ramp in, the master gain), the
// STOP's frame and every frame after it zeroed and held by STOP; times never step back, line up
// with platform.csv's replies (the same clock) and span what the stand-in saw; the pose replies
// that carry the platform's own µs clock (65535) have it in platform.csv. Numbers in the C locale:
// the test runs under LC_ALL=de_DE.UTF-8 as well.
#include "core/workerhost.h"
#include "links/builtin.h"
#include "model/clock.h"
#include "raven/ravenemulator.h"
#include "raven/ravenlink.h"
#include "session/cuescsv.h"
#include "session/sessionformat.h"
#include "session/sessionrecorder.h"

#include <QFile>
#include <QLocale>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <memory>

using namespace hil;

namespace {

SimFrame cueFrame(std::uint32_t seq)
{
    SimFrame f;
    f.sequence = seq;
    f.physicsTimeS = double(steadyNowNs()) * 1e-9; // physics in real time
    const double t = seq * 0.01;
    f.vehicle.acceleration = {2.0 + std::sin(3.0 * t), 1.5 * std::cos(2.0 * t), -0.5};
    f.vehicle.angular_velocity = {0.2 * std::sin(5.0 * t), 0.1 * t, -0.3 * std::cos(4.0 * t)};
    return f; // monotonicNs 0: the link stamps arrival itself
}

struct CsvFile
{
    QList<QByteArray> header;
    QList<QList<QByteArray>> rows;
    int cellCountMismatches = 0;
};

CsvFile readCsv(const QString &path)
{
    CsvFile out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return out;
    QList<QByteArray> lines = f.readAll().split('\n');
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    if (lines.isEmpty())
        return out;
    out.header = lines.takeFirst().split(',');
    for (const QByteArray &l : lines) {
        out.rows.append(l.split(','));
        if (out.rows.last().size() != out.header.size())
            ++out.cellCountMismatches;
    }
    return out;
}

} // namespace

class TestRavenCues : public QObject
{
    Q_OBJECT
private slots:
    void cuesAsSentAreRecorded_data();
    void cuesAsSentAreRecorded();
};

void TestRavenCues::cuesAsSentAreRecorded_data()
{
    QTest::addColumn<int>("frameId");
    QTest::newRow("5") << 5;
    QTest::newRow("21") << 21;
    QTest::newRow("85") << 85;
}

void TestRavenCues::cuesAsSentAreRecorded()
{
    QFETCH(int, frameId);
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("session"));

    auto *emu = new RavenEmulator(0);
    WorkerHost emuHost(emu);
    QString err;
    QVERIFY2(emuHost.start(&err), qPrintable(err));

    auto *rec = new SessionRecorder(folder, [] { return QJsonObject{{"program", "test"}}; });
    WorkerHost recHost(rec);
    QVERIFY2(recHost.start(&err), qPrintable(err));

    RavenLinkConfig cfg;
    cfg.host = QStringLiteral("127.0.0.1");
    cfg.port = quint16(emu->endpoints()["port"].toInt());
    cfg.listenPort = 0;
    cfg.cueing.frameId = frameId;
    cfg.safety.rampUpS = 0.4; // the ramp in, then full gain, before the STOP
    cfg.axisCheckStore = dir.filePath(QStringLiteral("axischeck.ini"));
    auto *link = new RavenLink(cfg);
    // The program's own wiring of the link into the session folder, before the first frame.
    std::vector<QMetaObject::Connection> connections;
    links::ravenDescriptor().record(
        link, rec, [&connections](const QMetaObject::Connection &c) { connections.push_back(c); });
    QVERIFY(!connections.empty());
    WorkerHost linkHost(link);
    QVERIFY2(linkHost.start(&err), qPrintable(err));
    QTRY_VERIFY_WITH_TIMEOUT(link->counters()["link_up"].toBool(), 5000);
    QMetaObject::invokeMethod(link, "requestMode", Qt::QueuedConnection, Q_ARG(int, 3));
    QTRY_COMPARE_WITH_TIMEOUT(emu->mode(), 3, 5000);

    std::uint32_t seq = 0;
    auto feed = [&](int ms) {
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < ms) {
            QMetaObject::invokeMethod(link, "onSimFrame", Qt::QueuedConnection,
                                      Q_ARG(hil::SimFrame, cueFrame(++seq)));
            QTest::qWait(10);
        }
    };
    feed(900);
    QVERIFY(link->counters()["cue_gain"].toDouble() > 0.0);
    QMetaObject::invokeMethod(link, "emergencyStop", Qt::QueuedConnection);
    feed(400); // frames after the STOP: sent, zeroed
    QTRY_VERIFY_WITH_TIMEOUT(link->counters()["stopped"].toBool(), 5000);

    // The simulator stopped: no cue frame goes out any more (gain 0, last sent 0). Wait until the
    // stand-in has seen them all.
    std::size_t seen = 0;
    for (int stable = 0; stable < 4;) {
        QTest::qWait(100);
        const std::size_t n = emu->cueHistory().size();
        stable = n == seen ? stable + 1 : 0;
        seen = n;
    }
    QVERIFY(QMetaObject::invokeMethod(rec, "flushNow", Qt::BlockingQueuedConnection));
    const std::vector<RavenEmulator::CueRecord> history = emu->cueHistory();
    QVERIFY(history.size() > 50);

    // --- the file as text: the C locale, one cell per header column ---
    const CsvFile text = readCsv(QDir(folder).filePath(QStringLiteral("cues.csv")));
    QCOMPARE(text.header.join(','), cuesCsvHeader().trimmed());
    QCOMPARE(text.cellCountMismatches, 0);
    const QRegularExpression cNumber(QStringLiteral("^-?[0-9]+(\\.[0-9]+)?(e-?[0-9]+)?$"));
    bool ok = false;
    for (const QList<QByteArray> &row : text.rows)
        for (const QByteArray &cell : row) {
            if (cell.isEmpty())
                continue;
            QVERIFY2(cNumber.match(QString::fromLatin1(cell)).hasMatch(), cell.constData());
            QLocale::c().toDouble(QString::fromLatin1(cell), &ok);
            QVERIFY2(ok, cell.constData());
        }

    // --- row by row against what the stand-in received ---
    const CuesCsv cues = loadCuesCsv(QDir(folder).filePath(QStringLiteral("cues.csv")));
    QVERIFY(cues.present && cues.readable);
    QCOMPARE(cues.skippedRows, qint64(0));
    QCOMPARE(cues.rows.size(), history.size());
    const std::int32_t g = 9807; // the neutral cue's gravity, 9.80665 m/s², as sent
    int stopRow = -1, ramping = 0, full = 0, zeroed = 0;
    for (std::size_t i = 0; i < history.size(); ++i) {
        const SentCue &c = cues.rows[i];
        const RavenEmulator::CueRecord &h = history[i];
        QCOMPARE(c.messageId, int(h.id));
        QCOMPARE(c.messageId, frameId);
        QCOMPARE(c.wordCount, frameId == 5 ? 6 : frameId == 21 ? 8 : 9);
        for (int w = 0; w < c.wordCount; ++w)
            QCOMPARE(c.words[std::size_t(w)], h.words[std::size_t(w)]);
        for (int w = 0; w < 3; ++w) // SI as the stand-in reads the words
            QCOMPARE(c.si[std::size_t(w)], h.words[std::size_t(w)] / 1000.0);
        QVERIFY(std::abs(c.si[3] - h.words[3] * M_PI / 180.0) < 1e-12);
        if (frameId != 5)
            QVERIFY(std::abs(c.si[6] - h.words[6] / 1000.0 * M_PI / 180.0) < 1e-12);
        else
            QVERIFY(std::isnan(c.si[6]));
        QCOMPARE(c.masterGain, 0.3); // CueingSettings' default, applied to every frame
        if (c.origin == int(raven::CueOrigin::Stop)) {
            QCOMPARE(stopRow, -1); // one STOP, one frame of its own
            stopRow = int(i);
        }
        if (stopRow >= 0) { // the STOP's frame and every frame after it: neutral, held by STOP
            QVERIFY(c.zeroed);
            QCOMPARE(c.cueGain, 0.0);
            QVERIFY(c.holds & raven::HoldStop);
            QCOMPARE(c.origin, int(i) == stopRow ? 1 : 0);
            for (int w = 0; w < 6; ++w)
                QCOMPARE(c.words[std::size_t(w)], frameId == 5 && w == 2 ? g : 0);
            if (frameId == 85)
                QCOMPARE(c.words[8], g);
        } else {
            QCOMPARE(c.origin, int(raven::CueOrigin::Simulator));
            QVERIFY(!(c.holds & raven::HoldStop));
            QVERIFY(c.cueGain >= 0.0 && c.cueGain <= 1.0);
            QCOMPARE(c.zeroed, c.cueGain == 0.0);
            ramping += c.cueGain > 0.0 && c.cueGain < 1.0;
            full += c.cueGain == 1.0;
        }
        zeroed += c.zeroed;
        if (i > 0)
            QVERIFY2(c.timeS >= cues.rows[i - 1].timeS, qPrintable(QString::number(i)));
    }
    QVERIFY(stopRow > 0);
    QVERIFY(stopRow < int(history.size()) - 5); // frames after the STOP were sent and recorded
    QVERIFY(ramping > 5);                       // the ramp in, its gains as applied
    QVERIFY(full > 5);
    QVERIFY(cues.rows.front().timeS >= 0.0);
    QCOMPARE(link->counters()["cue_frames_zeroed"].toDouble(), double(zeroed));
    // The same span on the stand-in's own clock as on the session's.
    const double hostSpan = cues.rows.back().timeS - cues.rows.front().timeS;
    const double emuSpan = double(history.back().ns - history.front().ns) * 1e-9;
    QVERIFY2(std::abs(hostSpan - emuSpan) < 0.15, // two deliveries' latencies apart, at most
             qPrintable(QStringLiteral("%1 vs %2").arg(hostSpan).arg(emuSpan)));

    // --- platform.csv on the same clock: the stand-in answers every cue frame with its id ---
    const CsvFile platform = readCsv(QDir(folder).filePath(QStringLiteral("platform.csv")));
    QCOMPARE(platform.cellCountMismatches, 0);
    QCOMPARE(platform.header.last(), QByteArray("platform_time_us"));
    QCOMPARE(platform.header.mid(0, 2), (QList<QByteArray>{"time_s", "message_id"}));
    const int timeCol = 0, idCol = 1, ptCol = int(platform.header.size()) - 1;
    std::vector<double> replies;
    std::vector<std::pair<double, double>> stamped; // host s, platform µs
    for (const QList<QByteArray> &row : platform.rows) {
        const int id = row[idCol].toInt();
        const double t = QLocale::c().toDouble(QString::fromLatin1(row[timeCol]), &ok);
        QVERIFY(ok);
        if (id == frameId) {
            replies.push_back(t);
            QVERIFY(row[ptCol].isEmpty()); // 5/21/85 replies carry no platform clock
        } else if (id == raven::IdDofPositions) {
            QVERIFY2(!row[ptCol].isEmpty(), "65535 carries the platform's µs clock");
            stamped.emplace_back(t, double(row[ptCol].toULongLong()));
        }
    }
    QCOMPARE(replies.size(), cues.rows.size());
    for (std::size_t i = 0; i < replies.size(); ++i) {
        const double after = replies[i] - cues.rows[i].timeS;
        QVERIFY2(after >= 0.0 && after < 0.5,
                 qPrintable(QStringLiteral("reply %1: %2 s after its cue").arg(i).arg(after)));
    }
    QVERIFY(stamped.size() > 10);
    const double hostS = stamped.back().first - stamped.front().first;
    const double platformS = (stamped.back().second - stamped.front().second) * 1e-6;
    QVERIFY2(std::abs(hostS - platformS) < 0.15,
             qPrintable(QStringLiteral("%1 vs %2").arg(hostS).arg(platformS)));

    QTRY_COMPARE_WITH_TIMEOUT(rec->counters()["cue_rows"].toDouble(), double(history.size()), 5000);
    QCOMPARE(rec->counters()["write_errors"].toDouble(), 0.0);

    for (const auto &c : connections)
        QObject::disconnect(c);
    linkHost.stop();
    recHost.stop();
    emuHost.stop();
}

QTEST_GUILESS_MAIN(TestRavenCues)
#include "tst_raven_cues.moc"
