// Frame reassembly: any order, duplicates, loss, truncation, hostile headers, both header forms,
// and the memory bound.
#include "rflysim/reassembler.h"
#include "structpack.h"

#include <QtTest>
#include <algorithm>

using namespace hil;

namespace {
QByteArray payloadOf(int bytes, int seed)
{
    QByteArray p(bytes, Qt::Uninitialized);
    for (int i = 0; i < bytes; ++i)
        p[i] = char((i * 31 + seed) & 0xff);
    return p;
}

// Splits a payload like RflySim: chunks of `chunk` bytes, 32-byte header (reference packer).
std::vector<QByteArray> split(const QByteArray &payload, int frameId, int chunk = 60000,
                              double stamp = 1.5)
{
    const int n = int((payload.size() + chunk - 1) / chunk);
    std::vector<QByteArray> out;
    for (int i = 0; i < n; ++i) {
        const QByteArray part = payload.mid(i * chunk, chunk);
        QByteArray d = structPack("6i1d", {1234567893, double(32 + part.size()), double(i),
                                           double(n), double(frameId), 0, stamp});
        out.push_back(d + part);
    }
    return out;
}

QByteArray header(qint32 sum, qint32 len, qint32 id, qint32 num, qint32 frame)
{
    return structPack("6i1d",
                      {double(sum), double(len), double(id), double(num), double(frame), 0, 0.0});
}

FrameReassembler::Result add(FrameReassembler &r, const QByteArray &d, quint32 source = 1)
{
    return r.addPacket(d.constData(), int(d.size()), source, 0);
}
} // namespace

class TestRflysimReassembler : public QObject
{
    Q_OBJECT
private slots:
    void headerForms()
    {
        const QByteArray h32 = header(1234567893, 100, 2, 5, 77);
        auto h = parseSensorHeader(h32.constData(), int(h32.size()));
        QVERIFY(h);
        QCOMPARE(h->headerSize, 32);
        QCOMPARE(h->pkgLen, 100);
        QCOMPARE(h->pkgId, 2);
        QCOMPARE(h->pkgNum, 5);
        QCOMPARE(h->frameId, 77);
        const QByteArray h24 = structPack("4i1d", {1234567890, 30, 0, 1, 2.25});
        h = parseSensorHeader(h24.constData(), int(h24.size()));
        QVERIFY(h);
        QCOMPARE(h->headerSize, 24);
        QCOMPARE(h->timeStampS, 2.25);
        QVERIFY(!parseSensorHeader(h24.constData(), 23));
        const QByteArray bad = header(99, 32, 0, 1, 0);
        QVERIFY(!parseSensorHeader(bad.constData(), int(bad.size())));
        // writeSensorHeader is byte-identical to the reference packer.
        SensorPacketHeader w{32, 1234567893, 100, 2, 5, 77, 0, 0.0};
        QByteArray out(32, '\0');
        writeSensorHeader(out.data(), w);
        QCOMPARE(out, h32);
    }

    void inOrderAndAnyOrder_data()
    {
        QTest::addColumn<QList<int>>("order");
        QTest::newRow("in order") << QList<int>{0, 1, 2, 3};
        QTest::newRow("reversed") << QList<int>{3, 2, 1, 0};
        QTest::newRow("last first") << QList<int>{3, 0, 2, 1};
        QTest::newRow("shuffled") << QList<int>{2, 0, 3, 1};
    }
    void inOrderAndAnyOrder()
    {
        QFETCH(QList<int>, order);
        const QByteArray payload = payloadOf(3 * 60000 + 1234, 5);
        const auto parts = split(payload, 9);
        FrameReassembler r;
        for (int k = 0; k < order.size(); ++k) {
            const auto res = add(r, parts[size_t(order[k])]);
            QCOMPARE(res, k + 1 < order.size() ? FrameReassembler::Result::Accepted
                                               : FrameReassembler::Result::Completed);
        }
        const auto done = r.takeCompleted();
        QCOMPARE(int(done.size()), 1);
        QCOMPARE(done[0].frameId, 9);
        QCOMPARE(done[0].timeStampS, 1.5);
        QCOMPARE(done[0].payload, payload);
        QCOMPARE(r.framesInFlight(), 0);
    }

