#pragma once
// A private Eclipse Mosquitto for the lab tests: on 127.0.0.1, on free ports, with a generated
// configuration as docs/lab.md describes it — a password file made by mosquitto_passwd, the
// ACL with `pattern` rules on %u, a plaintext listener and a TLS one whose certificates openssl
// makes at test time (a CA, a server certificate for 127.0.0.1). Users: rig1..rig4, instructor,
// each with the password "pw-<user>". Also runs the independent Python client (labclient.py,
// Debian's python3-paho-mqtt) the tests check the topics with. Linux only.
#include "testpaths.h"
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>

struct Message
{
    QString topic;
    bool retain = false;
    QByteArray payload;
    double rx = 0;
    QString correlation;
    QJsonObject json() const { return QJsonDocument::fromJson(payload).object(); }
};

/// labclient.py's output lines.
struct ClientRun
{
    QList<Message> messages;
    bool timedOut = false, connected = false;
    QByteArray raw;

    QList<Message> on(const QString &leaf) const
    {
        QList<Message> r;
        for (const Message &m : messages)
            if (m.topic.endsWith(QLatin1Char('/') + leaf))
                r << m;
        return r;
    }
};

inline ClientRun parseClientOutput(const QByteArray &out)
{
    ClientRun r;
    r.raw = out;
    for (const QByteArray &line : out.split('\n')) {
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        if (o.contains("timeout"))
            r.timedOut = true;
        if (o.contains("connected"))
            r.connected = true;
        if (!o.contains("topic"))
            continue;
        Message m;
        m.topic = o["topic"].toString();
        m.retain = o["retain"].toBool();
        m.payload = o["payload"].toString().toUtf8();
        m.rx = o["rx"].toDouble();
        m.correlation = o["correlation"].toString();
        r.messages << m;
    }
    return r;
}

class LabBroker
{
public:
    QTemporaryDir dir;
    quint16 port = 0, tlsPort = 0;
    QProcess process;
    QString lastError;
    /// Anonymous clients, no ACL (benchmarks' simulated rigs); the tests keep it false.
    bool open = false;

    ~LabBroker() { stop(); }

    QString file(const QString &name) const { return dir.filePath(name); }
    static QString password(const QString &user) { return QStringLiteral("pw-") + user; }
    /// A file holding the user's password (the --lab-password-file a rig is given).
    QString passwordFile(const QString &user)
    {
        const QString path = file(user + QStringLiteral(".pw"));
        QFile f(path);
        if (f.open(QIODevice::WriteOnly))
            f.write(password(user).toUtf8() + "\n");
        return path;
    }

    static quint16 freePort()
    {
        QTcpServer s;
        if (!s.listen(QHostAddress::LocalHost, 0))
            return 0;
        return s.serverPort();
    }

    bool run(const QString &program, const QStringList &args)
    {
        QProcess p;
        p.setWorkingDirectory(dir.path());
        p.start(program, args);
        if (!p.waitForFinished(30000) || p.exitStatus() != QProcess::NormalExit ||
            p.exitCode() != 0) {
            lastError = program + QLatin1Char(' ') + args.join(QLatin1Char(' ')) +
                        QStringLiteral(": ") + QString::fromLocal8Bit(p.readAllStandardError());
            return false;
        }
        return true;
    }

