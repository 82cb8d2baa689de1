#include "lab/labconfig.h"

#include <QFile>
#include <QFileInfo>
#include <QHostAddress>
#include <QHostInfo>
#include <QRegularExpression>
#include <QUrl>

namespace hil::lab {

QString BrokerUrl::pahoUri() const
{
    const QString h =
        host.contains(QLatin1Char(':')) ? QLatin1Char('[') + host + QLatin1Char(']') : host;
    return (tls ? QStringLiteral("ssl://") : QStringLiteral("tcp://")) + h + QLatin1Char(':') +
           QString::number(port);
}

QString BrokerUrl::text() const
{
    const QString h =
        host.contains(QLatin1Char(':')) ? QLatin1Char('[') + host + QLatin1Char(']') : host;
    return (tls ? QStringLiteral("mqtts://") : QStringLiteral("mqtt://")) + h + QLatin1Char(':') +
           QString::number(port);
}

bool BrokerUrl::plaintextOffHost() const
{
    if (tls || host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0)
        return false;
    // A literal address is judged by what it is (all of 127.0.0.0/8, ::1, ::ffff:127.x); any
    // other name is off host: finding out would be a name lookup, and this runs on the GUI thread.
    const QHostAddress literal(host);
    return literal.isNull() || !literal.isLoopback();
}

bool parseBrokerUrl(const QString &text, BrokerUrl *out, QString *expected)
{
    *expected = QStringLiteral("expected mqtt://HOST[:PORT] or mqtts://HOST[:PORT]");
    const QUrl url(text.trimmed(), QUrl::StrictMode);
    if (!url.isValid() || url.host().isEmpty())
        return false;
    const QString scheme = url.scheme().toLower();
    if (scheme != QLatin1String("mqtt") && scheme != QLatin1String("mqtts"))
        return false;
    if (!url.userInfo().isEmpty()) {
        *expected = QStringLiteral("no user or password in the URL: use --lab-user and "
                                   "--lab-password-file");
        return false;
    }
    if (!url.path().isEmpty() && url.path() != QLatin1String("/"))
        return false;
    if (url.hasQuery() || url.hasFragment())
        return false;
    out->tls = scheme == QLatin1String("mqtts");
    out->host = url.host();
    const int port = url.port(out->tls ? 8883 : 1883);
    if (port <= 0 || port > 65535)
        return false;
    out->port = quint16(port);
    return true;
}

bool isValidRigName(const QString &name)
{
    static const QRegularExpression re(QStringLiteral("^[A-Za-z0-9_-]{1,64}$"));
    return re.match(name).hasMatch();
}

QString defaultRigName()
{
    QString name = QHostInfo::localHostName().left(64); // a local call, no lookup
    for (QChar &c : name)
        if (!(c.isLetterOrNumber() && c.unicode() < 128) && c != QLatin1Char('_') &&
            c != QLatin1Char('-'))
            c = QLatin1Char('-');
    return name.isEmpty() ? QStringLiteral("rig") : name;
}

bool configFromOptions(const LinkOptions &o, const QString &url, LabConfig *cfg, QString *error)
{
    QString why;
    if (!parseBrokerUrl(url, &cfg->broker, &why)) {
        *error = QStringLiteral("lab: %1: %2").arg(url, why);
        return false;
    }
    cfg->rig = o.get<QString>(QStringLiteral("rig"), defaultRigName());
    if (!isValidRigName(cfg->rig)) { // a settings file edited by hand: never a topic wildcard
        *error =
            QStringLiteral("lab: rig name '%1': expected 1-64 of A-Z a-z 0-9 _ -").arg(cfg->rig);
        return false;
    }
    cfg->user = o.get<QString>(QStringLiteral("lab-user"));
    cfg->passwordFile = o.get<QString>(QStringLiteral("lab-password-file"));
    cfg->caFile = o.get<QString>(QStringLiteral("lab-ca"));
    cfg->certFile = o.get<QString>(QStringLiteral("lab-cert"));
    cfg->keyFile = o.get<QString>(QStringLiteral("lab-key"));
    cfg->stateRateHz = o.get<double>(QStringLiteral("lab-rate"), 50.0);
    cfg->backoffMaxS = o.get<double>(QStringLiteral("lab-backoff-max"), 2.0);
    cfg->keepAliveS = o.get<int>(QStringLiteral("lab-keepalive"), 5);
    cfg->eventBuffer = o.get<int>(QStringLiteral("lab-event-buffer"), 1000);
    for (const char *name : {"lab-password-file", "lab-ca", "lab-cert", "lab-key"}) {
        const QString path = o.get<QString>(QLatin1String(name));
        if (!path.isEmpty() && !QFileInfo(path).isReadable()) {
            *error = QStringLiteral("lab: --%1 %2: no such readable file")
                         .arg(QLatin1String(name), path);
            return false;
        }
    }
    if (!cfg->broker.tls && !(cfg->caFile + cfg->certFile + cfg->keyFile).isEmpty()) {
        *error = QStringLiteral("lab: --lab-ca, --lab-cert and --lab-key need an mqtts:// URL");
        return false;
    }
    if (!cfg->keyFile.isEmpty() && cfg->certFile.isEmpty()) {
        *error = QStringLiteral("lab: --lab-key needs --lab-cert");
        return false;
    }
    return true;
}

QString topic(const QString &rig, const QString &leaf)
{
    return QLatin1String(kTopicRoot) + rig + QLatin1Char('/') + leaf;
}

bool isReplyTopicOf(const QString &rig, const QString &t)
{
    const QString prefix = topic(rig, QStringLiteral("cmd/reply/"));
    return t.size() > prefix.size() && t.startsWith(prefix) && !t.contains(QLatin1Char('+')) &&
           !t.contains(QLatin1Char('#')) && !t.contains(QChar(0));
}

bool readPasswordFile(const QString &path, QByteArray *password, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error =
            QStringLiteral("cannot read the lab password file %1: %2").arg(path, f.errorString());
        return false;
    }
    QByteArray line = f.readLine(4096);
    while (line.endsWith('\n') || line.endsWith('\r'))
        line.chop(1);
    *password = line;
    return true;
}

QString platformModeName(int mode)
{
    switch (mode) {
    case 0:
        return QStringLiteral("OFF");
    case 1:
        return QStringLiteral("LEVEL BRAKE");
    case 2:
        return QStringLiteral("LOADING");
    case 3:
        return QStringLiteral("CUEING");
    default:
        return QStringLiteral("UNKNOWN");
    }
}

} // namespace hil::lab
