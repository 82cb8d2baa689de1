#pragma once
// Runs the real `hilstation --headless` (hil::testpaths::program()) into a fresh session folder and
// reads back what it left: session.json, events.log, state.csv and mavlink.tlog. Shared by the
// per-link headless tests.
#include "testpaths.h"
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

struct HeadlessSession
{
    bool ok = false; ///< exited normally with status 0 within the timeout
    int exitCode = -1;
    QJsonObject json;    ///< session.json
    QByteArray events;   ///< events.log
    QByteArray stateCsv; ///< state.csv: a row per simulator frame
    QByteArray tlog;     ///< mavlink.tlog (links that record MAVLink only; else empty)
    QByteArray stderrText;

    QJsonObject link(const char *name) const { return json["links"].toObject()[name].toObject(); }
    QJsonObject emulator(const char *name) const
    {
        return json["emulators"].toObject()[name].toObject();
    }
};

inline HeadlessSession
runHeadless(const QStringList &args, int timeoutMs = 30000,
            const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
{
    HeadlessSession r;
    QTemporaryDir dir;
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(hil::testpaths::program(), QStringList{"--headless", "--log-dir", dir.path()} + args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitCode();
    r.ok = p.exitStatus() == QProcess::NormalExit && r.exitCode == 0;
    r.stderrText = p.readAllStandardError();
    QFile json(dir.path() + "/session.json");
    if (json.open(QIODevice::ReadOnly))
        r.json = QJsonDocument::fromJson(json.readAll()).object();
    QFile events(dir.path() + "/events.log");
    if (events.open(QIODevice::ReadOnly))
        r.events = events.readAll();
    QFile state(dir.path() + "/state.csv");
    if (state.open(QIODevice::ReadOnly))
        r.stateCsv = state.readAll();
    QFile tlog(dir.path() + "/mavlink.tlog");
    if (tlog.open(QIODevice::ReadOnly))
        r.tlog = tlog.readAll();
    return r;
}