    /// Certificates, password file, ACL, configuration. False with lastError.
    bool setUp()
    {
        if (!dir.isValid())
            return false;
        port = freePort();
        tlsPort = freePort();
        const QStringList ec{
            QStringLiteral("-newkey"), QStringLiteral("ec"), QStringLiteral("-pkeyopt"),
            QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes")};
        {
            QFile ext(file(QStringLiteral("server.ext")));
            if (!ext.open(QIODevice::WriteOnly))
                return false;
            ext.write("subjectAltName=IP:127.0.0.1\n");
        }
        if (!run(QStringLiteral("openssl"),
                 QStringList{QStringLiteral("req"), QStringLiteral("-x509")} + ec +
                     QStringList{"-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj",
                                 "/CN=hil-lab-test-ca"}) ||
            !run(QStringLiteral("openssl"),
                 QStringList{QStringLiteral("req")} + ec +
                     QStringList{"-keyout", "server.key", "-out", "server.csr", "-subj",
                                 "/CN=127.0.0.1"}) ||
            !run(QStringLiteral("openssl"),
                 {"x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
                  "-CAcreateserial", "-out", "server.pem", "-days", "2", "-extfile", "server.ext"}))
            return false;
        const QStringList users{"rig1", "rig2", "rig3", "rig4", "instructor"};
        for (int i = 0; i < users.size(); ++i) {
            QStringList args{QStringLiteral("-b")};
            if (i == 0)
                args << QStringLiteral("-c");
            args << file(QStringLiteral("passwd")) << users[i] << password(users[i]);
            if (!run(QStringLiteral("mosquitto_passwd"), args))
                return false;
        }
        // The ACL of docs/lab.md.
        QFile acl(file(QStringLiteral("acl")));
        if (!acl.open(QIODevice::WriteOnly))
            return false;
        acl.write("user instructor\n"
                  "topic read hil/v1/#\n"
                  "topic write hil/v1/+/cmd/#\n"
                  "\n"
                  "pattern write hil/v1/%u/online\n"
                  "pattern write hil/v1/%u/state\n"
                  "pattern write hil/v1/%u/platform\n"
                  "pattern write hil/v1/%u/links\n"
                  "pattern write hil/v1/%u/event\n"
                  "pattern write hil/v1/%u/session\n"
                  "pattern write hil/v1/%u/rigcheck\n"
                  "pattern write hil/v1/%u/cmd/reply/#\n"
                  "pattern read hil/v1/%u/cmd/#\n");
        acl.close();
        QProcess id;
        id.start(QStringLiteral("id"), {QStringLiteral("-un")});
        id.waitForFinished();
        const QByteArray user = id.readAllStandardOutput().trimmed();
        QDir().mkpath(file(QStringLiteral("data")));
        QFile conf(file(QStringLiteral("mosquitto.conf")));
        if (!conf.open(QIODevice::WriteOnly))
            return false;
        QTextStream out(&conf);
        out << "per_listener_settings false\n"
            << (open ? "allow_anonymous true\n" : "allow_anonymous false\n") << "user " << user
            << "\n" // as root, Mosquitto would otherwise become `mosquitto`
            << "password_file " << file("passwd") << "\n";
        if (!open)
            out << "acl_file " << file("acl") << "\n";
        out << "persistence true\n"
            << "persistence_location " << file("data") << "/\n"
            << "log_dest stderr\n"
            << "log_type error\nlog_type warning\n"
            << "listener " << port << " 127.0.0.1\n"
            << "listener " << tlsPort << " 127.0.0.1\n"
            << "cafile " << file("ca.pem") << "\n"
            << "certfile " << file("server.pem") << "\n"
            << "keyfile " << file("server.key") << "\n";
        return true;
    }

    static bool accepts(quint16 p)
    {
        QTcpSocket s;
        s.connectToHost(QHostAddress::LocalHost, p);
        return s.waitForConnected(200);
    }

    /// Starts (or restarts) the broker and waits until both listeners accept.
    bool start()
    {
        process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        process.start(QStringLiteral("mosquitto"), {QStringLiteral("-c"), file("mosquitto.conf")});
        if (!process.waitForStarted(5000))
            return false;
        for (int i = 0; i < 100; ++i) {
            if (accepts(port) && accepts(tlsPort))
                return true;
            QThread::msleep(50);
        }
        lastError = QStringLiteral("mosquitto does not listen");
        return false;
    }

    /// SIGTERM: Mosquitto saves its persistent sessions and exits.
    void stop()
    {
        if (process.state() == QProcess::NotRunning)
            return;
        process.terminate();
        if (!process.waitForFinished(5000)) {
            process.kill();
            process.waitForFinished();
        }
    }

    /// Debian's python3 (its python3-paho-mqtt), not whatever python3 PATH finds first.
    static QString python()
    {
        const QString debian = QStringLiteral("/usr/bin/python3");
        return QFile::exists(debian) ? debian
                                     : QStandardPaths::findExecutable(QStringLiteral("python3"));
    }

    /// labclient.py's arguments to reach this broker as `user` (TLS with the test CA).
    QStringList clientArgs(const QString &user, bool tls = true) const
    {
        QStringList a{hil::testpaths::sourceDir() +
                          QStringLiteral("/tests/integration/lab/labclient.py"),
                      QStringLiteral("--port"),
                      QString::number(tls ? tlsPort : port),
                      QStringLiteral("--user"),
                      user,
                      QStringLiteral("--password"),
                      password(user)};
        if (tls)
            a << QStringLiteral("--ca") << file(QStringLiteral("ca.pem"));
        return a;
    }

    /// labclient.py as `user` with `extra` arguments, to its end: its own --seconds (default 5)
    /// plus 30 s to start and connect, so that a long wait is never cut short by ours.
    ClientRun runClient(const QString &user, const QStringList &extra, bool tls = true) const
    {
        const int at = int(extra.indexOf(QStringLiteral("--seconds")));
        const double seconds = at >= 0 && at + 1 < extra.size() ? extra[at + 1].toDouble() : 5.0;
        QProcess p;
        p.start(python(), clientArgs(user, tls) + extra);
        p.waitForFinished(int((seconds + 30.0) * 1000.0));
        return parseClientOutput(p.readAllStandardOutput());
    }

    /// Waits (as the instructor) for a message on hil/v1/<rig>/<leaf> containing text, retained
    /// or live.
    bool waitFor(const QString &rig, const QString &leaf, const QString &text,
                 int seconds = 30) const
    {
        const ClientRun r = runClient(QStringLiteral("instructor"),
                                      {QStringLiteral("collect"), QStringLiteral("--topic"),
                                       QStringLiteral("hil/v1/%1/%2").arg(rig, leaf),
                                       QStringLiteral("--until"), leaf + QLatin1Char('=') + text,
                                       QStringLiteral("--seconds"), QString::number(seconds)});
        return r.connected && !r.timedOut;
    }
};
