// End-to-end latency through the whole Station, measured as a black box from its sockets, with the
// operator window open (offscreen) and 12 plot signals live:
//   e2e_cue_latency_us        from the moment our RealFlight stand-in has written the last byte of
//                             an ExchangeData reply to the moment the cue frame (RavenAPI id 5, 21
//                             or 85) derived from it leaves the program's socket: the kernel's
//                             receive stamp at our platform stand-in (SO_TIMESTAMPNS; on loopback
//                             it is taken inside the program's send());
//   e2e_hil_sensor_latency_us from the same moment to the moment the HIL_SENSOR derived from it
//                             leaves the program's socket (the same stamp at our PX4 stand-in);
//   e2e_cue_arrival_us, e2e_hil_sensor_arrival_us: the same, to the moment the stand-in's thread
//                             has read it (the figures before the kernel stamps: they add the
//                             stand-in's own wake-up, which is not the program's latency).
// p50 and p99 over ~5 s after a warm-up, plus the sample counts. The kernel stamps are on
// CLOCK_REALTIME, moved to the steady clock by one offset read before the run
// (e2e_clock_offset_drift_us: how far it moved by the end; an NTP step would show there). Reads
// without a stamp fall back to the read time and are counted (e2e_reads_without_kernel_stamp). All
// on 127.0.0.1. It touches the program only through its command-line options, its window and its
// sockets, so the same file measures the code before and after a redesign of the link layer.
//
// The peers (each on its own std::thread, blocking POSIX sockets, timestamps from the steady clock
// that all threads share):
//  - RealFlight: an HTTP server answering one request per connection, as RealFlight does. Restore,
//    Reset and Inject get the captured replies from tests/fixtures/flightaxis; ExchangeData gets
//    the captured ReturnData with m-currentPhysicsTime-SEC replaced by P0 + k * 4 ms for the k-th
//    reply. Reply k is written no earlier than 4 ms after reply k-1 was (RealFlight's pace: physics
//    advances 4 ms per reply, the wall clock at least as much). Each reply is one send(); the clock
//    is read just before it (the reference of every latency) and just after it returns.
//  - Platform: a UDP socket that records the kernel stamp and read time of every cue frame and
//    answers every frame with a zero payload and a status word showing CUEING, thermal normal, all
//    motors OK (so the link is up and cueing as with a real platform in CUEING). It honours a mode
//    request (682) and counts it: the program must never ask for one on its own while running
//    (e2e_mode_requests, before the shutdown). After the measurement the bench clicks the
//    window's STOP while the loop still runs: e2e_stop_under_load_ms is the click to the mode
//    request's arrival (one sample a run: the window's nice value must not delay STOP).
//  - PX4: a TCP client that connects to the HIL port, sends HEARTBEAT once a second and answers
//    every HIL_SENSOR at once with HIL_ACTUATOR_CONTROLS (lockstep flag, the sensor's time_usec,
//    disarmed, zero outputs), recording each HIL_SENSOR's kernel stamp and its read time.
//
// Why the clock is read before send(), not after: on loopback the bytes reach the link's socket
// inside send(), and the link thread it wakes often preempts the writer before send() returns, so a
// clock read after send() was later than the derived HIL_SENSOR's arrival for ~2 % of replies.
// Reading it before over-reads each latency by the part of send() before the last byte is queued:
// at most the whole send() duration, printed as e2e_reply_send_us (p50 ~30 µs on a busy 2-core
// machine, tens of µs on an idle one; its p99 includes the preemption after the bytes were queued,
// so it overstates the bound).
//
// Matching an output to the reply that caused it:
//  - HIL_SENSOR: by physics time. With 4 ms physics steps every reply is exactly one PX4 step and
//    time_usec = physics µs + a constant offset. The offset is the most frequent difference between
//    a sensor's time_usec and the physics time of the latest reply written before it arrived; then
//    every sensor is matched one-to-one to the reply with physics time time_usec - offset. The
//    match is exact (no attribution error) while the link keeps one offset; sensors that match no
//    reply in the window and replies without a sensor are counted (both 0 in a clean run).
//  - Cue: no physics time on the wire (the cue is filtered, not invertible), so each cue is
//    attributed to the latest reply written before it arrived, then made consistent with the order
//    of arrival (cue i comes from an earlier reply than cue i+1; from the last cue backwards; the
//    cues moved are counted in e2e_cue_reattributed_by_order). Replies are ≥ 4 ms apart, so the
//    attribution is exact whenever a cue's latency is below 4 ms or a later cue reveals the lag;
//    only a run of cues all late by more than the 4 ms spacing would be under-read, by 4 ms each.
//    Replies without a cue (e2e_cue_replies_without_cue) are the link's own 500 Hz pacing cap
//    dropping a frame that reached it less than 2 ms after the previous one. Only cues that
//    arrive while the flow still runs (kTailMs past the window, before the stop's own ramp
//    frames) take part: the pass assumes every cue comes from a reply.
// Beyond that, each *_arrival_us timestamp includes the stand-in thread's wake-up after its poll()
// (read high by the scheduler's wake-up latency: a few µs on an idle core, more when the 2 cores
// are busy); the *_latency_us figures do not. The p99 carries the machine's load; compare figures
// taken in one sitting.
// The program's CPU per thread over the same window, from the kernel's own accounting
// (/proc/self/task/<tid>/schedstat: on-CPU time in ns): rig_thread_cpu_pct_<name> for each of the
// program's threads (the links' "hil-<link>", the recorder's "hil-session", Qt's own),
// rig_gui_thread_cpu_pct for the window's, and rig_cpu_pct_at_250hz, every program thread but the
// window's: the loop threads and the recorder at RealFlight's pace with all four links, against its
// target (rig_cpu_pct_target). The stand-ins' threads register themselves and are left out. No
// assertion on time: a missing stream is an error (exit 1), a slow one is a figure.
#include "../benchutil.h"
#include "core/threadlauncher.h"
#include "mavlink/codec.h"
#include "mavlink/messages.h"
#include "platform/platform.h"
#include "raven/ravencodec.h"
#include "station/station.h"
#include "testpaths.h"
#include "ui/mainwindow.h"
#include "ui/panels/plotspanel.h"

