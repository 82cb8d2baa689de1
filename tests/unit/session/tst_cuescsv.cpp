// cues.csv's format and reader (lib/session/cuescsv.*): a row written is read back (words exact,
// SI decoded from them); a hand-written file with columns in another order, a column of a later
// version, a malformed row and a cut-off last line reads its good rows and counts the others; a
// missing file is no error (older sessions have none). Numbers are written and read in the C
// locale whatever the process's locale (run under LC_ALL=de_DE.UTF-8 too).
#include "raven/cuesample.h"
#include "raven/ravencodec.h"
#include "raven/ridersafety.h"
#include "session/cuescsv.h"
#include "session/sessionformat.h"

#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

using namespace hil;

namespace {
QString writeFile(const QTemporaryDir &dir, const QByteArray &text)
{
    const QString path = dir.filePath(QStringLiteral("cues.csv"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(text) != text.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}
} // namespace

class TestCuesCsv : public QObject
{
    Q_OBJECT
private slots:
    void headerNamesAreStable();
    void rowRoundTrips();
    void handWrittenFileWithMalformedRows();
    void missingFileIsNoError();
    void unknownHeaderIsUnreadable();
    void codecDecodesWhatItEncodes();
};

void TestCuesCsv::headerNamesAreStable()
{
    const QStringList c = cuesCsvColumns();
    QCOMPARE(c.first(), QString("time_s"));
    QCOMPARE(c.mid(0, 7), (QStringList{"time_s", "message_id", "origin", "cue_gain", "master_gain",
                                       "zeroed", "holds"}));
    for (const char *name : {"acceleration/surge", "acceleration/heave", "angular_acceleration/yaw",
                             "attitude/roll", "attitude/pitch", "gravity", "word/0", "word/8"})
        QVERIFY2(c.contains(name), name);
    QCOMPARE(c.last(), QString("word/8"));
    QStringList unique = c;
    QCOMPARE(unique.removeDuplicates(), qsizetype(0));
    QCOMPARE(cuesCsvHeader(), c.join(',').toLatin1() + '\n');
}

void TestCuesCsv::rowRoundTrips()
{
    CueRow r;
    r.messageId = 85;
    r.wordCount = 9;
    r.words = {1234, -4903, 2831, 12, -7, 4000, 30000, -1500, 9807};
    r.cueGain = 0.4375;
    r.masterGain = 0.3;
    r.origin = int(raven::CueOrigin::Simulator);
    r.holds = raven::HoldStale;
    QByteArray line;
    appendCueRow(line, r, 12.125);
    QVERIFY2(line.startsWith("12.125,85,0,0.4375,0.3,0,2,1.234,-4.903,2.831,"), line.constData());
    QVERIFY2(line.endsWith(",1234,-4903,2831,12,-7,4000,30000,-1500,9807\n"), line.constData());
    QVERIFY(!line.contains(' '));
    const std::vector<int> map = cuesColumnMap(cuesCsvHeader());
    SentCue c;
    QVERIFY(parseCueRow(line, map, &c));
    QCOMPARE(c.timeS, 12.125);
    QCOMPARE(c.messageId, 85);
    QCOMPARE(c.wordCount, 9);
    for (int i = 0; i < 9; ++i)
        QCOMPARE(c.words[std::size_t(i)], r.words[std::size_t(i)]);
    QCOMPARE(c.cueGain, 0.4375);
    QCOMPARE(c.masterGain, 0.3);
    QCOMPARE(c.holds, std::uint32_t(raven::HoldStale));
    QVERIFY(!c.zeroed);
    QCOMPARE(c.si[0], 1.234);
    QCOMPARE(c.si[8], 9.807);
    QVERIFY(std::abs(c.si[5] - 4000.0 * M_PI / 180.0) < 1e-12);
    QVERIFY(std::abs(c.si[6] - 30.0 * M_PI / 180.0) < 1e-12);

    // Frame 5: six words; no angles, no gravity (empty cells, NaN read back).
    CueRow z;
    z.messageId = 5;
    z.wordCount = 6;
    z.words = {0, 0, 9807, 0, 0, 0};
    z.zeroed = true;
    z.masterGain = 0.3;
    z.origin = int(raven::CueOrigin::Stop);
    z.holds = raven::HoldStop;
    line.clear();
    appendCueRow(line, z, 0.5);
    QVERIFY2(line.endsWith(",,,,0,0,9807,0,0,0,,,\n"), line.constData());
    QVERIFY(parseCueRow(line, map, &c));
    QCOMPARE(c.wordCount, 6);
    QVERIFY(c.zeroed);
    QCOMPARE(c.origin, 1);
    QCOMPARE(c.si[2], 9.807);
    QVERIFY(std::isnan(c.si[6]) && std::isnan(c.si[7]) && std::isnan(c.si[8]));
}

void TestCuesCsv::handWrittenFileWithMalformedRows()
{
    // Written by hand, not by appendCueRow: the columns in another order, a later version's
    // column (future/x), no SI columns at all.
    const QByteArray text = "message_id,time_s,future/x,cue_gain,master_gain,zeroed,holds,origin,"
                            "word/0,word/1,word/2,word/3,word/4,word/5,word/6,word/7,word/8\n"
                            "21,0.01,7,0.5,0.3,0,0,0,100,-200,300,4,-5,6,1000,-2000,\n"
                            "21,0.02,7,0.5,0.3,0,0,0,100,-200,300,4,-5,6,1000\n" // short
                            "21,0.03,7,0,0.3,1,1,1,0,0,0,0,0,0,0,0,\n"           // STOP
                            "21,zero,7,0,0.3,1,1,0,0,0,0,0,0,0,0,0,\n"           // no time
                            "42,0.05,7,0,0.3,1,1,0,0,0,0,0,0,0,0,0,\n"           // not a cue
                            "21,0.06,7,0,0.3,1,1,0,0,0,0,1.5,0,0,0,0,\n"         // word 1.5
                            "\n"                                                 // blank
                            "5,0.07,7,1,1,0,0,2,0,0,9807,0,0,0,,,\n"             // test cue
                            "21,0.08,7,0.5,0.3,0,0,0,100,-2"; // cut off by a crash
    QTemporaryDir dir;
    const CuesCsv cues = loadCuesCsv(writeFile(dir, text));
    QVERIFY(cues.present);
    QVERIFY(cues.readable);
    QCOMPARE(cues.rows.size(), std::size_t(3));
    QCOMPARE(cues.skippedRows, qint64(5)); // short, no time, id 42, word 1.5, cut off
    const SentCue &a = cues.rows[0];
    QCOMPARE(a.timeS, 0.01);
    QCOMPARE(a.messageId, 21);
    QCOMPARE(a.wordCount, 8);
    QCOMPARE(a.words[1], -200);
    QCOMPARE(a.words[7], -2000);
    QCOMPARE(a.cueGain, 0.5);
    QVERIFY(std::isnan(a.si[0])); // no SI column in this file
    const SentCue &stop = cues.rows[1];
    QVERIFY(stop.zeroed);
    QCOMPARE(stop.origin, 1);
    QCOMPARE(stop.holds, 1u);
    const SentCue &test = cues.rows[2];
    QCOMPARE(test.messageId, 5);
    QCOMPARE(test.wordCount, 6);
    QCOMPARE(test.words[2], 9807);
    QCOMPARE(test.origin, 2);
}

void TestCuesCsv::missingFileIsNoError()
{
    QTemporaryDir dir;
    const CuesCsv cues = loadCuesCsv(dir.filePath(QStringLiteral("cues.csv")));
    QVERIFY(!cues.present);
    QVERIFY(cues.rows.empty());
    QCOMPARE(cues.skippedRows, qint64(0));
}

void TestCuesCsv::unknownHeaderIsUnreadable()
{
    QTemporaryDir dir;
    const CuesCsv cues = loadCuesCsv(writeFile(dir, "a,b,c\n1,2,3\n"));
    QVERIFY(cues.present);
    QVERIFY(!cues.readable);
    QVERIFY(cues.rows.empty());
}

void TestCuesCsv::codecDecodesWhatItEncodes()
{
    const raven::Accel6 acc{1, -2, 3, -4, 5, -6};
    raven::Frame f;
    QVERIFY(raven::decodeFrame(raven::encodeAccelAttitude(acc, 7000, -8000),
                               raven::Direction::ToPlatform, &f));
    QCOMPARE(int(f.id), 21);
    QCOMPARE(f.words, 8);
    QCOMPARE(f.payload[5], -6);
    QCOMPARE(f.payload[7], -8000);
    QByteArray bad = raven::encodeAccel(acc);
    bad[bad.size() - 1] = char(bad[bad.size() - 1] ^ 1);
    QVERIFY(!raven::decodeFrame(bad, raven::Direction::ToPlatform, &f)); // CRC
    QVERIFY(!raven::decodeFrame(raven::encodeAccel(acc) + 'x', raven::Direction::ToPlatform, &f));
    std::array<double, raven::kMaxPayloadWords> si{};
    raven::Frame mode;
    mode.id = raven::IdModeRequest;
    QVERIFY(!raven::cueWordsToSi(mode, &si));
}

QTEST_GUILESS_MAIN(TestCuesCsv)
#include "tst_cuescsv.moc"
