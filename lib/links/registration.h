#pragma once
// Helpers the link registrations share: option parsers with the wording --help and the error
// messages use, and typed adapters from a link's signal to a descriptor stream. Main thread.

#include "core/linkdescriptor.h"
#include "model/tsan.h"

#include <QObject>

namespace hil::links {

/// --name HOST[:PORT] -> Endpoint (default port when none is given).
OptionSpec endpointOption(const char *name, const char *description, quint16 defaultPort);
/// --name [HOST:]PORT -> Endpoint: a bare port means 127.0.0.1:PORT. minPort 1 refuses "any".
OptionSpec listenOption(const char *name, const char *description, quint16 defaultPort,
                        quint16 minPort = 0);
/// --name PORT -> quint16 (as uint).
OptionSpec portOption(const char *name, const char *description);
/// --name VALUE, one of `choices` (case-insensitive) -> QString, lower case.
OptionSpec choiceOption(const char *name, const char *valueName, const char *description,
                        const QStringList &choices, const QString &expected);
/// --name NUMBER in [min, max] -> double (parsed with '.', whatever the locale).
OptionSpec numberOption(const char *name, const char *valueName, const char *description,
                        double min, double max, const QString &expected);
/// --name N, an integer in [min, max] -> int.
OptionSpec integerOption(const char *name, const char *valueName, const char *description, int min,
                         int max, const QString &expected);
/// --name HOST, a host name or address without spaces -> QString.
OptionSpec hostOption(const char *name, const char *description);

/// The endpoint an option holds (Endpoint values), or std::nullopt.
std::optional<Endpoint> endpointOf(const LinkOptions &o, const QString &name);

/// Adapts `signal` of link type L (void (L::*)(const T &)) to a descriptor's *Out function.
template <class L, class T> auto streamOut(void (L::*signal)(const T &))
{
    return [signal](Worker *w, QObject *context, Sink<T> sink, Qt::ConnectionType type) {
        // tsanSlot: Qt's slot reference count orders a disconnect (Station::route) against a
        // running call; a queued call's functor and argument copies cross threads.
        return QObject::connect(static_cast<L *>(w), signal, context, tsanSlot(std::move(sink)),
                                type);
    };
}

/// A distribution of a link's arrival periods in the telemetry hub ("<link>/period_ms"): call
/// the returned function with each arrival's steady-clock time, from one thread only.
std::function<void(std::int64_t)> periodProbe(TelemetryHub *hub, const QString &link);

} // namespace hil::links