#include <QApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QUdpSocket>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace {

using hil::mavlink::FrameHeader;

constexpr std::int64_t kStepUs = 4000;           // physics advance per reply (PX4's grid)
constexpr std::int64_t kP0Us = 1000LL * 1000000; // physics time of reply 0
constexpr int kWarmupMs = 2000;
constexpr int kMeasureMs = 5000;
// Cues are attributed only up to kTailMs after the window: the station's stop ramps the platform
// to neutral with cue frames of its own, after the last reply. Counted in, those extra cues
// shifted every earlier cue one reply back through the order pass (+4 ms each, p50 4.4 ms in a run
// without a single dropped frame to absorb them).
constexpr int kTailMs = 200;

std::int64_t steadyNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// The stand-ins' threads (their run() registers them): not the program's CPU.
std::mutex g_standInMutex;
std::vector<long> g_standInTids;
void registerStandInThread()
{
    std::lock_guard<std::mutex> lock(g_standInMutex);
    g_standInTids.push_back(long(::gettid()));
}

struct ThreadCpu
{
    std::string name;
    double cpuS = 0;
};

/// Every thread of this process: its name and on-CPU time so far.
std::map<long, ThreadCpu> threadCpu()
{
    std::map<long, ThreadCpu> out;
    const QDir tasks(QStringLiteral("/proc/self/task"));
    for (const QString &tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile sched(tasks.filePath(tid + QStringLiteral("/schedstat")));
        QFile comm(tasks.filePath(tid + QStringLiteral("/comm")));
        if (!sched.open(QIODevice::ReadOnly) || !comm.open(QIODevice::ReadOnly))
            continue; // the thread ended meanwhile
        // "on-CPU ns, waiting ns, time slices": the scheduler's own sum, to the nanosecond
        // (the user + system times of /proc/.../stat come in 10 ms clock ticks: ±0.2 % of a
        // core over the window, as large as the differences looked for).
        const QList<QByteArray> f = sched.readAll().split(' ');
        ThreadCpu t;
        t.name = comm.readAll().trimmed().toStdString();
        t.cpuS = f.value(0).toDouble() * 1e-9; // QByteArray::toDouble: the C locale
        out[tid.toLong()] = t;
    }
    return out;
}

int listenTcp(quint16 *port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    const int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    if (::bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0 || ::listen(fd, 8) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr *>(&a), &len) != 0) {
        ::close(fd);
        return -1;
    }
    *port = ntohs(a.sin_port);
    return fd;
}

int bindUdp(quint16 *port)
{
    const int fd = ::socket(AF_INET, SOCK_DGRAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    if (::bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr *>(&a), &len) != 0) {
        ::close(fd);
        return -1;
    }
    *port = ntohs(a.sin_port);
    return fd;
}

bool readable(int fd, int timeoutMs)
{
    pollfd p{fd, POLLIN, 0};
    return ::poll(&p, 1, timeoutMs) > 0;
}

std::int64_t realtimeNs()
{
    timespec ts{};
    ::clock_gettime(CLOCK_REALTIME, &ts);
    return std::int64_t(ts.tv_sec) * 1000000000LL + ts.tv_nsec;
}

/// CLOCK_REALTIME - steady clock, ns: the kernel's receive stamps are on the former. Read as the
/// tightest of 200 steady/real/steady sandwiches (error: half that sandwich, well under 1 µs).
std::int64_t realMinusSteadyNs()
{
    std::int64_t best = -1, offset = 0;
    for (int i = 0; i < 200; ++i) {
        const std::int64_t a = steadyNs(), r = realtimeNs(), b = steadyNs();
        if (best < 0 || b - a < best) {
            best = b - a;
            offset = r - (a + b) / 2;
        }
    }
    return offset;
}
std::int64_t g_realMinusSteadyNs = 0; ///< set in main() before any peer runs

/// Asks the kernel to stamp what arrives on fd (SO_TIMESTAMPNS).
void enableRxStamps(int fd)
{
    const int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &one, sizeof one);
}

