// TcpConnection on Winsock (platform.h): a non-blocking socket (FIONBIO), TCP_NODELAY, a connect
// that reports WSAEWOULDBLOCK while under way. Qt's Write notifier on a socket covers FD_CONNECT,
// so the owner hears of the connect's end, success or failure, through it; a send() before then
// reports WSAENOTCONN, taken as "wait". Winsock is started by Qt Network and once more here
// (reference counted by Windows), so the order of first use does not matter.
#include "platform/platform.h"

#include <winsock2.h>
#include <ws2tcpip.h>

#include "platform/socketaddress_p.h"

namespace hil::platform {

namespace {
void startWinsock()
{
    static const bool started = [] {
        WSADATA data;
        return WSAStartup(MAKEWORD(2, 2), &data) == 0;
    }();
    Q_UNUSED(started);
}
} // namespace

TcpConnection::~TcpConnection()
{
    close();
}

TcpConnection::Result TcpConnection::failed(int systemError)
{
    // English whatever the system's language (events.log is in English): the ones a simulator
    // PC gives, by name; any other by number.
    switch (systemError) {
    case WSAECONNREFUSED:
        m_error = QStringLiteral("Connection refused");
        break;
    case WSAETIMEDOUT:
        m_error = QStringLiteral("Connection timed out");
        break;
    case WSAECONNRESET:
        m_error = QStringLiteral("Connection reset by peer");
        break;
    case WSAECONNABORTED:
        m_error = QStringLiteral("Software caused connection abort");
        break;
    case WSAEHOSTUNREACH:
        m_error = QStringLiteral("No route to host");
        break;
    case WSAENETUNREACH:
        m_error = QStringLiteral("Network is unreachable");
        break;
    case WSAEADDRNOTAVAIL:
        m_error = QStringLiteral("Cannot assign requested address");
        break;
    default:
        m_error = QStringLiteral("Winsock error %1").arg(systemError);
        break;
    }
    return Result::Failed;
}

bool TcpConnection::connectTo(const QHostAddress &address, quint16 port)
{
    close();
    m_error.clear();
    startWinsock();
    sockaddr_storage storage{};
    int length = 0;
    if (!detail::toSocketAddress(address, port, &storage, &length, &m_error))
        return false;
    const SOCKET s = ::WSASocketW(storage.ss_family, SOCK_STREAM, IPPROTO_TCP, nullptr, 0,
                                  WSA_FLAG_OVERLAPPED | WSA_FLAG_NO_HANDLE_INHERIT);
    if (s == INVALID_SOCKET) {
        failed(WSAGetLastError());
        return false;
    }
    m_fd = qintptr(s);
    u_long nonBlocking = 1;
    ::ioctlsocket(s, FIONBIO, &nonBlocking);
    const BOOL one = TRUE;
    ::setsockopt(s, IPPROTO_TCP, TCP_NODELAY, reinterpret_cast<const char *>(&one), sizeof one);
    if (::connect(s, reinterpret_cast<const sockaddr *>(&storage), length) != 0) {
        const int error = WSAGetLastError();
        if (error != WSAEWOULDBLOCK && error != WSAEINPROGRESS) {
            failed(error);
            close();
            return false;
        }
    }
    return true;
}

TcpConnection::Result TcpConnection::connectResult()
{
    int error = 0;
    int length = sizeof error;
    if (::getsockopt(SOCKET(m_fd), SOL_SOCKET, SO_ERROR, reinterpret_cast<char *>(&error),
                     &length) != 0)
        return failed(WSAGetLastError());
    return error == 0 ? Result::Done : failed(error);
}

TcpConnection::Result TcpConnection::send(const char *data, qint64 size, qint64 *sent)
{
    *sent = 0;
    const int n = ::send(SOCKET(m_fd), data, int(qMin<qint64>(size, 1 << 30)), 0);
    if (n != SOCKET_ERROR) {
        *sent = n;
        return Result::Done;
    }
    const int error = WSAGetLastError();
    if (error == WSAEWOULDBLOCK || error == WSAENOTCONN)
        return Result::WouldBlock;
    return failed(error);
}

TcpConnection::Result TcpConnection::receive(char *data, qint64 size, qint64 *received)
{
    *received = 0;
    const int n = ::recv(SOCKET(m_fd), data, int(qMin<qint64>(size, 1 << 30)), 0);
    if (n > 0) {
        *received = n;
        return Result::Done;
    }
    if (n == 0)
        return Result::Closed;
    const int error = WSAGetLastError();
    if (error == WSAEWOULDBLOCK)
        return Result::WouldBlock;
    return failed(error);
}

void TcpConnection::close()
{
    if (m_fd == -1)
        return;
    ::closesocket(SOCKET(m_fd));
    m_fd = -1;
}

} // namespace hil::platform
