// FlightAxis benchmarks: parse + convert of the 3.6 KB capture; the link's exchange rate against
// a minimal plain-socket server beside a minimal plain-socket client's rate (the ceiling); and what
// the whole program costs the PC RealFlight runs on (issue 22): `hilstation --headless` in a
// process of its own, recording on, against a server in this process that answers every 4 ms
// (RealFlight's pace) and then as fast as it can. CPU is the sum over the program's threads of
// the kernel's on-CPU time (/proc/PID/task/*/schedstat, ns), so every link thread and the session
// thread count and the server does not. HIL_BENCH_PROGRAM=path runs another build's program (a
// before/after comparison from one sitting).
#include "../benchutil.h"
#include "core/workerhost.h"
#include "flightaxis/flightaxiscodec.h"
#include "flightaxis/flightaxislink.h"
#include "flightaxis/frameconverter.h"
#include "testpaths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <arpa/inet.h>
#include <atomic>
#include <csignal>
#include <cstring>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace hil;
using namespace hil::flightaxis;
using hil::flightaxis::HttpMessageReader;

namespace {
QByteArray fixture(const char *name)
{
    QFile f(hil::testpaths::fixturesDir() + QStringLiteral("/flightaxis/") + QLatin1String(name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", name);
    return f.readAll();
}

void benchParse()
{
    const QByteArray xml = fixture("return-data-200.xml");
    ReturnData d;
    FrameConverter conv;
    double sink = 0;
    const double ns = bench::nsPerCall(
        [&] {
            parseReturnData(xml, &d, nullptr);
            sink += conv.convert(d).vehicle.state.pose.position.z;
        },
        1.0);
    if (sink == 12345.0)
        std::printf("#\n");
    bench::report("flightaxis_parse_us", ns / 1000.0, "us");
}
// Reads one HTTP message (headers + Content-Length body) from a blocking socket.
bool readMessage(int fd)
{
    char buf[16384];
    size_t have = 0;
    long need = -1;
    while (true) {
        const ssize_t n = ::recv(fd, buf + have, sizeof buf - have, 0);
        if (n <= 0)
            return false;
        have += size_t(n);
        if (need < 0) {
            const char *end = static_cast<const char *>(memmem(buf, have, "\r\n\r\n", 4));
            if (!end)
                continue;
            const char *cl = strcasestr(buf, "content-length:");
            if (!cl || cl > end)
                return false;
            need = (end + 4 - buf) + std::atol(cl + 15);
        }
        if (long(have) >= need)
            return true;
        if (have == sizeof buf)
            return false;
    }
}

/// The minimal server: accept, read the request, send the captured reply, close.
struct PlainServer
{
    int listenFd = -1;
    quint16 port = 0;
    std::atomic<bool> stop{false};
    std::atomic<long> replies{0};
    std::thread thread;
    QByteArray reply;
    double paceNs = 0; ///< > 0: no reply earlier than this after the previous one
    /// Non-empty: the reply's body, whose physics time is set to the wall time since start at
    /// each reply (as RealFlight's runs): the captured reply repeated would read as a stalled sim.
    QByteArray body;

    explicit PlainServer(const QByteArray &r, double pace = 0, const QByteArray &xml = {})
        : reply(r), paceNs(pace), body(xml)
    {
        listenFd = ::socket(AF_INET, SOCK_STREAM, 0);
        const int one = 1;
        ::setsockopt(listenFd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        ::bind(listenFd, reinterpret_cast<sockaddr *>(&a), sizeof a);
        ::listen(listenFd, 64);
        socklen_t len = sizeof a;
        ::getsockname(listenFd, reinterpret_cast<sockaddr *>(&a), &len);
        port = ntohs(a.sin_port);
        thread = std::thread([this] { run(); });
    }
    ~PlainServer()
    {
        stop = true;
        ::shutdown(listenFd, SHUT_RDWR);
        ::close(listenFd);
        thread.join();
    }
    double lastReplyNs = 0, startNs = bench::nowNs();
    QByteArray withPhysicsTime(double nowNs) const
    {
        static const QByteArray open = "<m-currentPhysicsTime-SEC>";
        const qsizetype a = body.indexOf(open) + open.size(), b = body.indexOf('<', a);
        char number[32];
        const auto r =
            std::to_chars(number, number + sizeof number, 1000.0 + (nowNs - startNs) * 1e-9,
                          std::chars_format::fixed, 6);
        QByteArray xml = body;
        xml.replace(a, b - a, QByteArray(number, qsizetype(r.ptr - number)));
        return buildHttpReply(200, xml);
    }
    void run()
    {
        while (!stop) {
            const int fd = ::accept(listenFd, nullptr, nullptr);
            if (fd < 0)
                continue;
            const int one = 1;
            ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            if (readMessage(fd)) {
                if (paceNs > 0) {
                    while (bench::nowNs() < lastReplyNs + paceNs)
                        std::this_thread::sleep_for(std::chrono::microseconds(100));
                }
                lastReplyNs = bench::nowNs();
                if (!body.isEmpty())
                    reply = withPhysicsTime(lastReplyNs);
                if (::send(fd, reply.constData(), size_t(reply.size()), MSG_NOSIGNAL) > 0)
                    ++replies;
            }
            ::close(fd);
        }
    }
};

/// The minimal client: what any connection-per-request client can get from this server.
/// `cpuUsPerExchange`: its own thread's CPU per exchange (the kernel's side of the loopback
/// connection included, as it is for the program).
double ceilingHz(quint16 port, const QByteArray &request, double seconds,
                 double *cpuUsPerExchange = nullptr)
{
    long done = 0;
    const double start = bench::nowNs(), end = start + seconds * 1e9, cpu0 = bench::threadCpuS();
    char buf[16384];
    while (bench::nowNs() < end) {
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        const int one = 1;
        ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        a.sin_port = htons(port);
        if (::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0 &&
            ::send(fd, request.constData(), size_t(request.size()), MSG_NOSIGNAL) > 0) {
            // read to EOF, parse like the link does
            size_t have = 0;
            ssize_t n;
            while ((n = ::recv(fd, buf + have, sizeof buf - have, 0)) > 0)
                have += size_t(n);
            HttpMessageReader r;
            ReturnData d;
            if (r.feed(QByteArrayView(buf, qsizetype(have))) ==
                    HttpMessageReader::Status::Complete &&
                parseReturnData(r.body(), &d, nullptr))
                ++done;
        }
        ::close(fd);
    }
    if (cpuUsPerExchange)
        *cpuUsPerExchange = done > 0 ? (bench::threadCpuS() - cpu0) * 1e6 / double(done) : 0.0;
    return done / ((bench::nowNs() - start) * 1e-9);
}

/// The link's exchange rate; `transmitter`: with a consumer of RealFlight's transmitter samples
/// in a thread of its own (queued, as the input link takes them), so that each reply also builds
/// and posts a PilotSample.
double linkHz(quint16 port, double seconds, bool transmitter = false)
{
    FlightAxisConfig c;
    c.port = port;
    auto *link = new FlightAxisLink(c);
    std::atomic<long> frames{0}, samples{0};
    QObject::connect(
        link, &FlightAxisLink::frameReady, link, [&frames] { ++frames; }, Qt::DirectConnection);
    QThread consumerThread;
    QObject consumer;
    if (transmitter) {
        consumer.moveToThread(&consumerThread);
        consumerThread.start();
        QObject::connect(
            link, &FlightAxisLink::transmitterSample, &consumer,
            [&samples](const PilotSample &) { ++samples; }, Qt::QueuedConnection);
    }
    WorkerHost host(link);
    QString error;
    if (!host.start(&error))
        qFatal("link: %s", qPrintable(error));
    std::this_thread::sleep_for(std::chrono::milliseconds(200)); // start sequence, warm-up
    const long f0 = frames;
    const double t0 = bench::nowNs();
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    const double hz = (frames - f0) / ((bench::nowNs() - t0) * 1e-9);
    host.stop();
    consumerThread.quit();
    consumerThread.wait();
    if (transmitter && samples == 0)
        qFatal("no transmitter samples");
    return hz;
}

void benchLoop()
{
    PlainServer server(buildHttpReply(200, fixture("return-data-200.xml")));
    std::array<double, 12> v{};
    const QByteArray request = buildExchangeData(v, 0xF);
    const double c1 = ceilingHz(server.port, request, 1.0);
    const double loop = linkHz(server.port, 2.0);
    const double withTransmitter = linkHz(server.port, 2.0, true);
    const double c2 = ceilingHz(server.port, request, 1.0);
    bench::report("flightaxis_loop_hz", loop, "Hz");
    bench::report("flightaxis_loop_with_transmitter_hz", withTransmitter, "Hz");
    bench::report("flightaxis_ceiling_hz", (c1 + c2) / 2, "Hz");
}
/// On-CPU time of every live thread of `pid` (ns), from the scheduler's own accounting.
double processCpuNs(qint64 pid)
{
    double total = 0;
    const QDir tasks(QStringLiteral("/proc/%1/task").arg(pid));
    for (const QString &tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile f(tasks.filePath(tid) + QStringLiteral("/schedstat"));
        if (f.open(QIODevice::ReadOnly))
            total += f.readAll().split(' ').value(0).toDouble(); // C locale: QByteArray::toDouble
    }
    return total;
}

QString programPath()
{
    const QByteArray env = qgetenv("HIL_BENCH_PROGRAM");
    return env.isEmpty() ? hil::testpaths::program() : QString::fromLocal8Bit(env);
}

struct ProgramRun
{
    double cpuPct = 0, cpuUsPerExchange = 0, exchangesHz = 0;
    qint64 recordsDropped = -1, stateRows = 0;
    double syscallsPerExchange = -1; ///< with `syscalls`: every thread's, strace's count
};

/// The total of `strace -c`'s summary (its last line: "100.00 … calls errors total").
long straceTotalCalls(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    long total = -1;
    for (const QByteArray &line : f.readAll().split('\n')) {
        const QList<QByteArray> w = line.simplified().split(' ');
        if (w.size() >= 4 && w.last() == "total")
            total = w.value(3).toLong(); // % time, seconds, usecs/call, calls[, errors], total
    }
    return total;
}

/// The program against `server` for warm-up + window seconds, recording into a temporary folder.
/// `countSyscalls`: `strace -f -c` attached to every thread of the program over the window only.
ProgramRun runProgram(PlainServer &server, double warmupS, double windowS,
                      bool countSyscalls = false)
{
    QTemporaryDir dir;
    QProcess p;
    p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    p.setStandardOutputFile(QProcess::nullDevice());
    // This bench links the platform layer, which sets QT_NO_THREADED_GLIB for itself before main
    // (platform_linux.cpp): the program under test decides its own, as when an operator starts it.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("QT_NO_THREADED_GLIB"));
    p.setProcessEnvironment(env);
    const double duration = warmupS + windowS + 1.0;
    p.start(programPath(), {QStringLiteral("--headless"), QStringLiteral("--flightaxis"),
                            QStringLiteral("127.0.0.1:%1").arg(server.port),
                            QStringLiteral("--duration"), QString::number(duration, 'f', 1),
                            QStringLiteral("--log-dir"), dir.filePath(QStringLiteral("s"))});
    if (!p.waitForStarted(10000))
        qFatal("cannot start %s", qPrintable(programPath()));
    std::this_thread::sleep_for(std::chrono::duration<double>(warmupS));
    QProcess strace;
    const QString straceOut = dir.filePath(QStringLiteral("strace.txt"));
    const long rAttach = server.replies;
    if (countSyscalls) {
        strace.start(QStringLiteral("strace"),
                     {QStringLiteral("-f"), QStringLiteral("-c"), QStringLiteral("-o"), straceOut,
                      QStringLiteral("-p"), QString::number(p.processId())});
        if (!strace.waitForStarted(5000))
            qFatal("cannot start strace");
        std::this_thread::sleep_for(std::chrono::milliseconds(500)); // attached to every thread
    }
    const double c0 = processCpuNs(p.processId()), t0 = bench::nowNs();
    const long r0 = server.replies;
    std::this_thread::sleep_for(std::chrono::duration<double>(windowS));
    const double c1 = processCpuNs(p.processId()), t1 = bench::nowNs();
    const long r1 = server.replies;
    ProgramRun r;
    if (countSyscalls) {
        const long rDetach = server.replies;
        ::kill(pid_t(strace.processId()), SIGINT); // detaches and writes the summary
        strace.waitForFinished(10000);
        // The replies from the attach to the signal, the calls over the same span (± the few
        // exchanges the attach to each thread and the detach take).
        const long calls = straceTotalCalls(straceOut);
        QFile table(straceOut); // which calls: on stderr, beside the figure
        if (table.open(QIODevice::ReadOnly))
            std::fprintf(stderr, "%s", table.readAll().constData());
        const long replies = rDetach - rAttach;
        if (calls > 0 && replies > 0)
            r.syscallsPerExchange = double(calls) / double(replies);
    }
    if (!p.waitForFinished(int(duration * 1000) + 20000) || p.exitCode() != 0)
        qFatal("%s did not end cleanly", qPrintable(programPath()));
    r.cpuPct = 100.0 * (c1 - c0) / (t1 - t0);
    r.exchangesHz = (r1 - r0) / ((t1 - t0) * 1e-9);
    r.cpuUsPerExchange = r1 > r0 ? (c1 - c0) / 1000.0 / double(r1 - r0) : 0.0;
    QFile f(dir.filePath(QStringLiteral("s/session.json")));
    if (f.open(QIODevice::ReadOnly)) {
        const QJsonObject rec = QJsonDocument::fromJson(f.readAll())
                                    .object()
                                    .value(QStringLiteral("recorder"))
                                    .toObject();
        r.recordsDropped = rec.value(QStringLiteral("records_dropped")).toInteger(-1);
        r.stateRows = rec.value(QStringLiteral("state_rows")).toInteger();
    }
    return r;
}

void benchProgramCpu(bool pacedOnly)
{
    const QByteArray xml = fixture("return-data-200.xml");
    const QByteArray reply = buildHttpReply(200, xml);
    const QByteArray request = buildExchangeData(std::array<double, 12>{}, 0);
    {
        PlainServer paced(reply, 4e6, xml); // RealFlight's pace: a reply every 4 ms
        const ProgramRun r = runProgram(paced, 3.0, 8.0);
        bench::report("flightaxis_cpu_pct_at_250hz", r.cpuPct, "%");
        bench::report("flightaxis_cpu_us_per_exchange", r.cpuUsPerExchange, "us");
        bench::report("flightaxis_paced_hz", r.exchangesHz, "Hz");
        // The floor at the same pace: the plain client's own CPU per exchange (no recording, no
        // event loop, no cue), right after the program against the same server.
        double plainUs = 0;
        ceilingHz(paced.port, request, 4.0, &plainUs);
        bench::report("flightaxis_plain_cpu_us_per_exchange_at_250hz", plainUs, "us");
        bench::report("flightaxis_cpu_vs_plain_at_250hz", r.cpuUsPerExchange / plainUs, "x");
    }
    if (pacedOnly)
        return;
    {
        PlainServer fast(reply, 0, xml);
        // The plain POSIX client (blocking connect, send, read to the end, parse) against the
        // same server right before and after the program: what the program's rate is held to.
        const double c1 = ceilingHz(fast.port, request, 2.0);
        const ProgramRun r = runProgram(fast, 2.0, 5.0);
        const double c2 = ceilingHz(fast.port, request, 2.0);
        bench::report("flightaxis_program_fullspeed_hz", r.exchangesHz, "Hz");
        bench::report("flightaxis_plain_client_hz", (c1 + c2) / 2, "Hz");
        bench::report("flightaxis_program_vs_plain_ratio", r.exchangesHz / ((c1 + c2) / 2), "x");
        bench::report("flightaxis_program_fullspeed_cpu_us_per_exchange", r.cpuUsPerExchange, "us");
        bench::report("flightaxis_program_fullspeed_records_dropped", double(r.recordsDropped),
                      "rows");
    }
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    // bench_flightaxis cpu: only the program's CPU (the before/after comparison's runs);
    // bench_flightaxis paced: only at RealFlight's pace (to profile it);
    // bench_flightaxis syscalls: every thread's system calls per exchange at RealFlight's pace,
    // counted by `strace -f -c` attached over the window (strace slows the calls, not their count).
    const QByteArray mode = argc > 1 ? QByteArray(argv[1]) : QByteArray();
    if (mode == "syscalls") {
        const QByteArray xml = fixture("return-data-200.xml");
        PlainServer paced(buildHttpReply(200, xml), 4e6, xml);
        const ProgramRun r = runProgram(paced, 3.0, 5.0, true);
        if (r.syscallsPerExchange < 0)
            qFatal("no strace count (is strace installed, ptrace allowed?)");
        bench::report("flightaxis_syscalls_per_exchange", r.syscallsPerExchange, "calls");
        return 0;
    }
    if (mode.isEmpty()) {
        benchParse();
        benchLoop();
    }
    benchProgramCpu(mode == "paced");
    return 0;
}