/// recvmsg() that also returns the kernel's receive stamp of what it read, on the steady clock
/// (*stampNs = 0 when the kernel gave none). On loopback the stamp is taken while the sender is
/// still inside its send(): it is the moment the data left the program's socket, without this
/// stand-in thread's own wake-up after poll(). For TCP it is the stamp of the last segment read.
ssize_t recvStamped(int fd, char *buf, std::size_t len, sockaddr_in *from, socklen_t *fromLen,
                    std::int64_t *stampNs)
{
    iovec iov{buf, len};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(timespec)) * 2];
    msghdr m{};
    m.msg_name = from;
    m.msg_namelen = from ? *fromLen : 0;
    m.msg_iov = &iov;
    m.msg_iovlen = 1;
    m.msg_control = control;
    m.msg_controllen = sizeof control;
    const ssize_t n = ::recvmsg(fd, &m, 0);
    if (fromLen)
        *fromLen = m.msg_namelen;
    *stampNs = 0;
    if (n <= 0)
        return n;
    for (cmsghdr *c = CMSG_FIRSTHDR(&m); c; c = CMSG_NXTHDR(&m, c))
        if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_TIMESTAMPNS) {
            timespec ts{};
            std::memcpy(&ts, CMSG_DATA(c), sizeof ts);
            *stampNs = std::int64_t(ts.tv_sec) * 1000000000LL + ts.tv_nsec - g_realMinusSteadyNs;
        }
    return n;
}

bool sendAll(int fd, const char *data, std::size_t n)
{
    while (n > 0) {
        const ssize_t w = ::send(fd, data, n, MSG_NOSIGNAL);
        if (w <= 0)
            return false;
        data += w;
        n -= std::size_t(w);
    }
    return true;
}