    void duplicatesDropped()
    {
        const QByteArray payload = payloadOf(150000, 1);
        const auto parts = split(payload, 1);
        FrameReassembler r;
        QCOMPARE(add(r, parts[0]), FrameReassembler::Result::Accepted);
        QCOMPARE(add(r, parts[0]), FrameReassembler::Result::Duplicate);
        QCOMPARE(add(r, parts[1]), FrameReassembler::Result::Accepted);
        QCOMPARE(add(r, parts[2]), FrameReassembler::Result::Completed);
        // A late duplicate of a finished frame must not start a new one.
        QCOMPARE(add(r, parts[1]), FrameReassembler::Result::Duplicate);
        QCOMPARE(r.framesInFlight(), 0);
        QCOMPARE(r.counters().duplicates, 2u);
        QCOMPARE(r.counters().framesCompleted, 1u);
        QCOMPARE(r.takeCompleted().at(0).payload, payload);
    }

    void missingPartCountedLostNeverDelivered()
    {
        FrameReassembler r;
        const auto a = split(payloadOf(130000, 2), 10);
        const auto b = split(payloadOf(130000, 3), 11);
        add(r, a[0]);
        add(r, a[2]); // a[1] lost
        for (const auto &d : b)
            add(r, d);
        const auto done = r.takeCompleted();
        QCOMPARE(int(done.size()), 1);
        QCOMPARE(done[0].frameId, 11);
        QCOMPARE(r.counters().framesLost, 1u);
        QCOMPARE(r.framesInFlight(), 0);
        // The lost part arriving late is not a new frame.
        QCOMPARE(add(r, a[1]), FrameReassembler::Result::Duplicate);
    }

    void expireLosesStaleFrames()
    {
        FrameReassembler r;
        const auto a = split(payloadOf(130000, 2), 1);
        r.addPacket(a[0].constData(), int(a[0].size()), 1, 0);
        QCOMPARE(r.expire(500), 0);
        QCOMPARE(r.expire(5000), 1);
        QCOMPARE(r.counters().framesLost, 1u);
    }

    void restartedSenderIsNotADuplicateAfterForgetStreams()
    {
        // A restarted sender numbers its frames from 0 again, maybe from the same port: until
        // the link forgets the ended stream those frames look like late duplicates.
        FrameReassembler r;
        const auto first = split(payloadOf(70000, 1), 0);
        const auto half = split(payloadOf(70000, 2), 1);
        for (const auto &d : first)
            add(r, d);
        add(r, half[0]); // in flight when the stream ends
        const auto again = split(payloadOf(70000, 3), 0);
        QCOMPARE(add(r, again[0]), FrameReassembler::Result::Duplicate);
        r.forgetStreams();
        QCOMPARE(r.counters().framesLost, 1u);
        QCOMPARE(r.framesInFlight(), 0);
        QCOMPARE(add(r, again[0]), FrameReassembler::Result::Accepted);
        QCOMPARE(add(r, again[1]), FrameReassembler::Result::Completed);
        QCOMPARE(r.takeCompleted().back().payload, payloadOf(70000, 3));
    }

    void streamsAreIndependent()
    {
        FrameReassembler r;
        const auto a = split(payloadOf(70000, 4), 5);
        const auto b = split(payloadOf(70000, 6), 5); // same frame id, other source
        add(r, a[0], 1);
        add(r, b[0], 2);
        add(r, b[1], 2);
        QCOMPARE(add(r, a[1], 1), FrameReassembler::Result::Completed);
        QCOMPARE(int(r.takeCompleted().size()), 2);
        QCOMPARE(r.counters().framesLost, 0u);
    }

    void truncatedAndLengthMismatch()
    {
        FrameReassembler r;
        const auto parts = split(payloadOf(100, 1), 3);
        QCOMPARE(add(r, parts[0].left(parts[0].size() - 1)), FrameReassembler::Result::Malformed);
        QCOMPARE(add(r, parts[0].left(20)), FrameReassembler::Result::Malformed);
        QByteArray longer = parts[0] + QByteArray(4, 'z');
        QCOMPARE(add(r, longer), FrameReassembler::Result::Malformed);
        QCOMPARE(r.counters().malformed, 3u);
        QCOMPARE(add(r, parts[0]), FrameReassembler::Result::Completed);
    }

