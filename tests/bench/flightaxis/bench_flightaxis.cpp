// FlightAxis benchmarks: parse + convert of the 3.6 KB capture; the link's exchange rate against
// a minimal plain-socket server beside a minimal plain-socket client's rate (the ceiling).
#include "../benchutil.h"
#include "core/workerhost.h"
#include "flightaxis/flightaxiscodec.h"
#include "flightaxis/flightaxislink.h"
#include "flightaxis/frameconverter.h"

#include <QCoreApplication>
#include <QFile>
#include <arpa/inet.h>
#include <atomic>
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
    QFile f(QStringLiteral(HIL_FIXTURES_DIR "/flightaxis/") + QLatin1String(name));
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
    std::thread thread;
    QByteArray reply;

    explicit PlainServer(const QByteArray &r) : reply(r)
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
    void run()
    {
        while (!stop) {
            const int fd = ::accept(listenFd, nullptr, nullptr);
            if (fd < 0)
                continue;
            const int one = 1;
            ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            if (readMessage(fd))
                (void)!::send(fd, reply.constData(), size_t(reply.size()), MSG_NOSIGNAL);
            ::close(fd);
        }
    }
};

/// The minimal client: what any connection-per-request client can get from this server.
double ceilingHz(quint16 port, const QByteArray &request, double seconds)
{
    long done = 0;
    const double start = bench::nowNs(), end = start + seconds * 1e9;
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
    return done / ((bench::nowNs() - start) * 1e-9);
}

double linkHz(quint16 port, double seconds)
{
    FlightAxisConfig c;
    c.port = port;
    auto *link = new FlightAxisLink(c);
    std::atomic<long> frames{0};
    QObject::connect(
        link, &FlightAxisLink::frameReady, link, [&frames] { ++frames; }, Qt::DirectConnection);
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
    return hz;
}

void benchLoop()
{
    PlainServer server(buildHttpReply(200, fixture("return-data-200.xml")));
    std::array<double, 12> v{};
    const QByteArray request = buildExchangeData(v, 0xF);
    const double c1 = ceilingHz(server.port, request, 1.0);
    const double loop = linkHz(server.port, 2.0);
    const double c2 = ceilingHz(server.port, request, 1.0);
    bench::report("flightaxis_loop_hz", loop, "Hz");
    bench::report("flightaxis_ceiling_hz", (c1 + c2) / 2, "Hz");
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    benchParse();
    benchLoop();
    return 0;
}
