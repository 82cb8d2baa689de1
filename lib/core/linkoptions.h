#pragma once
// The command line's per-link options as values: Endpoint, and LinkOptions, a map from option
// name ("raven-frame", "px4") to its parsed value. Each link's descriptor (core/linkdescriptor.h)
// declares its options and parses them; the option parser and the Station only carry the map, so
// a new link adds options without touching either. Plain values, any thread.

#include <QString>
#include <QVariant>
#include <QVariantHash>
#include <vector>

namespace hil {

struct Endpoint
{
    QString host;
    quint16 port = 0; ///< 0 = any free port
};

/// A serial port as `serial:PATH[:BAUD]` names it: a device path (/dev/ttyACM0, a pty's link)
/// or a Windows port name (COM5), and the line rate in bit/s.
struct SerialPortSpec
{
    static constexpr qint32 kDefaultBaud = 921600; ///< PX4's USB/telemetry HITL rate
    QString path;
    qint32 baud = kDefaultBaud;
};

class LinkOptions
{
public:
    bool has(const QString &name) const { return m_values.contains(name); }
    QVariant value(const QString &name) const { return m_values.value(name); }
    template <class T> T get(const QString &name, const T &fallback = T()) const
    {
        const auto it = m_values.constFind(name);
        return it == m_values.constEnd() ? fallback : it->template value<T>();
    }
    void set(const QString &name, const QVariant &value) { m_values.insert(name, value); }
    void set(const QString &name, const Endpoint &e);

private:
    QVariantHash m_values;
};

/// "host[:port]" (or "[v6]:port") with a default port; false for an empty host or a bad port.
bool parseHostPort(const QString &text, quint16 defaultPort, Endpoint *out);
/// "serial:PATH[:BAUD]" -> SerialPortSpec; false for another scheme, an empty path or a rate that
/// is not a whole number 50..4000000. A trailing ":DIGITS" is the rate, anything else is path.
bool parseSerialPort(const QString &text, SerialPortSpec *out);
/// A port 0..65535.
bool parsePort(const QString &text, quint16 *out);
/// "host:port" for display (IPv6 literals in brackets); empty for an empty host.
QString endpointText(const Endpoint &e);
/// Exactly `count` comma-separated finite numbers, read in the C locale ("1.5, 2,3"); false
/// otherwise (out untouched).
bool parseNumberList(const QString &text, int count, std::vector<double> *out);

} // namespace hil

Q_DECLARE_METATYPE(hil::Endpoint)
Q_DECLARE_METATYPE(hil::SerialPortSpec)
