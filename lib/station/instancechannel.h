#pragma once
// InstanceChannel: how one hilstation reaches another on this PC (`hilstation --send stop|quit`).
// Linux has SIGUSR1 for STOP; Windows has no such signal, so both systems use this: every running
// instance listens on a QLocalServer of its own (platform::instanceServerName: a socket file on
// Linux, a named pipe on Windows) and announces it with a file `<pid>.instance` in
// platform::instanceDirectory() holding the server's name. send() reads those files and delivers
// one line to each instance ("stop\n" or "quit\n"); the instance answers "ok <pid>\n" once it has
// handed the command to the Station. STOP is safe to broadcast (it only ever brakes); quit is sent
// to one named process only (--to PID), never broadcast.
//
// Thread: the server side lives in the main thread and never blocks (signals of QLocalSocket).
// send() blocks (≤ timeoutMs per instance) and is only for the one-shot `--send` process.

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

class QLocalServer;

namespace hil {

class InstanceChannel : public QObject
{
    Q_OBJECT
public:
    explicit InstanceChannel(QObject *parent = nullptr);
    ~InstanceChannel() override; ///< closes the server and removes the instance file

    /// Starts listening and writes the instance file. False with a reason when either fails (the
    /// program runs on without it: SIGUSR1 and the window still STOP; the caller logs it once).
    bool listen(QString *error);
    QString serverName() const;
    QString instanceFile() const { return m_file; }

    enum class Command { Stop, Quit };
    struct SendResult
    {
        QList<qint64> reached; ///< instances that answered "ok", by process id
        QStringList failures;  ///< one line per instance that did not (timeout, refused)
        int staleRemoved = 0;  ///< instance files of processes no longer running, removed
    };
    /// Delivers `command` to every running instance of this user (toPid = 0) or to the one with
    /// that process id; the calling process itself is left out unless includeSelf (tests).
    /// Blocking; never call from a window.
    static SendResult send(Command command, qint64 toPid = 0, int timeoutMs = 2000,
                           bool includeSelf = false);
    static QString commandName(Command command);

signals:
    /// A `--send stop` arrived: the Station's STOP, as the toolbar's.
    void stopRequested();
    /// A `--send quit --to <this pid>` arrived: park and exit, as SIGTERM.
    void quitRequested();

private:
    void onConnection();

    QLocalServer *m_server = nullptr;
    QString m_file;
};

} // namespace hil
