#pragma once
// RequestTransport: how the FlightAxis link's requests reach RealFlight and its replies come back.
// RealFlight answers one request per TCP connection, so every request gets a connection of its
// own (or the pre-connected spare, FlightAxisConfig::spareSocket): connect, write the request,
// read the reply into an HttpMessageReader, close. The host name is looked up without blocking,
// and one coarse watchdog (kWatchdogMs) ends a request that takes longer than timeoutMs.
// Connections are the system's own sockets, not QTcpSocket (docs/decisions/flightaxis-socket.md).
//
// It knows nothing of SOAP, of the Restore → Inject → ExchangeData sequence or of retries: what
// became of a request goes to its Owner (FlightAxisLink), which decides what is sent next.
// blockingRequest() is the one exception to "never wait": the link's goodbye on stop.
//
// Thread: a plain part of FlightAxisLink, living in the link's thread; open() makes its
// notifiers and watchdog there, and every Owner call comes from that thread's event loop (or
// from start() itself). Units: ms.

#include "flightaxis/httpmessage.h"
#include "platform/platform.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QHostAddress>
#include <QString>

class QObject;
class QSocketNotifier;
class QTimer;

namespace hil::flightaxis {

class RequestTransport
{
public:
    /// Why a request got no reply.
    enum class Failure {
        Absent,  ///< RealFlight not reached: lookup failed, connect refused or timed out
        Closed,  ///< connected, but closed before a whole reply
        Timeout, ///< connected, but no whole reply within timeoutMs
    };

    /// What became of a request, told to the transport's owner in the owner's thread.
    class Owner
    {
    public:
        /// The host's lookup found an address: the request that waited for it may go now.
        virtual void hostResolved() = 0;
        /// A whole reply is in reader(), or the reader refused it (reader().status() Error).
        /// The spent connection is closed only after this returns: the reply is handed on first.
        virtual void replyReceived() = 0;
        /// The request failed (its connection already closed); why: the system's or our words.
        virtual void requestFailed(Failure kind, const QString &why) = 0;

    protected:
        ~Owner() = default;
    };

    struct Settings
    {
        QString host;
        quint16 port = 0;
        bool spareSocket = false; ///< keep one connection made ahead (see kSpareMaxAgeMs)
        int timeoutMs = 1000;     ///< per request: connect + reply
    };

    /// The spare is used only while younger than this: newer RealFlight versions hang on an idle
    /// pre-opened socket.
    static constexpr int kSpareMaxAgeMs = 20;
    static constexpr int kWatchdogMs = 50; ///< request timeouts are checked this often

    RequestTransport(Owner &owner, Settings settings);
    ~RequestTransport();
    RequestTransport(const RequestTransport &) = delete;
    RequestTransport &operator=(const RequestTransport &) = delete;

    /// Makes the notifiers and the watchdog, children of context (the owner's QObject, in its
    /// thread).
    void open(QObject *context);
    /// Ends the request in flight (no Owner call), closes every connection, drops the notifiers
    /// and the watchdog; a lookup still under way is ignored when it ends.
    void close();

    /// The host as an address: true when known. A literal is taken as it is; a name is looked up
    /// in Qt's lookup thread, and false is returned meanwhile: Owner::hostResolved() (or
    /// requestFailed(Absent)) when it ends.
    bool resolveHost();
    /// RealFlight was absent: a host name is looked up again before the next attempt (it may have
    /// moved); a literal address is kept.
    void lookUpAgain();
    /// Sends one request (the host resolved, none in flight).
    void start(const QByteArray &request);
    /// A request is in flight.
    bool busy() const { return m_busy; }
    /// The reply of the last request (valid in replyReceived() until the next start()).
    const HttpMessageReader &reader() const { return m_reader; }

    /// One request on a blocking QTcpSocket of its own, waiting at most waitMs for its whole
    /// reply; true when one came. For the goodbye on stop, when the thread may wait.
    bool blockingRequest(const QByteArray &bytes, int waitMs) const;

private:
    bool connectRequest();
    void openSpare();
    void onWritable();
    void writeRequest();
    void onReadable();
    void onConnectionGone(const QString &why);
    void onTimeout();
    void finishSocket();

    Owner &m_owner;
    const Settings m_settings;
    HttpMessageReader m_reader;
    platform::TcpConnection m_connection;  // the request in flight's, while m_busy
    platform::TcpConnection m_spare;       // settings.spareSocket: connecting or connected ahead
    platform::TcpConnection m_spent;       // replied; closed once the reply has been handed on
    QSocketNotifier *m_readable = nullptr; // both watch m_connection's descriptor
    QSocketNotifier *m_writable = nullptr;
    QObject *m_context = nullptr;
    QHostAddress m_address;   // settings.host, resolved
    bool m_resolving = false; // a host name being looked up (never blocks the thread)
    bool m_closing = false;
    bool m_busy = false;      // a request in flight
    bool m_connected = false; // the request in flight's connection is established
    qint64 m_requestSent = 0; // bytes of m_request the system has taken
    QElapsedTimer m_spareAge;
    QTimer *m_timeout = nullptr;  // periodic watchdog over m_requestTimer
    QElapsedTimer m_requestTimer; // since the request in flight started
    QByteArray m_request;         // the request in flight
};

} // namespace hil::flightaxis
