#include "core/linkoptions.h"

namespace hil {

void LinkOptions::set(const QString &name, const Endpoint &e)
{
    m_values.insert(name, QVariant::fromValue(e));
}

bool parsePort(const QString &text, quint16 *out)
{
    bool ok = false;
    const uint v = text.toUInt(&ok);
    if (!ok || v > 65535)
        return false;
    *out = static_cast<quint16>(v);
    return true;
}

bool parseHostPort(const QString &text, quint16 defaultPort, Endpoint *out)
{
    QString host = text.trimmed();
    quint16 port = defaultPort;
    const int colon = host.lastIndexOf(QLatin1Char(':'));
    // A bare IPv6 literal has several colons; only "[v6]:port" or "host:port" carry a port.
    if (colon >= 0 && host.count(QLatin1Char(':')) == 1) {
        if (!parsePort(host.mid(colon + 1), &port))
            return false;
        host.truncate(colon);
    } else if (host.startsWith(QLatin1Char('[')) && host.contains(QLatin1String("]:"))) {
        const int close = host.indexOf(QLatin1String("]:"));
        if (!parsePort(host.mid(close + 2), &port))
            return false;
        host = host.mid(1, close - 1);
    }
    if (host.isEmpty())
        return false;
    *out = {host, port};
    return true;
}

QString endpointText(const Endpoint &e)
{
    if (e.host.isEmpty())
        return {};
    const QString host =
        e.host.contains(QLatin1Char(':')) ? QLatin1Char('[') + e.host + QLatin1Char(']') : e.host;
    return host + QLatin1Char(':') + QString::number(e.port);
}

} // namespace hil