QByteArray fixture(const char *name)
{
    QFile f(hil::testpaths::fixturesDir() + QStringLiteral("/flightaxis/") + QLatin1String(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QByteArray httpReply(const QByteArray &body)
{
    char len[24];
    const auto r = std::to_chars(len, len + sizeof len, body.size());
    return QByteArray(
               "HTTP/1.1 200 OK\r\nServer: gSOAP/2.7\r\nContent-Type: text/xml; charset=utf-8\r\n"
               "Content-Length: ") +
           QByteArray(len, int(r.ptr - len)) + "\r\nConnection: close\r\n\r\n" + body;
}

// ---------------------------------------------------------------------------------------------
/// RealFlight stand-in (see the file comment). Thread: its own; results read after join().
class RealFlightPeer
{
public:
    struct Reply
    {
        std::int64_t physicsUs;
        std::int64_t writtenNs; ///< just before send(): the reference of every latency
        std::int64_t sentNs;    ///< just after send() returned
    };

    bool start()
    {
        m_restore = fixture("restore-original-controller-device-200.xml");
        m_inject = fixture("inject-uav-controller-interface-200.xml");
        m_reset = fixture("reset-aircraft-200.xml");
        const QByteArray data = fixture("return-data-200.xml");
        const QByteArray tag = "<m-currentPhysicsTime-SEC>";
        const int a = data.indexOf(tag), b = data.indexOf("</m-currentPhysicsTime-SEC>");
        if (m_restore.isEmpty() || m_inject.isEmpty() || m_reset.isEmpty() || a < 0 || b < a)
            return false;
        m_head = data.left(a + tag.size());
        m_tail = data.mid(b);
        m_fd = listenTcp(&m_port);
        if (m_fd < 0)
            return false;
        m_replies.reserve(1 << 16);
        m_thread = std::thread([this] { run(); });
        return true;
    }
    void stop()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
        ::close(m_fd);
    }
    quint16 port() const { return m_port; }
    const std::vector<Reply> &replies() const { return m_replies; } // after stop()
    std::int64_t count() const { return m_count.load(); }

private:
    void run()
    {
        registerStandInThread();
        std::int64_t lastWriteNs = 0;
        while (!m_stop) {
            if (!readable(m_fd, 100))
                continue;
            const int c = ::accept(m_fd, nullptr, nullptr);
            if (c < 0)
                continue;
            const int one = 1;
            ::setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            std::string req;
            std::size_t need = std::string::npos;
            char buf[4096];
            while (!m_stop && (need == std::string::npos || req.size() < need)) {
                if (!readable(c, 100))
                    continue;
                const ssize_t n = ::recv(c, buf, sizeof buf, 0);
                if (n <= 0)
                    break;
                req.append(buf, std::size_t(n));
                const std::size_t end = req.find("\r\n\r\n");
                if (need == std::string::npos && end != std::string::npos) {
                    std::size_t at = req.find("Content-Length:");
                    if (at == std::string::npos)
                        at = req.find("content-length:");
                    std::size_t length = 0;
                    if (at != std::string::npos && at < end) {
                        const char *p = req.data() + at + 15;
                        while (*p == ' ')
                            ++p;
                        std::from_chars(p, req.data() + end, length);
                    }
                    need = end + 4 + length;
                }
            }
            if (need == std::string::npos || req.size() < need) {
                ::close(c);
                continue;
            }
            const std::size_t headEnd = req.find("\r\n\r\n");
            const std::string head = req.substr(0, headEnd);
            if (head.find("ExchangeData") != std::string::npos) {
                const std::int64_t k = std::int64_t(m_replies.size());
                const std::int64_t physicsUs = kP0Us + k * kStepUs;
                char num[32];
                const auto r = std::to_chars(num, num + sizeof num, double(physicsUs) * 1e-6);
                const QByteArray bytes =
                    httpReply(m_head + QByteArray(num, int(r.ptr - num)) + m_tail);
                // RealFlight's pace: at least one physics step of wall time between replies.
                const std::int64_t due = lastWriteNs + kStepUs * 1000;
                if (steadyNs() < due)
                    std::this_thread::sleep_until(
                        std::chrono::steady_clock::time_point(std::chrono::nanoseconds(due)));
                const std::int64_t before = steadyNs();
                const bool ok = sendAll(c, bytes.constData(), std::size_t(bytes.size()));
                const std::int64_t after = steadyNs();
                lastWriteNs = after;
                if (ok) {
                    m_replies.push_back({physicsUs, before, after});
                    m_count = std::int64_t(m_replies.size());
                }
            } else {
                const QByteArray &body =
                    head.find("InjectUAVControllerInterface") != std::string::npos ? m_inject
                    : head.find("ResetAircraft") != std::string::npos              ? m_reset
                                                                                   : m_restore;
                const QByteArray bytes = httpReply(body);
                sendAll(c, bytes.constData(), std::size_t(bytes.size()));
            }
            ::shutdown(c, SHUT_WR);
            ::close(c);
        }
    }

    QByteArray m_restore, m_inject, m_reset, m_head, m_tail;
    int m_fd = -1;
    quint16 m_port = 0;
    std::atomic<bool> m_stop{false};
    std::atomic<std::int64_t> m_count{0};
    std::vector<Reply> m_replies;
    std::thread m_thread;
};

// ---------------------------------------------------------------------------------------------
/// Motion-platform stand-in (see the file comment). Thread: its own; results read after join().
class PlatformPeer
{
public:
    bool start()
    {
        m_fd = bindUdp(&m_port);
        if (m_fd < 0)
            return false;
        enableRxStamps(m_fd);
        m_cues.reserve(1 << 16);
        m_cueArrivals.reserve(1 << 16);
        m_thread = std::thread([this] { run(); });
        return true;
    }
    void stop()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
        ::close(m_fd);
    }
    quint16 port() const { return m_port; }
    /// After stop(): each cue's kernel receive stamp (its read time when it had none) ...
    const std::vector<std::int64_t> &cues() const { return m_cues; }
    /// ... and the time this thread read it.
    const std::vector<std::int64_t> &cueArrivals() const { return m_cueArrivals; }
    std::int64_t unstamped() const { return m_unstamped; } // after stop()
    const std::vector<std::int64_t> &modeRequests() const { return m_modeRequests; }
    std::int64_t count() const { return m_count.load(); }

private:
    void run()
    {
        registerStandInThread();
        std::array<bool, 6> motors;
        motors.fill(true);
        int mode = hil::raven::ModeCueing;
        char buf[2048];
        while (!m_stop) {
            if (!readable(m_fd, 100))
                continue;
            sockaddr_in from{};
            socklen_t fromLen = sizeof from;
            std::int64_t stamp = 0;
            const ssize_t n = recvStamped(m_fd, buf, sizeof buf, &from, &fromLen, &stamp);
            const std::int64_t t = steadyNs();
            // Frames: [u32 0xFFFEFFFE][u16 id][payload][crc], big-endian; one or more a datagram.
            for (ssize_t at = 0; n > 0 && at + 7 <= n;) {
                const auto *p = reinterpret_cast<const unsigned char *>(buf + at);
                if (p[0] != 0xFF || p[1] != 0xFE || p[2] != 0xFF || p[3] != 0xFE)
                    break;
                const std::uint16_t id = std::uint16_t(p[4] << 8 | p[5]);
                const int len = hil::raven::frameBytes(id, hil::raven::Direction::ToPlatform);
                if (len < 0 || at + len > n)
                    break;
                if (id == hil::raven::IdAccel || id == hil::raven::IdAccelAttitude ||
                    id == hil::raven::IdAccelAttitudeGravity) {
                    m_cues.push_back(stamp ? stamp : t);
                    m_cueArrivals.push_back(t);
                    m_unstamped += stamp ? 0 : 1;
                    m_count = std::int64_t(m_cues.size());
                } else if (id == hil::raven::IdModeRequest) {
                    m_modeRequests.push_back(t);
                    mode = std::int32_t(std::uint32_t(p[6]) << 24 | std::uint32_t(p[7]) << 16 |
                                        std::uint32_t(p[8]) << 8 | p[9]);
                }
                const int words = hil::raven::payloadWords(id, hil::raven::Direction::ToApp);
                if (words > 0) {
                    std::int32_t w[hil::raven::kMaxPayloadWords] = {};
                    w[words - 1] = std::int32_t(hil::raven::encodeStatus(mode, 0, motors));
                    const QByteArray r = hil::raven::encodeFrame(id, w, words);
                    ::sendto(m_fd, r.constData(), std::size_t(r.size()), 0,
                             reinterpret_cast<sockaddr *>(&from), fromLen);
                }
                at += len;
            }
        }
    }

    int m_fd = -1;
    quint16 m_port = 0;
    std::atomic<bool> m_stop{false};
    std::atomic<std::int64_t> m_count{0};
    std::vector<std::int64_t> m_cues, m_cueArrivals, m_modeRequests;
    std::int64_t m_unstamped = 0;
    std::thread m_thread;
};

// ---------------------------------------------------------------------------------------------
/// PX4 stand-in (see the file comment). Thread: its own; results read after join().
class Px4Peer
{
public:
    struct Sensor
    {
        std::uint64_t timeUsec;
        std::int64_t stampNs;   ///< the kernel's receive stamp (arrivedNs when it gave none)
        std::int64_t arrivedNs; ///< when this thread read it
    };

    void start(quint16 port)
    {
        m_sensors.reserve(1 << 16);
        m_thread = std::thread([this, port] { run(port); });
    }
    void stop()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
    }
    const std::vector<Sensor> &sensors() const { return m_sensors; } // after stop()
    std::int64_t unstamped() const { return m_unstamped; }           // after stop()
    std::int64_t count() const { return m_count.load(); }

private:
    template <typename M> void sendMsg(int fd, const M &m)
    {
        std::uint8_t out[hil::mavlink::kMaxFrameLen];
        const std::size_t n = hil::mavlink::encodeMessage(m, FrameHeader{m_seq++, 1, 1}, out);
        sendAll(fd, reinterpret_cast<const char *>(out), n);
    }

    void run(quint16 port)
    {
        registerStandInThread();
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        a.sin_port = htons(port);
        if (::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0) {
            std::fprintf(stderr, "bench_e2e: cannot connect to the HIL port %u\n", unsigned(port));
            ::close(fd);
            return;
        }
        const int one = 1;
        ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        enableRxStamps(fd);
        hil::mavlink::StreamParser parser;
        hil::mavlink::Frame f;
        hil::mavlink::Heartbeat hb;
        hb.type = 2;       // quadrotor
        hb.autopilot = 12; // PX4
        hb.systemStatus = 3;
        std::int64_t lastHeartbeat = 0;
        char buf[8192];
        while (!m_stop) {
            const std::int64_t now = steadyNs();
            if (now - lastHeartbeat > 1000000000LL) {
                sendMsg(fd, hb);
                lastHeartbeat = now;
            }
            if (!readable(fd, 100))
                continue;
            std::int64_t stamp = 0;
            const ssize_t n = recvStamped(fd, buf, sizeof buf, nullptr, nullptr, &stamp);
            const std::int64_t t = steadyNs();
            if (n <= 0)
                break;
            parser.feed(buf, std::size_t(n));
            while (parser.next(&f)) {
                if (f.msgId != hil::mavlink::HilSensor::kId)
                    continue;
                const auto s = hil::mavlink::HilSensor::decode(f.payload.data());
                m_sensors.push_back({s.timeUsec, stamp ? stamp : t, t});
                m_unstamped += stamp ? 0 : 1;
                m_count = std::int64_t(m_sensors.size());
                hil::mavlink::HilActuatorControls ac;
                ac.timeUsec = s.timeUsec;
                ac.flags = hil::mavlink::HilActuatorControls::kFlagLockstep;
                sendMsg(fd, ac);
            }
        }
        ::close(fd);
    }

    std::atomic<bool> m_stop{false};
    std::atomic<std::int64_t> m_count{0};
    std::vector<Sensor> m_sensors;
    std::int64_t m_unstamped = 0;
    std::uint8_t m_seq = 0;
    std::thread m_thread;
};

