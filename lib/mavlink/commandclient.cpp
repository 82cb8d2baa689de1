#include "mavlink/commandclient.h"
#include "mavlink/logging.h"
#include "mavlink/px4names.h"

#include <QMutexLocker>
#include <algorithm>

namespace hil {

using namespace mavlink;

CommandClient::CommandClient(Link &link, int retryMs, int attempts)
    : m_link(link), m_retryMs(retryMs), m_attempts(attempts)
{
}

CommandClient::CommandOutcome CommandClient::lastResult(int command) const
{
    QMutexLocker lock(&m_mutex);
    const auto it = m_results.find(command);
    return it == m_results.end() ? CommandOutcome{} : it->second;
}

void CommandClient::send(int command, const std::array<float, 7> &params)
{
    Pending p;
    p.params = params;
    const bool replaced = m_pending.count(command) != 0;
    m_pending[command] = p;
    {
        QMutexLocker lock(&m_mutex);
        m_results[command] = {command, Result::Pending, -1, QStringLiteral("sent"), ++m_serial};
    }
    if (replaced)
        qCInfo(lcMavlink) << "px4gcs: command" << command << "re-sent before its answer";
    transmit(command, m_pending[command]);
}

void CommandClient::transmit(int command, Pending &p)
{
    CommandLong c;
    c.param = p.params;
    c.command = std::uint16_t(command);
    c.targetSystem = m_link.targetSystem();
    c.targetComponent = 1;
    c.confirmation = std::uint8_t(std::min(p.attempts, 255)); // 0 first, then each resend
    ++p.attempts;
    p.sentMs = m_link.elapsedMs();
    m_link.sendToPx4(c);
    ++m_sent;
}

void CommandClient::received(const CommandAck &a)
{
    const qint64 now = m_link.elapsedMs();
    ++m_acks;
    auto it = m_pending.find(a.command);
    if (it == m_pending.end() || it->second.acked)
        return;          // an answer to a resend already settled, or to someone else's command
    if (a.result == 5) { // in progress: wait on, without resending
        it->second.sentMs = now;
        return;
    }
    if (a.result == 0) {
        m_pending.erase(it);
        finish(a.command, Result::Accepted, 0, QString());
    } else {
        it->second.acked = true;
        it->second.ackedMs = now;
        it->second.mavResult = a.result;
        // A reason that came just before the refusal (PX4 usually sends it first).
        if (now - m_lastWarningMs < kReasonMaxAgeMs) {
            const int r = a.result;
            m_pending.erase(it);
            finish(a.command, Result::Denied, r, m_lastWarning);
        }
    }
}

void CommandClient::warning(const QString &text)
{
    m_lastWarning = text;
    m_lastWarningMs = m_link.elapsedMs();
}

void CommandClient::tick()
{
    const qint64 now = m_link.elapsedMs();
    // Resend the unanswered, finish the refused once their reason had time to come.
    for (auto it = m_pending.begin(); it != m_pending.end();) {
        const int command = it->first;
        Pending &p = it->second;
        if (p.acked) {
            if (now - p.ackedMs >= kReasonWaitMs || now - m_lastWarningMs < kReasonMaxAgeMs) {
                const QString reason =
                    now - m_lastWarningMs < kReasonMaxAgeMs ? m_lastWarning : QString();
                const int r = p.mavResult;
                it = m_pending.erase(it);
                finish(command, Result::Denied, r, reason);
                continue;
            }
        } else if (now - p.sentMs >= m_retryMs) {
            if (p.attempts >= m_attempts) {
                it = m_pending.erase(it);
                finish(command, Result::TimedOut, -1, QString());
                continue;
            }
            transmit(command, p);
        }
        ++it;
    }
}

void CommandClient::close()
{
    for (auto &[command, p] : m_pending) {
        Q_UNUSED(p);
        QMutexLocker lock(&m_mutex);
        const quint64 serial = m_results[command].serial;
        m_results[command] = {command, Result::TimedOut, -1,
                              QStringLiteral("not answered (link closed)"), serial};
    }
    m_pending.clear();
}

void CommandClient::finish(int command, Result r, int mavResult, const QString &reason)
{
    QString text;
    switch (r) {
    case Result::Accepted:
        text = QStringLiteral("accepted");
        ++m_accepted;
        break;
    case Result::Denied:
        text = px4::mavResultName(mavResult) +
               (reason.isEmpty() ? QString() : QStringLiteral(": ") + reason);
        ++m_denied;
        break;
    case Result::TimedOut:
        text = QStringLiteral("timed out (no answer after %1 attempts)").arg(m_attempts);
        ++m_timedOut;
        break;
    case Result::Pending:
        return;
    }
    {
        QMutexLocker lock(&m_mutex);
        const quint64 serial = m_results[command].serial;
        m_results[command] = {command, r, mavResult, text, serial};
    }
    // A refusal or no answer is the operator's (or the unattended run's) command not done.
    const bool failed = r != Result::Accepted;
    m_link.raise(failed ? (r == Result::Denied ? QStringLiteral("px4gcs.command_denied")
                                               : QStringLiteral("px4gcs.command_timed_out"))
                        : QStringLiteral("px4gcs.command_accepted"),
                 failed ? Severity::Warning : Severity::Info,
                 QStringLiteral("%1: %2").arg(px4::commandName(command), text),
                 {px4::commandName(command), text});
    m_link.commandDone(command, int(r), text);
}

void CommandClient::addCounters(QJsonObject &c) const
{
    c.insert(QStringLiteral("commands_sent"), m_sent);
    c.insert(QStringLiteral("acks"), m_acks);
    c.insert(QStringLiteral("commands_accepted"), m_accepted);
    c.insert(QStringLiteral("commands_denied"), m_denied);
    c.insert(QStringLiteral("commands_timed_out"), m_timedOut);
}

} // namespace hil
