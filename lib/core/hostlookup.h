#pragma once
// resolveHostIPv4: the one place a link turns its configured host into an address. A literal
// address is used as given; "localhost" is 127.0.0.1 without asking the resolver; anything else
// is looked up and the first IPv4 address taken (every peer here — RealFlight, the platform, PX4,
// RflySim — speaks IPv4, and the links bind IPv4 sockets). Null when nothing resolves.
//
// Blocks on the system resolver for a name: call it only in a link's own worker thread (open()),
// never in the GUI thread.

#include <QHostAddress>
#include <QString>
#include <functional>

namespace hil {

QHostAddress resolveHostIPv4(const QString &host);

/// Replaces the system resolver for names (not literals, not "localhost") until reset with an
/// empty function. For tests: a slow or failing lookup without a DNS query leaving the machine.
/// Thread-safe.
void setHostResolverForTests(std::function<QHostAddress(const QString &)> resolver);

} // namespace hil
