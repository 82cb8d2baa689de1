// Regression tests for the findings of tests/fuzz (docs/hardening.md, "make fuzz"). Each case is
// the (minimised) input the fuzzer reported, as bytes, and the behaviour the fix guarantees.

#include "mavlink/messages.h"
#include "session/replaysource.h"
#include "session/sessionformat.h"
#include "session/tlog.h"

#include <QTemporaryDir>

#include <QtTest/QtTest>
#include <limits>

using namespace hil;

class TestFuzzRegressions : public QObject
{
    Q_OBJECT
private slots:
    void stateRowIntegerCellsOutOfRange();
    void tlogTimestampsFarApart();
};

// fuzz_session_csv: "-9.80665 is outside the range of representable values of type 'unsigned
// int'" (UBSan) — a state.csv whose integer columns (sequence, channels/mask) hold negative,
// huge or infinite numbers was cast straight to the field type. Now saturated.
void TestFuzzRegressions::stateRowIntegerCellsOutOfRange()
{
    const QByteArray header("time_s,sequence,channels/mask,stale\n");
    const std::vector<int> map = stateColumnMap(header);
    SimFrame frame;
    ChannelFrame channels;
    QVERIFY(parseStateRow(QByteArray("1.5,-9.80665,1e300,-inf\n"), map, &frame, &channels));
    QCOMPARE(frame.physicsTimeS, 1.5);
    QCOMPARE(frame.sequence, 0u);
    QCOMPARE(channels.selectedMask, std::numeric_limits<std::uint32_t>::max());
    QCOMPARE(frame.stale, true);
    QVERIFY(parseStateRow(QByteArray("2,inf,-1,0\n"), map, &frame, &channels));
    QCOMPARE(frame.sequence, std::numeric_limits<std::uint32_t>::max());
    QCOMPARE(channels.selectedMask, 0u);
    QCOMPARE(frame.stale, false);
    // In-range values still read back exactly.
    QVERIFY(parseStateRow(QByteArray("3,4294967295,4095,1\n"), map, &frame, &channels));
    QCOMPARE(frame.sequence, 4294967295u);
    QCOMPARE(channels.selectedMask, 4095u);
}

// fuzz_tlog: "signed integer overflow: -7702069056561578368 - 1731082256910278464" (UBSan) —
// the replay index subtracted the first record's time stamp from each later one in int64. The
// two time stamps of the finding, on two valid ATTITUDE records; media time must stay ordered.
void TestFuzzRegressions::tlogTimestampsFarApart()
{
    const QByteArray frame = mavlink::encodeMessage(mavlink::Attitude{}, mavlink::FrameHeader{});
    QByteArray tlog;
    appendTlogRecord(tlog, frame, 1731082256910278464LL);
    appendTlogRecord(tlog, frame, -7702069056561578368LL);
    appendTlogRecord(tlog, frame, 1731082256910278464LL + 4000);
    QTemporaryDir dir;
    QFile f(dir.filePath(QStringLiteral("far.tlog")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(tlog);
    f.close();
    ReplaySource src;
    QString error;
    QVERIFY2(src.open(f.fileName(), &error), qPrintable(error));
    QCOMPARE(src.size(), 3);
    QCOMPARE(src.timeAt(0), 0.0);
    QCOMPARE(src.timeAt(1), 0.0); // a step back in time adds nothing
    QVERIFY(src.timeAt(2) >= src.timeAt(1));
    SimFrame frameOut;
    QVERIFY(src.frameAt(2, &frameOut));
}

QTEST_GUILESS_MAIN(TestFuzzRegressions)
#include "tst_fuzz_regressions.moc"
