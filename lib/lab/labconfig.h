#pragma once
// The lab's contract as values (docs/lab.md): the broker URL, the rig's name, the credentials'
// file paths, rates, and the topic names under hil/v1/<rig>/. Pure functions, any thread; the
// password itself is read by the publisher when it connects and kept nowhere else (never in
// session.json, events.log or a log line).

#include "core/linkoptions.h"

#include <QString>

namespace hil::lab {

/// The topic tree's version: a change of meaning is a new version, never an edit of v1.
inline constexpr const char *kTopicRoot = "hil/v1/";

/// `mqtt://HOST[:PORT]` (plaintext, 1883) or `mqtts://HOST[:PORT]` (TLS, 8883).
struct BrokerUrl
{
    bool tls = false;
    QString host;
    quint16 port = 0;
    /// "tcp://host:port" or "ssl://host:port", as Paho takes it.
    QString pahoUri() const;
    /// "mqtt://host:port" for people and session files (no credentials: a URL never has them).
    QString text() const;
    /// Plaintext to anything but a loopback address or "localhost": the window and events.log
    /// warn once.
    bool plaintextOffHost() const;
};

/// False with *expected when the text is not a broker URL. A user or password inside the URL is
/// refused: credentials come from --lab-user and --lab-password-file only, so that the command
/// line (written to session.json) never carries them.
bool parseBrokerUrl(const QString &text, BrokerUrl *out, QString *expected);

/// [A-Za-z0-9_-], 1..64 characters: a single topic level that is also a broker user name.
bool isValidRigName(const QString &name);
/// The host name made a valid rig name (other characters become '-'); "rig" when empty.
QString defaultRigName();

struct LabConfig
{
    BrokerUrl broker;
    QString rig;
    QString user;         ///< empty: connect without a user name
    QString passwordFile; ///< first line is the password; empty: none
    QString caFile, certFile, keyFile;
    double stateRateHz = 50.0;
    double backoffMaxS = 2.0; ///< reconnection delays double from 0.25 s up to this
    int keepAliveS = 5;       ///< the broker sends the Last Will after 1.5 x this of silence
    int eventBuffer = 1000;   ///< QoS-1 events kept while the broker is away (oldest dropped)
    /// The MQTT client id; empty: "hil-<rig>" (a rig's: a restarted rig takes its session over).
    QString clientId;
    /// A rig announces itself: `online` is its Last Will. The instructor's watcher does not.
    bool announce = true;
};

/// The lab's command-line options (lib/links/lab.cpp declares them) as a LabConfig; url: the
/// broker URL to use (the --lab value, or an address typed in the window). False with *error,
/// one line naming the option, never a password.
bool configFromOptions(const LinkOptions &options, const QString &url, LabConfig *out,
                       QString *error);

/// "hil/v1/<rig>/<leaf>".
QString topic(const QString &rig, const QString &leaf);
/// The reply-topic rule: "hil/v1/<rig>/cmd/reply/<something>" without wildcards.
bool isReplyTopicOf(const QString &rig, const QString &topic);
/// Reads the password file's first line (trailing CR/LF removed). False with *error naming the
/// file (never its content).
bool readPasswordFile(const QString &path, QByteArray *password, QString *error);

/// The platform mode's name in the lab's messages (0 OFF .. 3 CUEING, as the Station reports it).
QString platformModeName(int mode);

} // namespace hil::lab
