// SessionRecorder with real files: several recording threads, a full queue, the folder deleted
// or unwritable mid-session, and "new session".
#include "core/workerhost.h"
#include "session/sessionrecorder.h"
#include "sessionfiles.h"

#include "queuedspy.h"
#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include "testplatform.h"
#include <atomic>
#include <thread>

using namespace hil;
using namespace sessiontest;

namespace {

SimFrame frameAt(double t, std::uint32_t seq)
{
    SimFrame f;
    f.physicsTimeS = t;
    f.sequence = seq;
    f.vehicle.state.pose.position = {1.5 * t, -2.25, -100.0 - t};
    f.vehicle.velocity = {12.5, 0.125, -1.0};
    f.vehicle.angular_velocity = {0.1, -0.2, 0.3};
    f.latitudeDeg = 47.458123456789;
    f.longitudeDeg = 8.548;
    f.altitudeM = 532.25;
    f.extras.airspeedMps = 21.0;
    f.stale = seq % 2;
    return f;
}

struct Host
{
    SessionRecorder *rec;
    WorkerHost host;
    explicit Host(const QString &folder, int capacity = 65536)
        : rec(new SessionRecorder(
              folder,
              [] {
                  return QJsonObject{{"program", "test"}};
              },
              capacity)),
          host(rec)
    {
    }
};

} // namespace

class TestRecorder : public QObject
{
    Q_OBJECT
private slots:
    void recordsFromSeveralThreads();
    void stateRowRoundTrips();
    void tlogTimesNeverStepBack();
    void fullQueueCountsDrops();
    void folderDeletedMidSessionResumes();
    void unwritableFolderThenWritable();
    void newSessionSwitchesFolder();
};

void TestRecorder::recordsFromSeveralThreads()
{
    QTemporaryDir dir;
    const QString folder = dir.filePath("s1");
    Host h(folder);
    QString error;
    QVERIFY(h.host.start(&error));
    SessionRecorder *rec = h.rec;
    std::vector<std::thread> threads;
    for (int k = 0; k < 2; ++k)
        threads.emplace_back([rec, k] {
            for (int i = 0; i < 3000; ++i)
                rec->recordState(frameAt(k * 100 + i * 0.001, static_cast<std::uint32_t>(i)),
                                 ChannelFrame{});
        });
    threads.emplace_back([rec] {
        for (int i = 0; i < 1000; ++i) {
            PlatformRow row;
            row.messageId = 21;
            row.surgeM = i * 1e-6;
            row.statusWord = 0xFC3u;
            row.decodeStatus();
            rec->recordPlatform(row);
        }
    });
    threads.emplace_back([rec] {
        for (int i = 0; i < 1000; ++i)
            rec->recordMavlink(heartbeatFrame(), 1700000000000000LL + i * 1000);
    });
    threads.emplace_back([rec] {
        for (int i = 0; i < 1000; ++i) {
            CueRow row;
            row.messageId = 21;
            row.wordCount = 8;
            row.words[0] = i;
            row.cueGain = 1.0;
            row.masterGain = 0.3;
            rec->recordCue(row);
        }
    });
    for (auto &t : threads)
        t.join();
    h.host.stop();

    const CsvCheck state = checkCsv(folder + "/state.csv");
    QVERIFY2(state.ok, qPrintable(state.why));
    QCOMPARE(state.rows, 6000);
    QVERIFY(!state.partialLast);
    const CsvCheck platform = checkCsv(folder + "/platform.csv");
    QVERIFY2(platform.ok, qPrintable(platform.why));
    QCOMPARE(platform.rows, 1000);
    // status 0xFC3: mode 3 (CUEING), thermal 0, all six motors OK
    // (and no platform clock in a 21 reply: the last cell is empty)
    QVERIFY(platform.lines.front().endsWith(",4035,3,0,1,1,1,1,1,1,"));
    const CsvCheck cues = checkCsv(folder + "/cues.csv");
    QVERIFY2(cues.ok, qPrintable(cues.why));
    QCOMPARE(cues.rows, 1000);
    QVERIFY2(cues.lines.back().endsWith(",999,0,0,0,0,0,0,0,"), cues.lines.back().constData());
    const TlogCheck tlog = checkTlog(folder + "/mavlink.tlog");
    QVERIFY(tlog.ok);
    QCOMPARE(tlog.frames, 1000);
    QCOMPARE(tlog.crcOk, 1000);
    QCOMPARE(tlog.timesUs.front(), 1700000000000000LL);
    QCOMPARE(tlog.timesUs.back(), 1700000000000000LL + 999 * 1000);

    const QJsonObject recorder = readJson(folder + "/session.json")["recorder"].toObject();
    QCOMPARE(recorder["state_rows"].toInt(), 6000);
    QCOMPARE(recorder["platform_rows"].toInt(), 1000);
    QCOMPARE(recorder["mavlink_frames"].toInt(), 1000);
    QCOMPARE(recorder["records_dropped"].toInt(), 0);
    QCOMPARE(recorder["write_errors"].toInt(), 0);
    QCOMPARE(readJson(folder + "/session.json")["program"].toString(), QString("test"));
}

