#include "core/linkoptions.h"

#include <QStringList>
#include <cmath>

namespace hil {

void LinkOptions::set(const QString &name, const Endpoint &e)
{
    m_values.insert(name, QVariant::fromValue(e));
}

bool parseNumberList(const QString &text, int count, std::vector<double> *out)
{
    const QStringList parts = text.split(QLatin1Char(','));
    if (parts.size() != count)
        return false;
    std::vector<double> v(std::size_t(parts.size()));
    for (int i = 0; i < count; ++i) {
        bool ok = false;
        v[std::size_t(i)] = parts[i].trimmed().toDouble(&ok); // QString::toDouble: C locale
        if (!ok || !std::isfinite(v[std::size_t(i)]))
            return false;
    }
    *out = std::move(v);
    return true;
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

bool parseSerialPort(const QString &text, SerialPortSpec *out)
{
    static const QString scheme = QStringLiteral("serial:");
    if (!text.startsWith(scheme, Qt::CaseInsensitive))
        return false;
    QString path = text.mid(scheme.size()).trimmed();
    qint32 baud = SerialPortSpec::kDefaultBaud;
    const int colon = path.lastIndexOf(QLatin1Char(':'));
    if (colon > 0) {
        const QString tail = path.mid(colon + 1);
        bool digits = !tail.isEmpty();
        for (const QChar c : tail)
            digits = digits && c >= QLatin1Char('0') && c <= QLatin1Char('9');
        if (digits) {
            bool ok = false;
            const qint64 v = tail.toLongLong(&ok); // digits only: no locale, no sign
            if (!ok || v < 50 || v > 4000000)
                return false;
            baud = qint32(v);
            path.truncate(colon);
        }
    }
    if (path.isEmpty())
        return false;
    *out = {path, baud};
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