template <typename Pred> bool waitFor(Pred pred, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!pred()) {
        if (deadline.hasExpired())
            return false;
        QTest::qWait(10);
    }
    return true;
}

const char *const kSignals[12] = {"position/n",         "position/e",         "position/d",
                                  "velocity/n",         "velocity/e",         "velocity/d",
                                  "attitude/roll",      "attitude/pitch",     "attitude/yaw",
                                  "angular_velocity/f", "angular_velocity/r", "angular_velocity/d"};

/// 4 plots of 3 signals, set through the widgets an operator uses: the plot-count spin box and the
/// signal tree's per-plot check boxes (each change goes through the tree's itemChanged handler).
/// Returns the number of signals shown, 0 when the tree has not listed them (yet).
int showTwelveSignals(hil::MainWindow &w)
{
    auto *plots = qobject_cast<hil::PlotsPanel *>(w.panel(QStringLiteral("plotsPanel")));
    auto *count = w.findChild<QSpinBox *>(QStringLiteral("plotCount"));
    auto *tree = w.findChild<QTreeWidget *>(QStringLiteral("signalTree"));
    if (!plots || !count || !tree)
        return 0;
    count->setValue(4);
    constexpr int kNameRole = Qt::UserRole + 1; // the tree's full signal name
    constexpr int kColFirstPlot = 2;            // columns 2.. are the plots' check boxes
    int shown = 0;
    for (QTreeWidgetItemIterator it(tree); *it; ++it) {
        QTreeWidgetItem *item = *it;
        const QString name = item->data(0, kNameRole).toString();
        for (int p = 0; p < 4; ++p) {
            if (!(item->flags() & Qt::ItemIsUserCheckable))
                continue;
            bool want = false;
            for (int k = 0; k < 3; ++k)
                want = want || name == QLatin1String(kSignals[p * 3 + k]);
            const Qt::CheckState state = want ? Qt::Checked : Qt::Unchecked;
            if (item->checkState(kColFirstPlot + p) != state)
                item->setCheckState(kColFirstPlot + p, state);
        }
    }
    for (int p = 0; p < 4; ++p)
        shown += int(plots->signalsOf(p).size());
    return shown;
}

