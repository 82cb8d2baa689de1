#include "links/registration.h"
#include "telemetry/telemetryhub.h"

#include <cmath>

namespace hil::links {

namespace {
OptionSpec spec(const char *name, const char *valueName, const char *description)
{
    OptionSpec s;
    s.name = QLatin1String(name);
    s.valueName = QLatin1String(valueName);
    s.description = QLatin1String(description);
    return s;
}
} // namespace

OptionSpec endpointOption(const char *name, const char *description, quint16 defaultPort)
{
    OptionSpec s = spec(name, "HOST[:PORT]", description);
    s.parse = [defaultPort](const QString &text, QVariant *value, QString *expected) {
        Endpoint e;
        if (!parseHostPort(text, defaultPort, &e)) {
            *expected = QStringLiteral("expected HOST[:PORT] with a port 0..65535");
            return false;
        }
        *value = QVariant::fromValue(e);
        return true;
    };
    return s;
}

OptionSpec listenOption(const char *name, const char *description, quint16 defaultPort,
                        quint16 minPort)
{
    OptionSpec s = spec(name, "[HOST:]PORT", description);
    s.parse = [defaultPort, minPort](const QString &text, QVariant *value, QString *expected) {
        Endpoint e{QStringLiteral("127.0.0.1"), defaultPort};
        quint16 only = 0;
        const bool bare = parsePort(text, &only);
        if (bare)
            e.port = only; // a bare PORT means loopback
        if ((!bare && !parseHostPort(text, defaultPort, &e)) || e.port < minPort) {
            *expected =
                minPort > 0
                    ? QStringLiteral("expected [HOST:]PORT with a port %1..65535").arg(minPort)
                    : QStringLiteral("expected [HOST:]PORT");
            return false;
        }
        *value = QVariant::fromValue(e);
        return true;
    };
    return s;
}

OptionSpec portOption(const char *name, const char *description)
{
    OptionSpec s = spec(name, "PORT", description);
    s.parse = [](const QString &text, QVariant *value, QString *expected) {
        quint16 p = 0;
        if (!parsePort(text, &p)) {
            *expected = QStringLiteral("expected a port number 0..65535");
            return false;
        }
        *value = uint(p);
        return true;
    };
    return s;
}

OptionSpec choiceOption(const char *name, const char *valueName, const char *description,
                        const QStringList &choices, const QString &expected)
{
    OptionSpec s = spec(name, valueName, description);
    s.parse = [choices, expected](const QString &text, QVariant *value, QString *why) {
        const QString v = text.trimmed().toLower();
        if (!choices.contains(v)) {
            *why = expected;
            return false;
        }
        *value = v;
        return true;
    };
    return s;
}

OptionSpec numberOption(const char *name, const char *valueName, const char *description,
                        double min, double max, const QString &expected)
{
    OptionSpec s = spec(name, valueName, description);
    s.parse = [min, max, expected](const QString &text, QVariant *value, QString *why) {
        bool ok = false;
        const double v = text.toDouble(&ok); // QString::toDouble: always '.', never the locale's
        if (!ok || !std::isfinite(v) || v < min || v > max) {
            *why = expected;
            return false;
        }
        *value = v;
        return true;
    };
    return s;
}

OptionSpec integerOption(const char *name, const char *valueName, const char *description, int min,
                         int max, const QString &expected)
{
    OptionSpec s = spec(name, valueName, description);
    s.parse = [min, max, expected](const QString &text, QVariant *value, QString *why) {
        bool ok = false;
        const int v = text.toInt(&ok);
        if (!ok || v < min || v > max) {
            *why = expected;
            return false;
        }
        *value = v;
        return true;
    };
    return s;
}

OptionSpec hostOption(const char *name, const char *description)
{
    OptionSpec s = spec(name, "HOST", description);
    s.parse = [](const QString &text, QVariant *value, QString *why) {
        const QString v = text.trimmed();
        if (v.isEmpty() || v.contains(QLatin1Char(' '))) {
            *why = QStringLiteral("expected a host name or address");
            return false;
        }
        *value = v;
        return true;
    };
    return s;
}

std::optional<Endpoint> endpointOf(const LinkOptions &o, const QString &name)
{
    if (!o.has(name))
        return std::nullopt;
    return o.value(name).value<Endpoint>();
}

std::function<void(std::int64_t)> periodProbe(TelemetryHub *hub, const QString &link)
{
    const int id = hub->declare(link + QStringLiteral("/period_ms"), QStringLiteral("ms"),
                                TelemetryHub::Kind::Distribution);
    return [hub, id, lastNs = std::int64_t(0)](std::int64_t nowNs) mutable {
        if (lastNs != 0)
            hub->pushValue(id, hub->fromMonotonicNs(nowNs), (nowNs - lastNs) * 1e-6);
        lastNs = nowNs;
    };
}

} // namespace hil::links
