#pragma once
// CommandClient: the ground station link's side of MAVLink's command protocol with PX4
// (COMMAND_LONG → COMMAND_ACK). send() sends a command with its seven params and resends it every
// retryMs (confirmation counting the resends) until PX4 answers, attempts times in all, then it
// has timed out. An ACK with result 0 accepts it; 5 (in progress) waits on without resending; any
// other result denies it with PX4's reason: the latest STATUSTEXT at warning severity or worse
// (warning()) when it came up to kReasonMaxAgeMs before the refusal, or within kReasonWaitMs after
// it. Each outcome goes to Link::commandDone (GcsLink's commandFinished) and lastResult(), with
// an event. A second send() of a command still pending replaces it.
//
// Counters: commands_sent, acks, commands_accepted, commands_denied, commands_timed_out.
// Events (the link's, "px4gcs.<what>"): command_accepted (Info); command_denied,
// command_timed_out (Warning).
//
// Thread: a plain part of GcsLink, living in the link's thread and driven from it (tick() on the
// link's timer, received() for each COMMAND_ACK, warning() for each warning STATUSTEXT);
// lastResult() is thread-safe. Units: ms.

#include "core/event.h"
#include "mavlink/messages.h"

#include <QJsonObject>
#include <QMutex>
#include <QString>
#include <QStringList>
#include <array>
#include <cstdint>
#include <map>

namespace hil {

class CommandClient
{
public:
    enum class Result { Pending, Accepted, Denied, TimedOut };
    struct CommandOutcome
    {
        int command = 0;
        Result result = Result::Pending;
        int mavResult = -1; ///< MAV_RESULT as PX4 sent it
        QString text;       ///< one line for the window: "accepted", "denied: <reason>", ...
        quint64 serial = 0; ///< which sending this is (grows with every send)
    };

    /// What the client uses of the link that owns it (GcsLink; a test can stand in). Called in
    /// the link's thread.
    class Link
    {
    public:
        /// The link's clock (ms, steady).
        virtual qint64 elapsedMs() const = 0;
        /// PX4's system id as heard, 1 before: the target of what is sent.
        virtual std::uint8_t targetSystem() const = 0;
        virtual void sendToPx4(const mavlink::CommandLong &m) = 0;
        /// One of the link's events (Worker::raiseEvent).
        virtual void raise(const QString &id, Severity severity, const QString &text,
                           const QStringList &args) = 0;
        /// A command finished (result: Result, not Pending).
        virtual void commandDone(int command, int result, const QString &text) = 0;

    protected:
        ~Link() = default;
    };

    /// A refusal's reason may follow its COMMAND_ACK this long...
    static constexpr int kReasonWaitMs = 300;
    /// ...or have come this long before it.
    static constexpr int kReasonMaxAgeMs = 1500;

    CommandClient(Link &link, int retryMs, int attempts);

    /// The latest outcome of a command (Pending while in flight); command 0 if never sent.
    /// Thread-safe.
    CommandOutcome lastResult(int command) const;

    /// Sends a COMMAND_LONG (seven params), retried and answered as above.
    void send(int command, const std::array<float, 7> &params);
    /// A COMMAND_ACK from PX4.
    void received(const mavlink::CommandAck &a);
    /// A STATUSTEXT at warning severity or worse: a refusal's reason, perhaps.
    void warning(const QString &text);
    /// Resends the unanswered, finishes the refused once their reason had time to come.
    void tick();
    /// The link closed: whatever is pending is not answered (no event).
    void close();

    /// Adds this client's counters (see the header comment).
    void addCounters(QJsonObject &c) const;

private:
    struct Pending
    {
        std::array<float, 7> params{};
        int attempts = 0;
        qint64 sentMs = 0;
        bool acked = false; ///< non-accepted ACK received, waiting briefly for PX4's reason
        qint64 ackedMs = 0;
        int mavResult = -1;
    };
    void transmit(int command, Pending &p);
    void finish(int command, Result r, int mavResult, const QString &reason);

    Link &m_link;
    const int m_retryMs, m_attempts;
    std::map<int, Pending> m_pending;
    QString m_lastWarning; // latest STATUSTEXT at warning severity or worse
    qint64 m_lastWarningMs = -1000000;
    mutable QMutex m_mutex; // guards m_results
    std::map<int, CommandOutcome> m_results;
    quint64 m_serial = 0;
    qint64 m_sent = 0, m_acks = 0, m_accepted = 0, m_denied = 0, m_timedOut = 0;
};

} // namespace hil
