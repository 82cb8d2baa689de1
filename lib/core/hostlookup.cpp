#include "core/hostlookup.h"

#include <QHostInfo>
#include <QMutex>

namespace hil {

namespace {
QMutex g_resolverMutex;
std::function<QHostAddress(const QString &)> g_resolver; // guarded by g_resolverMutex
} // namespace

void setHostResolverForTests(std::function<QHostAddress(const QString &)> resolver)
{
    QMutexLocker lock(&g_resolverMutex);
    g_resolver = std::move(resolver);
}

QHostAddress resolveHostIPv4(const QString &host)
{
    QHostAddress literal;
    if (literal.setAddress(host))
        return literal;
    if (host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0)
        return QHostAddress(QHostAddress::LocalHost);
    std::function<QHostAddress(const QString &)> replaced;
    {
        QMutexLocker lock(&g_resolverMutex);
        replaced = g_resolver;
    }
    if (replaced)
        return replaced(host);
    for (const QHostAddress &a : QHostInfo::fromName(host).addresses())
        if (a.protocol() == QAbstractSocket::IPv4Protocol)
            return a;
    return QHostAddress();
}

} // namespace hil