/// Index of the last reply written at or before t, or -1.
qsizetype lastReplyBefore(const std::vector<RealFlightPeer::Reply> &r, std::int64_t t)
{
    const auto it =
        std::upper_bound(r.begin(), r.end(), t, [](std::int64_t v, const RealFlightPeer::Reply &x) {
            return v < x.writtenNs;
        });
    return qsizetype(it - r.begin()) - 1;
}

} // namespace

int main(int argc, char *argv[])
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QTemporaryDir dir;
    g_realMinusSteadyNs = realMinusSteadyNs();

    RealFlightPeer realflight;
    PlatformPeer platform;
    Px4Peer px4;
    if (!realflight.start() || !platform.start()) {
        std::fprintf(stderr, "bench_e2e: cannot start the RealFlight/platform stand-ins\n");
        return 1;
    }
    QUdpSocket gcsSink; // the ground-station link's datagrams land here, not on a real PX4's port
    gcsSink.bind(QHostAddress::LocalHost, 0);

    hil::StationOptions o;
    o.logDir = dir.filePath(QStringLiteral("session"));
    o.links.set(QStringLiteral("flightaxis"),
                hil::Endpoint{QStringLiteral("127.0.0.1"), realflight.port()});
    o.links.set(QStringLiteral("raven"),
                hil::Endpoint{QStringLiteral("127.0.0.1"), platform.port()});
    o.links.set(QStringLiteral("raven-listen"), 0u);
    o.links.set(QStringLiteral("px4"), hil::Endpoint{QStringLiteral("127.0.0.1"), 0});
    o.links.set(QStringLiteral("px4-gcs"),
                hil::Endpoint{QStringLiteral("127.0.0.1"), gcsSink.localPort()});
    // HIL_BENCH_GUI_NICE=n measures the window's thread at nice n instead of the program's
    // default (--window-nice, 10); 0 leaves it at 0, to see what the window's share of the 2
    // cores costs the loop and the peers (docs/measured.md).
    if (qEnvironmentVariableIsSet("HIL_BENCH_GUI_NICE"))
        o.windowNice = qEnvironmentVariableIntValue("HIL_BENCH_GUI_NICE");
    // HIL_BENCH_LAB=mqtt://127.0.0.1:PORT adds the lab link (docs/lab.md), publishing to that
    // broker at its default 50 Hz: the cost of the lab on the loop (lab on against off).
    if (qEnvironmentVariableIsSet("HIL_BENCH_LAB")) {
        o.links.set(QStringLiteral("lab"), qEnvironmentVariable("HIL_BENCH_LAB"));
        o.links.set(QStringLiteral("rig"), QStringLiteral("bench"));
    }
    hil::ThreadLauncher launcher; // as app/main.cpp: made before this thread's nice goes up
    hil::Station station(o);
    QString err;
    if (!station.start(&err)) {
        std::fprintf(stderr, "bench_e2e: %s\n", qPrintable(err));
        return 1;
    }
    hil::MainWindow window(&station, nullptr);
    window.resize(1920, 1080);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return 1;

    int failed = 0;
    quint16 hilPort = 0;
    if (!waitFor(
            [&] {
                hil::Worker *w = station.worker(QStringLiteral("px4"));
                hilPort =
                    w ? quint16(w->endpoints().value(QStringLiteral("listen_port")).toInt()) : 0;
                return hilPort != 0;
            },
            10000)) {
        std::fprintf(stderr, "bench_e2e: the HIL link shows no listening port\n");
        failed = 1;
    }
    int shown = 0;
    if (!failed) {
        px4.start(hilPort);
        // Warm-up: all three streams flowing and the plots set, then kWarmupMs more.
        if (!waitFor(
                [&] {
                    return realflight.count() > 250 && platform.count() > 250 && px4.count() > 250;
                },
                30000)) {
            std::fprintf(
                stderr,
                "bench_e2e: streams did not start (replies %lld, cues %lld, HIL_SENSOR %lld)\n",
                qlonglong(realflight.count()), qlonglong(platform.count()), qlonglong(px4.count()));
            failed = 1;
        } else if (!waitFor([&] { return (shown = showTwelveSignals(window)) == 12; }, 10000)) {
            std::fprintf(stderr, "bench_e2e: only %d of 12 plot signals could be shown\n", shown);
            failed = 1;
        }
    }
    std::int64_t t0 = 0, t1 = 0, tFlowing = 0, tStop = 0;
    std::map<long, ThreadCpu> cpuBefore, cpuAfter;
    int windowNice = 0;
    if (!failed) {
        // The window's thread at its nice value, as app/main.cpp does after the window shows; only
        // here, once every peer thread has started: a peer started by this thread would inherit
        // it, and the real peers are other processes at their own priority.
        windowNice = o.windowNice > 0 ? hil::platform::lowerWindowThread(o.windowNice) : 0;
        QTest::qWait(kWarmupMs);
        cpuBefore = threadCpu();
        t0 = steadyNs();
        QTest::qWait(kMeasureMs);
        t1 = steadyNs();
        cpuAfter = threadCpu();
        QTest::qWait(kTailMs); // the window's last cues arrive while the flow still runs
        tFlowing = steadyNs();
        // Last, STOP under load: a click on the toolbar's STOP while the loop runs with the
        // window at its nice value; the platform stand-in timestamps the mode request it sends.
        auto *stopButton = window.findChild<QToolButton *>(QStringLiteral("stopButton"));
        if (!stopButton) {
            std::fprintf(stderr, "bench_e2e: no STOP button\n");
            failed = 1;
        } else {
            tStop = steadyNs();
            QTest::mouseClick(stopButton, Qt::LeftButton);
            QTest::qWait(300);
        }
    }
    station.stop();
    px4.stop();
    platform.stop();
    realflight.stop();
    if (failed)
        return 1;

    // --- matching (see the file comment) ---
    const auto &replies = realflight.replies();
    auto inWindow = [&](qsizetype k) {
        return k >= 0 && replies[size_t(k)].writtenNs >= t0 && replies[size_t(k)].writtenNs < t1;
    };
    qsizetype firstK = -1, lastK = -1;
    for (qsizetype k = 0; k < qsizetype(replies.size()); ++k)
        if (inWindow(k)) {
            if (firstK < 0)
                firstK = k;
            lastK = k;
        }
    if (firstK < 0) {
        std::fprintf(stderr, "bench_e2e: no reply in the measurement window\n");
        return 1;
    }

    // HIL_SENSOR: the offset time_usec - physics µs, then one-to-one by physics time.
    std::map<std::int64_t, int> offsets;
    for (const auto &s : px4.sensors()) {
        const qsizetype k = lastReplyBefore(replies, s.stampNs);
        if (inWindow(k))
            ++offsets[std::int64_t(s.timeUsec) - replies[size_t(k)].physicsUs];
    }
    std::int64_t offset = 0;
    int best = 0;
    for (const auto &[d, n] : offsets)
        if (n > best) {
            best = n;
            offset = d;
        }
    std::vector<double> hilUs, hilArrivalUs;
    std::vector<int> hilPerReply(size_t(lastK - firstK + 1), 0);
    qint64 hilUnmatched = 0;
    for (const auto &s : px4.sensors()) {
        if (s.stampNs < t0)
            continue;
        const std::int64_t phys = std::int64_t(s.timeUsec) - offset - kP0Us;
        const qsizetype k = phys % kStepUs == 0 ? qsizetype(phys / kStepUs) : -1;
        if (k >= 0 && k < qsizetype(replies.size()) && inWindow(k) &&
            s.stampNs >= replies[size_t(k)].writtenNs) {
            hilUs.push_back(double(s.stampNs - replies[size_t(k)].writtenNs) * 1e-3);
            hilArrivalUs.push_back(double(s.arrivedNs - replies[size_t(k)].writtenNs) * 1e-3);
            ++hilPerReply[size_t(k - firstK)];
        } else if (s.stampNs < t1) {
            ++hilUnmatched;
        }
    }
    const qint64 repliesWithoutHil = std::count(hilPerReply.begin(), hilPerReply.end(), 0);

    // Cues: the latest reply written before each arrival, made consistent with their order
    // (cue i comes from an earlier reply than cue i+1), from the last cue backwards.
    std::vector<std::int64_t> cues = platform.cues();
    cues.erase(std::lower_bound(cues.begin(), cues.end(), tFlowing), cues.end());
    const std::vector<std::int64_t> &cueArrivals = platform.cueArrivals(); // same index
    std::vector<qsizetype> cueReply(cues.size(), -1);
    qint64 cuesMoved = 0;
    for (qsizetype i = qsizetype(cues.size()) - 1; i >= 0; --i) {
        const qsizetype latest = lastReplyBefore(replies, cues[size_t(i)]);
        qsizetype k = latest;
        if (i + 1 < qsizetype(cues.size()))
            k = std::min(k, cueReply[size_t(i + 1)] - 1);
        cueReply[size_t(i)] = k;
        if (k != latest && inWindow(k))
            ++cuesMoved;
    }
    std::vector<double> cueUs, cueArrivalUs;
    std::vector<int> cuesPerReply(size_t(lastK - firstK + 1), 0);
    for (size_t i = 0; i < cues.size(); ++i) {
        const qsizetype k = cueReply[i];
        if (!inWindow(k))
            continue;
        cueUs.push_back(double(cues[i] - replies[size_t(k)].writtenNs) * 1e-3);
        cueArrivalUs.push_back(double(cueArrivals[i] - replies[size_t(k)].writtenNs) * 1e-3);
        ++cuesPerReply[size_t(k - firstK)];
    }
    std::vector<double> sendUs;
    for (qsizetype k = firstK; k <= lastK; ++k)
        sendUs.push_back(double(replies[size_t(k)].sentNs - replies[size_t(k)].writtenNs) * 1e-3);
    const qint64 withoutCue = std::count(cuesPerReply.begin(), cuesPerReply.end(), 0);
    const qint64 modeRequests =
        std::count_if(platform.modeRequests().begin(), platform.modeRequests().end(),
                      [t1](std::int64_t t) { return t < t1; });

    const auto stopRequest =
        std::find_if(platform.modeRequests().begin(), platform.modeRequests().end(),
                     [tStop](std::int64_t t) { return t >= tStop; });
    if (stopRequest == platform.modeRequests().end()) {
        std::fprintf(stderr, "bench_e2e: STOP did not reach the platform within 300 ms\n");
        return 1;
    }

    const double seconds = double(t1 - t0) * 1e-9;
    bench::report("e2e_reply_rate_hz", double(lastK - firstK + 1) / seconds, "Hz");
    bench::report("e2e_plot_signals", shown, "signals");
    bench::report("e2e_window_nice", windowNice, "nice");
    bench::report("e2e_cue_latency_us_p50", bench::percentile(cueUs, 50), "us");
    bench::report("e2e_cue_latency_us_p99", bench::percentile(cueUs, 99), "us");
    bench::report("e2e_cue_arrival_us_p50", bench::percentile(cueArrivalUs, 50), "us");
    bench::report("e2e_cue_arrival_us_p99", bench::percentile(cueArrivalUs, 99), "us");
    bench::report("e2e_cue_samples", double(cueUs.size()), "samples");
    bench::report("e2e_cue_replies_without_cue", double(withoutCue), "replies");
    bench::report("e2e_cue_reattributed_by_order", double(cuesMoved), "samples");
    bench::report("e2e_hil_sensor_latency_us_p50", bench::percentile(hilUs, 50), "us");
    bench::report("e2e_hil_sensor_latency_us_p99", bench::percentile(hilUs, 99), "us");
    bench::report("e2e_hil_sensor_arrival_us_p50", bench::percentile(hilArrivalUs, 50), "us");
    bench::report("e2e_hil_sensor_arrival_us_p99", bench::percentile(hilArrivalUs, 99), "us");
    bench::report("e2e_reads_without_kernel_stamp", double(platform.unstamped() + px4.unstamped()),
                  "reads");
    bench::report("e2e_clock_offset_drift_us",
                  double(realMinusSteadyNs() - g_realMinusSteadyNs) * 1e-3, "us");
    bench::report("e2e_hil_sensor_samples", double(hilUs.size()), "samples");
    bench::report("e2e_hil_sensor_replies_without_sensor", double(repliesWithoutHil), "replies");
    bench::report("e2e_hil_sensor_unmatched", double(hilUnmatched), "samples");
    bench::report("e2e_reply_send_us_p50", bench::percentile(sendUs, 50), "us");
    bench::report("e2e_reply_send_us_p99", bench::percentile(sendUs, 99), "us");
    bench::report("e2e_mode_requests", double(modeRequests), "requests");
    {
        const double wallS = double(t1 - t0) * 1e-9;
        double rig = 0, gui = 0;
        std::map<std::string, double> byName; // threads of one name (a pool) together
        for (const auto &[tid, after] : cpuAfter) {
            const auto before = cpuBefore.find(tid);
            const double used = after.cpuS - (before != cpuBefore.end() ? before->second.cpuS : 0);
            if (std::find(g_standInTids.begin(), g_standInTids.end(), tid) != g_standInTids.end())
                continue;
            const double pct = 100.0 * used / wallS;
            if (tid == long(::getpid())) {
                gui = pct;
                continue;
            }
            rig += pct;
            byName[after.name] += pct;
        }
        for (const auto &[name, pct] : byName) {
            std::string key = name;
            for (char &c : key)
                if (!std::isalnum(static_cast<unsigned char>(c)))
                    c = '_';
            bench::report(("rig_thread_cpu_pct_" + key).c_str(), pct, "%");
        }
        bench::report("rig_gui_thread_cpu_pct", gui, "%");
        bench::report("rig_cpu_pct_at_250hz", rig, "%");
        bench::report("rig_cpu_pct_target", 8.0, "%");
    }
    bench::report("e2e_stop_under_load_ms", double(*stopRequest - tStop) * 1e-6, "ms");
    return 0;
}
