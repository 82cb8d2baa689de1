#pragma once
// A QHostAddress and port as the system's socket address, for tcpconnection_linux.cpp and
// tcpconnection_windows.cpp alike: include it after the system's socket headers (<netinet/in.h>,
// <arpa/inet.h>; <winsock2.h>, <ws2tcpip.h>), which give both systems the same names.

#include <QHostAddress>
#include <QString>
#include <cstring>

namespace hil::platform::detail {

/// Fills `storage` and `*length`; false (with `*error`) for an address that is not IPv4 or IPv6.
inline bool toSocketAddress(const QHostAddress &address, quint16 port, sockaddr_storage *storage,
                            int *length, QString *error)
{
    *storage = sockaddr_storage{};
    if (address.protocol() == QAbstractSocket::IPv6Protocol) {
        auto *a = reinterpret_cast<sockaddr_in6 *>(storage);
        a->sin6_family = AF_INET6;
        a->sin6_port = htons(port);
        const Q_IPV6ADDR ip = address.toIPv6Address();
        std::memcpy(&a->sin6_addr, &ip, sizeof a->sin6_addr);
        a->sin6_scope_id = address.scopeId().toUInt();
        *length = int(sizeof *a);
        return true;
    }
    bool ok = false;
    auto *a = reinterpret_cast<sockaddr_in *>(storage);
    a->sin_family = AF_INET;
    a->sin_port = htons(port);
    a->sin_addr.s_addr = htonl(address.toIPv4Address(&ok));
    *length = int(sizeof *a);
    if (!ok)
        *error = QStringLiteral("not an IP address: %1").arg(address.toString());
    return ok;
}

} // namespace hil::platform::detail
