#pragma once
// Helpers of the fault-injection suite: misbehaving peers written as plain sockets (flooders,
// half-open clients and servers), counters and state read from a worker, recovery timing, and the
// session-folder readers; workers are started as the link rigs start them (linkrig.h).
// Test-thread only.

#include "core/worker.h"
#include "linkrig.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QHostAddress>
#include <QTcpServer>
#include <QTcpSocket>
#include <QUdpSocket>
#include <QtTest/QtTest>
#include <memory>

namespace faults {

/// A counter of a worker's published snapshot (refreshed at 10 Hz), as a double.
inline double counter(const hil::Worker *w, const char *key)
{
    return w ? w->counters().value(QLatin1String(key)).toDouble() : 0.0;
}

/// Runs the event loop until pred() holds or timeoutMs passes; returns the time it took, or -1.
template <typename Pred> qint64 waitFor(Pred pred, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (!pred()) {
        if (t.elapsed() > timeoutMs)
            return -1;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        QTest::qSleep(2);
    }
    return t.elapsed();
}

/// Spins the event loop for ms (the workers run on their own threads meanwhile).
inline void spin(int ms)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
}

using hil::testing::launch;

inline bool isUp(const hil::Worker *w)
{
    return w->state() == hil::LinkState::Up;
}

/// Sends `count` datagrams to 127.0.0.1:port, each made by make(i). Blocking, as fast as the
/// socket takes them (the flooder is the test's thread: it never waits for the link).
template <typename Make> void udpBurst(quint16 port, int count, Make make)
{
    QUdpSocket s;
    for (int i = 0; i < count; ++i)
        s.writeDatagram(make(i), QHostAddress::LocalHost, port);
}

/// Pseudo-random bytes (deterministic per seed).
inline QByteArray garbage(int n, quint32 seed)
{
    QByteArray b(n, '\0');
    for (int i = 0; i < n; ++i) {
        seed = seed * 1664525u + 1013904223u;
        b[i] = char(seed >> 24);
    }
    return b;
}

/// Times a recovery: returns ms from now until pred() holds (-1 after timeoutMs). The bound the
/// suite asserts is 1 s after the peer is back; counters refresh at 10 Hz, so callers pass
/// predicates on link state (immediate) where they can.
template <typename Pred> qint64 recoveryMs(Pred pred, int timeoutMs = 10000)
{
    return waitFor(pred, timeoutMs);
}

/// The time_s column of state.csv, one value per complete row.
inline std::vector<double> stateTimes(const QString &folder, QByteArray *raw = nullptr)
{
    QFile f(folder + QStringLiteral("/state.csv"));
    std::vector<double> out;
    if (!f.open(QIODevice::ReadOnly))
        return out;
    const QByteArray all = f.readAll();
    if (raw)
        *raw = all;
    const QList<QByteArray> lines = all.split('\n');
    for (qsizetype i = 1; i + 1 < lines.size(); ++i) { // skip header and the partial last piece
        const QByteArray &l = lines[i];
        const qsizetype comma = l.indexOf(',');
        out.push_back(l.left(comma).toDouble());
    }
    return out;
}

} // namespace faults
