// TcpConnection on POSIX sockets (platform.h): socket() non-blocking and close-on-exec in one
// call, TCP_NODELAY, a non-blocking connect. A connect on the loopback interface is usually
// complete before connect() returns, so the first send() normally goes out at once; the owner
// waits for the Write notifier only when it does not.
#include "platform/platform.h"

#include <arpa/inet.h>
#include <cerrno>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include "platform/socketaddress_p.h"

namespace hil::platform {

TcpConnection::~TcpConnection()
{
    close();
}

TcpConnection::Result TcpConnection::failed(int systemError)
{
    // strerrordesc_np: the English text whatever the locale (events.log is in English).
    const char *text = strerrordesc_np(systemError);
    m_error = text ? QString::fromLatin1(text) : QStringLiteral("socket error %1").arg(systemError);
    return Result::Failed;
}

bool TcpConnection::connectTo(const QHostAddress &address, quint16 port)
{
    close();
    m_error.clear();
    sockaddr_storage storage{};
    int length = 0;
    if (!detail::toSocketAddress(address, port, &storage, &length, &m_error))
        return false;
    const int fd = ::socket(storage.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        failed(errno);
        return false;
    }
    m_fd = fd;
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (::connect(fd, reinterpret_cast<const sockaddr *>(&storage), socklen_t(length)) != 0 &&
        errno != EINPROGRESS && errno != EINTR) {
        failed(errno);
        close();
        return false;
    }
    return true;
}

TcpConnection::Result TcpConnection::connectResult()
{
    int error = 0;
    socklen_t length = sizeof error;
    if (::getsockopt(int(m_fd), SOL_SOCKET, SO_ERROR, &error, &length) != 0)
        return failed(errno);
    return error == 0 ? Result::Done : failed(error);
}

TcpConnection::Result TcpConnection::send(const char *data, qint64 size, qint64 *sent)
{
    *sent = 0;
    while (true) {
        const ssize_t n = ::send(int(m_fd), data, size_t(size), MSG_NOSIGNAL);
        if (n >= 0) {
            *sent = n;
            return Result::Done;
        }
        if (errno == EINTR)
            continue;
        // A connect under way: EAGAIN (Linux); ENOTCONN elsewhere.
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == ENOTCONN)
            return Result::WouldBlock;
        return failed(errno);
    }
}

TcpConnection::Result TcpConnection::receive(char *data, qint64 size, qint64 *received)
{
    *received = 0;
    while (true) {
        const ssize_t n = ::recv(int(m_fd), data, size_t(size), 0);
        if (n > 0) {
            *received = n;
            return Result::Done;
        }
        if (n == 0)
            return Result::Closed;
        if (errno == EINTR)
            continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK)
            return Result::WouldBlock;
        return failed(errno);
    }
}

void TcpConnection::close()
{
    if (m_fd == -1)
        return;
    ::close(int(m_fd));
    m_fd = -1;
}

} // namespace hil::platform
