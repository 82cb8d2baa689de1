#include "station/instancechannel.h"
#include "core/logging.h"
#include "platform/platform.h"

#include <QDir>
#include <QFile>
#include <QLocalServer>
#include <QLocalSocket>
#include <QSaveFile>

namespace hil {

namespace {

constexpr qint64 kMaxLine = 64; // a command is a word: anything longer is not ours

QString instancePath(qint64 pid)
{
    return QDir(platform::instanceDirectory()).filePath(QStringLiteral("%1.instance").arg(pid));
}

} // namespace

InstanceChannel::InstanceChannel(QObject *parent) : QObject(parent) {}

InstanceChannel::~InstanceChannel()
{
    if (!m_file.isEmpty())
        QFile::remove(m_file);
    if (m_server)
        m_server->close(); // removes the socket file on Linux
}

QString InstanceChannel::serverName() const
{
    return m_server ? m_server->fullServerName() : QString();
}

QString InstanceChannel::commandName(Command command)
{
    return command == Command::Stop ? QStringLiteral("stop") : QStringLiteral("quit");
}

bool InstanceChannel::listen(QString *error)
{
    const qint64 pid = platform::processId();
    if (!QDir().mkpath(platform::instanceDirectory())) {
        *error = QStringLiteral("cannot create %1").arg(platform::instanceDirectory());
        return false;
    }
    const QString name = platform::instanceServerName(pid);
    QLocalServer::removeServer(name); // a socket file left by a crashed process with our pid
    m_server = new QLocalServer(this);
    m_server->setSocketOptions(QLocalServer::UserAccessOption); // this user only
    if (!m_server->listen(name)) {
        *error = QStringLiteral("cannot listen on %1: %2").arg(name, m_server->errorString());
        delete m_server;
        m_server = nullptr;
        return false;
    }
    connect(m_server, &QLocalServer::newConnection, this, &InstanceChannel::onConnection);
    QSaveFile f(instancePath(pid)); // whole or not at all: send() never reads half a name
    if (!f.open(QIODevice::WriteOnly) || f.write(m_server->fullServerName().toUtf8() + '\n') < 0 ||
        !f.commit()) {
        *error = QStringLiteral("cannot write %1: %2").arg(f.fileName(), f.errorString());
        return false;
    }
    m_file = f.fileName();
    return true;
}

void InstanceChannel::onConnection()
{
    while (QLocalSocket *s = m_server->nextPendingConnection()) {
        connect(s, &QLocalSocket::disconnected, s, &QObject::deleteLater);
        connect(s, &QLocalSocket::readyRead, this, [this, s] {
            if (!s->canReadLine()) {
                if (s->bytesAvailable() > kMaxLine)
                    s->abort(); // not a client of ours: drop it, say nothing per byte
                return;
            }
            const QByteArray line = s->readLine(kMaxLine).trimmed();
            const QByteArray pid = QByteArray::number(platform::processId());
            if (line == "stop") {
                emit stopRequested();
                s->write("ok " + pid + '\n');
            } else if (line == "quit") {
                emit quitRequested();
                s->write("ok " + pid + '\n');
            } else {
                s->write("error unknown command\n");
            }
            s->flush();
            s->disconnectFromServer();
        });
    }
}

InstanceChannel::SendResult InstanceChannel::send(Command command, qint64 toPid, int timeoutMs,
                                                  bool includeSelf)
{
    SendResult r;
    const QDir dir(platform::instanceDirectory());
    const QStringList files =
        toPid > 0 ? QStringList{QStringLiteral("%1.instance").arg(toPid)}
                  : dir.entryList({QStringLiteral("*.instance")}, QDir::Files, QDir::Name);
    const qint64 self = platform::processId();
    for (const QString &fileName : files) {
        bool numeric = false;
        const qint64 pid = fileName.chopped(int(sizeof(".instance") - 1)).toLongLong(&numeric);
        if (!numeric || (pid == self && !includeSelf))
            continue;
        QFile f(dir.filePath(fileName));
        if (!f.open(QIODevice::ReadOnly)) {
            if (toPid > 0)
                r.failures << QStringLiteral("no hilstation with process id %1").arg(pid);
            continue;
        }
        const QString server = QString::fromUtf8(f.readLine(4096)).trimmed();
        f.close();
        if (!platform::processAlive(pid)) {
            QFile::remove(f.fileName());
            ++r.staleRemoved;
            if (toPid > 0)
                r.failures << QStringLiteral("no hilstation with process id %1").arg(pid);
            continue;
        }
        QLocalSocket s;
        s.connectToServer(server);
        QByteArray answer;
        if (s.waitForConnected(timeoutMs)) {
            s.write(commandName(command).toLatin1() + '\n');
            s.flush();
            while (!s.canReadLine() && s.waitForReadyRead(timeoutMs)) {
            }
            answer = s.readLine(kMaxLine).trimmed();
        }
        if (answer.startsWith("ok "))
            r.reached << pid;
        else
            r.failures << QStringLiteral("process %1 did not answer (%2)")
                              .arg(pid)
                              .arg(answer.isEmpty() ? s.errorString() : QString::fromUtf8(answer));
    }
    return r;
}

} // namespace hil