    void hostileHeaders_data()
    {
        QTest::addColumn<QByteArray>("datagram");
        const QByteArray body(100, 'b');
        auto make = [&](qint32 len, qint32 id, qint32 num) {
            return header(1234567893, len, id, num, 1) + body;
        };
        QTest::newRow("huge pkg_num") << make(132, 0, 1 << 30);
        QTest::newRow("negative pkg_num") << make(132, 0, -3);
        QTest::newRow("zero pkg_num") << make(132, 0, 0);
        QTest::newRow("negative pkg_len") << make(-132, 0, 1);
        QTest::newRow("pkg_id >= pkg_num") << make(132, 4, 4);
        QTest::newRow("negative pkg_id") << make(132, -1, 4);
        QTest::newRow("empty payload") << header(1234567893, 32, 0, 1, 1);
    }
    void hostileHeaders()
    {
        QFETCH(QByteArray, datagram);
        FrameReassembler r;
        QCOMPARE(add(r, datagram), FrameReassembler::Result::Malformed);
        QCOMPARE(r.framesInFlight(), 0);
        QCOMPARE(r.counters().malformed, 1u);
    }

    void boundedMemory()
    {
        FrameReassembler::Limits lim;
        lim.maxFramesInFlight = 3;
        lim.maxFrameBytes =
            1000 * 60000; // 60 MB: a 1000-part frame of 60,000-byte parts would be 60 MB
        lim.maxParts = 1024;
        FrameReassembler r(lim);
        // Many half-frames: never more than 3 in flight, the rest counted lost.
        for (int f = 0; f < 20; ++f) {
            const auto parts = split(payloadOf(70000, f), f);
            add(r, parts[0]);
            QVERIFY(r.framesInFlight() <= 3);
        }
        QCOMPARE(r.counters().framesLost, 17u);

        // A frame whose pkg_num × part size exceeds the bound is refused, not allocated.
        FrameReassembler::Limits small;
        small.maxFrameBytes = 100000;
        FrameReassembler s(small);
        const QByteArray part = header(1234567893, 32 + 60000, 0, 3, 7) + QByteArray(60000, 'x');
        QCOMPARE(add(s, part), FrameReassembler::Result::Malformed);
        QCOMPARE(s.framesInFlight(), 0);
    }

    void partsOfDifferentSizesRejected()
    {
        FrameReassembler r;
        const QByteArray p0 = header(1234567893, 32 + 100, 0, 3, 1) + QByteArray(100, 'a');
        const QByteArray p1 =
            header(1234567893, 32 + 90, 1, 3, 1) + QByteArray(90, 'b'); // not last, shorter
        const QByteArray p2 =
            header(1234567893, 32 + 150, 2, 3, 1) + QByteArray(150, 'c'); // last, longer
        QCOMPARE(add(r, p0), FrameReassembler::Result::Accepted);
        QCOMPARE(add(r, p1), FrameReassembler::Result::Malformed);
        QCOMPARE(add(r, p2), FrameReassembler::Result::Malformed);
        QCOMPARE(r.counters().framesCompleted, 0u);
        // pkg_num changing within a frame.
        const QByteArray other = header(1234567893, 32 + 100, 1, 4, 1) + QByteArray(100, 'd');
        QCOMPARE(add(r, other), FrameReassembler::Result::Malformed);
    }

    void oldHeaderFrames()
    {
        const QByteArray payload = payloadOf(100000, 9);
        FrameReassembler r;
        for (int i = 1; i >= 0; --i) {
            const QByteArray part = payload.mid(i * 60000, 60000);
            const QByteArray d =
                structPack("4i1d", {1234567890, double(24 + part.size()), double(i), 2, 7.5}) +
                part;
            add(r, d);
        }
        const auto done = r.takeCompleted();
        QCOMPARE(int(done.size()), 1);
        QCOMPARE(done[0].payload, payload);
        QCOMPARE(done[0].timeStampS, 7.5);
    }
};

QTEST_GUILESS_MAIN(TestRflysimReassembler)
#include "tst_rflysim_reassembler.moc"
