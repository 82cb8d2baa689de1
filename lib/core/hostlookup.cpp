#include "core/hostlookup.h"

#include <QHostInfo>

namespace hil {

QHostAddress resolveHostIPv4(const QString &host)
{
    QHostAddress literal;
    if (literal.setAddress(host))
        return literal;
    if (host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0)
        return QHostAddress(QHostAddress::LocalHost);
    for (const QHostAddress &a : QHostInfo::fromName(host).addresses())
        if (a.protocol() == QAbstractSocket::IPv4Protocol)
            return a;
    return QHostAddress();
}

} // namespace hil
