#pragma once
// StationOptions: the command line (docs/cli-and-session.md) as values, and its parser. The parser is pure
// (no I/O, no exit) so that every rejection is unit-tested; app/main.cpp prints and exits.

#include "model/geodesy.h"

#include <QString>
#include <QStringList>
#include <optional>

namespace hil {

struct Endpoint
{
    QString host;
    quint16 port = 0; ///< 0 = any free port
};

struct StationOptions
{
    bool headless = false;
    QStringList emulate; ///< subset of kEmulatorNames, in that order

    std::optional<Endpoint> flightaxis; ///< RealFlight server (default port 18083)
    std::optional<Endpoint> raven;      ///< motion platform (default port 9200)
    std::optional<quint16> ravenListenPort; ///< default 9201; 0 (any) under --emulate raven
    int ravenFrame = 21;                ///< 5, 21 or 85
    QString ravenMode;                  ///< "", "off", "level-brake", "loading", "cueing"
    std::optional<Endpoint> px4;        ///< listen address for PX4 (default 127.0.0.1:4560)
    /// PX4's GCS MAVLink port (UDP) for the ground-station link; default 127.0.0.1 and
    /// 18570 + the instance implied by the --px4 port (4560 + i), else 18570.
    std::optional<Endpoint> px4Gcs;
    double px4TakeoffM = -1.0;          ///< > 0: arm and take off to this height once PX4 is ready
    /// The PX4 stand-in waits for ground-station commands instead of arming and climbing by
    /// itself (no command-line option: tests; --px4-takeoff implies it).
    bool px4StandInWaits = false;
    std::optional<QString> rflysimHost;
    int rflysimWindow = 0;
    std::optional<quint16> rflysimStatePort;  ///< default 20006
    std::optional<quint16> rflysimSensorPort; ///< default 9999
    QString rflysimMulticast = QStringLiteral("auto"); ///< join 224.0.0.10: "auto", "on", "off"
    double rflysimLidarRangeM = 100.0; ///< int16 LiDAR scale when no request of ours gives one

    GeoPoint home = kDefaultHome;
    double durationS = -1.0; ///< < 0: until signalled (or the window closes)
    QString logDir;          ///< empty: a new timestamped folder under the app-data location
    QStringList arguments;   ///< the command line as given, for session.json

    bool emulates(const QString &peer) const { return emulate.contains(peer); }
};

inline const QStringList kEmulatorNames{QStringLiteral("flightaxis"), QStringLiteral("raven"),
                                        QStringLiteral("px4"), QStringLiteral("rflysim")};

struct ParseResult
{
    enum Action { Run, ShowHelp, ShowVersion, Error };
    Action action = Run;
    QString message;   ///< help/version text, or the one-line error
    StationOptions options;
    int exitCode() const { return action == Error ? 2 : 0; }
};

/// Parses argv (arguments[0] is the program). Never exits, never prints.
ParseResult parseCommandLine(const QStringList &arguments);

/// "host[:port]" with a default port; false for an empty host or a bad port.
bool parseHostPort(const QString &text, quint16 defaultPort, Endpoint *out);

} // namespace hil