void TestRecorder::tlogTimesNeverStepBack()
{
    // Two links record from their own threads: a time taken just before the other link's record
    // may be queued after it. The file stays in time order (QGroundControl paces its replay by
    // the stamps); a step back of a second or more is the clock being set, kept as it is.
    QTemporaryDir dir;
    Host h(dir.path());
    QVERIFY(h.host.start(nullptr));
    const qint64 t0 = 1700000000000000LL;
    h.rec->recordMavlink(heartbeatFrame(), t0 + 500);
    h.rec->recordMavlink(heartbeatFrame(), t0 + 200); // taken earlier on another thread
    h.rec->recordMavlink(heartbeatFrame(), t0 + 900);
    h.rec->recordMavlink(heartbeatFrame(), t0 - 60000000LL); // the system clock set back a minute
    h.host.stop();
    const TlogCheck tlog = checkTlog(dir.path() + "/mavlink.tlog");
    QVERIFY(tlog.ok);
    QCOMPARE(tlog.timesUs, (std::vector<qint64>{t0 + 500, t0 + 500, t0 + 900, t0 - 60000000LL}));
}

void TestRecorder::stateRowRoundTrips()
{
    QTemporaryDir dir;
    Host h(dir.path());
    QVERIFY(h.host.start(nullptr));
    SimFrame f = frameAt(12.345, 7);
    f.vehicle.state.pose.orientation = {0.9238795325112867, 0.0, 0.0,
                                        0.3826834323650898}; // yaw 45°
    f.extras.windNedMps = {std::nan(""), 1.0, 0.0};
    ChannelFrame c;
    c.values[3] = 0.75;
    c.selectedMask = 0x0F;
    h.rec->recordState(f, c);
    h.host.stop();

    const CsvCheck state = checkCsv(dir.path() + "/state.csv");
    QVERIFY2(state.ok, qPrintable(state.why));
    QCOMPARE(state.rows, 1);
    QFile file(dir.path() + "/state.csv");
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray header = file.readLine();
    QVERIFY(header.startsWith("time_s,host_time_s,position/n,position/e,position/d,attitude/q_w"));
    QVERIFY(header.contains(",channels/11,channels/mask\n"));
    const auto map = stateColumnMap(header);
    const auto cells = splitCsv(state.lines[0]);
    const int yawCol = static_cast<int>(stateCsvColumns().indexOf("attitude/yaw"));
    QVERIFY(qAbs(parseNumber(cells[static_cast<size_t>(yawCol)]) - M_PI / 4) < 1e-12);
    const int windCol = static_cast<int>(stateCsvColumns().indexOf("extras/wind/n"));
    QVERIFY(cells[static_cast<size_t>(windCol)].isEmpty()); // NaN → empty cell

    SimFrame back;
    ChannelFrame backC;
    QVERIFY(parseStateRow(state.lines[0], map, &back, &backC));
    QCOMPARE(back.physicsTimeS, f.physicsTimeS);
    QCOMPARE(back.vehicle.state.pose.position, f.vehicle.state.pose.position);
    QCOMPARE(back.vehicle.state.pose.orientation, f.vehicle.state.pose.orientation);
    QCOMPARE(back.vehicle.velocity, f.vehicle.velocity);
    QCOMPARE(back.latitudeDeg, f.latitudeDeg);
    QCOMPARE(back.stale, f.stale);
    QCOMPARE(back.sequence, 7u);
    QCOMPARE(backC.values[3], 0.75);
    QCOMPARE(backC.selectedMask, 0x0Fu);
}

void TestRecorder::fullQueueCountsDrops()
{
    // Not started: nothing drains, so the bound is exact.
    QTemporaryDir dir;
    SessionRecorder rec(dir.path(), {}, 16);
    for (int i = 0; i < 100; ++i)
        rec.recordState(frameAt(i, 0), ChannelFrame{});
    QCOMPARE(rec.pendingRecords(), 16);
    QCOMPARE(rec.droppedRecords(), 84u);
}

void TestRecorder::folderDeletedMidSessionResumes()
{
    if (hil::testplatform::isWindows())
        QSKIP("Windows deletes no file another handle holds open (Wine keeps the rule): a session "
              "folder cannot be deleted under the running recorder, so this cannot happen there");
    QTemporaryDir dir;
    const QString folder = dir.filePath("deleted");
    Host h(folder);
    QueuedSpy events(h.rec, &Worker::eventRaised);
    QVERIFY(h.host.start(nullptr));
    std::atomic<bool> run{true};
    SessionRecorder *rec = h.rec;
    std::thread producer([&] {
        for (std::uint32_t i = 0; run; ++i) {
            rec->recordState(frameAt(i * 0.002, i), ChannelFrame{});
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
    });
    QTRY_VERIFY_WITH_TIMEOUT(checkCsv(folder + "/state.csv").rows > 20, 5000);
    QVERIFY(QDir(folder).removeRecursively());
    QTRY_VERIFY_WITH_TIMEOUT(checkCsv(folder + "/state.csv").rows > 20, 5000);
    run = false;
    producer.join();
    QTRY_VERIFY_WITH_TIMEOUT(QFile(folder + "/events.log").size() > 0, 5000);
    h.host.stop();

    const CsvCheck state = checkCsv(folder + "/state.csv");
    QVERIFY2(state.ok, qPrintable(state.why)); // a new header came with the new file
    QFile log(folder + "/events.log");
    QVERIFY(log.open(QIODevice::ReadOnly));
    QVERIFY(log.readAll().contains("recording resumed"));
    auto interrupted = [&events] {
        int n = 0;
        for (const auto &e : events)
            n += e.at(0).value<hil::Event>().text.startsWith("recording interrupted");
        return n;
    };
    QTRY_COMPARE(interrupted(), 1); // once per outage, not per tick (events arrive queued)
    QTest::qWait(100);
    QCOMPARE(interrupted(), 1);
    const QJsonObject recorder = readJson(folder + "/session.json")["recorder"].toObject();
    QCOMPARE(recorder["folder_recreated"].toInt(), 1);
    QVERIFY(recorder["write_errors"].toInt() >= 1);
}

void TestRecorder::unwritableFolderThenWritable()
{
    QTemporaryDir dir;
    // A regular file where the folder's parent should be: mkpath fails until it is removed.
    QFile blocker(dir.filePath("blocked"));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    const QString folder = dir.filePath("blocked/session");
    Host h(folder);
    QueuedSpy events(h.rec, &Worker::eventRaised);
    QVERIFY(h.host.start(nullptr)); // links keep running: starting never fails on the disk
    for (int i = 0; i < 50; ++i)
        h.rec->recordState(frameAt(i, 0), ChannelFrame{});
    QTRY_VERIFY_WITH_TIMEOUT(h.rec->droppedRecords() == 50, 5000);
    QTRY_VERIFY(!events.isEmpty()); // events arrive queued
    QVERIFY(events.first().at(0).value<hil::Event>().text.contains("cannot create session folder"));
    QVERIFY(QFile::remove(dir.filePath("blocked")));
    h.rec->recordState(frameAt(100, 0), ChannelFrame{});
    QTRY_VERIFY_WITH_TIMEOUT(checkCsv(folder + "/state.csv").rows == 1, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(
        events.last().at(0).value<hil::Event>().text.startsWith("recording resumed"), 5000);
    h.host.stop();
}

void TestRecorder::newSessionSwitchesFolder()
{
    QTemporaryDir dir;
    const QString a = dir.filePath("a"), b = dir.filePath("b");
    Host h(a);
    QueuedSpy changed(h.rec, &SessionRecorder::folderChanged);
    QVERIFY(h.host.start(nullptr));
    for (int i = 0; i < 10; ++i)
        h.rec->recordState(frameAt(i, 0), ChannelFrame{});
    QMetaObject::invokeMethod(h.rec, "startNewSession", Qt::BlockingQueuedConnection,
                              Q_ARG(QString, b));
    QCOMPARE(h.rec->folder(), QDir(b).absolutePath());
    for (int i = 0; i < 5; ++i)
        h.rec->recordState(frameAt(i, 0), ChannelFrame{});
    h.host.stop();
    QTRY_COMPARE(changed.size(), 1); // delivered through the event queue
    QCOMPARE(checkCsv(a + "/state.csv").rows, 10);
    QCOMPARE(checkCsv(b + "/state.csv").rows, 5);
    QCOMPARE(readJson(a + "/session.json")["recorder"].toObject()["state_rows"].toInt(), 10);
    QCOMPARE(readJson(b + "/session.json")["recorder"].toObject()["state_rows"].toInt(), 5);
    QCOMPARE(readJson(b + "/session.json")["folder"].toString(), QDir(b).absolutePath());
    QFile log(b + "/events.log");
    QVERIFY(log.open(QIODevice::ReadOnly));
    QVERIFY(log.readAll().contains("previous folder"));
}

QTEST_GUILESS_MAIN(TestRecorder)
#include "tst_recorder.moc"
